"""Straddles, the mandatory straddle token and kill games at a table (rules.md §2.7, §2.8;
WIKI_BIP Straddle bets, Mandatory straddle, Mississippi, Sleepers, Kill game; RROP11 Kill Pots)."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf
from pokerfloor.table import KillButton, KillGame, Straddles, Table, TableOptions
from pokerfloor.table.customs import after_hand, pass_rock

NL = pf.Game.no_limit_holdem(1, 2)
LIMIT = pf.Game.fixed_limit_holdem(4, 8)  # blinds 2 and 4
# WIKI_BIP's example table: Alice small blind, Dianne big blind, Carol, Joan, Ellen on the button.
WIKI = {2: "Alice", 3: "Dianne", 4: "Carol", 5: "Joan", 1: "Ellen"}


def wiki_table(**options: object) -> Table:
    t = Table(NL, seats=6, rng=random.Random(2), button=1, options=TableOptions(straddles=Straddles(**options)))  # type: ignore[arg-type]
    for seat, name in WIKI.items():
        t.sit(seat, name, 200, player_id=name)
    return t


def refused(reason: str, call: object, *args: object) -> None:
    with pytest.raises(pf.IllegalAction) as caught:
        call(*args)  # type: ignore[operator]
    assert caught.value.reason == reason


# ---------------------------------------------------------------------------------- straddles
def test_live_straddle_from_under_the_gun_wiki_bip_example() -> None:
    """Blinds $1/$2; Carol straddles $4; Joan acts first; Carol keeps the option (WIKI_BIP)."""
    t = wiki_table()
    assert t.straddle(4) == pf.Post(4, 4, "straddle")
    hand = t.start_hand()
    assert hand.to_act == 5
    assert hand.legal().raise_ is not None and hand.legal().raise_.min_to == 6  # straddle counted as a raise
    hand.act(5, "fold")
    hand.act(1, "call")
    hand.act(2, "fold")
    hand.act(3, "call")
    assert hand.to_act == 4 and hand.legal().check  # Carol's option


def test_straddle_from_another_seat_is_refused_unless_mississippi() -> None:
    t = wiki_table()
    refused("invalid_action", t.straddle, 5)
    refused("invalid_action", t.straddle, 2)  # the small blind


def test_one_re_straddle_from_the_next_seat_at_twice_the_straddle_wiki_bip() -> None:
    t = wiki_table()
    t.straddle(4)
    refused("invalid_action", t.straddle, 1)  # not the next seat
    refused("below_min_bet", t.straddle, 5, 6)
    assert t.straddle(5) == pf.Post(5, 8, "straddle")
    refused("invalid_action", t.straddle, 1)  # the next seat, but one re-straddle at most
    hand = t.start_hand()
    assert hand.to_act == 1  # left of the last straddler


def test_limit_straddle_is_exactly_one_raise() -> None:
    t = Table(LIMIT, seats=6, rng=random.Random(2), button=1)
    for seat, name in WIKI.items():
        t.sit(seat, name, 200, player_id=name)
    refused("wrong_limit_amount", t.straddle, 4, 12)
    assert t.straddle(4).amount == 8


def test_no_straddles_heads_up_or_when_the_house_forbids_them() -> None:
    t = Table(NL, seats=6, rng=random.Random(2), button=1)
    t.sit(1, "Ellen", 100, player_id="Ellen")
    t.sit(3, "Dianne", 100, player_id="Dianne")
    refused("invalid_action", t.straddle, 1)
    refused("invalid_action", wiki_table(live=False).straddle, 4)


def test_mississippi_straddle_from_the_button_wiki_bip_example() -> None:
    """Ellen on the button straddles $4; Alice, the small blind, acts first; Ellen acts last."""
    t = wiki_table(mississippi="button")
    assert t.straddle(1) == pf.Post(1, 4, "mississippi")
    hand = t.start_hand()
    assert hand.to_act == 2
    for seat in (2, 3, 4, 5):
        hand.act(seat, "call" if seat != 2 else "fold")
    assert hand.to_act == 1 and hand.legal().check


def test_sleeper_raises_the_price_but_gets_no_option_wiki_bip_example() -> None:
    """Blinds 1/2, Joan's sleeper of $4: Carol acts first facing 4; Joan is skipped unless someone
    raises (WIKI_BIP Sleepers)."""
    t = wiki_table(sleepers=True)
    refused("invalid_action", wiki_table().sleeper, 5)
    assert t.sleeper(5) == pf.Post(5, 4, "sleeper")
    hand = t.start_hand()
    assert hand.to_act == 4 and hand.legal().call == pf.hand.Call(4, 4)
    hand.act(4, "call")
    assert hand.to_act == 1  # Joan is skipped


def test_a_straddle_no_longer_under_the_gun_is_void() -> None:
    t = wiki_table()
    t.straddle(4)
    t.sit_in(4)  # nothing changes
    t.leave(3)  # Dianne leaves: the big blind moves and Carol is no longer under the gun
    hand = t.start_hand()
    assert all(p.kind != "straddle" for p in hand.posts)
    assert any(e.kind == "straddle_void" for e in t.events)


def test_tournaments_have_no_straddles() -> None:
    t = Table(NL, seats=6, rng=random.Random(2), button=1, cash=False)
    for seat, name in WIKI.items():
        t.sit(seat, name, 200, player_id=name)
    refused("invalid_action", t.straddle, 4)


# ---------------------------------------------------------------------------------- the rock
def test_the_rock_holder_straddles_when_under_the_gun_and_the_winner_takes_it(win_for) -> None:
    """WIKI_BIP Mandatory straddle: the holder of the token straddles twice the big blind under
    the gun; the winner of the hand takes the token."""
    t = wiki_table(mandatory=True)
    win_for(t.start_hand(), 5)  # button 1, blinds 2 and 3: Joan wins and takes the rock
    assert t.rock is None and t.end_hand()  # the token moves when the hand ends
    assert t.rock == 5
    hand = t.start_hand()  # button 2, blinds 3 and 4: Joan is under the gun
    assert pf.Post(5, 4, "straddle") in hand.posts
    win_for(hand, 1)
    t.end_hand()
    assert t.rock == 1


def test_a_split_pot_gives_the_rock_to_the_winner_nearest_the_holders_left() -> None:
    assert pass_rock(4, [2, 6], button=1) == 6
    assert pass_rock(6, [2, 4], button=1) == 2
    assert pass_rock(None, [2, 4], button=3) == 4


# ---------------------------------------------------------------------------------- kill games
def carol_wins_a_called_pot(hand: pf.Hand) -> None:
    """Carol (seat 4) raises, Joan (seat 5) calls before the flop, then folds to Carol's bet."""
    while not hand.is_over:
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        if seat == 4:
            hand.act(4, "raise" if legal.raise_ else "bet", to=(legal.raise_ or legal.bet).min_to)  # type: ignore[union-attr]
        elif seat == 5 and hand.street == "preflop":
            hand.act(5, "call")
        else:
            hand.act(seat, "fold" if legal.call else "check")


def test_kill_blind_is_twice_the_big_blind_or_one_and_a_half_rrop11_kill_pots() -> None:
    assert KillGame().kill_blind(4) == 8
    assert KillGame(half=True).kill_blind(4) == 6


def test_second_leg_must_win_a_full_bet_that_is_not_blind_money_rrop11_kill_item_3() -> None:
    rules = KillGame()
    leg = after_hand(KillButton(), rules, ["Ann"], scooped=True, pot=6, voluntary=0, full_bet=4)
    assert leg == KillButton("Ann", 1)
    assert after_hand(leg, rules, ["Ann"], scooped=True, pot=6, voluntary=3, full_bet=4).killer is None
    assert after_hand(leg, rules, ["Ann"], scooped=True, pot=14, voluntary=4, full_bet=4).killer == "Ann"


def test_split_pots_keep_a_leg_and_a_kill_rrop11_kill_item_4() -> None:
    rules = KillGame()
    leg = KillButton("Ann", 1)
    assert after_hand(leg, rules, ["Ann", "Bo"], scooped=False, pot=20, voluntary=8, full_bet=4) == leg
    assert after_hand(leg, rules, ["Cy", "Bo"], scooped=False, pot=20, voluntary=8, full_bet=4) == KillButton()
    kill = KillButton("Ann", 2, "Ann")
    assert after_hand(kill, rules, ["Ann", "Bo"], scooped=False, pot=20, voluntary=8, full_bet=4).killer == "Ann"


def test_a_killer_who_wins_kills_again_and_another_winner_starts_a_leg() -> None:
    rules = KillGame()
    kill = KillButton("Ann", 2, "Ann")
    assert after_hand(kill, rules, ["Ann"], scooped=True, pot=9, voluntary=0, full_bet=4).killer == "Ann"
    assert after_hand(kill, rules, ["Bo"], scooped=True, pot=9, voluntary=0, full_bet=4) == KillButton("Bo", 1)


def test_hi_lo_kill_on_scooping_a_pot_over_the_set_size_rrop11_kill_pots() -> None:
    rules = KillGame(trigger="pot", pot_over=50)
    assert after_hand(KillButton(), rules, ["Ann"], scooped=True, pot=60, voluntary=20, full_bet=4).killer == "Ann"
    assert after_hand(KillButton(), rules, ["Ann"], scooped=False, pot=60, voluntary=20, full_bet=4).killer is None
    assert after_hand(KillButton(), rules, ["Ann"], scooped=True, pot=40, voluntary=20, full_bet=4).killer is None


def test_two_pots_in_a_row_kill_the_next_with_doubled_limits(win_for) -> None:
    t = Table(LIMIT, seats=6, rng=random.Random(2), button=1, options=TableOptions(kill=KillGame()))
    for seat, name in WIKI.items():
        t.sit(seat, name, 400, player_id=name)
    win_for(t.start_hand(), 4)  # Carol's first leg
    hand = t.start_hand()  # button 2, blinds 3 and 4
    carol_wins_a_called_pot(hand)
    t.end_hand()
    assert t.kill_button.killer == "Carol"
    hand = t.start_hand()
    assert pf.Post(4, 8, "kill") in hand.posts
    win_for(hand, 1)
    t.end_hand()
    assert t.kill_button == KillButton("Ellen", 1)


def test_the_kill_button_goes_neutral_when_the_winner_quits_rrop11_kill_item_1b(win_for) -> None:
    t = Table(LIMIT, seats=6, rng=random.Random(2), button=1, options=TableOptions(kill=KillGame()))
    for seat, name in WIKI.items():
        t.sit(seat, name, 400, player_id=name)
    win_for(t.start_hand(), 4)
    t.end_hand()
    assert t.kill_button.holder == "Carol"
    t.leave(4)
    assert t.kill_button == KillButton()


def test_a_killer_due_a_blind_posts_the_kill_in_its_place(win_for) -> None:
    t = Table(LIMIT, seats=6, rng=random.Random(2), button=1, options=TableOptions(kill=KillGame()))
    for seat, name in WIKI.items():
        t.sit(seat, name, 400, player_id=name)
    win_for(t.start_hand(), 4)
    carol_wins_a_called_pot(t.start_hand())
    hand = t.start_hand()  # button 3: Carol is due the small blind and kills instead
    assert hand.button_seat == 3
    assert [(p.seat, p.kind, p.amount) for p in hand.posts if p.seat == 4] == [(4, "kill", 8)]
    assert hand.bets[4] == 8 and hand.small_blind_seat is None
