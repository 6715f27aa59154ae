"""Properties over random stud and draw hands, as for flop games (design.md, "Correctness"):
chips are conserved after every action, the pots add up, nobody wins more from an opponent than
it matched, and every legal choice is exact: its ends are accepted (on a copy), one chip or one
card beyond is refused with the right reason, the hand unchanged."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokerfloor as pf

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STUD_VARIANTS = ("stud", "stud_hilo", "razz")
DRAW_VARIANTS = ("five_card_draw", "deuce_seven_single", "deuce_seven_triple", "ace_five_triple", "badugi")


@dataclass
class Deal:
    game: pf.Game
    stacks: dict[int, int]
    seed: int


@st.composite
def deals(draw: st.DrawFn, family: str) -> Deal:
    small_bet = draw(st.sampled_from((2, 4, 10, 20)))
    house = pf.HouseRules(
        raise_cap=draw(st.sampled_from(("rulebook", "rulebook", None, 1))),
        cap_lifted_heads_up=draw(st.booleans()),
        stud_open_pair_option=draw(st.booleans()),
        odd_chip_stud=draw(st.sampled_from(("all_cards", "five_card_hand"))),
        bring_in_tiebreak=draw(st.sampled_from(("suit", "proximity"))),
        fold_facing_no_bet=draw(st.sampled_from(("allowed", "refused"))),
    )
    if family == "stud":
        variant = draw(st.sampled_from(STUD_VARIANTS))
        game = pf.Game(
            variant=variant,
            structure="fixed_limit",
            ante=draw(st.sampled_from((0, 1, small_bet // 2))),
            bring_in=small_bet // 2,
            small_bet=small_bet,
            big_bet=2 * small_bet,
            house=house,
        )
        players = draw(st.integers(2, 8))
    else:
        variant = draw(st.sampled_from(DRAW_VARIANTS))
        structure = "no_limit" if variant == "deuce_seven_single" else "fixed_limit"
        game = pf.Game(
            variant=variant,
            structure=structure,
            small_blind=small_bet // 2,
            big_blind=small_bet,
            house=house,
        )
        players = draw(st.integers(2, 6))
    stack = st.one_of(st.integers(1, 3 * small_bet), st.integers(1, 100 * small_bet))
    stacks = {seat: draw(stack) for seat in range(1, players + 1)}
    return Deal(game, stacks, draw(st.integers(0, 2**32 - 1)))


def check_chips(hand: pf.Hand, total: int) -> None:
    assert sum(hand.stacks.values()) + hand.total_pot == total
    assert sum(pot.amount for pot in hand.pots) == hand.total_pot
    assert all(chips >= 0 for chips in hand.stacks.values())


def refusal(hand: pf.Hand, seat: int, action: str, **kw: object) -> str:
    before = (len(hand.events), hand.stacks, hand.bets, hand.holes, hand.to_act, hand.awaiting_deal)
    with pytest.raises(pf.IllegalAction) as refused:
        hand.act(seat, action, **kw)  # type: ignore[arg-type]
    assert (len(hand.events), hand.stacks, hand.bets, hand.holes, hand.to_act, hand.awaiting_deal) == before
    return refused.value.reason


def cut_to_opponents(hand: pf.Hand, seat: int, to: int) -> bool:
    """Fixed limit also takes a bet cut down to exactly the most an opponent can put in."""
    level = max(hand.bets.values())
    reach = max(hand.bets[s] + hand.stacks[s] for s in hand.in_hand if s != seat)
    return level < to == reach


def check_legal(hand: pf.Hand) -> None:
    """Every choice ``legal()`` offers is accepted at its ends and refused one step beyond."""
    seat = hand.to_act
    assert seat is not None
    legal = hand.legal()
    assert legal.seat == seat
    all_in_to = hand.bets[seat] + hand.stacks[seat]
    if legal.draw is not None:
        assert legal.draw == len(hand.holes[seat]) and legal.actions == ("draw",)
        for count in {0, legal.draw}:
            copy.deepcopy(hand).act(seat, "draw", discard=hand.holes[seat][:count])
        others = [c for s, cards in hand.holes.items() if s != seat for c in cards if c is not None]
        assert refusal(hand, seat, "draw", discard=[*hand.holes[seat], others[0]]) == "invalid_action"
        return
    if legal.bring_in is not None:
        assert legal.check is False and legal.call is None
        assert legal.bring_in == min(hand.game.bring_in, hand.stacks[seat])
        copy.deepcopy(hand).act(seat, "bring_in")
        assert refusal(hand, seat, "bring_in", to=legal.bring_in + 1) == "invalid_action"
        assert refusal(hand, seat, "check") == "invalid_action"
    else:
        assert legal.check != (legal.call is not None)
    ranges = [(name, r) for name, r in (("bet", legal.bet), ("raise", legal.raise_), ("complete", legal.complete)) if r]
    assert len(ranges) <= 1
    for action, amounts in ranges:
        assert 0 < amounts.min_to <= amounts.max_to <= all_in_to
        for to in {amounts.min_to, amounts.max_to}:
            trial = copy.deepcopy(hand)
            trial.act(seat, action, to=to)
            assert trial.bets[seat] == to or trial.is_over or trial.street != hand.street
        below = amounts.min_to - 1
        if below > 0 and not (hand.game.structure == "fixed_limit" and cut_to_opponents(hand, seat, below)):
            expected = {"wrong_limit_amount"} if hand.game.structure == "fixed_limit" else {
                "below_min_bet",
                "below_min_raise",
            }
            assert refusal(hand, seat, action, to=below) in expected
        above = amounts.max_to + 1
        expected = {"above_stack"} if amounts.max_to == all_in_to else {"wrong_limit_amount"}
        assert refusal(hand, seat, action, to=above) in expected


def choose(data: st.DataObject, hand: pf.Hand) -> tuple[str, dict[str, object]]:
    seat = hand.to_act
    assert seat is not None
    legal = hand.legal()
    if legal.draw is not None:
        held = hand.holes[seat]
        count = data.draw(st.integers(0, legal.draw))
        return "draw", {"discard": data.draw(st.permutations(held))[:count]}
    choices: list[tuple[str, dict[str, object]]] = []
    if legal.bring_in is not None:
        choices += [("bring_in", {})] * 3
    elif legal.check:
        choices += [("check", {})] * 4
    else:
        choices += [("call", {})] * 4
    if legal.fold:
        choices.append(("fold", {}))
    for action, amounts in (("bet", legal.bet), ("raise", legal.raise_), ("complete", legal.complete)):
        if amounts is not None:
            choices += [(action, {"to": amounts.min_to}), (action, {"to": amounts.max_to})]
    choices.append(("all_in", {}))  # always an action while the seat has chips
    return data.draw(st.sampled_from(choices))


def play_random(deal: Deal, data: st.DataObject) -> pf.Hand:
    hand = pf.Hand(deal.game, deal.stacks, button=max(deal.stacks), rng=random.Random(deal.seed))
    total = sum(deal.stacks.values())
    steps = 0
    while not hand.is_over:
        check_chips(hand, total)
        assert hand.awaiting_deal is None, "an automatically dealt hand never waits for cards"
        check_legal(hand)
        action, kw = choose(data, hand)
        hand.act(hand.to_act, action, **kw)  # type: ignore[arg-type]
        steps += 1
        assert steps < 500
    result = hand.result
    assert result is not None
    assert sum(result.stacks.values()) == total
    assert sum(result.net.values()) == 0
    dead = {seat: 0 for seat in hand.seats}
    for event in hand.events:
        if event.kind == "post" and event.post == "ante" and event.seat is not None:
            dead[event.seat] += event.amount or 0
    live = {seat: chips - dead[seat] for seat, chips in hand.contributions.items()}
    for seat, gain in result.net.items():
        others = [other for other in live if other != seat]
        matched = sum(min(live[seat], live[other]) + dead[other] for other in others)
        assert gain <= matched, "antes are dead money for the main pot (WIKI_BIP), the rest is matched"
    cards = [c for s in hand.in_hand for c in hand.holes[s]] + hand.board
    assert len(cards) == len(set(cards)), "a card is in two hands"
    return hand


@SETTINGS
@given(deal=deals("stud"), data=st.data())
def test_random_stud_hands_conserve_chips_and_keep_exact_legal_choices(deal: Deal, data: st.DataObject) -> None:
    hand = play_random(deal, data)
    up = hand.upcards
    assert all(len(cards) <= 4 for cards in up.values())


@SETTINGS
@given(deal=deals("draw"), data=st.data())
def test_random_draw_hands_conserve_chips_and_keep_exact_legal_choices(deal: Deal, data: st.DataObject) -> None:
    hand = play_random(deal, data)
    size = hand.variant.hole_cards
    assert all(len(cards) == size for cards in hand.holes.values())
