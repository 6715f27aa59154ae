"""Exact heads-up equity: the compiled count, the plain Python count and a brute-force count agree."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pokerfloor.cards import parse_cards
from pokerfloor.evaluation import equity
from pokerfloor.evaluation.batch import compiled_loops
from pokerfloor.evaluation.equity import HeadsUpEquity, heads_up_equity
from tests.evaluate import reference as ref

needs_numba = pytest.mark.skipif(compiled_loops() is None, reason="numba is not installed")


@pytest.fixture
def plain(monkeypatch):
    """heads_up_equity on its plain Python path, as where numba is not installed."""
    monkeypatch.setattr(equity, "compiled_loops", lambda: None)
    return heads_up_equity


def _brute_force(hero: str, villain: str, board: str) -> HeadsUpEquity:
    """Every completion of the board, each hand's best five of seven by the reference ranking."""
    hole, other, known = parse_cards(hero), parse_cards(villain), parse_cards(board)
    deck = [c for c in range(52) if c not in {*hole, *other, *known}]
    boards = wins = ties = 0
    for dealt in combinations(deck, 5 - len(known)):
        ours = ref.best_five([*hole, *known, *dealt], ref.five_card_high)
        theirs = ref.best_five([*other, *known, *dealt], ref.five_card_high)
        boards += 1
        wins += ours > theirs
        ties += ours == theirs
    return HeadsUpEquity(boards, wins, ties)


@needs_numba
def test_ace_king_suited_against_queens_pre_flop():
    found = heads_up_equity("AhKh", "QsQd")
    assert found == HeadsUpEquity(1_712_304, 787_966, 6_732)
    assert found.losses == 1_712_304 - 787_966 - 6_732
    assert round(found.equity, 6) == 0.462145


def test_the_plain_path_finds_the_same_pre_flop(plain):
    assert plain("AhKh", "QsQd") == HeadsUpEquity(1_712_304, 787_966, 6_732)


@pytest.mark.parametrize(
    ("hero", "villain", "board"),
    [
        ("AhKh", "QsQd", "2h7h9c"),  # a flush draw against an overpair
        ("AhKh", "QsQd", "2h7h9cTh"),  # the flush made: every river wins
        ("7c2d", "7h2s", "3c4c5c"),  # the same ranks: ties but for the club flush
        ("AsAd", "KhKc", "AhKsKd"),  # quads against a full house
        ("5c4c", "AdAh", "3c2c9s"),  # a straight flush draw and a wheel draw
        ("JcTc", "9d9h", "QcKc2s7d"),  # a turn: straights, flushes and a royal flush out
        ("JcTc", "9d9h", "QcKc2s7dAc"),  # a full board: the royal flush
    ],
)
def test_compiled_plain_and_brute_force_counts_agree(plain, hero, villain, board):
    expected = _brute_force(hero, villain, board)
    assert plain(hero, villain, board) == expected
    assert heads_up_equity(hero, villain, board) == expected


@needs_numba
def test_compiled_and_plain_agree_on_random_flops_and_turns(plain):
    rng = random.Random(6)
    for _ in range(40):
        cards = rng.sample(range(52), 4 + rng.choice((3, 4)))
        hero, villain, board = cards[:2], cards[2:4], cards[4:]
        assert heads_up_equity(hero, villain, board) == plain(hero, villain, board)


@needs_numba
def test_the_villain_wins_what_the_hero_loses():
    rng = random.Random(7)
    for _ in range(5):
        cards = rng.sample(range(52), 4)
        ours = heads_up_equity(cards[:2], cards[2:])
        theirs = heads_up_equity(cards[2:], cards[:2])
        assert (ours.boards, ours.wins, ours.ties) == (theirs.boards, theirs.losses, theirs.ties)
        assert ours.equity + theirs.equity == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("hero", "villain", "board"),
    [("Ah", "QsQd", ""), ("AhKhQh", "QsQd", ""), ("AhKh", "QsQd", "2c3c4c5c6c7c"), ("AhKh", "KhQd", ""),
     ("AhKh", "QsQd", "Qs2c3c")],
)
def test_hands_that_cannot_be_dealt_are_refused(hero, villain, board):
    with pytest.raises(ValueError):
        heads_up_equity(hero, villain, board)
