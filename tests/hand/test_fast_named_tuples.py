"""hand/state.py builds ``Event``, ``Range``, ``Call``, ``Legal`` and ``Input`` positionally with
``tuple.__new__`` (``_new``) on the per-decision paths, skipping their generated ``__new__``: a
field reordered or added in hand/types.py would silently put values under the wrong names. These
tests fail when that happens, so the positional calls are revisited with the fields."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import pokerfloor as pf
from pokerfloor.hand import types

STATE = Path(pf.__file__).parent / "hand" / "state.py"

ORDER = {
    "Event": ("kind", "seat", "amount", "cards", "street", "note", "seen_by", "post"),
    "Range": ("min_to", "max_to", "step"),
    "Call": ("to", "cost"),
    "Legal": ("seat", "fold", "check", "call", "bet", "raise_", "complete", "bring_in", "draw", "show",
              "muck", "reason", "rule"),
    "Input": ("kind", "seat", "action", "to", "cards"),
}
"""The field order each positional call in hand/state.py is written for."""


@pytest.mark.parametrize("name", sorted(ORDER))
def test_the_fields_are_in_the_order_the_positional_calls_assume(name: str) -> None:
    assert getattr(types, name)._fields == ORDER[name]


def _positional_calls() -> list[tuple[str, int, ast.expr]]:
    """Every ``_new(Cls, values)`` in hand/state.py: the class, the line and the values."""
    tree = ast.parse(STATE.read_text())
    return [(node.args[0].id, node.lineno, node.args[1]) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_new"
            and isinstance(node.args[0], ast.Name)]


def _assigned_tuple(name: str, line: int) -> ast.Tuple:
    """The tuple last assigned to ``name`` before ``line`` (the ``fields`` of ``legal``)."""
    found = [node.value for node in ast.walk(ast.parse(STATE.read_text()))
             if isinstance(node, ast.Assign) and node.lineno < line and isinstance(node.value, ast.Tuple)
             and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)]
    assert found, name
    return found[-1]


def test_every_positional_call_gives_every_field_of_a_known_tuple() -> None:
    calls = _positional_calls()
    assert len(calls) >= 5
    for cls, line, values in calls:
        assert cls in ORDER, f"line {line}: {cls} is built positionally but its order is not pinned here"
        if isinstance(values, ast.Name):
            values = _assigned_tuple(values.id, line)
        assert isinstance(values, ast.Tuple), line
        assert len(values.elts) == len(ORDER[cls]), f"line {line}: {cls} takes {len(ORDER[cls])} values"


def test_the_positional_event_of_an_action_reads_by_name() -> None:
    """The built values land on their names: a raise's event, its legal offer and its input."""
    hand = pf.Hand(pf.Game.no_limit_holdem(1, 2), stacks={1: 100, 2: 100, 3: 100}, button=3,
                   rng=random.Random(4))
    legal = hand.legal()
    assert (legal.seat, legal.fold, legal.check) == (3, True, False)
    assert legal.call == pf.Call(to=2, cost=2) and legal.raise_ == pf.Range(min_to=4, max_to=100)
    assert (legal.bring_in, legal.draw, legal.show, legal.muck, legal.reason) == (None, None, False, False, "")
    event = hand.act(3, "raise", 6)
    assert (event.kind, event.seat, event.amount, event.street, event.post) == ("raise", 3, 6, "preflop", None)
    assert hand.record().inputs[-1] == pf.Input("act", 3, "raise", 6, None)
    small_blind = hand.legal()
    assert small_blind.seat == 1 and small_blind.call == pf.Call(to=6, cost=5)
    assert small_blind.call is not None and (small_blind.call.to, small_blind.call.cost) == (6, 5)
