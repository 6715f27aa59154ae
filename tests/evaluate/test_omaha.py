"""Omaha: exactly two hole cards and exactly three board cards, high and eight-or-better low."""

from __future__ import annotations

import random

import pytest

from pokerfloor.evaluation import (
    evaluate,
    evaluate_omaha,
    evaluate_omaha_low_8,
    omaha_high_rank,
    omaha_low8_rank,
)

from . import reference as ref


def test_four_suited_board_cards_and_one_in_hand_are_no_flush():
    rank = evaluate_omaha("Ah Kc 7d 2s", "Qh Jh 9h 3h 8c")
    assert rank.category == "high card"
    assert evaluate("Ah Kc Qh Jh 9h 3h 8c").category == "flush"  # as hold'em it would be


def test_two_suited_hole_cards_with_three_on_board_make_the_flush():
    rank = evaluate_omaha("Ah 2h Kc Kd", "Qh Jh 9h 3s 8c")
    assert rank.describe() == "flush, ace high: A-Q-J-9-2"


def test_a_straight_on_board_needs_two_hole_cards_to_play():
    rank = evaluate_omaha("As Ac 2d 2h", "9c Tc Jd Qs 8h")
    assert rank.category == "one pair"
    assert rank.describe() == "one pair, aces: A-A-Q-J-T"
    assert evaluate_omaha("Kd Ts 3c 2c", "9c Tc Jd Qs 8h").describe() == "straight, king high"


def test_four_of_a_kind_in_the_hole_is_only_a_pair():
    assert evaluate_omaha("As Ac Ad Ah", "2c 7d 9h").category == "one pair"


def test_trips_on_board_with_a_pair_in_the_hole_is_a_full_house():
    assert evaluate_omaha("Ks Kc 4d 5h", "9c 9d 9h 2s 3s").describe() == (
        "full house, nines full of kings"
    )


def test_a_board_pair_and_one_matching_hole_card_make_trips_with_a_hole_kicker():
    assert evaluate_omaha("9s Ac 4d 5h", "9c 9d Kh 2s 7s").describe() == (
        "three of a kind, nines: 9-9-9-A-K"
    )


def test_low_needs_two_different_low_hole_cards():
    board = "2c 5d 7h Kc Qd"
    assert evaluate_omaha_low_8("Ah Kd Qs Js", board) is None
    assert evaluate_omaha_low_8("Ah As Qs Js", board) is None
    low = evaluate_omaha_low_8("Ah 3s Qs Js", board)
    assert low is not None and low.describe() == "seven low: 7-5-3-2-A"


def test_low_needs_three_different_low_board_cards():
    assert evaluate_omaha_low_8("Ah 2s 3d 4c", "Kc Qd 7h 6c Jd") is None
    assert evaluate_omaha_low_8("Ah 2s 3d 4c", "Kc 7d 7h 6c Jd") is None


def test_a_board_card_pairing_the_hole_counterfeits_the_low():
    # A-2 in the hole, 2-4-5 on board: three board cards of other ranks than A and 2 are not
    # there, so there is no low; A-3 makes the wheel.
    board = "2c 4h 5s 9d Tc"
    assert evaluate_omaha_low_8("Ad 2d Kh Ks", board) is None
    low = evaluate_omaha_low_8("Ad 3d Kh Ks", board)
    assert low is not None and low.describe() == "five low: 5-4-3-2-A"


def test_best_low_and_best_high_may_use_different_hole_cards():
    hole, board = "Ah 2h Kc Kd", "Kh 3c 8d 7h 4h"
    assert evaluate_omaha(hole, board).describe() == "flush, ace high: A-K-7-4-2"
    low = evaluate_omaha_low_8(hole, board)
    assert low is not None and low.describe() == "seven low: 7-4-3-2-A"


def test_omaha_high_is_on_the_high_rank_scale():
    assert evaluate_omaha("Ah Kh 2c 2d", "Qh Jh Th 3s 4s") == evaluate("AhKhQhJhTh")
    assert int(evaluate_omaha("Ah Kh 2c 2d", "Qh Jh Th 3s 4s")) == 7462


@pytest.mark.parametrize(("hole_size", "board_size"), [(4, 3), (4, 4), (4, 5), (5, 5), (6, 5)])
def test_omaha_agrees_with_every_two_plus_three_by_brute_force(hole_size, board_size):
    rng = random.Random(hole_size * 10 + board_size)
    highs, high_keys, lows, low_keys = [], [], [], []
    for deal in range(600):
        # a third of the deals from few suits and low ranks, for flushes and lows
        deck = range(52) if deal % 3 else [c for c in range(52) if c % 4 < 2 or c < 28]
        cards = rng.sample(deck, hole_size + board_size)
        hole, board = cards[:hole_size], cards[hole_size:]
        highs.append(omaha_high_rank(hole, board))
        high_keys.append(ref.omaha(hole, board, ref.five_card_high))
        lows.append(omaha_low8_rank(hole, board))
        low_keys.append(ref.omaha(hole, board, ref.five_card_low8))
    ref.assert_same_order(highs, high_keys)
    ref.assert_same_order(lows, low_keys)
    assert any(v is not None for v in lows) and any(v is None for v in lows)


@pytest.mark.parametrize(
    ("hole", "board"),
    [("Ah Kh Qh", "2c 3c 4c"), ("Ah Kh Qh Jh 9c 8c 7c", "2c 3c 4c"), ("Ah Kh Qh Jh", "2c 3c")],
)
def test_omaha_hands_have_four_to_six_hole_cards_and_three_to_five_on_board(hole, board):
    with pytest.raises(ValueError, match="cards"):
        evaluate_omaha(hole, board)


def test_a_card_in_both_the_hole_and_on_board_is_refused():
    with pytest.raises(ValueError, match="twice"):
        evaluate_omaha_low_8("Ah Kh Qh Jh", "Ah 3c 4c")
