"""Equity: the compiled exact count agrees with a brute-force reference, Monte Carlo agrees
with the exact answer within its stated error, and any split of the work adds up the same."""

from __future__ import annotations

import pickle
from itertools import pairwise

import pytest

from pokerfloor.equity import (
    BLOCK,
    EquitySpec,
    RangeError,
    equity,
    exact_tally,
    result,
    sample_tally,
)
from pokerfloor.equity.calculate import sweep_tally
from tests.equity.reference import brute_force

SMALL_CASES = [
    (["AhKh", "QsQd"], "Qh7c2d3s", "", "holdem"),
    (["AhKh", "QQ+, 76s-54s, JJ:0.5"], "Qh7c2d", "", "holdem"),
    (["AK", "QQ, JTs", "22"], "Kc8d3h9s", "", "holdem"),
    (["AhKh", "QsQd", "7c7d"], "Kc8d3h", "", "holdem"),
    (["TT+:0.3, AQs", "KQ, 98s", "random"], "2c7h8dJs3s", "Ah", "holdem"),
    (["AhAsKhQs", "7c8c9dTd, 6h6s5c4c"], "2c3hJd", "", "omaha"),
    (["AhAs2h3sKc", "7c8c9dTd5s"], "4c5h6dQs", "", "omaha5"),
    (["AhAs2h3sKcQd", "7c8c9dTd5sJh"], "4c5h6dQs", "", "omaha6_hilo"),
    (["AhAs2h3sKcQd", "7c8c9dTd5sJh, KhKsQcJc9h8h"], "4c5h6dQs", "", "omaha6"),
    (["AhAs2h3sKc", "7c8c9dTd5s", "KhKsQcJc9h"], "4c5h6dQs", "2d", "omaha5_hilo"),
    (["AhAs2h3s", "7c8c9dTd, 2c4d5h6s", "KcKdQhQs"], "4c8hJd", "", "omaha_hilo"),
]


@pytest.mark.parametrize(("ranges", "board", "dead", "game"), SMALL_CASES)
def test_exact_equity_matches_the_brute_force_reference(ranges, board, dead, game) -> None:
    found = equity(ranges, board=board, dead=dead, game=game, exact=True)
    expected = brute_force(ranges, board=board, dead=dead, game=game)
    assert found.exact
    assert [p.equity for p in found.players] == pytest.approx(expected, abs=1e-9)
    assert sum(p.equity for p in found.players) == pytest.approx(1.0)


def test_heads_up_preflop_matches_the_known_count() -> None:
    found = equity(["AhKh", "QsQd"])
    assert found.exact and found.showdowns == 1_712_304
    ak = found.players[0]
    assert round(ak.win * 1_712_304) == 787_966 and round(ak.tie * 1_712_304) == 6_732
    assert ak.equity == pytest.approx(0.462145, abs=1e-6)


def test_hi_lo_pays_half_pots_and_counts_scoops() -> None:
    """Omaha hi-lo: the best high takes half, the best qualifying low the other half (RROP
    hi-lo split); one player with both scoops, and with no low the high takes it all."""
    found = equity(["AsKs2h3d", "QcQdJhTh"], board="4s5s8sKdQh", game="omaha_hilo")
    nut_low_flush = found.players[0]
    assert nut_low_flush.win == 1.0 and nut_low_flush.equity == 1.0  # nut flush and 5-low: a scoop
    assert (nut_low_flush.high, nut_low_flush.low) == (0.5, 0.5)
    found = equity(["Ac2d9h9c", "KcKdJhTh"], board="4s6s8sKh7d", game="omaha_hilo")
    low, kings = found.players
    assert (low.equity, low.low, low.high, low.tie) == (0.5, 0.5, 0.0, 1.0)
    assert (kings.equity, kings.high, kings.win) == (0.5, 0.5, 0.0)
    no_low = equity(["Ac2d9h9c", "KcKdJhTh"], board="4sKs9sKhTd", game="omaha_hilo")
    assert no_low.players[1].equity == 1.0 and no_low.players[1].win == 1.0


def test_dead_cards_leave_the_deck_and_the_ranges() -> None:
    found = equity(["AA", "KK"], board="2c7h8dJs", dead="AhAsKc")
    assert found.players[0].hands == 1 and found.players[1].hands == 3
    assert [p.equity for p in found.players] == pytest.approx(
        brute_force(["AA", "KK"], board="2c7h8dJs", dead="AhAsKc"), abs=1e-12)


def test_monte_carlo_agrees_with_exact_within_its_standard_error() -> None:
    exact = equity(["AK, 99", "QQ+, T9s", "76s-54s"], board="Kc8d3h", exact=True)
    sampled = equity(["AK, 99", "QQ+, T9s", "76s-54s"], board="Kc8d3h", exact=False, precision=0.002)
    assert not sampled.exact
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert 0 < s.stderr <= 0.002
        assert abs(e.equity - s.equity) < 4.5 * s.stderr


@pytest.mark.parametrize(
    ("ranges", "board"),
    [
        (["QQ+:0.3, AKs, 76s-54s:0.5", "JJ-99:0.8, AQs+"], "Kc8d3h"),  # weighted draws from each range
        (["AhKh", "QsQd", "7c7d"], ""),  # pre-flop, three-way: all five board cards drawn
    ],
)
def test_the_hold_em_sampler_agrees_with_exact_within_its_error(ranges, board) -> None:
    exact = equity(ranges, board=board, exact=True)
    sampled = equity(ranges, board=board, exact=False, precision=0.003, seed=3)
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert 0 < s.stderr <= 0.003
        assert abs(e.equity - s.equity) < 4.5 * s.stderr
        assert abs(e.win - s.win) < 0.02 and abs(e.tie - s.tie) < 0.02


def test_precision_stops_the_sample_once_every_error_is_small_enough() -> None:
    coarse = equity(["AhKh", "QsQd"], exact=False, precision=0.005)
    fine = equity(["AhKh", "QsQd"], exact=False, precision=0.001)
    assert coarse.showdowns < fine.showdowns
    assert max(p.stderr for p in fine.players) <= 0.001


def test_trials_cap_the_sample() -> None:
    found = equity(["AhKh", "QsQd"], exact=False, precision=1e-9, trials=3 * BLOCK)
    assert found.showdowns == 3 * BLOCK


def test_the_same_seed_gives_the_same_sample() -> None:
    first = equity(["QQ+", "AK"], exact=False, precision=0.01, seed=5)
    again = equity(["QQ+", "AK"], exact=False, precision=0.01, seed=5)
    other = equity(["QQ+", "AK"], exact=False, precision=0.01, seed=6)
    assert first == again and first != other


def test_exact_enumeration_splits_by_showdown_number() -> None:
    spec = EquitySpec.make(["AK, 99", "QQ+"], board="Kc8d3h")
    total = spec.exact_showdowns()
    whole = exact_tally(spec)
    cuts = [0, 1, 989, 990, 12_345, total // 2, total - 1, total]
    parts = [exact_tally(spec, a, b) for a, b in pairwise(cuts)]
    assert sum(parts[1:], parts[0]) == whole
    assert whole.showdowns == total


def test_each_block_draws_from_its_child_of_the_seed_sequence() -> None:
    """Block ``i`` is seeded by ``SeedSequence(seed).spawn(n)[i]`` for any ``n`` above ``i``:
    a shard computes its own blocks' streams without the others."""
    import numpy as np

    from pokerfloor.equity.calculate import block_seed

    children = np.random.SeedSequence(42).spawn(5)
    assert [block_seed(42, i) for i in range(5)] == [int(c.generate_state(1, np.uint32)[0]) for c in children]


def test_monte_carlo_blocks_add_up_whatever_the_split() -> None:
    spec = EquitySpec.make(["AK", "QQ+, 76s"], board="Kc8d3h")
    whole = sample_tally(spec, 11, 0, 4, block=500)
    parts = sample_tally(spec, 11, 0, 1, block=500) + sample_tally(spec, 11, 1, 4, block=500)
    assert parts == whole
    assert result(spec, whole, exact=False) == result(spec, parts, exact=False)


@pytest.mark.parametrize(
    ("ranges", "kw", "error"),
    [
        (["AA"], {}, ValueError),
        (["AA"] * 10, {}, ValueError),
        (["AA", "KK"], {"board": "AhAsAdAc"}, RangeError),
        (["AA", "KK"], {"board": "2c3c4c5c6c7c"}, ValueError),
        (["AA", "KK"], {"board": "2c3c", "dead": "2c"}, ValueError),
        (["AA", "KK"], {"game": "razz"}, ValueError),
        (["AhKh", "AhQh"], {}, RangeError),
        (["AhKh", "QsQd"], {"game": "omaha"}, RangeError),
    ],
)
def test_bad_questions_are_refused(ranges, kw, error) -> None:
    with pytest.raises(error):
        equity(ranges, **kw)


def test_nine_players_on_the_turn_match_the_reference() -> None:
    hands = ["AhKh", "QsQd", "7c7d", "2c3c", "9s8s", "JdTd", "5h5s", "AcQc", "KdJc"]
    found = equity(hands, board="Kc8d3h4s", exact=True)
    assert len(found.players) == 9 and found.showdowns == 52 - 18 - 4
    assert [p.equity for p in found.players] == pytest.approx(brute_force(hands, board="Kc8d3h4s"), abs=1e-12)
    sampled = equity(hands, board="Kc8d3h4s", exact=False, precision=0.01)
    assert all(abs(s.equity - e.equity) < 4.5 * s.stderr + 1e-9 for s, e in zip(sampled.players, found.players))


def test_a_small_trial_count_is_a_small_sample() -> None:
    assert equity(["AhKh", "QsQd"], exact=False, trials=500).showdowns == 500


def test_enumerating_too_many_deals_is_refused() -> None:
    with pytest.raises(ValueError, match="sample"):
        equity(["random", "random", "random"], board="2c3d4h5s6c", exact=True)


@pytest.mark.parametrize("size", [5, 7])
def test_displaced_rank_tables_read_back_every_rank(size: int) -> None:
    """The packed layout (with numba) and the plain one (without) give every filled entry of
    the rank table its own value; the packed one is a small fraction of the table."""
    import numpy as np

    from pokerfloor.equity.kernels import ROW_BITS, ROW_MASK, displaced
    from pokerfloor.evaluation.batch import high_arrays

    table = high_arrays(size).unsuited
    filled = np.flatnonzero(table)
    for compiled in (True, False):
        ranks, offsets = displaced(table, compiled)
        assert (ranks[offsets[filled >> ROW_BITS] + (filled & ROW_MASK)] == table[filled]).all()
    assert len(displaced(table, True)[0]) < len(table) // 20


def test_a_question_written_as_text_is_read_once_and_a_refused_one_every_time() -> None:
    """The same words give the same spec (what the paths worked out for it kept with it); the
    same cards written otherwise are the same question; a refused question is refused again,
    and a board given as a list is read as it is when asked, not as it was."""
    first = EquitySpec.make(["AhKh", "QQ+, AKs"], board="Qs7d2c")
    assert EquitySpec.make(["AhKh", "QQ+, AKs"], board="Qs7d2c") is first
    other = EquitySpec.make(["AhKh", "QQ+, AKs"], board="Qs 7d 2c")
    assert other is not first and other == first
    board = ["Qs", "7d", "2c"]
    listed = EquitySpec.make(["AhKh", "QQ+, AKs"], board=board)
    board[2] = "3c"
    assert EquitySpec.make(["AhKh", "QQ+, AKs"], board=board).board != listed.board
    for _ in range(2):
        with pytest.raises(RangeError):
            EquitySpec.make(["AhKh", "AhKh"], board="Qs7d2c", dead="Kh")
    assert equity(["AhKh", "QQ+, AKs"], board="Qs7d2c").players == equity(
        ["AhKh", "QQ+, AKs"], board="Qs7d2c", method="enumeration").players


def test_a_question_sent_to_another_process_leaves_what_was_worked_out_for_it_behind() -> None:
    """A spec pickled for a shard's process (``sim.shards``) goes without its memo (compiled
    kernels, arrays), and answers the same there."""
    spec = EquitySpec.make(["AhKh", "QQ+, AKs", "JJ, TT"], board="Qs7d2c")
    from_here = result(spec, sweep_tally(spec), exact=True)
    assert spec.memo
    sent = pickle.loads(pickle.dumps(spec))
    assert "memo" not in sent.__dict__ and sent == spec
    assert result(sent, sweep_tally(sent), exact=True) == from_here
