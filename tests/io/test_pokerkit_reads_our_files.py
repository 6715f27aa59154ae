"""Files written by pokerfloor load in PokerKit (a test-only dependency) with the same result:
random hands played by pokerfloor, exported as PHH, replayed by PokerKit to the same final
stacks, the known and justified disagreements (tests/differential/pokerkit_twin.KNOWN) aside:
the fixed-limit raise cap and the layering of antes into split side pots."""

from __future__ import annotations

import random

import pytest
from pokerkit import HandHistory as PokerKitHistory
from tests.differential.pokerkit_twin import odd_chips_only

import pokerfloor as pf
from pokerfloor.io import export, phh

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def random_hand(seed: int, structure: str) -> pf.Hand:
    """A hand played to the end by a seeded random policy over the legal actions."""
    rng = random.Random(seed)
    seats = rng.randint(2, 6)
    if structure == "fixed_limit":
        game = pf.Game.fixed_limit_holdem(small_bet=20, big_bet=40, ante=rng.choice([0, 2]))
    elif structure == "pot_limit":
        game = pf.Game.pot_limit_omaha(5, 10)
    else:
        game = pf.Game.no_limit_holdem(5, 10, ante=rng.choice([0, 1]))
    stacks = {s: rng.randint(300, 3000) for s in range(1, seats + 1)}
    hand = pf.Hand(game, stacks=stacks, button=seats, rng=rng)
    while not hand.is_over:
        legal, seat = hand.legal(), hand.to_act
        assert seat is not None
        aggressive = legal.bet or legal.raise_ or legal.complete
        roll = rng.random()
        if legal.fold and roll < 0.2:
            hand.act(seat, "fold")
        elif aggressive and roll < 0.45:
            kind = "bet" if legal.bet else ("complete" if legal.complete else "raise")
            hand.act(seat, kind, to=rng.randint(aggressive.min_to, aggressive.max_to))
        else:
            hand.act(seat, "call" if legal.call else "check")
    return hand


@pytest.mark.parametrize("structure", ["no_limit", "pot_limit", "fixed_limit"])
def test_pokerkit_replays_our_exported_hands_to_the_same_stacks(structure: str) -> None:
    checked = odd_chip_hands = 0
    for seed in range(60):
        hand = random_hand(seed, structure)
        text = phh.dumps(export.history_of(hand))
        theirs = PokerKitHistory.loads(text)
        *_, final_state = iter(theirs)
        assert hand.result is not None
        ours = [hand.result.stacks[s] for s in sorted(hand.result.stacks)]
        if structure == "fixed_limit" and _raised_past_four_bets(hand):
            continue
        theirs_stacks = list(final_state.stacks)
        if theirs_stacks != ours:
            assert odd_chips_only(hand, ours, theirs_stacks), (seed, text, theirs_stacks)
            odd_chip_hands += 1
        checked += 1
    assert checked >= 50
    if structure == "no_limit":
        assert odd_chip_hands, "the listed ante-layering disagreement no longer shows: update KNOWN"


def _raised_past_four_bets(hand: pf.Hand) -> bool:
    """PokerKit's fixed-limit cap differs (KNOWN["raise_cap"] in tests/differential); such hands cannot
    be compared."""
    per_round: dict[str, int] = {}
    for event in hand.events:
        if event.kind in ("bet", "raise", "complete"):
            per_round[event.street] = per_round.get(event.street, 0) + 1
    return any(count >= 4 for count in per_round.values())
