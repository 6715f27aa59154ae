"""A hand killed by the floor (``Hand.kill``): a player away from a live hand has a dead hand
(TDA 2024 Rule 30: a player not at the seat when the deal is done has a dead hand, its blinds
and antes posted; Rule 31: a player with a live hand stays at the table). The home game's host
removes a player this way, at once, not at the player's turn."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from randomhands import Setup, give_random_input, setups
from studkit import FIVE_CARD_DRAW, STUD, seats

import pokerfloor as pf
from pokerfloor import citations
from pokerfloor.hand.types import DEAD_HAND

NLHE = pf.Game.no_limit_holdem(1, 2)
RULE = "TDA 2024 Rules 30 and 31"


def holdem(players: int = 4, chips: int = 200, **kw: object) -> pf.Hand:
    """Seat 1 on the button: 2 posts the small blind, 3 the big blind, 4 (or 1) acts first."""
    return pf.Hand(NLHE, {s: chips for s in range(1, players + 1)}, button=1, rng=random.Random(3), **kw)  # type: ignore[arg-type]


def state(hand: pf.Hand) -> tuple[object, ...]:
    """Everything a refusal must leave as it was."""
    return (list(hand.events), hand.stacks, hand.bets, hand.folded, hand.to_act, hand.legal(), hand.street,
            hand.is_over, hand.awaiting_deal, hand.record().inputs)


def chips_in_play(hand: pf.Hand) -> int:
    """Every chip of the hand: behind, or in the pot, or once it is over, paid out."""
    if hand.is_over:
        assert hand.result is not None
        return sum(hand.result.stacks.values())
    return sum(hand.stacks.values()) + hand.total_pot


def test_a_hand_killed_in_turn_is_a_fold_and_the_action_passes_on() -> None:
    """TDA 2024 Rule 30: the hand is dead. In its turn the hand goes on exactly as after a fold;
    only the event's note says it was killed."""
    killed, folded = holdem(), holdem()
    assert killed.to_act == 4
    event = killed.kill(4)
    folded.act(4, "fold")
    assert event == pf.Event("fold", 4, street="preflop", note=DEAD_HAND)
    assert killed.events[:-1] == folded.events[:-1] and folded.events[-1].note == ""
    assert (killed.to_act, killed.legal(), killed.stacks, killed.pots) == (
        folded.to_act, folded.legal(), folded.stacks, folded.pots)


def test_a_hand_killed_out_of_turn_is_dead_at_once_and_its_blind_stays_in() -> None:
    """TDA 2024 Rule 30: a dead hand's blinds are posted and stay in the pot; the seat to act
    keeps the action, and the dead hand is never asked to act."""
    hand = holdem()
    hand.kill(3)  # the big blind, not its turn
    assert hand.to_act == 4 and 3 in hand.folded
    assert hand.contributions[3] == 2 and hand.total_pot == 3
    assert hand.events[-1] == pf.Event("fold", 3, street="preflop", note=DEAD_HAND)
    hand.act(4, "call")
    hand.act(1, "call")
    hand.act(2, "call")  # the dead big blind has no option: the round is over
    assert hand.street == "flop"
    assert 3 not in hand.in_hand and hand.total_pot == 8


def test_a_dead_hands_bet_stands_and_its_uncalled_part_goes_back() -> None:
    """The chips a killed hand put in stay in the pot and the others still face its bet; at the
    end of the round its part nobody called goes back to it, as any uncalled bet does (TDA 2024
    Rule 15-B)."""
    hand = holdem(3)
    hand.act(1, "raise", to=20)  # heads for seats 2 and 3
    hand.kill(1)
    assert hand.to_act == 2 and hand.legal().call == pf.Call(to=20, cost=19)
    hand.act(2, "call")
    hand.act(3, "fold")  # one live hand left: seat 2 wins, having called the dead bet in full
    assert hand.is_over and hand.result is not None
    assert hand.result.stacks == {1: 180, 2: 222, 3: 198}  # the dead raise and the big blind won
    hand = holdem(3)
    hand.act(1, "raise", to=20)
    hand.kill(1)
    hand.act(2, "fold")  # one live hand left, the big blind, who called nothing of the raise
    assert hand.result is not None
    assert hand.result.returned == {1: 18}
    assert hand.result.stacks == {1: 198, 2: 199, 3: 203}


def test_the_last_live_hand_wins_as_after_folds() -> None:
    """Heads-up, killing the one opponent ends the hand: the pot goes uncontested."""
    hand = holdem(2)
    hand.kill(2)  # the big blind; seat 1 (the button, small blind) is to act
    assert hand.is_over and hand.result is not None
    assert hand.result.awards[0].reason == "uncontested" and hand.result.awards[0].winners == {1: 2}
    assert hand.result.returned == {2: 1}  # the big blind's part above the small blind was not called
    assert hand.legal() == pf.Legal() and hand.to_act is None


def test_killing_the_only_seat_left_to_act_closes_the_round() -> None:
    """Out of turn, a kill that leaves the seat to act nothing to act for moves the hand on."""
    hand = pf.Hand(NLHE, {1: 200, 2: 200, 3: 10}, button=1, rng=random.Random(3))
    hand.act(1, "call")
    hand.act(2, "call")
    hand.act(3, "all_in")  # 10: seats 1 and 2 face it
    assert hand.to_act == 1
    hand.kill(2)  # seat 1 is left against an all-in seat it can call or fold to
    assert hand.to_act == 1 and hand.legal().call == pf.Call(to=10, cost=8)
    hand.act(1, "call")
    assert hand.is_over


def test_refusals_leave_the_hand_unchanged() -> None:
    """A hand that is dead, all in, not dealt in, or past its betting is not killed: refused with
    ``IllegalAction`` (design.md), the rule cited, the hand as it was."""
    hand = holdem(3, chips=50)
    hand.act(1, "fold")
    hand.act(2, "all_in")
    cases = [(1, "invalid_action"), (2, "invalid_action"), (9, "invalid_action"), ("3", "invalid_action"),
             (True, "invalid_action")]
    for seat, reason in cases:
        before = state(hand)
        with pytest.raises(pf.IllegalAction) as refused:
            hand.kill(seat)
        assert refused.value.reason == reason
        assert state(hand) == before
    with pytest.raises(pf.IllegalAction) as refused:
        hand.kill(1)
    assert refused.value.rule == citations.DEAD_HAND and refused.value.rule.startswith(RULE)
    hand.act(3, "call")  # all in and called: no more betting
    assert hand.is_over
    with pytest.raises(pf.IllegalAction) as refused:
        hand.kill(3)
    assert refused.value.reason == "hand_over"


def test_no_kill_once_no_more_betting_can_happen() -> None:
    """Hands faced up with the board still to come (``wait_for_runout``): nothing left to decide."""
    hand = holdem(2, wait_for_runout=True)
    hand.act(1, "all_in")
    hand.act(2, "call")
    assert hand.awaiting_runout
    before = state(hand)
    with pytest.raises(pf.IllegalAction) as refused:
        hand.kill(1)
    assert refused.value.reason == "invalid_action" and state(hand) == before


def test_a_held_action_of_a_killed_seat_is_dropped() -> None:
    """Under ``oot_mode="hold"`` (TDA 2024 Rule 53) an action held for a seat dies with its hand."""
    game = NLHE.with_house(oot_mode="hold")
    hand = pf.Hand(game, {s: 200 for s in range(1, 5)}, button=1, rng=random.Random(3))
    hand.act(2, "call")  # held: seat 4 is to act
    hand.kill(2)
    hand.act(4, "call")
    hand.act(1, "call")
    assert hand.to_act == 3 and [e.kind for e in hand.events if e.seat == 2][-1] == "fold"


def test_a_stud_bring_in_killed_posts_the_bring_in() -> None:
    """TDA 2024 Rule 30: a dead hand dealt the bring-in card posts the bring-in; then it folds."""
    hand = pf.Hand(STUD, seats(3), button=3, rng=random.Random(4))
    seat = hand.to_act
    assert seat is not None and hand.legal().bring_in == 10
    hand.kill(seat)
    assert [(e.kind, e.seat, e.amount) for e in hand.events[-2:]] == [("bring_in", seat, 10), ("fold", seat, None)]
    assert hand.to_act is not None and hand.to_act != seat
    assert hand.legal().call == pf.Call(to=10, cost=10)


def test_a_draw_skips_a_killed_seat() -> None:
    """A seat killed before its draw draws nothing; the draw and the betting go on without it."""
    hand = pf.Hand(FIVE_CARD_DRAW, seats(3), button=3, rng=random.Random(5))
    while hand.legal().draw is None:
        hand.act(hand.to_act, "call" if hand.legal().call else "check")
    first, second, third = hand.seats
    assert hand.to_act == first
    hand.kill(second)
    hand.act(first, "draw", discard=[])
    assert hand.to_act == third and hand.legal().draw == 5
    hand.act(third, "draw", discard=[])
    assert hand.legal().draw is None and hand.to_act in (first, third)


def test_a_manually_dealt_stud_hand_asks_no_cards_for_a_dead_hand() -> None:
    """Cards due to a seat whose hand is killed are no longer asked for (a dead stud hand gets no
    more cards)."""
    hand = pf.Hand(STUD, seats(3), button=3, dealing="manual")
    hand.deal("AsKsQs", 1)
    hand.deal("2c3c4c", 2)
    hand.deal("7d8d9d", 3)
    while hand.to_act is not None:
        hand.act(hand.to_act, "bring_in" if hand.legal().bring_in else "call")
    assert hand.awaiting_deal is not None and hand.awaiting_deal.seat == 1
    hand.kill(1)
    assert hand.awaiting_deal is not None and hand.awaiting_deal.seat == 2


def test_a_kill_is_recorded_and_replays_exactly() -> None:
    """The record keeps the kill as an input (``Input("kill", seat)``): the hand rebuilt from it,
    or from its JSON, is the same hand, and ``undo`` takes the kill back."""
    hand = holdem()
    hand.kill(2)
    hand.act(4, "raise", to=10)
    hand.kill(1)
    record = hand.record()
    assert record.inputs[0] == pf.Input("kill", 2) and record.inputs[2] == pf.Input("kill", 1)
    again = pf.Hand.from_record(record.to_json())
    assert again.events == hand.events and again.legal() == hand.legal() and again.stacks == hand.stacks
    assert hand.undo() == pf.Input("kill", 1)
    assert 1 not in hand.folded and hand.to_act == 1


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), st.integers(0, 2**32))
def test_kills_at_random_moments_keep_the_hand_sound(setup: Setup, seed: int) -> None:
    """Random hands of every variant with a kill of a random seat at random moments: a refused
    kill changes nothing; an accepted one conserves the chips, leaves ``legal()`` to a live seat
    that may act, and the hand's record rebuilds it exactly."""
    hand = setup.hand()
    rng = random.Random(seed)
    for _ in range(400):
        if hand.is_over:
            break
        if rng.random() < 0.2:
            seat = rng.choice(hand.seats)
            before = copy.deepcopy(hand)
            try:
                hand.kill(seat)
            except pf.IllegalAction:
                assert state(hand) == state(before)
                continue
            killed = [e for e in hand.events[len(before.events):] if e.kind == "fold"]
            assert seat in hand.folded and killed[0] == pf.Event("fold", seat, street=before.street, note=DEAD_HAND)
            assert chips_in_play(hand) == sum(hand.starting_stacks.values())
            legal = hand.legal()
            if hand.to_act is not None:
                assert legal.seat == hand.to_act and hand.to_act not in hand.folded
            else:
                assert legal == pf.Legal()
            rebuilt = pf.Hand.from_record(hand.record())
            assert rebuilt.events == hand.events and rebuilt.legal() == legal
            continue
        if hand.to_act is None:
            break
        give_random_input(hand, rng)
    assert chips_in_play(hand) == sum(hand.starting_stacks.values())
