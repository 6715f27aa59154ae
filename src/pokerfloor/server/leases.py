"""A process's leases on the tables it runs (PostgreSQL): each table has one owner, the only
process that writes it. A process claims a table by taking its advisory lock (held on the
process's one lock connection, so the lease ends when the process dies) and raising the table's
epoch in ``pf_owners``; the store's writes are then made only while the epoch is still the one
it claimed (``Store.write_many``). ``check_leases`` finds the tables another process claimed
since (after a PostgreSQL restart took the locks), and takes the locks again when nobody else did.
"""

from __future__ import annotations

import hashlib
import logging
import threading

from sqlalchemy import Engine, select, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from pokerfloor.server.schema import owners

LOG = logging.getLogger("pokerfloor.server")


def _lock_key(table_id: str) -> int:
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:8], "big", signed=True)


class Leases:
    """The lease half of a ``Store``: SQLite (``lock_engine`` None) is one process, which owns
    every table."""

    def __init__(self, engine: Engine, lock_engine: Engine | None, owner: str) -> None:
        self.engine = engine
        self.owner = owner                      # this process, in ``pf_owners``
        self.epochs: dict[str, int] = {}        # table -> the epoch this process claimed it at
        self._lock: Connection | None = None    # the one connection holding this process's table locks
        self._leases = threading.Lock()         # the lock connection is used by the loop and by threads
        self._lost: list[str] = []              # tables found lost, not yet reported by ``check_leases``
        self._lock_engine = lock_engine

    def claim(self, table_id: str) -> bool:
        """Own a table: on PostgreSQL its advisory lock, held on this process's lock connection
        until the process ends (another process takes the table over when this one dies), and
        a new epoch in ``pf_owners``, which every write of this process checks from now on
        (``write_many``); SQLite is one process."""
        if self._lock_engine is None:
            return True
        with self._leases:
            if table_id in self.epochs:
                return True
            try:
                lock = self._lock_connection()
                got = lock.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": _lock_key(table_id)}).scalar()
                lock.commit()
            except DBAPIError:
                self._drop_lock_connection()    # gone with its locks: ``check_leases`` takes them again
                raise
            if not got:
                return False
            try:
                with self.engine.begin() as db:
                    epoch = db.execute(
                        text("INSERT INTO pf_owners (table_id, epoch, owner) VALUES (:t, 1, :o) "
                             "ON CONFLICT (table_id) DO UPDATE SET epoch = pf_owners.epoch + 1, owner = :o "
                             "RETURNING epoch"), {"t": table_id, "o": self.owner}).scalar_one()
            except BaseException:
                self._unlock(table_id)
                raise
            self.epochs[table_id] = int(epoch)
            return True

    def _lock_connection(self) -> Connection:
        """The connection holding this process's locks; a new one if it went, with the locks of
        the tables this process runs taken again on it (``_relock``: those claimed by another
        meanwhile are reported by the next ``check_leases``)."""
        if self._lock is None:
            assert self._lock_engine is not None
            self._lock = self._lock_engine.connect()
            if self.epochs:
                self._lost.extend(self._relock(self._lock))
        return self._lock

    def _unlock(self, table_id: str) -> None:
        if self._lock is not None:
            try:
                self._lock.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": _lock_key(table_id)})
                self._lock.commit()
            except DBAPIError:
                self._drop_lock_connection()

    def _drop_lock_connection(self) -> None:
        if self._lock is not None:
            try:
                self._lock.invalidate()
                self._lock.close()
            except Exception:       # a connection already gone
                LOG.debug("the lock connection did not close", exc_info=True)
            self._lock = None

    def release(self, table_id: str) -> None:
        """This process no longer runs the table (unloaded, or lost): its lock is let go."""
        with self._leases:
            if self.epochs.pop(table_id, None) is not None:
                self._unlock(table_id)

    def owns(self, table_id: str) -> bool:
        return self._lock_engine is None or table_id in self.epochs

    def check_leases(self) -> list[str]:
        """The tables this process has lost (another process claimed them since): each is
        released here. When the lock connection went (PostgreSQL restarted), the locks are taken
        again on a new one, and a table stays this process's only if nobody claimed it meanwhile
        (its epoch is still ours). While the database cannot be reached nothing is decided:
        the writes are fenced all the same."""
        if self._lock_engine is None:
            return []
        with self._leases:
            lost, self._lost = self._lost, []
            if not self.epochs:
                return lost
            try:
                if self._lock is not None:
                    self._lock.execute(text("SELECT 1")).scalar()
                    self._lock.commit()
                    return lost
            except DBAPIError:
                self._drop_lock_connection()
            try:
                self._lock_connection()
            except DBAPIError as failed:
                self._drop_lock_connection()
                LOG.warning("the store cannot be reached to check this process's tables (%s)", failed.orig)
            lost, self._lost = lost + self._lost, []
            return lost

    def _relock(self, lock: Connection) -> list[str]:
        """Take again, on a new lock connection, the locks of the tables this process runs; the
        tables another process claimed meanwhile (or holds now) are let go and returned."""
        with self.engine.connect() as db:
            claimed = dict(db.execute(select(owners.c.table_id, owners.c.epoch).where(owners.c.owner == self.owner)
                                      ).all())
        lost = []
        for table_id, epoch in list(self.epochs.items()):
            got = lock.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": _lock_key(table_id)}).scalar()
            lock.commit()
            if got and claimed.get(table_id) == epoch:
                continue
            if got:
                self._unlock(table_id)
            del self.epochs[table_id]
            lost.append(table_id)
        if lost:
            LOG.warning("the store was away and %d of this process's tables were claimed by another since: %s",
                        len(lost), ", ".join(lost))
        return lost


    def _close_leases(self) -> None:
        with self._leases:
            self.epochs.clear()
            self._drop_lock_connection()
        if self._lock_engine is not None:
            self._lock_engine.dispose()
