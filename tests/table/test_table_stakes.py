"""Table stakes at a cash table: buy-ins, the return rule, no chips on or off during a hand
(rules.md §5.1, §5.2; seed 002 "O buy-in"; WIKI_BIP Table stakes, Open stakes)."""

from __future__ import annotations

import random
from functools import partial

import pytest

import pokerfloor as pf
from pokerfloor.table import ManualClock, Table, buy_in_limits

NL = pf.Game.no_limit_holdem(1, 2)


def table(game: pf.Game = NL, **kw: object) -> Table:
    return Table(game, seats=6, rng=random.Random(1), **kw)  # type: ignore[arg-type]


def refused(reason: str, call: object, *args: object, **kw: object) -> pf.IllegalAction:
    with pytest.raises(pf.IllegalAction) as caught:
        call(*args, **kw)  # type: ignore[operator]
    assert caught.value.reason == reason
    return caught.value


# ---------------------------------------------------------------------------------- buy-in
def test_no_limit_buy_in_is_20_to_100_big_blinds_genrules() -> None:
    """Seed 002: in no-limit and pot-limit the minimum buy-in is 20 big blinds, the maximum 100."""
    assert buy_in_limits(NL) == (40, 200)
    assert buy_in_limits(pf.Game.pot_limit_omaha(5, 10)) == (200, 1000)
    t = table()
    refused("below_min_buy_in", partial(t.sit, player_id="Alice"), 1, "Alice", 39)
    refused("above_max_buy_in", partial(t.sit, player_id="Alice"), 1, "Alice", 201)
    t.sit(1, "Alice", 40, player_id="Alice")
    t.sit(2, "Bob", 200, player_id="Bob")


def test_limit_buy_in_is_ten_big_bets_with_no_maximum_genrules() -> None:
    """Seed 002: in limit poker the buy-in is ten times the maximum bet; there is no maximum."""
    game = pf.Game.fixed_limit_holdem(4, 8)
    assert buy_in_limits(game) == (80, None)
    t = table(game)
    refused("below_min_buy_in", partial(t.sit, player_id="Alice"), 1, "Alice", 79)
    t.sit(1, "Alice", 100_000, player_id="Alice")


def test_house_buy_in_option_replaces_the_rulebook_limits() -> None:
    t = table(house=pf.HouseRules(buy_in=(100, 300)))
    refused("below_min_buy_in", partial(t.sit, player_id="Alice"), 1, "Alice", 99)
    refused("above_max_buy_in", partial(t.sit, player_id="Alice"), 1, "Alice", 301)
    t.sit(1, "Alice", 300, player_id="Alice")


def test_top_up_between_hands_up_to_the_maximum_wiki_bip_table_stakes() -> None:
    t = table()
    t.sit(1, "Alice", 150, player_id="Alice")
    t.top_up(1, 50)
    assert t.stack(1) == 200
    refused("above_max_buy_in", t.top_up, 1, 1)
    assert t.ledger.brought_in("Alice") == 200


# ---------------------------------------------------------------------------------- return rule
def test_returning_within_the_window_brings_back_what_was_taken_genrules() -> None:
    """Seed 002: the maximum is waived for a player who left with more than it and returns within
    20 minutes; rules.md §5.2: they must bring back at least what they took."""
    clock = ManualClock()
    t = table(clock=clock)
    t.sit(1, "Alice", 200, player_id="Alice")
    t.sit(2, "Bob", 200, player_id="Bob")
    t.sit(3, "Carol", 200, player_id="Carol")
    hand = t.start_hand(holes={1: "AsAh", 2: "7c2d", 3: "9s8s"}, board="KdQc4h3s2h")
    while not hand.is_over:  # Bob shoves, Alice calls, Carol folds
        seat, legal = hand.to_act, hand.legal()
        if seat == 2 and legal.raise_ is not None:
            hand.act(2, "raise", to=legal.raise_.max_to)
        elif seat in (1, 2):
            hand.act(seat, "call" if legal.call else "check")
        else:
            hand.act(seat, "fold" if legal.call else "check")
    assert t.stack(1) > 200
    took = t.leave(1)
    clock.advance(minutes=19)
    error = refused("must_return_with_amount_taken", partial(t.sit, player_id="Alice"), 1, "Alice", 200)
    assert str(took) in str(error) and error.rule
    t.sit(4, "Alice", took, player_id="Alice")  # above the 200 maximum: waived for her
    t.verify()


def test_after_the_window_the_usual_limits_apply_again() -> None:
    clock = ManualClock()
    t = table(clock=clock)
    t.sit(1, "Alice", 200, player_id="Alice")
    t.leave(1)
    clock.advance(minutes=20)
    t.sit(1, "Alice", 40, player_id="Alice")


def test_rathole_window_is_a_house_option() -> None:
    clock = ManualClock()
    t = table(clock=clock, house=pf.HouseRules(rathole_window_minutes=120))
    t.sit(1, "Alice", 200, player_id="Alice")
    t.leave(1)
    clock.advance(minutes=119)
    refused("must_return_with_amount_taken", partial(t.sit, player_id="Alice"), 1, "Alice", 199)


def test_taking_chips_off_the_table_is_refused_ratholing_wiki_bip() -> None:
    t = table()
    t.sit(1, "Alice", 200, player_id="Alice")
    error = refused("invalid_action", t.take_off, 1, 100)
    assert error.rule == "WIKI_BIP Table stakes"
    assert t.stack(1) == 200


# ---------------------------------------------------------------------------------- during a hand
def test_no_chips_added_or_taken_off_during_a_hand_wiki_bip_table_stakes() -> None:
    t = table()
    for seat, name in ((1, "Alice"), (2, "Bob"), (3, "Carol")):
        t.sit(seat, name, 100, player_id=name)
    hand = t.start_hand()
    refused("chips_change_during_hand", t.top_up, 1, 50)
    refused("chips_change_during_hand", t.leave, 2)
    refused("chips_change_during_hand", t.take_off, 3, 10)
    t.sit(5, "Dianne", 100, player_id="Dianne")  # a seat not in the hand buys in at any time
    t.top_up(5, 20)
    assert t.stack(5) == 120
    assert sorted(hand.seats) == [1, 2, 3]


def test_open_stakes_lifts_the_maximum_on_top_ups_wiki_bip_open_stakes() -> None:
    t = table(house=pf.HouseRules(table_stakes=False))
    t.sit(1, "Alice", 200, player_id="Alice")
    t.top_up(1, 800)
    assert t.stack(1) == 1000


def test_open_stakes_chips_bought_during_a_hand_play_in_it_wiki_bip_open_stakes() -> None:
    t = table(house=pf.HouseRules(table_stakes=False))
    for seat, name in ((1, "Alice"), (2, "Bob"), (3, "Carol")):
        t.sit(seat, name, 100, player_id=name)
    hand = t.start_hand()
    seat = hand.to_act
    assert seat is not None
    t.top_up(seat, 100)
    assert hand.stacks[seat] == 200


def test_markers_need_every_player_in_the_pot_to_accept_wiki_bip_open_stakes() -> None:
    t = table(house=pf.HouseRules(table_stakes=False))
    for seat, name in ((1, "Alice"), (2, "Bob"), (3, "Carol")):
        t.sit(seat, name, 100, player_id=name)
    t.start_hand()
    error = refused("invalid_action", t.marker, 1, 100, accepted_by=[2])
    assert "accepted" in str(error)
    stakes = table()
    for seat, name in ((1, "Alice"), (2, "Bob")):
        stakes.sit(seat, name, 100, player_id=name)
    stakes.start_hand()
    refused("chips_change_during_hand", stakes.marker, 1, 100, accepted_by=[2])
