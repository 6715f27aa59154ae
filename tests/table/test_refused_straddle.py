"""A straddle the table refuses changes nothing (issue 22, finding 6): before the first hand, the
draw for the button is done as the hand is dealt, not as a straddle is declared (WIKI_BIP
Straddle bets; RROP11 Button & Blind Use, high card by suit draws for the button)."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf
from pokerfloor.errors import IllegalAction
from pokerfloor.table import ManualClock, Table

NL = pf.Game.no_limit_holdem(1, 2)


def test_a_refused_straddle_before_the_first_hand_draws_no_button_and_logs_nothing() -> None:
    table = Table(NL, seats=6, rng=random.Random(7), clock=ManualClock())
    for seat, name in ((1, "ann"), (2, "bob"), (3, "cat")):
        table.sit(seat, name, 200, player_id=name)
    before = table.record()
    plan = table.preview()
    wrong = next(seat for seat in (1, 2, 3) if seat != plan.under_the_gun)
    with pytest.raises(IllegalAction):
        table.straddle(wrong)
    assert table.record() == before
    post = table.straddle(plan.under_the_gun)       # the right seat: taken, still no draw yet
    assert post.seat == plan.under_the_gun
    assert "draw_for_button" not in [e.kind for e in table.events]
    table.start_hand()
    assert [e.kind for e in table.events].count("draw_for_button") == 1
    assert table.preview().button_seat is not None
