"""Issue 37, finding 11: rules a sampled mutation run of hand/betting.py and hand/state.py found
unpinned, each with the rule it checks (docs/mutation.md runs the mutants again)."""

from __future__ import annotations

import random

import pytest
from studkit import STUD, play

import pokerfloor as pf

PLO = pf.Game(variant="holdem", structure="pot_limit", small_blind=1, big_blind=2)


def test_pot_limit_maximum_for_a_seat_with_chips_already_in_the_round() -> None:
    """TDA 2024 Rule 54: the most a player may raise is the pot after calling. The big blind
    (2 in) faces a raise to 6: the pot is 1 + 2 + 6 = 9, the call 4 makes 13, so the raise is to
    6 + 13 = 19, counting the big blind's own chips in the round once."""
    hand = pf.Hand(PLO, {1: 500, 2: 500, 3: 500}, button=1, rng=random.Random(1))
    assert hand.to_act == 1
    hand.act(1, "raise", to=6)
    hand.act(2, "fold")
    legal = hand.legal()
    assert hand.to_act == 3 and legal.raise_ is not None
    assert legal.raise_.max_to == 19
    assert legal.raise_.min_to == 10
    hand.act(3, "raise", to=19)
    again = hand.legal()                 # seat 1, 6 in: pot 1 + 6 + 19 = 26, the call 13 makes 39
    assert hand.to_act == 1 and again.raise_ is not None and again.raise_.max_to == 19 + 39


@pytest.mark.parametrize("structure", ["no_limit", "pot_limit"])
def test_a_short_all_in_just_over_the_current_bet_is_a_raise_that_does_not_reopen(structure: str) -> None:
    """TDA 2024 Rules 45-B and 47-A: a bet of a player's last chips is an all-in bet; over the
    current bet by less than a full raise it does not reopen the betting for those who acted. An
    all-in for exactly the call is a call."""
    game = pf.Game(variant="holdem", structure=structure, small_blind=5, big_blind=10)
    hand = pf.Hand(game, {1: 500, 2: 21, 3: 500}, button=3, rng=random.Random(2))
    # seat 1 small blind, seat 2 big blind (21 chips), seat 3 first to act
    hand.act(3, "raise", to=20)
    hand.act(1, "call")
    hand.act(2, "all_in")                 # 21: one chip over the bet of 20
    last = hand.events[-1]
    assert (last.kind, last.amount) == ("raise", 21)
    legal = hand.legal()
    assert hand.to_act == 3 and legal.raise_ is None and legal.call is not None
    assert legal.reason == "betting_not_reopened"
    exact = pf.Hand(game, {1: 500, 2: 20, 3: 500}, button=3, rng=random.Random(2))
    exact.act(3, "raise", to=20)
    exact.act(1, "call")
    exact.act(2, "all_in")                # 20: exactly the call
    called = [e for e in exact.events if e.seat == 2 and e.kind in ("call", "raise")]
    assert [(e.kind, e.amount) for e in called] == [("call", 20)]


HOLES = {1: "AcAdKh2c", 2: "2s3s4h4d", 3: "QcQdJhTh"}    # seat 2 shows a pair of fours on fourth street


def fourth_street(stacks: dict[int, int] | None = None) -> pf.Hand:
    hand = pf.Hand(STUD, stacks or {1: 1_000, 2: 1_000, 3: 1_000}, button=3, holes=HOLES, rng=random.Random(0))
    while hand.street == "third":
        seat = hand.to_act
        assert seat is not None
        play(hand, [(seat, "bring_in" if hand.legal().bring_in else "call")])
    return hand


def test_the_open_pair_big_bet_on_fourth_street_after_small_raises() -> None:
    """RROP11 seven-card stud: with an open pair on fourth street any player may bet or raise the
    small bet or the big bet. After a small bet (20) and a small raise (to 40), the next raise is
    to 60 or to 80 (the big bet over the last full bet), and after a big raise every raise is big."""
    hand = fourth_street()
    assert hand.to_act == 2
    hand.act(2, "bet", to=20)
    assert hand.legal().raise_ == pf.Range(40, 60, step=20)
    hand.act(3, "raise", to=40)
    assert hand.legal().raise_ == pf.Range(60, 80, step=20)
    hand.act(1, "raise", to=80)
    assert hand.legal().raise_ == pf.Range(120, 120)


def test_the_half_bet_rule_in_no_limit_reopens_on_half_a_raise() -> None:
    """House rule ``incomplete_raise_rule="half_bet"`` in no-limit (RROP11 Betting & Raising: the
    half-bet rule; TDA 2024 Rule 47 has the full-bet rule): an all-in raising by half the last
    raise or more reopens the betting; by less it does not."""
    house = pf.HouseRules(incomplete_raise_rule="half_bet")
    game = pf.Game(variant="holdem", structure="no_limit", small_blind=5, big_blind=10, house=house)

    def after_all_in(short: int) -> pf.Hand:
        hand = pf.Hand(game, {1: 500, 2: short, 3: 500}, button=3, rng=random.Random(3))
        hand.act(3, "call")
        hand.act(1, "call")
        hand.act(2, "check")
        hand.act(1, "bet", to=100)        # the flop: seat 1 bets 100
        hand.act(2, "all_in")             # seat 2 raises all-in by short - 10 - 100
        hand.act(3, "call")
        return hand

    half = after_all_in(10 + 150)        # raised by 50: half of 100
    assert half.to_act == 1 and half.legal().raise_ is not None
    less = after_all_in(10 + 149)        # raised by 49
    assert less.to_act == 1 and less.legal().raise_ is None
    full_bet = pf.Game(variant="holdem", structure="no_limit", small_blind=5, big_blind=10)
    plain = pf.Hand(full_bet, {1: 500, 2: 160, 3: 500}, button=3, rng=random.Random(3))
    for seat, action, to in ((3, "call", None), (1, "call", None), (2, "check", None), (1, "bet", 100),
                             (2, "all_in", None), (3, "call", None)):
        plain.act(seat, action, to=to)
    assert plain.legal().raise_ is None  # the full-bet rule: half a raise does not reopen


def test_the_bring_in_seat_completes_only_past_the_bring_in() -> None:
    """RROP11 seven-card stud; WIKI_BIP bring-in: the player bringing it in may bring it in or
    complete to a full bet. A seat with chips only for the bring-in has no completion; one with
    a chip more completes all in for what it has."""
    probe = pf.Hand(STUD, {1: 1000, 2: 1000, 3: 1000}, button=3, rng=random.Random(9))
    seat = probe.to_act
    assert seat is not None and probe.legal().bring_in == 10
    stacks = {1: 1000, 2: 1000, 3: 1000}
    exact = pf.Hand(STUD, stacks | {seat: 15}, button=3, rng=random.Random(9))   # 5 ante, 10 left
    assert exact.to_act == seat and exact.legal().bring_in == 10 and exact.legal().complete is None
    more = pf.Hand(STUD, stacks | {seat: 16}, button=3, rng=random.Random(9))    # 11 left
    assert more.to_act == seat and more.legal().complete == pf.Range(11, 11)
    full = pf.Hand(STUD, stacks, button=3, rng=random.Random(9))
    assert full.legal().complete == pf.Range(20, 20)


def test_the_bring_in_seat_may_not_fold_or_check() -> None:
    """TDA 2024 RP-10-E; RROP11 seven-card stud: the bring-in is forced. The seat bringing it in
    is told so when it folds, and told its choices when it checks; nothing changes."""
    hand = pf.Hand(STUD, {1: 1000, 2: 1000, 3: 1000}, button=3, rng=random.Random(9))
    seat = hand.to_act
    with pytest.raises(pf.IllegalAction, match="the bring-in is forced"):
        hand.act(seat, "fold")
    with pytest.raises(pf.IllegalAction, match=r"no one has bet yet: bring in 10 or complete to 20 \("):
        hand.act(seat, "check")
    assert hand.to_act == seat and hand.legal().bring_in == 10
