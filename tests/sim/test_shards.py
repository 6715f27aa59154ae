"""Shards: the same job gives identical tallies however it is split and wherever it runs:
serially, on a process pool, and on a local Ray cluster."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import pokerfloor.cli.equity  # noqa: F401 - registers the command
from pokerfloor.cli import app
from pokerfloor.equity import EquitySpec, exact_tally, result, table_tally
from pokerfloor.sim.shards import EquityJob, PlaySpec, PlayTally, equity_job, merge, run, run_shard

PLAY = PlaySpec(hands=6_000, seed=11, seats=4, block=1_000)
EXACT = equity_job(EquitySpec.make(["AK, 99", "QQ+, T9s"], board="Kc8d3h"))
SAMPLED = EquityJob(EquitySpec.make(["AK", "QQ+", "76s"]), exact=False, trials=8_000, seed=5, block=1_000)
HEADS_UP = EquitySpec.make(["AK", "QQ"])


def test_play_tally_does_not_depend_on_the_split() -> None:
    whole = run(PLAY, shards=1, backend="serial")
    assert isinstance(whole, PlayTally) and whole.hands == 6_000
    assert sum(whole.net) == 0  # chips only change hands
    for count in (2, 3, 6, 50):
        assert run(PLAY, shards=count, backend="serial") == whole


def test_a_different_seed_gives_a_different_tally() -> None:
    other = PlaySpec(hands=6_000, seed=12, seats=4, block=1_000)
    assert run(other, shards=1, backend="serial") != run(PLAY, shards=1, backend="serial")


def test_exact_equity_splits_by_showdown_number() -> None:
    assert EXACT.exact
    whole = exact_tally(EXACT.spec)
    assert merge([run_shard(s) for s in EXACT.shards(7)]) == whole
    assert [s.last - s.first for s in EXACT.shards(2)] == [EXACT.units // 2, EXACT.units - EXACT.units // 2]


def test_sampled_equity_splits_by_block() -> None:
    whole = run(SAMPLED, shards=1, backend="serial")
    assert whole.showdowns == 8_000
    assert run(SAMPLED, shards=3, backend="serial") == whole


def test_heads_up_pre_flop_is_one_unit_read_from_the_table() -> None:
    """As ``equity.calculate`` does, unless a sample is asked for."""
    job = equity_job(HEADS_UP)
    assert job.table and job.exact and job.units == 1 and len(job.shards(4)) == 1
    assert run(job, shards=4, backend="serial") == table_tally(HEADS_UP)
    assert not equity_job(HEADS_UP, exact=False).table
    assert not equity_job(EquitySpec.make(["AK", "QQ"], dead="2c")).table

def test_the_process_pool_gives_the_serial_tallies() -> None:
    for job in (PLAY, EXACT, SAMPLED):
        assert run(job, shards=3, backend="process", workers=2) == run(job, shards=1, backend="serial")


def test_a_bad_job_is_refused() -> None:
    with pytest.raises(ValueError, match="policy"):
        PlaySpec(hands=10, policy="gto")
    with pytest.raises(ValueError):
        PLAY.shards(0)
    with pytest.raises(ValueError, match="backend"):
        run(PLAY, shards=1, backend="cloud")  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def local_ray():
    """A Ray cluster of two CPUs on this machine, started and stopped by the test."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, object_store_memory=80 * 1024 * 1024)
    yield ray
    ray.shutdown()


def test_ray_gives_the_serial_tallies(local_ray) -> None:
    assert local_ray.is_initialized()
    for job in (PLAY, EXACT, SAMPLED):
        on_ray = run(job, shards=2, backend="ray")
        assert on_ray == run(job, shards=1, backend="serial")
    equity = result(EXACT.spec, run(EXACT, shards=2, backend="ray"), exact=True)
    assert sum(p.equity for p in equity.players) == pytest.approx(1.0)


def test_ray_reads_a_heads_up_pre_flop_question_from_the_table(local_ray) -> None:
    """``pokerfloor equity --ray`` gives the single-process answer and title for heads-up
    hold'em before the flop."""
    spec = EquitySpec.make(["AhKh", "QsQd"])
    assert run(equity_job(spec), shards=2, backend="ray") == table_tally(spec)
    runner = CliRunner()
    alone = runner.invoke(app, ["equity", "AhKh", "QsQd", "--json"])
    on_ray = runner.invoke(app, ["equity", "AhKh", "QsQd", "--json", "--ray", "auto"])
    assert alone.exit_code == on_ray.exit_code == 0, on_ray.output
    assert json.loads(on_ray.output) == json.loads(alone.output) and json.loads(on_ray.output)["table"]
    titled = runner.invoke(app, ["equity", "AhKh", "QsQd", "--ray", "auto"], terminal_width=160)
    assert "exact (table)" in titled.output
