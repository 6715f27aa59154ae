"""Alembic's environment for the server's store: migrations run on the connection the store
hands over (``Store`` calls ``alembic upgrade head`` as it opens)."""

from __future__ import annotations

from alembic import context

from pokerfloor.server.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
