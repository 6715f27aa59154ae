"""The server's shape (issue 22, finding 7): app.py split by concern, the table actor and the
update frames play and read the hand in play only through ``Table``, names say what they
return, and the dead code is gone."""

from __future__ import annotations

import ast
from pathlib import Path

from pokerfloor.server import app, room, store

SERVER = Path(app.__file__).parent
HAND_READS = {"to_act", "street", "is_over", "events", "seats", "view", "legal", "run_out", "run_it", "act"}


def _hand_reads(path: Path) -> list[str]:
    """Each ``<something>.hand.<attribute>`` or ``hand.<attribute>`` read of the hand's state."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and node.attr in HAND_READS:
            owner = node.value
            named = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
            if named == "hand":
                found.append(f"{path.name}:{node.lineno} hand.{node.attr}")
    return found


def test_the_table_actor_and_the_update_frames_never_reach_into_the_hand() -> None:
    """They read whose turn it is, the street and the views through ``Table`` (``to_act``,
    ``street``, ``turn``, ``in_play``, ``dealt_in``, ``view``); the room plays the run-out
    through ``Table.act``."""
    modules = ("actor.py", "updates.py", "opening.py", "app.py", "transport.py")
    assert [read for name in modules for read in _hand_reads(SERVER / name)] == []
    assert [read for read in _hand_reads(SERVER / "room.py") if read.endswith(("run_out", "run_it", ".act"))] == []


def test_names_say_what_they_return_and_the_dead_code_is_gone() -> None:
    assert hasattr(app.Server, "table_task") and not hasattr(app.Server, "table")
    assert hasattr(store.Store, "table_settings") and not hasattr(store.Store, "table")
    assert not hasattr(store.Store, "snapshot") and not hasattr(store.Store, "table_ids")
    assert "chat" not in room.Room.__dataclass_fields__
    assert len((SERVER / "app.py").read_text().splitlines()) < 300
