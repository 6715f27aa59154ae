"""The harness runs in a tiny quick mode, reports missing or failing contenders, and never crashes.

No test here looks at a speed: only at statuses, counts, ratios' arithmetic and the notes that
show the work was right.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerfloor.bench import BENCHMARKS, Config, run, select
from pokerfloor.bench.core import (
    FAILED,
    NOT_AVAILABLE,
    NOT_INSTALLED,
    OK,
    UNSUPPORTED,
    Benchmark,
    Contender,
    Row,
    Step,
    Unavailable,
    measure,
    set_ratios,
)
from pokerfloor.bench.peers import load

TINY = Config.make(quick=True, seconds=0.01, rounds=1)
STATUSES = {OK, NOT_INSTALLED, NOT_AVAILABLE, UNSUPPORTED}


def _steady(units: int) -> Step:
    def step() -> int:
        return units

    return step


def test_a_missing_peer_is_reported_not_raised() -> None:
    with pytest.raises(Unavailable) as caught:
        load("eval7", "no_such_module_here")
    assert caught.value.status == NOT_INSTALLED


def test_rows_for_missing_failing_and_working_contenders() -> None:
    def missing() -> Step:
        raise Unavailable(NOT_INSTALLED, "pip install nothing")

    def broken_setup() -> Step:
        raise RuntimeError("boom")

    calls = [0]

    def breaks_later() -> Step:
        def step() -> int:
            calls[0] += 1
            if calls[0] > 1:  # the warm-up passes, the measured step fails
                raise ValueError("late boom")
            return 1

        return step

    bench = Benchmark(
        "fake", "fake", "units/s",
        lambda config: [
            Contender("pokerfloor", "fast", lambda: _steady(10), reference=True),
            Contender("Peer 1.0", "slow", lambda: _steady(1)),
            Contender("Missing 2.0", "-", missing),
            Contender("Broken", "-", broken_setup),
            Contender("Late", "-", breaks_later),
        ],
    )
    rows = {row.engine: row for row in measure(bench, TINY)}
    assert rows["pokerfloor"].status == OK and rows["pokerfloor"].reference
    assert rows["Peer"].status == OK and rows["Peer"].version == "1.0"
    assert rows["Missing"].status == NOT_INSTALLED and rows["Missing"].rate is None
    assert rows["Broken"].status == FAILED and "boom" in rows["Broken"].note
    assert rows["Late"].status == FAILED and "late boom" in rows["Late"].note
    ref, peer = rows["pokerfloor"], rows["Peer"]
    assert ref.rate and peer.rate and peer.ratio == pytest.approx(ref.rate / peer.rate)
    assert ref.ratio is None and rows["Missing"].ratio is None


def test_the_first_measured_reference_is_the_reference() -> None:
    def not_yet() -> Step:
        raise Unavailable(NOT_AVAILABLE, "later")

    bench = Benchmark(
        "fake2", "fake", "units/s",
        lambda config: [
            Contender("pokerfloor", "fast path", not_yet, reference=True),
            Contender("pokerfloor", "slow path", lambda: _steady(3), reference=True),
            Contender("Peer", "-", lambda: _steady(1)),
        ],
    )
    fast, slow, peer = measure(bench, TINY)
    assert fast.status == NOT_AVAILABLE and not fast.reference
    assert slow.reference and slow.ratio is None
    assert peer.ratio is not None and peer.ratio > 0


def test_the_ratio_is_the_median_of_the_rounds_paired_ratios() -> None:
    ref = Row("b", "pokerfloor", "-", "u/s", units=60, seconds=3.0, reference=True,
              slices=[10.0, 20.0, 30.0])
    peer = Row("b", "Peer", "-", "u/s", units=15, seconds=3.0, slices=[5.0, 4.0, 6.0])
    set_ratios([ref, peer])
    assert ref.reference and ref.ratio is None
    assert peer.ratio == pytest.approx(5.0)  # the rounds' ratios are 2, 5 and 5
    assert (peer.ratio_low, peer.ratio_high) == (pytest.approx(2.0), pytest.approx(5.0))


def test_the_cpu_ratio_is_paired_by_round_from_the_cpu_time_beside_the_wall_clock() -> None:
    ref = Row("b", "pokerfloor", "-", "u/s", units=60, seconds=3.0, reference=True, slices=[10.0, 20.0, 30.0],
              cpu_seconds=1.5, cpu_slices=[40.0, 40.0, 40.0])
    peer = Row("b", "Peer", "-", "u/s", units=15, seconds=3.0, slices=[5.0, 4.0, 6.0], cpu_seconds=1.0,
               cpu_slices=[10.0, 20.0, 8.0])
    set_ratios([ref, peer])
    assert peer.ratio == pytest.approx(5.0)  # by the wall clock: 2, 5 and 5
    assert peer.cpu_ratio == pytest.approx(4.0)  # in CPU time: 4, 2 and 5
    assert (peer.cpu_ratio_low, peer.cpu_ratio_high) == (pytest.approx(2.0), pytest.approx(5.0))
    assert ref.cpu_rate == pytest.approx(40.0) and peer.as_dict()["pokerfloor_cpu_ratio"] == peer.cpu_ratio


def test_a_slice_is_timed_in_cpu_time_too() -> None:
    def busy() -> int:
        sum(range(20_000))  # work of the process: its CPU time moves
        return 1

    bench = Benchmark("cpu", "cpu", "units/s", lambda config: [
        Contender("pokerfloor", "busy", lambda: busy, reference=True), Contender("Peer", "busy", lambda: busy)])
    ref, peer = measure(bench, Config.make(quick=True, seconds=0.04, rounds=2))
    for row in (ref, peer):
        assert len(row.cpu_slices) == 2 and row.cpu_seconds > 0 and row.cpu_rate
    assert peer.cpu_ratio is not None and peer.cpu_ratio > 0


def test_select_knows_every_benchmark_and_refuses_others() -> None:
    assert [b.name for b in select()] == list(BENCHMARKS)
    assert [b.name for b in select(["equity"])] == ["equity"]
    with pytest.raises(KeyError):
        select(["nope"])


def test_every_benchmark_runs_in_tiny_quick_mode() -> None:
    config = Config.make(quick=True, seconds=0.01, rounds=1, corpus=_corpus())
    rows = run(config)
    assert {row.benchmark for row in rows} == set(BENCHMARKS)
    for row in rows:
        assert row.status in STATUSES, (row.benchmark, row.engine, row.method, row.note)
        if row.status == OK:
            assert row.units > 0 and row.seconds > 0
    by = {(row.benchmark, row.engine, row.method): row for row in rows}
    equities = {row.note.split(" (")[0] for row in rows if row.benchmark == "equity" and row.status == OK}
    assert len(equities) <= 1, equities  # every engine found the same equity
    for (bench, _, _), row in by.items():
        if bench == "replay" and row.status == OK:
            assert row.note.startswith("0 of "), row.note  # every replay matched the record


def _corpus() -> Path:
    here = Path(__file__).resolve()
    for parent in here.parents:
        candidate = parent.parent / "shared" / "corpus" / "phh" / "bulk"
        if candidate.is_dir():
            return candidate
    return Path("../shared/corpus/phh/bulk")


def test_the_command_prints_a_table_and_writes_json(tmp_path: Path) -> None:
    from pokerfloor.cli import app
    from pokerfloor.cli import bench as _bench  # noqa: F401 - registers the command

    out = tmp_path / "bench.json"
    md = tmp_path / "bench.md"
    args = ["bench", "--quick", "--only", "play", "--seconds", "0.01", "--rounds", "1",
            "--json", str(out), "--markdown", str(md)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "pokerfloor" in result.output
    report = json.loads(out.read_text())
    assert report["config"]["quick"] is True
    from pokerfloor.hand import COMPILED

    assert report["hand_engine"] == ("compiled" if COMPILED else "pure")
    assert ("hand engine: compiled" if COMPILED else "hand engine: pure Python") in result.output
    assert {row["benchmark"] for row in report["rows"]} == {"play"}
    assert all(row["status"] != FAILED for row in report["rows"])
    table = md.read_text()
    assert "| engine | method | hands/s |" in table and "| pokerfloor | Hand API (" in table


def test_the_commands_help_names_every_benchmark() -> None:
    """Every benchmark ``--only`` takes is named in its help (the equity-board cases by their group)."""
    import typing

    from pokerfloor.cli import bench as command

    option = typing.get_type_hints(command.bench, include_extras=True)["only"].__metadata__[0]
    text = " ".join(str(option.help).split())
    named = {name.strip(" .") for name in text.split(":", 1)[1].split("(")[0].split(",")}
    wanted = {n for n in BENCHMARKS if not n.startswith("equity-board-")} | {"equity-board", "soak", "fuzz", "serve"}
    assert wanted <= named, sorted(wanted - named)


def test_the_command_refuses_an_unknown_benchmark() -> None:
    from pokerfloor.cli import app
    from pokerfloor.cli import bench as _bench  # noqa: F401

    result = CliRunner().invoke(app, ["bench", "--only", "nope"])
    assert result.exit_code != 0
