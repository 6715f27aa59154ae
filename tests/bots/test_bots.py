"""``pokerfloor.bots``: style bots choose from a seat's view, only legal actions, sized like people."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf
from pokerfloor.bots import STYLES, make_bot, round_like_a_person, strength


@pytest.mark.parametrize("amount,chip,said", [(337, 1, 340), (1_234, 1, 1_200), (7, 5, 5), (96, 25, 100)])
def test_bets_are_rounded_to_two_figures_in_whole_chips(amount: int, chip: int, said: int) -> None:
    assert round_like_a_person(amount, chip) == said


def test_an_unknown_style_is_refused() -> None:
    with pytest.raises(ValueError, match="style"):
        make_bot("shark", "S", random.Random(0))


@pytest.mark.parametrize("style", STYLES)
def test_every_style_plays_whole_hands_with_legal_actions_from_its_view(style: str) -> None:
    rng = random.Random(style)
    bots = {seat: make_bot(style, f"{style}{seat}", rng) for seat in (1, 2, 3)}
    for _ in range(30):
        hand = pf.Hand(pf.Game.no_limit_holdem(50, 100), {1: 5_000, 2: 5_000, 3: 5_000}, button=1, rng=rng)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action, to = bots[seat].choose(hand.view(seat))
            hand.act(seat, action, to=to)  # an illegal choice raises IllegalAction
        assert sum(hand.stacks.values()) == 15_000


def test_a_bot_chooses_only_on_its_turn() -> None:
    hand = pf.Hand(pf.Game.no_limit_holdem(50, 100), {1: 5_000, 2: 5_000}, button=1, rng=random.Random(2))
    waiting = 2 if hand.to_act == 1 else 1
    with pytest.raises(ValueError):
        make_bot("pro", "P", random.Random(0)).choose(hand.view(waiting))


def test_aces_score_higher_than_seven_deuce() -> None:
    aces = pf.Hand(pf.Game.no_limit_holdem(50, 100), {1: 5_000, 2: 5_000}, button=1, holes={1: "AhAd", 2: "7c2d"},
                   rng=random.Random(0))
    assert strength(aces.view(1)) > strength(aces.view(2))
