"""Records, not opaque objects: a table's snapshot becomes a ``RoomRecord`` and each finished
hand a ``HandRecord``, both versioned JSON (docs/records.md). The older rows (Python objects as
bytes) are dropped, not read: reading them could run whatever code they name, and both were
caches of the stored inputs, which stay. A table whose rows went is rebuilt from its inputs when
it is next opened, and its finished hands are recorded again then."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

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


def upgrade() -> None:
    op.drop_table("pf_snapshots")
    op.drop_table("pf_hands")
    _pair("pf_room_records", "pf_hand_records", sa.Text)


def downgrade() -> None:
    op.drop_table("pf_hand_records")
    op.drop_table("pf_room_records")
    _pair("pf_snapshots", "pf_hands", sa.LargeBinary)
