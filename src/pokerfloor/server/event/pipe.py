"""What an event's task writes and sends, in order, without the task waiting on the store.

The task makes its changes, then ``ship``s them: the store's write (``Work``: the inputs made,
the hands ended, now and then the whole state), made by the event's own writer thread, and the
frames that tell the clients, sent only once that write is committed (a client never hears of a
change the store does not hold). Meanwhile the task goes on with the next commands and turns;
the writer thread writes, in one commit, all the work that queued up while it wrote the last
(group commit: a commit is several milliseconds, up to a tenth of a second on a busy disk; one
a step would queue every client's updates behind all the commits before theirs). When the
database is away the write is tried again (``RETRY_FIRST``, twice as long each time, at most
``RETRY_MOST``) and the frames wait; a write of an event this process no longer owns
(``NotOwner``) ends the event's task here (``lost``). ``unwritten`` counts what is shipped and
not yet committed (an input 1, a hand's record ``HAND_WEIGHT``), so that the task can hold back
the house bots while the writer is behind: a person's action is written after every input made
before it, and a commit of a thousand bots' inputs is a tenth of a second.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from pokerfloor.server.event.core import Logged
from pokerfloor.server.store import NotOwner, transient
from pokerfloor.server.writer import drain

LOG = logging.getLogger("pokerfloor.server")
RETRY_FIRST = 0.05
RETRY_MOST = 2.0
HAND_WEIGHT = 8         # a finished hand's record costs the writer about as much as this many inputs

Send = Callable[[], Awaitable[None]]
"""One frame to send (or an error frame), once what it tells of is stored."""


Write = Callable[[list["Work"]], None]
"""The store's write of several ``Work``s at once, in the writer thread (one commit for all)."""


@dataclass(frozen=True)
class Work:
    """What one ``ship`` writes: the inputs made (seq, input), the hands ended, and the whole
    state (JSON) taken after input ``seq``, when it is due; the deals sent away
    (``away.Sent``) and the hands played away whose ends it applied (``away.Applied``)."""

    made: list[tuple[int, Logged]]
    ended: list[tuple[int, int, str]]
    state: str | None
    seq: int
    sent: list[tuple[str, int, str, str]] = field(default_factory=list)
    applied: list[tuple[str, int]] = field(default_factory=list)


def _until_done(write: Write, works: list[Work]) -> None:
    """In the writer thread: ``write(works)``, tried again while the database is away."""
    wait = RETRY_FIRST
    while True:
        try:
            write(works)
            return
        except Exception as failed:
            if not transient(failed):
                raise
            LOG.warning("the store is away (%s); the event's write is tried again in %.2f s", failed, wait)
        time.sleep(wait)
        wait = min(RETRY_MOST, 2 * wait)


class Pipe:
    """One event's writes and sends, in order (see the module's docstring)."""

    def __init__(self, name: str, write: Write, lost: Callable[[], None]) -> None:
        self.name, self.write, self.lost = name, write, lost
        self.works: queue.SimpleQueue[tuple[Work, asyncio.Future[None], asyncio.AbstractEventLoop] | None] = (
            queue.SimpleQueue())
        self.thread: threading.Thread | None = None
        self.sends: asyncio.Queue[tuple[asyncio.Future[None] | None, list[Send]] | None] = asyncio.Queue()
        self.sender: asyncio.Task[None] | None = None
        self.unwritten = 0      # the inputs (and weighted hands) shipped, not yet committed

    def ship(self, work: Work | None, sends: list[Send]) -> None:
        """Queue ``work`` for the writer thread (after the work before it) and send ``sends``
        once it is committed (and everything shipped before is sent)."""
        loop = asyncio.get_running_loop()
        if self.sender is None:
            self.sender = loop.create_task(self._send())
            self.thread = threading.Thread(target=self._write_all, name=f"pokerfloor-event-{self.name[:8]}",
                                           daemon=True)
            self.thread.start()
        done = None
        if work is not None:
            done = loop.create_future()
            weight = len(work.made) + HAND_WEIGHT * len(work.ended)
            self.unwritten += weight
            done.add_done_callback(lambda _done: self._written(weight))
            self.works.put((work, done, loop))
        if done is not None or sends:
            self.sends.put_nowait((done, sends))

    def _written(self, weight: int) -> None:
        self.unwritten -= weight

    def _write_all(self) -> None:
        """The writer thread: what has queued up since its last write, in one write (group commit)."""
        stop = False
        while not stop:
            batch, stop = drain(self.works)
            if not batch:
                return
            failure: BaseException | None = None
            try:
                _until_done(self.write, [work for work, _, _ in batch])
            except BaseException as failed:     # NotOwner is one (a BaseException): the task hears of it
                failure = failed
            loop = batch[0][2]
            loop.call_soon_threadsafe(_settle, [done for _, done, _ in batch], failure)

    async def _send(self) -> None:
        while (item := await self.sends.get()) is not None:
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
            self.sends.put_nowait(None)
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self.sender
            self.works.put(None)


def _settle(futures: list[asyncio.Future[None]], failure: BaseException | None) -> None:
    for done in futures:
        if done.cancelled():
            continue
        if failure is None:
            done.set_result(None)
        else:
            done.set_exception(failure)
