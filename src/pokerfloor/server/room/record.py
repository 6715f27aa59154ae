"""A room as its record (``RoomRecord``, docs/records.md): one typed value, whose fields are the
record's, in its JSON's order. Its JSON is written from it and read back into it by
``typedjson``, every value checked against its field's type as it is read; ``of`` takes it from
a room and ``restore`` puts it back, field by field, each typed (mypy checks both sides).

The table itself is its own record (``Table.record()``), checked whole by ``Table.from_record``.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass
from typing import TYPE_CHECKING

from pokerfloor.server.games import game_from, game_json
from pokerfloor.server.room.state import Deal, Offer, Player, Request
from pokerfloor.server.settings import Clock
from pokerfloor.typedjson import dump, load

if TYPE_CHECKING:
    from pokerfloor.server.room import Room

ROOM_RECORD_FORMAT = "pokerfloor.room-record"
ROOM_RECORD_VERSION = 3
"""Version 2 added a tournament's deal (``deal_accepted``, ``deal_payouts``); version 3 the
evening's fields (issue 35: ``ended_at``, ``names``, ``log``, ``removing``, ``removed``,
``declared``, ``clock_next``, ``top_ups``, ``dealt_game``, a player's ``clocked_out``).
``records`` reads the earlier versions as this one."""

PlayerRow = tuple[str, str, int, str, int, float, bool]
"""A seated player: id, name, seat, token hash, timed-out turns, time bank, sat out by the clock."""
LedgerRow = tuple[int, str, str, int, int, int | None, float, str]
"""A ledger entry the table let go of (``table.ledger.Entry``'s fields in order)."""


@dataclass(frozen=True)
class OfferRecord:
    """The run-it-twice question open as the record was taken."""

    hand: int
    seats: tuple[int, ...]
    started: float
    answers: tuple[tuple[int, bool], ...]


@dataclass(frozen=True)
class RoomRecord:
    """A room as it is stored at a hand's end: the table's record and the room's own fields a
    restored room needs (not its finished hands, each stored once as it ended, nor every action
    id ever applied: only those of the last hand, which a client may resend after a restart)."""

    format: str
    version: int
    table_id: str
    seq: int
    hands: int
    clock: float
    table: object
    players: tuple[PlayerRow, ...]
    requests: tuple[tuple[str, str, int, int, str], ...]
    deals: tuple[tuple[int, str], ...]
    running: bool
    paused: bool
    ended: bool
    straddles: tuple[tuple[int, int | None], ...]
    turn_started: float
    action_clock: Clock | None
    spectators: bool
    offer: OfferRecord | None
    hand_actions: dict[str, tuple[str, ...]]
    forgotten: tuple[LedgerRow, ...]
    level: int
    level_start: tuple[int, float] | None
    finishes: tuple[tuple[str, int, int], ...]
    deal_offered: int | None
    deal_accepted: tuple[str, ...]
    deal_payouts: dict[str, int] | None
    ended_at: float | None
    names: dict[str, str]
    log: tuple[dict[str, object], ...]
    removing: tuple[str, ...]
    removed: tuple[str, ...]
    declared: tuple[tuple[int, int | None], ...]
    clock_next: Clock | None
    top_ups: dict[str, tuple[str, int, bool]]
    dealt_game: dict[str, object] | None

    @classmethod
    def of(cls, room: Room, *, whole: bool = True) -> RoomRecord:
        """The room's record; without ``whole``, its ``deals`` and ``forgotten`` left empty (the
        parts that grow with the session, which ``records.Recorder`` writes itself)."""
        offer = room.offer
        return cls(
            format=ROOM_RECORD_FORMAT,
            version=ROOM_RECORD_VERSION,
            table_id=room.table_id,
            seq=room.seq,
            hands=len(room.hands),
            clock=room.clock.now,
            table=room.table.record(),
            players=tuple(astuple(p) for p in room.players.values()),
            requests=tuple(astuple(r) for r in room.requests.values()),
            deals=tuple((d.number, d.seed) for d in room.deals) if whole else (),
            running=room.running,
            paused=room.paused,
            ended=room.ended,
            straddles=tuple(room.straddles),
            turn_started=room.turn_started,
            action_clock=room.config.clock,
            spectators=room.spectators,
            offer=None if offer is None else OfferRecord(offer.hand, offer.seats, offer.started,
                                                         tuple(offer.answers.items())),
            hand_actions={player: tuple(ids) for player, ids in room.hand_actions.items()},
            forgotten=tuple(tuple(row) for row in room.forgotten) if whole else (),
            level=room.level,
            level_start=room.level_start,
            finishes=tuple(room.finishes),
            deal_offered=room.deal_offered,
            deal_accepted=tuple(room.deal_accepted),
            deal_payouts=room.deal_payouts,
            ended_at=room.ended_at,
            names=room.names,
            log=tuple(room.log),
            removing=tuple(room.removing),
            removed=tuple(room.removed),
            declared=tuple(room.declared),
            clock_next=room.clock_next,
            top_ups=room.top_ups,
            dealt_game=None if room.dealt_game is None else game_json(room.dealt_game),
        )

    def json(self) -> dict[str, object]:
        """The record as plain JSON values, its fields in order."""
        return dump(self)  # type: ignore[no-any-return]

    @classmethod
    def read(cls, data: object) -> RoomRecord:
        """The record this JSON holds (this version's), each value checked against its field's
        type (``typedjson.Unreadable``, a ``ValueError``, otherwise)."""
        return load(cls, data, "a room record")

    def restore(self, room: Room) -> None:
        """Put the room's own fields back as recorded (its table restored already)."""
        room.seq = self.seq
        room.players = {row[0]: Player(*row) for row in self.players}
        room.requests = {row[0]: Request(*row) for row in self.requests}
        room.deals = [Deal(*row) for row in self.deals]
        room.running, room.paused, room.ended = self.running, self.paused, self.ended
        room.straddles = list(self.straddles)
        room.turn_started = self.turn_started
        room.spectators = self.spectators
        offer = self.offer
        room.offer = None if offer is None else Offer(offer.hand, offer.seats, offer.started, dict(offer.answers))
        room.hand_actions = {player: list(ids) for player, ids in self.hand_actions.items()}
        room.applied = {player: set(ids) for player, ids in self.hand_actions.items()}
        room.forgotten = [list(row) for row in self.forgotten]
        room.level, room.level_start = self.level, self.level_start
        room.finishes = list(self.finishes)
        room.deal_offered, room.deal_accepted = self.deal_offered, list(self.deal_accepted)
        room.deal_payouts = self.deal_payouts
        room.ended_at = self.ended_at
        room.names = dict(self.names)
        room.log = [dict(line) for line in self.log]
        room.removing, room.removed = list(self.removing), list(self.removed)
        room.declared = list(self.declared)
        room.top_ups = dict(self.top_ups)
        room.dealt_game = None if self.dealt_game is None else game_from(self.dealt_game)
        room.clock_next = self.clock_next
