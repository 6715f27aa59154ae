"""The host's moves at a ``pf.Table`` (issue 24, host controls): a player moved to a free seat
between hands (``Table.move``), and the buy-in limits set during a session (``Table.set_buy_in``),
each refused whole when it cannot be done (nothing changed)."""

from __future__ import annotations

import json
import random

import pytest

import pokerfloor as pf
from pokerfloor.errors import IllegalAction

GAME = pf.Game(small_blind=1, big_blind=2)


def table() -> pf.Table:
    t = pf.Table(GAME, seats=6, rng=random.Random(4), button=1)
    for seat in (1, 2, 3):
        t.sit(seat, f"p{seat}", 100, player_id=f"id{seat}")
    return t


def fold_out(t: pf.Table) -> None:
    while t.in_play:
        t.act(t.to_act, "fold")
    t.end_hand()


def state(t: pf.Table) -> str:
    return json.dumps(t.record().to_dict(), sort_keys=True, default=str)


def test_a_player_moves_with_their_chips_and_plays_from_the_new_seat() -> None:
    t = table()
    t.start_hand()
    fold_out(t)
    chips = t.stack(2)
    t.move(2, 5)
    assert 2 not in t.seats and t.seats[5].player_id == "id2" and t.stack(5) == chips
    assert t.seat_of("id2") == 5
    t.start_hand()
    assert t.hand is not None and 5 in t.hand.seats and 2 not in t.hand.seats
    fold_out(t)
    t.verify()


@pytest.mark.parametrize(("seat", "to"), [(2, 3), (4, 5), (2, 7), (2, 0)])
def test_a_move_to_a_taken_or_unknown_seat_or_of_an_empty_one_is_refused_unchanged(seat: int, to: int) -> None:
    t = table()
    before = state(t)
    with pytest.raises(IllegalAction):
        t.move(seat, to)
    assert state(t) == before


def test_no_move_while_a_hand_is_in_play_even_of_a_seat_not_dealt_in() -> None:
    t = table()
    t.start_hand()
    t.sit(4, "p4", 100, player_id="id4")     # waits for the big blind: not in this hand
    before = state(t)
    for seat in (1, 4):
        with pytest.raises(IllegalAction):
            t.move(seat, 6)
    assert state(t) == before


def test_the_buy_in_set_applies_to_sits_and_top_ups_from_now_on() -> None:
    t = table()
    assert t.buy_in_range() == (40, 200)
    t.set_buy_in(50, 120)
    assert t.buy_in_range() == (50, 120)
    with pytest.raises(IllegalAction) as low:
        t.sit(4, "p4", 49)
    assert low.value.reason == "below_min_buy_in"
    with pytest.raises(IllegalAction):
        t.top_up(1, 21)                          # 100 + 21 is over the new maximum
    t.top_up(1, 20)
    t.set_game(pf.Game(small_blind=2, big_blind=4))     # new stakes keep the host's buy-in
    assert t.buy_in_range() == (50, 120)
    t.set_buy_in(10, None)
    assert t.buy_in_range() == (10, None)
    with pytest.raises(ValueError):
        t.set_buy_in(100, 99)
    t.start_hand()
    assert t.hand is not None and t.game.house.buy_in == (10, None)
