"""A parsed ``Range`` asks the same question as its text: ``equity(Range)`` and ``equity(text)``
give the same answer on every path, fresh or asked again, and a range made by ``without`` is the
range of the hands that hold none of the known cards, however it was made."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfloor.cards import Card, parse_cards
from pokerfloor.equity import Range, RangeError, equity, parse_range

TERMS = ["QQ+", "AKs", "AKo", "A2s+", "KTo+", "76s-54s", "99-66", "AhKh", "JcTc", "22", "T9s:0.5", "AQ:0.25",
         "K9s+", "QJo", "88:0.75", "A5s-A2s"]


def _text(draw: st.DrawFn) -> str:
    terms = draw(st.lists(st.sampled_from(TERMS), min_size=1, max_size=4, unique=True))
    return ", ".join(terms)


@st.composite
def questions(draw: st.DrawFn) -> tuple[list[str], str]:
    players = draw(st.integers(2, 3))
    ranges = [_text(draw) for _ in range(players)]
    if players == 3:  # keep three-way small enough for every path: one player holds one hand
        ranges[0] = draw(st.sampled_from(["AhKh", "QsQd", "7c7d", "JcTc"]))
    street = draw(st.sampled_from([0, 3, 4, 5]))
    seed = draw(st.integers(0, 2**32 - 1))
    board = "".join(str(Card(c)) for c in random.Random(seed).sample(range(52), street))
    return ranges, board


def _answer(ranges: list[str | Range], board: str) -> tuple[object, ...] | str:
    try:
        found = equity(ranges, board=board)
    except (RangeError, ValueError) as refused:
        return type(refused).__name__
    return found.method, found.exact, found.showdowns, found.players


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(questions())
def test_a_parsed_range_gives_the_answer_of_its_text(question: tuple[list[str], str]) -> None:
    texts, board = question
    parsed: list[str | Range] = [parse_range(t) for t in texts]
    by_text = _answer(list(texts), board)
    assert _answer(parsed, board) == by_text
    assert _answer(parsed, board) == by_text  # asked again: from the kept question
    mixed: list[str | Range] = [texts[0], *parsed[1:]]
    assert _answer(mixed, board) == by_text
    fresh: list[str | Range] = [Range(r.text, r.hands, r.random) for r in parsed]  # nothing kept with them
    assert _answer(fresh, board) == by_text


def _plain_without(r: Range, known: list[Card]) -> list[tuple[tuple[Card, ...], float]]:
    gone = set(known)
    return [(cards, w) for cards, w in r.hands if not gone & set(cards)]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(TERMS), min_size=1, max_size=5, unique=True), st.integers(0, 2**32 - 1),
       st.integers(0, 7))
def test_without_keeps_exactly_the_hands_that_hold_no_known_card(terms: list[str], seed: int, count: int) -> None:
    r = parse_range(", ".join(terms))
    rng = random.Random(seed)
    first, second = rng.sample(range(52), count), rng.sample(range(52), count)
    known = [Card(c) for c in first]
    kept = r.without(known)
    assert list(kept.hands) == _plain_without(r, known)
    assert len(kept) == len(kept.hands)
    assert kept.text == r.text
    again = kept.without([Card(c) for c in second])  # made from a made range
    assert list(again.hands) == _plain_without(r, known + [Card(c) for c in second])
    assert r.without(known) is kept  # the removal is kept
    assert (kept is r) == (len(kept) == len(r))


def test_a_made_range_equals_hashes_and_pickles_as_the_range_of_its_hands() -> None:
    r = parse_range("QQ+, AKs, 76s")
    kept = r.without(parse_cards("Qh7c"))
    plain = Range(r.text, tuple(kept.hands))
    assert kept == plain and hash(kept) == hash(plain)
    assert pickle.loads(pickle.dumps(kept)) == plain
    assert repr(kept) == repr(plain)
    with pytest.raises(AttributeError):
        kept.text = "x"  # type: ignore[misc]


def test_a_range_object_and_its_text_are_read_alike_when_refused() -> None:
    r = parse_range("AhKh")
    with pytest.raises(RangeError):
        equity([r, "QQ"], board="AhKd2c")
    with pytest.raises(RangeError):
        equity(["AhKh", "QQ"], board="AhKd2c")


@pytest.mark.parametrize("board", ["Qs7s2s", "Ks8s3s9s", "Qs7s2s9s3s", "2c3c4c5d", "Ah7h2hKd", "Td9d8d7d6d"])
def test_a_hand_against_a_range_read_whole_counts_every_suit_pattern_of_board(board: str) -> None:
    # the sweep of a hand against a range leaves out the range's hands that hold a board card
    # itself (the range is read whole): most of all where the board makes or draws to a flush
    for ranges in (["AhKh", "55+, A2s+, K9s+, ATo+"], ["55+, A2s+, K9s+, ATo+", "JcTc"]):
        if set(parse_cards(board)) & set(parse_cards(next(r for r in ranges if len(r) == 4))):
            continue
        swept = equity(ranges, board=board)
        assert swept.method == "sweep"
        assert swept.players == equity(ranges, board=board, method="boards").players


@pytest.mark.parametrize("method", ["sweep", None])
@pytest.mark.parametrize("board", ["Kd8c2d", "Kd8c2d5s", "Kd8c2d5s3h"])
def test_a_range_made_by_without_is_its_hands_against_a_hand(method: str | None, board: str) -> None:
    """A hand against a range that ``without`` made: its own hands, not those of the range it was
    made from (the sweep reads the range whole, as it was asked, not as first parsed)."""
    whole = parse_range("QQ+, AKs, AKo, JJ, TT, 99")
    made = whole.without(parse_cards("Ah"))
    plain = Range(made.text, made.hands)
    for hand in ("7c7d", "AsQs"):
        found = equity([hand, made], board=board, method=method)
        assert found == equity([hand, plain], board=board, method=method)
        assert equity([made, hand], board=board, method=method).players == tuple(reversed(found.players))
