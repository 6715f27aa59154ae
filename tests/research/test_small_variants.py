"""Kuhn poker and Leduc hold'em as variants of ``pf.Hand`` play move for move as OpenSpiel's
``kuhn_poker`` and ``leduc_poker`` do: the same player to act, the same moves open, the same
board card and the same winnings, over 10,000 random games each (Kuhn 1950; Southey et al.
2005: an ante of 1 each, fixed bets of 1 in Kuhn and 2 then 4 in Leduc, one bet in Kuhn and a
bet and one raise a round in Leduc, a fold only facing a bet, player 0 first in every round)."""

from __future__ import annotations

import random

import pyspiel
import pytest

import pokerfloor as pf
from pokerfloor.acpc import game_of_openspiel, openspiel_card, openspiel_game_name, small_game_action, small_game_move
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.evaluation.rankings import evaluate_few_cards


@pytest.mark.parametrize("name", ["kuhn_poker", "leduc_poker"])
def test_every_move_is_openspiels(name: str) -> None:
    # Through the OpenSpiel bridge: its game, its card numbers and its action numbers.
    spiel = pyspiel.load_game(name)
    game = game_of_openspiel(name)
    assert openspiel_game_name(game) == name
    deck = game.variant_spec.cards
    rng = random.Random(20261206)
    for _ in range(10_000):
        state = spiel.new_initial_state()
        dealt = rng.sample(deck, 2 + sum(game.variant_spec.board))
        for card in dealt[:2]:
            state.apply_action(openspiel_card(game, card))
        hand = pf.Hand(game, {0: 20, 1: 20}, button=1, holes={0: dealt[:1], 1: dealt[1:2]}, board=dealt[2:])
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(openspiel_card(game, dealt[2]))
                continue
            assert hand.to_act == state.current_player()
            assert list(hand.board) == dealt[2:2 + len(hand.board)]
            ours = {small_game_action(hand, kind) for kind in hand.legal().actions}
            assert ours == set(state.legal_actions()), (state.history(), hand.legal())
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            hand.act(hand.to_act, *small_game_move(hand, action))
        assert hand.is_over
        result = hand.result
        assert result is not None
        assert (result.net[0], result.net[1]) == tuple(int(r) for r in state.returns())


def test_a_pair_with_the_board_beats_a_higher_card_and_equal_ranks_split() -> None:
    # Southey et al. 2005: a player who pairs the board wins, else the higher card; suits never
    # break a tie. The jack pairs the board's jack and beats the king.
    hand = pf.Hand(pf.Game.leduc(), {0: 20, 1: 20}, button=1, holes={0: ["Js"], 1: ["Ks"]}, board=["Jh"])
    for _ in range(2):
        hand.act(hand.to_act, "check")
        hand.act(hand.to_act, "check")
    result = hand.result
    assert result is not None
    assert result.net == {0: 1, 1: -1}
    assert result.awards[0].won_with == "one pair, jacks"
    split = pf.Hand(pf.Game.leduc(), {0: 20, 1: 20}, button=1, holes={0: ["Qs"], 1: ["Qh"]}, board=["Ks"])
    for _ in range(4):
        split.act(split.to_act, "check")
    assert split.result is not None and split.result.net == {0: 0, 1: 0}


def test_kuhn_has_one_round_of_one_bet_and_the_higher_card_wins() -> None:
    # Kuhn 1950: one card each from J, Q, K; one bet of 1 and no raise; the higher card wins.
    hand = pf.Hand(pf.Game.kuhn(), {0: 5, 1: 5}, button=1, holes={0: ["Qs"], 1: ["Ks"]})
    assert hand.legal().actions == ("check", "bet")   # a pass facing no bet is a check, not a fold
    hand.act(0, "bet", 1)
    assert hand.legal().actions == ("fold", "call")   # no raise
    hand.act(1, "call")
    assert hand.result is not None and hand.result.net == {0: -2, 1: 2}
    assert hand.result.awards[0].won_with == "high card, king high: K"
    assert pf.Game.kuhn().variant_spec.streets == ("preflop",)


def test_a_small_games_deck_is_its_own_and_a_card_outside_it_is_refused() -> None:
    assert [str(c) for c in pf.Game.kuhn().variant_spec.cards] == ["Js", "Qs", "Ks"]
    assert len(pf.Game.leduc().variant_spec.cards) == 6
    with pytest.raises(InvalidArgument, match="not in Kuhn poker's deck"):
        pf.Hand(pf.Game.kuhn(), {0: 5, 1: 5}, button=1, holes={0: ["As"], 1: ["Ks"]})
    with pytest.raises(InvalidArgument, match="at most 3 players"):
        pf.Hand(pf.Game.kuhn(), {0: 5, 1: 5, 2: 5, 3: 5}, button=1)
    # Dealt from its own deck: every card a seeded Leduc hand deals is one of the six.
    for seed in range(200):
        hand = pf.Hand(pf.Game.leduc(), {0: 20, 1: 20}, button=1, seed=seed)
        while not hand.is_over:
            legal = hand.legal()
            hand.act(hand.to_act, "call" if legal.call else "check")
        cards = [c for h in hand.holes.values() for c in h] + list(hand.board)
        assert set(cards) <= set(pf.Game.leduc().variant_spec.cards)


def test_the_published_rules_are_the_default_house_and_can_be_changed() -> None:
    leduc = pf.Game.leduc()
    assert (leduc.house.raise_cap, leduc.house.cap_lifted_heads_up, leduc.house.fold_facing_no_bet) == (
        1, False, "refused")
    assert pf.Game.kuhn().house.raise_cap == 0
    hand = pf.Hand(leduc, {0: 20, 1: 20}, button=1, holes={0: ["Js"], 1: ["Ks"]}, board=["Qh"])
    with pytest.raises(IllegalAction):
        hand.act(0, "fold")   # a check is free: folding is refused, as OpenSpiel refuses it
    hand.act(0, "bet", 2)
    hand.act(1, "raise", 4)
    assert hand.legal().raise_ is None and hand.legal().reason == "cap_reached"
    loose = leduc.with_house(raise_cap=2)
    assert loose.house.raise_cap == 2 and loose.house.fold_facing_no_bet == "refused"


def test_the_few_cards_ranking_orders_one_two_and_three_card_hands() -> None:
    ranks = [evaluate_few_cards(pf.parse_cards(h)) for h in ("Js", "Qs", "Ks")]
    assert ranks == sorted(ranks) and len(set(ranks)) == 3
    assert evaluate_few_cards(pf.parse_cards("JsJh")) > evaluate_few_cards(pf.parse_cards("KsQh"))
    assert evaluate_few_cards(pf.parse_cards("KsJh")) == evaluate_few_cards(pf.parse_cards("KhJs"))
    # three cards (Rhode Island hold'em): a straight beats a flush, three of a kind a straight
    order = ["AsKh9d", "2s2hAd", "Ah9h4h", "4s3h2d", "2s2h2d", "4s3s2s"]
    values = [evaluate_few_cards(pf.parse_cards(h)) for h in order]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert str(evaluate_few_cards(pf.parse_cards("As2h3d"))) == "straight, three high"
    with pytest.raises(InvalidArgument):
        evaluate_few_cards(pf.parse_cards("AsKsQsJs"))


def test_a_leduc_hand_goes_through_its_record_and_back() -> None:
    hand = pf.Hand(pf.Game.leduc(), {0: 20, 1: 20}, button=1, seed=7)
    hand.act(0, "bet", 2)
    hand.act(1, "call")
    hand.act(0, "check")
    record = hand.record()
    again = pf.Hand.from_record(pf.HandRecord.from_json(record.to_json()))
    assert again.board == hand.board and again.holes == hand.holes and again.to_act == 1


def test_rhode_island_holdem_bets_10_then_20_with_three_raises_a_round() -> None:
    # Shi and Littman 2001 (as Gilpin and Sandholm's GSI gives the rules): an ante of 5, one card
    # each, a flop of one card and a turn of one; bets of 10, then 20 and 20; three raises a round.
    game = pf.Game.rhode_island()
    assert game.variant_spec.streets == ("preflop", "flop", "turn")
    hand = pf.Hand(game, {0: 500, 1: 500}, button=1, holes={0: ["4s"], 1: ["Ah"]}, board=["5d", "6c"])
    assert hand.contributions == {0: 5, 1: 5}
    for to, seat in ((10, 0), (20, 1), (30, 0), (40, 1)):   # a bet and three raises
        legal = hand.legal()
        action = "bet" if to == 10 else "raise"
        assert getattr(legal, action + ("_" if action == "raise" else "")).min_to == to
        hand.act(seat, action, to)
    assert hand.legal().raise_ is None and hand.legal().reason == "cap_reached"
    hand.act(0, "call")
    assert hand.street == "flop" and hand.legal().bet is not None and hand.legal().bet.min_to == 20
    hand.act(0, "bet", 20)
    hand.act(1, "call")
    assert hand.street == "turn" and hand.legal().bet.min_to == 20
    hand.act(0, "check")
    hand.act(1, "check")
    result = hand.result
    assert result is not None
    # 4-5-6 is a straight; the ace is high card: the straight wins the 5 + 40 + 20 each put in
    assert result.net == {0: 65, 1: -65} and result.awards[0].won_with == "straight, six high"


def test_in_three_cards_a_straight_beats_a_flush() -> None:
    game = pf.Game.rhode_island()
    hand = pf.Hand(game, {0: 500, 1: 500}, button=1, holes={0: ["Ah"], 1: ["7d"]}, board=["8h", "9h"])
    for _ in range(3):
        hand.act(hand.to_act, "check")
        hand.act(hand.to_act, "check")
    assert hand.result is not None and hand.result.net == {0: -5, 1: 5}   # 7-8-9 beats the heart flush
