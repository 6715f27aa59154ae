"""The table's one event stream: the table's events and the hands' events in one order, numbered
across hands, seen per seat without another seat's hidden cards, kept in bounded memory."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf
from pokerfloor.table import Table, TableEvent

NL = pf.Game.no_limit_holdem(1, 2)


def table_of(*seats: int, keep_hands: int = 100, sink: object = None) -> Table:
    made = iter(range(1, 1000))
    t = Table(NL, seats=6, rng=random.Random(4), keep_hands=keep_hands, sink=sink,  # type: ignore[arg-type]
              player_ids=lambda: f"id{next(made)}")
    for seat in seats:
        t.sit(seat, f"P{seat}", 100)
    return t


def checked_down(t: Table) -> pf.Hand:
    hand = t.start_hand()
    while not hand.is_over:
        t.act(hand.to_act, "check" if hand.legal().check else "call")  # type: ignore[arg-type]
    return hand


def test_one_stream_numbers_the_table_and_hand_events_in_order_across_hands() -> None:
    t = table_of(1, 2, 3)
    first = checked_down(t)
    t.end_hand()
    second = checked_down(t)
    t.end_hand()
    events = t.events
    assert [e.seq for e in events] == list(range(1, len(events) + 1)) and t.seq == len(events)
    for number, hand in ((1, first), (2, second)):
        mine = [e for e in events if e.hand == number]
        assert [e.event for e in mine if e.kind == "hand_event"] == hand.events
        kinds = [e.kind for e in mine]
        assert kinds.index("hand_started") < kinds.index("hand_event") < kinds.index("hand_ended")
    sits = [e for e in events if e.kind == "sit"]
    assert [(e.seat, e.player, e.player_id) for e in sits] == [(1, "P1", "id1"), (2, "P2", "id2"), (3, "P3", "id3")]
    assert t.events_since(events[-3].seq) == events[-2:]


def test_a_hand_played_through_the_hand_itself_joins_the_stream_in_order() -> None:
    """Hand events not yet taken in are numbered as the stream will number them, and keep those
    numbers once a step of the table takes them in."""
    t = table_of(1, 2)
    hand = t.start_hand()
    hand.act(hand.to_act, "call")  # type: ignore[arg-type]
    read = t.events
    t.sit(4, "Late", 100)
    assert t.events[: len(read)] == read and t.events[-1].kind == "sit"


def dealt_by_hand(t: Table) -> pf.Hand:
    """A hand dealt by hand (so its hole cards are events), checked down to a showdown where
    every hand still in is mucked automatically when it cannot win."""
    hand = t.start_hand(dealing="manual")
    holes = iter(["AsAh", "7c2d", "9s8s", "KcKd", "5h4h"])
    board = pf.parse_cards("Ts6c4h3s2h")
    while not hand.is_over:
        request = hand.awaiting_deal
        if request is not None and request.seat is not None:
            t.act(request.seat, "deal", cards=next(holes))
        elif request is not None:
            t.act(None, "deal", cards=board[len(hand.board):][: request.count])
        else:
            t.act(hand.to_act, "check" if hand.legal().check else "call")  # type: ignore[arg-type]
    return hand


def hidden(events: tuple[TableEvent, ...], seat: int) -> list[bool]:
    """For each card of another seat dealt face down, whether the view hides it."""
    return [
        card is None
        for e in events
        if e.event is not None and e.event.kind == "deal_hole" and e.seat != seat
        for card, seen in zip(e.event.cards, e.event.seen_by, strict=True)
        if seen == "seat"
    ]


def test_events_for_a_seat_hide_other_seats_hole_cards() -> None:
    t = table_of(1, 2, 3)
    dealt_by_hand(t)
    for viewer in (1, 2, 3, None):
        seen = t.events_for(viewer)
        assert hidden(seen, viewer or 0) and all(hidden(seen, viewer or 0))
    own = [e.event for e in t.events_for(2) if e.event is not None and e.event.kind == "deal_hole" and e.seat == 2]
    assert own and all(None not in e.cards for e in own)
    assert not all(hidden(t.events, 0))  # the table's own stream is the dealer's copy


def test_a_new_player_in_a_seat_does_not_see_the_cards_of_the_player_before() -> None:
    t = table_of(1, 2, 3)
    dealt_by_hand(t)
    t.end_hand()
    t.leave(2)
    t.sit(2, "P2", 100)  # the same name, another player
    old = [e.event for e in t.events_for(2) if e.hand == 1 and e.seat == 2 and e.event and e.event.kind == "deal_hole"]
    assert old and all(card is None for e in old for card in e.cards)


def test_keep_hands_bounds_the_stream_and_sends_older_events_to_the_sink() -> None:
    gone: list[object] = []
    t = table_of(1, 2, keep_hands=2, sink=gone.append)
    for _ in range(5):
        checked_down(t)
        t.end_hand()
    assert {e.hand for e in t.events} <= {4, 5, 6}
    assert [e.seq for e in gone if isinstance(e, TableEvent)] == list(range(1, t.events[0].seq))


def test_table_act_plays_shows_mucks_and_deals_by_hand() -> None:
    """The table's ``act`` is the one way to play its hand: actions, cards dealt by hand, shows."""
    t = table_of(1, 2)
    hand = t.start_hand(dealing="manual")
    t.act(1, "deal", cards="AsAh")
    t.act(2, "deal", cards="7c2d")
    while not hand.is_over:
        request = hand.awaiting_deal
        if request is not None:
            t.act(None, "deal", cards=["Kd", "Qc", "4h", "3s", "2h"][len(hand.board):][: request.count])
        else:
            t.act(hand.to_act, "check" if hand.legal().check else "call")  # type: ignore[arg-type]
    assert hand.board == pf.parse_cards("KdQc4h3s2h")
    with pytest.raises(pf.IllegalAction) as refused:
        t.act(1, "check")
    assert refused.value.reason == "invalid_action"
    with pytest.raises(pf.IllegalAction):
        t.act(None, "deal")
    assert hand.result is not None and t.end_hand()
    kinds = [e.event.kind for e in t.events if e.event is not None]
    assert (kinds.count("deal_hole"), kinds.count("deal_board")) == (2, 3)


def test_a_player_id_is_separate_from_the_name_and_the_ledger_keys_on_it() -> None:
    t = table_of()
    t.sit(1, "Sam", 100, player_id="a")
    t.sit(2, "Sam", 100, player_id="b")  # names may repeat
    with pytest.raises(pf.IllegalAction):
        t.sit(3, "Other", 100, player_id="a")  # an id is seated once
    t.sit(3, "Cy", 100)
    assert t.seats[3].player_id == "id1"  # made by the injected function
    hand = checked_down(t)
    t.end_hand()
    t.rename(1, "Samuel")
    assert t.seats[1].player == "Samuel" and t.seat_of("a") == 1
    assert t.ledger.won("a") == hand.result.net[1] and t.ledger.won("b") == hand.result.net[2]  # type: ignore[union-attr]
    assert t.stacks() == {"a": t.stack(1), "b": t.stack(2), "id1": t.stack(3)}
    assert [e.name for e in t.ledger.entries if e.player_id == "a"] == ["Sam", "Sam"]
    assert "Samuel" in str(t.ledger)
    t.verify()


def test_made_ids_are_unpredictable_by_default() -> None:
    t = Table(NL, seats=3)
    a, b = t.sit(1, "Ann", 100), t.sit(2, "Ann", 100)
    assert a.player_id != b.player_id and len(a.player_id) == 16


def test_table_act_shows_or_mucks_a_hand_that_cannot_win_tda_r16_r18() -> None:
    """TDA 2024 R16-R18: with ``auto_muck=False`` the seat whose hand cannot win chooses at the
    showdown; its mucked cards stay hidden in every view."""
    t = table_of(1, 2)
    hand = t.start_hand(holes={1: "AsAh", 2: "7c2d"}, board="KdQc4h3s9h", auto_muck=False)
    while hand.to_act is not None and not {"show", "muck"} & set(hand.legal().actions):
        t.act(hand.to_act, "check" if hand.legal().check else "call")
    loser = hand.to_act
    assert loser is not None and "muck" in hand.legal().actions
    t.act(loser, "muck")
    assert hand.is_over and t.end_hand()
    mucked = [e for e in t.events if e.event is not None and e.event.kind == "muck"]
    assert [e.seat for e in mucked] == [loser]
    winner = 3 - loser
    assert all(card is None for e in t.events_for(winner) if e.seat == loser and e.event for card in e.event.cards)
