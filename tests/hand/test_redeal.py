"""``Hand.redeal`` deals the same hand again from a new deck: a hand dealt so is the hand the
constructor deals with the same arguments and randomness, attribute by attribute, and plays on
exactly like it, while the hand it was dealt from stays as it was. Its fast path copies the
set-up instead of working it out again and copies the state the forced bets left, so these
tests also catch an attribute the forced bets set that the copy does not take, or a copy that
shares what a hand changes."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from randomhands import Setup, give_random_input, setups

import pokerfloor as pf
from pokerfloor.cards import Deck
from pokerfloor.hand.betting import Chips, Round
from pokerfloor.hand.dealing import Shoe
from pokerfloor.hand.draw import Discards, Drawing
from pokerfloor.hand.posting import Forced
from pokerfloor.hand.reading import Street
from pokerfloor.hand.runouts import Runs
from pokerfloor.hand.stud import Opening

STATE_VALUES = (Chips, Round, Forced, Drawing, Runs, Opening, Shoe, Street)
"""The hand's own mutable values, compared by their contents."""

SHARED = {"game", "variant", "_terms", "_seats", "_pos", "_set_up"}
"""The attributes a redealt hand shares with the hand it was dealt from: its ``SetUp`` and what
is read from it, never changed after the deal, so sharing them is safe."""


def _plain(value: object) -> object:
    """A value as comparable data: the state objects of a hand by their contents."""
    if isinstance(value, STATE_VALUES):  # a shoe's randomness left out
        state = dict(value.__getstate__())  # type: ignore[call-overload]
        return {name: _plain(item) for name, item in state.items() if not isinstance(value, Shoe) or name != "rng"}
    if isinstance(value, Discards):
        return list(value._cards)
    if isinstance(value, Deck):
        return (type(value).__name__, list(value._cards))
    return value


def _state(hand: pf.Hand) -> dict[str, Any]:
    """Every attribute of ``hand``, as comparable data (its randomness left out)."""
    state = dict(hand.__getstate__())  # type: ignore[call-overload]
    return {name: _plain(value) for name, value in state.items() if name != "_rng"}


def _constructed(setup: Setup, template: pf.Hand, seed: int) -> pf.Hand:
    auto_muck = template._set_up.auto_muck
    return pf.Hand(setup.game, setup.stacks, setup.button, rng=random.Random(seed), auto_muck=auto_muck)


def _assert_alike(ours: pf.Hand, theirs: pf.Hand, play_seed: int) -> None:
    """The two hands have the same state, and stay alike input by input to the end."""
    assert _state(ours) == _state(theirs)
    ours_rng, theirs_rng = random.Random(play_seed), random.Random(play_seed)
    for _ in range(400):
        if theirs.is_over:
            break
        assert ours.legal() == theirs.legal() and ours.events == theirs.events
        give_random_input(ours, ours_rng)
        give_random_input(theirs, theirs_rng)
    assert ours.is_over and theirs.is_over
    assert ours.result == theirs.result and ours.events == theirs.events
    assert ours.record() == theirs.record()
    assert ours.view(None).to_dict() == theirs.view(None).to_dict()


@settings(max_examples=150, deadline=None)
@given(setups())
def test_a_redealt_hand_is_the_hand_the_constructor_deals(setup: Setup) -> None:
    template = setup.hand()
    before = _state(template)
    redealt = template.redeal(random.Random(setup.deck_seed + 1))
    mine, theirs = dict(redealt.__getstate__()), dict(template.__getstate__())  # type: ignore[call-overload]
    for name, value in mine.items():
        if isinstance(value, (list, dict, Discards, *STATE_VALUES)) and name not in SHARED:
            assert value is not theirs[name], f"{name} is shared with the hand it was dealt from"
    _assert_alike(redealt, _constructed(setup, template, setup.deck_seed + 1), setup.play_seed)
    assert _state(template) == before  # the hand it was dealt from is left alone


@settings(max_examples=40, deadline=None)
@given(setups())
def test_a_hand_redealt_after_play_is_dealt_as_new(setup: Setup) -> None:
    """A hand redealt once it has been played (or is over) is the hand as first dealt, dealt
    anew: what was played in it is not carried over."""
    played = setup.hand()
    if played.to_act is not None:
        give_random_input(played, random.Random(setup.play_seed))
    redealt = played.redeal(random.Random(7))
    _assert_alike(redealt, _constructed(setup, played, 7), setup.play_seed)


def test_a_hand_given_its_cards_and_posts_is_redealt_with_them() -> None:
    """The cards and forced bets a hand was given are given to the hand redealt (the slow path)."""
    game = pf.Game.no_limit_holdem(1, 2)
    posts = [pf.Post(seat=3, kind="straddle", amount=4)]
    hand = pf.Hand(game, {1: 100, 2: 100, 3: 100}, 3, rng=random.Random(1), holes={1: "AhKh"}, board="2c3c4c",
                   posts=posts)
    again = hand.redeal(random.Random(2))
    plain = pf.Hand(game, {1: 100, 2: 100, 3: 100}, 3, rng=random.Random(2), holes={1: "AhKh"}, board="2c3c4c",
                    posts=posts)
    _assert_alike(again, plain, 3)


def test_a_subclass_is_redealt_by_its_constructor() -> None:
    """A hand of a subclass is redealt through the subclass's ``__init__``, whatever it sets up."""

    class Tagged(pf.Hand):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.tag = "dealt"

    game = pf.Game.no_limit_holdem(1, 2)
    again = Tagged(game, {1: 100, 2: 100}, 2, rng=random.Random(1)).redeal(random.Random(2))
    assert type(again) is Tagged and again.tag == "dealt"
    _assert_alike(again, Tagged(game, {1: 100, 2: 100}, 2, rng=random.Random(2)), 4)
