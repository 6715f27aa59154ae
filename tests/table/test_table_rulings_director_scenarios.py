"""Table rulings from a tournament director's scenarios (issue 25): old blinds lapse at the big
blind, returning within the rathole window, and the small blind a waiting seat let pass."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor import citations as cite
from pokerfloor.table import ManualClock, Table
from pokerfloor.table.buttons import NOTHING_OWED, Owed

# WIKI_BIP Posting; RROP11 Button & Blind Use (missed blinds): old blinds lapse at the big blind --


def test_an_old_skipped_small_blind_lapses_when_the_big_blind_reaches_the_seat(orbit) -> None:
    """WIKI_BIP Posting ("only one set of missed blinds can be accumulated ...; old missed blinds
    are removed when the big blind returns to that player's seat"; cited as ``cite.POSTING`` with
    RROP11 Button & Blind Use): under the moving button Ellen owes the small blind the big blind's
    jump put off, sits out before paying it, and comes back at the big blind. The old blind lapses
    there: she pays the big blind, then her small blind in turn, and never the old one."""
    assert "WIKI_BIP Posting" in cite.POSTING
    table = orbit([1, 2, 3, 4, 5, 6], rule="moving_button")
    table.deal()
    table.deal()  # button 2, small blind 3, big blind 4
    table.leave(4)
    table.deal()  # Ellen (5) pays the big blind she was skipped for and owes the small one
    assert table.owes(5) == Owed(skipped_small=True)
    table.sit_out(5)
    kinds: list[list[str]] = []
    for _ in range(8):
        if table.owes(5).to_come_in and table.seats[5].status == "sitting_out":
            table.come_back(5, post=False)  # she waits for the big blind
        plan = table.deal()
        kinds.append([kind for _, kind, _ in table.posts_of(plan).get(5, [])])
        if plan.big_blind_seat == 5:
            assert table.owes(5) == NOTHING_OWED
    paid = [k for k in kinds if k]
    assert paid[:2] == [["bb"], ["sb"]], kinds
    assert "missed_sb" not in [k for hand in kinds for k in hand]



# GENRULES, the return rule (seed 002); WIKI_BIP Table stakes: back within the window ------------


def _left_with_400(clock: ManualClock) -> Table:
    t = Table(pf.Game.no_limit_holdem(1, 2), seats=6, rng=random.Random(1), clock=clock)
    t.sit(1, "Alice", 200, player_id="Alice")
    t.sit(2, "Bob", 200, player_id="Bob")
    t.start_hand(holes={1: "AsAh", 2: "7c2d"}, board="KdQc4h3s2h")
    hand = t.hand
    assert hand is not None
    while not hand.is_over:
        hand.act(hand.to_act, "all_in")
    assert t.leave(1) == 400
    return t


def test_a_player_back_within_the_window_is_offered_at_least_what_they_took() -> None:
    """GENRULES, the return rule (seed 002: the maximum is waived for a player who left with more
    than it and returns within 20 minutes; ``cite.RATHOLE`` with WIKI_BIP Table stakes: "they
    must wait ... unless they buy in for the entire amount they left with"): Alice left with 400
    at 1-2 no-limit (buy-in 40 to 200). Back within the window the legal buy-in is 400 to 400, a
    smaller one is refused with ``must_return_with_amount_taken`` and the table unchanged; after
    the window it is the table's 40 to 200 again."""
    assert "seed 002" in cite.RATHOLE
    clock = ManualClock()
    t = _left_with_400(clock)
    assert t.buy_in_range() == (40, 200)
    clock.advance(minutes=5)
    assert t.buy_in_range("Alice") == (400, 400)
    assert t.buy_in_range("Carol") == (40, 200)
    before = (t.seats, t.seq)
    for chips in (40, 200, 399):
        with pytest.raises(pf.IllegalAction) as refused:
            t.sit(1, "Alice", chips, player_id="Alice")
        assert refused.value.reason == "must_return_with_amount_taken"
        assert refused.value.rule == cite.RATHOLE
        assert (t.seats, t.seq) == before
    clock.advance(minutes=30)
    assert t.buy_in_range("Alice") == (40, 200)
    t.sit(1, "Alice", 40, player_id="Alice")


@settings(max_examples=60, deadline=None)
@given(minutes=st.integers(0, 40), chips=st.integers(1, 1000))
def test_sit_takes_exactly_the_buy_ins_the_range_offers(minutes: int, chips: int) -> None:
    """The return rule as ``sit`` applies it and as ``buy_in_range`` shows it agree, at any time
    after leaving and for any buy-in."""
    clock = ManualClock()
    t = _left_with_400(clock)
    clock.advance(minutes=minutes)
    low, high = t.buy_in_range("Alice")
    legal = low <= chips and (high is None or chips <= high)
    try:
        t.sit(1, "Alice", chips, player_id="Alice")
        assert legal
    except pf.IllegalAction as refused:
        assert not legal, refused
