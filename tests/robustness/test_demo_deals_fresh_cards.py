"""Issue 11, item 12: ``pokerfloor demo`` without ``--seed`` deals fresh cards each run."""

from __future__ import annotations

from typer.testing import CliRunner

from pokerfloor.cli import app, demo  # noqa: F401 - registers the command


def holdings(*args: str) -> list[str]:
    result = CliRunner().invoke(app, ["demo", "--hands", "1", *args])
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if " holds " in line]


def test_without_a_seed_each_run_deals_other_cards() -> None:
    runs = {tuple(holdings()) for _ in range(4)}
    assert len(runs) > 1


def test_with_a_seed_the_cards_are_the_same() -> None:
    assert holdings("--seed", "3") == holdings("--seed", "3")
