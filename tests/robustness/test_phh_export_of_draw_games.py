"""Issue 11, item 10: a draw hand written out after its draw starts with the hole cards dealt at
the start, so the file replays; a hand still in play is written without finishing stacks."""

from __future__ import annotations

import random

import pokerfloor as pf
from pokerfloor.io import phh
from pokerfloor.io.export import history_of
from pokerfloor.io.verify import verify_history


def drawn_hand(draws: int) -> pf.Hand:
    game = pf.Game(variant="deuce_seven_triple", structure="fixed_limit", small_blind=1, big_blind=2)
    hand = pf.Hand(game, {1: 100, 2: 100, 3: 100}, button=3, rng=random.Random(8))
    rounds = 0
    while hand.to_act is not None and rounds < draws:
        seat = hand.to_act
        legal = hand.legal()
        if legal.draw is not None:
            hand.act(seat, "draw", discard=hand.holes[seat][1:4])
            rounds += seat == hand.seats[-1]
        else:
            hand.act(seat, "check" if legal.check else "call")
    return hand


def test_a_finished_draw_hand_exports_its_first_deal_and_replays() -> None:
    hand = drawn_hand(draws=3)
    while hand.to_act is not None:
        hand.act(hand.to_act, "check" if hand.legal().check else "call")
    assert hand.is_over
    history = history_of(hand)
    first = [text for text in history.actions if text.startswith("d dh")][:3]
    assert all(len(text.split()[-1]) == 10 for text in first)
    again = phh.loads(phh.dumps(history))[0]
    verdict = verify_history(again)
    assert verdict.status == "matched", verdict.detail


def test_a_hand_in_play_is_exported_without_finishing_stacks() -> None:
    hand = drawn_hand(draws=1)
    assert not hand.is_over
    history = history_of(hand)
    assert history.finishing_stacks is None and history.winnings is None
    verdict = verify_history(phh.loads(phh.dumps(history))[0])
    assert verdict.passed, verdict.detail
