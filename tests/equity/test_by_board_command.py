"""``pokerfloor equity --by-flop`` / ``--by-card``: a table of the boards, a histogram of the equity
over them, JSON, and refusals."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerfloor.cli import app, equity  # noqa: F401 - registers the command
from pokerfloor.equity import equity_by_board


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["equity", *args], terminal_width=160)
    return result.exit_code, result.output


def test_by_card_prints_the_boards_and_a_histogram_of_the_equity() -> None:
    code, output = run("AhKh", "77+, AQs+, AKo", "--by-card", "--board", "Qs7s2s")
    assert code == 0, output
    found = equity_by_board(["AhKh", "77+, AQs+, AKo"], "Qs7s2s")
    assert f"47 turns in {len(found.classes)} classes" in output
    assert f"{found.equity():.2%}" in output
    bars = [line for line in output.splitlines() if "% |" in line]
    assert len(bars) == 10
    shares = [float(line.split()[-1].rstrip("%")) for line in bars]
    expected = [100 * n / found.boards for n in found.histogram()]
    assert shares == pytest.approx(expected, abs=0.05)


def test_by_flop_json_has_every_class_and_the_exact_whole() -> None:
    code, output = run("QQ+", "JJ-99", "--by-flop", "--json")
    assert code == 0, output
    found = json.loads(output)
    assert found["street"] == "flop" and found["boards"] == 22_100 and len(found["classes"]) == 1755
    weighted = sum(c["boards"] * c["equity"][0] for c in found["classes"]) / found["boards"]
    assert 0.7 < weighted < 0.9 and 0.7 < found["equity"][0] < 0.9


def test_by_flop_refuses_a_board_and_by_card_a_river() -> None:
    code, output = run("AhKh", "QQ", "--by-flop", "--board", "2c3d4h")
    assert code == 2 and "--by-card" in output
    code, output = run("AhKh", "QQ", "--by-card", "--board", "2c3d4h5s6s")
    assert code == 2 and "0, 3 or 4 cards" in output


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="the plot extra is not installed")
def test_plot_draws_a_png(tmp_path: Path) -> None:
    path = tmp_path / "turns.png"
    code, output = run("AhKh", "QQ", "--by-card", "--board", "Qs7s2s", "--plot", str(path))
    assert code == 0, output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
