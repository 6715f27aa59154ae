"""The values of an ``MultiTableTournament`` (table/event.py): its schedule's breaks, its options, its entries,
the floor's events and the places, and its bookkeeping (saved whole by ``event_record``)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Break:
    """A scheduled break of ``minutes`` between two levels: no table deals until it is over."""

    minutes: float


@dataclass(frozen=True, slots=True)
class FloorEvent:
    """One ruling of the floor, in words, with the rule behind it."""

    seq: int
    kind: str
    text: str
    rule: str = ""
    table: int | None = None
    seat: int | None = None
    entry: str | None = None
    chips: int = 0


@dataclass(frozen=True, slots=True)
class Place:
    """Where an entry finished, its prize (money) and the bounties it won (money)."""

    entry: str
    player: str
    place: int
    prize: int = 0
    bounties: int = 0


@dataclass(slots=True)
class EntryState:
    """One buy-in: its player, where it sits, its bounty on its head, what it won."""

    entry: str
    player: str
    table: int | None = None
    seat: int | None = None
    out: bool = False
    bounty: int = 0
    won: int = 0
    rebuy: bool = False


@dataclass(frozen=True, slots=True)
class Options:
    """The event's structure and house options (see ``MultiTableTournament``)."""

    starting_stack: int
    seats: int = 9
    buy_in: int = 0
    payouts: tuple[int, ...] = (50, 30, 20)
    unit: int = 1
    late_until: int = 0
    reentries: int = 0
    rebuys_until: int = 0
    rebuy_price: int = 0
    add_on_level: int = 0
    add_on_stack: int = 0
    add_on_price: int = 0
    bounty: int = 0
    progressive: int = 0
    colour_ups: tuple[tuple[int, int, int], ...] = ()
    hand_for_hand: int = 1
    halt_short: bool = True
    final_redraw: bool = True
    hand_for_hand_jumps: bool = False
    hand_for_hand_minutes: int = 2


@dataclass(slots=True)
class _State:
    level: int = 0
    level_since: float = 0.0
    level_hands: dict[int, int] = field(default_factory=dict)
    on_break_since: float | None = None
    started: bool = False
    table_level: dict[int, int] = field(default_factory=dict)
    raced: dict[int, int] = field(default_factory=dict)
    round_open: list[int] = field(default_factory=list)
    round_busts: list[tuple[str, int]] = field(default_factory=list)
    in_round: bool = False
    round_since: float | None = None
    announced: list[int] = field(default_factory=list)
    announced_busts: list[tuple[str, int]] = field(default_factory=list)
    out: list[list[tuple[str, int]]] = field(default_factory=list)
    shared: list[int] = field(default_factory=list)
    dealt: dict[int, dict[int, str]] = field(default_factory=dict)
    halted: list[int] = field(default_factory=list)
    issued: int = 0
    pool: int = 0
    next_entry: int = 1
    next_table: int = 1
    deal: dict[str, int] | None = None
    hands: int = 0
