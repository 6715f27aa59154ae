"""The values a hand hands out: posts, pots, legal ranges, events and the result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from pokerfloor.cards import Card

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

Action = Literal["fold", "check", "call", "bet", "raise", "complete", "bring_in", "all_in", "draw"]
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
            raise ValueError(f"unknown post kind {self.kind!r}; known: {', '.join(sorted(POST_KINDS))}")
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount < 0:
            raise ValueError(f"a post is a whole, non-negative number of chips, not {self.amount!r}")
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
    """What the seat to act may do, with exact amounts (design.md, the hand API)."""

    seat: int | None = None
    fold: bool = False
    check: bool = False
    call: Call | None = None
    bet: Range | None = None
    raise_: Range | None = None
    complete: Range | None = None
    bring_in: int | None = None
    draw: int | None = None

    @property
    def actions(self) -> tuple[str, ...]:
        """The names of the legal actions, in a fixed order."""
        names = []
        for name in ("fold", "check", "call", "bet", "raise_", "complete", "bring_in", "draw"):
            value = getattr(self, name)
            if value is not None and value is not False:
                names.append(name.rstrip("_"))
        return tuple(names)


class Event(NamedTuple):
    """One thing that happened in a hand, in order: posts, deals, actions, awards."""

    kind: str
    seat: int | None = None
    amount: int | None = None
    cards: tuple[Card | None, ...] = ()
    street: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class DealRequest:
    """What a manually dealt hand waits for: ``kind`` is holes, board, upcard or draw."""

    kind: str
    seat: int | None
    count: int


@dataclass(frozen=True, slots=True)
class Award:
    """How one pot was won."""

    pot: int
    amount: int
    eligible: frozenset[int]
    winners: dict[int, int]
    high_winners: tuple[int, ...] = ()
    low_winners: tuple[int, ...] = ()
    reason: str = ""


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
