"""The AEC environment's observations, masks and infos come from envs/observer.py and its steps
from envs/episode.py, which the compiled build compiles with mypyc: the same seeded episodes must
give the same numbers, refusals and rewards, step by step, compiled (this process) and on the
source (a subprocess)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pokerfloor.envs import episode, observer
from tests.builds.aec_traces import SETUPS, trace

ROOT = Path(__file__).resolve().parents[2]
STEPS = 400


def test_this_process_runs_the_compiled_observer_and_episodes() -> None:
    assert not (observer.__file__ or "").endswith(".py")
    assert not (episode.__file__ or "").endswith(".py")


def test_the_compiled_observer_gives_the_pure_sources_numbers() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]), POKERFLOOR_BUILD="pure")
    code = (
        "import pokerfloor.envs.observer as o, pokerfloor.envs.episode as e; "
        "assert o.__file__.endswith('.py') and e.__file__.endswith('.py'); "
        "from tests.builds.aec_traces import main; main()"
    )
    pure = subprocess.run(
        [sys.executable, "-c", code, str(STEPS)], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    compiled = trace(STEPS)
    assert len(compiled) == len(SETUPS) * STEPS
    assert any("refused" in line for line in compiled) and any(" True " in line for line in compiled)
    for number, (ours, theirs) in enumerate(zip(compiled, pure)):
        assert ours == theirs, f"line {number}: compiled {ours!r}, pure {theirs!r}"
    assert len(compiled) == len(pure)
