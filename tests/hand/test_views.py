"""Seat views (``Hand.view``): a seat sees its own cards, every upcard and card shown, the board
and the chips, never another seat's down cards before they are shown, mucked or folded cards,
or the deck (TDA 2024 R16-R18 for what a showdown turns face up). Exports of a hand in progress
are written as a seat or a spectator sees it."""

from __future__ import annotations

import dataclasses
import random

import pytest
from handkit import deal, play, seats
from hypothesis import HealthCheck, given, settings
from randomhands import Setup, give_random_input, setups

import pokerfloor as pf
from pokerfloor.bots import make_bot
from pokerfloor.cards import Card
from pokerfloor.hand import stud
from pokerfloor.io import export, ohh
from pokerfloor.narrate import narrate

NL = pf.Game.no_limit_holdem(50, 100)
STUD = pf.Game(variant="stud", structure="fixed_limit", ante=5, bring_in=10, small_bet=20, big_bet=40)


def cards_in_view(view: pf.SeatView) -> set[Card]:
    """Every card a view holds anywhere: hole cards, board, events."""
    held = {c for cards in view.holes.values() for c in cards}
    held |= {c for e in view.events for c in e.cards}
    held |= set(view.board)
    return {c for c in held if c is not None}


def face_up_cards(hand: pf.Hand, seat: int) -> set[Card | None]:
    """The cards of ``seat`` that every seat may see, worked out from the full hand and the
    rules rather than the engine's own visibility marks: stud's third to sixth card, the cards
    it showed, and its whole hand once no more betting is possible (TDA 2024 R16)."""
    cards = hand.holes[seat]
    up = {c for p, c in enumerate(cards) if hand.variant.family == "stud" and stud.is_upcard(p)}
    up |= {c for e in hand.events if e.kind == "show" and e.seat == seat for c in e.cards}
    if any(e.kind == "expose" for e in hand.events) and seat in hand.in_hand:
        up |= set(cards)
    return up


def check_view(hand: pf.Hand, viewer: int | None) -> None:
    """No card of the view is one ``viewer`` may not see: another seat's down cards before they
    are shown (hole cards, a draw's discards and replacements), mucked or folded cards, the deck."""
    view = hand.view(viewer)
    dealt = {c for cards in hand.holes.values() for c in cards} | set(hand.board)
    dealt |= {c for e in hand.events for c in e.cards}
    assert not cards_in_view(view) - dealt, "the view shows an undealt card"
    for seat, cards in view.holes.items():
        if seat != viewer:
            assert {c for c in cards if c is not None} <= face_up_cards(hand, seat), (viewer, seat)
    for event in view.events:
        if event.seat != viewer and event.kind in ("deal_hole", "draw"):
            seen = {c for c in event.cards if c is not None}
            assert seen <= face_up_cards(hand, event.seat) - {None} if event.kind == "deal_hole" else not seen
    if viewer is not None:
        assert view.hole == tuple(hand.holes[viewer])
        assert (view.legal is not None) == (hand.to_act == viewer)
    assert view.board == tuple(hand.board)


def check_every_view(hand: pf.Hand) -> None:
    for viewer in (None, *hand.seats):
        check_view(hand, viewer)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups())
def test_no_view_of_a_seat_ever_holds_a_card_it_may_not_see(setup: Setup) -> None:
    """Over random hands of every variant, at every moment, for every seat and a spectator."""
    hand = setup.hand()
    rng = random.Random(setup.play_seed)
    check_every_view(hand)
    while not hand.is_over:
        give_random_input(hand, rng)
        check_every_view(hand)
    view = hand.view(hand.seats[0])
    assert pf.SeatView.from_json(view.to_json()) == view


def test_a_seat_sees_its_own_cards_and_not_the_others() -> None:
    hand = deal(NL, seats(3))
    view = hand.view(2)
    assert view.hole == tuple(hand.holes[2]) and None not in view.hole
    assert view.holes[1] == (None, None) and view.holes[3] == (None, None)
    assert all(cards == (None, None) for cards in hand.view(None).holes.values())


def test_stud_upcards_are_seen_by_everyone_the_down_cards_by_their_seat() -> None:
    """Stud: the first two cards down, the third (the door card) up (RROP11 stud)."""
    hand = deal(STUD, seats(3))
    for seat, cards in hand.view(None).holes.items():
        assert cards[:2] == (None, None)
        assert cards[2] == hand.holes[seat][2]
    deals = [e for e in hand.events if e.kind == "deal_hole"]
    assert all(e.seen_by == ("seat", "seat", "everyone") for e in deals)


def test_events_say_who_may_see_each_card_and_the_post_kind() -> None:
    hand = play(deal(NL, seats(3)), [(3, "call"), (1, "call"), (2, "check")])
    posts = [(e.seat, e.post) for e in hand.events if e.kind == "post"]
    assert posts == [(1, "sb"), (2, "bb")]
    flop = next(e for e in hand.events if e.kind == "deal_board")
    assert flop.seen_by == ("everyone",) * 3
    assert hand.view(None).events[-1] == flop


def test_a_draw_is_seen_whole_by_its_seat_only() -> None:
    game = pf.Game(variant="five_card_draw", structure="fixed_limit", small_blind=1, big_blind=2)
    hand = play(deal(game, seats(2), button=2), [(2, "call"), (1, "check")])
    thrown = hand.holes[1][:2]
    hand.act(1, "draw", discard=thrown)
    draw_event = next(e for e in hand.events if e.kind == "draw")
    assert hand.view(1).events[hand.events.index(draw_event)].cards == tuple(thrown)
    assert hand.view(2).events[hand.events.index(draw_event)].cards == (None, None)
    assert not set(hand.holes[1]) & cards_in_view(hand.view(2))


def test_the_view_is_immutable_and_round_trips_through_json() -> None:
    hand = play(deal(NL, seats(3)), [(3, "raise", 300)])
    view = hand.view(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.street = "river"  # type: ignore[misc]
    with pytest.raises(TypeError):
        view.stacks[1] = 0  # type: ignore[index]
    again = pf.SeatView.from_json(view.to_json())
    assert again == view
    assert again.legal == hand.legal() and again.legal is not None and again.legal.raise_ is not None


def test_legal_is_in_the_view_only_on_the_viewers_turn() -> None:
    hand = deal(NL, seats(3))
    assert hand.view(3).legal == hand.legal()
    assert hand.view(1).legal is None and hand.view(None).legal is None


def test_a_view_of_a_seat_not_dealt_in_is_refused() -> None:
    with pytest.raises(ValueError):
        deal(NL, seats(3)).view(7)


def test_a_reader_refuses_another_format() -> None:
    text = deal(NL, seats(2)).view(1).to_json().replace('"version":1', '"version":99')
    with pytest.raises(ValueError):
        pf.SeatView.from_json(text)


def test_cards_shown_at_the_showdown_are_seen_by_all_a_mucked_hand_by_none() -> None:
    """TDA 2024 R17-R18: a hand shown is face up; a hand that can no longer win may be mucked
    unseen. Seat 1 shows first (nobody bet the river), seat 2 cannot beat it and mucks, seat 3
    can and shows."""
    holes = {1: "7c8d", 2: "6c2h", 3: "AhAd"}
    hand = deal(NL, seats(3), holes=holes, board="AsKd9c5h4s", auto_muck=False)
    hand = play(hand, [(3, "call"), (1, "call"), (2, "check")])
    for _ in range(3):
        play(hand, [(1, "check"), (2, "check"), (3, "check")])
    assert hand.to_act == 2 and hand.legal().muck and hand.view(2).legal == hand.legal()
    hand.act(2, "muck")
    assert hand.is_over
    spectator = hand.view(None)
    assert spectator.holes[1] == tuple(hand.holes[1]) and spectator.holes[3] == tuple(hand.holes[3])
    assert spectator.holes[2] == (None, None)
    assert not set(hand.holes[2]) & cards_in_view(hand.view(1))


def test_exports_of_a_hand_in_progress_are_written_as_a_seat_sees_it() -> None:
    hand = play(deal(NL, seats(3)), [(3, "call")])
    secret = str(hand.holes[1][0])
    mine = str(hand.holes[3][0])
    phh_spectator = " ".join(export.history_of(hand).actions)
    assert secret not in phh_spectator and mine not in phh_spectator
    phh_seat = " ".join(export.history_of(hand, seat=3).actions)
    assert mine in phh_seat and secret not in phh_seat
    assert secret in " ".join(export.history_of(hand, full=True).actions)
    assert secret not in ohh.dumps(ohh.to_ohh(hand, seat=3))
    assert secret in ohh.dumps(ohh.to_ohh(hand, full=True))
    stud_hand = deal(STUD, seats(3))
    hidden = str(stud_hand.holes[1][0])
    assert not any(hidden in line for line in narrate(stud_hand, seat=2))
    assert any(hidden in line for line in narrate(stud_hand, seat=1))


def test_a_bot_chooses_from_its_seats_view() -> None:
    hand = deal(NL, seats(3))
    bot = make_bot("pro", "Pro", random.Random(3))
    action, to = bot.choose(hand.view(3))
    hand.act(3, action, to=to)
    with pytest.raises(ValueError):
        bot.choose(hand.view(3))
