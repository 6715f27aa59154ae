"""Range notation as players write it: every form names the hands a player means."""

from __future__ import annotations

import pytest

from pokerfloor.cards import format_cards
from pokerfloor.equity import RangeError, parse_range


def names(text: str) -> set[str]:
    return {format_cards(cards) for cards, _ in parse_range(text).hands}


def shapes(text: str) -> set[str]:
    """Each hand as ranks with s (suited) or o (offsuit), pairs bare."""
    out = set()
    for cards, _ in parse_range(text).hands:
        high, low = cards
        ranks = format_cards([high])[0] + format_cards([low])[0]
        out.add(ranks if high.rank == low.rank else ranks + ("s" if high.suit == low.suit else "o"))
    return out


def test_a_pair_is_its_six_combinations() -> None:
    assert len(parse_range("QQ").hands) == 6
    assert shapes("QQ") == {"QQ"}


def test_pair_plus_runs_up_to_aces() -> None:
    assert shapes("QQ+") == {"QQ", "KK", "AA"}
    assert len(parse_range("QQ+").hands) == 18


def test_pairs_dash_is_every_pair_between() -> None:
    assert shapes("99-QQ") == shapes("QQ-99") == {"99", "TT", "JJ", "QQ"}


def test_suited_offsuit_and_both() -> None:
    assert len(parse_range("AKs").hands) == 4
    assert len(parse_range("AKo").hands) == 12
    assert len(parse_range("AK").hands) == 16
    assert names("AKs") == {"AcKc", "AdKd", "AhKh", "AsKs"}


def test_plus_raises_the_kicker_up_to_one_below_the_top_card() -> None:
    assert shapes("A2s+") == {f"A{k}s" for k in "23456789TJQK"}
    assert shapes("KTo+") == {"KTo", "KJo", "KQo"}


def test_dash_with_the_same_top_card_is_a_kicker_range() -> None:
    assert shapes("A5s-A2s") == {"A5s", "A4s", "A3s", "A2s"}


def test_dash_between_connectors_keeps_the_gap() -> None:
    assert shapes("76s-54s") == {"76s", "65s", "54s"}
    assert shapes("J9o-75o") == {"J9o", "T8o", "97o", "86o", "75o"}


def test_exact_hands_and_weights() -> None:
    parsed = parse_range("AA:0.5, AhKh")
    weights = {format_cards(cards): w for cards, w in parsed.hands}
    assert weights["AhKh"] == 1.0
    assert [w for n, w in weights.items() if n != "AhKh"] == [0.5] * 6


def test_a_hand_named_twice_takes_its_last_weight() -> None:
    weights = {format_cards(c): w for c, w in parse_range("AKs, AhKh:0.25").hands}
    assert weights == {"AcKc": 1.0, "AdKd": 1.0, "AsKs": 1.0, "AhKh": 0.25}


def test_random_is_every_hold_em_hand_and_an_unlisted_omaha_hand() -> None:
    assert len(parse_range("random").hands) == 1326
    assert parse_range("random", 4).random


def test_omaha_hands_are_exact_cards() -> None:
    assert names_omaha("AhAsKhQs, 2c3c4d5d") == {"AsAhKhQs", "5d4d3c2c"}


def names_omaha(text: str) -> set[str]:
    return {format_cards(cards) for cards, _ in parse_range(text, 4).hands}


@pytest.mark.parametrize(
    "text",
    ["", "AKx", "AAs", "QQ-AKs", "76s-52s", "AKs-QJo", "AK:2", "AK:x", "AhAh", "Zz", "AKs+-"],
)
def test_unreadable_ranges_are_refused(text: str) -> None:
    with pytest.raises(RangeError):
        parse_range(text)


def test_omaha_range_refuses_hold_em_shorthand() -> None:
    with pytest.raises(RangeError, match="exact hands"):
        parse_range("AA", 4)
