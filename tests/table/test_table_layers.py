"""A table record is read and checked without the table (docs/style.md: layers import downward,
no cycles; helpers return decisions): ``record.check_table`` takes the ledger, the stacks and the
hand's seats, and neither ``record.py`` nor ``history.py`` imports ``table.py``."""

from __future__ import annotations

import ast
from pathlib import Path

from pokerfloor.table import record

TABLE = Path(record.__file__).parent


def modules_imported(path: Path) -> set[str]:
    """Every module ``path`` imports (``TYPE_CHECKING`` ones too)."""
    tree = ast.parse(path.read_text())
    names = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    names.update(a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names)
    return names


def test_the_record_and_the_history_do_not_import_the_table() -> None:
    assert "pokerfloor.table.record" in modules_imported(TABLE / "table.py")      # the check sees imports
    for name in ("record.py", "history.py"):
        assert "pokerfloor.table.table" not in modules_imported(TABLE / name), name


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """A circle of imports in ``graph`` (module -> modules it imports), or ``[]``."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str]:
        if name in path:
            return [*path[path.index(name):], name]
        if name in done:
            return []
        for other in sorted(graph.get(name, ())):
            found = visit(other, [*path, name])
            if found:
                return found
        done.add(name)
        return []

    for name in sorted(graph):
        found = visit(name, [])
        if found:
            return found
    return []


def test_the_table_package_has_no_import_circle() -> None:
    """Layers import downward, no cycles (docs/style.md): every import in table/ counts, those
    under ``TYPE_CHECKING`` and inside functions too, so the event's record module reads the
    event's state (``event_core``) and the event imports the record, one way."""
    package = "pokerfloor.table"
    graph = {f"{package}.{path.stem}": {m for m in modules_imported(path) if m.startswith(package + ".")}
             for path in TABLE.glob("*.py") if path.stem != "__init__"}
    assert f"{package}.event_record" in graph[f"{package}.event"]      # the check sees the event's imports
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle(graph) == []


def private_uses(path: Path, of: str) -> list[str]:
    """The private attributes (``x._name``, not dunders) ``path`` reads or writes on a name ``of``."""
    tree = ast.parse(path.read_text())
    return sorted({f"{of}.{n.attr}" for n in ast.walk(tree) if isinstance(n, ast.Attribute)
                   and isinstance(n.value, ast.Name) and n.value.id == of
                   and n.attr.startswith("_") and not n.attr.startswith("__")})


def test_the_director_and_the_event_record_use_the_events_public_methods_only() -> None:
    """``event_host`` and ``event_record`` work on a ``MultiTableTournament`` through what it
    makes public (``state``, ``restore``, ``leave_play``, ``move_entry``, ``announce``...), not
    its private state."""
    assert private_uses(TABLE / "event.py", "self")      # the check sees private attributes
    for name in ("event_host.py", "event_record.py"):
        assert private_uses(TABLE / name, "event") == [], name
