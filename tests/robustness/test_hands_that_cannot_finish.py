"""Issue 11, item 1: no game and player count is dealt that the deck cannot finish. Where a rule
finishes the hand (stud's community card on seventh street, TDA 2024 RP-10-H; the discards
reshuffled in draw games, RROP11 draw), it is played; where none can, the hand is refused."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf
from pokerfloor.rules import VARIANTS


def game_of(variant: str) -> pf.Game:
    family = VARIANTS[variant].family
    if family == "stud":
        return pf.Game(variant=variant, structure="fixed_limit", ante=1, bring_in=2, small_bet=4, big_bet=8)
    return pf.Game(variant=variant, structure="fixed_limit", small_blind=1, big_blind=2)


def calls_down_throwing_everything(hand: pf.Hand) -> None:
    """The hardest hand for the deck: nobody folds, every seat draws its whole hand each time."""
    for _ in range(1_000):
        seat = hand.to_act
        if seat is None:
            break
        legal = hand.legal()
        if legal.draw is not None:
            hand.act(seat, "draw", discard=hand.holes[seat])
        elif legal.bring_in is not None:
            hand.act(seat, "bring_in")
        else:
            hand.act(seat, "check" if legal.check else "call")
    assert hand.is_over


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_variant_finishes_at_the_most_players_one_deck_can_deal(variant: str) -> None:
    players = VARIANTS[variant].max_players
    for seed in range(3):
        stacks = {s: 200 for s in range(1, players + 1)}
        hand = pf.Hand(game_of(variant), stacks, button=players, rng=random.Random(seed))
        calls_down_throwing_everything(hand)
        assert hand.result is not None and sum(hand.result.stacks.values()) == 200 * players
        holding = VARIANTS[variant].hole_cards if VARIANTS[variant].family != "stud" else 7 - len(hand.board)
        assert all(len(cards) == holding for cards in hand.holes.values())


@pytest.mark.parametrize(
    ("variant", "players"),
    [("omaha6", 8), ("omaha5", 10), ("stud", 9), ("razz", 10), ("five_card_draw", 10),
     ("deuce_seven_single", 10), ("deuce_seven_triple", 10), ("holdem", 24), ("short_deck", 16), ("badugi", 13)],
)
def test_a_hand_the_deck_cannot_finish_is_refused_when_dealt(variant: str, players: int) -> None:
    with pytest.raises(ValueError, match=f"at most {VARIANTS[variant].max_players} players"):
        pf.Hand(game_of(variant), {s: 200 for s in range(1, players + 1)}, button=1, rng=random.Random(1))


@pytest.mark.parametrize("players", [8, 9])
def test_triple_draw_at_eight_and_nine_reshuffles_all_discards_but_the_drawers_own(players: int) -> None:
    """RROP11 draw: the stub runs short, the discards but the drawer's are shuffled in."""
    game = game_of("deuce_seven_triple")
    for seed in range(5):
        hand = pf.Hand(game, {s: 200 for s in range(1, players + 1)}, button=players, rng=random.Random(seed))
        calls_down_throwing_everything(hand)
        assert any(event.kind == "reshuffle" for event in hand.events)
        for event in hand.events:
            if event.kind == "deal_hole" and event.note == "draw":
                thrown = next(e for e in reversed(hand.events[: hand.events.index(event)]) if e.kind == "draw")
                assert not set(thrown.cards) & set(event.cards), "a player got back a card just thrown"


def test_stud_at_eight_deals_seventh_street_as_one_community_card() -> None:
    """TDA 2024 RP-10-H: eight players to seventh street leave too few cards: one card plays for all."""
    hand = pf.Hand(game_of("stud"), {s: 200 for s in range(1, 9)}, button=8, rng=random.Random(3))
    calls_down_throwing_everything(hand)
    assert len(hand.board) == 1 and all(len(cards) == 6 for cards in hand.holes.values())


def test_a_table_refuses_more_seats_than_its_game_can_deal() -> None:
    with pytest.raises(ValueError, match="at most 8 players"):
        pf.Table(game_of("stud"), seats=10)


def test_a_table_switched_to_a_game_it_cannot_deal_refuses_the_hand_and_stays_usable() -> None:
    game = pf.Game(variant="holdem", structure="fixed_limit", small_blind=1, big_blind=2)
    table = pf.Table(game, seats=9, rng=random.Random(2), button=1)
    for seat in range(1, 10):
        table.sit(seat, f"p{seat}", 100, post=True)
    table.set_game(game_of("stud"))
    with pytest.raises(ValueError, match="at most 8 players"):
        table.start_hand()
    assert table.hand is None and table.hand_number == 0
    table.leave(9)
    hand = table.start_hand()
    calls_down_throwing_everything(hand)
    table.verify()
