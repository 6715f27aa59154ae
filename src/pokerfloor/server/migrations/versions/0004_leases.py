"""One owner per table, fenced: each table's lease (``pf_owners``: the process holding it and
its epoch, raised by every claim) and the epoch each input was written under; and beside each
room record the SHA-256 of the input it was taken after, so that a record is trusted only if
that input is the one stored at its ``seq`` (a record of the wrong ``seq`` is a miss). A write is made
only while its process's epoch is the table's (``Store.write_many``), so a process that lost
its table (a PostgreSQL restart dropped its lock, and another claimed the table) cannot write
to it again. Rows written before this revision have no epoch."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pf_owners",
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("epoch", sa.Integer, nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
    )
    op.add_column("pf_inputs", sa.Column("epoch", sa.Integer, nullable=True))
    op.add_column("pf_room_records", sa.Column("input_sha256", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("pf_room_records") as batch:
        batch.drop_column("input_sha256")
    with op.batch_alter_table("pf_inputs") as batch:
        batch.drop_column("epoch")
    op.drop_table("pf_owners")
