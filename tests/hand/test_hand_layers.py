"""The hand engine's modules import one another without a cycle (issue 36; docs/style.md: layers
import downward only, no cycles): ``state.py``, which holds ``Hand``, is imported by none of the
modules it is built from, and nothing in hand/ imports a layer above it."""

from __future__ import annotations

import ast
from pathlib import Path

from pokerfloor.hand import state
from pokerfloor.hand.reading import HandState
from pokerfloor.rules import Game

HAND = Path(state.__file__).parent
PACKAGE = "pokerfloor.hand"
ABOVE = ("pokerfloor.table", "pokerfloor.server", "pokerfloor.io", "pokerfloor.cli", "pokerfloor.envs")


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports (``TYPE_CHECKING`` ones too); ``from pokerfloor.hand import
    draw`` names the module ``pokerfloor.hand.draw``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            if node.module == PACKAGE:
                names.update(f"{PACKAGE}.{alias.name}" for alias in node.names)
    return names


def graph() -> dict[str, set[str]]:
    """hand/'s modules and the modules of hand/ each imports (the package's ``__init__`` aside)."""
    modules = {f"{PACKAGE}.{p.stem}": p for p in HAND.glob("*.py") if p.stem != "__init__"}
    return {name: {m for m in imports(path) if m in modules and m != name} for name, path in modules.items()}


def cycle(edges: dict[str, set[str]]) -> list[str]:
    """A cycle of the graph, as the modules along it, or ``[]`` when there is none."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str]:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return []
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            found = visit(nxt)
            if found:
                return found
        path.pop()
        done.add(node)
        return []

    for start in sorted(edges):
        found = visit(start)
        if found:
            return found
    return []


def test_the_cycle_check_finds_a_cycle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_hand_has_no_import_cycle() -> None:
    edges = graph()
    assert f"{PACKAGE}.draw" in edges[f"{PACKAGE}.state"]  # the graph sees imports
    assert cycle(edges) == []


def test_no_module_of_hand_imports_the_hand_or_a_layer_above() -> None:
    for path in HAND.glob("*.py"):
        if path.stem in ("__init__", "state"):
            continue
        found = imports(path)
        assert f"{PACKAGE}.state" not in found, path.name
        assert not [m for m in found if m.startswith(ABOVE)], path.name



def test_hand_stays_small() -> None:
    """Issue 36's bounds: state.py at most 700 lines, every other module of hand/ at most 400, and a
    hand keeps at most 25 attributes, each declared on ``HandState`` (the pure build's ``vars``;
    the compiled build has no instance dictionary)."""
    sizes = {p.name: len(p.read_text().splitlines()) for p in HAND.glob("*.py")}
    assert sizes["state.py"] <= 700
    assert {name: n for name, n in sizes.items() if name != "state.py" and n > 400} == {}
    assert len(HandState.__annotations__) <= 25
    hand = state.Hand(Game.no_limit_holdem(1, 2), {1: 100, 2: 100, 3: 100}, button=1)
    hand.act(hand.to_act, "call")
    assert set(getattr(hand, "__dict__", {})) <= set(HandState.__annotations__)
