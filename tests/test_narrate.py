"""``pokerfloor.narrate``: a hand in words, one sentence per event, as a seat may see it."""

from __future__ import annotations

import random

import pokerfloor as pf
from pokerfloor.narrate import award_lines, chips, describe, narrate


def hand_to_showdown() -> pf.Hand:
    hand = pf.Hand(pf.Game.no_limit_holdem(50, 100), {1: 10_000, 2: 10_000}, button=1,
                   holes={1: "AhAd", 2: "KcKd"}, board="2c7d9hJsQs", rng=random.Random(1))
    hand.act(1, "raise", to=300)
    hand.act(2, "call")
    for _ in range(3):
        hand.act(2, "check")
        hand.act(1, "check")
    return hand


def test_chips_are_written_with_thousands_commas() -> None:
    assert (chips(9_950), chips(None)) == ("9,950", "")


def test_you_take_the_verb_without_its_s() -> None:
    call = pf.Event("call", seat=2, amount=300, street="preflop")
    assert describe(call) == "seat 2 calls"
    assert describe(call, "You") == "You call"
    assert describe(call, "Rock", all_in=True) == "Rock calls, all-in"


def test_a_finished_hand_is_told_in_full_with_the_winner() -> None:
    hand = hand_to_showdown()
    lines = narrate(hand, {1: "Pro", 2: "Rock"})
    assert "Pro raises to 300" in lines and "Rock calls" in lines
    assert any(line.startswith("Flop: ") for line in lines)
    assert award_lines(hand, {1: "Pro"}) == ["Pro wins the pot, 600, with a pair, aces: A-A-Q-J-9"]


def test_a_hand_in_progress_is_told_as_a_spectator_sees_it() -> None:
    """No line holds a hole card nobody has shown; the flop is told as dealt."""
    hand = pf.Hand(pf.Game.no_limit_holdem(50, 100), {1: 10_000, 2: 10_000}, button=1, rng=random.Random(1))
    hand.act(1, "call")
    hand.act(2, "check")
    lines = narrate(hand)
    assert lines[-1] == f"Flop: {' '.join(pf.format_cards([c]) for c in hand.board)}"
    hidden = [pf.format_cards([c]) for seat in (1, 2) for c in hand.holes[seat]]
    assert not any(card in line for card in hidden for line in lines)


def test_an_unfinished_hand_has_no_award_lines() -> None:
    hand = pf.Hand(pf.Game.no_limit_holdem(50, 100), {1: 10_000, 2: 10_000}, button=1, rng=random.Random(1))
    assert award_lines(hand) == []


def test_a_replay_writes_amounts_in_its_own_units() -> None:
    """The one narrator serves ``replay`` too: amounts through the history's money writer."""
    bet = pf.Event("bet", seat=1, amount=2_500, street="flop")
    assert describe(bet, "p1", money=lambda amount: f"${amount / 100:.2f}") == "p1 bets $25.00"
    assert describe(pf.Event("return", seat=1, amount=400), "p1") == "uncalled 400 returned to p1"


def test_you_are_dealt_and_you_have_not_you_i() -> None:
    dealt = pf.Event("deal_hole", seat=1, cards=(pf.parse_cards("6c")[0], pf.parse_cards("2s")[0]), street="preflop")
    assert describe(dealt, "You") == "You are dealt 6c2s"
    assert describe(dealt, "Rock") == "Rock is dealt 6c2s"


def test_streets_are_named_as_players_name_them() -> None:
    from pokerfloor.narrate import street_words

    assert [street_words(s) for s in ("predraw", "draw1", "draw3", "third", "flop")] == [
        "Before the draw", "First draw", "Third draw", "Third street", "Flop"]
