"""Issue 11, item 2: a copied, deep-copied or pickled hand is a hand of its own that plays on
exactly like its original, and a hand dealt for real play shuffles from a 256-bit seed through
SHA-256 in counter mode (``SeededShuffler``), so its deal can be reproduced from the seed."""

from __future__ import annotations

import copy
import hashlib
import pickle
import random
from collections.abc import Callable

import pytest

import pokerfloor as pf
from pokerfloor.cards import Deck, SeededShuffler

GAME = pf.Game(variant="five_card_draw", structure="no_limit", small_blind=1, big_blind=2)
DUPLICATES: list[Callable[[pf.Hand], pf.Hand]] = [copy.copy, copy.deepcopy, lambda h: pickle.loads(pickle.dumps(h))]


def play_out(hand: pf.Hand) -> list[pf.Event]:
    """Call everything down, each seat throwing its first two cards at the draw."""
    while (seat := hand.to_act) is not None:
        legal = hand.legal()
        if legal.draw is not None:
            hand.act(seat, "draw", discard=hand.holes[seat][:2])
        else:
            hand.act(seat, "check" if legal.check else "call")
    return list(hand.events)


@pytest.mark.parametrize("duplicate", DUPLICATES)
@pytest.mark.parametrize("rng", [None, random.Random(4)], ids=["seeded", "injected"])
def test_a_copy_is_independent_and_deals_the_same_cards(duplicate: Callable[[pf.Hand], pf.Hand], rng: object) -> None:
    hand = pf.Hand(GAME, {1: 100, 2: 100, 3: 100}, button=3, rng=rng)  # type: ignore[arg-type]
    hand.act(3, "call")
    twin = duplicate(hand)
    before = list(hand.events)
    twin.act(1, "call")
    assert hand.events == before and hand.to_act == 1, "acting on the copy changed the original"
    hand.act(1, "call")
    assert play_out(twin) == play_out(hand)
    assert twin.result == hand.result


def test_the_seed_deals_the_hand_again() -> None:
    hand = pf.Hand(GAME, {1: 100, 2: 100}, button=2)
    assert isinstance(hand.seed, bytes) and len(hand.seed) == 32
    again = pf.Hand(GAME, {1: 100, 2: 100}, button=2, seed=hand.seed)
    assert again.seed == hand.seed and play_out(again) == play_out(hand)
    assert pf.Hand(GAME, {1: 100, 2: 100}, button=2).seed != hand.seed, "each hand draws a fresh seed"
    assert pf.Hand(GAME, {1: 100, 2: 100}, button=2, rng=random.Random(1)).seed is None


def test_the_shuffler_is_sha256_over_the_seed_and_a_counter() -> None:
    """The documented construction, so anyone holding the seed can check a deal."""
    seed = bytes(range(32))
    shuffler = SeededShuffler(seed)
    first = int.from_bytes(hashlib.sha256(seed + (0).to_bytes(8, "big")).digest(), "big")
    second = int.from_bytes(hashlib.sha256(seed + (1).to_bytes(8, "big")).digest(), "big")
    assert shuffler.getrandbits(200) == first & (2**200 - 1)
    assert shuffler.getrandbits(100) == (first >> 200) | ((second & (2**44 - 1)) << 56)
    assert SeededShuffler(int.from_bytes(seed, "big")).seed == seed


def test_a_seeded_deck_deals_every_order_alike() -> None:
    """Exactly uniform draws: over many seeds each card is the top card about equally often."""
    tops = [Deck(SeededShuffler(seed)).deal(1)[0] for seed in range(5_200)]
    counts = [tops.count(card) for card in set(tops)]
    assert len(counts) == 52 and min(counts) > 60 and max(counts) < 145


@pytest.mark.parametrize("seed", [b"short", 2**256, -1, 1.5, "x" * 32, True])
def test_a_bad_seed_is_refused(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        pf.Hand(GAME, {1: 100, 2: 100}, button=2, seed=seed)


def test_a_seed_and_an_rng_together_are_refused() -> None:
    with pytest.raises(ValueError, match="not both"):
        pf.Hand(GAME, {1: 100, 2: 100}, button=2, seed=bytes(32), rng=random.Random(1))
