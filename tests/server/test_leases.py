"""One owner per table through a PostgreSQL restart (issue 34, finding 4): ownership is a lease
with a fencing token (``Store.claim`` raises the table's epoch, every write holds it), the
writer waits out a database that is away instead of failing the table, and the bus's watch
goes on after any error. The whole of it: two ``pokerfloor serve`` processes, the database
restarted mid-hand, then one process writes the table and play goes on."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import psycopg
import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import OperationalError

from pokerfloor.server.bus import Bus, Relayed
from pokerfloor.server.commands import Pause, Start
from pokerfloor.server.schema import inputs, owners
from pokerfloor.server.store import NotOwner, Store
from pokerfloor.server.wire import libpq_url
from pokerfloor.server.writer import Writer
from tests.server.postgres import Cluster, running_cluster
from tests.server.test_bus import Seat, _check_stored, _play, _seated
from tests.server.test_faults import GAME, Server

RESUMED_SECONDS = 10.0      # the bound: play goes on within this after the restart


@pytest.fixture(scope="module")
def postgres() -> Iterator[Cluster]:
    with running_cluster() as running:
        yield running


def _new_table(store: Store) -> str:
    table_id = f"t{time.monotonic_ns()}"
    store.create_table(table_id, {"game": {}}, "h")
    return table_id


def _kill_locks(url: str, store: Store) -> None:
    """Terminate the backend holding ``store``'s advisory locks (as a restart drops it)."""
    assert store._lock is not None
    pid = store._lock.execute(text("SELECT pg_backend_pid()")).scalar()
    with psycopg.connect(libpq_url(url), autocommit=True) as db:
        db.execute("SELECT pg_terminate_backend(%s)", (pid,))
        for _ in range(500):        # gone, and its locks with it (the terminate only asks)
            if not db.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchall():
                return
            time.sleep(0.01)
    raise AssertionError("the lock connection's backend did not end")


def test_a_process_that_lost_its_lock_to_another_cannot_write_the_table(postgres: Cluster) -> None:
    old, new = Store(postgres.url), Store(postgres.url)
    try:
        table_id = _new_table(old)
        assert old.claim(table_id)
        old.write_many([(table_id, 1, {"kind": "a"}, None)])
        assert not new.claim(table_id)                  # the lock is held: one owner
        _kill_locks(postgres.url, old)                  # its lock goes (a restart, a dropped connection)
        assert new.claim(table_id)                      # another process takes the table
        with pytest.raises(NotOwner):
            old.write_many([(table_id, 2, {"kind": "b"}, None)])   # fenced: not written
        new.write_many([(table_id, 2, {"kind": "c"}, None)])
        assert [e["kind"] for e in new.inputs(table_id)] == ["a", "c"]
        epochs = [row[0] for row in new.engine.connect().execute(
            select(inputs.c.epoch).where(inputs.c.table_id == table_id).order_by(inputs.c.seq))]
        assert epochs == [1, 2]
        assert old.check_leases() == [table_id] and not old.owns(table_id)   # found without a write too
    finally:
        old.close()
        new.close()


def test_a_lock_lost_with_nobody_claiming_the_table_is_taken_again(postgres: Cluster) -> None:
    store, other = Store(postgres.url), Store(postgres.url)
    try:
        table_id = _new_table(store)
        assert store.claim(table_id)
        _kill_locks(postgres.url, store)
        assert store.check_leases() == []               # locked again on a new connection, same epoch
        assert store.owns(table_id) and not other.claim(table_id)
        store.write_many([(table_id, 1, {"kind": "a"}, None)])
    finally:
        store.close()
        other.close()


def test_the_writer_waits_out_a_database_restart_and_writes_once(postgres: Cluster) -> None:
    """A write made while PostgreSQL is down is not failed (its table would be rebuilt with the
    database away): it is written once the database is back, once."""
    store = Store(postgres.url)
    writer = Writer(store)
    table_id = _new_table(store)
    assert store.claim(table_id)
    outcome: list[BaseException | None] = []

    async def write() -> None:
        await writer.write(table_id, 1, Start(), None)
        postgres.stop()
        try:
            task = asyncio.create_task(writer.write(table_id, 2, Pause(), None))
            await asyncio.sleep(0.5)
            assert not task.done()                      # waiting for the database, not failed
        finally:
            threading.Thread(target=postgres.start).start()
        try:
            await asyncio.wait_for(task, 30)
            outcome.append(None)
        except Exception as failed:
            outcome.append(failed)
        await writer.close()

    try:
        asyncio.run(write())
        assert outcome == [None]
        for _ in range(100):
            if store.check_leases() == [] and store._lock is not None:
                break
            time.sleep(0.05)
        assert [e["kind"] for e in store.inputs(table_id)] == ["start", "pause"]
    finally:
        store.close()


def test_the_bus_watch_goes_on_after_a_database_error() -> None:
    """A database error while the watch takes over a relayed table (the store away) is logged,
    and the watch goes on: it tries again and takes the table over once it can."""
    calls: list[str] = []
    taken: dict[str, Any] = {}

    class Away:
        tables = taken
        store = cast(Store, None)

        def table_task(self, table_id: str) -> Any:
            calls.append(table_id)
            if len(calls) <= 2:
                raise OperationalError("SELECT", {}, Exception("the database system is starting up"))
            self.tables[table_id] = object()
            return self.tables[table_id]

    async def run() -> None:
        bus = Bus(cast(Any, Away()), "postgresql://p@h/d")
        bus.checked = float("inf")                      # no leases to check here
        bus.publish = lambda message: None              # type: ignore[method-assign]
        bus.relayed["c"] = Relayed(cast(Any, object()), "T", "{}")
        task = asyncio.create_task(bus._logged(bus._watch))
        for _ in range(100):
            if "T" in taken:
                break
            await asyncio.sleep(0.05)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(run())
    assert len(calls) == 3 and "T" in taken


def _epochs(url: str, table_id: str) -> list[int]:
    store = Store(url)
    try:
        with store.engine.connect() as db:
            return [int(row[0]) for row in db.execute(
                select(inputs.c.epoch).where(inputs.c.table_id == table_id).order_by(inputs.c.seq))]
    finally:
        store.close()


class Logged(Server):
    """``pokerfloor serve`` with its log kept in a file."""

    def __init__(self, db: str, log: Path) -> None:
        super().__init__(db)
        self.log = log

    def start(self, kill_at: str = "") -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-c", "from pokerfloor.cli import main; main()", *self._args()],
                env=self._env(kill_at), stdout=subprocess.DEVNULL, stderr=out,
            )
        self.pid = self.process.pid
        for _ in range(4000):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=1) as answer:
                    if answer.read() == b"ok":
                        return
            except OSError:
                assert not self.dead(), "the server did not start"
                time.sleep(0.005)
        raise AssertionError("the server did not start")


def test_two_processes_through_a_database_restart_mid_hand_keep_one_writer(postgres: Cluster, tmp_path: Path) -> None:
    """The issue's done-when: two ``serve`` processes, the clients of one table spread over
    both, PostgreSQL restarted with a hand in play. Afterwards exactly one process writes the
    table (each input's epoch: never an older owner's after a newer one's), play resumes within
    ``RESUMED_SECONDS``, no acknowledged action is lost or applied twice, and neither log holds
    a duplicate write or a failed dealer."""
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    servers: list[Server] = [Logged(postgres.url, logs[0]), Logged(postgres.url, logs[1])]
    for server in servers:
        server.start()
    seats: dict[str, Seat] = {}
    try:
        table_id = _seated(servers, seats)
        acked, _ = _play(seats, 1, servers)             # hand 1 played through; hand 2 is dealt
        state = seats["host"].reply({"type": "resync", "last_seq": seats["host"].seq})
        assert state["table"]["hand_number"] == 2 and not state["hand"]["is_over"]
        postgres.restart()
        restarted = time.monotonic()
        drops: list[int] = []
        more, _ = _play(seats, 2, servers, drops=drops)     # hand 2 finished after the restart
        resumed = time.monotonic() - restarted
        assert resumed < RESUMED_SECONDS, f"play resumed {resumed:.1f} s after the restart"
        more3, _ = _play(seats, 3, servers, drops=drops)
        for part in (more, more3):
            for key, count in part.items():
                acked[key] = acked.get(key, 0) + count
    finally:
        for seat_ in seats.values():
            seat_.close()
        for server in servers:
            server.close()
    _check_stored(postgres.url, table_id, acked)
    epochs = _epochs(postgres.url, table_id)
    assert epochs == sorted(epochs), "an older owner wrote after a newer one"
    store = Store(postgres.url)
    try:
        with store.engine.connect() as db:
            latest = db.execute(select(owners.c.epoch).where(owners.c.table_id == table_id)).scalar()
    finally:
        store.close()
    assert epochs[-1] == latest
    said = "".join(log.read_text(errors="replace") for log in logs)
    for wrong in ("duplicate key", "pf_inputs_table_seq", "the dealer failed", "Traceback (most recent call last)"):
        assert wrong not in said, said[-4000:]


def test_a_table_task_whose_write_is_fenced_stops_and_hands_its_clients_over(
        postgres: Cluster, monkeypatch: pytest.MonkeyPatch) -> None:
    """The process lost its lock and another process claimed the table: its next input is not
    written, its table task ends (no rebuild, no further write), and its clients are closed
    with 1012 to reconnect to the new owner."""
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

    from pokerfloor.server import bus as bus_module
    from pokerfloor.server import create_app

    monkeypatch.setattr(bus_module, "CHECK_SECONDS", 1e9)     # found by the write, not the watch
    app = create_app(postgres.url)
    server = app.state.server
    other = Store(postgres.url)
    try:
        with TestClient(app) as http, http.websocket_connect("/ws") as ws:
            ws.send_json({"type": "create_table", "game": GAME, "seats": 6, "id": 1})
            table_id = ws.receive_json()["table_id"]
            ws.receive_json()
            before = other.inputs(table_id)
            _kill_locks(postgres.url, server.store)
            assert other.claim(table_id)
            ws.send_json({"type": "join", "name": "host", "seat": 1, "chips": 100, "id": 2})
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    ws.receive_json()
            assert closed.value.code == bus_module.RESTART
            assert table_id not in server.tables and not server.store.owns(table_id)
            assert other.inputs(table_id) == before             # nothing written by the old owner
    finally:
        other.close()
