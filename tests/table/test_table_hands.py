"""Hands dealt at a table: the button and blinds reach the hand, chips flow back, players come and
go (rules.md §2.9, §3; RROP11 Button & Blind Use; TDA 2024 R32, R34-B)."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf
from pokerfloor.table import NotEnoughPlayers, Table

NL = pf.Game.no_limit_holdem(1, 2)
NAMES = {1: "Alice", 2: "Bob", 3: "Carol", 4: "Dianne", 5: "Ellen", 6: "Frank"}


def seated(*seats: int, game: pf.Game = NL, chips: int = 100, **kw: object) -> Table:
    t = Table(game, seats=6, rng=random.Random(4), button=seats[0], **kw)  # type: ignore[arg-type]
    for seat in seats:
        t.sit(seat, NAMES[seat], chips, player_id=NAMES[seat])
    return t


def posts(hand: pf.Hand) -> list[tuple[int, int, str, bool]]:
    return [(p.seat, p.amount, p.kind, p.live) for p in hand.posts]


def test_the_hand_gets_the_tables_button_and_blinds(win_for) -> None:
    t = seated(1, 2, 3, 4)
    hand = t.start_hand()
    assert (hand.button_seat, hand.small_blind_seat, hand.big_blind_seat) == (1, 2, 3)
    assert hand.to_act == 4
    win_for(hand, 4)
    hand = t.start_hand()
    assert (hand.button_seat, hand.small_blind_seat, hand.big_blind_seat) == (2, 3, 4)


def test_chips_flow_back_into_the_seats_when_the_hand_ends(win_for) -> None:
    t = seated(1, 2, 3)
    hand = t.start_hand()
    win_for(hand, 3)
    assert hand.result is not None
    assert t.stacks() == {NAMES[s]: 100 for s in (1, 2, 3)}  # until the explicit end of the hand
    assert t.end_hand() and not t.end_hand()
    assert t.stacks() == {NAMES[s]: hand.result.stacks[s] for s in (1, 2, 3)}
    assert t.stack(3) == 101  # Alice and Bob fold: Carol takes Bob's small blind
    assert t.ledger.won("Carol") == 1 and t.ledger.won("Bob") == -1
    t.verify()


def test_stack_during_a_hand_is_the_chips_behind() -> None:
    t = seated(1, 2, 3)
    t.start_hand()
    assert (t.stack(2), t.stack(3)) == (99, 98)
    assert t.stacks() == {"Alice": 100, "Bob": 100, "Carol": 100}


def test_a_new_hand_waits_for_the_last_one_to_finish() -> None:
    t = seated(1, 2, 3)
    t.start_hand()
    with pytest.raises(pf.IllegalAction):
        t.start_hand()


def test_a_hand_needs_two_players() -> None:
    t = seated(1)
    with pytest.raises(NotEnoughPlayers):
        t.start_hand()


def test_heads_up_button_posts_small_blind_acts_first_before_the_flop_last_after_tda2024_r34b() -> None:
    t = seated(2, 5)
    hand = t.start_hand()
    assert hand.button_seat == hand.small_blind_seat == 2
    assert hand.to_act == 2
    hand.act(2, "call")
    hand.act(5, "check")
    assert hand.street == "flop" and hand.to_act == 5


def test_the_first_button_is_drawn_by_high_card_rrop11() -> None:
    t = Table(NL, seats=6, rng=random.Random(11))
    for seat in (1, 3, 5):
        t.sit(seat, NAMES[seat], 100, player_id=NAMES[seat])
    hand = t.start_hand()
    draw = [e for e in t.events if e.kind == "draw_for_button"]
    assert len(draw) == 1 and draw[0].seat == hand.button_seat


# ---------------------------------------------------------------------------------- new players
def test_new_player_posting_puts_a_live_big_blind_in_the_hand_and_keeps_the_option(win_for) -> None:
    """RROP11 / WIKI_BIP Posting: the post is live and the poster may check their option."""
    t = seated(1, 2, 3, 4)
    win_for(t.start_hand(), 3)  # button 1, blinds 2 and 3
    t.sit(6, "Frank", 100, post=True, player_id="Frank")
    hand = t.start_hand()  # button 2, blinds 3 and 4: Frank is between the big blind and the button
    assert (6, 2, "new_player", True) in posts(hand)
    while hand.to_act != 6:
        assert hand.to_act is not None
        hand.act(hand.to_act, "call" if hand.legal().call else "check")
    assert hand.legal().check  # nobody raised: Frank checks his option


def test_new_player_waiting_for_the_big_blind_is_dealt_in_with_it(win_for) -> None:
    t = seated(1, 2, 3, 4)
    win_for(t.start_hand(), 3)  # blinds 2, 3
    t.sit(5, "Ellen", 100, player_id="Ellen")
    hand = t.start_hand()  # blinds 3, 4
    assert 5 not in hand.seats
    win_for(hand, 1)
    hand = t.start_hand()
    assert hand.big_blind_seat == 5 and (5, 2, "bb", True) in posts(hand)


# ---------------------------------------------------------------------------------- missed blinds
def test_sitting_out_misses_blinds_and_posts_them_on_return_rrop11(win_for) -> None:
    """A player back from a break posts the big blind live and the small blind dead (RROP11
    Button & Blind Use; WIKI_BIP Posting)."""
    t = seated(1, 2, 3, 4, 5)
    win_for(t.start_hand(), 3)  # button 1, blinds 2 and 3
    t.sit_out(5)
    for winner in (4, 1, 2):  # button 2, 3, 4: the big blind passes seat 5, then the small blind
        win_for(t.start_hand(), winner)
    owes = t.seats[5].owes
    assert owes.missed_big and owes.missed_small
    kinds = [e.kind for e in t.events if e.seat == 5]
    assert "missed_big_blind" in kinds and "missed_small_blind" in kinds
    t.sit_in(5, post=True)
    hand = t.start_hand()  # button 1, blinds 2 and 3: seat 5 is behind the button
    assert [(p[1], p[2], p[3]) for p in posts(hand) if p[0] == 5] == [(2, "missed_bb", True), (1, "missed_sb", False)]
    assert hand.contributions[5] == 3 and hand.bets[5] == 2


def test_a_busted_player_misses_blinds_until_they_rebuy_rrop11() -> None:
    """RROP11: a player who goes all in and loses must make up blinds missed before the rebuy;
    they are not treated as a new player."""
    t = seated(1, 2, 3, 4)
    hand = t.start_hand(holes={1: "AsAh", 2: "KsKh", 3: "7c2d", 4: "8c3d"}, board="Ad9c5h4s2h")
    while not hand.is_over:
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        if seat in (1, 2) and legal.raise_ is not None:
            hand.act(seat, "raise", to=legal.raise_.max_to)
        elif seat in (1, 2):
            hand.act(seat, "call" if legal.call else "check")
        else:
            hand.act(seat, "fold" if legal.call else "check")
    assert t.stack(2) == 0 and t.last_busts == ()
    t.end_hand()
    assert t.stack(2) == 0 and t.last_busts == ((2, "Bob", 100),)
    for _ in range(3):
        hand = t.start_hand()
        assert 2 not in hand.seats
        hand.act(hand.to_act, "fold")  # type: ignore[arg-type]
        while not hand.is_over:
            hand.act(hand.to_act, "fold")  # type: ignore[arg-type]
    assert t.seats[2].owes.missed_big
    t.rebuy(2, 100)
    assert t.seats[2].status == "waiting"


# ---------------------------------------------------------------------------------- button rules
def test_dead_button_big_blind_bust_means_no_small_blind_tda2024_r32() -> None:
    t = seated(1, 2, 3, 4, 5)
    hand = t.start_hand(holes={1: "7c2d", 2: "8c3d", 3: "KsKh", 4: "AsAh", 5: "9c4d"}, board="Ad9d5h4s2h")
    while not hand.is_over:  # the big blind (3) is all in against seat 4 and loses
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        if seat in (3, 4) and legal.raise_ is not None:
            hand.act(seat, "raise", to=legal.raise_.max_to)
        elif seat in (3, 4):
            hand.act(seat, "call" if legal.call else "check")
        else:
            hand.act(seat, "fold" if legal.call else "check")
    t.leave(3)
    hand = t.start_hand()
    assert (hand.button_seat, hand.small_blind_seat, hand.big_blind_seat) == (2, None, 4)
    assert [e.kind for e in t.events if e.hand == t.hand_number and e.kind == "dead_small_blind"]


def test_moving_button_two_big_blinds_after_the_big_blind_leaves_rrop11_item_2a(win_for) -> None:
    t = seated(1, 2, 3, 4, 5, house=pf.HouseRules(button_rule="moving_button"))
    win_for(t.start_hand(), 1)  # button 1, blinds 2 and 3
    t.leave(3)
    hand = t.start_hand()  # button 2, Dianne skipped the big blind: she posts it now
    assert hand.button_seat == 2
    assert (4, 2, "missed_bb", True) in posts(hand) and (5, 2, "bb", True) in posts(hand)
    assert hand.to_act == 1


def test_every_ruling_is_in_the_log_with_its_rule(win_for) -> None:
    t = seated(1, 2, 3, 4)
    win_for(t.start_hand(), 4)
    t.sit_out(2)
    win_for(t.start_hand(), 4)
    kinds = [(e.kind, e.seat) for e in t.events]
    assert ("sit", 1) in kinds and ("button", 1) in kinds and ("post", 3) in kinds and ("sit_out", 2) in kinds
    rules = {e.kind: e.rule for e in t.events}
    assert rules["sit"].startswith("GENRULES")


def test_the_same_inputs_replay_the_same_table(play_out) -> None:
    """The log can settle a dispute: a table fed the same seats, actions and shuffles again
    gives the same log, event for event."""

    def run() -> list[tuple[object, ...]]:
        t = seated(1, 2, 3, 4)
        rng = random.Random(8)
        for n in range(30):
            if n == 10:
                t.sit_out(2)
            if n == 20:
                t.sit_in(2, post=True)
            play_out(t.start_hand(), rng)
            for seat, state in t.seats.items():
                if state.busted:
                    t.rebuy(seat, 100)
        return [(e.hand, e.kind, e.seat, e.player, e.chips, e.rule, e.note) for e in t.events]

    assert run() == run()


def test_the_table_says_whose_turn_it_is_and_shows_views_without_handing_out_its_hand() -> None:
    """What a server reads of the hand in play through the table (``in_play``, ``to_act``,
    ``street``, ``turn``, ``dealt_in``, ``view``), as the hand itself says it."""
    t = seated(1, 2, 4)
    assert (t.in_play, t.to_act, t.street, t.turn, t.view()) == (False, None, None, None, None)
    assert not t.dealt_in(1)
    hand = t.start_hand()
    assert t.in_play and t.to_act == hand.to_act == 1 and t.street == hand.street == "preflop"
    first = t.turn
    assert first == (1, 1, len(hand.events))
    assert t.dealt_in(4) and not t.dealt_in(3)
    assert t.view(4) == hand.view(4) and t.view() == hand.view(None)
    with pytest.raises(ValueError):
        t.view(3)                                   # not dealt in: it sees what a spectator sees
    t.act(1, "call")
    assert t.turn is not None and t.turn != first and t.to_act == hand.to_act == 2
    t.act(2, "call")
    t.act(4, "check")                               # the big blind closes the round
    assert t.street == hand.street == "flop"
    while hand.to_act is not None:
        t.act(hand.to_act, "fold")
    assert hand.is_over and not t.in_play and (t.to_act, t.street, t.turn) == (None, None, None)
    assert t.view(4) == hand.view(4)                 # the finished hand is still shown
