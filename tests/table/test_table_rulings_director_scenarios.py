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


# House rule waiting_small_blind: the small blind that passes a returning seat while it waits ----


def _back_in_the_gap(orbit, house: str):  # type: ignore[no-untyped-def]
    """Ellen (5) misses the big blind, comes back while her seat is between the button (4) and the
    small blind (6), waits, and comes in the hand after."""
    table = orbit([1, 2, 3, 4, 5, 6], waiting_small_blind=house)
    table.deal()  # 1, 2, 3
    table.sit_out(5)
    table.deal()  # 2, 3, 4
    table.deal()  # 3, 4, 6: the big blind passes Ellen
    assert table.owes(5) == Owed(missed_big=True)
    table.come_back(5, post=True)
    waited = table.deal()  # 4, 6, 1: Ellen is between the button and the small blind: she waits
    assert table.where(waited) == (4, 6, 1) and 5 not in waited.dealt
    back = table.deal()  # 6, 1, 2: Ellen comes in
    assert 5 in back.dealt
    return table, waited, back


def test_by_default_the_small_blind_a_waiting_seat_let_pass_is_not_owed(orbit) -> None:
    """House rule ``waiting_small_blind="not_owed"`` (the default; WIKI_BIP Posting, "only one set
    of missed blinds can be accumulated", with RROP11 Button & Blind Use: ``cite.POSTING``): Ellen
    posts the big blind she missed, live, and nothing for the small blind that passed her seat
    while she waited."""
    table, waited, back = _back_in_the_gap(orbit, "not_owed")
    assert ("waits_between_blinds_and_button", 5) in [(n.kind, n.seat) for n in waited.notes]
    assert table.posts_of(back)[5] == [(2, "missed_bb", True)]
    assert not table.owes(5).anything


def test_a_house_may_charge_the_small_blind_that_passed_while_the_seat_waited(orbit) -> None:
    """House rule ``waiting_small_blind="dead"`` (RROP11 Button & Blind Use item 2, "each round
    every player must ... meet the total amount of the blind obligations": ``cite.BLIND_OBLIGATIONS``):
    the small blind that passed Ellen's seat while she waited is charged too, dead, with the big
    blind she missed, live."""
    assert cite.BLIND_OBLIGATIONS.startswith("RROP11 Button & Blind Use item 2")
    table, waited, back = _back_in_the_gap(orbit, "dead")
    assert ("small_blind_passed_while_waiting", 5, cite.BLIND_OBLIGATIONS) in [
        (n.kind, n.seat, n.rule) for n in waited.notes]
    assert table.posts_of(back)[5] == [(2, "missed_bb", True), (1, "missed_sb", False)]
    assert not table.owes(5).anything


def test_the_waiting_small_blind_house_rule_reaches_a_table() -> None:
    """The house rule as a table applies it: a returning player who waited in the gap posts the
    passed small blind dead, and the hand takes it as dead money."""
    clock = ManualClock()
    house = pf.HouseRules(waiting_small_blind="dead")
    t = Table(pf.Game.no_limit_holdem(1, 2, house=house), seats=6, rng=random.Random(1), button=1, clock=clock)
    for seat in range(1, 7):
        t.sit(seat, f"P{seat}", 200, post=True)
    plans = []
    for _ in range(6):
        if len(plans) == 1:
            t.sit_out(5)
        if len(plans) == 3:
            t.sit_in(5, post=True)
        hand = t.start_hand()
        plans.append(t.plan)
        while not hand.is_over:
            hand.act(hand.to_act, "fold" if hand.legal().call else "check")
        t.end_hand()
        if 5 in hand.seats and len(plans) > 3:
            assert [p for p in hand.posts if p.seat == 5] == [pf.Post(5, 2, "missed_bb"),
                                                             pf.Post(5, 1, "missed_sb", live=False)]
            break
    else:
        raise AssertionError("seat 5 never came back in")
    t.verify()


def test_a_hand_is_ended_by_one_name() -> None:
    """``Table.end_hand`` is the one way to end a hand: its old aliases are gone."""
    assert callable(Table.end_hand)
    assert not hasattr(Table, "collect") and not hasattr(Table, "_end_finished_hand")
