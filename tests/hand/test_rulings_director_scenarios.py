"""Rulings from a tournament director's scenarios (issue 25): the spread-limit cap counts the big
blind as the opening bet, and a pot taken to the showdown is a showdown win however the others
gave up their cards."""

from __future__ import annotations

import random

import pytest
from handkit import checks_to_showdown, deal, play, refused, seats

import pokerfloor as pf
from pokerfloor import citations as cite

SPREAD_1_5 = pf.Game.spread_limit_holdem(1, 2, (1, 5, 5))


# RROP11 Betting & Raising item 3; seed 002 ("uma aposta e três aumentos"; "blinds fazem parte
# da aposta do jogador") --------------------------------------------------------------------------


def test_the_rule_cited_is_the_registered_cap() -> None:
    assert cite.CAP == "RROP11 Betting & Raising item 3"


def test_spread_limit_counts_the_big_blind_as_the_opening_bet_pre_flop() -> None:
    """RROP11 Betting & Raising item 3 (a bet and three raises; seed 002: "uma aposta e três
    aumentos", "blinds fazem parte da aposta do jogador"): at spread 1-5 with blinds 1-2 the big
    blind is the opening bet, so raises to 7, 12 and 17 cap the round pre-flop, as in fixed limit."""
    hand = deal(SPREAD_1_5, seats(4, 500))
    play(hand, [(3, "raise", 7), (4, "raise", 12), (1, "raise", 17)])
    assert hand.raises_made == 3 == hand.raise_cap
    legal = hand.legal()
    assert legal.raise_ is None and legal.reason == "cap_reached" and legal.rule == cite.CAP
    assert refused(hand, 2, "raise", 22) == "cap_reached"
    assert legal.call == pf.Call(to=17, cost=15)


def test_spread_limit_two_raises_pre_flop_leave_the_third() -> None:
    """RROP11 B&R item 3: the cap is three raises after the opening bet, no fewer: after the big
    blind and two raises, a third raise is still offered, up to the spread's 5."""
    hand = deal(SPREAD_1_5, seats(4, 500))
    play(hand, [(3, "raise", 7), (4, "raise", 12)])
    assert hand.raises_made == 2
    assert hand.legal().raise_ == pf.Range(17, 17)


def test_spread_limit_caps_the_same_sequence_on_the_flop() -> None:
    """RROP11 B&R item 3: on the flop the opening bet and three raises cap the round, the same
    count as pre-flop now that the big blind counts."""
    hand = play(deal(SPREAD_1_5, seats(4, 500)), [(3, "call"), (4, "call"), (1, "call"), (2, "check")])
    assert hand.street == "flop"
    play(hand, [(1, "bet", 5), (2, "raise", 10), (3, "raise", 15), (4, "raise", 20)])
    assert hand.raises_made == 3
    assert hand.legal().reason == "cap_reached"


def test_a_straddle_in_spread_limit_is_the_first_raise() -> None:
    """RROP11 B&R item 3 with a live straddle (WIKI_BIP Live straddle: the straddle is a raise):
    blinds 1-2 and a straddle to 4 leave two raises before the cap."""
    posts = [pf.Post(1, 1, "sb"), pf.Post(2, 2, "bb"), pf.Post(3, 4, "straddle")]
    hand = deal(SPREAD_1_5, seats(5, 500), posts=posts)
    assert hand.raises_made == 1
    play(hand, [(4, "raise", 9), (5, "raise", 14)])
    assert hand.legal().reason == "cap_reached"


# TDA 2024 Rule 17 (the showdown), RROP11 Showdown: a pot won at the showdown -----------------------


def _checked_down_with_one_shown(seed: int) -> pf.Hand:
    hand = pf.Hand(pf.Game.no_limit_holdem(50, 100), stacks=seats(3, 1000), button=3,
                   rng=random.Random(seed))
    return checks_to_showdown(hand)


SEEDS_ONE_SHOWN = [s for s in range(60) if len(_checked_down_with_one_shown(s).result.shown) == 1]  # type: ignore[union-attr]


def test_some_checked_down_hands_end_with_one_hand_shown() -> None:
    assert len(SEEDS_ONE_SHOWN) >= 5


@pytest.mark.parametrize("seed", SEEDS_ONE_SHOWN[:8])
def test_a_shown_winner_whose_rivals_muck_wins_at_the_showdown(seed: int) -> None:
    """TDA 2024 Rule 17 (hands are shown down; the others may muck): a checked-down pot that two
    or more players took to the showdown is won at the showdown, not uncontested, and the award
    names the hand shown, however the others gave up their cards (default ``auto_muck``)."""
    hand = _checked_down_with_one_shown(seed)
    result = hand.result
    assert result is not None and len(result.showdown_order) == 3
    (award,) = result.awards
    (winner,) = award.winners
    assert result.shown.keys() == {winner}
    assert award.reason == "best hand"
    assert award.high_winners == (winner,)
    assert award.won_with and award.high_rank is not None
    win = [e for e in hand.events if e.kind == "win"]
    assert [(e.seat, e.note) for e in win] == [(winner, "best hand")]


def test_a_pot_everyone_else_folded_stays_uncontested() -> None:
    """TDA 2024 Rule 17 applies at a showdown only: a pot won because everyone else folded is
    uncontested, with no hand named."""
    hand = play(deal(pf.Game.no_limit_holdem(50, 100), seats(3, 1000)), [(3, "fold"), (1, "fold")])
    (award,) = hand.result.awards  # type: ignore[union-attr]
    assert award.reason == "uncontested" and award.won_with == ""


def test_a_rival_asked_who_mucks_leaves_a_showdown_win() -> None:
    """TDA 2024 Rule 17 and Rule 18 (a player asked may muck): seat 2 tables A-K high, seat 1,
    asked under ``auto_muck=False``, mucks: seat 2 still wins at the showdown, with its hand
    named, and both seats are in the showdown order."""
    hand = pf.Hand(pf.Game.no_limit_holdem(1, 2), stacks={1: 100, 2: 100}, button=1, auto_muck=False,
                   holes={1: "7c2d", 2: "AhKd"}, board="QsJd4c9h3s")
    while not hand.legal().muck:
        hand.act(hand.to_act, "check" if hand.legal().check else "call")
    hand.act(hand.to_act, "muck")
    result = hand.result
    assert result is not None and set(result.showdown_order) == {1, 2}
    (award,) = result.awards
    assert award.winners == {2: 4} and award.reason == "best hand"
    assert award.won_with == "high card, ace high: A-K-Q-J-9"


# RROP11 Kill Pots; WIKI_BIP Kill game: a killer due a blind posts the kill in its place ----------

FL_5_10 = pf.Game.fixed_limit_holdem(5, 10)


def test_the_kill_blind_includes_the_killers_own_big_blind() -> None:
    """RROP11 Kill Pots (the killer posts a kill blind of twice the big blind; due a blind, in its
    place: WIKI_BIP Kill game): a table that places only the killer's big blind (the small blind
    dead) has the killer pay the kill, 10 of it the big blind, and nobody else any blind."""
    hand = deal(FL_5_10, seats(4, 500), button=1, posts=[pf.Post(4, 5, "bb"), pf.Post(4, 10, "kill")])
    assert hand.posts == (pf.Post(4, 10, "kill"),)
    assert hand.bets == {1: 0, 2: 0, 3: 0, 4: 10}
    again = pf.Hand.from_record(hand.record(), rng=random.Random(1))
    assert again.posts == hand.posts and again.bets == hand.bets
    assert pf.Hand.from_record(pf.HandRecord.from_json(hand.record().to_json())).bets == hand.bets


def test_a_kill_from_the_seat_the_big_blind_falls_on_is_its_blind() -> None:
    """RROP11 Kill Pots: with the game's blinds placed by the hand, a kill posted from the big
    blind's seat replaces that blind: the killer pays 10, not 5 and 10."""
    hand = deal(FL_5_10, seats(4, 500), button=4, posts=[pf.Post(2, 10, "kill")])
    assert sorted((p.seat, p.amount, p.kind) for p in hand.posts) == [(1, 2, "sb"), (2, 10, "kill")]
    assert hand.bets[2] == 10
