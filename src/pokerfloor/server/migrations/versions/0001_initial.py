"""The first schema: tables, their append-only inputs, a snapshot per table."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pf_tables",
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False),
    )
    op.create_table(
        "pf_inputs",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(64), nullable=False, index=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="pf_inputs_table_seq"),
    )
    op.create_table(
        "pf_snapshots",
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("body", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("pf_snapshots")
    op.drop_table("pf_inputs")
    op.drop_table("pf_tables")
