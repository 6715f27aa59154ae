"""The training-environment benchmark measures all three environments (its peers come with the
bench extra, which ``make test`` installs); no speed is looked at."""

from __future__ import annotations

from pokerfloor.bench import Config, run
from pokerfloor.bench.core import OK


def test_env_batch_measures_pokerfloor_pettingzoo_and_rlcard() -> None:
    rows = run(Config.make(quick=True, seconds=0.05, rounds=1), ["env-batch"])
    assert [row.engine for row in rows] == ["pokerfloor", "PettingZoo", "rlcard"]
    for row in rows:
        assert row.status == OK, (row.engine, row.note)
        assert row.units > 0
    assert rows[0].reference and all(row.ratio for row in rows[1:])


def test_env_aec_measures_pokerfloor_against_pettingzoo_in_one_run() -> None:
    rows = run(Config.make(quick=True, seconds=0.05, rounds=1), ["env-aec"])
    assert [row.engine for row in rows] == ["pokerfloor", "PettingZoo"]
    for row in rows:
        assert row.status == OK, (row.engine, row.note)
        assert row.units > 0
    assert rows[0].reference and rows[1].ratio
