"""Replaying a PHH hand on the engine, action by action, exactly as a live hand is played.

There is no lenient path: the hand is a ``pf.Hand`` dealt by hand (``dealing="manual"``), each
PHH action becomes the engine call a player or dealer would make, and the first one the rules
refuse stops the replay with a ``ReplayError`` that says where and why.

Two readings follow PokerKit, the format's reference (phh-format.md §4): show/muck lines after
the hand is over only have to agree with the cards dealt; and when the actions end at a
showdown that still waits on a player whose cards were never revealed, that player mucks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from pokerfloor.cards import Card
from pokerfloor.errors import IllegalAction, InvalidArgument, PokerfloorError
from pokerfloor.hand import Event, Hand, Post
from pokerfloor.hand.dealer import merge_shown
from pokerfloor.hand.types import brief
from pokerfloor.io.conventions import (
    Seating,
    chip_unit,
    forced_bets,
    game_of,
    seating_of,
    starting_chips,
    to_chips,
    to_money,
)
from pokerfloor.io.notation import Action, Money, parse_cards
from pokerfloor.io.phh import BOARDS_FIELD, DEAD_HANDS_FIELD, DOUBLE_BOARD_FIELD, RUNS_FIELD, HandHistory
from pokerfloor.rules import Game


class ReplayError(PokerfloorError):
    """A hand that cannot be replayed: where it stopped and why.

    ``index`` and ``action`` are the PHH action that failed (``None`` when the hand could not
    start); ``illegal`` the engine's ruling when a rule refused it, with ``.reason`` and
    ``.rule``; ``cause`` is ``"illegal"``, ``"cards"`` (a card dealt or shown inconsistently)
    or ``"setup"`` (the game or stacks cannot be built).
    """

    def __init__(self, history: HandHistory, message: str, *, cause: str,
                 index: int | None = None, illegal: IllegalAction | None = None) -> None:
        self.source = history.source
        self.hand = history.key
        self.index = index
        self.action = history.actions[index] if index is not None else None
        self.illegal = illegal
        self.cause = cause
        self.message = message
        where = history.where() or "<hand>"
        if index is not None:
            where += f" actions[{index}] {self.action!r}"
        rule = f" ({illegal.rule})" if illegal is not None and illegal.rule else ""
        super().__init__(f"{where}: {message}{rule}")

    @property
    def reason(self) -> str:
        """The engine's reason code, or the cause when no rule was involved."""
        return self.illegal.reason if self.illegal is not None else self.cause

    @property
    def rule(self) -> str:
        return self.illegal.rule if self.illegal is not None else ""


@dataclass(frozen=True)
class Step:
    """One PHH action and the engine events it produced."""

    index: int
    action: Action
    events: tuple[Event, ...]
    note: str = ""


@dataclass
class Replay:
    """A history replayed: the engine's hand, and how the file's players and money map onto it.

    ``opening`` holds the events of the hand's start (the forced bets); ``steps`` each action's.
    """

    history: HandHistory
    hand: Hand
    game: Game
    seating: Seating
    unit: Decimal
    posts: tuple[Post, ...]
    unknown_stacks: frozenset[int]
    opening: tuple[Event, ...] = ()
    steps: list[Step] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def money(self, chips: int) -> Money:
        return to_money(chips, self.unit)

    def finishing_stacks(self) -> tuple[Money | None, ...]:
        """Stacks after the listed actions, in PHH order and the file's money; ``None`` where the
        starting stack was unknown."""
        stacks = self.hand.result.stacks if self.hand.result is not None else self.hand.stacks
        return tuple(None if seat in self.unknown_stacks else self.money(stacks[seat])
                     for seat in self.seating.seats)

    def player(self, seat: int | None) -> str:
        return "" if seat is None else f"p{self.seating.player(seat)}"


def setup(history: HandHistory, *, dead_negative_blinds: bool = False) -> Replay:
    """The engine hand of a history, before any action: game, seats, stacks and forced bets."""
    try:
        unit = chip_unit(history)
        seating = seating_of(history)
        posts = forced_bets(history, seating, unit, dead_negative_blinds=dead_negative_blinds)
        game = game_of(history, posts, unit)
        stacks, unknown = starting_chips(history, seating, unit)
        hand = Hand(game, stacks, seating.button, posts=posts, dealing="manual", boards=_board_count(history))
    except IllegalAction as error:
        raise ReplayError(history, error.message, cause="setup", illegal=error) from None
    except (ValueError, ArithmeticError) as error:
        raise ReplayError(history, str(error), cause="setup") from None
    replay = Replay(history, hand, game, seating, unit, tuple(posts), unknown, tuple(hand.events))
    if not seating.plain:
        replay.notes.append("seats: " + ", ".join(f"p{i} in seat {s}" for i, s in enumerate(seating.seats, 1)))
    elif history.seats is not None and tuple(history.seats) != seating.seats:
        replay.notes.append(f"the seats field {list(history.seats)} does not run clockwise from p1; "
                            "seats 1..N used")
    return replay


def replay(history: HandHistory, *, dead_negative_blinds: bool = False, stop: int | None = None) -> Replay:
    """Replay a history to the end of its actions (or before action ``stop``); raises ``ReplayError``."""
    state = setup(history, dead_negative_blinds=dead_negative_blinds)
    actions = history.parsed_actions()
    dead = _dead_hands(history, actions)
    runs = _runs(history)
    for index, action in enumerate(actions[:stop]):
        before = len(state.hand.events)
        try:
            if runs and action.move == "deal_board" and state.hand.runs == 1 and len(state.hand.board) == runs.shared:
                state.hand.run_it(len(runs.boards))
            if index in dead:
                assert action.player is not None
                state.hand.kill(state.seating.seat(action.player))
                note = "a dead hand (killed)"
            else:
                note = _apply(state, action)
            if runs:
                _deal_later_runs(state.hand, runs.boards)
        except IllegalAction as error:
            raise ReplayError(history, _players(state, error.message), cause="illegal", index=index,
                              illegal=error) from None
        except (ValueError, ArithmeticError) as error:
            raise ReplayError(history, _players(state, str(error)), cause="cards", index=index) from None
        state.steps.append(Step(index, action, tuple(state.hand.events[before:]), note))
    if stop is None:
        try:
            _muck_unrevealed(state)
        except IllegalAction as error:
            raise ReplayError(history, _players(state, error.message), cause="illegal", illegal=error) from None
    return state


def _board_count(history: HandHistory) -> int:
    """2 for a hand the file's ``DOUBLE_BOARD_FIELD`` says was dealt on two boards, else 1."""
    double = history.extra.get(DOUBLE_BOARD_FIELD, False)
    if type(double) is not bool or (double and not isinstance(history.extra.get(BOARDS_FIELD), list | tuple)):
        raise ReplayError(history, f"{DOUBLE_BOARD_FIELD} is true (beside {BOARDS_FIELD}) or false, "
                          f"not {brief(double)}", cause="setup")
    return 2 if double else 1


def _dead_hands(history: HandHistory, actions: Sequence[Action]) -> frozenset[int]:
    """The indexes of the folds the file's ``DEAD_HANDS_FIELD`` marks as hands killed."""
    marked = history.extra.get(DEAD_HANDS_FIELD, [])
    if not isinstance(marked, list | tuple) or not all(
        type(k) is int and 0 <= k < len(actions) and actions[k].move == "fold" for k in marked
    ):
        raise ReplayError(history, f"{DEAD_HANDS_FIELD} lists the indexes of folds in actions, not "
                          f"{brief(marked)}", cause="setup")
    return frozenset(marked)


@dataclass(frozen=True)
class _Runs:
    """A board run more than once (``Hand.run_it``): every run's board, and how many cards the
    runs share (those dealt before the players chose to run it)."""

    boards: tuple[tuple[Card | None, ...], ...]
    shared: int


def _runs(history: HandHistory) -> _Runs | None:
    """The runs the file's ``RUNS_FIELD`` and ``BOARDS_FIELD`` name (pokerfloor's PHH export;
    the actions deal the first run's board), or ``None`` for a board dealt once."""
    times, boards = history.extra.get(RUNS_FIELD), history.extra.get(BOARDS_FIELD)
    if times is None and boards is None:
        return None
    wrong = (f"{RUNS_FIELD} and {BOARDS_FIELD} are a number of runs and each run's board, "
             f"not {brief(times)} and {brief(boards)}")
    if type(times) is not int or not isinstance(boards, list | tuple) or len(boards) != times or times < 2:
        raise ReplayError(history, f"{wrong} (not a count and that many boards)", cause="setup")
    try:
        parsed = tuple(parse_cards(board) for board in boards)
    except (TypeError, ValueError) as error:
        raise ReplayError(history, f"{wrong} ({error})", cause="setup") from None
    shared = 0
    while all(len(board) > shared and board[shared] == parsed[0][shared] for board in parsed):
        shared += 1
    return _Runs(parsed, shared)


def _deal_later_runs(hand: Hand, boards: Sequence[Sequence[Card | None]]) -> None:
    """Deal each later run's board from the file, as the manually dealt hand asks for it (the
    first run's is in the actions)."""
    while (request := hand.awaiting_deal) is not None and request.kind == "board" and request.run >= 1:
        dealt = len(hand.boards[request.run])
        cards = boards[request.run][dealt:dealt + request.count]
        if len(cards) < request.count:
            raise InvalidArgument(f"{BOARDS_FIELD} gives run {request.run + 1} {len(boards[request.run])} "
                                  f"cards, not a whole board")
        hand.deal(_card_texts(cards))


def _players(state: Replay, message: str) -> str:
    """An engine message, with the PHH names of the seats it mentions when they differ."""
    if state.seating.plain:
        return message
    return message + " (" + ", ".join(f"seat {s} is p{i}" for i, s in enumerate(state.seating.seats, 1)) + ")"


def _apply(state: Replay, action: Action) -> str:
    """Make the engine call of one PHH action; returns a note when the action needed a reading."""
    hand = state.hand
    move = action.move
    if move == "comment":
        return ""
    seat = state.seating.seat(action.player) if action.player is not None else None
    if move == "deal_hole":
        hand.deal(_card_texts(action.cards), seat=seat)
        return ""
    if move == "deal_board":
        hand.deal(_card_texts(action.cards))
        return ""
    if move == "show_muck":
        return _show_or_muck(state, action)
    assert seat is not None
    if move == "fold":
        hand.act(seat, "fold")
    elif move == "check_call":
        legal = hand.legal() if hand.to_act == seat else None
        hand.act(seat, "check" if legal is not None and legal.check else "call")
    elif move == "complete_bet_raise":
        assert action.amount is not None
        legal = hand.legal() if hand.to_act == seat else None
        kind = "raise"
        if legal is not None and legal.bet is not None:
            kind = "bet"
        elif legal is not None and legal.complete is not None:
            kind = "complete"
        to = to_chips(action.amount, state.unit)
        offered = None if legal is None else legal.bet or legal.raise_ or legal.complete
        if offered is not None and to not in offered and _limit_bet_cut_to_the_callers(hand, seat, to):
            hand.act(seat, kind, to=offered.min_to)
            return f"the limit {kind} to {offered.min_to} written as {to}, the most any opponent can call"
        hand.act(seat, kind, to=to)
    elif move == "bring_in":
        hand.act(seat, "bring_in")
    elif move == "stand_pat_discard":
        hand.act(seat, "draw", discard=_card_texts(action.cards))
    return ""


def _limit_bet_cut_to_the_callers(hand: Hand, seat: int, to: int) -> bool:
    """A fixed-limit bet or raise some files write cut down to exactly the most any opponent can
    still put in: the rest of the limit amount could only come back uncalled (rules.md §5.3)."""
    legal = hand.legal()
    level = legal.call.to if legal.call is not None else hand.bets[seat]
    reach = max((hand.bets[o] + hand.stacks[o] for o in hand.in_hand if o != seat), default=0)
    return hand.game.structure == "fixed_limit" and level < to == reach


def _card_texts(cards: Sequence[Card | None] | None) -> list[str]:
    return ["??" if card is None else str(card) for card in cards or ()]


def _show_or_muck(state: Replay, action: Action) -> str:
    hand = state.hand
    assert action.player is not None
    seat = state.seating.seat(action.player)
    held = hand.holes[seat]
    if hand.is_over:
        _check_shown(state, seat, action)
        shown = hand.result.shown.get(seat) if hand.result is not None else None
        if shown is not None and action.cards is not None and set(action.cards) <= set(shown):
            return ""   # the engine turned these cards up already (all hands face up, TDA 2024 R16)
        return "after the end of the hand: shown, and checked against the cards dealt"
    if action.cards is None:
        hand.muck(seat)
        return ""
    if action.show_dealt:
        hand.show(seat)
        return ""
    if all(card is None for card in action.cards) and all(card is None for card in held):
        return "cards not revealed"
    hand.show(seat, _card_texts(_aligned(held, action.cards)))
    return ""


def _aligned(held: Sequence[Card | None], shown: Sequence[Card | None]) -> list[Card | None]:
    """The shown cards in the order the seat holds them: a hand is a set of cards, and after a
    draw the file's order need not be the engine's. Cards the seat does not hold keep their
    place among the rest, so a wrong card is still caught."""
    if len(held) != len(shown):
        return list(shown)
    pool = list(shown)
    placed: list[Card | None] = list(held)
    open_places = []
    for i, card in enumerate(held):
        if card is not None and card in pool:
            pool.remove(card)
        else:
            open_places.append(i)
    pool.sort(key=lambda card: card is None)
    for i, card in zip(open_places, pool, strict=True):
        placed[i] = card
    return placed


def _check_shown(state: Replay, seat: int, action: Action) -> None:
    """A show after the end agrees with what the seat was dealt (or showed) and with the board."""
    if not action.cards:
        return
    result = state.hand.result
    held = list(result.shown.get(seat, ())) if result is not None else []
    held = held or state.hand.holes[seat]
    merge_shown(seat, held, _aligned(held, action.cards))
    others = {c for s, cards in state.hand.holes.items() if s != seat for c in cards if c is not None}
    others |= {c for c in state.hand.board if c is not None}
    clash = [c for c in action.cards if c is not None and c in others]
    if clash:
        raise InvalidArgument(f"{clash[0]} is dealt twice")


def _muck_unrevealed(state: Replay) -> None:
    """At a showdown still waiting on cards never revealed, those players muck (PokerKit's reading)."""
    hand = state.hand
    if hand.is_over or hand.street != "showdown" or hand.awaiting_deal is not None:
        return
    shown = {e.seat for e in hand.events if e.kind == "show"}
    for seat in hand.in_hand:
        if None in hand.holes[seat] and seat not in shown and not hand.is_over:
            before = len(hand.events)
            hand.muck(seat)
            state.notes.append(f"{state.player(seat)}'s cards were never revealed: mucked at the showdown")
            state.steps.append(Step(len(state.history.actions), Action(text="", move="comment"),
                                    tuple(hand.events[before:]),
                                    f"{state.player(seat)} mucks: cards never revealed"))
