"""A second opinion: eval7's range functions and PokerKit's ``calculate_equities`` agree with
pokerfloor's exact equity within their stated errors (both are test dependencies)."""

from __future__ import annotations

import math

import eval7
import pokerkit as pk
import pytest

from pokerfloor.equity import equity


def _eval7_cards(text: str) -> list[eval7.Card]:
    return [eval7.Card(text[i : i + 2]) for i in range(0, len(text), 2)]


@pytest.mark.parametrize(
    ("hero", "ours", "theirs", "board"),
    [
        ("AhKh", "QQ+, AKs, 76s-54s", "QQ+, AKs, 76s, 65s, 54s", "Qh7c2d3sJc"),
        ("9c9d", "A2s+, KTo+, 22-55", "A2s+, KTo+, 22-55", "Tc8h4s2dKd"),
        ("7s6s", "22+, A2s+, K9o+, 65s-43s", "22+, A2s+, K9o+, 65s, 54s, 43s", "As5s4h9cTd"),
    ],
)
def test_eval7_exact_river_equity_agrees(hero: str, ours: str, theirs: str, board: str) -> None:
    """eval7's ``py_hand_vs_range_exact`` shows down a complete board (it deals no cards) and
    counts every hand of the range once (it reads weights but does not apply them)."""
    expected = eval7.py_hand_vs_range_exact(_eval7_cards(hero), eval7.HandRange(theirs), _eval7_cards(board))
    found = equity([hero, ours], board=board)
    assert found.players[0].equity == pytest.approx(expected, abs=1e-6)  # eval7 answers in float32


@pytest.mark.parametrize(
    ("hero", "ours", "theirs", "board"),
    [("AhKh", "QQ+, JTs", "QQ+, JTs", "Qc7c2d"), ("5c5d", "AK, AQ", "AK, AQ", "Ts9h2c")],
)
def test_eval7_monte_carlo_agrees_within_its_error(hero: str, ours: str, theirs: str, board: str) -> None:
    iterations = 400_000
    sampled = eval7.py_hand_vs_range_monte_carlo(
        _eval7_cards(hero), eval7.HandRange(theirs), _eval7_cards(board), iterations)
    exact = equity([hero, ours], board=board, exact=True).players[0].equity
    error = math.sqrt(0.25 / iterations)  # the largest standard error of a share in [0, 1]
    assert abs(sampled - exact) < 5 * error


@pytest.mark.parametrize(
    ("ranges", "board", "hand_type", "game"),
    [
        (["AKs", "QQ, 76s"], "Kc8d3h", pk.StandardHighHand, "holdem"),
        (["AhAsKhQs", "7c8c9dTd"], "2c3hJd", pk.OmahaHoldemHand, "omaha"),
    ],
)
def test_pokerkit_calculate_equities_agrees_within_its_error(ranges, board, hand_type, game) -> None:
    samples = 1500
    hole_cards = 4 if game == "omaha" else 2
    their_ranges = [pk.parse_range(r) if game == "holdem" else [frozenset(pk.Card.parse(r))] for r in ranges]
    theirs = pk.calculate_equities(
        their_ranges, tuple(pk.Card.parse(board)), hole_cards, 5, pk.Deck.STANDARD, (hand_type,),
        sample_count=samples,
    )
    ours = equity(ranges, board=board, game=game, exact=True)
    for mine, their in zip(ours.players, theirs, strict=True):
        error = math.sqrt(0.25 / samples)
        assert abs(mine.equity - their) < 5 * error


def test_eval7_range_against_range_agrees_within_its_error() -> None:
    """eval7's ``py_all_hands_vs_range`` samples each hand of one range against the other; each
    hand's equity, counted by the other range's hands it leaves, is the range's equity."""
    ours, theirs, board = "QQ+, AKs", "JJ-99, AQs+, 76s", "Kc8d3h"
    iterations = 20_000
    heroes, villains = eval7.HandRange(ours), eval7.HandRange(theirs)
    board_cards = {str(c) for c in _eval7_cards(board)}
    villain_hands = [{str(c) for c in hand} for hand, _ in villains]
    leaves = {
        hand: sum(not (cards | board_cards) & v for v in villain_hands)
        for hand, _ in heroes
        if not (cards := {str(c) for c in hand}) & board_cards
    }
    found = eval7.py_all_hands_vs_range(heroes, villains, _eval7_cards(board), iterations)
    total = sum(leaves.values())
    sampled = sum(found[hand] * n for hand, n in leaves.items()) / total
    error = math.sqrt(sum(n * n for n in leaves.values()) * 0.25 / iterations) / total
    exact = equity([ours, theirs], board=board, exact=True).players[0].equity
    assert abs(sampled - exact) < 5 * error
