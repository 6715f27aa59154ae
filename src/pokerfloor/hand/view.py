"""A seat's view of a hand: exactly what that seat (or a spectator) may see, and nothing else.

A seat sees its own cards, every upcard (stud's third to sixth card), the board and every card
shown; once no more betting is possible all live hands are face up (TDA 2024 R16). It never
sees another seat's down cards before they are shown, mucked or folded cards, or the deck.
The view is built when asked for, from the hand's public state, so playing a hand costs nothing
extra; it is immutable and JSON-serialisable, for a server to send and a bot to read.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol

from pokerfloor.cards import Card
from pokerfloor.hand import plain
from pokerfloor.hand.types import Event, Legal, Pot
from pokerfloor.rules import Game


class Viewed(Protocol):
    """The public face of a hand that a view is built from (``pf.Hand`` has it): the view reads
    nothing private, so it cannot see more than the hand shows."""

    game: Game
    button_seat: int
    events: list[Event]

    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def street(self) -> str: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def stacks(self) -> dict[int, int]: ...
    @property
    def bets(self) -> dict[int, int]: ...
    @property
    def pots(self) -> list[Pot]: ...
    @property
    def total_pot(self) -> int: ...
    @property
    def board(self) -> list[Card | None]: ...
    @property
    def boards(self) -> tuple[tuple[Card | None, ...], ...]: ...
    @property
    def runs(self) -> int: ...
    @property
    def holes(self) -> dict[int, list[Card | None]]: ...
    @property
    def upcards(self) -> dict[int, list[Card | None]]: ...
    @property
    def in_hand(self) -> tuple[int, ...]: ...
    @property
    def folded(self) -> frozenset[int]: ...
    @property
    def is_over(self) -> bool: ...
    def legal(self) -> Legal: ...
    def view(self, seat: object = None) -> SeatView: ...

VIEW_FORMAT = "pokerfloor.seat-view"
VIEW_VERSION = 1


@dataclass(frozen=True)
class SeatView:
    """One seat's view of a hand (``seat=None``: a spectator's), from ``Hand.view(seat)``.

    ``holes`` gives every seat's cards in dealing order as this viewer sees them, ``None`` for a
    card it may not see; ``legal`` is set only when it is this seat's turn; ``events`` are the
    hand's events with the cards it may not see as ``None``. ``boards`` holds the board of each
    run (``runs`` of them, ``Hand.run_it``); with one run just ``(board,)``.
    """

    seat: int | None
    game: Game
    button: int
    seats: tuple[int, ...]
    street: str
    to_act: int | None
    legal: Legal | None
    stacks: Mapping[int, int]
    bets: Mapping[int, int]
    pots: tuple[Pot, ...]
    total_pot: int
    board: tuple[Card | None, ...]
    holes: Mapping[int, tuple[Card | None, ...]]
    folded: frozenset[int]
    events: tuple[Event, ...]
    is_over: bool
    runs: int = 1
    boards: tuple[tuple[Card | None, ...], ...] = ()

    def __post_init__(self) -> None:
        setter = object.__setattr__     # written out, not a loop over names: built 7 times an action
        setter(self, "stacks", MappingProxyType(dict(self.stacks)))
        setter(self, "bets", MappingProxyType(dict(self.bets)))
        setter(self, "holes", MappingProxyType(dict(self.holes)))
        if not self.boards:
            setter(self, "boards", (tuple(self.board),))

    @property
    def hole(self) -> tuple[Card | None, ...]:
        """The viewer's own cards (none for a spectator)."""
        return () if self.seat is None else self.holes[self.seat]

    def to_dict(self) -> dict[str, Any]:
        """The view as plain JSON values (see ``pokerfloor.hand.plain``)."""
        return {
            "format": VIEW_FORMAT,
            "version": VIEW_VERSION,
            "seat": self.seat,
            "game": plain.game_json(self.game),
            "button": self.button,
            "seats": list(self.seats),
            "street": self.street,
            "to_act": self.to_act,
            "legal": None if self.legal is None else plain.legal_json(self.legal),
            "stacks": plain.seat_map_json(self.stacks),
            "bets": plain.seat_map_json(self.bets),
            "pots": [plain.pot_json(p) for p in self.pots],
            "total_pot": self.total_pot,
            "board": plain.cards_json(self.board),
            "holes": {str(s): plain.cards_json(cards) for s, cards in self.holes.items()},
            "folded": sorted(self.folded),
            "events": [plain.event_json(e) for e in self.events],
            "is_over": self.is_over,
            "runs": self.runs,
            "boards": [plain.cards_json(board) for board in self.boards],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatView:
        if data.get("format") != VIEW_FORMAT or data.get("version") != VIEW_VERSION:
            found = f"{data.get('format')!r} version {data.get('version')!r}"
            raise ValueError(f"not a {VIEW_FORMAT} version {VIEW_VERSION}: {found}")
        legal = data["legal"]
        return cls(
            seat=data["seat"],
            game=plain.game_from(data["game"]),
            button=data["button"],
            seats=tuple(data["seats"]),
            street=data["street"],
            to_act=data["to_act"],
            legal=None if legal is None else plain.legal_from(legal),
            stacks=plain.seat_map_from(data["stacks"], "stacks"),
            bets=plain.seat_map_from(data["bets"], "bets"),
            pots=tuple(plain.pot_from(p) for p in data["pots"]),
            total_pot=data["total_pot"],
            board=plain.cards_from(data["board"]),
            holes={s: plain.cards_from(c) for s, c in plain.seat_map_from(data["holes"], "holes").items()},
            folded=frozenset(data["folded"]),
            events=tuple(plain.event_from(e) for e in data["events"]),
            is_over=data["is_over"],
            runs=data.get("runs", 1),
            boards=tuple(plain.cards_from(board) for board in data.get("boards", [])),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> SeatView:
        return cls.from_dict(plain.json_object(text, "a seat view"))


def visible_cards(hand: Viewed, viewer: int | None) -> dict[int, tuple[Card | None, ...]]:
    """Every seat's cards as ``viewer`` may see them, ``None`` for the others."""
    shown: dict[int, set[Card | None]] = {}
    exposed = False
    for event in hand.events:
        if event.kind == "show" and event.seat is not None:
            shown.setdefault(event.seat, set()).update(event.cards)
        elif event.kind == "expose":
            exposed = True
    live = set(hand.in_hand) if exposed else set()
    upcards = hand.upcards
    seen: dict[int, tuple[Card | None, ...]] = {}
    for seat, cards in hand.holes.items():
        if seat == viewer or seat in live:
            seen[seat] = tuple(cards)
            continue
        known = shown.get(seat)
        up = upcards[seat]
        if up:
            known = set(up) if known is None else known | set(up)
        if known:
            seen[seat] = tuple(c if c in known else None for c in cards)
        else:       # nothing of this seat's is face up (most seats, most of the time)
            seen[seat] = (None,) * len(cards)
    return seen


def seat_view(hand: Viewed, seat: int | None) -> SeatView:
    """The view of ``hand`` from ``seat`` (``None``: a spectator)."""
    to_act = hand.to_act
    return SeatView(
        seat=seat,
        game=hand.game,
        button=hand.button_seat,
        seats=hand.seats,
        street=hand.street,
        to_act=to_act,
        legal=hand.legal() if seat is not None and to_act == seat else None,
        stacks=hand.stacks,
        bets=hand.bets,
        pots=tuple(hand.pots),
        total_pot=hand.total_pot,
        board=tuple(hand.board),
        holes=visible_cards(hand, seat),
        folded=hand.folded,
        events=tuple(e.seen(seat) if e.cards else e for e in hand.events),  # no cards: nothing to hide
        is_over=hand.is_over,
        runs=hand.runs,
        boards=hand.boards,
    )


def seen_by(hand: Viewed, seat: int | None, full: bool | None) -> tuple[Sequence[Event], Mapping[int, Any]]:
    """The events and hole cards an export writes: the whole hand when ``full`` (by default,
    once the hand is over), else what ``seat`` (``None``: a spectator) may see."""
    if hand.is_over if full is None else full:
        return hand.events, hand.holes
    view = hand.view(seat)
    return view.events, view.holes
