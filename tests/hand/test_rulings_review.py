"""Rulings from a tournament director's review of the betting (issue 10): the limit cap with a
player all-in, the half-bet rule measured per seat, the pot-limit pot with a missing small blind,
the all-in button, folding when a check is free and where the kill blind acts."""

from __future__ import annotations

import random
from typing import Any

import pytest
from handkit import deal, play, refused, seats

import pokerfloor as pf

FL_10_20 = pf.Game.fixed_limit_holdem(10, 20)


def spot(game: pf.Game, stacks: dict[int, int], street: str, paid: int = 20, **cards: Any) -> pf.Hand:
    """A seeded spot at the start of ``street`` with ``paid`` chips in from every seat."""
    return pf.Hand.from_spot(
        game,
        stacks=stacks,
        button=max(stacks),
        street=street,
        contributions={seat: paid for seat in stacks},
        rng=random.Random(3),
        **cards,
    )


# RROP11 Betting & Raising item 3: the cap binds three or more players who are not all-in ---------


def test_cap_counts_only_players_not_all_in_when_the_third_is_all_in_from_an_earlier_street() -> None:
    """RROP11 B&R item 3: the cap is "for a pot involving three or more players who are not all-in",
    and heads-up raising is unlimited (item 4, ``cap_lifted_heads_up=True``). 10/20, seat 3 all-in
    from pre-flop: seats 1 and 2 bet, raise 20, 30, 40, and the raise to 50 is allowed."""
    hand = play(deal(FL_10_20, {1: 1000, 2: 1000, 3: 10}), [(3, "call"), (1, "call"), (2, "check")])
    assert hand.street == "flop" and hand.all_in == {3}
    play(hand, [(1, "bet", 10), (2, "raise", 20), (1, "raise", 30), (2, "raise", 40)])
    assert hand.legal().raise_ == pf.Range(50, 50)
    play(hand, [(1, "raise", 50), (2, "raise", 60)])
    assert hand.legal().raise_ == pf.Range(70, 70)


def test_cap_counts_only_players_not_all_in_when_the_third_goes_all_in_before_the_cap() -> None:
    """RROP11 B&R item 3: a third player who goes all-in in the round, before the cap is reached,
    leaves a pot between two players who are not all-in: their raising is unlimited."""
    hand = play(deal(FL_10_20, {1: 1000, 2: 1000, 3: 30}), [(3, "call"), (1, "call"), (2, "check")])
    play(hand, [(1, "bet", 10), (2, "raise", 20), (3, "call")])
    assert hand.all_in == {3}
    play(hand, [(1, "raise", 30), (2, "raise", 40)])
    assert hand.legal().raise_ == pf.Range(50, 50)


def test_cap_still_binds_three_players_not_all_in() -> None:
    """RROP11 B&R item 3: with three players holding chips the fourth bet caps the round."""
    hand = play(deal(FL_10_20, seats(3, 1000)), [(3, "call"), (1, "call"), (2, "check")])
    play(hand, [(1, "bet", 10), (2, "raise", 20), (3, "raise", 30), (1, "raise", 40)])
    assert refused(hand, 2, "raise", 50) == "cap_reached"


# TDA 2024 R47-B, RROP11 B&R item 6: the half-bet rule, measured from what each seat called --------


def test_half_bet_rule_reopens_only_a_seat_facing_half_a_bet_more_than_it_called() -> None:
    """TDA 2024 R47-B; RROP11 B&R item 6: 10/20 on the turn, 1 bets 20, 2 is all-in for 28, 3 calls,
    4 is all-in for 36, 5 and 1 call. Seat 3 called 28 and faces 8 more, less than half a bet:
    it may call or fold, not raise. Seat 1, who bet 20, faces 16 and may raise."""
    hand = spot(FL_10_20, {1: 1000, 2: 28, 3: 1000, 4: 36, 5: 1000}, "turn")
    play(hand, [(1, "bet", 20), (2, "all_in"), (3, "call"), (4, "all_in"), (5, "call")])
    assert hand.to_act == 1 and hand.legal().raise_ is not None
    play(hand, [(1, "call")])
    legal = hand.legal()
    assert legal.seat == 3 and legal.raise_ is None and legal.call == pf.hand.Call(36, 8) and legal.fold
    assert refused(hand, 3, "raise", 56) == "betting_not_reopened"
    play(hand, [(3, "call")])
    assert hand.street == "river"


def test_half_bet_rule_reopens_a_seat_that_called_a_short_all_in_once_it_faces_half_a_bet() -> None:
    """TDA 2024 R47-B: a seat that called a short all-in of 28 and then faces a completed raise to
    40 faces 12 more, at least half a bet of 20: it may raise again."""
    hand = spot(FL_10_20, {1: 1000, 2: 28, 3: 1000, 4: 1000}, "turn")
    play(hand, [(1, "bet", 20), (2, "all_in"), (3, "call"), (4, "raise", 40), (1, "call")])
    legal = hand.legal()
    assert legal.seat == 3 and legal.raise_ == pf.Range(60, 60)


# TDA 2024 R15-B: the all-in button is a call when no opponent can call more ---------------------


def test_all_in_when_no_opponent_can_call_more_is_a_call() -> None:
    """TDA 2024 R15-B, rules.md §5.3: facing 600 with 1,000 behind, no opponent can call more. A
    seat that pushes all in calls 600; the other 400 is not in play and never leaves the stack."""
    nl = pf.Game.no_limit_holdem(50, 100)
    cards = {"board": "KhQh9s4c2d", "holes": {1: "7c3d", 2: "AsAd", 3: "8c5h"}}
    hand = spot(nl, {1: 1000, 2: 600, 3: 1000}, "river", paid=100, **cards)
    play(hand, [(1, "check"), (2, "all_in"), (3, "fold")])
    assert hand.to_act == 1 and hand.legal().raise_ is None
    event = hand.act(1, "all_in")
    assert (event.kind, event.seat, event.amount) == ("call", 1, 600)
    assert hand.contributions[1] == 700 and not any(e.kind == "return" for e in hand.events)
    assert hand.result is not None and hand.result.stacks[1] == 400


def test_all_in_with_a_total_that_is_not_the_whole_stack_is_refused() -> None:
    """TDA 2024 R15-B: ``to`` with an all-in must be the seat's whole stack, as a wrong ``to`` is
    refused for a call; the whole stack is accepted."""
    nl = pf.Game.no_limit_holdem(50, 100)
    hand = spot(nl, {1: 1000, 2: 600, 3: 1000}, "flop", paid=100)
    play(hand, [(1, "check"), (2, "all_in"), (3, "fold")])
    assert refused(hand, 1, "all_in", 600) == "invalid_action"
    assert refused(hand, 1, "all_in", 999) == "invalid_action"
    assert hand.act(1, "all_in", to=1000).amount == 600
    raising = deal(nl, seats(3, 1000))
    assert refused(raising, 3, "all_in", 500) == "invalid_action"
    assert raising.act(3, "all_in", to=1000).kind == "raise"


def test_all_in_when_no_raise_is_open_is_a_call() -> None:
    """TDA 2024 R15-B, R47 (rules.md §5.5): a seat whose betting was not reopened, or facing a capped
    limit round, that pushes all in calls; the rest of its stack stays behind."""
    hand = spot(FL_10_20, {1: 1000, 2: 28, 3: 1000, 4: 36, 5: 1000}, "turn")
    play(hand, [(1, "bet", 20), (2, "all_in"), (3, "call"), (4, "all_in"), (5, "call"), (1, "call")])
    assert hand.act(3, "all_in")[:3] == ("call", 3, 36) and hand.stacks[3] == 1000 - 36
    capped = play(deal(FL_10_20, seats(3, 1000)), [(3, "call"), (1, "call"), (2, "check")])
    play(capped, [(1, "bet", 10), (2, "raise", 20), (3, "raise", 30), (1, "raise", 40)])
    assert capped.act(2, "all_in")[:3] == ("call", 2, 40) and capped.stacks[2] == 1000 - 10 - 40


def test_all_in_beyond_the_limit_is_the_largest_wager_the_limit_allows() -> None:
    """TDA 2024 R52-B: a pot-limit over-bet is cut to the pot, and in fixed limit a wager is the fixed
    amount: an all-in push there is the largest bet or raise allowed, the rest stays behind."""
    plo = pf.Game.pot_limit_omaha(100, 200)
    hand = deal(plo, seats(4))
    assert hand.act(3, "all_in")[:3] == ("raise", 3, 700) and hand.stacks[3] == 10_000 - 700
    limit = deal(FL_10_20, seats(3, 1000))
    assert limit.act(3, "all_in")[:3] == ("raise", 3, 20)


# Folding when a check is free: house option fold_facing_no_bet -------------------------------


def test_fold_facing_no_bet_allowed_by_default_and_binding() -> None:
    """RROP11 B&R item 1 says a player facing no bet *may* check; no rulebook forbids folding, and
    the fold is binding (TDA 2024 R58): ``fold_facing_no_bet="allowed"``, the default."""
    hand = play(deal(pf.Game.no_limit_holdem(50, 100), seats(3)), [(3, "call"), (1, "call"), (2, "check")])
    legal = hand.legal()
    assert legal.seat == 1 and legal.check and legal.fold
    hand.act(1, "fold")
    assert hand.folded == {1} and hand.to_act == 2


def test_fold_facing_no_bet_refused_as_acpc_and_pokerkit_tournaments_do() -> None:
    """``fold_facing_no_bet="refused"``: ACPC, and PokerKit in tournament mode, refuse a fold when a
    check is free; ``legal().fold`` says so and the refusal leaves the hand unchanged."""
    game = pf.Game.no_limit_holdem(50, 100).with_house(fold_facing_no_bet="refused")
    hand = play(deal(game, seats(3)), [(3, "call"), (1, "call"), (2, "check")])
    assert not hand.legal().fold
    assert refused(hand, 1, "fold") == "invalid_action"
    assert deal(game, seats(3)).legal().fold


# TDA 2024 R54-B: pot limit counts a dead or missing small blind as posted ----------------------


def test_pot_limit_counts_a_missing_small_blind_as_posted() -> None:
    """TDA 2024 R54-B and its example 1: Omaha pot limit 100/200 with a dead small blind and the
    big blind of 200 posted; the pot is counted as if the full small blind were posted, so the
    first raise may go to 700 (200 + 100 + 200 + the 200 call), not 600."""
    plo = pf.Game.pot_limit_omaha(100, 200)
    hand = deal(plo, seats(4), posts=[pf.Post(2, 200, "bb")])
    assert hand.small_blind_seat is None and hand.total_pot == 200
    legal = hand.legal()
    assert legal.seat == 3 and legal.raise_ == pf.Range(400, 700)
    assert refused(hand, 3, "raise", 701) == "above_pot_limit"
    assert deal(plo, seats(4)).legal().raise_ == pf.Range(400, 700)


# Where the kill blind acts: house option killer_acts (rules.md §2.7, contested point 7) --------


def preflop_order(hand: pf.Hand, actions: dict[int, tuple[str, int]] | None = None) -> list[int]:
    """The seats in the order they act pre-flop, each calling (or taking its action in ``actions``
    the first time it acts)."""
    order: list[int] = []
    pending = dict(actions or {})
    while hand.street == "preflop" and hand.to_act is not None:
        seat = hand.to_act
        order.append(seat)
        action, to = pending.pop(seat, ("call", 0))
        hand.act(seat, action, to=to or None)
    return order


def test_kill_blind_acts_last_wherever_it_sits_wikipedia_example() -> None:
    """WIKI_KILL ("Kill game") and WIKI_BIP, ``killer_acts="last"`` (the default): five players,
    A the dealer, B and C the blinds, E the killer; the order is D, A, B, C, E. RROP11 kill item 2
    reads the other way (the killer acts in proper turn), which is ``killer_acts="in_turn"``."""
    a, b, c, d, e = 1, 2, 3, 4, 5
    hand = deal(FL_10_20, seats(5), button=a, posts=[pf.Post(e, 40, "kill")])
    assert (hand.small_blind_seat, hand.big_blind_seat) == (b, c)
    assert preflop_order(hand) == [d, a, b, c, e]
    in_turn = deal(FL_10_20.with_house(killer_acts="in_turn"), seats(5), button=a, posts=[pf.Post(e, 40, "kill")])
    assert preflop_order(in_turn) == [d, e, a, b, c]


def test_kill_blind_right_after_the_big_blind_acts_last_as_a_straddle_would() -> None:
    """WIKI_KILL: a killer right after the big blind is passed over and acts last, which is also
    the order a straddle there would give (action from its left); only there do the two agree.
    In turn (RROP11 kill item 2) it acts first."""
    hand = deal(FL_10_20, seats(6), posts=[pf.Post(3, 40, "kill")])
    assert preflop_order(hand) == [4, 5, 6, 1, 2, 3]
    in_turn = deal(FL_10_20.with_house(killer_acts="in_turn"), seats(6), posts=[pf.Post(3, 40, "kill")])
    assert preflop_order(in_turn) == [3, 4, 5, 6, 1, 2]


def test_after_the_killer_raises_the_action_goes_on_from_its_left() -> None:
    """WIKI_KILL: the killer closes the first round of action; a raise by it is answered in seating
    order from its left, like any raise."""
    hand = deal(FL_10_20, seats(6), posts=[pf.Post(5, 40, "kill")])
    assert preflop_order(hand, {5: ("raise", 80)}) == [3, 4, 6, 1, 2, 5, 6, 1, 2, 3, 4]


# RROP11 Ties item 5c: identical hi-lo hands split the pot as evenly as possible ----------------

# Both hands make nines with K-Q-7 for high and 7-5-4-2-A for low: they tie both ways.
TWIN_HILO = {"board": "2c5d7hKcQs", "holes": {1: "Ah4h9c9d", 2: "As4s9h9s"}}


@pytest.mark.parametrize(("min_chip", "each"), [(1, 33), (5, 65)])
def test_identical_hi_lo_hands_split_the_pot_as_evenly_as_possible(min_chip: int, each: int) -> None:
    """RROP11 Ties item 5c (rules.md §6): when the same two hands tie for high and for low, each
    gets half the pot; one player does not take both halves' odd units. Omaha hi-lo, a pot of 66:
    33 and 33 (not 34 and 32); with 5-chip units, 130: 65 and 65."""
    plo8 = pf.Game(variant="omaha_hilo", structure="pot_limit", small_blind=5, big_blind=10, min_chip=min_chip)
    hand = spot(plo8, {1: 1000, 2: 1000}, "river", paid=each, **TWIN_HILO)
    while not hand.is_over:
        assert hand.to_act is not None
        hand.act(hand.to_act, "check")
    assert hand.result is not None
    award = hand.result.awards[0]
    assert (award.high_winners, award.low_winners) == ((1, 2), (1, 2))
    assert award.winners == {1: each, 2: each}


# Three blinds short-handed (RROP11 Button & Blind Use; TDA 2024 R34-B) -------------------------

THREE_BLINDS = pf.Game(variant="holdem", structure="no_limit", blinds=(25, 50, 100))


def test_three_blinds_three_handed_the_button_posts_the_first_not_the_big_blind() -> None:
    """RROP11 Button & Blind Use: with more than two blinds the little blind is normally left of the
    button; with no seat to spare, the button posts the first blind, as heads-up with two blinds
    (TDA 2024 R34-B), never the big blind; it then acts first pre-flop."""
    hand = deal(THREE_BLINDS, seats(3))
    assert hand.button_seat == 3 and hand.bets == {3: 25, 1: 50, 2: 100}
    assert hand.big_blind_seat == 2 and hand.to_act == 3


@pytest.mark.parametrize("on_button", [False, True])
def test_three_blinds_heads_up_one_blind_each_the_smallest_unposted(on_button: bool) -> None:
    """TDA 2024 R34-B, RROP11 Button & Blind Use: heads-up nobody posts two blinds; the button posts
    the blind before the big blind and acts first pre-flop, the other seat the big blind, and the
    first blind goes unposted."""
    game = pf.Game(variant="holdem", structure="no_limit", blinds=(25, 50, 100), first_blind_on_button=on_button)
    hand = deal(game, seats(2))
    assert hand.button_seat == 2 and hand.bets == {2: 50, 1: 100}
    assert [p.seat for p in hand.posts] == [2, 1] and hand.to_act == 2


def test_three_blinds_with_a_seat_to_spare_stay_left_of_the_button() -> None:
    """RROP11 Button & Blind Use: four-handed the three blinds sit left of the button, which posts
    none."""
    hand = deal(THREE_BLINDS, seats(4))
    assert hand.bets == {1: 25, 2: 50, 3: 100, 4: 0} and hand.to_act == 4
