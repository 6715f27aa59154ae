"""The store's writer thread: inputs of every table are committed there, several to a transaction
(group commit), so the event loop serves other tables while SQLite or PostgreSQL works."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from typing import Any

from pokerfloor.server.store import Boundary, Store

Write = tuple[str, int, dict[str, Any], Boundary | None]
"""An input to store: table id, sequence number, the input, and (when it ended a hand) the
room's record taken after it and the finished hand's record."""


Pending = tuple[Write, "asyncio.Future[None]", asyncio.AbstractEventLoop]
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


class Writer:
    """One thread that writes to the store; started on the first write, stopped by ``close``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._writes: queue.SimpleQueue[Pending | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None

    async def write(self, table_id: str, seq: int, entry: dict[str, Any], ended: Boundary | None) -> None:
        """Store an input (and what a hand's end stores); returns once it is committed. Inputs of
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
            first = self._writes.get()
            if first is None:
                return
            batch = [first]
            while not self._writes.empty():
                more = self._writes.get()
                if more is None:
                    stop = True
                    break
                batch.append(more)
            try:
                self.store.write_many([write for write, _, _ in batch])
                failures: list[BaseException | None] = [None] * len(batch)
            except Exception:
                # One at a time, so that only the write at fault fails (its table is rebuilt).
                failures = [self._write_one(write) for write, _, _ in batch]
            by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], BaseException | None]]] = {}
            for (_, done, loop), failure in zip(batch, failures, strict=True):
                by_loop.setdefault(loop, []).append((done, failure))
            for loop, settled in by_loop.items():       # one wake-up of each loop a batch
                with contextlib.suppress(RuntimeError):     # that loop has closed
                    loop.call_soon_threadsafe(_settle, settled)

    def _write_one(self, write: Write) -> BaseException | None:
        try:
            self.store.write_many([write])
        except Exception as failed:
            return failed
        return None

    async def close(self) -> None:
        """Let the thread write what is queued, then stop it."""
        if self.thread is not None:
            self._writes.put(None)
            await asyncio.to_thread(self.thread.join)
            self.thread = None
