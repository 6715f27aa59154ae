"""The compiled build plays exactly like the pure-Python source: the same seeded random hands of
every variant and structure (tests/builds/traces.py), with refused bets and out-of-turn actions
mixed in, give the same legal choices, pots, stacks, events, refusals and results, line for line.
Every seat's view of those hands is the same too. This process runs the compiled build; a
subprocess runs the source in src/."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pokerfloor as pf
from tests.builds.traces import GAMES, trace

ROOT = Path(__file__).resolve().parents[2]
HANDS = 3 * 1000  # every game of GAMES about 140 times


def test_this_process_runs_the_compiled_build() -> None:
    assert pf.hand.COMPILED


def _pure_trace(*args: str) -> list[str]:
    """The trace (tests/builds/traces.py) of the pure source in src/, from a subprocess."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]), POKERFLOOR_BUILD="pure")
    code = "import pokerfloor.hand as h; assert not h.COMPILED; from tests.builds.traces import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()


def test_the_compiled_build_plays_every_hand_like_the_pure_source() -> None:
    pure = _pure_trace(str(HANDS))
    compiled = trace(HANDS)
    assert len(GAMES) * 100 < HANDS
    assert sum(line.startswith("refused") for line in compiled) > 1000
    for number, (ours, theirs) in enumerate(zip(compiled, pure)):
        assert ours == theirs, f"line {number}: compiled {ours!r}, pure {theirs!r}"
    assert len(compiled) == len(pure)


def test_the_compiled_build_shows_every_seat_what_the_pure_source_shows() -> None:
    """Every seat's view and a spectator's, as plain values, before every decision of every game
    of GAMES and at each hand's end: the seat views and their JSON are compiled too."""
    hands = 10 * len(GAMES)
    pure = _pure_trace(str(hands), "views")
    compiled = trace(hands, views=True)
    assert sum(line.startswith("view None ") for line in compiled) > 1000
    for number, (ours, theirs) in enumerate(zip(compiled, pure)):
        assert ours == theirs, f"line {number}: compiled {ours!r}, pure {theirs!r}"
    assert len(compiled) == len(pure)
