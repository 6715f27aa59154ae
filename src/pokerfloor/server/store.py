"""The server's store: tables and their inputs, append-only, through SQLAlchemy 2 Core.

SQLite (a file, WAL, ``synchronous=FULL``) by default; PostgreSQL through a
``postgresql+psycopg://`` URL. Each input is committed before the server says anything about it.

On PostgreSQL several processes share the store, and each table has one owner, the only
process that writes it. Owning is a lease with a fencing token: a process claims a table by
taking its advisory lock (held on the process's one lock connection, so the lease ends when the
process dies) and raising the table's epoch in ``pf_owners``; every write then holds that row
(``FOR SHARE``) and is made only while the epoch is still the one it claimed. A process whose
lock went with a PostgreSQL restart, and whose table another process claimed since, can no
longer write it (``NotOwner``): it hands the table over. ``check_leases`` finds such tables
without a write, and takes the lock again when nobody else did.
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    insert,
    inspect,
    select,
    text,
    tuple_,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.pool import NullPool

LOG = logging.getLogger("pokerfloor.server")
metadata = MetaData()
HEAD = "0005"    # the newest migration in migrations/versions (a test checks it is Alembic's head)
CONNECT_SECONDS = 5     # how long a connection to PostgreSQL may take before it fails

tables = Table(
    "pf_tables",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("config", Text, nullable=False),
    Column("host_hash", String(64), nullable=False),
)

inputs = Table(
    "pf_inputs",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(64), nullable=False, index=True),
    Column("seq", Integer, nullable=False),
    Column("body", Text, nullable=False),
    Column("epoch", Integer, nullable=True),      # the owner's epoch it was written under (0: SQLite)
    UniqueConstraint("table_id", "seq", name="pf_inputs_table_seq"),
)

owners = Table(            # each table's lease on PostgreSQL: its owner and epoch, raised by every claim
    "pf_owners",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("epoch", Integer, nullable=False),
    Column("owner", String(64), nullable=False),
)

room_records = Table(      # each table's latest RoomRecord (JSON), taken as it was created and as each hand ended
    "pf_room_records",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("seq", Integer, nullable=False),
    Column("body", Text, nullable=False),
    Column("input_sha256", String(64), nullable=True),     # of the input it was taken after (its body)
)

hand_records = Table(      # each finished hand's HandRecord (JSON), numbered from 1 in the session
    "pf_hand_records",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("body", Text, nullable=False),
)


@dataclass(frozen=True)
class Boundary:
    """What is stored as a hand ends, beside its last input: the room's record (a
    ``RoomRecord``, without the earlier finished hands) and the finished hand's ``HandRecord``,
    numbered from 1 in the session; both JSON text (docs/records.md)."""

    record: str
    hand_number: int
    hand: str


class NotOwner(BaseException):
    """This process no longer owns the table (another claimed it since): nothing of it was
    written. A ``BaseException``, as ``asyncio.CancelledError`` is: it ends the table's task
    (which catches ``Exception`` to rebuild and go on) instead of being taken for a fault."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id}: another process owns it now")
        self.table_id = table_id


def transient(error: BaseException) -> bool:
    """Whether a store error is the database (or the connection to it) being away for now (a
    restart, a dropped connection), which trying again later gets past."""
    return isinstance(error, (OperationalError, InterfaceError)) or (
        isinstance(error, DBAPIError) and error.connection_invalidated)


def _digest(body: str) -> str:
    return hashlib.sha256(body.encode()).hexdigest()


CREATED = _digest("")
"""The ``input_sha256`` of a room record taken as its table was created, after no input."""


def _lock_key(table_id: str) -> int:
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:8], "big", signed=True)


Write = tuple[str, int, dict[str, Any], Boundary | None]
"""An input to store: table id, sequence number, the input, and (when it ended a hand) the
room's record taken after it and the finished hand's record."""


def _sqlite_pragmas(connection: Any, _record: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


class Store:
    """Tables and their inputs. ``url`` is a SQLAlchemy URL (``sqlite:///path.db`` by default)."""

    def __init__(self, url: str = "sqlite:///pokerfloor.db") -> None:
        self.url = url
        postgres = url.startswith("postgresql")
        # On PostgreSQL a pooled connection is tested before use (a restart left it dead).
        more: dict[str, Any] = {"pool_pre_ping": True, "connect_args": {"connect_timeout": CONNECT_SECONDS}}
        self.engine: Engine = create_engine(url, future=True, **(more if postgres else {}))
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.migrate()
        self.owner = secrets.token_hex(8)       # this process, in ``pf_owners``
        self.epochs: dict[str, int] = {}        # table -> the epoch this process claimed it at
        self._lock: Connection | None = None    # the one connection holding this process's table locks
        self._leases = threading.Lock()         # the lock connection is used by the loop and by threads
        self._lost: list[str] = []              # tables found lost, not yet reported by ``check_leases``
        self._lock_engine: Engine | None = (
            create_engine(url, future=True, poolclass=NullPool, **more) if postgres else None)

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (``migrations/versions``); a store
        already there is left alone without loading Alembic (a restart is quicker)."""
        with self.engine.connect() as db:
            known = inspect(db).has_table("alembic_version")
            if known and db.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD:
                return
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def create_table(self, table_id: str, config: dict[str, Any], host_hash: str, record: str | None = None) -> None:
        """A new table, and with ``record`` its room record as created, before any input (a
        restart restores it, and never has a table without one to rebuild from nothing)."""
        with self.engine.begin() as db:
            db.execute(insert(tables).values(table_id=table_id, config=json.dumps(config), host_hash=host_hash))
            if record is not None:
                db.execute(insert(room_records).values(table_id=table_id, seq=0, body=record, input_sha256=CREATED))

    def table_settings(self, table_id: str) -> tuple[dict[str, Any], str] | None:
        """A table's config (its ``create_table`` settings) and host token hash, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(tables.c.config, tables.c.host_hash).where(tables.c.table_id == table_id)).first()
        return None if row is None else (json.loads(row[0]), row[1])

    def append(self, table_id: str, seq: int, body: dict[str, Any]) -> None:
        """Write one input (its ``seq`` is unique per table: a second writer fails)."""
        with self.engine.begin() as db:
            db.execute(insert(inputs).values(table_id=table_id, seq=seq, body=json.dumps(body, sort_keys=True)))

    def write_many(self, writes: list[Write], *, again: bool = False,
                   also: Callable[[Connection], None] | None = None) -> None:
        """Write inputs (and, for one that ended a hand, the room's record and the hand's) in one
        transaction: one commit, one sync to disk, for several tables' inputs at once (group
        commit); ``also`` writes more in the same transaction (an event's finished hands). On
        PostgreSQL only while this process owns each table (``NotOwner``: nothing written).
        ``again``: a retry after the connection failed, when the first try may have committed:
        inputs already stored as they are here are not written twice."""
        with self.engine.begin() as db:
            if self._lock_engine is not None:
                self._fence(db, {table_id for table_id, *_ in writes})
            if again:
                writes = self._unstored(db, writes)
                if not writes:
                    return
            rows = [{"table_id": t, "seq": seq, "body": json.dumps(body, sort_keys=True),
                     "epoch": self.epochs.get(t, 0)} for t, seq, body, _ in writes]
            if rows:
                db.execute(insert(inputs), rows)      # one statement, compiled once, for every row
            if also is not None:
                also(db)
            for (table_id, seq, _body, boundary), row in zip(writes, rows, strict=True):
                if boundary is not None:
                    db.execute(delete(room_records).where(room_records.c.table_id == table_id))
                    db.execute(insert(room_records).values(table_id=table_id, seq=seq, body=boundary.record,
                                                           input_sha256=_digest(str(row["body"]))))
                    db.execute(delete(hand_records).where(hand_records.c.table_id == table_id,
                                                          hand_records.c.number == boundary.hand_number))
                    db.execute(insert(hand_records).values(table_id=table_id, number=boundary.hand_number,
                                                           body=boundary.hand))

    def _fence(self, db: Connection, table_ids: set[str]) -> None:
        """``NotOwner`` unless this process's epoch is still each table's; the lease rows are
        held (``FOR SHARE``) until the transaction ends, so a claim waits for this write."""
        held = dict(db.execute(
            select(owners.c.table_id, owners.c.epoch).where(owners.c.owner == self.owner,
                                                            owners.c.table_id.in_(sorted(table_ids)))
            .with_for_update(read=True)
        ).all())
        for table_id in sorted(table_ids):
            if table_id not in self.epochs or held.get(table_id) != self.epochs[table_id]:
                raise NotOwner(table_id)

    @staticmethod
    def _unstored(db: Connection, writes: list[Write]) -> list[Write]:
        keys = [(t, seq) for t, seq, _, _ in writes]
        key = tuple_(inputs.c.table_id, inputs.c.seq)
        stored = {(str(t), int(seq)): str(body) for t, seq, body in db.execute(
            select(inputs.c.table_id, inputs.c.seq, inputs.c.body).where(key.in_(keys)))}
        return [w for w in writes if stored.get((w[0], w[1])) != json.dumps(w[2], sort_keys=True)]

    def room_record(self, table_id: str) -> tuple[int, str] | None:
        """The table's latest room record (JSON text) and the input it was taken after, or None."""
        with self.engine.connect() as db:
            row = db.execute(
                select(room_records.c.seq, room_records.c.body).where(room_records.c.table_id == table_id)
            ).first()
        return None if row is None else (int(row[0]), str(row[1]))

    def record_follows(self, table_id: str, seq: int) -> bool:
        """Whether the table's room record was taken after the input stored at ``seq``: the
        SHA-256 kept beside the record is that input's (a record written before it was kept,
        or whose ``seq`` is wrong, is not trusted)."""
        with self.engine.connect() as db:
            kept = db.execute(select(room_records.c.input_sha256).where(
                room_records.c.table_id == table_id, room_records.c.seq == seq)).scalar()
            body = db.execute(select(inputs.c.body).where(inputs.c.table_id == table_id, inputs.c.seq == seq)).scalar()
        if seq == 0:                # the record of the table as created: no input before it
            return kept == CREATED and body is None
        return kept is not None and body is not None and _digest(str(body)) == kept

    def input_rows(self, table_id: str, after: int = 0) -> list[tuple[int, str]]:
        """The table's stored inputs after input ``after`` as stored: each one's ``seq`` and
        its JSON text, in order (``records.rebuild`` checks them whole)."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(inputs.c.seq, inputs.c.body)
                .where(inputs.c.table_id == table_id, inputs.c.seq > after)
                .order_by(inputs.c.seq)
            ).all()
        return [(int(row[0]), str(row[1])) for row in rows]

    def hand_records(self, table_id: str, before: int | None = None) -> dict[int, str]:
        """The table's finished hands' records (JSON text) by number, those below ``before`` only."""
        query = select(hand_records.c.number, hand_records.c.body).where(hand_records.c.table_id == table_id)
        if before is not None:
            query = query.where(hand_records.c.number < before)
        with self.engine.connect() as db:
            rows = db.execute(query.order_by(hand_records.c.number)).all()
        return {int(row[0]): str(row[1]) for row in rows}

    def add_hand_records(self, table_id: str, records: dict[int, str]) -> None:
        """Store finished hands' records that are missing (a table rebuilt from its inputs
        records again the hands whose rows were dropped or never written)."""
        if not records:
            return
        with self.engine.begin() as db:
            known = set(db.execute(select(hand_records.c.number).where(hand_records.c.table_id == table_id)).scalars())
            rows = [{"table_id": table_id, "number": n, "body": body} for n, body in records.items() if n not in known]
            if rows:
                try:
                    with db.begin_nested():
                        db.execute(insert(hand_records), rows)
                except IntegrityError:      # another process recorded them meanwhile
                    pass

    def inputs(self, table_id: str, after: int = 0) -> list[dict[str, Any]]:
        """The table's inputs in order, those after input ``after`` only."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(inputs.c.body)
                .where(inputs.c.table_id == table_id, inputs.c.seq > after)
                .order_by(inputs.c.seq)
            ).all()
        return [json.loads(row[0]) for row in rows]

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

    def close(self) -> None:
        with self._leases:
            self.epochs.clear()
            self._drop_lock_connection()
        if self._lock_engine is not None:
            self._lock_engine.dispose()
        self.engine.dispose()
