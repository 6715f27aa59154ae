"""Records, not opaque objects: a table's snapshot becomes a ``RoomRecord`` and each finished
hand a ``HandRecord``, both versioned JSON (docs/records.md). The older rows (Python objects as
bytes) are dropped, not read: reading them could run whatever code they name, and both were
caches of the stored inputs, which stay. A table whose rows went is rebuilt from its inputs when
it is next opened, and its finished hands are recorded again then. Each dropped row is told in
the log (``pokerfloor.server``): which table, which snapshot or hand."""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op

LOG = logging.getLogger("pokerfloor.server")

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _pair(rooms: str, hands: str, body: type[sa.Text] | type[sa.LargeBinary]) -> None:
    """The table of each table's latest snapshot and the table of its finished hands."""
    op.create_table(
        rooms,
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("body", body, nullable=False),
    )
    op.create_table(
        hands,
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("body", body, nullable=False),
    )


def _tell_dropped() -> None:
    """A log line for every old row dropped: the table it was of and what it held."""
    db = op.get_bind()
    for table_id, seq in db.execute(sa.text("SELECT table_id, seq FROM pf_snapshots ORDER BY table_id")):
        LOG.warning("migration 0003: table %s: its old snapshot (after input %s, Python objects as bytes) is "
                    "dropped, not read; the table is rebuilt from its inputs when next opened", table_id, seq)
    for table_id, number in db.execute(sa.text("SELECT table_id, number FROM pf_hands ORDER BY table_id, number")):
        LOG.warning("migration 0003: table %s: its old hand %s (Python objects as bytes) is dropped, not read; "
                    "it is recorded again from the inputs when the table is next opened", table_id, number)


def upgrade() -> None:
    _tell_dropped()
    op.drop_table("pf_snapshots")
    op.drop_table("pf_hands")
    _pair("pf_room_records", "pf_hand_records", sa.Text)


def downgrade() -> None:
    op.drop_table("pf_hand_records")
    op.drop_table("pf_room_records")
    _pair("pf_snapshots", "pf_hands", sa.LargeBinary)
