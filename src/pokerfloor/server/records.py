"""What the server keeps as a hand ends: the room as a ``RoomRecord`` and the finished hand as a
``HandRecord``, both versioned JSON (docs/records.md).

Both are caches of the stored inputs, which alone are the truth: a record this release cannot
read (another format or version, a malformed field, one that fails to restore) is a miss, and
the room is built again from its inputs. A record is plain JSON that names every field, so a
field added later cannot be read into the wrong one, and reading a record runs no code of its
choosing.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

import orjson

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Hand
from pokerfloor.server.room import Config, Refused, Room
from pokerfloor.server.room.record import ROOM_RECORD_FORMAT as ROOM_RECORD_FORMAT
from pokerfloor.server.room.record import ROOM_RECORD_VERSION as ROOM_RECORD_VERSION
from pokerfloor.server.room.record import RoomRecord
from pokerfloor.server.store import Boundary, Store
from pokerfloor.table import Table

LOG = logging.getLogger("pokerfloor.server")
# A version 1 record is read as one without a deal (``_from_v1``); a version 2 record as one taken
# as its hand ended with none of the evening's fields (``_from_v2``: its history starts empty).


class RecordMiss(PokerfloorError, ValueError):
    """A stored record this release does not restore (the room is rebuilt from its inputs)."""


def room_record(room: Room) -> dict[str, Any]:
    """The room's record as plain JSON values (``RoomRecord``)."""
    return RoomRecord.of(room).json()


def hand_json(hand: Hand) -> str:
    """A finished hand as stored: its ``HandRecord`` as JSON text."""
    return orjson.dumps(hand.record().to_dict()).decode()


def created(store: Store, table_id: str, config: Config, host_hash: str) -> None:
    """Store a new table with the room record of it as created (``Store.create_table``), so that
    every table has a record from the start and a restart restores rather than rebuilds."""
    record = orjson.dumps(room_record(Room(table_id, config, host_hash))).decode()
    store.create_table(table_id, config.to_json(), host_hash, record)


def boundary(room: Room) -> Boundary:
    """What is stored as a hand ends: the room's record and the finished hand's record."""
    return Boundary(orjson.dumps(room_record(room)).decode(), len(room.hands), hand_json(room.hands[-1]))


class Recorder:
    """The records of one table's hands' ends (``boundary``), written without serialising again
    what the room record held at the last hand's end: its deals and the ledger rows the table let
    go of (``forgotten``) only grow, a little every hand, so the JSON of those written before is
    kept and only the new ones are added to it. The text is ``boundary``'s, byte for byte; a room
    other than the last one seen (rebuilt, restored) starts the kept text again."""

    def __init__(self) -> None:
        self.kept: dict[str, tuple[list[Any], int, object, bytes]] = {}

    def boundary(self, room: Room) -> Boundary:
        data = RoomRecord.of(room, whole=False).json()
        data["deals"] = self._array("deals", room.deals, lambda deal: (deal.number, deal.seed))
        data["forgotten"] = self._array("forgotten", room.forgotten, list)
        return Boundary(orjson.dumps(data).decode(), len(room.hands), hand_json(room.hands[-1]))

    def _array(self, name: str, items: list[Any], plain: Callable[[Any], object]) -> orjson.Fragment:
        """``items`` as a JSON array, each ``plain``: the part kept from the last time, if
        ``items`` is the same list and still holds the last item seen where it was, and the rest."""
        text, done = b"[]", 0
        kept = self.kept.get(name)
        if kept is not None and kept[0] is items and len(items) >= kept[1] and (
                kept[1] == 0 or items[kept[1] - 1] is kept[2]):
            done, text = kept[1], kept[3]
        if len(items) > done:
            more = orjson.dumps([plain(item) for item in items[done:]])
            text = more if done == 0 else text[:-1] + b"," + more[1:]
        self.kept[name] = (items, len(items), items[-1] if items else None, text)
        return orjson.Fragment(text)


def restored(table_id: str, config: Config, host_hash: str, record: str, hands: Mapping[int, str]) -> Room:
    """A room from its stored record and the finished hands' records by number, which must hold
    every hand before the record's (``RecordMiss`` when any of it is not what this release
    wrote, or does not restore)."""
    try:
        data = orjson.loads(record)
        return _room_from(table_id, config, host_hash, data, hands)
    except RecordMiss:
        raise
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, AssertionError) as wrong:
        raise RecordMiss(f"a room record that does not restore: {type(wrong).__name__}: {wrong}") from None


def _room_from(table_id: str, config: Config, host_hash: str, data: Any, hands: Mapping[int, str]) -> Room:
    if not isinstance(data, Mapping) or data.get("format") != ROOM_RECORD_FORMAT:
        raise RecordMiss(f"not a {ROOM_RECORD_FORMAT}")
    version = data.get("version")
    if version == 1:
        data = _from_v1(data)
    if data.get("version") == 2:
        data = _from_v2(data)
    elif data.get("version") != ROOM_RECORD_VERSION:
        raise RecordMiss(f"{ROOM_RECORD_FORMAT} version {version!r}; this release reads 1 to {ROOM_RECORD_VERSION}")
    if data["table_id"] != table_id:
        raise RecordMiss(f"the record of table {data['table_id']!r}, not {table_id!r}")
    if int(data["hands"]) == 0 and int(data["seq"]) == 0:
        return Room(table_id, config, host_hash)     # the record of the table as created: nothing happened yet
    earlier = int(data["hands"]) - 1
    missing = [number for number in range(1, earlier + 1) if number not in hands]
    if earlier < 0 or missing:
        raise RecordMiss(f"the records of finished hands {missing[:5]} are not stored")
    if "action_clock" not in data:      # the host's set_clock (a record before it has none)
        data = {**data, "action_clock": None if config.clock is None else config.clock.json()}
    # A tournament's level, its clock and places: a record written before tournaments is a cash
    # table's, which has none (its level is the first, unstarted); a tournament's must hold them.
    if "level" not in data and config.tournament is None:
        data = {**data, "level": 0, "level_start": None, "finishes": [], "deal_offered": None}
    record = RoomRecord.read(data)
    room = Room(table_id, config, host_hash)
    room.clock.now = record.clock
    room.table = Table.from_record(data["table"], clock=room.clock, sink=room.forget)
    last = room.table.hand
    if last is None or room.table.in_play:
        raise RecordMiss("a room record is taken as a hand ends: its table's hand is over")
    record.restore(room)
    room.config = replace(config, clock=record.action_clock)
    room.hands = [Hand.from_record(hands[number]) for number in range(1, earlier + 1)] + [last]
    return room


def _from_v1(data: Mapping[str, Any]) -> dict[str, Any]:
    """A version 1 record as version 2: written before a deal could be accepted, so nobody has
    accepted the deal it may show and no deal ended its tournament (a v1 record of a finished
    tournament has its places from eliminations alone)."""
    return {**data, "version": 2, "deal_accepted": [], "deal_payouts": None}


def _from_v2(data: Mapping[str, Any]) -> dict[str, Any]:
    """A version 2 record as version 3: taken as a hand ended (``ended_at`` its clock), with no
    straddle declared, no clock waiting for the next turn, nobody being removed; the names of
    the players seated, and no history (chat and events before it are not in it)."""
    names = {p[0]: p[1] for p in data["players"]}
    players = [[*p, False] if len(p) == 6 else p for p in data["players"]]     # none sat out by the clock
    return {**data, "version": 3, "ended_at": data["clock"], "names": names, "log": [], "removing": [],
            "removed": [], "declared": [], "clock_next": None, "dealt_game": None, "top_ups": {}, "players": players}


class TableBroken(Refused):
    """The table's stored inputs do not load whole (a row that is not an input, a ``seq``
    missing, an input that fails the room): the table is not played on, so that nothing is
    renumbered or written over; ``room`` is its last good state, the inputs before the fault
    (downloads still read it). Answered ``broken``."""

    def __init__(self, table_id: str, problem: str, room: Room) -> None:
        super().__init__("broken", f"this table's stored inputs are damaged ({problem}): it is kept as it was "
                                   f"at input {room.seq} and cannot be played on; the host can open a new table")
        self.table_id, self.problem, self.room = table_id, problem, room


def rebuild(store: Store, table_id: str, *, from_snapshot: bool = True) -> Room:
    """A table's room from the store: its room record at the last hand's end and the inputs
    after it (recording the hands they finish whose records are missing), or every input from
    the start. A record that does not restore, that was not
    taken after the input stored at its ``seq`` (``Store.record_follows``), or whose inputs
    after it do not apply, is a miss: logged, and the room is built from every input
    (finished hands whose records are missing are then recorded again). Inputs that do not
    load whole (``TableBroken``) are logged once, with the room as it was before the fault."""
    settings = store.table_settings(table_id)
    if settings is None:
        raise Refused("no_table", "no such table")
    config, host_hash = Config.parse(settings[0]), settings[1]
    stored = store.room_record(table_id) if from_snapshot else None
    if stored is not None:
        try:
            if not store.record_follows(table_id, stored[0]):
                raise RecordMiss(f"it was not taken after the input stored as {stored[0]}")
            hands = store.hand_records(table_id)
            room = restored(table_id, config, host_hash, stored[1], hands)
            if room.seq != stored[0]:
                raise RecordMiss(f"it says input {room.seq}, and is stored as taken after input {stored[0]}")
            _replay_whole(room, store.input_rows(table_id, after=room.seq))
            # Hands the inputs after the record finished whose records were not stored (the
            # process stopped between an input and its hand's records) are recorded now.
            store.add_hand_records(table_id, {n: hand_json(room.hands[n - 1])
                                              for n in range(1, len(room.hands) + 1) if n not in hands})
            return room
        except TableBroken:
            raise
        except Exception as missed:
            LOG.warning("table %s: its room record (input %d) is a miss, rebuilt from every input: %s",
                        table_id, stored[0], missed)
    room = Room(table_id, config, host_hash)
    _replay_whole(room, store.input_rows(table_id))
    _record_hands(store, room)
    return room


def _replay_whole(room: Room, rows: list[tuple[int, str]]) -> None:
    """Apply stored inputs again, checked whole first: each row a JSON object, the ``seq``s
    following on from the room's without a gap; else ``TableBroken`` (logged) with the room
    as the good inputs before the fault left it. An input the room refuses is skipped, its
    number kept (``_replay``); one whose replay fails otherwise breaks the table there."""
    for seq, text in rows:
        problem = None
        if seq != room.seq + 1:
            problem = f"input {room.seq + 1} is missing (the next stored is {seq})"
        else:
            try:
                entry = orjson.loads(text)
            except orjson.JSONDecodeError as wrong:
                entry, problem = None, f"input {seq} is not JSON ({wrong})"
            if problem is None and not isinstance(entry, dict):
                problem = f"input {seq} is not an object"
            if problem is None:
                try:
                    _replay(room, [entry])
                except Exception as failed:
                    problem = f"input {seq} fails to replay ({type(failed).__name__}: {failed})"
        if problem is not None:
            LOG.error("table %s: %s: the table is kept as it was at input %d and refuses play (broken)",
                      room.table_id, problem, room.seq)
            raise TableBroken(room.table_id, problem, room)


def _replay(room: Room, entries: list[dict[str, object]]) -> None:
    """Apply stored inputs again (``Room.replay``), logging each skipped."""
    for number, kind, refused in room.replay(entries):
        LOG.warning("table %s: stored input %d (%s) is refused now and skipped: %s %s",
                    room.table_id, number, kind, refused.code, refused.message)


def _record_hands(store: Store, room: Room) -> None:
    """Store the records of the room's finished hands that the store lacks (an older
    release's rows, dropped by migration 0003, say)."""
    known = store.hand_records(room.table_id).keys()
    missing = {n: hand_json(hand) for n, hand in enumerate(room.hands, 1) if n not in known}
    store.add_hand_records(room.table_id, missing)


T = TypeVar("T")
KEEP_STORED = 16
"""Rooms of tables another process runs that a process keeps for downloads (the last used)."""


class StoredRooms:
    """Rooms built from the store for the downloads of tables another process runs: kept from
    one download to the next and brought up to date with the inputs stored since (not rebuilt
    whole each time). Used from worker threads, one at a time."""

    def __init__(self, store: Store, keep: int = KEEP_STORED) -> None:
        self.store, self.keep = store, keep
        self.rooms: OrderedDict[str, Room] = OrderedDict()
        self.lock = threading.Lock()

    def use(self, table_id: str, use: Callable[[Room], T]) -> T:
        """``use`` with the table's room as stored now."""
        with self.lock:
            room = self.rooms.pop(table_id, None)
            if room is None:
                room = rebuild(self.store, table_id)
            else:
                _replay_whole(room, self.store.input_rows(table_id, after=room.seq))
            self.rooms[table_id] = room
            while len(self.rooms) > self.keep:
                self.rooms.popitem(last=False)
            return use(room)
