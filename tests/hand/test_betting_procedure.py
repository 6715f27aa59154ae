"""rules.md §1: turn order, actions, closing a round, minimum bets and raises, totals."""

from __future__ import annotations

from handkit import deal, play, refused, seats

import pokerfloor as pf

NL_50_100 = pf.Game.no_limit_holdem(50, 100)
NL_100_200 = pf.Game.no_limit_holdem(100, 200)


# §1.1 Turn order ------------------------------------------------------------------------------


def test_preflop_first_to_act_is_left_of_big_blind() -> None:
    """§1.1: before the flop the first seat left of the big blind acts first, then clockwise
    (WIKI_BIP Order of betting; RROP11 blinds)."""
    hand = deal(NL_50_100, seats(6))
    assert (hand.small_blind_seat, hand.big_blind_seat) == (1, 2)
    order = []
    while hand.street == "preflop":
        order.append(hand.to_act)
        hand.act(hand.to_act, "call")
    assert order == [3, 4, 5, 6, 1, 2]


def test_postflop_first_to_act_is_first_live_seat_left_of_button() -> None:
    """§1.1: after the flop the first live seat left of the button acts first (WIKI_BIP Order of
    betting); a folded small blind is skipped."""
    hand = play(deal(NL_50_100, seats(4)), [(3, "call"), (4, "call"), (1, "call"), (2, "check")])
    assert (hand.street, hand.to_act) == ("flop", 1)
    hand = play(deal(NL_50_100, seats(4)), [(3, "call"), (4, "call"), (1, "fold"), (2, "check")])
    assert (hand.street, hand.to_act) == ("flop", 2)


def test_heads_up_button_posts_small_blind_acts_first_preflop_and_last_after() -> None:
    """§1.1 with §3 heads-up (TDA 2024 R34-B; RROP11): the button posts the small blind, acts
    first before the flop and last after it (PyPokerEngine #82)."""
    hand = deal(NL_50_100, {3: 1000, 7: 1000}, button=7)
    assert (hand.small_blind_seat, hand.big_blind_seat) == (7, 3)
    assert hand.bets == {7: 50, 3: 100}
    assert hand.to_act == 7
    play(hand, [(7, "call"), (3, "check")])
    assert (hand.street, hand.to_act) == ("flop", 3)


def test_preflop_action_starts_left_of_the_last_straddle() -> None:
    """§1.1: with straddles, the first seat left of the last straddle acts first (WIKI_BIP
    Straddle)."""
    hand = deal(NL_50_100, seats(6), posts=[pf.Post(3, 200, "straddle")])
    assert hand.to_act == 4
    hand = deal(NL_50_100, seats(6), posts=[pf.Post(3, 200, "straddle"), pf.Post(4, 400, "straddle")])
    assert hand.to_act == 5


# §1.2 Actions ---------------------------------------------------------------------------------


def test_no_bet_to_face_check_or_bet() -> None:
    """§1.2: with no bet to face a player may check or bet (RROP11 Betting & Raising item 1);
    whether it may also fold is the house option ``fold_facing_no_bet`` (tests/hand/
    test_rulings_review.py)."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "call"), (1, "call"), (2, "check")])
    legal = hand.legal()
    assert legal.check and legal.bet is not None and legal.call is None and legal.raise_ is None


def test_facing_a_bet_fold_call_or_raise_but_no_check() -> None:
    """§1.2: facing a bet, a player may fold, call or raise; a check is refused (TDA 2024 R55)."""
    hand = deal(NL_50_100, seats(3))
    legal = hand.legal()
    assert legal.fold and not legal.check and legal.call == pf.hand.Call(100, 100) and legal.raise_ is not None
    assert refused(hand, 3, "check") == "cannot_check_facing_bet"


def test_saying_call_with_no_bet_is_a_check() -> None:
    """§1.2: "call" with no bet to face counts as a check (rules.md §1.2)."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "call"), (1, "call")])
    stacks = hand.stacks
    event = hand.act(2, "call")
    assert event.kind == "check"
    assert hand.stacks == stacks
    assert hand.street == "flop"


def test_saying_raise_with_no_bet_is_a_bet() -> None:
    """§1.2: "raise" with no bet to face is a bet of at least the minimum (TDA 2024 R41)."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "call"), (1, "call"), (2, "check")])
    assert refused(hand, 1, "raise", 99) == "below_min_bet"
    event = hand.act(1, "raise", to=100)
    assert event.kind == "bet"
    assert hand.bets[1] == 100


def test_check_raise_is_allowed() -> None:
    """§1.2: check-raise is allowed (RROP11 Betting & Raising item 1)."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "call"), (1, "call"), (2, "check"), (1, "check"), (2, "bet", 100)])
    hand.act(3, "call")
    assert hand.to_act == 1
    assert hand.legal().raise_ == pf.Range(200, 9900)
    hand.act(1, "raise", to=400)
    assert hand.bets[1] == 400


# §1.3 When a round closes ---------------------------------------------------------------------


def test_round_closes_when_everyone_checks() -> None:
    """§1.3: a round ends when everyone checks (RROP11 Betting & Raising)."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "call"), (1, "call"), (2, "check")])
    play(hand, [(1, "check"), (2, "check")])
    assert hand.street == "flop"
    hand.act(3, "check")
    assert (hand.street, hand.to_act) == ("turn", 1)


def test_round_closes_when_every_seat_has_acted_since_the_last_raise_and_matched() -> None:
    """§1.3: a round ends once every player not all-in has acted since the last increase and
    matched the bet (RROP11 Betting & Raising)."""
    hand = play(deal(NL_50_100, seats(4)), [(3, "raise", 300), (4, "call"), (1, "fold"), (2, "raise", 900)])
    assert hand.street == "preflop"
    play(hand, [(3, "call")])
    assert (hand.street, hand.to_act) == ("preflop", 4)
    hand.act(4, "call")
    assert hand.street == "flop"
    assert hand.contributions == {1: 50, 2: 900, 3: 900, 4: 900}


def test_big_blind_option_after_limps() -> None:
    """§1.3 and §2.3: when nobody raised, the big blind may still check or raise (RROP11 blinds
    item 3; pokerwars starterbot #5: the big blind was skipped after a limp)."""
    hand = play(deal(NL_50_100, seats(4)), [(3, "call"), (4, "call"), (1, "call")])
    assert (hand.street, hand.to_act) == ("preflop", 2)
    legal = hand.legal()
    assert legal.check and legal.raise_ == pf.Range(200, 10_000)
    hand.act(2, "raise", to=300)
    assert hand.to_act == 3 and hand.legal().raise_ is not None


def test_big_blind_option_survives_a_short_all_in_and_caller_is_not_reopened() -> None:
    """§1.3 and §2.3: the option survives an all-in below a full raise (RROP11; TDA 2024
    Addendum 47 Ex. 3-A: blinds 2000-4000, A calls, C all-in 7500, the big blind may raise to
    11500; if it calls, A may only call the 3500 or fold)."""
    stacks = {1: 100_000, 2: 100_000, 3: 100_000, 4: 100_000, 5: 7_500, 6: 100_000}
    game = pf.Game.no_limit_holdem(2000, 4000)
    hand = play(deal(game, stacks), [(3, "call"), (4, "fold"), (5, "all_in"), (6, "fold"), (1, "fold")])
    assert hand.to_act == 2
    assert hand.legal().raise_ == pf.Range(11_500, 100_000)
    hand.act(2, "call")
    legal = hand.legal()
    assert legal.seat == 3 and legal.raise_ is None and legal.call == pf.hand.Call(7_500, 3_500)
    assert refused(hand, 3, "raise", 11_500) == "betting_not_reopened"


def test_caller_reopened_when_big_blind_raises_over_short_all_in() -> None:
    """§1.3 and §5.5: TDA 2024 Addendum 47 Ex. 3-B: the big blind raises to 11500, so A, who
    called 4000, faces 7500 more (more than a full raise) and may re-raise."""
    stacks = {1: 100_000, 2: 100_000, 3: 100_000, 4: 100_000, 5: 7_500, 6: 100_000}
    game = pf.Game.no_limit_holdem(2000, 4000)
    hand = play(deal(game, stacks), [(3, "call"), (4, "fold"), (5, "all_in"), (6, "fold"), (1, "fold")])
    hand.act(2, "raise", to=11_500)
    assert hand.legal().raise_ == pf.Range(15_500, 100_000)


# §1.4 Minimum opening bet ---------------------------------------------------------------------


def test_minimum_opening_bet_is_the_big_blind() -> None:
    """§1.4: the smallest opening bet is the big blind (WIKI_BIP; RROP11 NL item 2), not twice it
    (pangea-poker #36 treated an opening bet as a raise)."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "call"), (1, "call"), (2, "check")])
    assert hand.legal().bet == pf.Range(100, 9_900)
    assert refused(hand, 1, "bet", 99) == "below_min_bet"
    hand.act(1, "bet", to=100)
    assert hand.legal().raise_ == pf.Range(200, 9_900)


def _straddled_flop(straddle_postflop_min_bet: str) -> pf.Hand:
    game = NL_50_100.with_house(straddle_postflop_min_bet=straddle_postflop_min_bet)
    hand = deal(game, seats(4), posts=[pf.Post(3, 200, "straddle")])
    return play(hand, [(4, "call"), (1, "call"), (2, "call"), (3, "check")])


def test_straddle_postflop_min_bet_big_blind_by_default() -> None:
    """§1.4: house option ``straddle_postflop_min_bet`` defaults to ``big_blind``: after the flop
    the minimum bet goes back to the big blind."""
    hand = _straddled_flop("big_blind")
    assert hand.street == "flop"
    assert hand.legal().bet == pf.Range(100, 9_800)


def test_straddle_postflop_min_bet_straddle() -> None:
    """§1.4: under RROP11 (NL item 2) the straddle is the minimum bet for all rounds: house option
    ``straddle_postflop_min_bet="straddle"``."""
    hand = _straddled_flop("straddle")
    assert hand.legal().bet == pf.Range(200, 9_800)
    assert refused(hand, 1, "bet", 199) == "below_min_bet"


# §1.5 Minimum raise ---------------------------------------------------------------------------


def test_min_raise_is_largest_increment_addendum_43_example_1() -> None:
    """§1.5: TDA 2024 Addendum 43 Ex. 1: blinds 100-200, flop bet 600, raise to 1600, re-raise to
    3600; the next raise is at least 2000 more, to 5600."""
    hand = play(deal(NL_100_200, seats(4, 20_000)), [(3, "call"), (4, "call"), (1, "call"), (2, "check")])
    play(hand, [(1, "bet", 600), (2, "raise", 1600), (3, "raise", 3600)])
    assert hand.legal().raise_ == pf.Range(5600, 20_000 - 200)
    assert refused(hand, 4, "raise", 5599) == "below_min_raise"


def test_short_all_in_does_not_change_min_raise_addendum_43_example_2() -> None:
    """§1.5: TDA 2024 Addendum 43 Ex. 2: blinds 50-100, UTG all-in for 150; the big blind is still
    the largest bet, so the next raise is to at least 250."""
    stacks = seats(4)
    stacks[3] = 150
    hand = play(deal(NL_50_100, stacks), [(3, "all_in")])
    assert hand.legal().raise_ == pf.Range(250, 10_000)
    assert refused(hand, 4, "raise", 249) == "below_min_raise"


def test_min_raise_is_the_increment_not_the_total_addendum_43_example_3() -> None:
    """§1.5: TDA 2024 Addendum 43 Ex. 3: blinds 100-200, turn bet 300, raise to 1000 (700 more);
    the next raise is at least 700 more, to 1700, not 1000 more."""
    hand = play(deal(NL_100_200, seats(3, 20_000)), [(3, "call"), (1, "call"), (2, "check")])
    play(hand, [(1, "check"), (2, "check"), (3, "check")])
    assert hand.street == "turn"
    play(hand, [(1, "bet", 300), (2, "raise", 1000)])
    assert hand.legal().raise_ == pf.Range(1700, 19_800)


def test_min_raise_tracks_largest_raise_addendum_43_example_4a() -> None:
    """§1.5: TDA 2024 Addendum 43 Ex. 4-A: blinds 25-50, raises to 125, 200 and 500; the next raise
    is at least 300 more, to 800."""
    game = pf.Game.no_limit_holdem(25, 50)
    hand = play(deal(game, seats(6)), [(3, "raise", 125), (4, "raise", 200), (5, "raise", 500)])
    assert hand.legal().raise_ == pf.Range(800, 10_000)


def test_min_raise_after_one_big_raise_addendum_43_example_4b() -> None:
    """§1.5: TDA 2024 Addendum 43 Ex. 4-B: blinds 25-50, one raise of 450 to 500 and two calls; the
    next raise is at least 450 more, to 950."""
    game = pf.Game.no_limit_holdem(25, 50)
    hand = play(deal(game, seats(6)), [(3, "raise", 500), (4, "call"), (5, "call")])
    assert hand.legal().raise_ == pf.Range(950, 10_000)


def test_several_short_all_ins_keep_the_opening_increment_addendum_47_example_2() -> None:
    """§1.5 and §5.6: TDA 2024 Addendum 47 Ex. 2: flop bet 300, all-ins to 500, 650 and 800, a call;
    no all-in was a full raise, so the minimum raise stays 300: to 1100."""
    stacks = {1: 10_000, 2: 600, 3: 750, 4: 900, 5: 10_000, 6: 10_000}
    hand = play(deal(NL_50_100, stacks), [(3, "call"), (4, "call"), (5, "call"), (6, "call"), (1, "call")])
    hand.act(2, "check")
    play(hand, [(1, "bet", 300), (2, "all_in"), (3, "all_in"), (4, "all_in"), (5, "call")])
    assert hand.bets == {1: 300, 2: 500, 3: 650, 4: 800, 5: 800, 6: 0}
    assert hand.legal().raise_ == pf.Range(1100, 9_900)


# §1.6 Totals ----------------------------------------------------------------------------------


def test_raise_amount_is_the_total_wager() -> None:
    """§1.6: "raise, N" means a total of N (TDA 2024 R43-B), so a big blind raising to 300 puts in
    200 more (texasholdem #39 confused "raise to" with "raise by")."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "call"), (1, "call")])
    stacks = hand.stacks
    hand.act(2, "raise", to=300)
    assert hand.bets[2] == 300
    assert stacks[2] - hand.stacks[2] == 200
    assert hand.legal().call == pf.hand.Call(300, 200)
