"""bench --only equity-board: the cases are the ones named, every exact peer's adapter finds
pokerfloor's exact answer, eval7's sampler comes within its error, and the answers are credited
as a Monte Carlo's showdowns at the bench's precision."""

from __future__ import annotations

import importlib.util

import pytest

from pokerfloor.bench import boards, select
from pokerfloor.bench.core import Unavailable
from pokerfloor.equity import equity
from pokerfloor.equity.ranges import parse_range


def test_the_cases_cover_every_street_range_width_and_three_way() -> None:
    names = [c.name for c in boards.CASES]
    for street in ("flop", "turn", "river"):
        for kind in ("hand", "range"):
            for width in ("5", "20", "40"):
                assert f"equity-board-{street}-{kind}-{width}" in names
    assert sum("three-way" in n for n in names) == 3
    assert [b.name for b in select(["equity-board"])] == names
    river_hands = [f"equity-board-river-hand-{w}" for w in ("5", "20", "40")]
    assert [b.name for b in select(["equity-board-river-hand"])] == river_hands


def test_the_ranges_are_about_five_twenty_and_forty_percent() -> None:
    shares = [len(parse_range(r)) / 1326 for r in (boards.R5, boards.R20, boards.R40)]
    assert shares == pytest.approx([0.05, 0.2, 0.4], abs=0.025)


def test_written_out_is_the_same_range_hand_by_hand() -> None:
    text = boards.written_out(boards.R5)
    assert text.count(",") == len(parse_range(boards.R5)) - 1
    assert {c for c, _ in parse_range(text).hands} == {c for c, _ in parse_range(boards.R5).hands}


CASES = [c for c in boards.CASES if c.name in ("equity-board-river-range-20", "equity-board-turn-hand-20",
                                                "equity-board-three-way-flop")]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_exact_adapter_finds_the_exact_answer(case: boards.Case) -> None:
    answer = boards.exact_answer(case)
    found = equity(list(case.ranges), board=case.board, method="enumeration").players[0]
    assert answer.equity == pytest.approx(found.equity, abs=1e-12)
    variance = found.win + found.tie / 4 - found.equity**2 if len(case.ranges) == 2 else None
    if variance is not None:  # heads-up: a share is 1, 1/2 or 0
        assert answer.credit == pytest.approx(variance / boards.PRECISION**2, abs=1)
    makers = [boards._pokerfloor]
    for module, maker in (("pokerfast", boards._ompeval), ("poker_equity", boards._poker_equity)):
        if importlib.util.find_spec(module) is not None:
            makers.append(maker)
    for make in makers:
        run, credit, _ = make(case, answer)
        assert run() == pytest.approx(answer.equity, abs=1e-9), make.__name__
        assert credit == answer.credit


@pytest.mark.skipif(importlib.util.find_spec("eval7") is None, reason="eval7 is not installed")
def test_eval7_samples_within_its_error_and_has_no_multiway_sampler() -> None:
    case = next(c for c in boards.CASES if c.name == "equity-board-river-hand-20")
    answer = boards.exact_answer(case)
    run, credit, _ = boards._eval7(case, answer)
    assert credit == answer.credit
    assert abs(run() - answer.equity) < 5 * boards.PRECISION
    with pytest.raises(Unavailable):
        boards._eval7(next(c for c in boards.CASES if "three-way" in c.name), answer)
