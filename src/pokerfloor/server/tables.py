"""The tables one serving process runs (``app.Server`` is built on ``Tables``): each started on
first use (its room rebuilt from the store, the table claimed on PostgreSQL), handed over when
another process claimed it (``NotOwner``), unloaded when idle, and found for the downloads; a
table whose stored inputs do not load whole is remembered as broken (``records.TableBroken``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import cast

from pokerfloor.server.actor import TableServer, TableTask
from pokerfloor.server.bus import RESTART, Bus
from pokerfloor.server.house import House, url_of
from pokerfloor.server.records import TableBroken, created, rebuild
from pokerfloor.server.room import Refused, Room
from pokerfloor.server.settings import Config
from pokerfloor.server.store import Boundary, NotOwner, Store, transient
from pokerfloor.server.transport import Client
from pokerfloor.server.writer import Writer

LOG = logging.getLogger("pokerfloor.server")
CLOSE_SECONDS = 1.0     # how long an unloaded table's task may take to end
IDLE_SECONDS = 600.0    # a table with no client and nothing to do for this long is unloaded
BROKEN_RETRY = 5.0      # a broken table is loaded again on a hello this long after it broke...
BROKEN_RETRY_MOST = 300.0   # ...the wait doubling each time it is still broken, up to this
UNLOAD_EVERY = 30.0     # how often the tables are looked over for idle ones


class Broken:
    """A table found broken (``records.TableBroken``), and when a hello may load it again:
    ``BROKEN_RETRY`` seconds after, then twice as long each time it is still broken, up to
    ``BROKEN_RETRY_MOST``."""

    def __init__(self, found: TableBroken, now: float, wait: float = BROKEN_RETRY) -> None:
        self.found, self.wait, self.again_at = found, wait, now + wait

    def again(self, found: TableBroken, now: float) -> Broken:
        return Broken(found, now, min(self.wait * 2, BROKEN_RETRY_MOST))


class Tables:
    """The tables of one process, their store and its writer (set by ``app.Server``)."""

    store: Store
    writer: Writer
    bus: Bus | None
    clock: Callable[[], float]

    def __init__(self, store: Store) -> None:
        self.tables: dict[str, TableTask] = {}
        self.broken: dict[str, Broken] = {}           # tables whose stored inputs do not load whole
        self.quiet: dict[str, float] = {}              # table -> since when it has had no client
        self.house = House()                           # the house's bots of the tables this process runs

    async def write(self, table_id: str, seq: int, entry: dict[str, object] | None, ended: Boundary | None) -> None:
        """Store an input, as its JSON (and what a hand's end stores); returns once it is committed
        (``Writer.write``: one commit for what several tables wrote meanwhile). A table another
        process claimed since is handed over (``NotOwner`` ends its task)."""
        try:
            await self.writer.write(table_id, seq, entry, ended)
        except NotOwner:
            await self.hand_over(table_id)
            raise

    async def hand_over(self, table_id: str) -> None:
        """This process lost the table (another claimed it: ``Store.check_leases``, or a fenced
        write): its task stops without writing again, and its clients are closed (1012) to
        reconnect and be relayed to the new owner, resyncing as after any crash."""
        task = self.tables.pop(table_id, None)
        if task is None:
            return
        LOG.warning("table %s: another process owns it now: handed over", table_id)
        self.store.release(table_id)
        self.house.stop(table_id)       # the new owner seats the house's bots again
        running = task.task
        if running is not None:
            running.add_done_callback(lambda done: done.cancelled() or done.exception())   # retrieved: no warning
            if running is not asyncio.current_task():
                running.cancel()
        for client in list(task.clients):
            client.table = None
            await client.close(RESTART)

    def store_new(self, table_id: str, config: Config, host_hash: str) -> None:
        """Store a new table with its room record as created (``records.created``)."""
        created(self.store, table_id, config, host_hash)

    def rebuild(self, table_id: str, *, from_snapshot: bool = True) -> Room:
        """A table's room from the store (``records.rebuild``)."""
        return rebuild(self.store, table_id, from_snapshot=from_snapshot)

    def table_task(self, table_id: str) -> TableTask:
        """The running table's task, started (its room rebuilt from the store) on first use
        (``Refused`` if unknown)."""
        running = self.tables.get(table_id)
        if running is not None:
            running.revive()        # a task that died is never kept (``TableTask.revive``)
            return running
        broken = self.broken.get(table_id)
        if broken is not None and self.clock() < broken.again_at:
            raise broken.found      # found (and logged): not rebuilt for every hello, only now and then
        try:
            if self.store.table_settings(table_id) is not None and not self.store.claim(table_id):
                raise Refused("not_owner", "another server runs this table: try again there or shortly")
            room = self.rebuild(table_id)
        except TableBroken as found:
            # Still broken: tried again after twice the wait. A table is mended outside the
            # server (its damaged row restored from a backup, say), and comes back on a hello
            # once it loads whole, without a restart.
            self.broken[table_id] = Broken(found, self.clock()) if broken is None else broken.again(found, self.clock())
            self.store.release(table_id)
            raise
        except Exception as failed:
            if not transient(failed):
                raise
            self.store.release(table_id)
            raise Refused("store_away", "the store cannot be reached just now: try again shortly") from None
        if self.broken.pop(table_id, None) is not None:
            LOG.warning("table %s: its stored inputs load whole again: the table is no longer broken", table_id)
        task = TableTask(cast(TableServer, self), room)
        self.tables[table_id] = task
        task.start()
        self.house.again(self.store, room)      # its house bots, after a restart or a takeover
        if self.bus is not None:
            self.bus.announce(table_id)
        return task

    async def unload_idle(self, idle: float = IDLE_SECONDS) -> list[str]:
        """Unload the tables that have had no client, and nothing to do by themselves (no clock
        running, no hand to deal), for ``idle`` seconds: each task ends, its room leaves memory
        and its lock is let go; a hello opens it again from the store (``table_task``).
        Returns the tables unloaded."""
        now, unloaded = self.clock(), []
        for table_id, task in list(self.tables.items()):
            room = task.room
            busy = (task.clients or not task.queue.empty() or room.deadline() is not None
                    or room.offer_deadline() is not None or room.ready_to_deal())
            if busy:
                self.quiet.pop(table_id, None)
                continue
            if now - self.quiet.setdefault(table_id, now) < idle:
                continue
            del self.tables[table_id]
            self.quiet.pop(table_id, None)
            await task.queue.put(None)
            if task.task is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(task.task, CLOSE_SECONDS)
            self.store.release(table_id)
            self.house.stop(table_id)
            unloaded.append(table_id)
        if unloaded:
            LOG.info("%d idle tables unloaded (%d still loaded)", len(unloaded), len(self.tables))
        return unloaded

    async def unload_now_and_then(self) -> None:
        """``unload_idle`` every ``UNLOAD_EVERY`` seconds, until cancelled (the server's end, when
        the house's bots stop too)."""
        try:
            while True:
                await asyncio.sleep(UNLOAD_EVERY)
                try:
                    await self.unload_idle()
                except Exception:
                    LOG.exception("unloading idle tables failed")
        finally:
            self.house.stop_all()

    def open_house(self, client: Client, room: Room, host_token: str, bots: int) -> None:
        """The lobby's ``bots`` option (``settings.CreateTable``): that many house bots in
        the seats after the host's, kept in the store and played by threads of this process,
        clients of this server at the address the host reached it by (``house.House``)."""
        here = self.house.here or url_of(getattr(client.socket, "scope", None))
        self.house.open(self.store, room, host_token, bots, here)

    def running(self, table_id: str) -> Room | None:
        """For a download (``downloads.Rooms``): the room this process runs, or None when
        another process runs it; a broken table's room as it was before the fault."""
        try:
            return self.table_task(table_id).room
        except TableBroken as broken:
            return broken.room
        except Refused as refused:
            if refused.code != "not_owner":
                raise
        return None

