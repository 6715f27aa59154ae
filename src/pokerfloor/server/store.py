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
HEAD = "0003"    # the newest migration in migrations/versions (a test checks it is Alembic's head)

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

room_records = Table(      # each table's latest RoomRecord (JSON), taken as a hand ended
    "pf_room_records",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("seq", Integer, nullable=False),
    Column("body", Text, nullable=False),
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

    def table_settings(self, table_id: str) -> tuple[dict[str, Any], str] | None:
        """A table's config (its ``create_table`` settings) and host token hash, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(tables.c.config, tables.c.host_hash).where(tables.c.table_id == table_id)).first()
        return None if row is None else (json.loads(row[0]), row[1])

    def append(self, table_id: str, seq: int, body: dict[str, Any]) -> None:
        """Write one input (its ``seq`` is unique per table: a second writer fails)."""
        with self.engine.begin() as db:
            db.execute(insert(inputs).values(table_id=table_id, seq=seq, body=json.dumps(body, sort_keys=True)))

    def write_many(self, writes: list[tuple[str, int, dict[str, Any], Boundary | None]]) -> None:
        """Write inputs (and, for one that ended a hand, the room's record and the hand's) in one
        transaction: one commit, one sync to disk, for several tables' inputs at once (group
        commit)."""
        rows = [{"table_id": t, "seq": seq, "body": json.dumps(body, sort_keys=True)} for t, seq, body, _ in writes]
        with self.engine.begin() as db:
            db.execute(insert(inputs), rows)      # one statement, compiled once, for every row
            for table_id, seq, _body, boundary in writes:
                if boundary is not None:
                    db.execute(delete(room_records).where(room_records.c.table_id == table_id))
                    db.execute(insert(room_records).values(table_id=table_id, seq=seq, body=boundary.record))
                    db.execute(insert(hand_records).values(table_id=table_id, number=boundary.hand_number,
                                                           body=boundary.hand))

    def room_record(self, table_id: str) -> tuple[int, str] | None:
        """The table's latest room record (JSON text) and the input it was taken after, or None."""
        with self.engine.connect() as db:
            row = db.execute(
                select(room_records.c.seq, room_records.c.body).where(room_records.c.table_id == table_id)
            ).first()
        return None if row is None else (int(row[0]), str(row[1]))

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
                db.execute(insert(hand_records), rows)

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
