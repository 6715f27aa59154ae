"""Bomb pots at a table (``Table.call_bomb_pot``, ``Table.bomb_pots``; citations ``BOMB_POT``):
the host calls one for the next hand, or a table rule makes every N-th hand one."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

import pokerfloor as pf
from pokerfloor import citations as cite
from pokerfloor.hand import Hand

PlayOut = Callable[[Hand, random.Random], None]


def table_of(players: int = 4) -> pf.Table:
    table = pf.Table(pf.Game.no_limit_holdem(1, 2), seats=6, rng=random.Random(1), button=1)
    for seat in range(1, players + 1):
        table.sit(seat, f"p{seat}", 200)
    return table


def test_the_host_calls_a_bomb_pot_for_the_next_hand(play_out: PlayOut) -> None:
    """Every player dealt in antes, no blinds, the flop dealt at once; the button and the blinds'
    rotation move on as after any hand."""
    table = table_of()
    rng = random.Random(2)
    play_out(table.start_hand(), rng)
    table.call_bomb_pot(5)
    assert table.next_bomb_pot == (5, 1)
    bomb = table.start_hand()
    assert bomb.bomb_pot == 5 and {p.kind for p in bomb.posts} == {"ante"} and len(bomb.posts) == 4
    assert bomb.street == "flop" and bomb.button_seat == 2
    assert any(e.kind == "bomb_pot_called" and e.rule == cite.BOMB_POT for e in table.events)
    play_out(bomb, rng)
    after = table.start_hand()
    assert after.bomb_pot == 0 and after.button_seat == 3
    assert [(p.seat, p.kind) for p in after.posts] == [(4, "sb"), (1, "bb")]
    play_out(after, rng)
    table.end_hand()
    table.verify()


def test_a_straddle_declared_is_void_in_a_bomb_pot(play_out: PlayOut) -> None:
    table = table_of()
    play_out(table.start_hand(), random.Random(3))
    table.straddle(table.preview().under_the_gun)
    table.call_bomb_pot(4, boards=2)
    hand = table.start_hand()
    assert all(p.kind == "ante" for p in hand.posts) and hand.runs == 2
    assert [e.kind for e in table.events].count("straddle_void") == 1


def test_a_table_rule_makes_every_third_hand_a_bomb_pot(play_out: PlayOut) -> None:
    table = table_of(3)
    table.bomb_pots(3, 10, boards=2)
    rng, bombs = random.Random(4), []
    for number in range(1, 8):
        hand = table.start_hand()
        bombs.append(hand.bomb_pot)
        play_out(hand, rng)
        if number == 4:
            table = pf.Table.from_record(json.loads(table.record().to_json()))
    assert bombs == [0, 0, 10, 0, 0, 10, 0]
    table.bomb_pots(None)
    assert table.next_bomb_pot is None


def test_a_bomb_pot_in_play_is_restored_from_the_record() -> None:
    table = table_of()
    table.call_bomb_pot(6, boards=2)
    hand = table.start_hand()
    hand_to_act = hand.to_act
    assert hand_to_act is not None
    table.act(hand_to_act, "bet", to=10)
    copy = pf.Table.from_record(table.record().to_json())
    restored = copy.hand
    assert restored is not None and restored.bomb_pot == 6 and restored.boards == hand.boards
    assert restored.to_act == hand.to_act and restored.pots == hand.pots


def test_a_bomb_pot_is_refused_without_a_flop_or_chips() -> None:
    stud = pf.Table(pf.Game(variant="stud", structure="fixed_limit", small_bet=4, ante=1, bring_in=2), seats=4)
    with pytest.raises(pf.IllegalAction) as refused:
        stud.call_bomb_pot(5)
    assert refused.value.rule == cite.BOMB_POT
    table = table_of()
    for ante, boards in ((0, 1), (5, 3)):
        with pytest.raises(pf.IllegalAction):
            table.call_bomb_pot(ante, boards=boards)
    with pytest.raises(pf.IllegalAction):
        table.bomb_pots(0, 5)
    assert table.next_bomb_pot is None


def test_a_bomb_pot_called_lapses_when_the_game_changes_to_stud(play_out: PlayOut) -> None:
    table = table_of()
    table.call_bomb_pot(5)
    table.set_game(pf.Game(variant="stud", structure="fixed_limit", small_bet=4, ante=1, bring_in=2))
    hand = table.start_hand()
    assert hand.bomb_pot == 0 and [e.kind for e in table.events].count("bomb_pot_lapses") == 1
    assert table.next_bomb_pot is None

