"""Files written by pokerfloor load in PokerKit (a test-only dependency) with the same result:
random hands played by pokerfloor, exported as PHH, replayed by PokerKit to the same final
stacks, the known and justified disagreements (tests/differential/pokerkit_twin.KNOWN) aside:
the fixed-limit raise cap, odd chips of split pots, and short all-ins that reopen the betting."""

from __future__ import annotations

import random

import pytest
from pokerkit import HandHistory as PokerKitHistory
from tests.differential.pokerkit_twin import odd_chip_reason

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
        if legal.fold and legal.call and roll < 0.2:  # folds only facing a bet, as the seeds below were met
            hand.act(seat, "fold")
        elif aggressive and roll < 0.45:
            kind = "bet" if legal.bet else ("complete" if legal.complete else "raise")
            hand.act(seat, kind, to=rng.randint(aggressive.min_to, aggressive.max_to))
        else:
            hand.act(seat, "call" if legal.call else "check")
    return hand


# Split pots that PokerKit pays differently are rare; these seeds meet them (the engine deals the
# same cards from a seed, so they stay put): odd chips paid one per winner (141, 209, 234) and
# antes layered into split side pots (894, 1315).
ODD_CHIP_SEEDS = (141, 209, 234, 894, 1315)


@pytest.mark.parametrize("structure", ["no_limit", "pot_limit", "fixed_limit"])
def test_pokerkit_replays_our_exported_hands_to_the_same_stacks(structure: str) -> None:
    checked = 0
    reasons: set[str] = set()
    for seed in [*range(60), *(ODD_CHIP_SEEDS if structure == "no_limit" else ())]:
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
            reason = odd_chip_reason(hand, ours, theirs_stacks)
            assert reason is not None, (seed, text, theirs_stacks)
            reasons.add(reason)
        checked += 1
    assert checked >= 50
    if structure == "no_limit":
        assert reasons == {"odd_chips_to_one_winner", "antes_in_main_pot"}, "a listed disagreement no longer shows"


def test_pokerkit_cannot_replay_a_raise_reopened_by_short_all_ins() -> None:
    """KNOWN["short_all_ins_reopen"]: on seed 862's flop seat 2 calls 409, then three all-ins
    (608, 843, 853), each short of a full raise, add up to 444 more, over the last full raise
    of 271: the betting is open to seat 2 again (TDA 2024 R47-A) and it raises to 1181.
    PokerKit keeps it closed and cannot replay the file."""
    hand = random_hand(862, "no_limit")
    wagers = ("bet", "raise", "call")
    flop = [(e.seat, e.kind, e.amount) for e in hand.events if e.street == "flop" and e.kind in wagers]
    assert flop[:4] == [(3, "bet", 138), (4, "call", 138), (5, "raise", 409), (6, "call", 409)]
    assert (2, "call", 409) in flop and flop[-1] == (2, "raise", 1181)
    assert hand.result is not None and hand.result.returned == {2: 328}
    text = phh.dumps(export.history_of(hand))
    with pytest.raises(ValueError, match="repair"):
        list(PokerKitHistory.loads(text))


def _raised_past_four_bets(hand: pf.Hand) -> bool:
    """PokerKit's fixed-limit cap differs (KNOWN["raise_cap"] in tests/differential); such hands cannot
    be compared."""
    per_round: dict[str, int] = {}
    for event in hand.events:
        if event.kind in ("bet", "raise", "complete"):
            per_round[event.street] = per_round.get(event.street, 0) + 1
    return any(count >= 4 for count in per_round.values())
