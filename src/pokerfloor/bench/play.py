"""Hands per second of random legal play: six-max no-limit hold'em, 200 big blinds.

Every engine plays fresh hands (a new hand object, full stacks) with the same policy
(``pokerfloor.bench.policy``) from the same policy seed, to the end, result included. The unit
is a hand; the note gives decisions per hand, so the reader sees that the work was alike.

Two benchmarks: ``play`` is engine against engine, one hand at a time, pokerfloor through its
``Hand`` API; ``play-batch`` puts pokerfloor's batched simulator (``pokerfloor.sim.play_random``,
thousands of hands in lockstep over numpy arrays, the same rules and policy weights) against
the same peers, none of which has a batched path, measured again in the same run.
"""

from __future__ import annotations

import random
from typing import Any

from pokerfloor.bench.core import NOT_AVAILABLE, NOT_INSTALLED, Benchmark, Config, Contender, Step, Unavailable
from pokerfloor.bench.peers import TABLES, engine_name
from pokerfloor.bench.policy import (
    BIG_BLIND,
    CHECK_CALL,
    FOLD,
    MIN_RAISE,
    PLAYERS,
    SMALL_BLIND,
    STACK,
    Options,
    Table,
    play_hand,
)

SEATS = tuple(range(1, PLAYERS + 1))


class PokerfloorTable:
    """pokerfloor through its public hand API: ``Hand``, ``to_act``, ``legal()``, ``act``."""

    def __init__(self, seed: int) -> None:
        try:
            import pokerfloor as pf

            self._hand = pf.Hand
            self._game = pf.Game(
                variant="holdem", structure="no_limit", small_blind=SMALL_BLIND, big_blind=BIG_BLIND
            )
        except (ImportError, AttributeError) as exc:
            raise Unavailable(NOT_AVAILABLE, f"the hand engine is not there yet ({exc})") from None
        self._stacks = dict.fromkeys(SEATS, STACK)
        self._rng = random.Random(seed)  # the deck's RNG, injected into every hand
        self._bet = False  # whether the open wager of the last options() was a bet (not a raise)

    def new_hand(self) -> Any:
        return self._hand(self._game, stacks=self._stacks, button=SEATS[-1], rng=self._rng)

    def is_over(self, state: Any) -> bool:
        return bool(state.is_over)

    def options(self, state: Any) -> Options:
        legal = state.legal()
        raise_ = legal.raise_
        self._bet = raise_ is None
        if raise_ is None:
            raise_ = legal.bet
        facing = legal.call is not None
        if raise_ is None:
            return Options(facing)
        return Options(facing, raise_.min_to, raise_.max_to)

    def _action(self, state: Any, move: int, options: Options) -> tuple[str, int | None]:
        if move == FOLD:
            return "fold", None
        if move == CHECK_CALL:
            return ("call" if options.facing_bet else "check"), None
        to = options.raise_min if move == MIN_RAISE else options.raise_max
        return ("bet" if self._bet else "raise"), to

    def apply(self, state: Any, move: int, options: Options) -> None:
        action, to = self._action(state, move, options)
        if to is None:
            state.act(state.to_act, action)
        else:
            state.act(state.to_act, action, to=to)

    def finish(self, state: Any) -> object:
        return state.result

    def is_legal(self, state: Any, move: int, options: Options) -> bool:
        legal = state.legal()
        action, to = self._action(state, move, options)
        if action == "fold":
            return bool(legal.fold)
        if action == "check":
            return bool(legal.check)
        if action == "call":
            return legal.call is not None
        range_ = legal.bet if action == "bet" else legal.raise_
        return range_ is not None and to is not None and range_.min_to <= to <= range_.max_to


def _contender(engine: str, method: str, make: Any, config: Config, reference: bool) -> Contender:
    counts = {"hands": 0, "decisions": 0}

    def prepare() -> Step:
        table: Table[Any] = make(config.seed)
        rng = random.Random(config.seed + 1)  # the policy's RNG, the same seed for every engine

        def step() -> int:
            counts["decisions"] += play_hand(table, rng)
            counts["hands"] += 1
            return 1

        return step

    def detail() -> str:
        hands = counts["hands"]
        return f"{counts['decisions'] / hands:.2f} decisions/hand" if hands else ""

    return Contender(engine, method, prepare, reference=reference, detail=detail)


# ----------------------------------------------------------------- the batched path (pokerfloor.sim)
BATCH_HANDS = 4096
"""Hands the batched path plays per step, in lockstep (256 in a quick run)."""


def _batched_contender(config: Config) -> Contender:
    """``pokerfloor.sim.play_random``: the same game and policy weights, a batch of hands in
    lockstep over numpy arrays, each dealt, bet to the end and settled (side pots, showdown).
    The policy draws come from a numpy ``Generator``, so its hands are not the Hand API's."""
    hands = 256 if config.quick else BATCH_HANDS
    counts = {"hands": 0, "decisions": 0}

    def prepare() -> Step:
        try:
            import numpy as np

            from pokerfloor.sim import play_random
        except ImportError as exc:
            raise Unavailable(NOT_INSTALLED, f"the batched path needs numpy, the fast extra ({exc})") from None
        rng = np.random.default_rng(config.seed + 1)

        def step() -> int:
            batch = play_random(hands, seats=PLAYERS, stack=STACK, blinds=(SMALL_BLIND, BIG_BLIND), seed=rng)
            counts["decisions"] += int(batch.decisions.sum())
            counts["hands"] += hands
            return hands

        return step

    def detail() -> str:
        return f"{counts['decisions'] / counts['hands']:.2f} decisions/hand" if counts["hands"] else ""

    method = f"sim.play_random, {hands} hands in lockstep"
    return Contender("pokerfloor", method, prepare, reference=True, detail=detail)


METHODS = {
    "pokerkit": "create_state, all automations",
    "texasholdem": "TexasHoldEm per hand",
    "rlcard": "Game (min raise = half pot)",
    "openspiel": "universal_poker fullgame",
}


def _peers(config: Config) -> list[Contender]:
    return [_contender(engine_name(key), METHODS[key], make, config, False) for key, make in TABLES.items()]


def hand_api_method() -> str:
    """The row's method, naming the build of the hand engine that runs (docs/performance.md)."""
    from pokerfloor.hand import COMPILED

    return "Hand API (compiled)" if COMPILED else "Hand API (pure Python)"


def contenders(config: Config) -> list[Contender]:
    return [_contender("pokerfloor", hand_api_method(), PokerfloorTable, config, True), *_peers(config)]


def batch_contenders(config: Config) -> list[Contender]:
    return [_batched_contender(config), *_peers(config)]


BENCHMARK = Benchmark(
    name="play",
    title="Random legal play, 6-max NLHE, 200 BB, one hand at a time",
    unit="hands/s",
    contenders=contenders,
)

BATCH = Benchmark(
    name="play-batch",
    title="Random legal play, 6-max NLHE, 200 BB, pokerfloor batched (peers per hand)",
    unit="hands/s",
    contenders=batch_contenders,
)
