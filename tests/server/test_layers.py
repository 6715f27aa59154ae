"""The server's modules import downward only, also for type hints (docs/style.md: layers import
downward, no cycles): the socket side knows no table task, the table task no server, the bus no
app; each says what it needs of the one above as a ``typing.Protocol`` of its own."""

from __future__ import annotations

import ast
from pathlib import Path

from pokerfloor.server import app

SERVER = Path(app.__file__).parent
# Lowest first: each may import only the ones before it.
LAYERS = ("transport", "actor", "bus", "app")


def imported(path: Path) -> set[str]:
    """Every ``pokerfloor.server`` module ``path`` imports, under ``TYPE_CHECKING`` or inside a
    function too."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pokerfloor.server."):
            names.add(node.module.removeprefix("pokerfloor.server."))
        elif isinstance(node, ast.Import):
            names.update(a.name.removeprefix("pokerfloor.server.") for a in node.names
                         if a.name.startswith("pokerfloor.server."))
    return names


def test_the_transport_the_actor_the_bus_and_the_app_import_downward_only() -> None:
    for index, name in enumerate(LAYERS):
        above = set(LAYERS[index + 1:])
        assert imported(SERVER / f"{name}.py") & above == set(), name
    assert {"transport", "actor", "bus"} <= imported(SERVER / "app.py")     # the check sees imports


def test_nothing_the_app_builds_on_imports_it_back() -> None:
    below = [p for p in SERVER.rglob("*.py") if p not in (SERVER / "app.py", SERVER / "__init__.py")]
    assert len(below) > 10
    assert [p.name for p in below if "app" in imported(p)] == []


def _graph() -> dict[str, set[str]]:
    """Each module of the server (``event.runner``, ``room``...) and the server's modules it
    imports (``from pokerfloor.server.event import director`` imports ``event.director``)."""
    def name(path: Path) -> str:
        parts = path.relative_to(SERVER).with_suffix("").parts
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    modules = {name(p): p for p in SERVER.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pokerfloor.server"):
                base = node.module.removeprefix("pokerfloor.server").removeprefix(".")
                for alias in node.names:
                    whole = f"{base}.{alias.name}".strip(".")
                    found.add(whole if whole in modules else base)
        graph[module] = {m for m in found if m in modules and m != module}
    return graph


def test_no_module_of_the_server_imports_itself_round_a_circle() -> None:
    """No import cycle (type hints too): the served event's runner calls the host's commands
    (``event.director``) and its replay (``event.replay``), which take the state they share
    from ``event.core`` below all three, not from the runner."""
    graph = _graph()
    assert "event.core" in graph["event.director"] and "event.director" in graph["event.runner"]   # it sees them
    circles = []

    def walk(module: str, path: list[str]) -> None:
        for next_one in sorted(graph[module]):
            if next_one in path:
                circles.append([*path[path.index(next_one):], next_one])
            elif next_one not in done:
                walk(next_one, [*path, next_one])
        done.add(module)

    done: set[str] = set()
    for module in sorted(graph):
        if module not in done:
            walk(module, [module])
    assert circles == []
