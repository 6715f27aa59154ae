"""Work that must not hold the CPU or the GIL of the process that runs the tables (a download
of a long session, issue 34) runs in a worker process of its own: started with the first job,
from a fresh interpreter (``spawn``: nothing of the serving process's threads or sockets is
copied), at a lower priority than the tables (``NICE``), and ended when the serving process is
gone. A job is a picklable function and its picklable argument; at most ``waiting`` jobs wait
for a worker. As with any ``spawn``ed process, a script that serves the app must start it under
``if __name__ == "__main__":`` (``pokerfloor serve`` does), or the worker runs the script again."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Generic, TypeVar

LOG = logging.getLogger("pokerfloor.server")

NICE = 10
"""How much lower than the tables a worker runs (``os.nice``): on a busy machine the scheduler
gives the tables' process the CPU first, and the workers take what is left."""

ORPHAN_CHECK = 1.0
"""How often (seconds) a worker looks whether the serving process is still its parent."""

J = TypeVar("J")
R = TypeVar("R")


def _started(preload: tuple[str, ...]) -> None:
    """A worker's start: import ``preload`` while it still runs at the serving process's
    priority (the first job is not kept waiting behind a busy machine for them), then lower its
    priority (where the system has one to lower), and end it when the serving process is gone
    (killed, it shuts no pool down)."""
    for module in preload:
        importlib.import_module(module)
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICE)
    parent = multiprocessing.parent_process()     # the serving process, even if it is gone already
    threading.Thread(target=_orphaned, args=(os.getppid() if parent is None else parent.pid,),
                     name="pokerfloor-orphaned", daemon=True).start()


def _orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


class Workers(Generic[J, R]):
    """``processes`` worker processes, and the bound on the jobs waiting for them."""

    def __init__(self, processes: int, waiting: int, preload: tuple[str, ...] = ()) -> None:
        self.processes, self.limit, self.waiting = processes, processes + waiting, 0
        self.preload = preload
        self.pool: ProcessPoolExecutor | None = None

    def started(self) -> ProcessPoolExecutor:
        """The pool, its workers started now (``warm``) or with the first job."""
        if self.pool is None:
            self.pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=_started, initargs=(self.preload,))
        return self.pool

    def warm(self) -> None:
        """Start the workers now, so that the first job does not wait for a process to start
        (seconds on a busy machine); ``pokerfloor serve`` does, a test's app does not."""
        self.started().submit(int)

    async def run(self, work: Callable[[J], R], job: J) -> R | None:
        """``work(job)`` in a worker process; None at once when ``waiting`` jobs already wait,
        or when the worker died doing it (the next job starts another)."""
        if self.waiting >= self.limit:
            return None
        pool = self.started()
        self.waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, work, job)
        except BrokenProcessPool:
            LOG.error("a worker process died; the next job starts another")
            self.close()
            return None
        finally:
            self.waiting -= 1

    def close(self) -> None:
        pool, self.pool = self.pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
