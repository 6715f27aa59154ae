"""Issue 37, finding 11: rules a sampled mutation run of hand/betting.py and hand/state.py found
unpinned, each with the rule it checks (docs/mutation.md runs the mutants again)."""

from __future__ import annotations

import random

import pytest
from studkit import STUD
from test_stud_open_pair import fourth_street

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
    hand.act(3, "all_in")                 # no raise open: pushing it all in is a call of the one chip
    assert [(e.kind, e.amount) for e in hand.events if e.seat == 3 and e.kind in ("call", "raise")][-1] == ("call", 21)
    assert hand.stacks[3] == 500 - 21 and hand.starting_stacks[3] - hand.stacks[3] == 21
    exact = pf.Hand(game, {1: 500, 2: 20, 3: 500}, button=3, rng=random.Random(2))
    exact.act(3, "raise", to=20)
    exact.act(1, "call")
    exact.act(2, "all_in")                # 20: exactly the call
    called = [e for e in exact.events if e.seat == 2 and e.kind in ("call", "raise")]
    assert [(e.kind, e.amount) for e in called] == [("call", 20)]


def test_the_open_pair_big_bet_on_fourth_street_after_small_raises() -> None:
    """RROP11 seven-card stud: with an open pair on fourth street any player may bet or raise the
    small bet or the big bet. After a small bet (20) and a small raise (to 40), the next raise is
    to 60 or to 80 (the big bet over the last full bet), and after a big raise every raise is big."""
    hand = fourth_street(STUD)            # seat 2 shows a pair of fours
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


NL = pf.Game.no_limit_holdem(5, 10)


def nl_hand(stacks: dict[int, int] | None = None, house: pf.HouseRules | None = None) -> pf.Hand:
    """Seat 1 the button, seat 2 the small blind (5), seat 3 the big blind (10)."""
    game = NL if house is None else pf.Game.no_limit_holdem(5, 10, house=house)
    return pf.Hand(game, stacks or {1: 500, 2: 500, 3: 500}, 1, rng=random.Random(4))


def test_an_action_that_is_not_one_is_refused_whatever_its_type() -> None:
    """TDA 2024 Rule 55 (the actions are check, bet, call, raise, fold...): a word that is not an
    action, or a value that is not even a word, is refused, and nothing changes."""
    hand = nl_hand()
    for wrong in ("dance", ["fold"], 5):
        with pytest.raises(pf.IllegalAction, match="is not an action"):
            hand.act(1, wrong)
    assert hand.to_act == 1 and not any(e.seat == 1 for e in hand.events if e.kind != "deal_hole")


def test_all_in_with_its_amount_is_the_seats_whole_stack_counting_its_blind() -> None:
    """TDA 2024 Rule 45-B: all-in is the player's last chips. The big blind (10 in, 490 behind)
    going all in names 500, its whole wager; any other amount is refused."""
    hand = nl_hand()
    hand.act(1, "call")
    hand.act(2, "call")
    with pytest.raises(pf.IllegalAction, match="all-in here is to 500"):
        hand.act(3, "all_in", to=490)
    hand.act(3, "all_in", to=500)
    assert (hand.events[-1].kind, hand.events[-1].amount) == ("raise", 500)


def test_a_bet_facing_a_bet_is_refused() -> None:
    """TDA 2024 Rules 40 and 55: facing a bet a player calls, raises or folds; "bet" is refused."""
    hand = nl_hand()
    with pytest.raises(pf.IllegalAction, match="you face a bet"):
        hand.act(1, "bet", to=30)
    hand.act(1, "raise", to=30)
    assert hand.events[-1].kind == "raise"


def test_folding_when_a_check_is_free_is_a_house_option() -> None:
    """TDA 2024 Rule 58: a fold when a check is free is binding (the default allows it); the house
    rule ``fold_facing_no_bet="refused"`` refuses it, the big blind's option included."""
    hand = nl_hand(house=pf.HouseRules(fold_facing_no_bet="refused"))
    hand.act(1, "call")
    hand.act(2, "call")
    with pytest.raises(pf.IllegalAction, match="check instead of folding"):
        hand.act(3, "fold")
    one = pf.Hand(pf.Game.no_limit_holdem(1, 2, house=pf.HouseRules(fold_facing_no_bet="refused")),
                  {1: 500, 2: 500}, 1, rng=random.Random(5))
    one.act(1, "fold")                    # one chip to call: a fold facing a bet stands
    assert any(e.kind == "fold" and e.seat == 1 for e in one.events)
    allowed = nl_hand()
    allowed.act(1, "call")
    allowed.act(2, "call")
    allowed.act(3, "fold")
    assert any(e.kind == "fold" and e.seat == 3 for e in allowed.events)


def test_a_check_facing_one_chip_to_call_is_refused_and_says_what_may_be_done() -> None:
    """TDA 2024 Rule 55: a player facing a bet may not check, however little is to call: the small
    blind (1 of 2) is told to call, raise or fold; a player who cannot raise is told call or fold."""
    game = pf.Game.no_limit_holdem(1, 2)
    hand = pf.Hand(game, {1: 500, 2: 500}, 1, rng=random.Random(5))     # heads-up: the button is the small blind
    assert hand.to_act == 1 and hand.legal().call == pf.Call(2, 1)
    with pytest.raises(pf.IllegalAction, match="1 to call: call, raise or fold") as refused:
        hand.act(1, "check")
    assert refused.value.reason == "cannot_check_facing_bet"
    covered = pf.Hand(game, {1: 500, 2: 500}, 1, rng=random.Random(5))
    covered.act(1, "all_in")                           # seat 2 cannot raise: it is covered
    with pytest.raises(pf.IllegalAction, match="498 to call: call or fold"):
        covered.act(2, "check")


def test_the_full_big_blind_call_reason_only_before_the_flop() -> None:
    """WIKI_BIP Blinds: before the flop a caller owes the full big blind
    (``must_call_full_big_blind``); a wrong call amount later is just a wrong amount."""
    hand = nl_hand()
    with pytest.raises(pf.IllegalAction) as before:
        hand.act(1, "call", to=5)
    assert before.value.reason == "must_call_full_big_blind"
    hand.act(1, "call")
    hand.act(2, "call")
    hand.act(3, "check")
    hand.act(2, "bet", to=20)
    with pytest.raises(pf.IllegalAction) as after:
        hand.act(3, "call", to=10)
    assert after.value.reason == "invalid_action"


def test_a_raise_without_an_amount_says_the_range() -> None:
    """TDA 2024 Rule 40-B/C: a raise is for an amount; the refusal says what it may be."""
    hand = nl_hand()
    with pytest.raises(pf.IllegalAction, match="say how much: raise to between 20 and 500"):
        hand.act(1, "raise")
    short = nl_hand({1: 20, 2: 500, 3: 500})
    with pytest.raises(pf.IllegalAction, match=r"^raise to 20$"):
        short.act(1, "raise")


def test_a_no_limit_bring_in_of_one_chip_is_completed_to_two() -> None:
    """WIKI_BIP bring-in, in every structure: after a bring-in of 1 the next seat completes to
    the smallest bet, 2, not to 3."""
    game = pf.Game(variant="stud", structure="no_limit", ante=1, bring_in=1)
    hand = pf.Hand(game, {1: 100, 2: 100, 3: 100}, 1, rng=random.Random(6))
    hand.act(hand.to_act, "bring_in")
    assert hand.legal().complete == pf.Range(2, 99)


def test_a_short_all_in_opening_bet_in_no_limit_stud_is_raised_by_a_full_bet() -> None:
    """TDA 2024 Rules 43 and 47: a short all-in opening bet is no full bet; in no-limit the next
    raise is the bet plus a full bet, on third street as on every other (stud without a
    bring-in: the high card opens)."""
    game = pf.Game(variant="stud", structure="no_limit", ante=1, min_bet=10)
    probe = pf.Hand(game, {1: 100, 2: 100, 3: 100}, 1, rng=random.Random(7))
    opener = probe.to_act
    assert opener is not None
    hand = pf.Hand(game, {1: 100, 2: 100, 3: 100} | {opener: 4}, 1, rng=random.Random(7))
    hand.act(opener, "all_in")                         # 3 chips: less than the smallest bet of 10
    legal = hand.legal()
    assert legal.complete is None and legal.raise_ is not None and legal.raise_.min_to == 3 + 10
