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
from pokerfloor.hand.types import Event, Legal, Pot, RecordError, brief, refusal
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

def _number(value: object) -> bool:
    """Whether ``value`` is a whole number a view may hold (a seat, chips), ``True`` not one."""
    return isinstance(value, int) and not isinstance(value, bool) and -(2**63) < value < 2**63


def _items(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"a seat view holds a JSON list here, not {brief(value)}")
    return value


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
        """A view from its JSON values; ``RecordError`` (a ``ValueError``) for another format or
        version, or a field missing or of the wrong kind."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a seat view is a JSON object, not {brief(data)}")
        if data.get("format") != VIEW_FORMAT or data.get("version") != VIEW_VERSION:
            found = f"{brief(data.get('format'))} version {brief(data.get('version'))}"
            raise RecordError(f"not a {VIEW_FORMAT} version {VIEW_VERSION}: {found}")
        try:
            return cls._from_fields(data)
        except (ValueError, LookupError, TypeError, AttributeError, ArithmeticError, RecursionError) as error:
            raise refusal("a seat view", error) from None

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> SeatView:
        legal = data["legal"]
        seats = data["seats"]
        if not isinstance(seats, list) or not all(_number(s) for s in seats):
            raise RecordError(f"a seat view's seats are seat numbers, not {brief(seats)}")
        for name in ("seat", "to_act"):
            if data[name] is not None and not _number(data[name]):
                raise RecordError(f"a seat view's {name} is a seat number or null, not {brief(data[name])}")
        for name in ("button", "total_pot", "runs"):
            if not _number(data.get(name, 1)):
                raise RecordError(f"a seat view's {name} is a number, not {brief(data.get(name))}")
        for name in ("street",):
            if not isinstance(data[name], str):
                raise RecordError(f"a seat view's {name} is a text, not {brief(data[name])}")
        if not isinstance(data["is_over"], bool):
            raise RecordError(f"a seat view's is_over is true or false, not {brief(data['is_over'])}")
        folded = data["folded"]
        if not isinstance(folded, list) or not all(_number(s) for s in folded):
            raise RecordError(f"a seat view's folded seats are seat numbers, not {brief(folded)}")
        stacks, bets = plain.seat_map_from(data["stacks"], "stacks"), plain.seat_map_from(data["bets"], "bets")
        for what, chips in (("stacks", stacks), ("bets", bets)):
            if not all(_number(c) for c in chips.values()):
                raise RecordError(f"a seat view's {what} are numbers of chips, not {brief(list(chips.values()))}")
        return cls(
            seat=data["seat"],
            game=plain.game_from(data["game"]),
            button=data["button"],
            seats=tuple(seats),
            street=data["street"],
            to_act=data["to_act"],
            legal=None if legal is None else plain.legal_from(legal),
            stacks=stacks,
            bets=bets,
            pots=tuple(plain.pot_from(p) for p in _items(data["pots"])),
            total_pot=data["total_pot"],
            board=plain.cards_from(data["board"]),
            holes={s: plain.cards_from(c) for s, c in plain.seat_map_from(data["holes"], "holes").items()},
            folded=frozenset(folded),
            events=tuple(plain.event_from(e) for e in _items(data["events"])),
            is_over=data["is_over"],
            runs=data.get("runs", 1),
            boards=tuple(plain.cards_from(board) for board in _items(data.get("boards", []))),
        )

    @classmethod
    def from_json(cls, text: str | bytes | object) -> SeatView:
        """A view from its JSON text (``RecordError`` for anything else; typed ``object`` and
        checked, as compiled a typed parameter would raise ``TypeError`` at the call)."""
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
