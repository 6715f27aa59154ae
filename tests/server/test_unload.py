"""Idle tables unloaded and opened again on demand (issue 34, finding 12: 2,855 tables stayed in
memory, 38 MB, for as long as the process ran). A table with no client and nothing to do by
itself for ``IDLE_SECONDS`` leaves memory; a hello opens it again from the store, the same room.
A table with a client, or a hand to deal, stays."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pokerfloor.server import records
from pokerfloor.server.app import Server
from pokerfloor.server.commands import Pause
from pokerfloor.server.store import Store
from pokerfloor.server.tables import IDLE_SECONDS
from pokerfloor.server.transport import Client
from tests.server.played import write_database


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_an_idle_table_is_unloaded_and_opened_again_the_same(tmp_path: Path) -> None:
    room = write_database(str(tmp_path / "u.db"), hands=3, more=0)
    clock = Clock()

    async def run() -> None:
        server = Server(Store(f"sqlite:///{tmp_path / 'u.db'}"), clock=clock)
        try:
            task = server.table_task(room.table_id)
            assert await server.unload_idle() == []                 # a hand to deal: busy
            await task.commit(Pause())                    # the host paused and everyone left
            before = records.room_record(task.room)
            assert await server.unload_idle() == []                 # quiet from now on
            clock.now += IDLE_SECONDS / 2
            assert await server.unload_idle() == []
            clock.now += IDLE_SECONDS
            assert await server.unload_idle() == [room.table_id]
            assert room.table_id not in server.tables and task.task is not None and task.task.done()
            again = server.table_task(room.table_id)                # a hello opens it again
            assert again is not task and records.room_record(again.room) == before
        finally:
            await server.close()

    asyncio.run(run())


def test_a_table_with_a_client_stays(tmp_path: Path) -> None:
    room = write_database(str(tmp_path / "c.db"), hands=2, more=0)
    clock = Clock()

    async def run() -> None:
        server = Server(Store(f"sqlite:///{tmp_path / 'c.db'}"), clock=clock)
        try:
            task = server.table_task(room.table_id)
            await task.commit(Pause())                    # nothing to do by itself
            task.clients.add(Client(socket=None))  # type: ignore[arg-type]
            await server.unload_idle()
            clock.now += 10 * IDLE_SECONDS
            assert await server.unload_idle() == [] and room.table_id in server.tables
            task.clients.clear()
        finally:
            await server.close()

    asyncio.run(run())
