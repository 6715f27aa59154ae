"""The phase of a hand is one value that says what the hand waits for (issue 36; hand/phase.py):
after every input of seeded random hands of every variant and option (handtrace.py) the phase
agrees with everything the hand says in public: over, waiting for its run-out, for cards, for a
draw, at the showdown, at a bring-in or in a betting round, and what ``legal()`` offers."""

from __future__ import annotations

import random

from handtrace import Player, Writer, cases

import pokerfloor as pf
from pokerfloor.hand import phase


def check(hand: pf.Hand) -> None:
    now = hand._phase
    legal = hand.legal()
    assert (now == phase.OVER) == hand.is_over
    assert (now == phase.RUN_OUT) == hand.awaiting_runout
    if now == phase.CARDS_DUE:
        assert hand.awaiting_deal is not None and hand.to_act is None and legal == pf.Legal()
    if hand.awaiting_deal is not None:
        assert now in (phase.CARDS_DUE, phase.DRAW)
    if now == phase.DRAW:
        assert hand.to_act is None or legal.draw is not None
    if now == phase.SHOWDOWN:
        assert hand.street == "showdown" and (hand.to_act is None or (legal.show and legal.muck))
    if now == phase.BRING_IN:
        assert legal.bring_in is not None
    if now == phase.BETTING:
        assert hand.to_act is not None and legal.draw is None and legal.bring_in is None and not legal.show
    if hand.to_act is None:
        assert now != phase.BETTING and now != phase.BRING_IN


def test_the_phase_agrees_with_the_public_state_after_every_input() -> None:
    out = Writer(keep=False)
    for index, case in enumerate(cases()[::3]):
        rng = random.Random(index)
        stacks = {seat: rng.randint(1, 300) for seat in range(1, case.players + 1)}
        hand = pf.Hand(
            case.game, stacks, 1, rng=random.Random(index), dealing="manual" if case.manual else "auto",
            wait_for_runout=case.wait_for_runout, auto_muck=case.auto_muck,
        )
        player = Player(hand, case, rng, out)
        check(hand)
        for _ in range(300):
            if hand.is_over:
                break
            player.step()
            check(hand)
        assert hand.is_over
