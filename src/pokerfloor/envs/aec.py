"""A PettingZoo AEC environment for every pokerfloor game (``pip install 'pokerfloor[envs]'``).

Agents ``player_0..player_{n-1}`` sit in seats ``1..n``. Each observes only its seat's
``SeatView`` (``Hand.view``): its own cards, upcards and cards shown, the board, the chips and the
whole action history, never a card it may not see. Actions are one ``Discrete`` space (see
``ActionCodes``): by default a bet or raise is to an exact total; an ``abstraction`` (pot
fractions, fixed sizes) replaces the exact amounts with a few sizes mapped onto legal ones.
An episode is one hand, or with ``hands=N`` a session of N hands at a ``pf.Table`` (the dead
button, missed blinds and rebuys are the table's). See docs/envs.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Protocol

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]

from pokerfloor.envs.observer import ALL_IN, BRING_IN, CALL, FIXED, FOLD, HISTORY_KINDS, MUCK, SHOW, Choices, Observer
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import Hand, Range
from pokerfloor.hand.view import SeatView
from pokerfloor.rules import Game
from pokerfloor.table import Table
from pokerfloor.table.buttons import NotEnoughPlayers


class Abstraction(Protocol):
    """Bet sizes standing for the exact amounts: ``sizes`` of them, each a raise-to total that
    ``to`` works out from the view and the legal range (then clamped into the range)."""

    sizes: int

    def to(self, index: int, view: SeatView, span: Range) -> int: ...


@dataclass(frozen=True)
class PotFractions:
    """Bets of these fractions of the pot: the amount to call, then the fraction of the pot
    after calling (a pot-sized raise at 1.0)."""

    fractions: tuple[float, ...] = (0.5, 1.0, 2.0)

    @property
    def sizes(self) -> int:
        return len(self.fractions)

    def to(self, index: int, view: SeatView, span: Range) -> int:
        legal = view.legal
        level = legal.call.to if legal is not None and legal.call is not None else max(view.bets.values(), default=0)
        cost = legal.call.cost if legal is not None and legal.call is not None else 0
        return level + int((view.total_pot + cost) * self.fractions[index])


@dataclass(frozen=True)
class FixedSizes:
    """Bets and raises to these totals in chips."""

    amounts: tuple[int, ...]

    @property
    def sizes(self) -> int:
        return len(self.amounts)

    def to(self, index: int, view: SeatView, span: Range) -> int:
        return self.amounts[index]


@dataclass(frozen=True)
class ActionCodes:
    """The layout of the ``Discrete`` action space: ``FOLD`` 0, ``CALL`` 1 (check or call),
    ``BRING_IN`` 2, ``SHOW`` 3, ``MUCK`` 4, ``ALL_IN`` 5, then ``draws`` discard codes from
    ``draw`` (code ``draw + m`` discards the hole cards whose bits are set in ``m``), then the
    sizes from ``raise_to``: exactly, code ``raise_to + t`` bets or raises to ``t`` chips; with an
    abstraction, code ``raise_to + k`` is its ``k``-th size."""

    draw: int
    draws: int
    raise_to: int
    sizes: int

    @cached_property
    def n(self) -> int:
        """How many codes there are."""
        return self.raise_to + self.sizes


_NO_INFO: dict[str, Any] = {}
"""An agent's info before its first step (never handed out: ``_select`` replaces it)."""


class PokerAECEnv(AECEnv):  # type: ignore[misc, unused-ignore]  # pettingzoo has no type marker
    """A PettingZoo AEC environment for a pokerfloor game: one hand per episode, or ``hands``
    hands at a table with ``rebuy_after`` hands broke before a busted seat rebuys."""

    metadata: ClassVar[dict[str, Any]] = {"name": "pokerfloor_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: Game | None = None,
        players: int = 2,
        stack: int | Sequence[int] = 200,
        *,
        hands: int | None = None,
        rebuy_after: int = 0,
        abstraction: Abstraction | None = None,
        history: int = 128,
        max_chips: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = game or Game.no_limit_holdem(1, 2)
        if not 2 <= players <= 10:
            raise InvalidArgument("an environment seats 2 to 10 players")
        stacks = [stack] * players if isinstance(stack, int) else list(stack)
        forced = self.game.big_blind + self.game.ante + self.game.bb_ante + self.game.bring_in + self.game.small_bet
        if len(stacks) != players or any(s <= forced for s in stacks):
            raise InvalidArgument(
                f"give one stack above {forced} (the forced bets), or one for each of the {players} players"
            )
        if hands is not None and hands < 1:
            raise InvalidArgument("a session has at least one hand")
        self.stacks = stacks
        self.hands, self.rebuy_after = hands, rebuy_after
        self.abstraction = abstraction
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i + 1 for i, agent in enumerate(self.possible_agents)}
        self.max_chips = max_chips if max_chips is not None else sum(stacks)
        variant = self.game.variant_spec
        draws = 2**variant.hole_cards if variant.family == "draw" else 0
        sizes = abstraction.sizes if abstraction is not None else self.max_chips + 1
        self.codes = ActionCodes(FIXED, draws, FIXED + draws, sizes)
        self.history = history
        self._observer = Observer(
            players,
            (*variant.streets, "showdown"),
            history,
            self.codes.draw,
            draws,
            self.codes.raise_to,
            self.codes.n,
            self.max_chips,
            abstraction is None,
            variant.family == "stud",
        )
        high = float(2**24)  # chips are exact in float32 up to here
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, high, (self._observer.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.codes.n,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(self.codes.n)
        self._hand: Hand | None = None
        self._dealt_from: Hand | None = None  # a hand never played: each episode's is redealt from it
        self._table: Table | None = None
        self._seeded = random.Random()
        self._rng: random.Random = random.SystemRandom()
        self._start = {i + 1: s for i, s in enumerate(stacks)}  # each hand's stacks by seat (read only)
        self._infos: dict[str, dict[str, Any]] = {}
        self._stale: list[str] = []  # the agents whose infos are not yet of the last step
        self._views: dict[str, SeatView] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # ------------------------------------------------------------------ episodes
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (or seat a new table session); ``seed`` makes the deals repeatable.
        Without a seed the deals go on from the last seed given, as Gymnasium's ``reset`` does
        (seed once, then reset every episode), or come from a CSPRNG if none was ever given."""
        if seed is not None:
            self._seeded.seed(seed)  # as random.Random(seed), without a new generator per episode
            self._rng = self._seeded
        agents = self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._paid = False
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self._infos = dict.fromkeys(agents, _NO_INFO)  # each filled in by _select (when read)
        self._played = 0
        self._broke: dict[int, int] = {}
        if self.hands is None:
            self._table = None
            if self._dealt_from is None:
                self._dealt_from = Hand(self.game, self._start, button=len(self._start), rng=random.Random(0))
            self._hand = self._dealt_from.redeal(self._rng)  # as Hand(...) deals it, at a fraction of the cost
        else:
            self._table = Table(self.game, len(self.stacks), rng=self._rng, button=len(self.stacks))
            for i, chips in enumerate(self.stacks):
                self._table.sit(i + 1, self.possible_agents[i], chips, post=True)
            self._hand = self._table.start_hand()
        self._select()

    def _select(self) -> None:
        """After a change: ``_selected`` with the hand's legal choices now."""
        hand = self._hand
        assert hand is not None
        self._selected(self._observer.select(hand))

    def _selected(self, choices: Choices) -> None:
        """After a change, given the legal choices now: point ``agent_selection`` at the seat to
        act, forget the views seen so far and mark every agent's info for refreshing (done when
        it is read: see ``infos``)."""
        if self._views:
            self._views = {}
        self._choices = choices
        self._acting = seat = choices.seat  # the seat to act (None: nobody)
        self._stale = list(self._infos)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat - 1]

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info: the legal range (for the agent to act) and where the session
        stands. Kept up to date in place, as of the last step; the dictionaries are built when
        first read after a step (``last`` builds only the selected agent's)."""
        stale = self._stale
        if stale:
            self._stale = []
            infos, info = self._infos, self._observer.info
            acting, choices, number = self._acting, self._choices, self._played + 1
            for agent in stale:
                if agent in infos:
                    infos[agent] = info(self._seat[agent] == acting, choices, number)
        return self._infos

    @infos.setter
    def infos(self, infos: dict[str, dict[str, Any]]) -> None:
        self._infos, self._stale = infos, []

    def _info(self, agent: str) -> dict[str, Any]:
        """The legal range (for the agent to act) and where the session stands."""
        return self._observer.info(self._acting == self._seat[agent], self._choices, self._played + 1)

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (unless ``observe`` is false), cumulative reward,
        termination, truncation and info (``AECEnv.last``, building only this agent's info)."""
        agent = self.agent_selection
        seat = self._seat[agent]
        stale, infos = self._stale, self._infos
        if agent in stale:
            stale.remove(agent)
            infos[agent] = self._observer.info(self._acting == seat, self._choices, self._played + 1)
        hand = self._hand
        assert hand is not None
        return (
            self._observer.observe(hand, seat, self._choices) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            infos[agent],
        )

    # ------------------------------------------------------------------ observing
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's ``SeatView`` as numbers (``encode(view(agent))``, built incrementally),
        and its action mask (zeros when not its turn)."""
        hand = self._hand
        assert hand is not None
        return self._observer.observe(hand, self._seat[agent], self._choices)

    def view(self, agent: str) -> SeatView:
        """What the agent may see of the hand now (a spectator's view when not dealt in)."""
        view = self._views.get(agent)
        if view is None:
            hand = self._hand
            assert hand is not None
            seat = self._seat[agent]
            view = self._views[agent] = hand.view(seat if seat in hand.seats else None)
        return view

    def encode(self, view: SeatView) -> np.ndarray:
        """A ``SeatView`` as the observation vector, from scratch (``observe`` gives the same
        numbers for the view's seat, reading only what changed since the last step)."""
        return self._observer.encode(view)

    # ------------------------------------------------------------------ acting
    def decode(self, action: int) -> tuple[str, int | None, list[str] | None]:
        """The action code as ``Hand.act``'s (action, to, discards) for the agent to act."""
        hand = self._hand
        assert hand is not None and hand.to_act is not None
        if self.abstraction is None or action < self.codes.raise_to:
            return self._observer.decode(hand, self._choices, action)
        open_ = self._choices.aggressive
        kind, span = open_ if open_ is not None else ("raise", Range(0, 0))
        index = action - self.codes.raise_to
        wanted = self.abstraction.to(index, hand.view(hand.to_act), span)
        chip = self.game.min_chip
        return kind, min(span.max_to, max(span.min_to, wanted - wanted % chip)), None

    def step(self, action: int | None) -> None:
        """Take the action for the agent to act; an illegal one is refused (nothing changes, the
        agent acts again) with the reason and rule in its ``info['refused']``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self._hand
        assert hand is not None
        self._cumulative_rewards[agent] = 0.0
        if self._paid:  # else every reward is still zero
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._paid = False
        try:
            if self.abstraction is None:  # the codes are exact: the observer decodes and plays them
                after = self._observer.play(hand, self._seat[agent], self._choices, action)
            else:
                if not isinstance(action, (int, np.integer)) or not 0 <= int(action) < self.codes.n:
                    raise IllegalAction("invalid_action", f"{action!r} is not an action code below {self.codes.n}")
                kind, to, discard = self.decode(int(action))
                hand.act(self._seat[agent], kind, to, discard)
                after = None
        except IllegalAction as refused:
            self.infos[agent] = {
                **self._info(agent),
                "refused": {"reason": refused.reason, "rule": refused.rule, "message": str(refused)},
            }
            return
        if after is not None:  # the hand goes on: the observer has its legal choices now
            self._selected(after)
        else:
            if hand.is_over:
                self._finish_hand(hand)
            self._select()
        if self._paid:
            self._accumulate_rewards()
        if self.terminations[self.agent_selection]:
            self._deads_step_first()

    def _finish_hand(self, hand: Hand) -> None:
        """Pay the hand's net chips as rewards; in a session deal on (a hand over at once, all
        in from the blinds, is paid too) until the session's hands are played."""
        self._paid = True
        while True:
            assert hand.is_over
            start = hand.starting_stacks  # the net chips from the stacks: the result is built when read
            for seat, chips in hand.stacks.items():
                self.rewards[self.possible_agents[seat - 1]] += float(chips - start[seat])
            self._played += 1
            table = self._table
            if table is None or self._played >= (self.hands or 0):
                self.terminations = dict.fromkeys(self.agents, True)
                return
            hand = self._next_hand(table)
            if not hand.is_over:
                return

    def _next_hand(self, table: Table) -> Hand:
        table.end_hand()
        for seat in list(table.seats):
            if table.seats[seat].busted:
                self._broke[seat] = self._broke.get(seat, 0) + 1
                if self._broke[seat] > self.rebuy_after:
                    self._rebuy(table, seat)
        try:
            self._hand = table.start_hand()
        except NotEnoughPlayers:  # too few left to wait: the broke rebuy at once
            for seat in list(self._broke):
                self._rebuy(table, seat)
            self._hand = table.start_hand()
        return self._hand

    def _rebuy(self, table: Table, seat: int) -> None:
        """A broke seat buys its starting stack again, owing the blinds it missed (posted by
        waiting for the big blind, RROP11 Button & Blind Use)."""
        table.rebuy(seat, self.stacks[seat - 1])
        del self._broke[seat]

    @property
    def table(self) -> Table | None:
        """The table of a session (``None`` when an episode is one hand)."""
        return self._table

    def render(self) -> str | None:
        hand = self._hand
        return None if hand is None else str(hand.view(None).to_dict())

    def close(self) -> None:
        pass


def aec_env(game: Game | None = None, **kwargs: Any) -> PokerAECEnv:
    """A ``PokerAECEnv`` for ``game`` (no-limit hold'em 1/2 by default); see ``PokerAECEnv``."""
    return PokerAECEnv(game, **kwargs)


__all__ = [  # the action codes and the history's event codes live in envs/observer.py
    "ALL_IN",
    "BRING_IN",
    "CALL",
    "FIXED",
    "FOLD",
    "HISTORY_KINDS",
    "MUCK",
    "SHOW",
    "Abstraction",
    "ActionCodes",
    "FixedSizes",
    "PokerAECEnv",
    "PotFractions",
    "aec_env",
]
