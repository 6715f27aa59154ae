"""Draw games (five-card draw, 2-7 single and triple draw, A-5 triple draw, badugi), one test
per rule clause: blinds and betting as in flop games, the draw in turn from the button's left,
legal discards, the stub's last card and the reshuffle, manual dealing, and each lowball and
badugi ranking at the showdown (rules.md §1, §2, §4, §6; RROP11 draw; POKERSTARS_RESHUFFLE)."""

from __future__ import annotations

import random

import pytest
from studkit import ACE_FIVE_TRIPLE, BADUGI, FIVE_CARD_DRAW, SINGLE_27, TRIPLE_27, play, refused, seats

import pokerfloor as pf
from pokerfloor.cards import Deck, parse_cards
from pokerfloor.hand import draw


def given(game: pf.Game, holes: dict[int, str], chips: int | dict[int, int] = 1_000) -> pf.Hand:
    stacks = dict(chips) if isinstance(chips, dict) else {seat: chips for seat in holes}
    return pf.Hand(game, stacks, button=max(stacks), holes=holes, rng=random.Random(0))


def limp_around(hand: pf.Hand) -> None:
    """Call (or check) until the betting round ends."""
    street = hand.street
    while hand.street == street and hand.legal().draw is None and not hand.is_over:
        hand.act(hand.to_act, "check" if hand.legal().check else "call")  # type: ignore[arg-type]


def draws(hand: pf.Hand) -> list[tuple[int | None, int | None, str]]:
    return [(e.seat, e.amount, e.street) for e in hand.events if e.kind == "draw"]


# Blinds and betting --------------------------------------------------------------------------------


def test_draw_games_post_blinds_and_open_left_of_the_big_blind() -> None:
    """§2.2, §1.1: draw games use blinds like flop games; the first seat left of the big blind
    acts first before the draw (WIKI_BIP Order of betting)."""
    hand = pf.Hand(TRIPLE_27, seats(4), button=4, rng=random.Random(1))
    assert hand.street == "predraw"
    assert hand.bets == {1: 10, 2: 20, 3: 0, 4: 0}
    assert hand.to_act == 3
    assert hand.legal().raise_ == pf.Range(40, 40)
    assert all(len(cards) == 5 for cards in hand.holes.values())


def test_badugi_deals_four_cards() -> None:
    """Badugi is a four-card game."""
    hand = pf.Hand(BADUGI, seats(3), button=3, rng=random.Random(1))
    assert all(len(cards) == 4 for cards in hand.holes.values())


def test_triple_draw_small_bet_before_the_second_draw_big_bet_after() -> None:
    """§4: limit draw games bet the small bet in the first half of the rounds (before and after
    the first draw) and the big bet after (phh-format.md §3)."""
    hand = pf.Hand(TRIPLE_27, seats(3), button=3, rng=random.Random(1))
    limp_around(hand)
    for seat in (1, 2, 3):
        hand.act(seat, "draw")
    assert hand.street == "draw1" and hand.legal().bet == pf.Range(20, 20)
    limp_around(hand)
    for seat in (1, 2, 3):
        hand.act(seat, "draw")
    assert hand.street == "draw2" and hand.legal().bet == pf.Range(40, 40)


def test_after_the_draw_the_first_seat_left_of_the_button_acts() -> None:
    """§1.1: after the draw the betting starts with the first live seat left of the button."""
    hand = pf.Hand(TRIPLE_27, seats(4), button=4, rng=random.Random(1))
    play(hand, [(3, "call"), (4, "call"), (1, "fold"), (2, "check")])
    assert hand.to_act == 2 and hand.legal().draw == 5
    play(hand, [(2, "draw"), (3, "draw"), (4, "draw")])
    assert hand.to_act == 2 and hand.legal().check


# The draw --------------------------------------------------------------------------------------------


def test_each_seat_in_turn_from_the_buttons_left_discards_and_is_dealt_as_many() -> None:
    """RROP11 draw: in turn from the dealer's left, each player throws away cards and receives
    the same number; ``legal().draw`` is the most a seat may throw away."""
    hand = pf.Hand(TRIPLE_27, seats(3), button=3, rng=random.Random(5))
    limp_around(hand)
    assert hand.street == "draw1"
    assert hand.legal() == pf.Legal(seat=1, draw=5)
    before = hand.holes[1]
    hand.act(1, "draw", discard=before[:2])
    after = hand.holes[1]
    assert len(after) == 5 and after[:3] == before[2:]
    assert not set(after) & set(before[:2])
    assert hand.to_act == 2


def test_standing_pat_is_a_draw_of_nothing() -> None:
    """Standing pat: a discard of no cards (PHH ``pN sd``)."""
    hand = pf.Hand(TRIPLE_27, seats(3), button=3, rng=random.Random(5))
    limp_around(hand)
    before = hand.holes[1]
    event = hand.act(1, "draw")
    assert (event.kind, event.amount, event.note) == ("draw", 0, "stands pat")
    assert hand.holes[1] == before


def test_draw_counts_are_public_events() -> None:
    """How many cards each player draws is seen by all: every draw is an event with the count."""
    hand = pf.Hand(TRIPLE_27, seats(3), button=3, rng=random.Random(5))
    limp_around(hand)
    play(hand, [(1, "draw", hand.holes[1][:3]), (2, "draw", []), (3, "draw", hand.holes[3][4:])])
    assert draws(hand) == [(1, 3, "draw1"), (2, 0, "draw1"), (3, 1, "draw1")]


def test_an_all_in_player_still_draws() -> None:
    """All-in before the draw, a player still draws; the hands are then played out."""
    hand = pf.Hand(SINGLE_27, {1: 1_000, 2: 300, 3: 1_000}, button=3, rng=random.Random(2))
    play(hand, [(3, "fold"), (1, "call"), (2, "raise", 300), (1, "call")])
    assert hand.street == "draw1" and hand.to_act == 1
    play(hand, [(1, "draw", hand.holes[1][:1]), (2, "draw", hand.holes[2][:2])])
    assert hand.is_over
    assert [n for _, n, _ in draws(hand)] == [1, 2]


def test_discarding_a_card_not_held_is_refused() -> None:
    """A seat may only throw away cards it holds: IllegalAction ``invalid_action``."""
    hand = pf.Hand(TRIPLE_27, seats(3), button=3, rng=random.Random(5))
    limp_around(hand)
    other = hand.holes[2][0]
    ruling = refused(hand, 1, "draw", discard=[other])
    assert ruling.reason == "invalid_action"
    assert f"cannot discard {other}" in str(ruling)


def test_discarding_too_many_cards_is_refused() -> None:
    """No more cards than the seat holds may be thrown away."""
    hand = pf.Hand(BADUGI, seats(3), button=3, rng=random.Random(5))
    limp_around(hand)
    ruling = refused(hand, 1, "draw", discard=[*hand.holes[1], hand.holes[2][0]])
    assert ruling.reason == "invalid_action"
    assert "at most 4 cards" in str(ruling)


def test_discarding_a_card_twice_is_refused() -> None:
    hand = pf.Hand(TRIPLE_27, seats(3), button=3, rng=random.Random(5))
    limp_around(hand)
    card = hand.holes[1][0]
    assert refused(hand, 1, "draw", discard=[card, card]).reason == "invalid_action"


def test_no_betting_during_the_draw_and_no_draw_during_the_betting() -> None:
    """The draw and the betting rounds take turns; the wrong kind of action is refused."""
    hand = pf.Hand(TRIPLE_27, seats(3), button=3, rng=random.Random(5))
    assert refused(hand, 3, "draw", discard=[]).reason == "invalid_action"
    limp_around(hand)
    assert refused(hand, 1, "check").reason == "invalid_action"
    assert refused(hand, 2, "draw", discard=[]).reason == "not_your_turn"


def test_unreadable_discard_is_refused() -> None:
    hand = pf.Hand(TRIPLE_27, seats(3), button=3, rng=random.Random(5))
    limp_around(hand)
    assert refused(hand, 1, "draw", discard=["Xx"]).reason == "invalid_action"


def test_heads_up_the_big_blind_draws_first() -> None:
    """§3 heads-up: the button posts the small blind, acts first before the draw and last
    after it, so the big blind draws first (TDA 2024 R34-B)."""
    hand = pf.Hand(TRIPLE_27, seats(2), button=2, rng=random.Random(1))
    assert hand.bets == {1: 20, 2: 10} and hand.to_act == 2
    play(hand, [(2, "call"), (1, "check")])
    assert hand.to_act == 1 and hand.legal().draw == 5


def test_single_draw_has_one_draw_then_the_showdown() -> None:
    """2-7 single draw: a betting round, one draw, a last betting round (rules.Variant.streets)."""
    hand = pf.Hand(SINGLE_27, seats(3), button=3, rng=random.Random(3))
    assert pf.VARIANTS["deuce_seven_single"].streets == ("predraw", "draw1")
    limp_around(hand)
    play(hand, [(1, "draw"), (2, "draw"), (3, "draw")])
    limp_around(hand)
    assert hand.is_over and hand.result is not None and hand.result.showdown_order


# The stub --------------------------------------------------------------------------------------------


def test_stub_last_card_is_kept_and_the_discards_reshuffled() -> None:
    """RROP11 draw; POKERSTARS_RESHUFFLE: the stub's last card is not dealt; the other players'
    discards are shuffled with it to complete the draw, never the drawing player's own."""
    deck = Deck(random.Random(0), cards=parse_cards("2c3c4c"))
    discards = draw.Discards()
    discards.add(0, parse_cards("AhKh"))
    discards.add(1, parse_cards("AsKs"))
    cards, reshuffled = draw.replacements(deck, 4, discards, 1, random.Random(0))
    assert reshuffled
    assert len(cards) == 4 and len(set(cards)) == 4
    assert not set(cards) & set(parse_cards("AsKs"))
    assert len(deck) == 1
    assert discards.take_all_but(0) == parse_cards("AsKs")


def test_stub_deals_without_reshuffle_while_it_lasts() -> None:
    deck = Deck(random.Random(0), cards=parse_cards("2c3c4c5c"))
    cards, reshuffled = draw.replacements(deck, 3, draw.Discards(), 0, random.Random(0))
    assert not reshuffled and len(cards) == 3 and len(deck) == 1


def test_six_way_triple_draw_runs_the_stub_short_and_reshuffles() -> None:
    """Six players drawing five cards three times need more than the deck: the hand reshuffles
    the discards (an event) and no card is ever in two hands."""
    hand = pf.Hand(TRIPLE_27, seats(6), button=6, rng=random.Random(8))
    while not hand.is_over:
        legal = hand.legal()
        seat = hand.to_act
        assert seat is not None
        if legal.draw is not None:
            hand.act(seat, "draw", discard=hand.holes[seat])
            live = [c for s in hand.in_hand for c in hand.holes[s]]
            assert len(live) == len(set(live))
        else:
            hand.act(seat, "check" if legal.check else "call")
    assert any(e.kind == "reshuffle" for e in hand.events)
    assert hand.result is not None and sum(hand.result.stacks.values()) == 6_000


# Manual dealing --------------------------------------------------------------------------------------


def test_manual_draw_waits_for_the_replacement_cards() -> None:
    """Replays: after a discard the hand asks for the replacements (``awaiting_deal`` kind
    "draw"); the next seat may discard meanwhile, as PHH lists every discard before the deals."""
    hand = pf.Hand(TRIPLE_27, seats(3), button=3, dealing="manual")
    hand.deal("7h6c4c3d2c", seat=1)
    hand.deal("AsQs6s5c3c", seat=2)
    hand.deal("KdKh9d9h8d", seat=3)
    limp_around(hand)
    hand.act(1, "draw", discard="7h")
    assert hand.awaiting_deal == pf.hand.DealRequest("draw", 1, 1)
    assert hand.to_act == 2
    hand.act(2, "draw", discard=["As", "Qs"])
    hand.act(3, "draw")
    assert hand.to_act is None
    with pytest.raises(ValueError, match="seat 1's"):
        hand.deal("2h3h", seat=2)
    with pytest.raises(ValueError, match="needs as many"):
        hand.deal("2h3h", seat=1)
    hand.deal("8c", seat=1)
    assert hand.awaiting_deal == pf.hand.DealRequest("draw", 2, 2)
    hand.deal("2h4d", seat=2)
    assert hand.awaiting_deal is None and hand.to_act == 1 and hand.legal().check
    assert pf.format_cards(hand.holes[2]) == "6s5c3c2h4d"


def test_manual_draw_of_unseen_cards() -> None:
    """A replay that never saw a hand discards unseen cards (``??``) and is dealt unseen ones."""
    hand = pf.Hand(BADUGI, seats(2), button=2, dealing="manual")
    hand.deal("????????", seat=1)
    hand.deal("2s4c6d9h", seat=2)
    play(hand, [(2, "call"), (1, "check"), (1, "draw", ["??", "??"])])
    assert refused(hand, 2, "draw", discard=["??"]).reason == "invalid_action"
    hand.act(2, "draw")
    hand.deal("????", seat=1)
    assert hand.legal().check


def test_a_draw_hand_may_be_shown_in_any_order() -> None:
    """Cards speak (TDA 2024 R12): a draw hand is the same in any order when shown."""
    hand = pf.Hand(BADUGI, seats(2), button=2, dealing="manual")
    hand.deal("????????", seat=1)
    hand.deal("3s5d7c8h", seat=2)
    play(hand, [(2, "call"), (1, "check")])
    for _ in range(3):
        play(hand, [(1, "draw"), (2, "draw"), (1, "check"), (2, "check")])
    hand.show(2, "8h7c5d3s")
    hand.show(1, "2s4c6d9h")
    assert hand.is_over and hand.result is not None
    assert pf.format_cards(hand.holes[2]) == "3s5d7c8h"
    assert hand.result.winnings == {2: 40}


# Rankings at the showdown ------------------------------------------------------------------------------


def showdown(game: pf.Game, holes: dict[int, str]) -> dict[int, int]:
    hand = given(game, holes)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal()
        if legal.draw is not None:
            hand.act(seat, "draw")
        else:
            hand.act(seat, "check" if legal.check else "call")
    assert hand.result is not None
    return hand.result.winnings


def test_deuce_to_seven_aces_are_high_and_straights_and_flushes_count() -> None:
    """2-7 lowball: 7-5-4-3-2 is the best hand; A-2-3-4-5 is ace high, 6-5-4-3-2 a straight."""
    assert showdown(TRIPLE_27, {1: "7h5c4c3d2c", 2: "Ah5d4d3h2s", 3: "6s5s4h3c2h"}) == {1: 60}
    assert showdown(TRIPLE_27, {1: "8h5c4c3d2c", 2: "7d6d4d5d2d"}) == {1: 40}


def test_ace_to_five_the_wheel_is_best() -> None:
    """A-5 lowball: aces low, straights and flushes do not count: A-2-3-4-5 is the best hand."""
    assert showdown(ACE_FIVE_TRIPLE, {1: "5h4h3h2hAh", 2: "6c4d3c2dAc", 3: "7s5s4s3s2s"}) == {1: 60}


def test_badugi_four_suits_beat_three() -> None:
    """Badugi: four cards of four suits and four ranks beat any three-card hand; between two
    badugis the lower highest card wins (PHH alice-carol-wikipedia: 8-7-5-3 beats 9-6-4-2)."""
    assert showdown(BADUGI, {1: "KcQdJhTs", 2: "AcAd2h3s"}) == {1: 40}
    assert showdown(BADUGI, {1: "2s4c6d9h", 2: "3s5d7c8h"}) == {2: 40}


def test_five_card_draw_is_high_poker() -> None:
    assert showdown(FIVE_CARD_DRAW, {1: "AhAcKdKs2c", 2: "QhQcQdJs3c"}) == {2: 40}


def test_a_draw_spot_starts_with_its_draw() -> None:
    """``Hand.from_spot`` on a draw street starts with that street's draw."""
    spot = pf.Hand.from_spot(
        TRIPLE_27, stacks={1: 500, 2: 500, 3: 500}, button=3, street="draw2", contributions={1: 60, 2: 60, 3: 60}
    )
    assert spot.street == "draw2" and spot.legal() == pf.Legal(seat=1, draw=5)
