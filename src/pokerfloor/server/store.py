"""The server's store: tables and their inputs, append-only, through SQLAlchemy 2 Core.

SQLite (a file, WAL, ``synchronous=FULL``) by default; PostgreSQL through a
``postgresql+psycopg://`` URL. Each input is committed before the server says anything about it.

On PostgreSQL several processes share the store, and each table has one owner, the only
process that writes it. Owning is a lease with a fencing token (``leases.py``: the table's
advisory lock and its epoch in ``pf_owners``); every write then holds that row (``FOR SHARE``)
and is made only while the epoch is still the one it claimed. A process whose lock went with a
PostgreSQL restart, and whose table another process claimed since, can no longer write it
(``NotOwner``): it hands the table over. The tables themselves are in ``schema.py``.
"""

from __future__ import annotations

import functools
import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, delete, event, insert, inspect, select, text, tuple_
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.pool import NullPool

from pokerfloor.errors import InvalidArgument
from pokerfloor.server.fields import Input
from pokerfloor.server.leases import Leases
from pokerfloor.server.schema import HEAD, hand_records, inputs, owners, room_records, tables

CONNECT_SECONDS = 5     # how long a connection to PostgreSQL may take before it fails


@dataclass(frozen=True)
class Boundary:
    """What is stored as a hand ends, beside its last input: the room's record (a
    ``RoomRecord``, without the earlier finished hands) and the finished hand's ``HandRecord``,
    numbered from 1 in the session; both JSON text (docs/records.md)."""

    record: str
    hand_number: int
    hand: str


MIGRATING = int.from_bytes(hashlib.sha256(b"pokerfloor migrations").digest()[:8], "big", signed=True)
"""The advisory lock a migration holds on PostgreSQL (a key no table's lock takes)."""


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


Write = tuple[str, int, dict[str, Any] | None, Boundary | None]
"""An input to store: table id, sequence number, the input, and (when it ended a hand) the
room's record taken after it and the finished hand's record. Without the input (``None``): the
records of a hand's end, taken after the input stored already at that number (a table stores
them after it has answered the input: they are a cache of the inputs)."""


SYNCHRONOUS = ("full", "normal")
"""SQLite's ``synchronous`` settings a store may take (``serve --sqlite-synchronous``). ``full``,
the default: each commit is synced to the disk before anyone hears of its input, so an
acknowledged action survives a process crash, an OS crash and a power loss. ``normal`` (in WAL
mode): the WAL is synced only at checkpoints, so a commit survives the process being killed
(SIGKILL: it is in the OS's cache) but the last commits may be lost, never torn, in an OS crash
or a power loss; it takes the disk's sync (p50 5.6 ms, p99 16 ms on the development machine)
out of every action (docs/guide/hosting.md)."""


def _sqlite_pragmas(connection: Any, _record: object, synchronous: str = "full") -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={'NORMAL' if synchronous == 'normal' else 'FULL'}")
    cursor.close()


class Store(Leases):
    """Tables and their inputs. ``url`` is a SQLAlchemy URL (``sqlite:///path.db`` by default);
    ``synchronous``, a SQLite store's sync on each commit (``SYNCHRONOUS``)."""

    def __init__(self, url: str = "sqlite:///pokerfloor.db", *, synchronous: str = "full") -> None:
        if synchronous not in SYNCHRONOUS:
            raise InvalidArgument(f"synchronous is one of {SYNCHRONOUS}, not {synchronous!r}")
        self.url = url
        postgres = url.startswith("postgresql")
        # On PostgreSQL a pooled connection is tested before use (a restart left it dead).
        more: dict[str, Any] = {"pool_pre_ping": True, "connect_args": {"connect_timeout": CONNECT_SECONDS}}
        engine = create_engine(url, future=True, **(more if postgres else {}))
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", functools.partial(_sqlite_pragmas, synchronous=synchronous))
        super().__init__(engine, create_engine(url, future=True, poolclass=NullPool, **more) if postgres else None,
                         secrets.token_hex(8))
        self.migrate()

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (``migrations/versions``); a store
        already there is left alone without loading Alembic (a restart is quicker). On
        PostgreSQL the migration holds an advisory lock (``MIGRATING``) for its transaction:
        processes started together on an empty database migrate it one after the other (the
        second finds it done), instead of both creating its tables at once and one failing."""
        with self.engine.connect() as db:
            known = inspect(db).has_table("alembic_version")
            if known and db.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD:
                return
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as connection:
            if self.engine.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATING})
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

    def append(self, table_id: str, seq: int, entry: Input) -> None:
        """Write one input, as its JSON (its ``seq`` is unique per table: a second writer fails)."""
        with self.engine.begin() as db:
            db.execute(insert(inputs).values(table_id=table_id, seq=seq, body=json.dumps(entry.json(), sort_keys=True)))

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
            bodies = [None if body is None else json.dumps(body, sort_keys=True) for _, _, body, _ in writes]
            rows = [{"table_id": t, "seq": seq, "body": body, "epoch": self.epochs.get(t, 0)}
                    for (t, seq, _, _), body in zip(writes, bodies, strict=True) if body is not None]
            if rows:
                db.execute(insert(inputs), rows)      # one statement, compiled once, for every row
            if also is not None:
                also(db)
            for (table_id, seq, _entry, boundary), body in zip(writes, bodies, strict=True):
                if boundary is not None:
                    self._write_records(db, table_id, seq, body, boundary)

    @staticmethod
    def _write_records(db: Connection, table_id: str, seq: int, body: str | None, boundary: Boundary) -> None:
        """A hand's end's records, taken after input ``seq`` (its JSON ``body``; when None, the
        one stored already: none stored, nothing is written)."""
        if body is None:
            body = db.execute(select(inputs.c.body).where(inputs.c.table_id == table_id, inputs.c.seq == seq)).scalar()
            if body is None:
                return
        db.execute(delete(room_records).where(room_records.c.table_id == table_id))
        db.execute(insert(room_records).values(table_id=table_id, seq=seq, body=boundary.record,
                                               input_sha256=_digest(str(body))))
        db.execute(delete(hand_records).where(hand_records.c.table_id == table_id,
                                              hand_records.c.number == boundary.hand_number))
        db.execute(insert(hand_records).values(table_id=table_id, number=boundary.hand_number, body=boundary.hand))

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
        keys = [(t, seq) for t, seq, entry, _ in writes if entry is not None]
        key = tuple_(inputs.c.table_id, inputs.c.seq)
        stored = {(str(t), int(seq)): str(body) for t, seq, body in db.execute(
            select(inputs.c.table_id, inputs.c.seq, inputs.c.body).where(key.in_(keys)))} if keys else {}
        # Records alone are written again as they are (the rows are replaced, not added).
        return [w for w in writes if w[2] is None or stored.get((w[0], w[1])) != json.dumps(w[2], sort_keys=True)]

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

    def close(self) -> None:
        self._close_leases()
        self.engine.dispose()
