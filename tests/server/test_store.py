"""The store: its schema comes from the Alembic migrations, and inputs are append-only with one
writer per sequence number."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from pokerfloor.server.store import Store


def test_the_schema_is_migrated_once_and_inputs_are_unique_per_seq(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}"
    store = Store(url)
    store.create_table("t", {"seats": 2}, "h")
    store.append("t", 1, {"kind": "start"})
    with pytest.raises(IntegrityError):
        store.append("t", 1, {"kind": "pause"})       # a second writer of the same input fails
    store.close()
    again = Store(url)                                 # opening again migrates nothing
    with again.engine.connect() as db:
        assert db.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0002"
        assert db.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert db.execute(text("PRAGMA synchronous")).scalar() == 2   # FULL
    assert again.inputs("t") == [{"kind": "start"}] and again.inputs("t", after=1) == []
    again.close()


def test_the_store_knows_the_newest_migration() -> None:
    """``HEAD`` lets a store at the newest schema skip Alembic on opening: it must be the head."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from pokerfloor.server import store

    config = Config()
    config.set_main_option("script_location", str(Path(store.__file__).parent / "migrations"))
    assert ScriptDirectory.from_config(config).get_current_head() == store.HEAD
