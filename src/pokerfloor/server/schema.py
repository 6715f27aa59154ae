"""The store's tables (SQLAlchemy Core): the schema the Alembic migrations in
``migrations/versions`` build, up to ``HEAD``."""

from __future__ import annotations

from sqlalchemy import Column, Index, Integer, MetaData, String, Table, Text, UniqueConstraint, text

metadata = MetaData()
HEAD = "0008"    # the newest migration in migrations/versions (a test checks it is Alembic's head)

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

house_bots = Table(        # the house's bots of a table opened with them, seated again after a restart (house.py)
    "pf_house_bots",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("token", String(64), nullable=False),
    Column("chips", Integer, nullable=False),
    Column("style", String(16), nullable=False),
)

event_hands = Table(       # an event's hands played away from its floor: the deal, then the end (event/away.py)
    "pf_event_hands",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("event_id", String(64), nullable=False, index=True),
    Column("deal", Text, nullable=False),
    Column("bots", Text, nullable=False),
    Column("ending", Text, nullable=True),
    Column("played_by", String(64), nullable=True),
)
Index("pf_event_hands_open", event_hands.c.event_id, postgresql_where=text("ending IS NULL"),
      sqlite_where=text("ending IS NULL"))     # the hands not yet over, looked for every 50 ms
