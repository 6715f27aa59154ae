"""What an event's task writes and sends, in order, without the task waiting on the store.

The task makes its changes, then ``ship``s them: the store's write (the inputs made, the hands
ended, now and then the whole state), run in the event's own writer thread, and the frames that
tell the clients, sent only once that write is committed (a client never hears of a change the
store does not hold). Meanwhile the task goes on with the next commands and turns; their writes
follow in the same thread, in order, each committing what queued up behind the last (a commit is
several milliseconds; a task that waited on each would hold every client back by all the
commits before theirs). When the database is away the write is tried again (``RETRY_FIRST``,
twice as long each time, at most ``RETRY_MOST``) and the frames wait; a write of an event this
process no longer owns (``NotOwner``) ends the event's task here (``lost``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor

from pokerfloor.server.store import NotOwner, transient

LOG = logging.getLogger("pokerfloor.server")
RETRY_FIRST = 0.05
RETRY_MOST = 2.0

Send = Callable[[], Awaitable[None]]
"""One frame to send (or an error frame), once what it tells of is stored."""


def _until_done(write: Callable[[], None]) -> None:
    """In the writer thread: ``write()``, tried again while the database is away."""
    wait = RETRY_FIRST
    while True:
        try:
            write()
            return
        except Exception as failed:
            if not transient(failed):
                raise
            LOG.warning("the store is away (%s); the event's write is tried again in %.2f s", failed, wait)
        time.sleep(wait)
        wait = min(RETRY_MOST, 2 * wait)


class Pipe:
    """One event's writes and sends, in order (see the module's docstring)."""

    def __init__(self, name: str, lost: Callable[[], None]) -> None:
        self.name, self.lost = name, lost
        self.writer = ThreadPoolExecutor(1, thread_name_prefix=f"pokerfloor-event-{name[:8]}")
        self.queue: asyncio.Queue[tuple[asyncio.Future[None] | None, list[Send]] | None] = asyncio.Queue()
        self.sender: asyncio.Task[None] | None = None

    def ship(self, write: Callable[[], None] | None, sends: list[Send]) -> None:
        """Start ``write`` (in the writer thread, after the writes before it) and send ``sends``
        once it is committed (and everything shipped before is sent)."""
        loop = asyncio.get_running_loop()
        if self.sender is None:
            self.sender = loop.create_task(self._send())
        done = None if write is None else loop.run_in_executor(self.writer, _until_done, write)
        if done is not None or sends:
            self.queue.put_nowait((done, sends))

    async def _send(self) -> None:
        while (item := await self.queue.get()) is not None:
            done, sends = item
            if done is not None:
                try:
                    await done
                except NotOwner:
                    LOG.warning("event %s: another process owns it now; stopped here", self.name)
                    self.lost()
                    return
                except Exception:
                    LOG.exception("event %s: a write failed; its updates are sent all the same", self.name)
            for send in sends:
                try:
                    await send()
                except Exception:
                    LOG.exception("event %s: an update failed", self.name)

    async def drain(self) -> None:
        """Wait for everything shipped to be written and sent, then stop."""
        if self.sender is not None:
            self.queue.put_nowait(None)
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self.sender
        self.writer.shutdown(wait=True)
