"""Issue 11, proof: a small sample of the soak (``pokerfloor bench --only soak``): random hands
of every variant, structure, forced-bet set-up, player count and smallest chip, chips checked
after every action and refusals probed against ``legal()``; no crash, no stuck hand, no
violation."""

from __future__ import annotations

import random
from pathlib import Path

from stranger_files import DRAW, STUD
from typer.testing import CliRunner

import pokerfloor.cli.bench  # noqa: F401 - registers the command
from pokerfloor.bench.soak import random_game, soak
from pokerfloor.cli import app
from pokerfloor.rules import STRUCTURES, VARIANTS


def test_the_soak_generator_reaches_every_variant_structure_and_chip() -> None:
    rng = random.Random(0)
    games = [random_game(rng) for _ in range(600)]
    assert {g.variant for g in games} == set(VARIANTS)
    assert {g.structure for g in games} == set(STRUCTURES)
    assert {g.min_chip for g in games} == {1, 5, 25}


def test_a_sample_of_the_soak_is_clean() -> None:
    report = soak(400, seed=11_000)
    assert report.hands == 400 and report.actions > 4_000 and report.probes > 2_000
    assert report.clean, report.crashes[:5] + report.stuck[:5] + report.violations[:5]


def test_bench_only_soak_reports_a_clean_run(tmp_path: Path) -> None:
    (tmp_path / "draw.phh").write_text(DRAW)
    (tmp_path / "stud.phh").write_text(STUD)
    args = ["bench", "--only", "soak", "--hands", "60", "--inputs", "40", "--corpus", str(tmp_path)]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "0 crashes, 0 stuck, 0 violations" in result.output and "0 escaped" in result.output
