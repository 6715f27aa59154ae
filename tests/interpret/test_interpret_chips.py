"""rules.md §1.7–1.10 and §4: what a player's chips mean (TDA 2024 R41–R46, R51-B, R52, R56;
RROP11 smallest chip), and amounts out of range."""

from __future__ import annotations

import pytest
from floorkit import postflop, preflop, refused, ruled

import pokerfloor as pf
from pokerfloor.interpret import interpret

NL_25_50 = pf.Game.no_limit_holdem(25, 50)
NL_50_100 = pf.Game.no_limit_holdem(50, 100)
NL_100_200 = pf.Game.no_limit_holdem(100, 200)
NL_250_500 = pf.Game.no_limit_holdem(250, 500)
NL_1000_2000 = pf.Game.no_limit_holdem(1000, 2000)
DEEP = {1: 100_000, 2: 100_000, 3: 100_000}
FOUR_DEEP = {1: 100_000, 2: 100_000, 3: 100_000, 4: 100_000}


# The 50% standard (R43-A) and every chip needed (R45-A) ----------------------------------------


def utg_raised_to_1100() -> pf.Hand:
    """Addendum 45 Ex. 1-B: NLHE 250-500, pre-flop UTG raises 600 to 1100; UTG+1 to act."""
    return preflop(NL_250_500, FOUR_DEEP, [(3, "raise", 1100)])


def test_every_chip_needed_is_a_call() -> None:
    """§1.7, TDA 2024 R45-A, Addendum 45 Ex. 1-B: facing 1100, one 500 and one 1000 is a call,
    since taking away either chip leaves less than 1100."""
    assert ruled(utg_raised_to_1100(), chips=[500, 1000]) == ("call", 1100)


def test_every_chip_needed_two_equal_chips() -> None:
    """TDA 2024 R45-A, Addendum 45 Ex. 1-A: facing 1200, two 1000s is a call."""
    hand = postflop(NL_100_200, DEEP, [(1, "bet", 1200)], pot=600)
    assert ruled(hand, chips=[1000, 1000]) == ("call", 1200)


def test_half_a_minimum_raise_or_more_is_made_a_full_raise() -> None:
    """§1.7, TDA 2024 R43-A, R45-B-1, Addendum 45 Ex. 2: one 1000 and five 100s facing 1100 (min
    raise 600, half 300): 400 over the call, so a full raise to 1700."""
    assert ruled(utg_raised_to_1100(), chips=[1000, 100, 100, 100, 100, 100]) == ("raise", 1700)


def test_under_half_a_minimum_raise_is_a_call() -> None:
    """§1.7, TDA 2024 R43-A, Addendum 45 Ex. 3: one 1000 and three 100s facing 1100 is 200 over,
    under half of 600: a call, 200 comes back."""
    hand = utg_raised_to_1100()
    ruling = interpret(hand, 4, chips=[1000, 100, 100, 100])
    assert (ruling.action, ruling.to) == ("call", 1100)
    assert "200 comes back" in ruling.explanation
    assert ruling.rule.startswith("TDA 2024 Rule 43-A")


def opened_for_1400(stack: int = 100_000) -> pf.Hand:
    """Addendum 45 Ex. 4: A opens for 1400; B to act with ``stack`` chips."""
    return postflop(NL_100_200, {1: 100_000, 2: stack, 3: 100_000}, [(1, "bet", 1400)], pot=600)


def test_fifty_percent_threshold_addendum_45_example_4() -> None:
    """TDA 2024 R43-A, Addendum 45 Ex. 4-A/4-B: facing 1400, one 1000 and three 500s reaches the
    2100 threshold: a raise to 2800; one 1000 and two 500s does not: a call."""
    assert ruled(opened_for_1400(), chips=[1000, 500, 500, 500]) == ("raise", 2800)
    assert ruled(opened_for_1400(), chips=[1000, 500, 500]) == ("call", 1400)


def test_last_chips_not_all_needed_are_all_in() -> None:
    """§1.7, TDA 2024 R45-B-2, Addendum 45 Ex. 4 note: with those same chips as the player's last,
    it is all in, whether or not it reaches 50%."""
    assert ruled(opened_for_1400(stack=2000), chips=[1000, 500, 500]) == ("all_in", 2000)
    assert ruled(opened_for_1400(stack=2500), chips=[1000, 500, 500, 500]) == ("all_in", 2500)


def test_last_chips_all_needed_are_a_call() -> None:
    """TDA 2024 R45-A Ex-2: NLHE 25-50, A opens for 1050 and B puts out his last chips, two
    1000s: a call, since every chip is needed (the rest comes back)."""
    hand = postflop(NL_25_50, {1: 10_000, 2: 2000, 3: 10_000}, [(1, "bet", 1050)], pot=150)
    assert ruled(hand, chips=[1000, 1000]) == ("call", 1050)


def test_over_betting_for_change_is_a_raise() -> None:
    """TDA 2024 R61 (multi-chip rule R45): facing 325, one 500 and one 25 silently is a raise
    to 650."""
    game = pf.Game.no_limit_holdem(25, 50, min_chip=25)
    hand = postflop(game, DEEP, [(1, "bet", 325)], pot=150)
    assert ruled(hand, chips=[500, 25]) == ("raise", 650)


def test_raise_declared_first_makes_small_chips_a_raise() -> None:
    """TDA 2024 R43-A: under 50% is a call "unless raise is first declared": then it is a full
    raise."""
    assert ruled(utg_raised_to_1100(), verbal="raise", chips=[1000, 100, 100, 100]) == ("raise", 1700)
    assert ruled(utg_raised_to_1100(), verbal="raise", chips=[1000, 1000, 1000]) == ("raise", 3000)


# A single oversized chip (R44, R41-C, R46-C-1) ---------------------------------------------------


def test_single_oversized_chip_facing_a_bet_is_a_call() -> None:
    """§1.8, TDA 2024 R44, R41-C: facing a bet, one oversized chip without "raise" is a call."""
    hand = postflop(NL_100_200, DEEP, [(1, "bet", 400)], pot=600)
    ruling = interpret(hand, 2, chips=[5000])
    assert (ruling.action, ruling.to) == ("call", 400)
    assert "TDA 2024 Rule 44" in ruling.rule


def test_single_oversized_chip_is_a_call_even_as_the_last_chip() -> None:
    """TDA 2024 R44: "including your last chip"."""
    hand = postflop(NL_100_200, {1: 100_000, 2: 5000, 3: 100_000}, [(1, "bet", 400)], pot=600)
    assert ruled(hand, chips=[5000]) == ("call", 400)


def test_single_oversized_chip_facing_the_blind_is_a_call() -> None:
    """TDA 2024 R44: "facing a bet or blind"; under the gun a 1000 chip calls the big blind."""
    assert ruled(preflop(NL_50_100, DEEP), chips=[1000]) == ("call", 100)


def test_raise_said_before_the_chip_lands_is_the_most_the_chip_allows() -> None:
    """TDA 2024 R44: declaring "raise" with no amount before the chip lands: the raise is the
    maximum for the chip."""
    hand = postflop(NL_100_200, DEEP, [(1, "bet", 400)], pot=600)
    assert ruled(hand, verbal="raise", chips=[5000]) == ("raise", 5000)


def test_single_oversized_chip_with_no_bet_is_a_bet_of_its_value() -> None:
    """§1.8, TDA 2024 R44: not facing a bet, an overchip pushed silently is a bet of the maximum
    for the chip."""
    assert ruled(postflop(NL_100_200, DEEP, pot=600), chips=[1000]) == ("bet", 1000)


def test_blind_chips_in_front_plus_an_oversized_chip_are_a_call() -> None:
    """§1.8, TDA 2024 R46-C-1, Addendum 46 Situation 1: 25-50, the big blind's two 25s in front,
    the button raises to 600; a 1000 chip added is a call, so are two 500s or a 100 and a 500
    (every new chip needed); a 1000 and a 500 is a Rule 45 bet of 1550 in all, a raise."""

    def button_raised() -> pf.Hand:
        return preflop(NL_25_50, DEEP, [(3, "raise", 600), (1, "fold")])

    assert ruled(button_raised(), chips=[1000]) == ("call", 600)
    assert ruled(button_raised(), chips=[500, 500]) == ("call", 600)
    assert ruled(button_raised(), chips=[100, 500]) == ("call", 600)
    assert ruled(button_raised(), chips=[1000, 500]) == ("raise", 1550)


# Undercalls (R51-B) --------------------------------------------------------------------------------


def test_undercall_of_the_opening_bet_is_a_full_call() -> None:
    """§1.10, TDA 2024 R51-B, Addendum 51 Ex. 2: four players, A opens for 8000, B silently puts
    out 2000: B must make the full call."""
    hand = postflop(NL_1000_2000, FOUR_DEEP, [(1, "bet", 8000)], pot=8000)
    ruling = interpret(hand, 2, chips=[1000, 1000])
    assert (ruling.action, ruling.to, ruling.rule) == ("call", 8000, "TDA 2024 Rule 51-B")


def test_undercall_of_a_raise_multiway_is_the_floors_call() -> None:
    """TDA 2024 R51-B, Addendum 51 Ex. 1: A opens 2000, B raises to 8000, C pushes 2000: the
    floor may require the full call or let C forfeit and fold; the engine rules the call."""
    hand = postflop(NL_1000_2000, FOUR_DEEP, [(1, "bet", 2000), (2, "raise", 8000)], pot=8000)
    ruling = interpret(hand, 3, chips=[2000])
    assert (ruling.action, ruling.to) == ("call", 8000)
    assert "forfeit" in ruling.explanation


def test_last_chips_short_of_the_call_are_an_all_in_call() -> None:
    """TDA 2024 R45, table stakes: all of a player's chips short of the call call all in."""
    hand = postflop(NL_100_200, {1: 100_000, 2: 300, 3: 100_000}, [(1, "bet", 1000)], pot=600)
    assert ruled(hand, chips=[100, 100, 100]) == ("call", 300)


# String bets (R42, R56) -------------------------------------------------------------------------


def test_only_the_first_motion_counts() -> None:
    """§1.9, TDA 2024 R42, R56: a raise in one motion or declared first; chips added in a later
    motion are a string bet and ignored."""
    hand = postflop(NL_100_200, DEEP, [(1, "bet", 1000)], pot=600)
    ruling = interpret(hand, 2, motions=[[1000], [1000, 1000]])
    assert (ruling.action, ruling.to) == ("call", 1000)
    assert "TDA 2024 Rules 42 and 56" in ruling.rule


def test_a_raise_declared_in_full_survives_several_motions() -> None:
    """TDA 2024 R42-B: verbally declaring the full amount before pushing chips makes the raise."""
    hand = postflop(NL_100_200, DEEP, [(1, "bet", 1000)], pot=600)
    assert ruled(hand, verbal="raise, three thousand", motions=[[1000], [1000, 1000]]) == ("raise", 3000)


def test_raise_said_then_chips_in_two_motions_is_the_first_motion() -> None:
    """TDA 2024 R42: "raise" without an amount, then chips in two motions: the first motion sizes
    it (made up to the minimum)."""
    hand = postflop(NL_100_200, DEEP, [(1, "bet", 1000)], pot=600)
    assert ruled(hand, verbal="raise", motions=[[1000, 500], [5000]]) == ("raise", 2000)


def test_chips_and_motions_together_are_a_mistake() -> None:
    hand = postflop(NL_100_200, DEEP, [(1, "bet", 1000)], pot=600)
    with pytest.raises(ValueError):
        interpret(hand, 2, chips=[1000], motions=[[1000]])


# Chips in play (RROP11 Betting & Raising; WIKI_BIP betting unit) -----------------------------------


def test_chips_below_the_smallest_chip_in_play_do_not_count() -> None:
    """§4, RROP11 Betting & Raising: chips smaller than the smallest chip of the blinds do not
    play, even in quantity."""
    game = pf.Game.no_limit_holdem(25, 50, min_chip=25)
    hand = postflop(game, DEEP, [(1, "bet", 100)], pot=150)
    ruling = interpret(hand, 2, chips=[100, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5])
    assert (ruling.action, ruling.to) == ("call", 100)
    assert "RROP11" in ruling.rule
    assert refused(hand, chips=[5, 5]) == ("invalid_action", "RROP11 Betting & Raising (smallest chip)")


def test_more_chips_than_the_seat_has_is_refused() -> None:
    hand = postflop(NL_100_200, {1: 100_000, 2: 1000, 3: 100_000}, [(1, "check")], pot=600)
    assert refused(hand, chips=[5000])[0] == "above_stack"
    assert refused(hand, chips=[0])[0] == "invalid_action"


# Amounts out of range ---------------------------------------------------------------------------


def test_an_amount_above_the_stack_is_all_in() -> None:
    """WIKI_BIP Table stakes: no one bets more than they have; a declared amount above the stack
    is all in."""
    hand = postflop(NL_100_200, {1: 100_000, 2: 5000, 3: 100_000}, [(1, "bet", 1000)], pot=600)
    assert ruled(hand, verbal="raise, twenty thousand") == ("all_in", 5000)


def test_an_amount_above_the_pot_in_pot_limit_is_the_pot() -> None:
    """§4, TDA 2024 R52-B, R54: an overbet of the pot is cut to the pot-limit maximum, even when
    the player said all in."""
    game = pf.Game.pot_limit_holdem(100, 200)
    assert ruled(postflop(game, DEEP, pot=600), verbal="bet five thousand") == ("bet", 600)
    assert ruled(postflop(game, DEEP, pot=600), verbal="all in") == ("bet", 600)
    assert ruled(postflop(game, DEEP, pot=600), chips=[5000]) == ("bet", 600)


def test_fixed_limit_bets_are_the_fixed_amount() -> None:
    """§4, WIKI_BIP Fixed limit: any bet or raise is to the fixed amount of the round."""
    game = pf.Game.fixed_limit_holdem(100, 200)
    assert ruled(postflop(game, DEEP, pot=300), verbal="bet five hundred") == ("bet", 100)
    hand = postflop(game, DEEP, [(1, "bet", 100)], pot=300)
    assert ruled(hand, verbal="raise") == ("raise", 200)
    hand = postflop(game, DEEP, [(1, "bet", 100)], pot=300)
    assert ruled(hand, chips=[100, 25, 25]) == ("raise", 200)
    hand = postflop(game, DEEP, [(1, "bet", 100)], pot=300)
    assert ruled(hand, chips=[100, 25, 5, 5]) == ("call", 100)


def test_spread_limit_bets_stay_inside_the_spread() -> None:
    """§4, WIKI_BIP Spread limit: a bet above the top of the spread is the top of the spread."""
    game = pf.Game.spread_limit_holdem(1, 2, (2, 10, 20))
    assert ruled(postflop(game, DEEP, pot=6), verbal="bet fifty") == ("bet", 10)


def test_a_raise_not_open_to_the_player_is_a_call() -> None:
    """TDA 2024 R47-A, Addendum 47 Ex. 3-A: blinds 2000-4000, A calls the big blind, C is all in
    for 7500, the big blind calls: A faces 3500, not a full raise, so "raise" or chips that
    would raise are a call (R51-A: "raise" commits to at least the call)."""

    def back_to_a() -> pf.Hand:
        stacks = {1: 100_000, 2: 100_000, 3: 100_000, 4: 100_000, 5: 7500}
        actions = [(3, "call"), (4, "fold"), (5, "all_in"), (1, "fold"), (2, "call")]
        return preflop(pf.Game.no_limit_holdem(2000, 4000), stacks, actions)

    assert ruled(back_to_a(), verbal="raise, twenty thousand") == ("call", 7500)
    assert ruled(back_to_a(), chips=[5000, 5000, 5000]) == ("call", 7500)
    assert ruled(back_to_a(), verbal="all in") == ("call", 7500)


# Blinds and bring-ins ---------------------------------------------------------------------------


def test_a_short_big_blind_is_still_called_in_full() -> None:
    """§2.4, WIKI_BIP Blinds: a big blind short of chips does not change the call; "call" and a
    single chip are calls of the full big blind."""
    stacks = {1: 10_000, 2: 30, 3: 10_000}
    assert ruled(preflop(NL_50_100, stacks), verbal="call") == ("call", 100)
    assert ruled(preflop(NL_50_100, stacks), chips=[500]) == ("call", 100)


STUD = pf.Game(variant="stud", structure="fixed_limit", ante=5, bring_in=10, small_bet=20)


def test_stud_bring_in_or_completion() -> None:
    """§2.6, RROP11 Seven-card stud: the low card brings in or completes; "call" is the forced
    bring-in (nothing to check), "complete" the full bet, and chips half the way or more from the
    bring-in to the full bet complete (the 50% standard, TDA 2024 R43-A)."""

    def third_street() -> pf.Hand:
        return preflop(STUD, {1: 500, 2: 500, 3: 500})

    assert ruled(third_street(), verbal="call") == ("bring_in", 10)
    assert ruled(third_street(), verbal="complete") == ("raise", 20)
    assert ruled(third_street(), chips=[5, 5, 1]) == ("bring_in", 10)
    assert ruled(third_street(), chips=[5, 5, 5]) == ("raise", 20)
    assert refused(third_street(), verbal="fold")[0] == "invalid_action"


def test_no_ruling_during_a_draw() -> None:
    """A draw is not a betting round: there is no bet to rule on."""
    game = pf.Game(variant="deuce_seven_triple", structure="fixed_limit", small_blind=10, big_blind=20)
    hand = preflop(game, {1: 500, 2: 500, 3: 500}, [(3, "call"), (1, "call"), (2, "check")])
    assert hand.legal().draw is not None
    assert refused(hand, verbal="check")[0] == "invalid_action"
