"""rules.md §2: antes, blinds, the big-blind option, short blinds, kill blinds, straddles, posts."""

from __future__ import annotations

import dataclasses
import random

from handkit import deal, play, refused, seats

import pokerfloor as pf

NL_50_100 = pf.Game.no_limit_holdem(50, 100)


def posts(hand: pf.Hand) -> list[tuple[int | None, int | None, str]]:
    """The forced bets as posted, in order: (seat, chips, kind)."""
    return [(e.seat, e.amount, e.post) for e in hand.events if e.kind == "post"]


# §2.1 Antes -----------------------------------------------------------------------------------


def test_antes_are_dead_money_in_the_pot() -> None:
    """§2.1: antes are dead: they go in the pot but never count toward a call (WIKI_BIP Ante;
    PyPokerEngine PR #48 collected antes and never added them to the pot)."""
    game = pf.Game.no_limit_holdem(50, 100, ante=10)
    hand = deal(game, seats(4))
    assert hand.bets == {1: 50, 2: 100, 3: 0, 4: 0}
    assert hand.contributions == {1: 60, 2: 110, 3: 10, 4: 10}
    assert sum(p.amount for p in hand.pots) == 190
    assert hand.legal().call == pf.hand.Call(100, 100)
    assert hand.legal().raise_ == pf.Range(200, 9_990)


def test_big_blind_ante_is_paid_by_the_big_blind_and_is_dead() -> None:
    """§2.1: the big-blind ante is one dead ante for the table, paid by the big blind (TDA 2024
    RP-11)."""
    game = pf.Game.no_limit_holdem(50, 100, bb_ante=100)
    hand = deal(game, seats(4))
    assert hand.contributions == {1: 50, 2: 200, 3: 0, 4: 0}
    assert hand.bets[2] == 100
    assert sum(p.amount for p in hand.pots) == 250
    play(hand, [(3, "call"), (4, "call"), (1, "call")])
    assert hand.legal().check


def test_button_ante_is_paid_by_the_button() -> None:
    """§2.1: a button ante is dead money paid by the button (WIKI_BIP Ante)."""
    game = pf.Game.no_limit_holdem(50, 100, button_ante=25)
    hand = deal(game, seats(4))
    assert hand.contributions == {1: 50, 2: 100, 3: 0, 4: 25}
    assert hand.bets[4] == 0
    assert hand.legal().call == pf.hand.Call(100, 100)


def test_bba_order_short_big_blind_pays_the_blind_first_by_default() -> None:
    """§2.1: a big blind too short for blind and ante pays the blind first (TDA 2024 RP-11, house
    option ``bba_order="big_blind_first"``); callers still owe the full big blind."""
    game = pf.Game.no_limit_holdem(50, 100, bb_ante=100)
    hand = deal(game, {1: 10_000, 2: 150, 3: 10_000})
    assert hand.bets[2] == 100
    assert hand.contributions[2] == 150
    assert (2, 100, "bb") in posts(hand) and (2, 50, "bb_ante") in posts(hand)


def test_bba_order_ante_first() -> None:
    """§2.1: WIKI_BIP takes the ante first, house option ``bba_order="ante_first"``."""
    game = pf.Game.no_limit_holdem(50, 100, bb_ante=100).with_house(bba_order="ante_first")
    hand = deal(game, {1: 10_000, 2: 150, 3: 10_000})
    assert hand.bets[2] == 50
    assert hand.contributions[2] == 150
    assert (2, 100, "bb_ante") in posts(hand) and (2, 50, "bb") in posts(hand)
    assert hand.legal().call == pf.hand.Call(100, 100)


def test_short_stack_forced_order_ante_first_by_default() -> None:
    """§2.1 and §5.4: a short stack pays its ante before its blind (WIKI_BIP All-in before the deal,
    house option ``short_stack_forced_order="ante_first"``)."""
    game = pf.Game.no_limit_holdem(50, 100, ante=10)
    hand = deal(game, {1: 10_000, 2: 60, 3: 10_000})
    assert hand.bets[2] == 50
    assert hand.contributions[2] == 60
    assert hand.legal().call == pf.hand.Call(100, 100)


def test_short_stack_forced_order_blind_first() -> None:
    """§2.1: house option ``short_stack_forced_order="blind_first"`` takes the blind first."""
    game = pf.Game.no_limit_holdem(50, 100, ante=10).with_house(short_stack_forced_order="blind_first")
    hand = deal(game, {1: 10_000, 2: 60, 3: 10_000})
    assert hand.bets[2] == 60
    assert hand.contributions[2] == 60


# §2.2 One, two and three blinds ---------------------------------------------------------------


def test_one_blind_left_of_the_button() -> None:
    """§2.2: some games use a single blind; the seat left of it acts first (WIKI_BIP Blinds)."""
    game = pf.Game(variant="holdem", structure="no_limit", blinds=(100,))
    hand = deal(game, seats(4))
    assert hand.bets == {1: 100, 2: 0, 3: 0, 4: 0}
    assert hand.big_blind_seat == 1 and hand.to_act == 2
    assert hand.legal().raise_ == pf.Range(200, 10_000)


def test_single_blind_on_the_button() -> None:
    """§2.2: with ``first_blind_on_button`` a single blind is the button's (the short-deck layout)."""
    game = pf.Game.short_deck_holdem(ante=10, button_blind=20)
    hand = deal(game, seats(4))
    assert hand.bets == {1: 0, 2: 0, 3: 0, 4: 20}
    assert hand.to_act == 1


def test_three_blinds_left_of_the_button() -> None:
    """§2.2: three blinds; by default (RROP11) the little blind sits left of the button."""
    game = pf.Game(variant="holdem", structure="no_limit", blinds=(25, 50, 100))
    hand = deal(game, seats(5))
    assert hand.bets == {1: 25, 2: 50, 3: 100, 4: 0, 5: 0}
    assert hand.to_act == 4
    assert hand.legal().raise_ == pf.Range(200, 10_000)


def test_three_blinds_first_on_the_button() -> None:
    """§2.2: WIKI_BIP puts the first of three blinds on the button (``first_blind_on_button``)."""
    game = pf.Game(variant="holdem", structure="no_limit", blinds=(25, 50, 100), first_blind_on_button=True)
    hand = deal(game, seats(5))
    assert hand.bets == {1: 50, 2: 100, 3: 0, 4: 0, 5: 25}
    assert hand.to_act == 3


# §2.3 Big-blind option ------------------------------------------------------------------------


def test_big_blind_option_when_everyone_calls() -> None:
    """§2.3: if nobody raised when the action reaches the big blind, it may check or raise
    (RROP11 blinds item 3); its check closes the round."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "call"), (1, "call")])
    assert hand.to_act == 2
    legal = hand.legal()
    assert legal.check and legal.raise_ == pf.Range(200, 10_000)
    hand.act(2, "check")
    assert hand.street == "flop"


def test_big_blind_loses_option_once_raised_and_called() -> None:
    """§2.3: the option is the right to act on an unraised pot; after a raise the big blind faces
    the raise like anyone else."""
    hand = play(deal(NL_50_100, seats(3)), [(3, "raise", 300), (1, "fold")])
    legal = hand.legal()
    assert legal.seat == 2 and not legal.check and legal.call == pf.hand.Call(300, 200)
    hand.act(2, "call")
    assert hand.street == "flop"


# §2.4 Short blinds ----------------------------------------------------------------------------


def test_short_big_blind_callers_owe_the_full_big_blind() -> None:
    """§2.4: a short big blind changes neither the call nor the raise sizes: callers owe the
    complete big blind (RROP11 blinds item 1; WIKI_BIP)."""
    hand = deal(NL_50_100, {1: 10_000, 2: 60, 3: 10_000})
    assert hand.bets[2] == 60
    legal = hand.legal()
    assert legal.call == pf.hand.Call(100, 100)
    assert legal.raise_ == pf.Range(200, 10_000)
    assert refused(hand, 3, "call", 60) == "must_call_full_big_blind"


def test_pot_limit_preflop_pot_counts_full_blinds_when_big_blind_is_short() -> None:
    """§2.4 and §4: in pot-limit, the pre-flop pot is counted as if the full blinds were posted
    (TDA 2024 R54-B): blinds 50-100 with a big blind all-in for 60, the first raise is to at most
    100 + (50 + 100 + 100) = 350."""
    game = pf.Game.pot_limit_holdem(50, 100)
    short = deal(game, {1: 10_000, 2: 60, 3: 10_000})
    full = deal(game, seats(3))
    assert short.legal().raise_ == full.legal().raise_ == pf.Range(200, 350)


# §2.5 Sub-minimum forced bets -----------------------------------------------------------------


def test_sub_minimum_blind_in_limit_may_be_called_or_completed() -> None:
    """§2.5: when the blind is smaller than a full bet, a player may call it or complete it to a
    full bet (WIKI_BIP betting unit); completing is a full bet, so the next is a raise."""
    game = pf.Game(variant="holdem", structure="fixed_limit", small_blind=2, big_blind=5, small_bet=10)
    hand = deal(game, seats(4))
    legal = hand.legal()
    assert legal.call == pf.hand.Call(5, 5)
    assert legal.complete == pf.Range(10, 10) and legal.raise_ is None
    assert refused(hand, 3, "complete", 15) == "wrong_limit_amount"
    hand.act(3, "complete", to=10)
    assert hand.legal().raise_ == pf.Range(20, 20)


def test_big_bet_raise_over_short_all_in_must_be_a_full_raise() -> None:
    """§2.5: in big-bet games there is no completing: over a short all-in a raise must be a full
    raise (RROP11 NL item 4: 100 bet, 140 all-in, raise to at least 240)."""
    stacks = {1: 10_000, 2: 240, 3: 10_000}
    hand = play(deal(NL_50_100, stacks), [(3, "call"), (1, "call"), (2, "check")])
    play(hand, [(1, "bet", 100), (2, "all_in")])
    assert hand.bets[2] == 140
    assert hand.legal().raise_ == pf.Range(240, 9_900)
    assert refused(hand, 3, "raise", 239) == "below_min_raise"


# §2.7 Kill blind ------------------------------------------------------------------------------

FL_10_20 = pf.Game.fixed_limit_holdem(10, 20)


def test_full_kill_doubles_the_limits() -> None:
    """§2.7: a full kill is twice the big blind and doubles the limits (RROP11 Kill Pots)."""
    hand = deal(FL_10_20, seats(5), posts=[pf.Post(3, 20, "kill")])
    assert hand.to_act == 4
    assert hand.legal().raise_ == pf.Range(40, 40)
    play(hand, [(4, "call"), (5, "call"), (1, "call"), (2, "call"), (3, "check")])
    assert hand.street == "flop"
    assert hand.legal().bet == pf.Range(20, 20)
    play(hand, [(1, "check"), (2, "check"), (3, "check"), (4, "check"), (5, "check")])
    assert hand.street == "turn"
    assert hand.legal().bet == pf.Range(40, 40)


def test_half_kill_raises_the_limits_one_and_a_half_times() -> None:
    """§2.7: a half kill is 1.5 times the big blind and raises the limits 1.5 times."""
    hand = deal(FL_10_20, seats(5), posts=[pf.Post(3, 15, "kill")])
    assert hand.legal().raise_ == pf.Range(30, 30)
    play(hand, [(4, "call"), (5, "call"), (1, "call"), (2, "call"), (3, "check")])
    assert hand.legal().bet == pf.Range(15, 15)


def test_killer_acts_last_preflop_by_default() -> None:
    """§2.7: the kill blind normally acts last pre-flop wherever it sits (WIKI_BIP; WIKI_KILL),
    house option ``killer_acts="last"``: the action starts left of the big blind, passes over
    the killer and ends with it (see also tests/hand/test_rulings_review.py)."""
    hand = deal(FL_10_20, seats(6), posts=[pf.Post(5, 20, "kill")])
    order = []
    while hand.street == "preflop":
        order.append(hand.to_act)
        hand.act(hand.to_act, "call")
    assert order == [3, 4, 6, 1, 2, 5]


def test_killer_acts_in_turn() -> None:
    """§2.7: RROP11 kill item 2 has the killer act in proper turn: ``killer_acts="in_turn"``."""
    game = FL_10_20.with_house(killer_acts="in_turn")
    hand = deal(game, seats(6), posts=[pf.Post(5, 20, "kill")])
    order = []
    while hand.street == "preflop":
        order.append(hand.to_act)
        hand.act(hand.to_act, "call")
    assert order == [3, 4, 5, 6, 1, 2]


# §2.8 Straddles -------------------------------------------------------------------------------


def test_live_straddle_has_the_option() -> None:
    """§2.8: a live straddle under the gun is a blind raise: everyone calls it and the straddler
    keeps the option (WIKI_BIP Straddle; RROP11 NL item 2)."""
    hand = deal(NL_50_100, seats(5), posts=[pf.Post(3, 200, "straddle")])
    assert hand.legal().call == pf.hand.Call(200, 200)
    play(hand, [(4, "call"), (5, "call"), (1, "call"), (2, "call")])
    assert hand.to_act == 3
    legal = hand.legal()
    assert legal.check and legal.raise_ is not None
    hand.act(3, "check")
    assert hand.street == "flop"


def test_re_straddle_is_the_next_seat_straddling_again() -> None:
    """§2.8: a re-straddle doubles the straddle from the next seat; action starts left of it and
    the min raise is the re-straddle plus its increment (straddle_min_raise default)."""
    hand = deal(NL_50_100, seats(6), posts=[pf.Post(3, 200, "straddle"), pf.Post(4, 400, "straddle")])
    assert hand.to_act == 5
    assert hand.legal().call == pf.hand.Call(400, 400)
    assert hand.legal().raise_ == pf.Range(600, 10_000)


def test_mississippi_straddle_from_button_small_blind_acts_first() -> None:
    """§2.8: a Mississippi straddle from the button moves the start of the action left of it, so
    the small blind acts first (WIKI_BIP Mississippi straddle)."""
    hand = deal(NL_50_100, seats(5), posts=[pf.Post(5, 200, "mississippi")])
    order = []
    while hand.street == "preflop":
        order.append(hand.to_act)
        hand.act(hand.to_act, "call")
    assert order == [1, 2, 3, 4, 5]


def test_sleeper_raises_the_call_but_its_owner_has_no_option() -> None:
    """§2.8: a sleeper is a blind raise from a seat other than under the gun; everyone must call it
    (blinds 1/2 with a 4 sleeper: the first player calls 4), and its owner is skipped unless someone
    raises (WIKI_BIP Sleepers)."""
    game = pf.Game.no_limit_holdem(1, 2)
    hand = deal(game, seats(6, 500), posts=[pf.Post(5, 4, "sleeper")])
    assert hand.to_act == 3
    assert hand.legal().call == pf.hand.Call(4, 4)
    play(hand, [(3, "call"), (4, "call"), (6, "call"), (1, "call"), (2, "call")])
    assert hand.street == "flop"
    assert hand.contributions == {seat: 4 for seat in range(1, 7)}


def test_sleeper_owner_acts_once_raised() -> None:
    """§2.8: the sleeper's owner gets to act when someone raises (WIKI_BIP Sleepers)."""
    game = pf.Game.no_limit_holdem(1, 2)
    hand = deal(game, seats(6, 500), posts=[pf.Post(5, 4, "sleeper")])
    play(hand, [(3, "call"), (4, "raise", 12)])
    assert hand.to_act == 5
    assert hand.legal().call == pf.hand.Call(12, 8)


def test_straddle_min_raise_counts_straddle_as_a_raise_by_default() -> None:
    """§2.8: house option ``straddle_min_raise="straddle_minus_bb"`` (the seed's side): blinds 5/10,
    straddle 20, the minimum raise is 10 more, to 30."""
    game = pf.Game.no_limit_holdem(5, 10)
    hand = deal(game, seats(5, 1000), posts=[pf.Post(3, 20, "straddle")])
    assert hand.legal().raise_ == pf.Range(30, 1000)
    assert refused(hand, 4, "raise", 29) == "below_min_raise"


def test_straddle_min_raise_straddle_amount() -> None:
    """§2.8: RROP11 treats the straddle as a new bring-in: ``straddle_min_raise="straddle_amount"``
    raises to twice the straddle, 40."""
    game = pf.Game.no_limit_holdem(5, 10).with_house(straddle_min_raise="straddle_amount")
    hand = deal(game, seats(5, 1000), posts=[pf.Post(3, 20, "straddle")])
    assert hand.legal().raise_ == pf.Range(40, 1000)
    assert refused(hand, 4, "raise", 39) == "below_min_raise"


# §2.9 New-player and missed-blind posts -------------------------------------------------------


def test_new_player_post_is_live_with_the_option() -> None:
    """§2.9: a new player may post an amount equal to the big blind; it is live and carries the
    option (RROP11 blinds; the Portuguese seed)."""
    hand = deal(NL_50_100, seats(5), posts=[pf.Post(4, 100, "new_player")])
    assert hand.bets[4] == 100
    play(hand, [(3, "call")])
    assert hand.to_act == 4
    legal = hand.legal()
    assert legal.check and legal.raise_ == pf.Range(200, 10_000)
    play(hand, [(4, "check"), (5, "call"), (1, "call"), (2, "check")])
    assert hand.street == "flop"
    assert hand.contributions == {seat: 100 for seat in range(1, 6)}


def test_missed_small_blind_is_dead() -> None:
    """§2.9: a returning player posts the missed small blind dead and the big blind live (RROP11
    blinds; MISSED_BLINDS): the dead part feeds the pot and does not count toward a call."""
    missed = [pf.Post(4, 50, "missed_sb", live=False), pf.Post(4, 100, "missed_bb")]
    hand = deal(NL_50_100, seats(5), posts=missed)
    assert hand.bets[4] == 100
    assert hand.contributions[4] == 150
    assert sum(p.amount for p in hand.pots) == 300
    play(hand, [(3, "call")])
    assert hand.to_act == 4 and hand.legal().check


def test_a_game_replaced_with_new_blinds_posts_the_new_blinds() -> None:
    """``dataclasses.replace`` keeps the inputs and works the rest out again: the blinds, the
    smallest bet and the limit bets follow the new stakes."""
    game = dataclasses.replace(pf.Game.no_limit_holdem(50, 100), small_blind=100, big_blind=200)
    assert game.blinds == (100, 200) and game.big_blind == 200 and game.min_bet == 200
    hand = pf.Hand(game, {1: 5_000, 2: 5_000, 3: 5_000}, button=1, rng=random.Random(1))
    assert hand.bets == {1: 0, 2: 100, 3: 200}
    limit = dataclasses.replace(pf.Game(variant="holdem", structure="fixed_limit", small_blind=5, big_blind=10),
                                small_blind=10, big_blind=20)
    assert (limit.small_bet, limit.big_bet, limit.min_bet) == (20, 40, 20)
    assert pf.Game(**game.inputs()) == game
