"""The store: its schema comes from the Alembic migrations, and inputs are append-only with one
writer per sequence number."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from pokerfloor.server.commands import Pause, Start
from pokerfloor.server.schema import HEAD
from pokerfloor.server.store import Store
from pokerfloor.server.writer import drain


def test_the_schema_is_migrated_once_and_inputs_are_unique_per_seq(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}"
    store = Store(url)
    store.create_table("t", {"seats": 2}, "h")
    store.append("t", 1, Start())
    with pytest.raises(IntegrityError):
        store.append("t", 1, Pause())                  # a second writer of the same input fails
    store.close()
    again = Store(url)                                 # opening again migrates nothing
    with again.engine.connect() as db:
        assert db.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD == "0008"
        assert db.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert db.execute(text("PRAGMA synchronous")).scalar() == 2   # FULL
    assert again.inputs("t") == [{"kind": "start"}] and again.inputs("t", after=1) == []
    again.close()


def test_the_store_knows_the_newest_migration() -> None:
    """``HEAD`` lets a store at the newest schema skip Alembic on opening: it must be the head."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from pokerfloor.server import schema

    config = Config()
    config.set_main_option("script_location", str(Path(schema.__file__).parent / "migrations"))
    assert ScriptDirectory.from_config(config).get_current_head() == schema.HEAD


def test_the_writer_thread_fails_only_the_faulty_write_of_a_batch_and_stops_on_close(tmp_path: Path) -> None:
    """Inputs of several tables share one commit; a write the store refuses (a second writer of
    the same sequence number) fails alone, the others of its batch are stored."""
    import asyncio

    from pokerfloor.server.app import Server

    store = Store(f"sqlite:///{tmp_path / 'w.db'}")
    for table in ("a", "b"):
        store.create_table(table, {"seats": 2}, "h")
    server = Server(store)

    async def writes() -> list[object]:
        got = await asyncio.gather(
            server.write("a", 1, Start(), None),
            server.write("b", 1, Start(), None),
            server.write("a", 1, Pause(), None),
            server.write("b", 2, Pause(), None),
            return_exceptions=True,
        )
        writer = server.writer.thread
        assert writer is not None and writer.is_alive()
        await server.close()
        assert not writer.is_alive()
        return got

    got = asyncio.run(writes())
    assert got[:2] == [None, None] and got[3] is None and isinstance(got[2], IntegrityError)
    reopened = Store(f"sqlite:///{tmp_path / 'w.db'}")
    assert reopened.inputs("a") == [{"kind": "start"}]
    assert reopened.inputs("b") == [{"kind": "start"}, {"kind": "pause"}]
    reopened.close()



def test_a_write_whose_input_makes_no_json_fails_alone_and_the_writer_goes_on(tmp_path: Path) -> None:
    """Issue 36: a table hands the writer its input as the typed value, made JSON in the writer
    thread (the store's edge); should one fail there, that write fails, not the thread, and the
    writes beside it are committed."""
    import asyncio
    from types import SimpleNamespace
    from typing import Any

    from pokerfloor.server.writer import Writer

    store = Store(f"sqlite:///{tmp_path / 'w.db'}")
    store.create_table("a", {"seats": 2}, "h")
    writer = Writer(store)

    def wrong() -> dict[str, object]:
        raise RuntimeError("no JSON")

    async def writes() -> list[object]:
        broken: Any = SimpleNamespace(json=wrong)
        got = await asyncio.gather(writer.write("a", 1, Start(), None), writer.write("a", 2, broken, None),
                                   return_exceptions=True)
        got.append(await writer.write("a", 3, Start(), None))
        await writer.close()
        return list(got)

    got = asyncio.run(writes())
    assert got[0] is None and isinstance(got[1], RuntimeError) and got[2] is None
    assert [seq for seq, _ in store.input_rows("a")] == [1, 3]
    store.close()


def test_a_writer_thread_takes_all_that_queued_up_to_the_stop_as_one_batch() -> None:
    """Group commit (server/writer.py, server/event/pipe.py): a batch is the next write and
    every write queued behind it; the ``None`` that stops the thread ends the batch, and what
    comes after it is not taken."""
    writes: queue.SimpleQueue[str | None] = queue.SimpleQueue()
    for item in ("a", "b", None, "c"):
        writes.put(item)
    assert drain(writes) == (["a", "b"], True)
    assert drain(writes) == (["c"], False)
    writes.put(None)
    assert drain(writes) == ([], True)


def test_the_hand_rankings_are_ready_before_the_first_showdown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ranking's lookup tables are built on first use (a quarter of a second, pure build); the
    server builds them as it starts (high) and as a table opens (its game's, off the loop), so
    no table's first showdown stops every table meanwhile."""
    import time

    from starlette.testclient import TestClient

    from pokerfloor.evaluation.rankings import RANKINGS, Ranking
    from pokerfloor.server import app as served
    from tests.server.conftest import GAME

    built: list[str] = []
    for name, ranking in list(RANKINGS.items()):
        def evaluate(cards: object, name: str = name, ranking: Ranking = ranking) -> object:
            built.append(name)
            return ranking.evaluate(cards)   # type: ignore[arg-type]
        monkeypatch.setitem(RANKINGS, name, Ranking(ranking.rank, evaluate))
    with TestClient(served.create_app(f"sqlite:///{tmp_path / 'r.db'}")) as http:
        assert built and set(built) == {"high"}           # as the server started
        built.clear()
        with http.websocket_connect("/ws") as ws:
            ws.send_json({"type": "create_table", "game": {**GAME, "variant": "short_deck"}, "seats": 6})
            assert ws.receive_json()["type"] == "table_created"
            for _ in range(200):                          # built in a worker thread
                if built:
                    break
                time.sleep(0.01)
    assert set(built) == {"short_deck"}                   # its own ranking


def test_a_serving_process_hands_the_gil_to_the_writer_thread_sooner() -> None:
    """With the loop busy, each of a commit's returns to Python could wait the default 5 ms
    switch interval; ``pokerfloor serve`` shortens it."""
    import sys

    from pokerfloor.server.process import SWITCH_SECONDS, prepare_process

    before = sys.getswitchinterval()
    try:
        prepare_process()
        assert sys.getswitchinterval() == pytest.approx(SWITCH_SECONDS) and before > SWITCH_SECONDS
    finally:
        sys.setswitchinterval(before)


def test_a_serving_process_never_stops_for_a_full_collection_by_itself_but_collects_now_and_then() -> None:
    """Full collections stopped every table for 100-200 ms every few seconds (the p99 of
    ``bench --only serve``); the server does one every few minutes instead."""
    import asyncio
    import gc
    import sys

    from pokerfloor.server.process import collect_now_and_then, prepare_process

    before, switch = gc.get_threshold(), sys.getswitchinterval()
    full: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            full.append(1)

    gc.callbacks.append(count)
    try:
        prepare_process()
        assert gc.get_threshold()[:2] == before[:2] and gc.get_threshold()[2] > 10**9
        for _ in range(200_000):     # young garbage: no full collection starts by itself
            a: list[object] = []
            a.append(a)
        assert not full

        async def a_while() -> None:
            collector = asyncio.create_task(collect_now_and_then(0.01))
            await asyncio.sleep(0.1)
            collector.cancel()

        asyncio.run(a_while())
        assert full
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*before)
        sys.setswitchinterval(switch)


def test_a_sqlite_store_syncs_each_commit_unless_the_house_chooses_normal(tmp_path: Path) -> None:
    """``serve --sqlite-synchronous``: ``full`` by default (each commit synced to the disk), ``normal``
    when the house chooses it (the WAL synced at checkpoints only), nothing else."""
    for chosen, pragma in (("full", 2), ("normal", 1)):
        store = Store(f"sqlite:///{tmp_path / f'{chosen}.db'}", synchronous=chosen)
        with store.engine.connect() as db:
            assert db.execute(text("PRAGMA synchronous")).scalar() == pragma
        store.close()
    with pytest.raises(ValueError):
        Store(f"sqlite:///{tmp_path / 'off.db'}", synchronous="off")


KILLED_AFTER_WRITING = """
import os, signal, sys
from pokerfloor.server.store import Store
store = Store(sys.argv[1], synchronous="normal")
store.create_table("t", {"seats": 2}, "h")
for seq in range(1, 41):
    store.write_many([("t", seq, {"kind": "chat", "n": seq}, None)])
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_with_normal_sync_every_commit_survives_the_process_being_killed(tmp_path: Path) -> None:
    """The trade ``normal`` makes (docs/guide/hosting.md): a commit is in the OS's cache, not yet
    on the disk, so it survives SIGKILL (as every test of ``test_faults`` kills the server) but not
    a power loss, which no test here can make."""
    url = f"sqlite:///{tmp_path / 'killed.db'}"
    done = subprocess.run([sys.executable, "-c", KILLED_AFTER_WRITING, url], timeout=60,
                          env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert done.returncode == -signal.SIGKILL
    store = Store(url)
    assert [entry["n"] for entry in store.inputs("t")] == list(range(1, 41))
    store.close()
