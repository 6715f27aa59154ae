"""The compiled build plays exactly like the pure-Python source: the same seeded random hands of
every variant and structure (tests/builds/traces.py), with refused bets and out-of-turn actions
mixed in, give the same legal choices, pots, stacks, events, refusals and results, line for line.
This process runs the compiled build; a subprocess runs the source in src/."""

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


def test_the_compiled_build_plays_every_hand_like_the_pure_source() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]), POKERFLOOR_BUILD="pure")
    code = "import pokerfloor.hand as h; assert not h.COMPILED; from tests.builds.traces import main; main()"
    pure = subprocess.run(
        [sys.executable, "-c", code, str(HANDS)], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    compiled = trace(HANDS)
    assert len(GAMES) * 100 < HANDS
    assert sum(line.startswith("refused") for line in compiled) > 1000
    for number, (ours, theirs) in enumerate(zip(compiled, pure)):
        assert ours == theirs, f"line {number}: compiled {ours!r}, pure {theirs!r}"
    assert len(compiled) == len(pure)
