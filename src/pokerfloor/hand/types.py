"""The values a hand hands out: posts, pots, legal ranges, events and the result."""

from __future__ import annotations

import reprlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from pokerfloor.cards import Card
from pokerfloor.errors import InvalidArgument, PokerfloorError
from pokerfloor.evaluation.handrank import rank_of

PostKind = Literal[
    "sb",
    "bb",
    "button_blind",
    "straddle",
    "mississippi",
    "sleeper",
    "kill",
    "new_player",
    "missed_bb",
    "missed_sb",
    "ante",
    "bb_ante",
    "bring_in",
]
POST_KINDS: frozenset[str] = frozenset(PostKind.__args__)  # type: ignore[attr-defined]
BLIND_KINDS = frozenset({"sb", "bb", "button_blind"})
ANTE_KINDS = frozenset({"ante", "bb_ante"})
# Live posts that decide who acts first pre-flop: action starts left of the last of them.
ORDER_SETTING_KINDS = frozenset({"sb", "bb", "button_blind", "straddle", "mississippi", "kill"})
STRADDLE_KINDS = frozenset({"straddle", "mississippi", "sleeper", "kill"})

Action = Literal[
    "fold", "check", "call", "bet", "raise", "complete", "bring_in", "all_in", "draw", "show", "muck"
]
ACTIONS: frozenset[str] = frozenset(Action.__args__)  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class Post:
    """A forced bet. ``live`` posts count toward the poster's bet; dead ones only feed the pot."""

    seat: int
    amount: int
    kind: PostKind = "bb"
    live: bool = True

    def __post_init__(self) -> None:
        if self.kind not in POST_KINDS:
            raise InvalidArgument(f"unknown post kind {self.kind!r}; known: {', '.join(sorted(POST_KINDS))}")
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount < 0:
            raise InvalidArgument(f"a post is a whole, non-negative number of chips, not {self.amount!r}")
        if self.kind in ANTE_KINDS and self.live:
            object.__setattr__(self, "live", False)


@dataclass(frozen=True, slots=True)
class Pot:
    """Chips in the middle and the seats that can win them (main pot first)."""

    amount: int
    eligible: frozenset[int]


# Range, Call and Legal are named tuples, like Event: immutable, compared by value, and built in
# one C call, which matters because every decision of every hand makes them (docs/performance.md).


class Range(NamedTuple):
    """Total-wager amounts a seat may bet or raise to: ``min_to``, every ``step`` above it up to
    ``max_to``, and ``max_to`` itself (an all-in need not be a whole step). ``to in range`` is
    exactly what ``act`` accepts. The step is the smallest chip (RROP11 Betting & Raising), or in
    fixed limit the gap between the only two amounts: ``Range(20, 40, step=20)`` is 20 or 40."""

    min_to: int
    max_to: int
    step: int = 1

    def __contains__(self, to: object) -> bool:
        if isinstance(to, bool) or not isinstance(to, int):
            return False
        return to == self.max_to or (self.min_to <= to < self.max_to and (to - self.min_to) % self.step == 0)

    def __repr__(self) -> str:
        step = f", step={self.step}" if self.step != 1 else ""
        return f"Range(min_to={self.min_to}, max_to={self.max_to}{step})"


class Call(NamedTuple):
    """Calling brings the seat's wager ``to`` this total at a ``cost`` of chips from its stack."""

    to: int
    cost: int


class Legal(NamedTuple):
    """What the seat to act may do, with exact amounts (docs/guide/hand.md).

    When no bet or raise is open to a seat that may act, ``reason`` says why (an ``IllegalAction``
    reason code: ``betting_not_reopened``, ``cap_reached``, ``no_opponent_can_call``,
    ``above_stack``) and ``rule`` the rule behind it. At a showdown a seat whose hand can no
    longer win is asked to ``show`` or ``muck`` (TDA 2024 R16-R18).
    """

    seat: int | None = None
    fold: bool = False
    check: bool = False
    call: Call | None = None
    bet: Range | None = None
    raise_: Range | None = None
    complete: Range | None = None
    bring_in: int | None = None
    draw: int | None = None
    show: bool = False
    muck: bool = False
    reason: str = ""
    rule: str = ""

    def unattended(self, *, fold: bool = False) -> tuple[str, list[str] | None]:
        """The action a seat takes when its player does not choose one (their clock ran out, a
        house bot's choice was refused, the host folds the seat), as ``Hand.act``'s action and
        discards. A hand asked to show or muck is mucked (the auto-muck, TDA 2024 R18); a
        forced bring-in is posted, as for a player away (TDA 2024 Rule 30; RROP11 stud); in a
        draw the seat stands pat (the house's choice: it gives nothing away and takes no card).
        In a betting round, a free check, else a fold; with ``fold`` (a player removed or their
        hand ruled dead) a fold whenever one is open. Always one of this ``Legal``'s actions."""
        if self.muck:
            return "muck", None
        if self.bring_in is not None:
            return "bring_in", None
        if self.draw is not None:
            return "draw", []
        return ("check" if self.check and not (fold and self.fold) else "fold"), None

    @property
    def actions(self) -> tuple[str, ...]:
        """The names of the legal actions, in a fixed order."""
        names = []
        for name in ("fold", "check", "call", "bet", "raise_", "complete", "bring_in", "draw", "show", "muck"):
            value = getattr(self, name)
            if value is not None and value is not False:
                names.append(name.rstrip("_"))
        return tuple(names)


EventKind = Literal[
    "post",
    "sleeper_waits",
    "void",
    "held",
    "deal_hole",
    "deal_board",
    "fold",
    "check",
    "call",
    "bet",
    "raise",
    "complete",
    "bring_in",
    "draw",
    "reshuffle",
    "return",
    "expose",
    "add_chips",
    "show",
    "muck",
    "run_it",
    "bomb_pot",
    "win",
]
EVENT_KINDS: frozenset[str] = frozenset(EventKind.__args__)  # type: ignore[attr-defined]

Seen = Literal["everyone", "seat"]
"""Who may see a card of an event: ``everyone`` (face up: the board, upcards, cards shown) or
only the event's ``seat`` (face down: hole cards, a draw's discards and replacements)."""
FACE_UP: Seen = "everyone"
FACE_DOWN: Seen = "seat"


def face_up(cards: Sequence[object]) -> tuple[Seen, ...]:
    """Every card seen by everyone: the board, cards shown."""
    return (FACE_UP,) * len(cards)


def face_down(cards: Sequence[object]) -> tuple[Seen, ...]:
    """Every card seen by its seat only: hole cards, a draw's discards and replacements."""
    return (FACE_DOWN,) * len(cards)


DEAD_HAND = "dead hand"
"""The note of the ``fold`` event of a hand killed by ``Hand.kill`` (TDA 2024 Rules 30 and 31): a
fold the seat did not make, possibly out of turn, which a history writes as such."""


class Event(NamedTuple):
    """One thing that happened in a hand, in order: posts, deals, actions, awards.

    ``seen_by`` says, card by card, who may see ``cards`` (``Seen``); ``post`` is the kind of
    forced bet of a ``post`` event.
    """

    kind: EventKind
    seat: int | None = None
    amount: int | None = None
    cards: tuple[Card | None, ...] = ()
    street: str = ""
    note: str = ""
    seen_by: tuple[Seen, ...] = ()
    post: PostKind | None = None

    def seen(self, viewer: int | None) -> Event:
        """The event as seat ``viewer`` (``None``: a spectator) sees it: cards it may not see
        are ``None``."""
        if not self.cards or (viewer == self.seat and viewer is not None):
            return self
        if FACE_DOWN not in self.seen_by:
            return self
        cards = tuple(c if s == FACE_UP else None for c, s in zip(self.cards, self.seen_by))
        return self._replace(cards=cards)


InputKind = Literal["act", "deal", "show", "muck", "add_chips", "run_it", "kill"]
INPUT_KINDS: frozenset[str] = frozenset(InputKind.__args__)  # type: ignore[attr-defined]


class Input(NamedTuple):
    """One input a hand took, as its record keeps it: ``act`` (``action``, ``to``; a draw's
    discards in ``cards``), ``deal`` (``cards`` to ``seat``, or the board), ``show`` (``cards``
    as shown, or ``None``), ``muck``, ``add_chips`` (``to`` chips), ``run_it`` (``to`` runs; 1
    when a hand waiting for its run-out was run once), ``kill`` (``seat``'s hand killed:
    ``Hand.kill``)."""

    kind: InputKind
    seat: int | None
    action: str = ""
    to: int | None = None
    cards: tuple[Card | None, ...] | None = None


@dataclass(frozen=True, slots=True)
class DealRequest:
    """What a manually dealt hand waits for: ``kind`` is holes, board, upcard or draw; ``run``
    is the run a board card is for when the hand is run more than once (0: the first run)."""

    kind: str
    seat: int | None
    count: int
    run: int = 0


@dataclass(frozen=True, slots=True)
class Award:
    """How one pot was won: by whom, how many chips each, and with what (``won_with``).

    ``high_rank`` and ``low_rank`` are the winning values on the scales named by ``ranked_by``
    (the variant's high and low rankings), ``None`` for a half nobody won or an uncontested pot.
    ``run`` is the run whose board awarded this part of the pot when the hand was run more than
    once (``Hand.run_it``), 0 otherwise.
    """

    pot: int
    amount: int
    eligible: frozenset[int]
    winners: dict[int, int]
    high_winners: tuple[int, ...] = ()
    low_winners: tuple[int, ...] = ()
    reason: str = ""
    high_rank: int | None = None
    low_rank: int | None = None
    ranked_by: tuple[str, str] = ("high", "none")
    run: int = 0

    @property
    def high_hand(self) -> str:
        """The winning high hand in words (``"flush, ace high: A-K-9-7-3"``), or ``""``."""
        return "" if self.high_rank is None else str(rank_of(self.ranked_by[0], self.high_rank))

    @property
    def low_hand(self) -> str:
        """The winning low hand in words (``"eight low: 8-6-4-3-A"``), or ``""``."""
        return "" if self.low_rank is None else str(rank_of(self.ranked_by[1], self.low_rank))

    @property
    def won_with(self) -> str:
        """What won the pot in words; both halves in a split hi-lo pot; ``""`` if uncontested."""
        return " and ".join(words for words in (self.high_hand, self.low_hand) if words)


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a hand: awards per pot, uncalled bets returned, final stacks and net."""

    awards: tuple[Award, ...]
    returned: dict[int, int]
    stacks: dict[int, int]
    net: dict[int, int]
    showdown_order: tuple[int, ...] = ()
    shown: dict[int, tuple[Card | None, ...]] = field(default_factory=dict)

    @property
    def winnings(self) -> dict[int, int]:
        """Chips each seat collected from the pots."""
        won: dict[int, int] = {}
        for award in self.awards:
            for seat, chips in award.winners.items():
                won[seat] = won.get(seat, 0) + chips
        return won


class RecordError(PokerfloorError, ValueError):
    """A hand record, table record or seat view (``HandRecord``, ``TableRecord``, ``SeatView``,
    their JSON) that cannot be read, or that reads but could not go on: the one error their
    readers and ``Hand.from_record``, ``Table.from_record`` raise. Nothing is built from it."""


_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxstring, _BRIEF.maxother, _BRIEF.maxlong = 3, 40, 40, 40
_BRIEF.maxlist = _BRIEF.maxtuple = _BRIEF.maxdict = _BRIEF.maxset = 4


def brief(value: object, limit: int = 60, *, quote: bool = True) -> str:
    """``value`` as an error message names it: its ``repr`` (its ``str`` if not ``quote``) cut
    to ``limit`` characters, so a 5,000-digit number or a deep list from a stranger's input
    does not fill the message (nor overflow the stack, or the integer-to-text limit)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    text = _BRIEF.repr(value) if quote or not isinstance(value, str) else value
    return text if len(text) <= limit else text[: limit - 1] + "…"


READ_ERRORS = (ValueError, LookupError, TypeError, AttributeError, ArithmeticError, RecursionError)
"""What reading a malformed value can raise on the way; a reader turns each into its own error."""


def refusal(what: str, error: BaseException) -> RecordError:
    """The ``RecordError`` of an error met reading ``what`` (``"a hand record"``); one already a
    ``RecordError`` is kept. A missing field is named; any message is cut short."""
    if isinstance(error, RecordError):
        return error
    if isinstance(error, KeyError):
        return RecordError(f"{what} with a missing or malformed {brief(error.args[0] if error.args else '')}")
    reason = brief(str(error), 200, quote=False) if str(error) else type(error).__name__
    return RecordError(f"{what} that cannot be read: {reason}")
