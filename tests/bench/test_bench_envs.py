"""The training-environment benchmark measures all three environments (its peers come with the
bench extra, which ``make test`` installs); no speed is looked at."""

from __future__ import annotations

import re

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


def test_env_aec_seeds_each_environment_once_and_counts_hands_and_decisions() -> None:
    rows = run(Config.make(quick=True, seconds=0.05, rounds=1), ["env-aec"])
    for row in rows:
        assert "seeded once" in row.note
        assert re.search(r"[\d,]+ hands, [\d,]+ decisions", row.note), row.note


def test_each_aec_environment_plays_untimed_hands_first_and_counts_only_the_measured() -> None:
    rows = run(Config.make(quick=True, seconds=0.05, rounds=1), ["env-aec"])
    for row in rows:
        first = re.search(r"([\d,]+) hands untimed first: ([\d,]+) hands", row.note)
        assert first is not None, row.note
        assert int(first.group(1).replace(",", "")) > 0


def test_the_aec_bench_resets_without_a_seed_after_the_first_hand() -> None:
    from pokerfloor.bench.envs import _Episodes

    class Recorder:
        def __init__(self) -> None:
            self.seeds: list[int | None] = []

        def reset(self, seed: int | None = None) -> None:
            self.seeds.append(seed)

        def agent_iter(self) -> list[str]:
            return []

    env = Recorder()
    episodes = _Episodes(env, 5)
    for _ in range(3):
        episodes.hand()
    assert env.seeds == [5, None, None]
    assert episodes.hands == 3
    episodes.warm_up(0.0)  # one hand at least, then the counts start again
    assert env.seeds == [5, None, None, None]
    assert (episodes.hands, episodes.warm_up_hands) == (0, 4)
