"""Bomb pots written as PHH (``export.history_of``) and OHH (``ohh.to_ohh``): neither has bomb pots,
so one is written as antes, no blinds and a pre-flop round checked through; PokerKit replays the
PHH files to the same final stacks, a double board keeps its second board in ``_boards`` (OHH:
``pokerfloor_boards``) and is marked ``_double_board`` (``pokerfloor_double_board``), and
pokerfloor reads both formats back to the same boards and stacks."""

from __future__ import annotations

import json
import random

import pytest
from pokerkit import HandHistory as PokerKitHistory
from tests.differential.pokerkit_twin import remainder_to_first_winner
from tests.differential.test_pokerkit_bomb_pots import odd_chips_of_merged_pots

import pokerfloor as pf
from pokerfloor.io import export, ohh, phh, replay

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def bomb_hand(seed: int, boards: int = 1) -> pf.Hand:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    ante = rng.randint(1, 8)
    # stacks above the ante: a short ante is the known antes_in_main_pot difference (pokerkit_twin.KNOWN)
    stacks = {s: rng.choice([rng.randint(ante + 1, 30), rng.randint(30, 400)]) for s in range(1, n + 1)}
    hand = pf.Hand(pf.Game.no_limit_holdem(1, 2), stacks, n, rng=rng, bomb_pot=ante, boards=boards)
    while not hand.is_over:
        legal, seat = hand.legal(), hand.to_act
        span = legal.bet or legal.raise_
        roll = rng.random()
        if legal.fold and legal.call and roll < 0.2:
            hand.act(seat, "fold")
        elif span is not None and roll < 0.5:
            hand.act(seat, "bet" if legal.bet else "raise", to=rng.randint(span.min_to, span.max_to))
        else:
            hand.act(seat, "call" if legal.call else "check")
    return hand


def test_pokerkit_replays_our_bomb_pots_to_the_same_stacks() -> None:
    checked = known = 0
    for seed in range(80):
        hand = bomb_hand(seed)
        text = phh.dumps(export.history_of(hand))
        *_, final = iter(PokerKitHistory.loads(text))
        assert hand.result is not None
        ours = [hand.result.stacks[s] for s in sorted(hand.result.stacks)]
        theirs = list(final.stacks)
        again = replay.replay(phh.loads(text)[0]).hand.result      # and pokerfloor reads its own file
        assert again is not None and again.stacks == hand.result.stacks, seed
        if theirs != ours:      # the known odd chips of split pots (MERGED_POTS, pokerkit_twin.KNOWN)
            assert theirs == remainder_to_first_winner(hand) or odd_chips_of_merged_pots(hand, ours, theirs), seed
            known += 1
        checked += 1
    assert checked == 80 and known <= 4


def test_a_double_board_keeps_its_second_board() -> None:
    game = pf.Game.no_limit_holdem(1, 2)
    hand = pf.Hand(game, {1: 50, 2: 50, 3: 50}, 3, rng=random.Random(5), bomb_pot=2, boards=2)
    while not hand.is_over:
        hand.act(hand.to_act, "check")
    history = export.history_of(hand)
    assert history.extra["_runs"] == 2 and len(history.extra["_boards"]) == 2
    assert sum(1 for action in history.actions if action.endswith(" cc")) == 3 * 4


@pytest.mark.parametrize("boards", [1, 2])
def test_a_bomb_pot_reads_back_from_phh_and_ohh_to_its_boards_and_stacks(boards: int) -> None:
    """Random bomb pots (the antes, then a flop bet, raised, called or folded): each file, PHH and
    OHH, replays to the hand's boards and final stacks and the same awards by board. Before, a
    double board replayed from PHH was refused (its second board taken for a run twice while
    betting could still happen), and no bomb pot read back from OHH (its flop dealt while the
    pre-flop round of a hand without blinds was still to be played)."""
    for seed in range(40):
        hand = bomb_hand(seed, boards)
        assert hand.result is not None
        written = ohh.to_ohh(hand)["ohh"]
        assert (written.get("pokerfloor_double_board"), len(written.get("pokerfloor_boards", [[]]))) == (
            (True, 2) if boards == 2 else (None, 1))
        for history in (phh.loads(phh.dumps(export.history_of(hand)))[0],
                        ohh.read_ohh(json.loads(ohh.dumps({"ohh": written})))):
            again = replay.replay(history).hand
            assert again.boards == hand.boards and again.result is not None, seed
            assert again.result.stacks == hand.result.stacks, seed
            assert sorted((a.run, a.amount) for a in again.result.awards) == sorted(
                (a.run, a.amount) for a in hand.result.awards), seed


def test_a_double_board_flag_that_is_not_true_or_false_is_refused() -> None:
    history = export.history_of(bomb_hand(3, 2))
    bad = phh.loads(phh.dumps(history).replace("_double_board = true", '_double_board = "yes"'))[0]
    with pytest.raises(replay.ReplayError, match="_double_board is true"):
        replay.replay(bad)
