"""The button and the blinds from hand to hand, one test per rule clause (rules.md §2.9, §3)."""

from __future__ import annotations

import pytest

from pokerfloor.table.buttons import NotEnoughPlayers, Owed, between, clockwise, next_seat

# Seats 1..6 are Alice, Bob, Carol, Dianne, Ellen, Frank; blinds 1/2 unless said otherwise.


def test_seat_geometry_is_clockwise_and_wraps() -> None:
    assert next_seat(6, [1, 3, 6]) == 1
    assert next_seat(3, [1, 3, 6]) == 6
    assert next_seat(3, [3]) == 3
    assert between(5, 2, 6) and between(5, 2, 1) and not between(5, 2, 3)
    assert not between(4, 4, 1)
    assert clockwise(3, [1, 2, 3, 4]) == (4, 1, 2, 3)


# ---------------------------------------------------------------------------------- all rules
@pytest.mark.parametrize("rule", ["dead_button", "moving_button", "simplified"])
def test_button_and_blinds_move_one_seat_a_hand_rrop11_button_and_blind_use(orbit, rule) -> None:
    """With nobody coming or going, the button moves one seat clockwise a hand, the small blind
    left of it and the big blind two left (RROP11 Button & Blind Use, introduction)."""
    table = orbit([1, 2, 3, 4, 5, 6], rule=rule)
    seen = [table.where(table.deal()) for _ in range(7)]
    assert seen == [(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6), (5, 6, 1), (6, 1, 2), (1, 2, 3)]


@pytest.mark.parametrize("rule", ["dead_button", "moving_button", "simplified"])
def test_every_player_pays_each_blind_once_an_orbit_rrop11_item_2(orbit, rule) -> None:
    """ "Each round every player must get an opportunity for the button, and meet the total amount
    of the blind obligations" (RROP11 Button & Blind Use item 2)."""
    table = orbit([1, 3, 4, 7, 9], rule=rule)
    plans = [table.deal() for _ in range(5)]
    for seat in (1, 3, 4, 7, 9):
        kinds = [k for plan in plans for _, k, _ in table.posts_of(plan).get(seat, [])]
        assert sorted(kinds) == ["bb", "sb"]
    assert sorted(plan.button_seat for plan in plans) == [1, 3, 4, 7, 9]


def test_a_new_game_deals_everyone_in_and_forgives_debts_rrop11_new_game(orbit) -> None:
    table = orbit([2, 5, 8], button=5)
    table.join(9, post=False)
    plan = table.deal()
    assert table.where(plan) == (5, 8, 9)
    assert plan.new_game and set(plan.dealt) == {2, 5, 8, 9}
    assert not table.owes(9).anything


def test_a_hand_needs_two_players(orbit) -> None:
    table = orbit([4])
    with pytest.raises(NotEnoughPlayers):
        table.deal()


# ---------------------------------------------------------------------------------- dead button
def test_dead_button_big_blind_always_moves_one_player_tda2024_r32(orbit) -> None:
    """The big blind is posted by the player due for it; the small blind and button are placed
    behind it, even on empty seats (TDA 2024 R32; RROP11 Button & Blind Use item 2(b))."""
    table = orbit([1, 2, 3, 4, 5, 6])
    table.deal()  # button 1, small blind 2, big blind 3
    table.leave(3)  # the big blind busts
    plan = table.deal()
    assert table.where(plan) == (2, None, 4)
    assert [n.kind for n in plan.notes] == ["dead_small_blind"]
    assert 3 not in plan.dealt


def test_dead_button_when_the_small_blind_busts_the_button_is_on_an_empty_seat_rrop11_item_2b(orbit) -> None:
    table = orbit([1, 2, 3, 4, 5, 6])
    table.deal()  # button 1, small blind 2, big blind 3
    table.leave(2)
    plan = table.deal()
    assert table.where(plan) == (2, 3, 4)
    assert [n.kind for n in plan.notes] == ["dead_button"]
    assert plan.dealt == (3, 4, 5, 6, 1)  # Alice has the last action again


def test_dead_button_when_both_blinds_bust_the_same_player_keeps_last_action_three_hands(orbit) -> None:
    """rules.md §3: BB busts → no small blind; SB busts → the button on an empty seat."""
    table = orbit([1, 2, 3, 4, 5, 6])
    table.deal()  # 1, 2, 3
    table.leave(2, 3)
    assert table.where(table.deal()) == (2, None, 4)
    assert table.where(table.deal()) == (3, 4, 5)
    assert table.where(table.deal()) == (4, 5, 6)


def test_dead_button_when_the_button_busts_nothing_special_happens(orbit) -> None:
    table = orbit([1, 2, 3, 4, 5, 6])
    table.deal()
    table.leave(1)
    assert table.where(table.deal()) == (2, 3, 4)


def test_dead_button_big_blind_skips_empty_seats_and_the_small_blind_follows_it(orbit) -> None:
    table = orbit([1, 2, 3, 7], size=9)
    assert table.where(table.deal()) == (1, 2, 3)
    assert table.where(table.deal()) == (2, 3, 7)
    assert table.where(table.deal()) == (3, 7, 1)


# ---------------------------------------------------------------------------------- moving button
def test_moving_button_big_blind_busts_the_skipped_player_pays_it_wiki_bip_moving_button(orbit) -> None:
    """ "Any missed blinds are paid by the player whom they skipped ... one blind per player, per
    hand, biggest blind first" (WIKI_BIP Moving button); "there may be more than one big blind"
    (RROP11 Button & Blind Use item 2(a))."""
    table = orbit([1, 2, 3, 4, 5, 6], rule="moving_button")
    table.deal()
    table.deal()  # button 2, small blind 3, big blind 4
    table.leave(4)
    plan = table.deal()
    assert (plan.button_seat, plan.big_blind_seat) == (3, 6)
    assert table.posts_of(plan) == {5: [(2, "missed_bb", True)], 6: [(2, "bb", True)]}
    assert table.owes(5) == Owed(skipped_small=True)
    plan = table.deal()  # Ellen is on the button now and pays the small blind she put off
    assert plan.button_seat == 5
    assert table.posts_of(plan)[5] == [(1, "missed_sb", True)]
    assert not table.owes(5).anything


def test_moving_button_small_blind_busts_the_old_big_blind_pays_it_on_the_button(orbit) -> None:
    """WIKI_BIP: a small blind who busts means the big blind gets the button, missing the small
    blind; under the moving button that player pays it."""
    table = orbit([1, 2, 3, 4, 5, 6], rule="moving_button")
    table.deal()
    table.deal()  # button 2, small blind 3, big blind 4
    table.leave(3)
    plan = table.deal()
    assert plan.button_seat == 4
    posts = table.posts_of(plan)
    assert posts[4] == [(1, "missed_sb", True)]
    assert posts[5] == [(2, "missed_bb", True)]  # skipped by the big blind, which went to 6
    assert posts[6] == [(2, "bb", True)]


def test_moving_button_nobody_owes_more_than_one_set(orbit) -> None:
    table = orbit([1, 2, 3, 4, 5, 6, 7, 8], rule="moving_button")
    table.deal()
    table.leave(2, 3)
    table.deal()
    assert all(not (o.skipped_big and o.missed_big) for o in (table.owes(s) for s in table.seats))


# ---------------------------------------------------------------------------------- simplified
def test_simplified_skipped_blinds_are_forgiven_wiki_bip_simplified(orbit) -> None:
    """ "A player under the gun when the player in the big blind busts out ends up paying the small
    blind; they have missed the big blind" — and owe nothing (WIKI_BIP Simplified)."""
    table = orbit([1, 2, 3, 4, 5, 6], rule="simplified")
    table.deal()  # 1, 2, 3
    table.leave(3)
    plan = table.deal()
    assert table.where(plan) == (2, 4, 5)
    assert table.posts_of(plan) == {4: [(1, "sb", True)], 5: [(2, "bb", True)]}
    assert [(n.kind, n.seat) for n in plan.notes] == [("skipped_blind_forgiven", 4)]
    assert not table.owes(4).anything


# ---------------------------------------------------------------------------------- heads-up
@pytest.mark.parametrize("rule", ["dead_button", "moving_button", "simplified"])
def test_heads_up_the_button_posts_the_small_blind_tda2024_r34b(orbit, rule) -> None:
    table = orbit([3, 8], rule=rule)
    for _ in range(4):
        plan = table.deal()
        assert plan.heads_up and plan.small_blind_seat == plan.button_seat
        assert plan.dealt[-1] == plan.button_seat
    bbs = [p.big_blind_seat for p in table.plans]
    assert bbs in ([8, 3, 8, 3], [3, 8, 3, 8])


def test_three_to_two_when_the_button_busts_nobody_has_the_big_blind_twice_tda2024_r34b(orbit) -> None:
    """WIKI_BIP heads-up example: Alice button, Dianne small blind, Carol big blind. Alice busts:
    Dianne is the big blind and the button goes to Carol."""
    table = orbit([1, 2, 3])
    table.deal()  # Alice 1 button, Dianne 2 small blind, Carol 3 big blind
    table.leave(1)
    plan = table.deal()
    assert (plan.button_seat, plan.small_blind_seat, plan.big_blind_seat) == (3, 3, 2)


def test_three_to_two_when_the_big_blind_busts_the_small_blind_posts_it_again_wiki_bip(orbit) -> None:
    """WIKI_BIP: if Carol (big blind) busts, Alice is the big blind and Dianne gets the button and
    posts the small blind a second time in a row."""
    table = orbit([1, 2, 3])
    table.deal()
    table.leave(3)
    plan = table.deal()
    assert (plan.button_seat, plan.small_blind_seat, plan.big_blind_seat) == (2, 2, 1)


def test_three_to_two_simplified_moves_the_button_on_wiki_bip_simplified(orbit) -> None:
    """House option heads_up_transition=simplified: the button goes to the next player and leftover
    blinds are written off, so when the button busts the big blind posts it twice."""
    table = orbit([1, 2, 3], transition="simplified")
    table.deal()
    table.leave(1)
    plan = table.deal()
    assert (plan.button_seat, plan.big_blind_seat) == (2, 3)


def test_three_to_two_rules_agree_unless_the_button_busts_rules_md_3(orbit) -> None:
    for busts in (2, 3):
        places = []
        for transition in ("no_bb_twice", "simplified"):
            table = orbit([1, 2, 3], transition=transition)
            table.deal()
            table.leave(busts)
            places.append(table.where(table.deal()))
        assert places[0] == places[1]


def test_heads_up_writes_off_skipped_blinds_wiki_bip_simplified(orbit) -> None:
    table = orbit([1, 2, 3, 4], rule="moving_button")
    table.deal()  # 1, 2, 3
    table.leave(3)
    table.deal()  # 4 skipped the big blind
    table.leave(1)
    plan = table.deal()
    assert plan.heads_up
    assert not any(table.owes(s).anything for s in table.seats)


# ---------------------------------------------------------------------------------- new players
def test_new_player_may_post_a_live_big_blind_to_play_at_once_rrop11(orbit) -> None:
    """A new player posts an amount equal to the big blind, live, and is dealt in (RROP11 Button
    & Blind Use; WIKI_BIP Posting)."""
    table = orbit([1, 2, 3, 4])
    table.deal()  # 1, 2, 3
    table.join(6, post=True)
    plan = table.deal()  # 2, 3, 4: seat 6 is between the big blind and the button
    assert 6 in plan.dealt
    assert table.posts_of(plan)[6] == [(2, "new_player", True)]
    assert not table.owes(6).anything


def test_new_player_may_wait_for_the_big_blind_and_owes_nothing_then(orbit) -> None:
    table = orbit([1, 2, 3, 4])
    table.deal()  # 1, 2, 3
    table.join(5, post=False)
    plan = table.deal()  # big blind moves from 3 to the next player due: 4
    assert 5 not in plan.dealt
    assert [(n.kind, n.seat) for n in plan.notes] == [("waits_for_big_blind", 5)]
    plan = table.deal()  # the big blind reaches seat 5
    assert plan.big_blind_seat == 5 and 5 in plan.dealt
    assert table.posts_of(plan)[5] == [(2, "bb", True)]
    assert not table.owes(5).anything


@pytest.mark.parametrize("rule", ["dead_button", "moving_button"])
def test_new_player_is_not_dealt_between_the_small_blind_and_the_button_tda2024_r10a(orbit, rule) -> None:
    """TDA 2024 R8-A and R10-A: new players are dealt in "except between the small blind and
    button"; RROP11 and doingpoker for cash games."""
    table = orbit([1, 2, 4, 5, 6], rule=rule)
    table.deal()  # button 1, small blind 2, big blind 4 (seat 3 is empty)
    table.join(3, post=True)
    plan = table.deal()  # button 2, small blind 4, big blind 5: seat 3 is between them
    assert table.where(plan) == (2, 4, 5)
    assert 3 not in plan.dealt
    assert [(n.kind, n.seat) for n in plan.notes] == [("waits_between_blinds_and_button", 3)]
    plan = table.deal()  # button 4: seat 3 is behind the button now and posts
    assert 3 in plan.dealt
    assert table.posts_of(plan)[3] == [(2, "new_player", True)]


def test_new_player_in_the_dead_button_gap_waits_tda2024_r10a(orbit) -> None:
    table = orbit([1, 2, 3, 4, 5, 6])
    table.deal()  # 1, 2, 3
    table.leave(2)
    table.join(2, post=True)  # sits in the seat the button is about to fall on
    plan = table.deal()  # button 2 (the new player's seat), small blind 3, big blind 4
    assert plan.button_seat == 2 and 2 not in plan.dealt
    assert ("waits_between_blinds_and_button", 2) in [(n.kind, n.seat) for n in plan.notes]
    table.leave(3)
    table.join(3, post=True)
    plan = table.deal()  # button 3, small blind 4, big blind 5: seat 2 may post now
    assert 2 in plan.dealt and 3 not in plan.dealt


def test_moving_button_a_waiting_player_never_takes_the_button(orbit) -> None:
    table = orbit([1, 3, 5, 7], rule="moving_button")
    table.deal()  # 1, 3, 5
    table.join(2, post=True)
    plan = table.deal()  # button 3, small blind 5, big blind 7; seat 2 is behind the button
    assert plan.button_seat == 3 and 2 in plan.dealt
    plan = table.deal()
    assert plan.button_seat == 5


# ---------------------------------------------------------------------------------- missed blinds
def test_missed_blinds_post_big_live_small_dead_rrop11_wiki_bip_posting(orbit) -> None:
    """A player away for both blinds posts both to come back: the big blind live, the small blind
    dead (RROP11 Button & Blind Use; WIKI_BIP Posting)."""
    table = orbit([1, 2, 3, 4, 5, 6])
    table.deal()  # 1, 2, 3
    table.sit_out(5)
    table.deal()  # 2, 3, 4
    plan = table.deal()  # 3, 4, 6: the big blind passes Ellen
    assert ("missed_big_blind", 5) in [(n.kind, n.seat) for n in plan.notes]
    plan = table.deal()  # 4, 6, 1: the small blind passes her too
    assert ("missed_small_blind", 5) in [(n.kind, n.seat) for n in plan.notes]
    assert table.owes(5) == Owed(missed_small=True, missed_big=True)
    table.come_back(5, post=True)
    plan = table.deal()  # 6, 1, 2: Ellen is between the big blind and the button
    assert table.posts_of(plan)[5] == [(2, "missed_bb", True), (1, "missed_sb", False)]
    assert not table.owes(5).anything


def test_missed_small_blind_only_is_posted_live_rrop11_posting_up_to_the_minimum_bet(orbit) -> None:
    """RROP11: of the blinds posted on return, an amount up to the minimum opening bet is live;
    the Portuguese seed: "colocar uma cortina pequena ao vivo"."""
    table = orbit([1, 2, 3, 4, 5, 6])
    table.deal()  # 1, 2, 3
    table.deal()  # 2, 3, 4
    table.sit_out(4)  # was just the big blind; the small blind is due from this seat next
    plan = table.deal()  # button 3, the small blind is dead on seat 4, big blind 5
    assert plan.small_blind_seat is None
    assert table.owes(4) == Owed(missed_small=True)
    table.come_back(4, post=True)
    plan = table.deal()  # button 4 (Dianne's own seat: between the blinds and button)
    assert 4 not in plan.dealt
    plan = table.deal()  # button 5, small blind 6, big blind 1
    assert table.posts_of(plan)[4] == [(1, "missed_sb", True)]


def test_missed_blinds_are_forgiven_when_the_big_blind_reaches_the_seat_wiki_bip_posting(orbit) -> None:
    """ "Only one set of missed blinds can be accumulated ... old missed blinds are removed when
    the big blind returns to that player's seat" (WIKI_BIP Posting)."""
    table = orbit([1, 2, 3, 4, 5, 6])
    table.deal()
    table.sit_out(5)
    for _ in range(12):
        table.deal()
    assert table.owes(5) == Owed(missed_small=True, missed_big=True)
    table.come_back(5, post=False)
    while (plan := table.deal()).big_blind_seat != 5:
        assert 5 not in plan.dealt
    assert table.posts_of(plan)[5] == [(2, "bb", True)]
    assert not table.owes(5).anything


def test_sitting_out_before_any_blind_passes_costs_nothing(orbit) -> None:
    table = orbit([1, 2, 3, 4, 5, 6])
    table.deal()  # 1, 2, 3
    table.sit_out(6)
    table.deal()  # 2, 3, 4
    table.come_back(6, post=True)
    assert table.seats[6].status == "playing"
    plan = table.deal()
    assert 6 in plan.dealt and 6 not in table.posts_of(plan)


@pytest.mark.parametrize("rule", ["moving_button", "simplified"])
def test_sitting_out_players_miss_blinds_under_every_rule(orbit, rule) -> None:
    table = orbit([1, 2, 3, 4, 5, 6], rule=rule)
    table.deal()
    table.sit_out(4)
    for _ in range(6):
        table.deal()
    assert table.owes(4) == Owed(missed_small=True, missed_big=True)


def test_one_blind_games_have_no_small_blind(orbit) -> None:
    table = orbit([1, 2, 3], blinds=(0, 2))
    plan = table.deal()
    assert table.posts_of(plan) == {3: [(2, "bb", True)]}
    assert plan.small_blind_seat is None


# ---------------------------------------------------------------------------------- every position
# Six players, the last hand had the button on 1 and the blinds on 2 and 3. One player leaves:
# (button, seat posting the small blind, big blind) next hand, and the skipped blinds posted.
LEAVES = {
    "dead_button": {1: (2, 3, 4), 2: (2, 3, 4), 3: (2, None, 4), 4: (2, 3, 5), 6: (2, 3, 4)},
    "moving_button": {1: (2, 3, 4), 2: (3, None, 5), 3: (2, None, 5), 4: (2, 3, 5), 6: (2, 3, 4)},
    "simplified": {1: (2, 3, 4), 2: (3, 4, 5), 3: (2, 4, 5), 4: (2, 3, 5), 6: (2, 3, 4)},
}
SKIPPED_POSTS = {  # moving button: who pays which blind they were skipped (WIKI_BIP Moving button)
    2: {3: [(1, "missed_sb", True)], 4: [(2, "missed_bb", True)]},
    3: {4: [(2, "missed_bb", True)]},
}


@pytest.mark.parametrize("rule", ["dead_button", "moving_button", "simplified"])
@pytest.mark.parametrize("leaves", [1, 2, 3, 4, 6], ids=["button", "small", "big", "utg", "cutoff"])
def test_a_player_leaving_from_every_position(orbit, rule, leaves) -> None:
    """RROP11 Button & Blind Use item 2(a)/(b); WIKI_BIP Moving the button: each rule's answer
    when the button, a blind or another player leaves."""
    table = orbit([1, 2, 3, 4, 5, 6], rule=rule)
    table.deal()
    table.leave(leaves)
    plan = table.deal()
    assert table.where(plan) == LEAVES[rule][leaves]
    posts = table.posts_of(plan)
    if rule == "moving_button":
        for seat, paid in SKIPPED_POSTS.get(leaves, {}).items():
            assert posts[seat] == paid
    else:
        assert all(kind in ("sb", "bb") for paid in posts.values() for _, kind, _ in paid)


@pytest.mark.parametrize("rule", ["dead_button", "moving_button", "simplified"])
@pytest.mark.parametrize(
    ("joins", "outcome"),
    [(2, "posts"), (4, "waits"), (6, "big blind"), (8, "posts"), (9, "posts")],
    ids=["behind-button", "between-button-and-blinds", "at-big-blind", "middle", "cutoff"],
)
def test_a_new_player_joining_at_every_position(orbit, rule, joins, outcome) -> None:
    """TDA 2024 R10-A, RROP11, WIKI_BIP Posting: a new player who wants to post is dealt in at
    once, except between the small blind and the button; at the big blind they just post it."""
    table = orbit([1, 3, 5, 7], rule=rule)
    table.deal()  # button 1, blinds 3 and 5
    table.join(joins, post=True)
    plan = table.deal()  # button 3, small blind 5
    assert (plan.button_seat, plan.small_blind_seat) == (3, 5)
    posts = table.posts_of(plan)
    if outcome == "waits":
        assert joins not in plan.dealt
    elif outcome == "big blind":
        assert plan.big_blind_seat == joins and posts[joins] == [(2, "bb", True)]
    else:
        assert posts[joins] == [(2, "new_player", True)]
