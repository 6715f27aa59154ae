"""``pokerfloor demo`` (what ``make run`` shows): hands told in words, chips conserved."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from pokerfloor.cli import app, demo  # noqa: F401 - registers the command


def run_demo(*args: str) -> str:
    result = CliRunner().invoke(app, ["demo", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_demo_tells_every_hand_and_keeps_every_chip() -> None:
    output = run_demo("--hands", "4", "--seed", "5", "--seats", "4")
    assert output.count("Hand ") >= 4
    assert "posts the small blind 50" in output and "posts the big blind 100" in output
    counts = [int(n.replace(",", "")) for n in re.findall(r"│\s*[A-Z][a-z]+ \d\s*│\s*([\d,]+)\s*│", output)]
    assert len(counts) == 4
    assert sum(counts) == 4 * 10_000


def test_demo_is_reproducible_from_its_seed() -> None:
    assert run_demo("--hands", "2", "--seed", "9") == run_demo("--hands", "2", "--seed", "9")
    assert run_demo("--hands", "2", "--seed", "9") != run_demo("--hands", "2", "--seed", "10")
