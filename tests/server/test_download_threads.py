"""Downloads built off the event loop (issue 34, finding 10): four people downloading a long
session raised a playing table's act-to-ack from 1.6 to 58 ms, the PHH built on the loop; on a
process that does not run the table each download rebuilt the room from the store. Now the loop
only takes what a build reads, a worker thread builds it, at most ``WAITING`` wait for one, and
the stored room of another process's table is kept and brought up to date. (The latency itself
is measured by ``pokerfloor bench serve``, not here.)"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from starlette.responses import PlainTextResponse, Response
from starlette.testclient import TestClient

from pokerfloor.server import create_app, downloads, records
from pokerfloor.server.records import StoredRooms
from pokerfloor.server.store import Store
from tests.server.played import SETTINGS, play, write_database


def test_a_download_is_built_in_a_worker_thread_not_on_the_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    url = f"sqlite:///{tmp_path / 'd.db'}"
    room = write_database(str(tmp_path / "d.db"), hands=3, more=2)
    built_in: list[str] = []
    real = downloads.session_phh

    def spy(session: downloads.Session) -> str:
        built_in.append(threading.current_thread().name)
        return real(session)

    monkeypatch.setattr(downloads, "session_phh", spy)
    with TestClient(create_app(url)) as http:
        loop_thread: list[str] = []
        http.portal.call(lambda: loop_thread.append(threading.current_thread().name))   # type: ignore[union-attr]
        answer = http.get(f"/api/tables/{room.table_id}/hands.phhs")
    assert answer.status_code == 200 and answer.text.count("actions") == 3
    assert built_in and built_in[0].startswith("pokerfloor-download") and built_in[0] != loop_thread[0]


def test_downloads_waiting_for_a_thread_are_bounded() -> None:
    """One thread and one place to wait: a third download at once is answered 503, and once
    the first is built the next is taken again."""
    release = threading.Event()

    def slow() -> Response:
        release.wait(10)
        return PlainTextResponse("built")

    async def run() -> list[int]:
        builders = downloads.Builders(threads=1, waiting=1)
        try:
            first = asyncio.ensure_future(builders.run(slow))
            second = asyncio.ensure_future(builders.run(slow))
            await asyncio.sleep(0.05)
            third = await builders.run(slow)
            release.set()
            done = [await first, await second, third, await builders.run(lambda: PlainTextResponse("again"))]
            return [r.status_code for r in done]
        finally:
            builders.close()

    assert asyncio.run(run()) == [200, 200, 503, 200]


def test_another_process_s_table_is_rebuilt_once_then_brought_up_to_date(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three downloads with inputs stored between them: one rebuild from the store, then only
    the new inputs replayed each time; the room is the same as one rebuilt whole."""
    room, inputs = play(3, more=4)
    url = f"sqlite:///{tmp_path / 's.db'}"
    store = Store(url)
    store.create_table(room.table_id, SETTINGS, room.host_hash)
    rebuilds: list[str] = []
    real = records.rebuild

    def counted(*args: Any, **kwargs: Any) -> Any:
        rebuilds.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(records, "rebuild", counted)
    kept = StoredRooms(store)
    seqs = []
    for part in (inputs[:10], inputs[10:20], inputs[20:]):
        start = len(store.inputs(room.table_id))
        store.write_many([(room.table_id, start + i, entry, None) for i, entry in enumerate(part, 1)])
        seqs.append(kept.use(room.table_id, lambda r: r.seq))
    assert rebuilds == [room.table_id]
    assert seqs == [10, 20, len(inputs)]
    assert kept.use(room.table_id, records.room_record) == records.room_record(real(store, room.table_id))
    store.close()
