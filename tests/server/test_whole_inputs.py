"""Stored inputs load whole or are refused whole (issue 34, finding 9): a corrupt input row or a
gap in ``seq`` is one clear log line and the table marked broken, kept as it was before the
fault (its downloads still served), never a traceback on every hello, a crash loop or inputs
renumbered; and a room record is trusted only if it was taken after the input stored at its
``seq``."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete, update
from starlette.testclient import TestClient

from pokerfloor.server import records
from pokerfloor.server.app import Server, create_app
from pokerfloor.server.records import TableBroken
from pokerfloor.server.room import Refused
from pokerfloor.server.schema import inputs, room_records
from pokerfloor.server.store import Store
from pokerfloor.server.tables import BROKEN_RETRY
from tests.server.conftest import FakeClock
from tests.server.played import write_database


def _stored(tmp_path: Path, hands: int = 4, more: int = 6) -> tuple[Store, str, str]:
    path = tmp_path / "played.db"
    room = write_database(str(path), hands=hands, more=more)
    return Store(f"sqlite:///{path}"), room.table_id, f"sqlite:///{path}"


def _spoil(store: Store, table_id: str, seq: int, body: str | None) -> None:
    """Input ``seq`` rewritten as ``body``, or deleted (``None``); and the room record dropped,
    so the table is rebuilt from every input."""
    with store.engine.begin() as db:
        where = (inputs.c.table_id == table_id) & (inputs.c.seq == seq)
        if body is None:
            db.execute(delete(inputs).where(where))
        else:
            db.execute(update(inputs).where(where).values(body=body))
        db.execute(delete(room_records).where(room_records.c.table_id == table_id))


@pytest.mark.parametrize("body", [None, "{not json", "[1, 2]", json.dumps({"kind": "act", "player_id": 7})],
                         ids=["missing", "not-json", "not-an-object", "fails"])
def test_a_damaged_input_marks_the_table_broken_kept_before_it(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, body: str | None) -> None:
    store, table_id, _ = _stored(tmp_path)
    last = len(store.inputs(table_id))
    damaged = 10
    _spoil(store, table_id, damaged, body)
    server = Server(store)
    with caplog.at_level(logging.WARNING, logger="pokerfloor.server"):
        if body is not None and body.startswith('{"kind"'):
            # A well-formed input the room refuses (an older release stored it unchecked) is
            # skipped as a refused input is: it keeps its number, never renumbered.
            assert server.rebuild(table_id).seq == last
            return
        with pytest.raises(TableBroken) as broken:
            server.rebuild(table_id)
    assert broken.value.code == "broken" and broken.value.room.seq == damaged - 1
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(said) == 1 and f"input {damaged}" in said[0] and "broken" in said[0]
    store.close()


def test_a_gap_is_refused_at_hello_once_logged_and_never_renumbered(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Before: a missing row renumbered the inputs after it (the table went on at a lower
    ``seq`` and its next write took a stored one's number). Now every hello is answered
    ``broken``, the store is left as it was, the fault is logged once, and the downloads show the
    table as it was before the fault."""
    store, table_id, url = _stored(tmp_path)
    before = store.input_rows(table_id)
    _spoil(store, table_id, 10, None)
    store.close()
    app = create_app(url)
    with caplog.at_level(logging.WARNING, logger="pokerfloor.server"), TestClient(app) as http:
        for _ in range(3):
            with http.websocket_connect("/ws") as ws:
                ws.send_json({"type": "hello", "version": 1, "table_id": table_id, "id": 1})
                answer = ws.receive_json()
                assert answer["type"] == "error" and answer["code"] == "broken", answer
        summary = http.get(f"/api/tables/{table_id}/summary.json")
        assert summary.status_code == 200
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "input 10 is missing" in errors[0].getMessage()
    after = Store(url)
    assert after.input_rows(table_id) == [row for row in before if row[0] != 10]   # nothing written over
    after.close()


def test_a_room_record_with_a_wrong_seq_is_not_trusted(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A well-formed record whose stored ``seq`` is not the input it was taken after (here
    moved back by three) was trusted, and the inputs after the true record were replayed on it
    or ignored. Now it is a miss, and the room is built from every input, the same room."""
    store, table_id, _ = _stored(tmp_path)
    stored = store.room_record(table_id)
    assert stored is not None
    truth = Server(store).rebuild(table_id)
    with store.engine.begin() as db:
        db.execute(update(room_records).where(room_records.c.table_id == table_id).values(seq=stored[0] - 3))
    with caplog.at_level(logging.WARNING, logger="pokerfloor.server"):
        rebuilt = Server(store).rebuild(table_id)
    assert any("is a miss" in r.getMessage() for r in caplog.records)
    assert records.room_record(rebuilt) == records.room_record(truth)
    store.close()


def test_an_unknown_table_is_still_no_table(tmp_path: Path) -> None:
    store, _, _ = _stored(tmp_path, hands=1, more=0)
    with pytest.raises(Refused) as refused:
        Server(store).rebuild("nope")
    assert refused.value.code == "no_table"
    store.close()


def test_the_upgrade_from_stores_of_python_objects_tells_of_every_dropped_row(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 34, finding 12: migration 0003 dropped the old snapshots and hands without a
    word. Now each dropped row is a log line naming its table."""
    from alembic import command
    from alembic.config import Config as AlembicConfig
    from sqlalchemy import create_engine, text

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    config = AlembicConfig()
    config.set_main_option("script_location", str(Path(records.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
        connection.execute(text("INSERT INTO pf_snapshots VALUES ('tA', 7, :b)"), {"b": b"\x80\x04."})
        for number in (1, 2):
            connection.execute(text("INSERT INTO pf_hands VALUES ('tA', :n, :b)"), {"n": number, "b": b"\x80\x04."})
    engine.dispose()
    with caplog.at_level(logging.WARNING, logger="pokerfloor.server"):
        Store(url).close()
    said = [r.getMessage() for r in caplog.records if "migration 0003" in r.getMessage()]
    assert len(said) == 3 and all("tA" in line for line in said)
    assert "snapshot (after input 7," in said[0] and "hand 1" in said[1] and "hand 2" in said[2]


def test_a_restart_restores_the_record_and_replays_only_the_inputs_after_it(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """The record check (its input's SHA-256) trusts a record this release wrote: a restart
    replays only the inputs after the last hand's end, not every input."""
    store, table_id, _ = _stored(tmp_path, hands=5, more=4)
    replayed: list[int] = []
    real = records._replay

    def counted(room: records.Room, entries: list[dict[str, object]]) -> None:
        replayed.append(len(entries))
        real(room, entries)

    monkeypatch.setattr(records, "_replay", counted)
    with caplog.at_level(logging.WARNING, logger="pokerfloor.server"):
        Server(store).rebuild(table_id)
    assert not [r for r in caplog.records if "miss" in r.getMessage()]
    assert sum(replayed) == 4                  # the inputs after the record, not all of them
    store.close()


def test_a_broken_table_comes_back_on_a_hello_once_mended_without_a_restart(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A table marked broken stayed broken until the process restarted, even once its damaged
    row was put right. Now a hello loads it again now and then (``tables.BROKEN_RETRY``, the
    wait doubling while it is still broken, so no link holder can make the server read the
    inputs on every hello), and once the inputs load whole the table is served again."""
    store, table_id, url = _stored(tmp_path)
    kept = dict(store.input_rows(table_id))[10]
    last = len(store.input_rows(table_id))
    _spoil(store, table_id, 10, None)
    clock = FakeClock()

    def hello(ws: Any) -> dict[str, Any]:
        ws.send_json({"type": "hello", "version": 1, "table_id": table_id, "id": 1})
        return dict(ws.receive_json())

    with caplog.at_level(logging.WARNING, logger="pokerfloor.server"), TestClient(create_app(url, clock=clock)) as http:
        with http.websocket_connect("/ws") as ws:
            assert hello(ws)["code"] == "broken"
        clock.now += BROKEN_RETRY                          # still broken: tried again, and the wait doubles
        with http.websocket_connect("/ws") as ws:
            assert hello(ws)["code"] == "broken"
        store.write_many([(table_id, 10, json.loads(kept), None)])   # the damaged row put right, outside the server
        clock.now += BROKEN_RETRY                          # within the doubled wait: not read again yet
        with http.websocket_connect("/ws") as ws:
            assert hello(ws)["code"] == "broken"
        clock.now += BROKEN_RETRY
        with http.websocket_connect("/ws") as ws:
            welcome = hello(ws)
            assert welcome["type"] == "welcome" and welcome["seq"] == last, welcome
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(said) == 2                                   # the first load and the one retry that failed
    assert any("no longer broken" in r.getMessage() for r in caplog.records)
    store.close()


def test_a_table_has_its_room_record_from_its_creation_and_a_restart_restores_it(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Room records were first written at a hand's end, so a table restarted before one ended
    was rebuilt from nothing. Now the record of the table as created is stored with it (``seq``
    0, trusted by ``Store.record_follows``), and a restart restores it and applies the inputs
    after it: the same room as the one that ran."""
    url = f"sqlite:///{tmp_path / 'new.db'}"
    with TestClient(create_app(url)) as http, http.websocket_connect("/ws") as ws:
        ws.send_json({"type": "create_table", "game": {"variant": "holdem", "structure": "no_limit",
                                                       "small_blind": 1, "big_blind": 2}, "seats": 6})
        table_id = next(f for f in iter(ws.receive_json, None) if f["type"] == "table_created")["table_id"]
        store = Store(url)
        stored = store.room_record(table_id)
        assert stored is not None and stored[0] == 0 and store.record_follows(table_id, 0)
        ws.send_json({"type": "join", "name": "ann", "seat": 2, "chips": 100})
        while ws.receive_json()["type"] != "seat_requested":
            pass
    with caplog.at_level(logging.WARNING, logger="pokerfloor.server"):
        again = Server(store).rebuild(table_id)
    assert not [r for r in caplog.records if "miss" in r.getMessage()]
    assert again.seq == len(store.input_rows(table_id)) > 0
    assert again.player_at(2) is not None and again.player_at(2).name == "ann"   # type: ignore[union-attr]
    fresh = Server(store).rebuild(table_id, from_snapshot=False)
    assert records.room_record(again) == records.room_record(fresh)
    store.close()
