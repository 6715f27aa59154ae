"""Downloads built off the tables' process (issue 34, finding 10 and "p99 under 20 ms while four
clients download a 200-hand session"): built on the loop, four people downloading a long session
raised a playing table's act-to-ack from 1.6 to 58 ms; built in threads, they still held the
GIL the table's step waits for (p99 501 ms against 297 ms without). Now a worker process builds
them from the store (``downloads.Builders``), the loop only asks and answers, at most
``WAITING`` wait, a worker that dies is replaced, and the stored room of a table is kept and
brought up to date. (The latency itself is measured by ``pokerfloor bench --only serve
--downloaders 4``, not here.)"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerfloor.server import create_app, downloads, records
from pokerfloor.server.downloads import Built, Job
from pokerfloor.server.records import StoredRooms
from pokerfloor.server.store import Store
from tests.server.played import SETTINGS, play, write_database


def test_a_download_is_built_in_another_process_than_the_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    """Every file of the session is built by a process that is not the one running the table
    (and the same file as built from the table's room here)."""
    url = f"sqlite:///{tmp_path / 'd.db'}"
    room = write_database(str(tmp_path / "d.db"), hands=3, more=2)
    built_by: list[int] = []
    real = downloads.Builders.build

    async def spy(self: downloads.Builders, work: Any, job: Job) -> Built:
        built = await real(self, work, job)
        built_by.append(built.pid)
        return built

    monkeypatch.setattr(downloads.Builders, "build", spy)
    with TestClient(create_app(url)) as http:
        phh = http.get(f"/api/tables/{room.table_id}/hands.phhs")
        ohh = http.get(f"/api/tables/{room.table_id}/hands.ohh.json")
        kept = http.get(f"/api/tables/{room.table_id}/hands.json")
        replay = http.get(f"/api/tables/{room.table_id}/hands/2/replay.json")
        missing = http.get(f"/api/tables/{room.table_id}/hands/9/replay.json")
    assert [a.status_code for a in (phh, ohh, kept, replay, missing)] == [200, 200, 200, 200, 404]
    assert phh.text == downloads.session_phh(downloads.session(room)) and phh.text.count("actions") == 3
    assert len(ohh.json()) == len(kept.json()) == 3 and replay.json()["hand"] == room.deals[1].number
    assert len(built_by) == 5 and os.getpid() not in built_by


def held(job: Job) -> Built:
    """A build that waits until the file ``job.url`` names exists (in the worker process)."""
    while not Path(job.url).exists():
        time.sleep(0.01)
    return Built(200, "text/plain", b"built", os.getpid())


def dies(job: Job) -> Built:
    """A build whose process dies."""
    os._exit(3)


def test_downloads_waiting_for_the_worker_are_bounded(tmp_path: Path) -> None:
    """One worker and one place to wait: a third download at once is answered 503, and once
    the first is built the next is taken again."""
    release = tmp_path / "release"
    job = Job(str(release), "t", "phhs")

    async def run() -> list[int]:
        builders = downloads.Builders(processes=1, waiting=1)
        try:
            first = asyncio.ensure_future(builders.build(held, job))
            second = asyncio.ensure_future(builders.build(held, job))
            await asyncio.sleep(0)
            third = await builders.build(held, job)
            release.touch()
            done = [await first, await second, third, await builders.build(held, job)]
            assert {b.pid for b in done if b.status == 200} != {os.getpid()}
            return [b.status for b in done]
        finally:
            builders.close()

    assert asyncio.run(run()) == [200, 200, 503, 200]


def test_a_worker_that_dies_is_answered_503_and_replaced(tmp_path: Path) -> None:
    (tmp_path / "release").touch()

    async def run() -> list[int]:
        builders = downloads.Builders(processes=1, waiting=1)
        try:
            return [(await builders.build(work, Job(str(tmp_path / "release"), "t", "phhs"))).status
                    for work in (dies, held)]
        finally:
            builders.close()

    assert asyncio.run(run()) == [503, 200]


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


def test_each_hand_is_written_once_and_the_last_hand_again_each_time(tmp_path: Path) -> None:
    """The worker keeps each hand's text (``downloads.written``): a file built from what it
    kept is the file built afresh, and the session's last hand, which a ``show`` may still
    change until the next deal, is never kept."""
    room, _ = play(4, more=3)
    taken = downloads.session(room)
    kept: dict[int, Any] = {}
    first = downloads.session_phh(taken, kept)
    assert sorted(kept) == [1, 2, 3]
    assert downloads.session_phh(taken, kept) == first == downloads.session_phh(taken)
    ohh_kept: dict[int, Any] = {}
    fresh = downloads.session_ohh(taken)
    assert downloads.session_ohh(taken, ohh_kept) == downloads.session_ohh(taken, ohh_kept) == fresh
    assert sorted(ohh_kept) == [1, 2, 3]
