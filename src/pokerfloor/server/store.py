"""The server's store: tables and their inputs, append-only, through SQLAlchemy 2 Core.

SQLite (a file, WAL, ``synchronous=FULL``) by default; PostgreSQL through a
``postgresql+psycopg://`` URL. Each input is committed before the server says anything about it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Integer,
    LargeBinary,
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
)
from sqlalchemy.engine import Connection, Engine

metadata = MetaData()
HEAD = "0002"    # the newest migration in migrations/versions (a test checks it is Alembic's head)

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
    UniqueConstraint("table_id", "seq", name="pf_inputs_table_seq"),
)

snapshots = Table(
    "pf_snapshots",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("seq", Integer, nullable=False),
    Column("body", LargeBinary, nullable=False),
)

finished_hands = Table(
    "pf_hands",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("body", LargeBinary, nullable=False),
)


@dataclass(frozen=True)
class Boundary:
    """What is stored as a hand ends, beside its last input: the table's snapshot (without its
    earlier finished hands) and the finished hand itself, numbered from 1 in the session."""

    snapshot: bytes
    hand_number: int
    hand: bytes


def _sqlite_pragmas(connection: Any, _record: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


class Store:
    """Tables and their inputs. ``url`` is a SQLAlchemy URL (``sqlite:///path.db`` by default)."""

    def __init__(self, url: str = "sqlite:///pokerfloor.db") -> None:
        self.url = url
        self.engine: Engine = create_engine(url, future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.migrate()
        self._locks: dict[str, Connection] = {}

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

    def create_table(self, table_id: str, config: dict[str, Any], host_hash: str) -> None:
        with self.engine.begin() as db:
            db.execute(insert(tables).values(table_id=table_id, config=json.dumps(config), host_hash=host_hash))

    def table(self, table_id: str) -> tuple[dict[str, Any], str] | None:
        """A table's config and host token hash, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(tables.c.config, tables.c.host_hash).where(tables.c.table_id == table_id)).first()
        return None if row is None else (json.loads(row[0]), row[1])

    def append(self, table_id: str, seq: int, body: dict[str, Any]) -> None:
        """Write one input (its ``seq`` is unique per table: a second writer fails)."""
        with self.engine.begin() as db:
            db.execute(insert(inputs).values(table_id=table_id, seq=seq, body=json.dumps(body, sort_keys=True)))

    def write_many(self, writes: list[tuple[str, int, dict[str, Any], Boundary | None]]) -> None:
        """Write inputs (and, for one that ended a hand, the snapshot and the hand) in one
        transaction: one commit, one sync to disk, for several tables' inputs at once (group
        commit)."""
        rows = [{"table_id": t, "seq": seq, "body": json.dumps(body, sort_keys=True)} for t, seq, body, _ in writes]
        with self.engine.begin() as db:
            db.execute(insert(inputs), rows)      # one statement, compiled once, for every row
            for table_id, seq, _body, boundary in writes:
                if boundary is not None:
                    db.execute(delete(snapshots).where(snapshots.c.table_id == table_id))
                    db.execute(insert(snapshots).values(table_id=table_id, seq=seq, body=boundary.snapshot))
                    db.execute(insert(finished_hands).values(table_id=table_id, number=boundary.hand_number,
                                                             body=boundary.hand))

    def snapshot(self, table_id: str, seq: int, body: bytes) -> None:
        """Keep the table's state as of input ``seq`` (taken at a hand boundary)."""
        with self.engine.begin() as db:
            db.execute(delete(snapshots).where(snapshots.c.table_id == table_id))
            db.execute(insert(snapshots).values(table_id=table_id, seq=seq, body=body))

    def last_snapshot(self, table_id: str) -> tuple[int, bytes] | None:
        with self.engine.connect() as db:
            row = db.execute(select(snapshots.c.seq, snapshots.c.body).where(snapshots.c.table_id == table_id)).first()
        return None if row is None else (int(row[0]), bytes(row[1]))

    def hands(self, table_id: str, before: int) -> list[bytes]:
        """The table's finished hands numbered below ``before``, in order."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(finished_hands.c.body)
                .where(finished_hands.c.table_id == table_id, finished_hands.c.number < before)
                .order_by(finished_hands.c.number)
            ).all()
        return [bytes(row[0]) for row in rows]

    def inputs(self, table_id: str, after: int = 0) -> list[dict[str, Any]]:
        """The table's inputs in order, those after input ``after`` only."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(inputs.c.body)
                .where(inputs.c.table_id == table_id, inputs.c.seq > after)
                .order_by(inputs.c.seq)
            ).all()
        return [json.loads(row[0]) for row in rows]

    def table_ids(self) -> list[str]:
        with self.engine.connect() as db:
            return [row[0] for row in db.execute(select(tables.c.table_id)).all()]

    def claim(self, table_id: str) -> bool:
        """Own a table: on PostgreSQL a session advisory lock held by this process until it
        ends (another process takes the table over when this one dies); SQLite is one process."""
        if self.engine.dialect.name != "postgresql":
            return True
        if table_id in self._locks:
            return True
        key = int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:8], "big", signed=True)
        connection = self.engine.connect()
        owned = bool(connection.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": key}).scalar())
        connection.commit()
        if owned:
            self._locks[table_id] = connection
        else:
            connection.close()
        return owned

    def close(self) -> None:
        for connection in self._locks.values():
            connection.close()
        self._locks.clear()
        self.engine.dispose()
