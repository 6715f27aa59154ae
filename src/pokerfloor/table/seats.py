"""A player in a seat, the table's event stream, buy-in limits and the injected clock."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

from pokerfloor import citations as cite
from pokerfloor.hand import Event
from pokerfloor.rules import BIG_BET_STRUCTURES, RULEBOOK, Game
from pokerfloor.table.buttons import NOTHING_OWED, Owed, SeatState, Status

R_BUY_IN = cite.BUY_IN
R_TABLE_STAKES = cite.TABLE_STAKES


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat, their chips behind, and how they stand with the blinds.

    ``status`` is ``playing`` (dealt every hand), ``sitting_out`` (away; misses blinds) or
    ``waiting`` (new or back from a break, coming in at the big blind or by posting, per
    ``post``). A player with no chips is not dealt in until they rebuy. ``player`` is the
    display name (names may repeat or change); ``player_id`` is who the player is, the key of
    the ledger.
    """

    number: int
    player: str
    chips: int
    status: Status = "waiting"
    owes: Owed = NOTHING_OWED
    post: bool = False
    player_id: str = ""

    @property
    def busted(self) -> bool:
        return self.chips == 0

    def for_blinds(self) -> SeatState:
        """What the button and blind rules see of this seat."""
        status: Status = "sitting_out" if self.busted else self.status
        return SeatState(status, self.owes, self.post)


HAND_EVENT = "hand_event"
"""The ``kind`` of a ``TableEvent`` that carries one of the hand's own events (``event``)."""


@dataclass(frozen=True, slots=True)
class TableEvent:
    """One entry of the table's event stream: a thing at the table a player might argue about,
    with the rule behind it, or (``kind == "hand_event"``) one of the hand's ``pf.Event``s.

    ``seq`` numbers the stream, from 1, across every hand. ``hand`` is the number of the hand it
    belongs to: for things done between hands, the hand about to be dealt. ``player`` is the
    display name and ``player_id`` the player's id (of the seat's player in that hand, for a
    hand event). A hand event's ``event`` keeps its ``seen_by``: ``seen(viewer)`` hides what
    the viewer may not see.
    """

    seq: int
    hand: int
    kind: str
    seat: int | None = None
    player: str = ""
    chips: int = 0
    rule: str = ""
    note: str = ""
    time: float = 0.0
    player_id: str = ""
    event: Event | None = None

    @property
    def number(self) -> int:
        """The event's sequence number (``seq``), under its older name."""
        return self.seq

    def seen(self, viewer: str | None) -> TableEvent:
        """The event as the player with id ``viewer`` (``None``: a spectator) may see it: a hand
        event's face-down cards stay only for the player they were dealt to in that hand."""
        event = self.event
        if event is None or (viewer is not None and viewer == self.player_id):
            return self
        hidden = event.seen(None)
        return self if hidden is event else replace(self, event=hidden)


def new_player_id() -> str:
    """A fresh player id: 64 random bits in hex, from ``secrets`` (tables take their own
    ``player_ids`` function for reproducible ids)."""
    return secrets.token_hex(8)


def buy_in_limits(game: Game) -> tuple[int, int | None]:
    """Minimum and maximum buy-in: no-limit and pot-limit 20 to 100 big blinds, limit at least ten
    maximum bets with no maximum (GENRULES, seed 002), unless the house says otherwise."""
    if game.house.buy_in != RULEBOOK:
        low, high = game.house.buy_in
        return low, high
    if game.structure in BIG_BET_STRUCTURES:
        unit = game.big_blind or game.min_bet
        return 20 * unit, 100 * unit
    if game.structure == "spread_limit" and game.spread is not None:
        return 10 * game.spread[2], None
    return 10 * game.big_bet, None


class ManualClock:
    """A clock that moves only when told to: seconds since the table opened, for tests and
    replays. Real play passes ``time.monotonic`` instead."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, *, seconds: float = 0.0, minutes: float = 0.0) -> None:
        self.now += seconds + 60.0 * minutes
