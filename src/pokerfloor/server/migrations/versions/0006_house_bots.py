"""The house's bots of each table (``pf_house_bots``): a table opened with house bots (the
lobby's ``bots`` option, ``serve --bots``) keeps each bot's seat, name, buy-in, style and seat
token, so that a restarted server seats them again (``server/house.py``). The seat token is the
house's own: it plays that bot's seat and no other."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pf_house_bots",
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("chips", sa.Integer, nullable=False),
        sa.Column("style", sa.String(16), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("pf_house_bots")
