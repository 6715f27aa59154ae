"""What the server stores as a hand ends (docs/records.md): the room as a versioned JSON
``RoomRecord``, each finished hand as its ``HandRecord``. A record restores the room exactly; one
this release cannot read is a miss, rebuilt from the inputs, never a crash loop; no pickle is
read or written anywhere in the server; and a database this release wrote keeps opening."""

from __future__ import annotations

import json
import logging
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, insert, text
from starlette.testclient import TestClient

from pokerfloor.server import records
from pokerfloor.server.app import Server, create_app
from pokerfloor.server.room import Config, Room
from pokerfloor.server.schema import room_records
from pokerfloor.server.settings import Clock
from pokerfloor.server.store import Boundary, Store
from tests.server.conftest import Session
from tests.server.played import SETTINGS, play, write_database

SERVER = Path(records.__file__).parent
FIXTURES = Path(__file__).parent / "fixtures"


def _stored(tmp_path: Path, hands: int, more: int = 0) -> tuple[Store, Room, str]:
    """A store of one played table (inputs, room record, hand records), its live room, its URL."""
    url = f"sqlite:///{tmp_path / 'played.db'}"
    room = write_database(str(tmp_path / "played.db"), hands=hands, more=more)
    return Store(url), room, url


def test_no_module_of_the_server_reads_or_writes_a_pickle() -> None:
    """Finding 2 of issue 22: anyone who can write the database file ran code on the server."""
    found = [f"{path.relative_to(SERVER)}:{n}" for path in SERVER.rglob("*.py")
             for n, line in enumerate(path.read_text().splitlines(), 1) if re.search(r"pickle", line)]
    assert found == []


def _plain(record: dict[str, Any]) -> Any:
    return json.loads(json.dumps(record))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    more=st.integers(0, 12),
    options=st.fixed_dictionaries({
        "straddles": st.sampled_from(["none", "utg", "mississippi"]),
        "button_rule": st.sampled_from(["dead", "moving", "simplified"]),
        "run_it_twice": st.booleans(),
        "auto_muck": st.booleans(),
    }),
)
def test_a_room_record_restores_the_room_exactly_and_it_goes_on_the_same(
    seed: int, players: int, more: int, options: dict[str, Any]
) -> None:
    """At each hand's end the room's record, restored with the hands' records, is a room whose
    own record is the same JSON; fed the inputs that followed, it ends where the live room did
    (random sessions: seats, straddles, button rules, run it twice, showdown mucking)."""
    table = {**SETTINGS, "options": {**SETTINGS["options"], **options}}
    taken: list[tuple[int, Boundary, dict[str, Any]]] = []
    hands: dict[int, str] = {}

    def at_boundary(room: Room) -> None:
        ended = records.boundary(room)
        hands[ended.hand_number] = ended.hand
        if ended.hand_number % 3 == 1:
            taken.append((room.seq, ended, _plain(records.room_record(room))))   # as it is now

    room, inputs = play(6, players=players, more=more, seed=seed, settings=table, at_boundary=at_boundary)
    config = Config.parse(table)
    for seq, ended, live in taken:
        data = json.loads(ended.record)
        assert data["format"] == "pokerfloor.room-record" and data["version"] == records.ROOM_RECORD_VERSION
        again = records.restored(room.table_id, config, room.host_hash, ended.record, hands)
        assert _plain(records.room_record(again)) == live
        for entry in inputs[seq:]:
            again.apply_stored(entry)
        assert _plain(records.room_record(again)) == _plain(records.room_record(room))
        assert [h.record() for h in again.hands] == [h.record() for h in room.hands]
        assert again.forgotten_entries() == room.forgotten_entries()


def test_every_field_of_a_room_is_in_its_record_or_left_out_on_purpose() -> None:
    """A field added to ``Room`` must be recorded (and the record's version thought about) or
    named here with the reason it need not be."""
    left_out = {
        "config": "the create_table settings, in pf_tables (the clock the host sets later: action_clock)",
        "host_hash": "in pf_tables",
        "applied": "every action id ever applied: only the last hand's (hand_actions) can be resent",
    }
    room, _ = play(1)
    assert set(Room.__dataclass_fields__) - set(records.room_record(room)) == set(left_out)


def test_a_restored_room_still_knows_the_last_hands_action_ids() -> None:
    """A client whose action ended a hand may resend it after a restart (its ack was lost): the
    record keeps the action ids of the last hand, the only ones a resend can carry."""
    room, _ = play(3)
    last = records.restored(room.table_id, Config.parse(SETTINGS), room.host_hash,
                            records.boundary(room).record,
                            {n: records.hand_json(h) for n, h in enumerate(room.hands, 1)})
    assert room.hand_actions and last.hand_actions == room.hand_actions
    for player, ids in room.hand_actions.items():
        assert set(ids) <= last.applied[player] <= room.applied[player]


def _rewrite_record(store: Store, table_id: str, body: str | bytes) -> None:
    with store.engine.begin() as db:
        seq = db.execute(text("SELECT seq FROM pf_room_records WHERE table_id = :t"), {"t": table_id}).scalar()
        db.execute(room_records.delete().where(room_records.c.table_id == table_id))
        db.execute(insert(room_records).values(table_id=table_id, seq=seq, body=body))


def _other_version(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "version": 99}


def _other_table(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "table_id": "another"}


def _bad_field(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "players": [["p1", "ann"]]}


def _bad_table(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "table": {**record["table"], "version": 7}}


@pytest.mark.parametrize("spoil", [_other_version, _other_table, _bad_field, _bad_table, "not json", "pickle"])
def test_a_record_this_release_does_not_read_is_a_miss_rebuilt_from_the_inputs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, spoil: Any
) -> None:
    """Another version, another table's, a malformed field, a table record of another version,
    text that is not JSON, an old pickle: each is logged as a miss and the room is built from
    every input, the same room."""
    store, room, _ = _stored(tmp_path, hands=4, more=3)
    stored = store.room_record(room.table_id)
    assert stored is not None
    if spoil == "not json":
        body: str | bytes = "{not json"
    elif spoil == "pickle":
        body = b"\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00\x8c\x02os\x94\x8c\x06system\x94\x93\x94."
    else:
        body = json.dumps(spoil(json.loads(stored[1])))
    _rewrite_record(store, room.table_id, body)
    with caplog.at_level(logging.WARNING, logger="pokerfloor.server"):
        rebuilt = Server(store).rebuild(room.table_id)
    assert any("is a miss" in r.getMessage() for r in caplog.records)
    assert records.room_record(rebuilt) == records.room_record(room)
    store.close()


def test_a_missing_hand_record_is_a_miss_and_the_rebuilt_room_records_it_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store, room, _ = _stored(tmp_path, hands=4)
    with store.engine.begin() as db:
        db.execute(text("DELETE FROM pf_hand_records WHERE number = 2"))
    with caplog.at_level(logging.WARNING, logger="pokerfloor.server"):
        rebuilt = Server(store).rebuild(room.table_id)
    assert any("is a miss" in r.getMessage() for r in caplog.records)
    assert sorted(store.hand_records(room.table_id)) == [1, 2, 3, 4]
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="pokerfloor.server"):
        again = Server(store).rebuild(room.table_id)                 # the record restores again
    assert not caplog.records
    assert records.room_record(again) == records.room_record(rebuilt) == records.room_record(room)
    store.close()


def test_a_restored_room_that_cannot_go_on_is_rebuilt_from_its_inputs_once_not_every_poll(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 2 of issue 22: a restored room that failed as the table dealt was restored again
    from the same snapshot every 20 ms, forever. Now the failed room is rebuilt from every
    input (not its record), and the table plays on."""
    store, room, url = _stored(tmp_path, hands=3)
    store.close()
    restores: list[float] = []
    real = records.restored

    def poisoned(*args: Any) -> Room:
        restored = real(*args)
        restores.append(time.monotonic())

        def broken() -> bool:
            raise RuntimeError("a room that cannot go on")

        restored.ready_to_deal = broken  # type: ignore[method-assign]
        return restored

    monkeypatch.setattr(records, "restored", poisoned)
    with TestClient(create_app(url)) as http, http.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "version": 1, "table_id": room.table_id, "token": "host"})
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["seq"] == room.seq
        update = ws.receive_json()                 # the rebuilt table deals the next hand
        assert update["type"] == "update" and update["table"]["hand_number"] == room.table.hand_number + 1
        time.sleep(0.3)                            # 15 polls
        task = http.app.state.server.tables[room.table_id]  # type: ignore[attr-defined]
        assert len(restores) == 1 and task.room.ready_to_deal() is False
        assert task.room.seq == update["seq"]


def test_a_database_of_the_pickle_release_is_migrated_and_its_tables_rebuilt(tmp_path: Path) -> None:
    """Migration 0003 drops the pickled snapshot and hand rows (reading them runs code) and keeps
    the inputs: the table is rebuilt from them and its finished hands recorded again."""
    from alembic import command
    from alembic.config import Config as AlembicConfig

    room, inputs = play(4, more=2)
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    config = AlembicConfig()
    config.set_main_option("script_location", str(SERVER / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
        connection.execute(text("INSERT INTO pf_tables VALUES (:t, :c, :h)"),
                           {"t": room.table_id, "c": json.dumps(SETTINGS), "h": room.host_hash})
        for seq, entry in enumerate(inputs, 1):
            connection.execute(text("INSERT INTO pf_inputs (table_id, seq, body) VALUES (:t, :s, :b)"),
                               {"t": room.table_id, "s": seq, "b": json.dumps(entry)})
        connection.execute(text("INSERT INTO pf_snapshots VALUES (:t, 1, :b)"), {"t": room.table_id, "b": b"\x80\x04."})
        connection.execute(text("INSERT INTO pf_hands VALUES (:t, 1, :b)"), {"t": room.table_id, "b": b"\x80\x04."})
    engine.dispose()
    store = Store(url)
    with store.engine.connect() as db:
        names = set(db.execute(text("SELECT name FROM sqlite_master WHERE type = 'table'")).scalars())
    assert {"pf_room_records", "pf_hand_records"} <= names and not {"pf_snapshots", "pf_hands"} & names
    rebuilt = Server(store).rebuild(room.table_id)
    assert records.room_record(rebuilt) == records.room_record(room)
    hands = store.hand_records(room.table_id)
    assert [json.loads(hands[n]) for n in sorted(hands)] == [h.record().to_dict() for h in room.hands]
    store.close()


# What a record before version 3 could not hold: the history (chat and events) before it, the
# names of players who had left by then, and the game the last hand was dealt at.
NOT_IN_V2 = ("log", "names", "dealt_game")


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_database_this_release_wrote_opens_restores_its_record_and_plays_on(tmp_path: Path, version: int) -> None:
    """The fixtures are SQLite stores written by this release (``tests/server/played.py``,
    version 3) and by the ones before (versions 1 and 2): their room records must keep restoring
    (not a miss). A change to what a record holds must come with its upgrade (a new version read
    beside the old, or a migration), not break this."""
    path = tmp_path / "fixture.db"
    shutil.copy(FIXTURES / f"room-records-v{version}.db", path)
    store = Store(f"sqlite:///{path}")
    table_id = "t-played"
    settings = store.table_settings(table_id)
    stored = store.room_record(table_id)
    assert settings is not None and stored is not None
    assert json.loads(stored[1])["version"] == version
    options = settings[0].get("options") or {}
    if version < 3 and "clock" not in options:
        # These fixtures stored the create_table frame as sent, without a clock, which the
        # releases that wrote them read as no clock (a server stores ``Config.to_json``, which
        # always names the clock); this release's default is a clock.
        settings = ({**settings[0], "options": {**options, "clock": None}}, settings[1])
    config = Config.parse(settings[0])
    restored = records.restored(table_id, config, settings[1], stored[1], store.hand_records(table_id))
    for entry in store.inputs(table_id, after=restored.seq):
        restored.apply_stored(entry)
    replayed = Room(table_id, config, settings[1])
    for entry in store.inputs(table_id):
        replayed.apply_stored(entry)
    old = NOT_IN_V2 if version < 3 else ()
    assert ({k: v for k, v in records.room_record(restored).items() if k not in old}
            == {k: v for k, v in records.room_record(replayed).items() if k not in old})
    assert len(restored.hands) == 6 and restored.in_hand
    hand = restored.hand
    assert hand is not None and hand.to_act is not None
    player = restored.player_at(hand.to_act)
    assert player is not None
    restored.apply_stored({"kind": "act", "player_id": player.player_id, "action": "fold", "client_action_id": "later"})
    store.close()


def test_the_clock_the_host_set_is_in_the_record_and_restored() -> None:
    """``set_clock`` changes the room's config, which pf_tables holds as created: the record
    carries the clock as set (``action_clock``), and a room restored from it times turns so."""
    from .test_refused import HOST, config, seated

    room = seated(Room("t", config(), HOST))
    room.apply(room.next_deal())
    while room.in_hand:
        hand = room.table.hand
        assert hand is not None and hand.to_act is not None
        player = room.player_at(hand.to_act)
        assert player is not None
        room.apply_stored({"kind": "act", "player_id": player.player_id, "action": "fold", "to": None,
                    "client_action_id": f"f{room.seq}"})
    room.apply_stored({"kind": "set_clock", "seconds": 7, "time_bank": 3})
    record = json.dumps(records.room_record(room))
    again = records.restored("t", config(), HOST, record, {1: records.hand_json(room.hands[0])})
    assert again.config.clock == room.config.clock == Clock(7.0, 3.0, 2.0)
    assert _plain(records.room_record(again)) == _plain(records.room_record(room))


def test_a_room_record_is_one_typed_value_its_json_written_and_read_from_its_fields(tmp_path: Path) -> None:
    """Issue 36: the room record is one definition (``RoomRecord``), from which its JSON is
    written and read back, every value checked against its field's type: the record a v3
    database holds reads into the value whose JSON is that record, and a value of the wrong type
    in any field is named as it is read (the room is then rebuilt from its inputs)."""
    from pokerfloor.server.room.record import RoomRecord
    from pokerfloor.typedjson import Unreadable

    path = tmp_path / "v3.db"
    shutil.copy(FIXTURES / "room-records-v3.db", path)
    store = Store(f"sqlite:///{path}")
    stored = store.room_record("t-played")
    store.close()
    assert stored is not None
    data = json.loads(stored[1])
    assert RoomRecord.read(data).json() == data
    room, _ = play(2, more=3)
    live = records.room_record(room)
    assert RoomRecord.read(_plain(live)).json() == _plain(live)
    for field, wrong in (("seq", "7"), ("players", [["p1", "ann", "1", "h", 0, 0.0, False]]), ("paused", 0),
                         ("action_clock", {"seconds": 30}), ("names", {"p1": 3}), ("clock", True)):
        with pytest.raises(Unreadable, match=field):
            RoomRecord.read({**data, field: wrong})
    with pytest.raises(Unreadable, match="no field 'extra'"):
        RoomRecord.read({**data, "extra": 1})


def test_the_recorder_writes_the_same_room_record_as_a_whole_dump_and_only_the_new_rows_again() -> None:
    """Issue 34: the room record grows with the session (the deals and the ledger rows the table
    let go of), and was serialised whole at every hand's end, on the table's loop. The recorder
    keeps the JSON of the rows it wrote and adds only the new ones: the text is the same, byte for
    byte, at every hand's end, also for a room restored from its record (new lists: started again)."""
    recorder = records.Recorder()
    grown: list[int] = []
    written: list[int] = []
    real = records.orjson.dumps

    def counting(value: Any, *args: Any) -> bytes:
        if isinstance(value, list) and value and isinstance(value[0], list):
            written.append(len(value))          # the rows of an array the recorder writes itself
        return real(value, *args)

    def at_boundary(room: Room) -> None:
        whole = records.boundary(room)
        written.clear()
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(records.orjson, "dumps", counting)
            assert recorder.boundary(room) == whole
        grown.append(sum(written))

    room, _ = play(12, players=4, at_boundary=at_boundary)
    assert len(room.forgotten) > 24 and len(room.deals) == 12
    assert max(grown[1:]) < len(room.forgotten) / 3        # each hand's end writes its new rows only
    again = records.restored(room.table_id, Config.parse(SETTINGS), room.host_hash, records.boundary(room).record,
                             {n: records.hand_json(h) for n, h in enumerate(room.hands, 1)})
    assert recorder.boundary(again) == records.boundary(again)


def test_a_hands_records_stored_after_its_last_action_was_answered_and_lost_restore_the_same_room(
        http: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 34: the records of a hand's end (the room's and the hand's) were built and stored
    with the hand's last input, before its ack: 9 ms of every hand's last action, growing with
    the session. Now the input alone is stored before the ack, and the records after it, by
    themselves. A process killed between the two loses them: the room is then restored from the
    record before and the inputs after it, exactly, and the hand it lacks is recorded again."""
    server = http.app.state.server  # type: ignore[attr-defined]
    writes: list[tuple[int, bool]] = []
    real = server.writer.write

    async def losing_the_second_hands_records(table_id: str, seq: int, entry: Any, ended: Any) -> None:
        writes.append((seq, entry is None))
        if entry is None and ended.hand_number == 2:
            return                          # as if the process were killed before this write
        await real(table_id, seq, entry, ended)

    monkeypatch.setattr(server.writer, "write", losing_the_second_hands_records)
    game = Session(http, seed="0d")
    for seat, name in enumerate(("ann", "bob"), start=1):
        game.join(name, seat)
    assert game.host.reply({"type": "start"})["type"] == "ack"
    game.play_hand()
    game.play_hand()
    game.sync()
    room, store = game.room, server.store
    ends = [seq for seq, alone in writes if alone]
    assert len(ends) == 2 and all((seq, False) in writes[:writes.index((seq, True))] for seq in ends)
    assert store.room_record(game.table_id)[0] == ends[0] < ends[1] <= room.seq
    assert sorted(store.hand_records(game.table_id)) == [1]
    restored = records.rebuild(store, game.table_id)
    assert records.room_record(restored) == records.room_record(room)
    assert [h.record() for h in restored.hands] == [h.record() for h in room.hands]
    assert sorted(store.hand_records(game.table_id)) == [1, 2]
