"""The hand engine exists in two builds, pure Python and compiled with mypyc (setup.py,
``POKERFLOOR_COMPILE=1``); ``make test`` runs the whole suite on each. These tests make sure
each pass runs the build it names, and that what compiling could change still behaves."""

from __future__ import annotations

import ast
import copy
import importlib
import os
import pickle
import random
from pathlib import Path

import pytest

import pokerfloor as pf

ROOT = Path(__file__).resolve().parents[2]


def compiled_modules() -> list[str]:
    """The modules setup.py compiles, read from its ``COMPILED`` list."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            paths = ast.literal_eval(node.value)
            return [p.removeprefix("src/").removesuffix(".py").replace("/", ".") for p in paths]
    raise AssertionError("setup.py has no COMPILED list")


def test_each_pass_runs_the_build_it_names() -> None:
    build = os.environ.get("POKERFLOOR_BUILD", "pure")
    assert build in ("pure", "compiled")
    assert pf.hand.COMPILED is (build == "compiled")
    modules = compiled_modules()
    assert {"pokerfloor.hand.state", "pokerfloor.evaluation.lookup"} <= set(modules)
    for name in modules:
        origin = importlib.import_module(name).__file__ or ""
        assert origin.endswith(".py") is (build == "pure"), (name, origin)
    info = pf.build_info()
    assert info.engine == build and info.compiled is (build == "compiled")
    assert set(info.modules) == (set(modules) if build == "compiled" else set()), info.modules
    assert str(info).startswith(f"pokerfloor {pf.__version__} (") and build in str(info).replace("pure-Python", "pure")


def _mid_hand() -> pf.Hand:
    game = pf.Game(variant="holdem", structure="no_limit", small_blind=1, big_blind=2)
    hand = pf.Hand(game, stacks={1: 100, 2: 60, 3: 100}, button=3, rng=random.Random(5))
    hand.act(3, "raise", to=6)
    hand.act(1, "call")
    return hand


def _finish(hand: pf.Hand) -> dict[int, int]:
    hand.act(2, "raise", to=60)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.act(seat, "call")
    assert hand.result is not None
    return hand.result.stacks


@pytest.mark.parametrize("duplicate", [copy.deepcopy, copy.copy, lambda h: pickle.loads(pickle.dumps(h))])
def test_a_copied_hand_plays_on_like_the_original(duplicate: object) -> None:
    hand = _mid_hand()
    twin = duplicate(hand)  # type: ignore[operator]
    assert twin is not hand
    assert twin.legal() == hand.legal() and twin.events == hand.events
    assert _finish(twin) == _finish(_mid_hand())
    assert hand.to_act == 2 and len(hand.events) < len(twin.events)


@pytest.mark.parametrize(
    ("call", "reason"),
    [
        (lambda h: h.act("2", "call"), "invalid_action"),
        (lambda h: h.act(2.0, "call"), "invalid_action"),
        (lambda h: h.act(True, "call"), "invalid_action"),
        (lambda h: h.act(2, None), "invalid_action"),
        (lambda h: h.act(2, "raise", to="60"), "invalid_action"),
        (lambda h: h.act(2, "raise", to=True), "invalid_action"),
        (lambda h: h.act(2, "raise", to=12.5), "invalid_action"),
        (lambda h: h.add_chips("2", 10), "invalid_action"),
    ],
)
def test_values_of_the_wrong_type_are_refused_as_illegal_not_as_type_errors(call: object, reason: str) -> None:
    hand = _mid_hand()
    before = (list(hand.events), hand.stacks, hand.to_act)
    with pytest.raises(pf.IllegalAction) as refused:
        call(hand)  # type: ignore[operator]
    assert refused.value.reason == reason
    assert (list(hand.events), hand.stacks, hand.to_act) == before


@pytest.mark.parametrize("call", [lambda h: h.show("1"), lambda h: h.muck(1.0), lambda h: h.deal("Ah", seat="1")])
def test_a_seat_that_is_not_a_seat_number_is_a_value_error(call: object) -> None:
    with pytest.raises(ValueError):
        call(_mid_hand())  # type: ignore[operator]


def test_a_subclass_of_hand_can_extend_it() -> None:
    class Logged(pf.Hand):
        def act(self, seat: object, action: object, to: object = None, discard: object = None) -> pf.Event:
            self.log = [*getattr(self, "log", []), (seat, action)]
            return super().act(seat, action, to, discard)  # type: ignore[arg-type]

    game = pf.Game(variant="holdem", structure="no_limit", small_blind=1, big_blind=2)
    hand = Logged(game, stacks={1: 100, 2: 100}, button=2, rng=random.Random(1))
    hand.act(2, "call")
    assert hand.log == [(2, "call")] and hand.to_act == 1


def test_what_legal_returns_is_immutable_and_compares_by_value() -> None:
    hand = _mid_hand()
    legal = hand.legal()
    assert legal == pf.Legal(seat=2, fold=True, call=pf.Call(to=6, cost=4), raise_=pf.Range(min_to=10, max_to=60))
    assert legal.actions == ("fold", "call", "raise")
    assert 10 in legal.raise_ and 60 in legal.raise_ and 9 not in legal.raise_ and 61 not in legal.raise_
    for value, name in ((legal, "fold"), (legal.call, "cost"), (legal.raise_, "min_to")):
        with pytest.raises(AttributeError):
            setattr(value, name, 0)
    assert hand.legal() == legal and hand.legal() is not legal


def test_the_engine_needs_no_mypy_extensions_at_run_time() -> None:
    """``mypyc_attr`` comes from mypy_extensions, which only the compiler needs: with it blocked,
    either build imports and plays a hand to the end."""
    import subprocess
    import sys

    code = (
        "import sys, random; sys.modules['mypy_extensions'] = None\n"
        "import pokerfloor as pf\n"
        "game = pf.Game(variant='holdem', structure='no_limit', small_blind=1, big_blind=2)\n"
        "hand = pf.Hand(game, stacks={1: 50, 2: 50}, button=2, rng=random.Random(3))\n"
        "while not hand.is_over:\n"
        "    hand.act(hand.to_act, 'call')\n"
        "print(pf.hand.COMPILED, sum(hand.result.stacks.values()))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.split() == [str(pf.hand.COMPILED), "100"]
