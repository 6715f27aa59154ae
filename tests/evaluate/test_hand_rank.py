"""The checked API: cards in any form, ``HandRank`` values that read as poker words."""

from __future__ import annotations

import pickle
from itertools import permutations

import pytest

import pokerfloor as pf
from pokerfloor.cards import Card, parse_cards
from pokerfloor.evaluation import (
    HandRank,
    evaluate,
    evaluate_ace_five,
    evaluate_badugi,
    evaluate_deuce_seven,
    evaluate_low_8,
    evaluate_short_deck,
    high_rank,
)


def test_top_package_exports_evaluate_and_hand_rank():
    assert pf.evaluate is evaluate
    assert pf.HandRank is HandRank


def test_cards_as_one_string_strings_or_card_values_give_the_same_rank():
    text = "AhKd7c7s2h3c9d"
    expected = evaluate(text)
    assert evaluate("Ah Kd 7c 7s 2h 3c 9d") == expected
    assert evaluate(["Ah", "Kd", "7c", "7s", "2h", "3c", "9d"]) == expected
    assert evaluate(parse_cards(text)) == expected
    assert evaluate([int(c) for c in parse_cards(text)]) == expected
    assert expected == high_rank(parse_cards(text))


def test_a_hand_rank_is_an_int_with_a_category_and_words():
    rank = evaluate("AhKhQhJhTh")
    assert isinstance(rank, int) and isinstance(rank, HandRank)
    assert rank == 7462
    assert rank.category == "straight flush"
    assert rank.describe() == "royal flush"  # the ace-high straight flush is called by its name
    assert repr(rank) == "<HandRank 7462: royal flush>"
    assert pickle.loads(pickle.dumps(rank)) == rank


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("5d4d3d2dAd", "straight flush, five high"),
        ("9c9d9h9sKc", "four of a kind, nines, king kicker"),
        ("KcKdKh7c7d", "full house, kings full of sevens"),
        ("Ah9h7h3h2h", "flush, ace high: A-9-7-3-2"),
        ("Th9c8d7s6h", "straight, ten high"),
        ("5c4d3h2sAh", "straight, five high"),
        ("7c7d7hKs9h", "three of a kind, sevens: 7-7-7-K-9"),
        ("AcAd8c8dKs", "two pair, aces and eights: A-A-8-8-K"),
        ("6c6dAh7c3d", "one pair, sixes: 6-6-A-7-3"),
        ("AcKd9h7c3d", "high card, ace high: A-K-9-7-3"),
    ],
)
def test_every_high_category_reads_as_a_floor_person_says_it(cards, words):
    assert evaluate(cards).describe() == words


@pytest.mark.parametrize("value", [0, 7463, -1])
def test_a_value_off_the_scale_has_no_category(value):
    with pytest.raises(ValueError, match="1 to 7462"):
        _ = HandRank(value).category


def test_better_hands_compare_greater_and_suits_never_break_ties():
    order = ["AcKd9h7c3d", "2c2d3h4c5d", "2c2d3h3c4d", "2c2d2h3c4d", "Ac2d3h4c5d",
             "2c3c4c5c7c", "2c2d2h3c3d", "2c2d2h2s3d", "Ac2c3c4c5c", "AhKhQhJhTh"]
    ranks = [evaluate(h) for h in order]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
    assert evaluate("AhKhQhJh9s") == evaluate("AsKsQsJs9d")
    assert evaluate("AhKhQhJh9s2c3c") == evaluate("AsKsQsJs9h2d3d")


def test_the_order_of_the_cards_does_not_matter():
    hand = parse_cards("AhAd7c7s2h3c9d")
    assert len({high_rank(p) for p in permutations(hand)}) == 1


def test_best_five_of_seven():
    assert evaluate("AhKhQhJh2c3c4h").describe() == "flush, ace high: A-K-Q-J-4"
    assert evaluate("AhAdAcKhKdKcQs").describe() == "full house, aces full of kings"
    assert evaluate("2c3d4h5s6c7d8h").describe() == "straight, eight high"
    assert evaluate("AcAdKhKdQhQd2s").describe() == "two pair, aces and kings: A-A-K-K-Q"


@pytest.mark.parametrize("cards", ["AhKhQhJh", "AhKhQhJhTh9h8h7h", "AhAhQhJhTh", "Ah Kh Zz Jh Th"])
def test_evaluate_refuses_what_is_not_a_hand(cards):
    with pytest.raises(ValueError):
        evaluate(cards)


def test_short_deck_flush_beats_full_house_and_the_ace_makes_a_low_straight():
    assert evaluate_short_deck("AhKhQh9h7h") > evaluate_short_deck("AsAdAcKsKd")
    assert evaluate("AhKhQh9h7h") < evaluate("AsAdAcKsKd")
    wheel = evaluate_short_deck("Ah6c7d8s9h")
    assert wheel.describe() == "straight, nine high"
    assert wheel < evaluate_short_deck("6c7d8s9hTh") and wheel > evaluate_short_deck("AhAcAd9s7c")
    with pytest.raises(ValueError, match="six"):
        evaluate_short_deck("Ah2c7d8s9h")


def test_eight_or_better_low():
    wheel = evaluate_low_8("5c4d3h2sAh")
    assert wheel is not None and wheel.describe() == "five low: 5-4-3-2-A" and wheel == 56
    low = evaluate_low_8("8c6d4h2sAhKcKd")
    assert low is not None and low.category == "eight low" and low < wheel
    assert evaluate_low_8("9c6d4h2sAh") is None
    assert evaluate_low_8("8c6d4h4sAhKcKd") is None
    better = evaluate_low_8("7c6d5h4s3h")
    worse = evaluate_low_8("8c4d3h2sAh")
    assert better is not None and worse is not None and better > worse


def test_ace_five_low_counts_pairs_but_not_straights_or_flushes():
    best = evaluate_ace_five("5h4h3h2hAh")
    assert best == 6175 and best.describe() == "no pair, five low: 5-4-3-2-A"
    assert evaluate_ace_five("KcKdKhKsQh") == 1
    assert evaluate_ace_five("6c4d3h2sAh") < best
    assert evaluate_ace_five("AcAd2c3h4d") < evaluate_ace_five("KcQdJhTs9c")
    assert evaluate_ace_five("AcAd2c3h4d5s6s").describe() == "no pair, five low: 5-4-3-2-A"
    assert evaluate_ace_five("AcAd2c2h3d3s4s").describe() == "one pair, aces: A-A-4-3-2"


def test_deuce_seven_low():
    best = evaluate_deuce_seven("7c5d4h3s2h")
    assert best == 7462 and best.describe() == "no pair, seven low: 7-5-4-3-2"
    assert evaluate_deuce_seven("7h5h4h3h2h").category == "flush"
    assert evaluate_deuce_seven("6c5d4h3s2h").category == "straight"
    assert evaluate_deuce_seven("6c5d4h3s2h") < evaluate_deuce_seven("KcQdJhTs8c")
    assert evaluate_deuce_seven("Ac5d4h3s2h").describe() == "no pair, ace low: A-5-4-3-2"
    assert evaluate_deuce_seven("Ac5d4h3s2h") < evaluate_deuce_seven("KcQdJhTs8c")
    with pytest.raises(ValueError, match="5 cards"):
        evaluate_deuce_seven("7c5d4h3s2h8c")


def test_badugi():
    best = evaluate_badugi("Ac2d3h4s")
    assert best == 1092 and best.describe() == "four-card badugi: 4-3-2-A"
    assert evaluate_badugi("AcAd2c3h").describe() == "three-card badugi: 3-2-A"
    assert evaluate_badugi("KsKhKdKc").describe() == "one-card badugi: K"
    assert evaluate_badugi("KsQhJdTc") > evaluate_badugi("Ac2c3d4h")
    assert evaluate_badugi(Card(c) for c in (0, 5, 10, 15)) == evaluate_badugi("2c3d4h5s")
    with pytest.raises(ValueError, match="4 cards"):
        evaluate_badugi("Ac2d3h4s5c")
