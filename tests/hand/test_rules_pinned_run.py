"""Issue 37, finding 11, the full mutation run (docs/mutation.md): rules the run found no test
pinned down in hand/betting.py and the amount code of hand/state.py, each with its rule."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf

NL = pf.Game.no_limit_holdem(5, 10)


def test_an_uncalled_bet_goes_back_and_leaves_the_pot_what_was_called() -> None:
    """TDA 2024 Rule 15-B (an uncalled part of a bet is not in play): seat 3 bets 300 into a
    player all in for 100 (the other folds); 200 go back to seat 3, the pot is what was called,
    and it is one pot with no side pot."""
    hand = pf.Hand(NL, {1: 1_000, 2: 1_000, 3: 1_000, 4: 110}, button=1, rng=random.Random(3),
                   wait_for_runout=True)
    # seat 2 small blind, seat 3 big blind, seat 4 first to act
    hand.act(4, "call")
    hand.act(1, "fold")
    hand.act(2, "fold")
    hand.act(3, "check")
    assert hand.street == "flop" and hand.to_act == 3
    hand.act(3, "bet", to=300)
    hand.act(4, "all_in")                        # 100: calls part of the bet
    returned = [e for e in hand.events if e.kind == "return"]
    assert [(e.seat, e.amount) for e in returned] == [(3, 200)]
    assert hand.total_pot == 5 + 10 + 10 + 100 + 100
    assert [p.amount for p in hand.pots] == [225] and hand.stacks[3] == 1_000 - 110
    assert hand.contributions == {1: 0, 2: 5, 3: 110, 4: 110}
    assert hand.awaiting_runout
    hand.run_out()
    assert hand.is_over and sum(hand.result.stacks.values()) == 3_110  # type: ignore[union-attr]


def _to_flop(hand: pf.Hand) -> None:
    while hand.street == "preflop":
        hand.act(hand.to_act, "call" if hand.legal().call is not None else "check")


def test_the_runs_the_deck_can_deal_after_the_flop_and_the_turn() -> None:
    """Run it twice is offered only as often as the deck can deal the rest of the board
    (``citations.RUN_IT``; issue 37, finding 7): two players, the flop out, 45 cards for two
    cards a run: 22 runs; the turn out, 44 cards for one: 44."""
    hand = pf.Hand(NL, {1: 1_000, 2: 1_000}, button=1, rng=random.Random(4), wait_for_runout=True)
    _to_flop(hand)
    assert len(hand.board) == 3 and hand.max_runs == (52 - 4 - 3) // 2
    hand.act(hand.to_act, "check")
    hand.act(hand.to_act, "check")
    assert len(hand.board) == 4 and hand.max_runs == 52 - 4 - 4


def test_the_runs_with_nine_players_and_a_given_board() -> None:
    """Nine players hold 18 cards: 34 left, six runs of five. A board given in advance is the
    first run's: the deck still holds the cards for the other runs only if it can deal them,
    so the given cards count once (52 - 4 held = 48 for runs of five: nine)."""
    nine = pf.Hand(NL, {s: 1_000 for s in range(1, 10)}, button=1, rng=random.Random(5))
    assert nine.max_runs == (52 - 18) // 5
    given = pf.Hand(NL, {1: 1_000, 2: 1_000}, button=1, rng=random.Random(6),
                    board="2c3d4h5s7c", holes={1: "AsAh", 2: "KsKh"})
    assert given.max_runs == (52 - 4) // 5
    _to_flop(given)
    assert given.max_runs == (52 - 4 - 3) // 2


def test_a_raise_of_exactly_the_minimum_counts_toward_the_cap_in_spread_limit() -> None:
    """RROP11 Betting & Raising item 3: a bet and three raises in a multiway limit round, then
    the betting is capped; in spread limit a raise of exactly the last increment is a full raise
    and counts (TDA 2024 Rule 47)."""
    game = pf.Game(variant="holdem", structure="spread_limit", small_blind=1, big_blind=2, spread=(2, 6, 6))
    hand = pf.Hand(game, {1: 500, 2: 500, 3: 500}, button=1, rng=random.Random(7))
    _to_flop(hand)
    first = hand.to_act
    assert first is not None
    hand.act(first, "bet", to=2)
    for _ in range(3):
        legal = hand.legal()
        assert legal.raise_ is not None
        hand.act(hand.to_act, "raise", to=legal.raise_.min_to)      # each raise the minimum: 2 more
    legal = hand.legal()
    assert legal.raise_ is None and legal.reason == "cap_reached", legal


def test_spread_limit_raises_before_the_flop_are_at_least_the_big_blind() -> None:
    """RROP11 spread limit: the raise before the flop is at least the big blind's bet (the
    blind is a bet; a raise is at least the previous bet, TDA 2024 Rule 43), even where the
    spread's smallest bet is less; after the flop the smallest bet is the spread's."""
    game = pf.Game(variant="holdem", structure="spread_limit", small_blind=2, big_blind=4, spread=(2, 8, 8))
    hand = pf.Hand(game, {1: 500, 2: 500, 3: 500}, button=1, rng=random.Random(8))
    legal = hand.legal()
    assert hand.to_act == 1 and legal.raise_ is not None and legal.raise_.min_to == 8
    _to_flop(hand)
    bet = hand.legal().bet
    assert bet is not None and bet.min_to == 2


def test_a_limit_all_in_raise_of_less_than_half_a_bet_leaves_the_next_raise_a_full_bet_over_the_bet() -> None:
    """TDA 2024 Rule 47-B (limit): an all-in raise of less than half a bet is not a full raise;
    the next player may call it or raise a full bet over the last full bet (10 + 10 = 20), not
    over the all-in (14 + 10)."""
    game = pf.Game.fixed_limit_holdem(10, 20)   # blinds 5 and 10, bets of 10 then 20
    hand = pf.Hand(game, {1: 500, 2: 500, 3: 24}, button=1, rng=random.Random(9))
    _to_flop(hand)
    assert hand.street == "flop" and hand.to_act == 2
    hand.act(2, "bet", to=10)
    hand.act(3, "all_in")                    # 14: four over the bet, less than half of 10
    legal = hand.legal()
    assert hand.to_act == 1 and legal.call is not None and legal.call.to == 14
    assert legal.raise_ is not None and legal.raise_.min_to == 20


def test_under_the_full_bet_rule_a_spread_limit_raise_of_exactly_the_minimum_counts_toward_the_cap() -> None:
    """TDA 2024 Rule 47 with the house's full-bet rule in spread limit (no half-bet rule): a raise
    of exactly the last increment is a full raise, so a bet and three such raises cap the round
    (RROP11 Betting & Raising item 3)."""
    house = pf.HouseRules(incomplete_raise_rule="full_bet")
    game = pf.Game(variant="holdem", structure="spread_limit", small_blind=1, big_blind=2, spread=(2, 6, 6),
                   house=house)
    hand = pf.Hand(game, {1: 500, 2: 500, 3: 500}, button=1, rng=random.Random(7))
    _to_flop(hand)
    hand.act(hand.to_act, "bet", to=2)
    for _ in range(3):
        legal = hand.legal()
        assert legal.raise_ is not None
        hand.act(hand.to_act, "raise", to=legal.raise_.min_to)
    legal = hand.legal()
    assert legal.raise_ is None and legal.reason == "cap_reached", legal


def test_a_seat_with_exactly_the_call_has_no_raise() -> None:
    """A raise is to more than the current bet (TDA 2024 Rule 43): a seat whose chips come to
    exactly the bet may call all in, and is offered no raise (``above_stack``)."""
    hand = pf.Hand(NL, {1: 1_000, 2: 300, 3: 1_000}, button=1, rng=random.Random(10))
    hand.act(1, "raise", to=300)             # seat 2, the small blind, has 300 in all
    legal = hand.legal()
    assert hand.to_act == 2 and legal.call is not None and legal.call.to == 300
    assert legal.raise_ is None and legal.reason == "above_stack"


def test_a_raise_over_a_one_chip_blind_is_to_two_chips() -> None:
    """TDA 2024 Rule 43: a raise is at least the previous bet or raise. Over a single blind of one
    chip the smallest raise is to 2, in no-limit and in spread limit (where the most is the
    spread's largest raise over the bet: 1 + 4)."""
    game = pf.Game(variant="holdem", structure="no_limit", blinds=(1,))
    hand = pf.Hand(game, {1: 100, 2: 100, 3: 100}, button=1, rng=random.Random(11))
    legal = hand.legal()
    assert legal.raise_ is not None and legal.raise_.min_to == 2
    spread = pf.Game(variant="holdem", structure="spread_limit", blinds=(1,), spread=(1, 4, 4))
    hand = pf.Hand(spread, {1: 100, 2: 100, 3: 100}, button=1, rng=random.Random(11))
    legal = hand.legal()
    assert legal.raise_ is not None and (legal.raise_.min_to, legal.raise_.max_to) == (2, 5)


def test_in_the_draw_only_a_draw_is_taken_and_in_a_betting_round_no_draw() -> None:
    """RROP11 draw: the draw is each player's discarding and replacing, in turn, between betting
    rounds; a bet, check or fold is not an action of the draw, and a draw is none of a betting
    round. Each is refused with its reason, the hand unchanged."""
    game = pf.Game(variant="five_card_draw", structure="fixed_limit", small_blind=1, big_blind=2, small_bet=2,
                   big_bet=4)
    hand = pf.Hand(game, {1: 100, 2: 100, 3: 100}, button=1, rng=random.Random(12))
    seat = hand.to_act
    with pytest.raises(pf.IllegalAction, match="no draw now"):
        hand.act(seat, "draw", discard=[])
    while hand.legal().draw is None:
        hand.act(hand.to_act, "call" if hand.legal().call is not None else "check")
    seat, events = hand.to_act, len(hand.events)
    for action in ("check", "fold", "bet"):
        with pytest.raises(pf.IllegalAction, match="it is the draw"):
            hand.act(seat, action, to=2 if action == "bet" else None)
    assert len(hand.events) == events


def test_an_action_out_of_turn_is_refused_naming_the_seat_to_act() -> None:
    """TDA 2024 Rule 53 (action out of turn): refused here (``oot_mode`` "reject"), saying whose
    turn it is, also when the seat to act is the first of the hand's order."""
    hand = pf.Hand(NL, {1: 500, 2: 500, 3: 500}, button=1, rng=random.Random(13))
    _to_flop(hand)
    assert hand.to_act == hand.seats[0] == 2     # the small blind opens the flop's betting
    with pytest.raises(pf.IllegalAction, match="it is seat 2's turn, not seat 3's") as refused:
        hand.act(3, "check")
    assert refused.value.reason == "not_your_turn"


def test_a_fixed_limit_bet_of_another_amount_is_refused_saying_the_limit() -> None:
    """Fixed limit (RROP11 Betting & Raising): a bet is exactly the limit; a wrong amount is
    refused with ``wrong_limit_amount``, the message saying the one amount (or, with an open
    pair in stud, the two)."""
    hand = pf.Hand(pf.Game.fixed_limit_holdem(10, 20), {1: 500, 2: 500, 3: 500}, button=1, rng=random.Random(14))
    _to_flop(hand)
    with pytest.raises(pf.IllegalAction, match="the bet is to exactly 10 ") as refused:
        hand.act(hand.to_act, "bet", to=15)
    assert refused.value.reason == "wrong_limit_amount"


def test_a_seat_facing_one_chip_may_call_or_fold_but_not_check() -> None:
    """WIKI_BIP Procedure and TDA 2024 Rule 55: facing a bet a player calls, raises or folds; a
    check is only for a player facing no bet. The small blind of 1/2 faces exactly one chip."""
    hand = pf.Hand(pf.Game.no_limit_holdem(1, 2), {1: 100, 2: 100, 3: 100}, button=1, rng=random.Random(1))
    hand.act(1, "call")
    legal = hand.legal()
    assert hand.to_act == 2 and legal.call is not None and legal.call.cost == 1
    assert legal.fold and not legal.check
    with pytest.raises(pf.IllegalAction):
        hand.act(2, "check")


def test_where_folding_facing_no_bet_is_refused_fold_is_offered_only_facing_a_bet() -> None:
    """TDA 2024 Rule 58 lets a player fold with no bet to them, as a house option
    (``fold_facing_no_bet``); Kuhn poker's published rules refuse it: facing no bet a player
    checks or bets, facing the one-chip bet they call or fold. ``legal()`` says so both ways."""
    hand = pf.Hand(pf.Game.kuhn(), {1: 2, 2: 2}, 1, rng=random.Random(1))
    first = hand.legal()
    assert first.check and not first.fold and first.bet is not None
    hand.act(hand.to_act, "bet", first.bet.min_to)
    facing = hand.legal()
    assert facing.fold and facing.call is not None and facing.call.cost == 1 and not facing.check
