"""Equity on every board of the next street (``equity_by_flop``, ``equity_by_board``): the classes
of boards by suit isomorphism hold every board once, each class's answer is the exact single-board
answer on every board of it, and the weighted whole is exactly the equity of the street before."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from pokerfloor.cards import Card, parse_cards
from pokerfloor.equity import RangeError, by_board, equity, every_flop, parse_range
from pokerfloor.equity.by_board import BoardEquities, _suit_changes, board_classes, equity_by_board, equity_by_flop
from pokerfloor.equity.calculate import EquitySpec, Tally, sweep_tally, table_tally
from pokerfloor.equity.kernels import SHARE, SHARES
from pokerfloor.errors import InvalidArgument

R20 = "55+, A2s+, K9s+, Q9s+, J9s+, T9s, 98s, ATo+, KJo+, QJo"
R5 = "77+, AQs+, AKo"


def _exact(tally: Tally, player: int = 0) -> Fraction:
    shares = sum(Fraction(w) * int(tally.rows[g, player, SHARES]) for g, w in enumerate(tally.weights))
    total = sum(Fraction(w) * int(tally.counts[g]) for g, w in enumerate(tally.weights))
    return shares / SHARE / total


@pytest.fixture(scope="module")
def hand_flops() -> BoardEquities:
    return equity_by_flop(["AhKh", R20])


def test_every_flop_is_in_one_class_weighted_by_its_boards(hand_flops: BoardEquities) -> None:
    # two known hole cards: the flops of the 50 other cards, C(50, 3), each once
    assert hand_flops.boards == math.comb(50, 3) == 19_600
    firsts = [tuple(parse_cards(c.board)) for c in hand_flops.classes]
    assert len(set(firsts)) == len(firsts)
    assert not any({Card("Ah"), Card("Kh")} & set(f) for f in firsts)
    # AhKh keeps only the changes of suits that fix hearts: clubs, diamonds and spades move freely
    changes = _suit_changes([parse_range("AhKh"), parse_range(R20)], [])
    assert len(changes) == 6 and all(change[2] == 2 for change in changes)
    orbits = board_classes([parse_range("AhKh"), parse_range(R20)], [], [], 3)
    assert sum(n for _, n in orbits) == math.comb(52, 3)  # the flops holding Ah or Kh are in no answered class


def test_the_weighted_flops_are_exactly_the_pre_flop_equity(hand_flops: BoardEquities) -> None:
    spec = EquitySpec.make(["AhKh", R20])
    preflop = table_tally(spec)
    assert preflop is not None
    assert hand_flops.exact(0) == _exact(preflop, 0)
    assert hand_flops.exact(1) == _exact(preflop, 1)
    assert hand_flops.equity() == pytest.approx(equity(["AhKh", R20]).players[0].equity, abs=1e-12)


def test_a_sample_of_classes_equals_the_single_board_answers_on_every_board_of_them(
        hand_flops: BoardEquities) -> None:
    changes = _suit_changes([parse_range("AhKh"), parse_range(R20)], [])
    rng = random.Random(39)
    for c in rng.sample(hand_flops.classes, 40):
        flop = parse_cards(c.board)
        members = {tuple(sorted((int(x) & ~3) | change[int(x) & 3] for x in flop)) for change in changes}
        assert len(members) == c.boards
        for member in rng.sample(sorted(members), min(2, len(members))):
            single = sweep_tally(EquitySpec.make(["AhKh", R20], board=[Card(x) for x in member]))
            assert single == c.tally  # exact integer counts, board for board
        assert c.equity() == equity(["AhKh", R20], board=c.board).players[0].equity


def test_ranges_without_suits_fall_into_1755_flop_classes() -> None:
    found = equity_by_flop([R5, R5])
    assert len(found.classes) == 1755
    assert found.boards == math.comb(52, 3)
    assert found.exact(0) == Fraction(1, 2)
    assert sum(found.histogram(0)) == found.boards
    assert 0.4 < found.quantile(0.5) < 0.6


def test_every_turn_card_of_a_flop_adds_up_to_the_flop() -> None:
    flop = "Qs7s2s"
    found = equity_by_board(["AhKh", R20], flop)
    assert found.street == "turn"
    assert found.boards == 52 - 3 - 2
    assert len(found.classes) < found.boards  # clubs and diamonds trade places
    on_the_flop = sweep_tally(EquitySpec.make(["AhKh", R20], board=flop))
    assert found.exact(0) == _exact(on_the_flop, 0)
    river = equity_by_board(["AhKh", R20], "Qs7s2s9d")
    assert river.street == "river" and river.boards == 52 - 4 - 2


def test_refusals() -> None:
    with pytest.raises(InvalidArgument):
        equity_by_board(["AhKh", R20], "Qs7s2s9d3c")
    with pytest.raises(InvalidArgument):
        equity_by_board(["AhKh", R20], "Qs7s")
    with pytest.raises(RangeError):
        equity_by_flop(["AhKh", "AhQh"])
    with pytest.raises(InvalidArgument):
        equity_by_flop(["AhKh", R20], game="stud")


def test_every_flop_at_once_counts_each_flop_as_the_sweep_of_that_flop(monkeypatch: pytest.MonkeyPatch) -> None:
    # a range (weighted: three weight classes) against a suited hand, the range first: every five-card
    # board ranked once (every_flop.hand_every_flop) must give each flop class the tally that the sweep
    # of its flop alone gives, to the unit
    ranges = ["QQ+:0.5, 88-JJ, AQs+:0.25, KQs, AJo+, T9s, 65s", "As3s"]
    together = equity_by_flop(ranges)
    if every_flop.COMPILED:  # (with numba) every class was counted together
        parsed = [parse_range(r) for r in ranges]
        assert len(by_board._every_flop(parsed, board_classes(parsed, [], [], 3))) == len(together.classes)
    monkeypatch.setattr(by_board, "EVERY_FLOP", 10**9)  # flop by flop
    alone = equity_by_flop(ranges)
    assert len(together.classes) == len(alone.classes)
    for a, b in zip(together.classes, alone.classes, strict=True):
        assert (a.board, a.boards) == (b.board, b.boards)
        assert a.tally == b.tally
        assert a.answer == b.answer
    assert together.exact(0) == alone.exact(0)
