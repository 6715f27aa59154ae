"""Reads of a hand's chips made for per-step loops, and the forced bets a hand works out again
from its game: they must give exactly what the plain attributes and a fresh game give."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from randomhands import Setup, give_random_input, setups

import pokerfloor as pf


@settings(max_examples=40, deadline=None)
@given(setups())
def test_chip_counts_are_stacks_and_bets_in_seat_order(setup: Setup) -> None:
    """`chip_counts()` is `stacks` and `bets` in the order of `seats`, at every step of a hand."""
    hand = setup.hand()
    rng = random.Random(setup.play_seed)
    for _ in range(400):
        stacks, bets = hand.chip_counts()
        assert dict(zip(hand.seats, stacks, strict=True)) == hand.stacks
        assert dict(zip(hand.seats, bets, strict=True)) == hand.bets
        if hand.is_over:
            break
        give_random_input(hand, rng)


def test_a_changed_game_posts_its_own_blinds() -> None:
    """The blinds are the game's (WIKI_BIP Blinds): hands alike but for the game post each game's
    own, though a hand of the first game came just before."""
    first = pf.Game.no_limit_holdem(1, 2)
    pf.Hand(first, {1: 100, 2: 100, 3: 100}, button=1, rng=random.Random(1))
    second = dataclasses.replace(first, small_blind=5, big_blind=10)
    posts = pf.Hand(second, {1: 100, 2: 100, 3: 100}, button=1, rng=random.Random(1)).posts
    assert [(p.seat, p.amount, p.kind) for p in posts] == [(2, 5, "sb"), (3, 10, "bb")]
    again = pf.Hand(first, {1: 100, 2: 100, 3: 100}, button=3, rng=random.Random(1)).posts
    assert [(p.seat, p.amount, p.kind) for p in again] == [(1, 1, "sb"), (2, 2, "bb")]
    given_posts = [pf.Post(1, 2, "bb")]
    alone = pf.Hand(first, {1: 100, 2: 100, 3: 100}, button=3, rng=random.Random(1), posts=given_posts).posts
    assert [(p.seat, p.amount, p.kind) for p in alone] == [(1, 2, "bb")]
