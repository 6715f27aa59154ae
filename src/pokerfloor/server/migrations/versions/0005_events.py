"""Multi-table tournaments: each event's settings, its host token's digest and its latest
state, the library's event record with the people in it, as versioned JSON text (see
``server/event/store.py`` for when it is written)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pf_events",
        sa.Column("event_id", sa.String(64), primary_key=True),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("state", sa.Text, nullable=True),
        sa.Column("saves", sa.Integer, nullable=False, server_default="0"),
    )


def downgrade() -> None:
    op.drop_table("pf_events")
