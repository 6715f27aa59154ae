"""``pokerfloor sim``: random hands in shards; the tally does not depend on the split."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pokerfloor.cli import app, sim  # noqa: F401 - registers the command


def tally(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(app, ["sim", "--hands", "3000", "--block", "500", "--seats", "3", "--json", *args])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    found.pop("seconds")
    return found


def test_the_tally_is_the_same_on_one_shard_or_many() -> None:
    one = tally("--shards", "1", "--workers", "1")
    many = tally("--shards", "4", "--workers", "2")
    assert one == many
    assert one["hands"] == 3000 and sum(one["net"].values()) == 0


def test_a_bad_spec_is_an_error() -> None:
    result = CliRunner().invoke(app, ["sim", "--hands", "0"])
    assert result.exit_code == 2 and "error:" in result.output
