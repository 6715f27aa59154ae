"""An event's hands played away from its floor (issue 38: any process serves any table): each
row is one hand of one table of an event, keyed by ``table_key`` and the hand's number at that
table. The floor writes the deal (a ``HandDeal``'s JSON, and the house bots' styles by seat) in
the commit of the input that dealt it; the process that plays the hand writes its end (a
``HandEnd``'s JSON) in the commit of the hand's last action, under its lease on the table, and
who it was. See ``server/event/away.py``."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pf_event_hands",
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("event_id", sa.String(64), nullable=False, index=True),
        sa.Column("deal", sa.Text, nullable=False),
        sa.Column("bots", sa.Text, nullable=False),
        sa.Column("ending", sa.Text, nullable=True),
        sa.Column("played_by", sa.String(64), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("pf_event_hands")
