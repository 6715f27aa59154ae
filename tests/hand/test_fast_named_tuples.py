"""hand/ (state.py, legality.py and the steps) builds ``Event``, ``Range``, ``Call``, ``Legal``,
``Input`` and ``SetUp`` positionally with ``tuple.__new__`` (``_new``) on the per-decision paths, skipping their
generated ``__new__``: a field reordered or added in hand/types.py would silently put values under
the wrong names. These tests fail when that happens, so the positional calls are revisited with
the fields."""

from __future__ import annotations

import ast
import copy
import dataclasses
import pickle
import random
from pathlib import Path

import pytest

import pokerfloor as pf
from pokerfloor.hand import setup, types

HAND = Path(pf.__file__).parent / "hand"

ORDER = {
    "Event": ("kind", "seat", "amount", "cards", "street", "note", "seen_by", "post"),
    "Range": ("min_to", "max_to", "step"),
    "Call": ("to", "cost"),
    "Legal": ("seat", "fold", "check", "call", "bet", "raise_", "complete", "bring_in", "draw", "show",
              "muck", "reason", "rule"),
    "Input": ("kind", "seat", "action", "to", "cards"),
    "SetUp": ("game", "terms", "stacks", "button", "seats", "pos", "given_posts", "placed_posts", "posts", "holes",
              "board", "manual", "auto_muck", "wait_for_runout", "bomb", "boards", "small_blind_seat",
              "big_blind_seat", "spot"),
}
"""The field order each positional call in hand/ is written for."""


@pytest.mark.parametrize("name", sorted(ORDER))
def test_the_fields_are_in_the_order_the_positional_calls_assume(name: str) -> None:
    assert getattr(setup if name == "SetUp" else types, name)._fields == ORDER[name]


def _positional_calls() -> list[tuple[str, Path, int, ast.expr]]:
    """Every ``_new(Cls, values)`` in hand/: the class, the file, the line and the values."""
    return [(node.args[0].id, path, node.lineno, node.args[1])
            for path in sorted(HAND.glob("*.py")) for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_new"
            and isinstance(node.args[0], ast.Name)]


def _assigned_tuple(path: Path, name: str, line: int) -> ast.Tuple:
    """The tuple last assigned to ``name`` before ``line`` (the ``fields`` of ``legal``)."""
    found = [node.value for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Assign) and node.lineno < line and isinstance(node.value, ast.Tuple)
             and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)]
    assert found, name
    return found[-1]


def test_every_positional_call_gives_every_field_of_a_known_tuple() -> None:
    calls = _positional_calls()
    assert len(calls) >= 5
    assert {cls for cls, *_ in calls} == set(ORDER)
    for cls, path, line, values in calls:
        at = f"{path.name}:{line}"
        assert cls in ORDER, f"{at}: {cls} is built positionally but its order is not pinned here"
        if isinstance(values, ast.Name):
            values = _assigned_tuple(path, values.id, line)
        assert isinstance(values, ast.Tuple), at
        assert len(values.elts) == len(ORDER[cls]), f"{at}: {cls} takes {len(ORDER[cls])} values"


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


AWARD_FIELDS = ("pot", "amount", "eligible", "winners", "high_winners", "low_winners", "reason", "high_rank",
                "low_rank", "ranked_by", "run")
RESULT_FIELDS = ("awards", "returned", "stacks", "net", "showdown_order", "shown")


def test_an_award_and_a_result_are_built_from_their_fields_in_order() -> None:
    """The hand keeps how each pot was won as an ``Award``'s fields in order (``AwardFields``)
    and its end as a ``Result``'s (``Outcome``), and builds both positionally when ``result`` is
    first read: a field reordered or added would put values under the wrong names (the showdown
    step, hand/awards.py, makes them)."""
    from pokerfloor.hand import awards

    assert tuple(f.name for f in dataclasses.fields(types.Award)) == AWARD_FIELDS
    assert tuple(f.name for f in dataclasses.fields(types.Result)) == RESULT_FIELDS
    assert dataclasses.fields(types.Award)[AWARD_FIELDS.index("ranked_by")].default == awards._UNRANKED


def _folded_to(hand: pf.Hand) -> pf.Hand:
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.act(seat, "fold")
    return hand


def test_a_pot_won_uncontested_reads_as_an_award_built_by_name() -> None:
    """Everyone folds to the big blind (TDA 2024 R17: no showdown; the uncalled half of the big
    blind goes back, R15-B): the award of the positional fields is the one built by name, with the
    defaults of an uncontested pot."""
    hand = _folded_to(pf.Hand(pf.Game.no_limit_holdem(1, 2), stacks={1: 100, 2: 100, 3: 100}, button=3,
                              rng=random.Random(2)))
    assert hand.result is not None
    assert hand.result.awards == (types.Award(0, 2, frozenset({2}), {2: 2}, reason="uncontested", run=0),)
    assert hand.result is hand.result  # built once, when first read
    assert hand.result.net == {1: -1, 2: 1, 3: 0}


@pytest.mark.parametrize("duplicate", [copy.deepcopy, lambda h: pickle.loads(pickle.dumps(h))])
def test_a_copy_made_before_the_result_is_read_reads_the_same_result(duplicate: object) -> None:
    """The result is built when first read, so a copy taken before that builds its own: equal to
    the original's, award by award."""
    game = pf.Game.no_limit_holdem(1, 2)
    hand = pf.Hand(game, stacks={1: 50, 2: 80}, button=2, rng=random.Random(7))
    hand.act(2, "raise", to=50)
    hand.act(1, "call")
    assert hand.is_over
    twin = duplicate(hand)  # type: ignore[operator]
    assert twin.result == hand.result and twin.result is not hand.result
    assert hand.result is not None and hand.result.awards[0].reason in ("best hand", "split")
