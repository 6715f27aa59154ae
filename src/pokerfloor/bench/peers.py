"""One small adapter per peer engine, each optional.

The peers are imported only when a benchmark asks for them, by name; one that is not installed
raises ``Unavailable(NOT_INSTALLED)`` and is reported as such. Every adapter drives its engine
through that engine's own public API, in the way its documentation shows, and converts inputs
to the engine's own card type before the clock starts.

========== ============================================================================
peer       what it is asked to do
========== ============================================================================
PokerKit   random play (``NoLimitTexasHoldem.create_state``, all automations), 7-card
           evaluation (``StandardHighHand.from_game``), PHH replay (``HandHistory``)
texasholdem random play (``TexasHoldEm``), 7-card evaluation (``evaluator.evaluate``)
rlcard     random play (the no-limit hold'em ``Game`` object, no RL environment around it)
OpenSpiel  random play (``universal_poker``, full-game betting, chance nodes sampled)
eval7      7-card evaluation, heads-up equity by a Python loop
phevaluator 7-card evaluation, heads-up equity by a Python loop
treys      7-card evaluation, heads-up equity by a Python loop
OMPEval    equity of ranges with a board, exact (``pokerfast.equity.equity``)
poker-eq.  equity of ranges with a board, exact (``poker_equity.exact_from_text``)
========== ============================================================================
"""

from __future__ import annotations

import importlib
import importlib.metadata
import random
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, islice
from types import ModuleType
from typing import Any

from pokerfloor.bench.core import NOT_INSTALLED, Unavailable
from pokerfloor.bench.policy import (
    ALL_IN,
    BIG_BLIND,
    CHECK_CALL,
    FOLD,
    MIN_RAISE,
    PLAYERS,
    SMALL_BLIND,
    STACK,
    Options,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"


@dataclass(frozen=True, slots=True)
class Peer:
    key: str
    title: str
    module: str
    dist: str


PEERS: dict[str, Peer] = {
    p.key: p
    for p in (
        Peer("pokerkit", "PokerKit", "pokerkit", "pokerkit"),
        Peer("texasholdem", "texasholdem", "texasholdem", "texasholdem"),
        Peer("rlcard", "rlcard", "rlcard", "rlcard"),
        Peer("openspiel", "OpenSpiel", "pyspiel", "open_spiel"),
        Peer("eval7", "eval7", "eval7", "eval7"),
        Peer("phevaluator", "phevaluator", "phevaluator", "phevaluator"),
        Peer("treys", "treys", "treys", "treys"),
        Peer("ompeval", "OMPEval (pokerfast)", "pokerfast", "pokerfast"),
        Peer("poker_equity", "poker-equity", "poker_equity", "poker-equity"),
    )
}


def card_text(card: int) -> str:
    """``"Ah"`` for pokerfloor's card number (rank index * 4 + suit index, suits c d h s)."""
    return RANKS[card >> 2] + SUITS[card & 3]


def load(key: str, submodule: str = "") -> ModuleType:
    """Import a peer (or one of its modules), or raise ``Unavailable(NOT_INSTALLED)``."""
    peer = PEERS[key]
    name = peer.module + (f".{submodule}" if submodule else "")
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise Unavailable(NOT_INSTALLED, f"pip install {peer.dist}: {exc}") from None
    except Exception as exc:  # a broken install (a missing shared library, say)
        raise Unavailable(NOT_INSTALLED, f"{name} failed to import: {exc}") from None


def version(key: str) -> str | None:
    """The installed version of a peer, or ``None`` when it is not installed."""
    try:
        return importlib.metadata.version(PEERS[key].dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def engine_name(key: str) -> str:
    """``"PokerKit 0.7.7"``: the title, and the version when installed."""
    v = version(key)
    return PEERS[key].title + (f" {v}" if v else "")


# ---------------------------------------------------------------- random play: tables


class PokerKitTable:
    """PokerKit 0.7.x: a new state per hand with every automation on (dealing, showdown, chips)."""

    def __init__(self, seed: int) -> None:
        pk = load("pokerkit")
        random.seed(seed)  # PokerKit shuffles with the global random module
        self._create = pk.NoLimitTexasHoldem.create_state
        self._automations = tuple(pk.Automation)
        self._mode = pk.Mode.CASH_GAME

    def new_hand(self) -> Any:
        return self._create(
            self._automations, True, 0, (SMALL_BLIND, BIG_BLIND), BIG_BLIND,
            (STACK,) * PLAYERS, PLAYERS, mode=self._mode,
        )

    def is_over(self, state: Any) -> bool:
        return not state.status

    def options(self, state: Any) -> Options:
        facing = state.checking_or_calling_amount > 0
        if state.can_complete_bet_or_raise_to():
            return Options(
                facing,
                int(state.min_completion_betting_or_raising_to_amount),
                int(state.max_completion_betting_or_raising_to_amount),
            )
        return Options(facing)

    def apply(self, state: Any, move: int, options: Options) -> None:
        if move == FOLD:
            state.fold()
        elif move == CHECK_CALL:
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(options.raise_min if move == MIN_RAISE else options.raise_max)

    def finish(self, state: Any) -> object:
        return tuple(state.stacks)

    def is_legal(self, state: Any, move: int, options: Options) -> bool:
        if move == FOLD:
            return bool(state.can_fold())
        if move == CHECK_CALL:
            return bool(state.can_check_or_call())
        to = options.raise_min if move == MIN_RAISE else options.raise_max
        return bool(state.can_complete_bet_or_raise_to(to))


class TexasHoldemTable:
    """texasholdem 0.11: a new ``TexasHoldEm`` table per hand (fresh stacks), ``start_hand``."""

    def __init__(self, seed: int) -> None:
        game = load("texasholdem", "game.game")
        action = load("texasholdem", "game.action_type")
        random.seed(seed)  # texasholdem picks the button and shuffles with the global module
        self._make = game.TexasHoldEm
        self._types = action.ActionType

    def new_hand(self) -> Any:
        table = self._make(buyin=STACK, big_blind=BIG_BLIND, small_blind=SMALL_BLIND, max_players=PLAYERS)
        table.start_hand()
        return table

    def is_over(self, state: Any) -> bool:
        return not state.is_hand_running()

    def options(self, state: Any) -> Options:
        moves = state.get_available_moves()
        facing = self._types.CALL in moves.action_types
        raises = moves.raise_range
        if self._types.RAISE in moves.action_types and len(raises):
            return Options(facing, raises[0], raises[-1])
        return Options(facing)

    def _action(self, state: Any, move: int, options: Options) -> tuple[Any, int | None]:
        t = self._types
        if move == FOLD:
            return t.FOLD, None
        if move == CHECK_CALL:
            return (t.CALL if options.facing_bet else t.CHECK), None
        return t.RAISE, options.raise_min if move == MIN_RAISE else options.raise_max

    def apply(self, state: Any, move: int, options: Options) -> None:
        action, total = self._action(state, move, options)
        state.take_action(action, total=total)

    def finish(self, state: Any) -> object:
        return [p.chips for p in state.players]

    def is_legal(self, state: Any, move: int, options: Options) -> bool:
        action, total = self._action(state, move, options)
        return bool(state.validate_move(action=action, total=total))


class RLCardTable:
    """rlcard 1.2: the no-limit hold'em ``Game`` (the engine, without the RL environment).

    rlcard's no-limit game has no minimum raise: its raises are half the pot, the pot and
    all-in. The policy's "minimum raise" is its smallest raise open (half pot, else pot, else
    all-in): the same draw, a different amount. Its fold is open at all times; the policy
    folds only when facing a bet, as everywhere.
    """

    def __init__(self, seed: int) -> None:
        np = importlib.import_module("numpy")
        games = load("rlcard", "games.nolimitholdem")
        rounds = load("rlcard", "games.nolimitholdem.round")
        self._make = games.Game
        self._actions = rounds.Action
        self._config = {"game_num_players": PLAYERS, "chips_for_each": STACK, "dealer_id": None}
        self._np_random = np.random.RandomState(seed)
        a = self._actions
        self._raises = (a.RAISE_HALF_POT, a.RAISE_POT, a.ALL_IN)

    def new_hand(self) -> Any:
        game = self._make(num_players=PLAYERS)
        game.configure(self._config)
        game.np_random = self._np_random
        game.init_game()
        return game

    def is_over(self, state: Any) -> bool:
        return bool(state.is_over())

    def options(self, state: Any) -> Options:
        legal = state.get_legal_actions()
        raised = state.round.raised
        facing = max(raised) > raised[state.game_pointer]
        smallest = next((r for r in self._raises if r in legal), None)
        if smallest is None:
            return Options(facing)
        # rlcard's actions are not amounts; the options carry their index in _raises
        return Options(facing, self._raises.index(smallest), 2)

    def _action(self, move: int, options: Options) -> Any:
        if move == FOLD:
            return self._actions.FOLD
        if move == CHECK_CALL:
            return self._actions.CHECK_CALL
        return self._raises[options.raise_min if move == MIN_RAISE else 2]  # type: ignore[index]

    def apply(self, state: Any, move: int, options: Options) -> None:
        state.step(self._action(move, options))

    def finish(self, state: Any) -> object:
        return state.get_payoffs()

    def is_legal(self, state: Any, move: int, options: Options) -> bool:
        return self._action(move, options) in state.get_legal_actions()


class OpenSpielTable:
    """OpenSpiel's ``universal_poker`` (ACPC rules), full-game betting abstraction.

    Seat 0 posts the small blind, seat 1 the big blind, seat 2 acts first pre-flop and seat 0
    first after it, as in the other engines. Chance nodes (each card dealt) are sampled
    uniformly from ``chance_outcomes()`` with the adapter's seeded RNG. Actions: 0 fold,
    1 check/call, and any larger number a raise to that total for the hand (ACPC counts
    raises by the hand, not by the round).
    """

    def __init__(self, seed: int) -> None:
        spiel = load("openspiel")
        stacks = " ".join([str(STACK)] * PLAYERS)
        blinds = " ".join([str(SMALL_BLIND), str(BIG_BLIND)] + ["0"] * (PLAYERS - 2))
        self._game = spiel.load_game(
            "universal_poker(betting=nolimit,bettingAbstraction=fullgame,"
            f"numPlayers={PLAYERS},numRounds=4,blind={blinds},firstPlayer=3 1 1 1,"
            f"numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,stack={stacks})"
        )
        self._rng = random.Random(seed)

    def _deal(self, state: Any) -> None:
        randrange = self._rng.randrange
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[randrange(len(outcomes))][0])

    def new_hand(self) -> Any:
        state = self._game.new_initial_state()
        self._deal(state)
        return state

    def is_over(self, state: Any) -> bool:
        return bool(state.is_terminal())

    def options(self, state: Any) -> Options:
        legal = state.legal_actions()
        facing = legal[0] == 0
        first_raise = 2 if facing else 1
        if len(legal) > first_raise:
            return Options(facing, int(legal[first_raise]), int(legal[-1]))
        return Options(facing)

    def apply(self, state: Any, move: int, options: Options) -> None:
        if move == FOLD:
            state.apply_action(0)
        elif move == CHECK_CALL:
            state.apply_action(1)
        else:
            state.apply_action(options.raise_min if move == MIN_RAISE else options.raise_max)
        self._deal(state)

    def finish(self, state: Any) -> object:
        return state.returns()

    def is_legal(self, state: Any, move: int, options: Options) -> bool:
        action = {FOLD: 0, CHECK_CALL: 1, MIN_RAISE: options.raise_min, ALL_IN: options.raise_max}[move]
        return action in state.legal_actions()


TABLES: dict[str, Callable[[int], Any]] = {
    "pokerkit": PokerKitTable,
    "texasholdem": TexasHoldemTable,
    "rlcard": RLCardTable,
    "openspiel": OpenSpielTable,
}


# ---------------------------------------------------------------- 7-card evaluation


@dataclass(frozen=True, slots=True)
class Evaluator:
    """A peer's 7-card evaluator: inputs converted once, then its own tight loop.

    ``convert`` turns seven pokerfloor card numbers into the engine's input for one call,
    ``loop`` evaluates a list of such inputs (one call per hand) and ``rank`` evaluates one
    and returns a key that compares greater for the better hand (for the tests).
    """

    convert: Callable[[Sequence[int]], Any]
    loop: Callable[[Sequence[Any]], None]
    rank: Callable[[Any], Any]


def _eval7() -> Evaluator:
    ev7 = load("eval7")
    cards = [ev7.Card(card_text(c)) for c in range(52)]
    evaluate = ev7.evaluate

    def loop(hands: Sequence[Any]) -> None:
        for h in hands:
            evaluate(h)

    return Evaluator(lambda h: [cards[c] for c in h], loop, evaluate)


def _phevaluator() -> Evaluator:
    ph = load("phevaluator")
    evaluate = ph.evaluate_cards  # card ids are pokerfloor's numbers (rank*4 + suit, c d h s)

    def loop(hands: Sequence[Any]) -> None:
        for h in hands:
            evaluate(*h)

    return Evaluator(tuple, loop, lambda h: -evaluate(*h))


def _hole_and_board(cards: Sequence[Any], evaluate: Callable[[Any, Any], Any]) -> Evaluator:
    """An evaluator called as ``evaluate(hole, board)`` with two lists of its own cards, the
    lower result the better hand (treys, texasholdem)."""

    def loop(hands: Sequence[Any]) -> None:
        for hole, board in hands:
            evaluate(hole, board)

    def convert(h: Sequence[int]) -> Any:
        return [cards[c] for c in h[:2]], [cards[c] for c in h[2:]]

    return Evaluator(convert, loop, lambda h: -evaluate(*h))


def _treys() -> Evaluator:
    tr = load("treys")
    return _hole_and_board([tr.Card.new(card_text(c)) for c in range(52)], tr.Evaluator().evaluate)


def _pokerkit() -> Evaluator:
    pk = load("pokerkit")
    cards = [next(iter(pk.Card.parse(card_text(c)))) for c in range(52)]
    from_game = pk.StandardHighHand.from_game

    def loop(hands: Sequence[Any]) -> None:
        for hole, board in hands:
            from_game(hole, board)

    def convert(h: Sequence[int]) -> Any:
        return tuple(cards[c] for c in h[:2]), tuple(cards[c] for c in h[2:])

    return Evaluator(convert, loop, lambda h: from_game(*h))


def _texasholdem() -> Evaluator:
    card = load("texasholdem", "card.card")
    ev = load("texasholdem", "evaluator")
    return _hole_and_board([card.Card(card_text(c)) for c in range(52)], ev.evaluate)


EVALUATORS: dict[str, tuple[str, Callable[[], Evaluator]]] = {
    "eval7": ("eval7.evaluate(cards)", _eval7),
    "phevaluator": ("evaluate_cards(*cards)", _phevaluator),
    "treys": ("Evaluator().evaluate(hand, board)", _treys),
    "pokerkit": ("StandardHighHand.from_game(hole, board)", _pokerkit),
    "texasholdem": ("evaluator.evaluate(hand, board)", _texasholdem),
}


# ---------------------------------------------------------------- heads-up equity loops


@dataclass(frozen=True, slots=True)
class Tally:
    """Boards won, tied and lost by the first hand."""

    boards: int
    wins: int
    ties: int

    @property
    def equity(self) -> float:
        return (self.wins + self.ties / 2) / self.boards if self.boards else 0.0


def remaining(hero: Sequence[int], villain: Sequence[int]) -> list[int]:
    """The 48 cards left, in pokerfloor's order: boards enumerate in the same order everywhere."""
    dead = set(hero) | set(villain)
    return [c for c in range(52) if c not in dead]


def _boards(rest: Sequence[Any], limit: int | None) -> Iterator[tuple[Any, ...]]:
    return islice(combinations(rest, 5), limit)


def tally_seven(
    evaluate: Callable[[tuple[Any, ...]], Any],
    cards: Sequence[Any],
    hero: Sequence[int],
    villain: Sequence[int],
    limit: int | None,
) -> Tally:
    """Every board dealt in a Python loop, each hand ranked by ``evaluate(seven cards)``, the
    greater result the better (``cards``: the engine's card for each pokerfloor number)."""
    h = tuple(cards[c] for c in hero)
    v = tuple(cards[c] for c in villain)
    rest = [cards[c] for c in remaining(hero, villain)]
    boards = wins = ties = 0
    for board in _boards(rest, limit):
        a = evaluate(h + board)
        b = evaluate(v + board)
        boards += 1
        if a > b:
            wins += 1
        elif a == b:
            ties += 1
    return Tally(boards, wins, ties)


def _eval7_equity(hero: Sequence[int], villain: Sequence[int], limit: int | None) -> Tally:
    ev7 = load("eval7")
    return tally_seven(ev7.evaluate, [ev7.Card(card_text(c)) for c in range(52)], hero, villain, limit)


def _phevaluator_equity(hero: Sequence[int], villain: Sequence[int], limit: int | None) -> Tally:
    evaluate = load("phevaluator").evaluate_cards
    h1, h2 = hero
    v1, v2 = villain
    boards = wins = ties = 0
    for b1, b2, b3, b4, b5 in _boards(remaining(hero, villain), limit):
        a = evaluate(h1, h2, b1, b2, b3, b4, b5)
        b = evaluate(v1, v2, b1, b2, b3, b4, b5)
        boards += 1
        if a < b:
            wins += 1
        elif a == b:
            ties += 1
    return Tally(boards, wins, ties)


def _treys_equity(hero: Sequence[int], villain: Sequence[int], limit: int | None) -> Tally:
    tr = load("treys")
    cards = [tr.Card.new(card_text(c)) for c in range(52)]
    evaluate = tr.Evaluator().evaluate
    h = [cards[c] for c in hero]
    v = [cards[c] for c in villain]
    rest = [cards[c] for c in remaining(hero, villain)]
    boards = wins = ties = 0
    for board in _boards(rest, limit):
        b5 = list(board)
        a = evaluate(h, b5)
        b = evaluate(v, b5)
        boards += 1
        if a < b:
            wins += 1
        elif a == b:
            ties += 1
    return Tally(boards, wins, ties)


EQUITY: dict[str, Callable[[Sequence[int], Sequence[int], int | None], Tally]] = {
    "eval7": _eval7_equity,
    "phevaluator": _phevaluator_equity,
    "treys": _treys_equity,
}


# ---------------------------------------------------------------- PHH replay


def pokerkit_replayer() -> Callable[[str], list[int]]:
    """PokerKit's own replay: ``HandHistory.loads`` and iterating its states to the end."""
    hand_history = load("pokerkit").HandHistory

    def replay(text: str) -> list[int]:
        last = deque(hand_history.loads(text), maxlen=1)  # every state, keeping the final one
        return list(last[0].stacks) if last else []

    return replay
