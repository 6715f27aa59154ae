"""Issue 11, items 3 and 4: every public entry point refuses bad input with ``IllegalAction`` or a
``ValueError`` (never a ``TypeError``, ``AttributeError`` or ``ZeroDivisionError``), and what
used to be accepted silently (chips out of nothing, fractional seats, a small blind over the big
blind...) is refused. A refused action leaves the hand as it was."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import pokerfloor as pf

HOLDEM = pf.Game.no_limit_holdem(1, 2)
DRAW = pf.Game(variant="five_card_draw", structure="no_limit", small_blind=1, big_blind=2)
Call = Callable[[], object]


def at_the_draw() -> pf.Hand:
    hand = pf.Hand(DRAW, {1: 100, 2: 100}, button=2, rng=random.Random(1))
    hand.act(2, "call")
    hand.act(1, "check")
    return hand


def holdem(**kw: object) -> pf.Hand:
    return pf.Hand(HOLDEM, {1: 100, 2: 100}, button=2, **kw)  # type: ignore[arg-type]


def spot(**kw: object) -> pf.Hand:
    kw.setdefault("stacks", {1: 100, 2: 100, 3: 100})
    return pf.Hand.from_spot(HOLDEM, button=3, rng=random.Random(1), **kw)  # type: ignore[arg-type]


def snapshot(hand: pf.Hand) -> tuple[object, ...]:
    return (list(hand.events), hand.stacks, hand.holes, hand.to_act, hand.legal(), hand.awaiting_deal)


HAND_CALLS: dict[str, Callable[[pf.Hand], object]] = {
    "discard=5": lambda h: h.act(1, "draw", discard=5),
    "discard=[1.5]": lambda h: h.act(1, "draw", discard=[1.5]),
    "discard=[object()]": lambda h: h.act(1, "draw", discard=[object()]),
    "show(1, 12345)": lambda h: h.show(1, 12345),
    "show(1, [1.5])": lambda h: h.show(1, [1.5]),
    "show mid-hand": lambda h: h.show(1),
    "deal(None) when no cards are due": lambda h: h.deal(None),
}


@pytest.mark.parametrize("name", sorted(HAND_CALLS))
def test_bad_input_to_a_hand_is_refused_and_changes_nothing(name: str) -> None:
    hand = at_the_draw()
    before = snapshot(hand)
    with pytest.raises(ValueError):
        HAND_CALLS[name](hand)
    assert snapshot(hand) == before


@pytest.mark.parametrize("cards", [None, 5, [1.5], [object()], "Ah?"])
def test_bad_cards_dealt_by_hand_are_refused(cards: object) -> None:
    hand = holdem(dealing="manual")
    before = snapshot(hand)
    with pytest.raises(ValueError):
        hand.deal(cards, seat=1)  # type: ignore[arg-type]
    assert snapshot(hand) == before


def test_a_discard_during_the_betting_is_refused() -> None:
    hand = holdem(rng=random.Random(2))
    before = snapshot(hand)
    with pytest.raises(pf.IllegalAction, match="only a draw discards"):
        hand.act(2, "call", discard=hand.holes[2][:1])
    assert snapshot(hand) == before


CONSTRUCTIONS: dict[str, Call] = {
    "holes={1: None}": lambda: holdem(holes={1: None}),
    "holes=5": lambda: holdem(holes=5),
    "board=5": lambda: holdem(board=5),
    "Card(None)": lambda: pf.Card(None),  # type: ignore[arg-type]
    "Card(1.5)": lambda: pf.Card(1.5),  # type: ignore[arg-type]
    "parse_cards(5)": lambda: pf.parse_cards(5),  # type: ignore[arg-type]
    "rng=42": lambda: holdem(rng=42),
    "button=nan": lambda: pf.Hand(HOLDEM, {1: 100, 2: 100}, button=float("nan")),  # type: ignore[arg-type]
    "button='1'": lambda: pf.Hand(HOLDEM, {1: 100, 2: 100}, button="1"),  # type: ignore[arg-type]
    "button=1.5": lambda: pf.Hand(HOLDEM, {1: 100, 2: 100}, button=1.5),  # type: ignore[arg-type]
    "stacks=None": lambda: pf.Hand(HOLDEM, None, button=1),  # type: ignore[arg-type]
    "game=None": lambda: pf.Hand(None, {1: 100, 2: 100}, button=1),  # type: ignore[arg-type]
    "posts=5": lambda: holdem(posts=5),
    "posts=[5]": lambda: holdem(posts=[5]),
    "negative contributions": lambda: spot(contributions={1: -50, 2: 10}),
    "contributions={1: 'x'}": lambda: spot(contributions={1: "x"}),
    "folded seat not dealt in": lambda: spot(folded=[7]),
    "folded=5": lambda: spot(folded=5),
    "negative stack in a spot": lambda: spot(stacks={1: -5, 2: 100, 3: 100}),
    "street=5": lambda: spot(street=5),
    "Table(seats='9')": lambda: pf.Table(HOLDEM, seats="9"),  # type: ignore[arg-type]
    "Table(seats=9.5)": lambda: pf.Table(HOLDEM, seats=9.5),  # type: ignore[arg-type]
    "Table(rng=42)": lambda: pf.Table(HOLDEM, rng=42),  # type: ignore[arg-type]
    "Table(clock=5)": lambda: pf.Table(HOLDEM, clock=5),  # type: ignore[arg-type]
    "Table(button='x')": lambda: pf.Table(HOLDEM, button="x"),  # type: ignore[arg-type]
    "Table(options=5)": lambda: pf.Table(HOLDEM, options=5),  # type: ignore[arg-type]
    "Table.sit with a number for a name": lambda: pf.Table(HOLDEM).sit(1, 5, 100),  # type: ignore[arg-type]
    "Table.set_game(5)": lambda: pf.Table(HOLDEM).set_game(5),  # type: ignore[arg-type]
    "Game(blinds=5)": lambda: pf.Game(blinds=5),  # type: ignore[arg-type]
    "Game(blinds=(0,))": lambda: pf.Game(blinds=(0,)),
    "small blind over the big blind": lambda: pf.Game(small_blind=5, big_blind=2),
    "blinds=(2, 1)": lambda: pf.Game(blinds=(2, 1)),
    "Game(spread=5)": lambda: pf.Game(structure="spread_limit", small_blind=1, big_blind=2, spread=5),  # type: ignore[arg-type]
    "Game(variant=[])": lambda: pf.Game(variant=[]),  # type: ignore[arg-type]
    "Game(house=5)": lambda: pf.Game(small_blind=1, big_blind=2, house=5),  # type: ignore[arg-type]
    "limit bets not in whole chips": lambda: pf.Game(
        structure="fixed_limit", small_blind=5, big_blind=10, small_bet=10, big_bet=22, min_chip=5
    ),
    "HouseRules(rathole_window_minutes='x')": lambda: pf.HouseRules(rathole_window_minutes="x"),  # type: ignore[arg-type]
    "HouseRules(buy_in=5)": lambda: pf.HouseRules(buy_in=5),  # type: ignore[arg-type]
    "with_house(foo=1)": lambda: HOLDEM.with_house(foo=1),
}


@pytest.mark.parametrize("name", sorted(CONSTRUCTIONS))
def test_bad_settings_are_refused_with_a_value_error(name: str) -> None:
    with pytest.raises(ValueError):
        CONSTRUCTIONS[name]()
