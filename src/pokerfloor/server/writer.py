"""The store's writer thread: inputs of every table are committed there, several to a transaction
(group commit), so the event loop serves other tables while SQLite or PostgreSQL works.

When the database is away (PostgreSQL restarting, a dropped connection: ``store.transient``)
the writer tries again, waiting ``RETRY_FIRST`` seconds and twice as long each time after (at
most ``RETRY_MOST``), and the tables wait for it: an input is never reported failed, nor its
table rebuilt, only because the database was away for a moment. A retry does not write twice
what the first try committed. A write of a table this process no longer owns fails with
``NotOwner``, and only that table's."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from typing import TypeVar

from pokerfloor.server.fields import Input
from pokerfloor.server.store import Boundary, NotOwner, Store, Write, transient

LOG = logging.getLogger("pokerfloor.server")
RETRY_FIRST = 0.05      # the first wait before a write is tried again, the database being away
RETRY_MOST = 2.0        # the longest wait between two tries

Stored = tuple[str, int, Input | None, Boundary | None]
"""What a table stores (``Writer.write``): the input as its typed value, its JSON (``store.Write``)
made in the writer thread, at the store's edge."""
Pending = tuple[Stored, "asyncio.Future[None]", asyncio.AbstractEventLoop]
"""A write waiting for the writer thread, the future its table awaits, and that future's loop."""


def _settle(settled: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    """Tell the tables awaiting writes how they went (on the tables' loop)."""
    for done, failure in settled:
        if done.cancelled():
            continue
        if failure is None:
            done.set_result(None)
        else:
            done.set_exception(failure)


T = TypeVar("T")


def drain(writes: queue.SimpleQueue[T | None]) -> tuple[list[T], bool]:
    """A writer thread's next batch (group commit): the next item, waited for, and every item
    queued behind it, up to the ``None`` that stops the thread; and whether that ``None`` came
    (then the batch, perhaps empty, is the thread's last)."""
    first = writes.get()
    if first is None:
        return [], True
    batch = [first]
    while not writes.empty():
        more = writes.get()
        if more is None:
            return batch, True
        batch.append(more)
    return batch, False


def _json(stored: Stored) -> Write:
    """A table's write as the store takes it: the input as its JSON (``Input.json``)."""
    table_id, seq, entry, ended = stored
    return table_id, seq, None if entry is None else entry.json(), ended


class Writer:
    """One thread that writes to the store; started on the first write, stopped by ``close``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._writes: queue.SimpleQueue[Pending | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.closing = False        # once set, a write the database is away for fails instead of waiting

    async def write(self, table_id: str, seq: int, entry: Input | None, ended: Boundary | None) -> None:
        """Store an input, or what a hand's end stores (``store.Write``); returns once it is committed. Inputs of
        several tables that arrive together share one commit (group commit), made by the writer
        thread, so the loop serves other tables meanwhile; each table still hears of its input
        only after this."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        if self.thread is None:
            self.thread = threading.Thread(target=self._write_all, name="pokerfloor-store", daemon=True)
            self.thread.start()
        self._writes.put(((table_id, seq, entry, ended), done, loop))
        await done

    def _write_all(self) -> None:
        """The writer thread: it commits whatever has queued up, one transaction a batch, and
        goes straight on to the next batch (it does not wait for the loop to hear of the last)."""
        stop = False
        while not stop:
            batch, stop = drain(self._writes)
            if not batch:
                return
            failures: list[BaseException | None]
            if self._write_one([write for write, _, _ in batch]) is None:
                failures = [None] * len(batch)
            else:
                # One at a time, so that only the write at fault fails (its table is rebuilt).
                failures = [self._write_one([write]) for write, _, _ in batch]
            by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], BaseException | None]]] = {}
            for (_, done, loop), failure in zip(batch, failures, strict=True):
                by_loop.setdefault(loop, []).append((done, failure))
            for loop, settled in by_loop.items():       # one wake-up of each loop a batch
                with contextlib.suppress(RuntimeError):     # that loop has closed
                    loop.call_soon_threadsafe(_settle, settled)

    def _write_one(self, stored: list[Stored]) -> BaseException | None:
        """Write these in one transaction, each input as its JSON, trying again while the
        database is away; what failed otherwise (or None)."""
        try:
            writes = [_json(one) for one in stored]
        except Exception as failed:     # (no input fails to write itself; if one did, its write fails)
            return failed
        wait, again = RETRY_FIRST, False
        while True:
            try:
                self.store.write_many(writes, again=again)
            except NotOwner as lost:
                return lost
            except Exception as failed:
                if not transient(failed) or self.closing:
                    return failed
                if not again:
                    LOG.warning("the store is away (%s): writing again until it is back", type(failed).__name__)
                time.sleep(wait)
                wait, again = min(RETRY_MOST, wait * 2), True
                continue
            if again:
                LOG.info("the store is back: %d inputs written", len(writes))
            return None

    async def close(self) -> None:
        """Let the thread write what is queued, then stop it."""
        if self.thread is not None:
            self.closing = True
            self._writes.put(None)
            await asyncio.to_thread(self.thread.join)
            self.thread = None
