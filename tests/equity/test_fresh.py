"""Heads-up hold'em on a fresh board takes the short way (``equity.fresh``): the ranges read whole,
the board's hands left out inside the kernels. Its answer is the long way's (``calculate`` with
the path named, which builds the question), equal in every field, for hands and ranges, text
and ``Range`` objects, weights, every street; anything the short way does not answer (dead
cards, three players, a range made by ``without``, a question that is wrong) goes the long way,
with the long way's errors."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfloor.cards import Card
from pokerfloor.equity import Equity, Range, RangeError, calculate, equity, fresh, parse_range
from pokerfloor.errors import InvalidArgument

TERMS = ["QQ+", "AKs", "AKo", "A2s+", "KTo+", "76s-54s", "99-66", "AhKh", "JcTc", "22", "T9s:0.5", "AQ:0.25",
         "K9s+", "QJo", "88:0.75", "A5s-A2s", "55+, A2s+, K9s+, Q9s+, J9s+, T9s, 98s, ATo+, KJo+, QJo"]
HANDS = ["AhKh", "QsQd", "7c6c", "Ad2c", "JhTh", "9s9c"]


@pytest.fixture
def short_way(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Equity | None]]:
    """What ``fresh.answer`` returned, each call (None: the long way answered)."""
    seen: list[Equity | None] = []
    real = fresh.answer

    def spy(*args: object) -> Equity | None:
        found = real(*args)  # type: ignore[arg-type]
        seen.append(found)
        return found

    monkeypatch.setattr(fresh, "answer", spy)
    yield seen


def _board(seed: int, cards: int) -> str:
    return "".join(str(Card(c)) for c in random.Random(seed).sample(range(52), cards))


def _long_way(ranges: list[str | Range], board: str, method: str) -> Equity:
    return calculate(ranges, board=board, method=method)  # a path named: the question is built


@st.composite
def questions(draw: st.DrawFn) -> tuple[list[str], str]:
    def text() -> str:
        if draw(st.booleans()):
            return draw(st.sampled_from(HANDS))
        return ", ".join(draw(st.lists(st.sampled_from(TERMS), min_size=1, max_size=3, unique=True)))

    ranges = [text(), text()]
    board = _board(draw(st.integers(0, 2**32 - 1)), draw(st.sampled_from([3, 4, 5])))
    return ranges, board


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(questions(), st.booleans())
def test_the_short_way_answers_as_the_long_way(short_way: list[Equity | None], question: tuple[list[str], str],
                                              objects: bool) -> None:
    texts, board = question
    ranges: list[str | Range] = [parse_range(t) for t in texts] if objects else list(texts)
    try:
        first = equity(ranges, board=board)  # the shape's first question chooses its path the long way
    except (RangeError, InvalidArgument):
        return
    short_way.clear()
    again = equity(ranges, board=board)
    assert again == first
    assert again == _long_way(ranges, board, again.method)


@pytest.mark.parametrize("street", [3, 4, 5])
@pytest.mark.parametrize("pair", [("hand", "55+, A2s+, K9s+, Q9s+, J9s+, T9s, 98s, ATo+, KJo+, QJo"),
                                  ("77+, AQs+, AKo", "77+, AQs+, AKo"),
                                  ("QQ+, AKs, T9s:0.5, 88:0.75", "hand"),
                                  ("A2s+, KTo+, AQ:0.25", "99-66, 76s-54s, JcTc")])
def test_a_stream_of_fresh_boards_is_answered_the_short_way_alike(short_way: list[Equity | None], street: int,
                                                                   pair: tuple[str, str]) -> None:
    rng = random.Random(f"{street}{pair}")
    heroes = [cards for cards, _ in parse_range("55+, A2s+, K9s+, Q9s+, J9s+, T9s, 98s, ATo+, KJo+, QJo").hands]
    answered = 0
    for _ in range(40):
        hero = heroes[rng.randrange(len(heroes))]
        texts = ["".join(str(c) for c in hero) if r == "hand" else r for r in pair]
        board = "".join(str(Card(c)) for c in rng.sample([c for c in range(52) if c not in hero], street))
        try:
            found = equity(texts, board=board)
        except RangeError:
            continue
        assert found == _long_way(list(texts), board, found.method)
        assert found.method == "sweep"
        assert found is short_way[-1]  # every one the short way, the first of each shape too
        answered += 1
    assert answered >= 30


def test_what_the_short_way_does_not_answer_goes_the_long_way(short_way: list[Equity | None]) -> None:
    equity(["QQ+", "AKs"], board="Ah7c2d")  # the shape's path chosen
    r = parse_range("QQ+")
    asked = [
        (["QQ+", "AKs"], {"board": "Ah7c2d", "dead": "5s"}),
        (["QQ+", "AKs", "JJ"], {"board": "Ah7c2d"}),
        ([r.without([Card.of(12, 0)]), "AKs"], {"board": "Ah7c2d"}),
        (["QQ+", "AKs"], {"board": "ah7c2d"}),
        (["QQ+", "AKs"], {"board": "Ah 7c 2d"}),
        (["QQ+", "AKs"], {"board": "Ah7c2d", "exact": False}),
    ]
    for ranges, options in asked:
        short_way.clear()
        equity(ranges, **options)  # type: ignore[arg-type]
        assert short_way in ([], [None])
    for ranges, board, error in [(["QQ+", "AKs"], "AhAh2d", InvalidArgument), (["AhKh", "QQ+"], "Ah7c2d", RangeError),
                                 (["QQ+", "AsKs"], "AhKs2d", RangeError), (["QQ+", "AKs"], "Ah7c2d1x", InvalidArgument),
                                 (["QQ+", "ZZ"], "Ah7c2d", RangeError)]:
        with pytest.raises(error):
            equity(ranges, board=board)
    with pytest.raises(InvalidArgument):
        equity(["QQ+", "AKs"], board="Ah7c2d", precision=0)
    with pytest.raises(InvalidArgument):
        equity(["QQ+", "AKs"], board="Ah7c2d", trials=0)


@st.composite
def hands_questions(draw: st.DrawFn) -> tuple[list[str], str]:
    """Three to five players of one hand each (some weighted), and a board of 0, 3, 4 or 5 cards
    (none before the flop for five: it costs a second), drawn without a card twice."""
    players = draw(st.integers(3, 5))
    street = draw(st.sampled_from([3, 4, 5] if players > 3 else [0, 3, 4, 5]))
    deck = draw(st.permutations(range(52)))
    texts = []
    for p in range(players):
        hand = str(Card(deck[2 * p])) + str(Card(deck[2 * p + 1]))
        texts.append(hand + draw(st.sampled_from(["", "", ":0.5", ":0.25"])))
    board = "".join(str(Card(c)) for c in deck[2 * players : 2 * players + street])
    return texts, board


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(hands_questions(), st.booleans())
def test_hands_of_three_or_more_players_take_the_short_way_as_the_long(short_way: list[Equity | None],
                                                                       question: tuple[list[str], str],
                                                                       objects: bool) -> None:
    texts, board = question
    ranges: list[str | Range] = [parse_range(t) for t in texts] if objects else list(texts)
    first = equity(ranges, board=board)
    short_way.clear()
    again = equity(ranges, board=board)
    assert again is short_way[-1]  # the shape's path known: the short way answers
    assert again == first == _long_way(ranges, board, again.method)
    assert again.method in ("fixed", "boards")


@pytest.mark.parametrize(("texts", "board"), [
    (["AhKh", "QsQd", "7c7d"], "2h5h9h"),        # a flush made on the flop: no card to come needed
    (["AhKh", "QhJh", "7c7d"], "2h5h9h4c"),     # two flushes made on the turn
    (["8h7h", "AsAd", "KcKd", "2c2d"], "6h5h4h"),  # a straight flush made
    (["AhKh", "QsQd", "7c7d"], "2h5h9c"),        # one card of the suit to come
])
def test_made_flushes_of_fixed_hands_are_counted_board_by_board_as_the_long_way(
        short_way: list[Equity | None], texts: list[str], board: str) -> None:
    first = equity(texts, board=board)
    short_way.clear()
    again = equity(texts, board=board)
    assert again is short_way[-1]
    assert again == first == _long_way(list(texts), board, again.method)


def test_the_short_way_reads_a_shape_the_long_way_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stream of fresh three-hand flops: the long way is read once a shape of question
    (``calculate._shape``), so the short way's shape is the long way's."""
    calculate_module = importlib.import_module("pokerfloor.equity.calculate")
    calculate_module.forget()
    fresh.forget()
    reads: list[object] = []
    real = fresh._choose_once

    def spy(*args: object) -> str | None:
        reads.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(fresh, "_choose_once", spy)
    calculate_module._CHOICES.clear()
    rng = random.Random(39)
    shapes = set()
    for _ in range(60):
        deck = rng.sample(range(52), 9)
        texts = ["".join(str(Card(c)) for c in deck[i : i + 2]) for i in (0, 2, 4)]
        board = "".join(str(Card(c)) for c in deck[6:])
        found = equity(texts, board=board)
        assert found == _long_way(list(texts), board, found.method)
        shapes.add(calculate_module._shape(calculate_module.EquitySpec.make(texts, board=board)))
    assert len(reads) == len(shapes) < 60


def test_the_outcome_rows_split_the_kernels_share() -> None:
    """``calculate._outcome_rows`` splits a pot of ``kernels.SHARE`` among its winners, as the kernels do."""
    calculate_module = importlib.import_module("pokerfloor.equity.calculate")
    kernels = importlib.import_module("pokerfloor.equity.kernels")
    assert [0, *(kernels.SHARE // w for w in range(1, calculate_module.MAX_PLAYERS + 1))] == calculate_module._PARTS
    rows = calculate_module._outcome_rows([[0, 3, 2, 1], [0, 1, 2, 1], [0, 0, 0, 1]])
    assert rows[: kernels.COLUMNS] == [3 * 5040 + 2 * 2520 + 1680, 3 * 5040**2 + 2 * 2520**2 + 1680**2, 3, 3,
                                       3 * 5040 + 2 * 2520 + 1680, 0]
