"""bench --only equity-board: the cases are the ones named, each asks fresh questions from a seeded
stream (the same for every engine and every run of a seed), every exact peer's adapter finds
pokerfloor's exact answer to them, eval7's sampler comes within its error, and the checks flag an
answer that disagrees."""

from __future__ import annotations

import importlib.util

import pytest

from pokerfloor.bench import boards, select
from pokerfloor.bench.core import Config, Unavailable, measure
from pokerfloor.equity import equity, equity_by_flop, parse_range


def test_the_cases_cover_every_street_range_width_and_three_way() -> None:
    names = [c.name for c in boards.CASES]
    for street in ("flop", "turn", "river"):
        for kind in ("hand", "range"):
            for width in ("5", "20", "40"):
                assert f"equity-board-{street}-{kind}-{width}" in names
    assert sum("three-way" in n for n in names) == 3
    assert [b.name for b in select(["equity-board"])] == [*names, "equity-board-by-flop"]
    river_hands = [f"equity-board-river-hand-{w}" for w in ("5", "20", "40")]
    assert [b.name for b in select(["equity-board-river-hand"])] == river_hands


def test_the_ranges_are_about_five_twenty_and_forty_percent() -> None:
    shares = [len(parse_range(r)) / 1326 for r in (boards.R5, boards.R20, boards.R40)]
    assert shares == pytest.approx([0.05, 0.2, 0.4], abs=0.025)


def test_written_out_is_the_same_range_hand_by_hand() -> None:
    text = boards.written_out(boards.R5)
    assert text.count(",") == len(parse_range(boards.R5)) - 1
    assert {c for c, _ in parse_range(text).hands} == {c for c, _ in parse_range(boards.R5).hands}


def _case(name: str) -> boards.Case:
    return next(c for c in boards.CASES if c.name == name)


@pytest.mark.parametrize("name", [c.name for c in boards.CASES])
def test_the_stream_is_fresh_seeded_and_valid(name: str) -> None:
    case = _case(name)
    questions = boards.stream(case, 7, 200)
    assert questions == boards.stream(case, 7, 200)
    assert questions != boards.stream(case, 8, 200)
    assert len(set(questions)) > 190  # fresh: a question comes back only by chance
    heroes = {frozenset(cards) for cards, _ in parse_range(boards.HERO).hands}
    for q in questions:
        assert len(q.board) == 2 * case.cards
        held = []
        for named, asked in zip(case.ranges, q.ranges, strict=True):
            if named == boards.HAND:
                cards = parse_range(asked).hands[0][0]
                assert frozenset(cards) in heroes
                held += cards
            else:
                assert asked == named
        board = [q.board[i : i + 2] for i in range(0, len(q.board), 2)]
        assert len(set(board)) == len(board)
        assert not {str(c) for c in held} & set(board)
        assert len(set(held)) == len(held)


CASES = [_case(n) for n in ("equity-board-river-range-20", "equity-board-turn-hand-20", "equity-board-three-way-flop",
                            "equity-board-three-way-preflop")]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_exact_adapter_finds_the_exact_answer(case: boards.Case) -> None:
    for q in boards.stream(case, 3, 3):
        answer = boards.exact_answer(q)
        found = equity(list(q.ranges), board=q.board, method="enumeration").players[0]
        assert answer.equity == pytest.approx(found.equity, abs=1e-12)
        variance = found.win + found.tie / 4 - found.equity**2 if len(q.ranges) == 2 else None
        if variance is not None:  # heads-up: a share is 1, 1/2 or 0
            assert answer.credit == pytest.approx(variance / boards.PRECISION**2, abs=1)
        makers = [boards._pokerfloor, boards._pokerfloor_ranges]
        for module, maker in (("pokerfast", boards._ompeval), ("poker_equity", boards._poker_equity)):
            if importlib.util.find_spec(module) is not None:
                makers.append(maker)
        for make in makers:
            assert make(case)(q) == pytest.approx(answer.equity, abs=1e-9), make.__name__


@pytest.mark.skipif(importlib.util.find_spec("eval7") is None, reason="eval7 is not installed")
def test_eval7_samples_within_its_error_and_has_no_multiway_sampler() -> None:
    case = _case("equity-board-river-hand-20")
    questions = boards.stream(case, 5, 2)
    answers = [boards.exact_answer(q) for q in questions]
    sample = boards.eval7_sampler(case, questions, answers)
    for i, answer in enumerate(answers):
        assert abs(sample(i) - answer.equity) < 5 * boards.PRECISION
    with pytest.raises(Unavailable):
        boards.eval7_sampler(_case("equity-board-three-way-flop"), questions, answers)


def test_the_check_flags_a_wrong_answer_and_passes_right_ones() -> None:
    case = _case("equity-board-river-hand-5")
    questions = boards.stream(case, 1, 4)
    answers = [boards.exact_answer(q) for q in questions[1:3]]
    s = boards.Stream(questions[1:], questions[0], answers)
    s.found["a"] = {0: answers[0].equity, 1: answers[1].equity, 2: 0.25}
    s.found["b"] = {0: answers[0].equity, 2: 0.25}
    assert "DISAGREES" not in boards.check(s, "a", exact=True)
    s.found["b"][2] = 0.5
    assert "DISAGREES on 1" in boards.check(s, "a", exact=True)
    s.found["c"] = {0: answers[0].equity + 0.01, 1: answers[1].equity + 0.01}
    assert "DISAGREES" in boards.check(s, "c", exact=False)


def test_a_quick_run_answers_fresh_questions_and_they_agree() -> None:
    bench = next(b for b in select(["equity-board-river-hand-5"]))
    rows = measure(bench, Config.make(quick=True, seconds=0.2, rounds=2, seed=11))
    text = next(r for r in rows if r.method == "equity(), text")
    assert text.status == "ok" and text.reference
    assert "DISAGREES" not in text.note and "wrapped" not in text.note
    repeated = next(r for r in rows if "repeated" in r.method)
    assert not repeated.reference
    for row in rows:
        assert "DISAGREES" not in row.note, row


def test_the_by_flop_rows_agree_class_for_class() -> None:
    s = boards.make_flop_stream(Config.make(quick=True, seed=4))
    assert len(s.hands) == 2 and all(sum(n for _, n in c) == 19_600 for c in s.classes)
    by_flop = equity_by_flop([s.hands[0], boards.R20])
    assert [c.board for c in by_flop.classes] == [b for b, _ in s.classes[0]]
    s.found["a"] = {0: [c.equity(0) for c in by_flop.classes]}
    s.found["b"] = {0: [equity([s.hands[0], boards.R20], board=b).players[0].equity for b, _ in s.classes[0][:50]]}
    assert "DISAGREES" in boards.check_flops(s, "a")  # a list of another length is no answer to compare
    s.found["b"][0] = s.found["a"][0][:50] + [
        equity([s.hands[0], boards.R20], board=b).players[0].equity for b, _ in s.classes[0][50:]]
    assert "DISAGREES" not in boards.check_flops(s, "a")
    s.found["b"][0][7] += 1e-6
    assert "DISAGREES" in boards.check_flops(s, "a")
