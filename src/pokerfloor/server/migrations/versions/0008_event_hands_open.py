"""The hands of events dealt away and not yet over, found by an index of their own: each process
looks for them every 50 ms (``server/event/away.open_deals``), and the rows of every hand played
stay, so the search reads only the open ones (a partial index, ``ending IS NULL``)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("pf_event_hands_open", "pf_event_hands", ["event_id"],
                    postgresql_where=sa.text("ending IS NULL"), sqlite_where=sa.text("ending IS NULL"))


def downgrade() -> None:
    op.drop_index("pf_event_hands_open", table_name="pf_event_hands")
