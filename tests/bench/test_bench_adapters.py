"""Every engine adapter plays only legal moves and evaluates correctly (no timings here).

``make test`` installs the ``bench`` extra, so every peer must be here: a peer missing from the
test environment is a failure, not a skip (what the harness does without a peer is tested in
``test_bench_harness.py``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pokerfloor.bench import ranges
from pokerfloor.bench.core import Unavailable
from pokerfloor.bench.equity import HERO, VILLAIN, combination_indices
from pokerfloor.bench.evaluation import pokerfloor_function
from pokerfloor.bench.peers import EQUITY, EVALUATORS, TABLES, card_text, remaining
from pokerfloor.bench.play import PokerfloorTable
from pokerfloor.bench.policy import PLAYERS, STACK, choose
from pokerfloor.cards import Card

MAKERS: dict[str, Any] = {"pokerfloor": PokerfloorTable, **TABLES}


def _make(key: str) -> Any:
    try:
        return MAKERS[key](11)
    except Unavailable as exc:
        pytest.fail(f"{key}: {exc.status} ({exc.reason}); make test installs the bench extra")


@pytest.mark.parametrize("key", list(MAKERS))
def test_every_policy_move_is_legal_for_the_engine(key: str) -> None:
    table = _make(key)
    rng = random.Random(5)
    moves = 0
    for _ in range(25):
        state = table.new_hand()
        decisions = 0
        while not table.is_over(state):
            options = table.options(state)
            move = choose(rng, options)
            assert table.is_legal(state, move, options), (key, move, options)
            table.apply(state, move, options)
            decisions += 1
            assert decisions < 500, f"{key}: the hand does not end"
        table.finish(state)
        moves += decisions
    assert moves > 0


def test_pokerfloor_hands_keep_every_chip() -> None:
    table = _make("pokerfloor")
    rng = random.Random(6)
    for _ in range(25):
        state = table.new_hand()
        while not table.is_over(state):
            options = table.options(state)
            table.apply(state, choose(rng, options), options)
        assert sum(state.result.stacks.values()) == PLAYERS * STACK


def test_card_numbers_print_as_pokerfloor_cards() -> None:
    assert [card_text(c) for c in range(52)] == [str(Card(c)) for c in range(52)]
    assert [card_text(c) for c in HERO + VILLAIN] == ["Ah", "Kh", "Qs", "Qd"]


def _reference_rank() -> Any:
    """pokerfloor's fast evaluator when it is there, else eval7 or phevaluator."""
    try:
        return pokerfloor_function("pokerfloor.evaluation", "high_rank")
    except Unavailable:
        pass
    for key in ("eval7", "phevaluator"):
        try:
            ev = EVALUATORS[key][1]()
        except Unavailable:
            continue
        return lambda cards, ev=ev: ev.rank(ev.convert(cards))
    pytest.fail("no reference evaluator installed")


@pytest.mark.parametrize("key", list(EVALUATORS))
def test_each_evaluator_orders_hands_like_the_reference(key: str) -> None:
    try:
        ev = EVALUATORS[key][1]()
    except Unavailable as exc:
        pytest.fail(f"{key}: {exc.reason}; make test installs the bench extra")
    reference = _reference_rank()
    rng = random.Random(7)
    for _ in range(300):
        cards = rng.sample(range(52), 11)
        a, b = cards[:7], cards[7:] + cards[2:5]  # two hands sharing three board cards
        want = (reference(a) > reference(b)) - (reference(a) < reference(b))
        ra, rb = ev.rank(ev.convert(a)), ev.rank(ev.convert(b))
        got = (ra > rb) - (ra < rb)
        assert got == want, (key, [card_text(c) for c in a], [card_text(c) for c in b])
    ev.loop([ev.convert(rng.sample(range(52), 7)) for _ in range(10)])


@pytest.mark.parametrize("key", list(EQUITY))
def test_equity_loops_agree(key: str) -> None:
    results = {}
    for name, run in EQUITY.items():
        try:
            results[name] = run(HERO, VILLAIN, 3000)
        except Unavailable:
            continue
    if key not in results:
        pytest.fail(f"{key} is not installed; make test installs the bench extra")
    tally = results[key]
    assert tally.boards == 3000
    assert {(t.wins, t.ties) for t in results.values()} == {(tally.wins, tally.ties)}


def test_board_indices_enumerate_every_board_once_in_order() -> None:
    rows = combination_indices(48, 5)
    assert rows.shape == (1_712_304, 5)
    assert (rows[:, :-1] < rows[:, 1:]).all()
    assert rows[0].tolist() == [0, 1, 2, 3, 4]
    assert rows[-1].tolist() == [43, 44, 45, 46, 47]
    assert rows[1].tolist() == [0, 1, 2, 3, 5]
    small = combination_indices(6, 3).tolist()
    from itertools import combinations

    assert small == [list(c) for c in combinations(range(6), 3)]
    assert len(remaining(HERO, VILLAIN)) == 48


def _betting(table: Any, hands: int) -> list[list[tuple[int, bool, bool]]]:
    rng = random.Random(3)
    out = []
    for _ in range(hands):
        state = table.new_hand()
        moves = []
        while not table.is_over(state):
            options = table.options(state)
            move = choose(rng, options)
            moves.append((move, bool(options.facing_bet), options.can_raise))
            table.apply(state, move, options)
        out.append(moves)
    return out


@pytest.mark.parametrize("key", ["pokerkit", "texasholdem", "openspiel"])
def test_the_same_seed_plays_the_same_betting_as_pokerfloor(key: str) -> None:
    """The claim docs/performance.md makes: with the same options in the same order, the policy
    plays the same betting on every engine (rlcard, whose raises are pot fractions, excepted)."""
    ours = _betting(_make("pokerfloor"), 100)
    theirs = _betting(_make(key), 100)
    differing = [i for i in range(100) if ours[i] != theirs[i]]
    assert not differing, f"hand {differing[0]}: {ours[differing[0]]} != {theirs[differing[0]]}"


def test_the_play_row_names_the_build_of_the_hand_engine() -> None:
    from pokerfloor.bench.core import Config
    from pokerfloor.bench.play import contenders
    from pokerfloor.hand import COMPILED

    row = contenders(Config())[0]
    assert row.engine == "pokerfloor"
    assert row.method == ("Hand API (compiled)" if COMPILED else "Hand API (pure Python)")


@pytest.mark.parametrize("case", ranges.CASES, ids=[c.name for c in ranges.CASES])
def test_every_range_equity_sampler_finds_the_same_equity(case: ranges.Case) -> None:
    """pokerfloor's, eval7's and PokerKit's samplers agree with a large pokerfloor sample
    within five standard errors of their own sample (eval7 where it can sample the case)."""
    from pokerfloor.equity import equity

    reference = equity(list(case.ranges), exact=False, precision=0.001, seed=9).players[0]
    samplers = {"pokerfloor": ranges._pokerfloor, "pokerkit": ranges._pokerkit}
    if case.eval7_range:
        samplers["eval7"] = ranges._eval7
    for name, make in samplers.items():
        count = 600 if name == "pokerkit" else 40_000
        found = make(case, 3)(count)
        assert abs(found - reference.equity) < 5 * (0.25 / count) ** 0.5 + 5 * reference.stderr, name


def test_the_table_row_answers_exactly_and_counts_a_monte_carlo_to_the_same_precision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The heads-up rows time pokerfloor's exact answer and credit it with the showdowns a
    Monte Carlo needs for a standard error of ``PRECISION``: v / PRECISION² for the exact
    variance v of one showdown's share (computed here from the exact answer's win and tie)."""
    from tests.equity.reference import table_for

    from pokerfloor.equity import EquitySpec, equity, preflop

    case = ranges.CASES[0]
    table = table_for(EquitySpec.make(list(case.ranges)))
    monkeypatch.setattr(preflop, "load", lambda: table)
    contender = ranges._table_contender(case)
    credit = contender.prepare()()
    exact = equity(list(case.ranges)).players[0]
    variance = exact.win + exact.tie / 4 - exact.equity**2  # heads-up: a share is 1, 1/2 or 0
    assert exact.stderr == 0 and credit == pytest.approx(variance / ranges.PRECISION**2, abs=1)
    assert contender.detail is not None and "exact (table)" in contender.detail()
