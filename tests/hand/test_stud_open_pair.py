"""The open pair on fourth street (rules.md §4): the big-bet option belongs to seven-card stud high
only; stud hi-lo and razz keep the small bet whatever shows (Robert's-style stud/8 rules: "an open
pair does not affect the limit"; razz likewise)."""

from __future__ import annotations

import random

import pytest
from studkit import RAZZ, STUD, STUD_HILO, play

import pokerfloor as pf

# Seat 2 shows a pair of fours on fourth street.
HOLES = {1: "AcAdKh2c", 2: "2s3s4h4d", 3: "QcQdJhTh"}


def fourth_street(game: pf.Game) -> pf.Hand:
    hand = pf.Hand(game, {1: 1_000, 2: 1_000, 3: 1_000}, button=3, holes=HOLES, rng=random.Random(0))
    while hand.street == "third":
        seat = hand.to_act
        assert seat is not None
        play(hand, [(seat, "bring_in" if hand.legal().bring_in else "call")])
    return hand


def test_open_pair_gives_the_big_bet_option_in_stud_high() -> None:
    """RROP11 stud: in seven-card stud high an open pair on fourth street allows the big bet."""
    hand = fourth_street(STUD)
    assert hand.street == "fourth" and hand.legal().bet == pf.Range(20, 40, step=20)


@pytest.mark.parametrize("game", [STUD_HILO, RAZZ], ids=["stud_hilo", "razz"])
def test_open_pair_does_not_affect_the_limit_in_stud_hilo_and_razz(game: pf.Game) -> None:
    """Stud/8 rules (Robert's style): "an open pair does not affect the limit"; razz likewise: the
    fourth-street bet stays the small bet with a pair showing."""
    hand = fourth_street(game)
    pair = [card.rank for card in hand.upcards[2] if card is not None]
    assert hand.street == "fourth" and len(pair) == 2 and pair[0] == pair[1]
    assert hand.legal().bet == pf.Range(20, 20)
