"""Bomb pots through the protocol (issue 23, item 3; docs/protocol.md, host commands): the host's
``bomb_pot`` makes the next hand one (``pf.Table.call_bomb_pot``), the table option ``bomb_pots``
makes every N-th hand one (``pf.Table.bomb_pots``); with a double board the pot is split between
the two boards. The rules of the hand itself (every player dealt in antes, no betting before the
flop) are tested with ``Hand(bomb_pot=...)`` in the hand layer; these test the server's edge."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerfloor.server.commands import BombPot, Refused, parse
from pokerfloor.server.room import Config
from tests.server.conftest import Session

STUD = {"variant": "stud", "structure": "fixed_limit", "ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}


# ---------------------------------------------------------------------- the schema
def test_a_bomb_pot_command_parses_its_ante_and_boards() -> None:
    assert parse({"type": "bomb_pot", "ante": 5, "boards": 2}) == BombPot(ante=5, boards=2)
    assert parse({"type": "bomb_pot", "ante": 5}) == BombPot(ante=5, boards=1)


@pytest.mark.parametrize(
    ("frame", "field"),
    [
        ({"ante": 0}, "ante"), ({"ante": "5"}, "ante"), ({"ante": 5.5}, "ante"), ({"ante": True}, "ante"),
        ({}, "ante"), ({"ante": 2**53}, "ante"),
        ({"ante": 5, "boards": 3}, "boards"), ({"ante": 5, "boards": 0}, "boards"),
        ({"ante": 5, "boards": "2"}, "boards"), ({"ante": 5, "boards": True}, "boards"),
    ],
)
def test_a_bomb_pot_with_a_field_out_of_range_is_refused_naming_it(frame: dict[str, Any], field: str) -> None:
    with pytest.raises(Refused) as refused:
        parse({"type": "bomb_pot", **frame})
    assert refused.value.code == "bad_field" and refused.value.field == field


@pytest.mark.parametrize(
    ("option", "field"),
    [
        ("often", "bomb_pots"), ({"every": 0, "ante": 5}, "every"), ({"every": 1001, "ante": 5}, "every"),
        ({"every": 3}, "ante"), ({"every": 3, "ante": 0}, "ante"), ({"every": 3, "ante": 5, "boards": 3}, "boards"),
        ({"every": 3, "ante": 5, "when": "always"}, "bomb_pots"), ({"every": "3", "ante": 5}, "every"),
    ],
)
def test_a_bomb_pots_option_out_of_range_is_refused_naming_the_field(option: object, field: str) -> None:
    with pytest.raises(Refused) as refused:
        Config.parse({"game": {"variant": "holdem"}, "options": {"bomb_pots": option}})
    assert refused.value.code == "bad_field" and refused.value.field == field


def test_a_bomb_pots_option_in_a_game_without_a_flop_is_refused() -> None:
    with pytest.raises(Refused) as refused:
        Config.parse({"game": STUD, "options": {"bomb_pots": {"every": 3, "ante": 5}}})
    assert refused.value.field == "bomb_pots" and "flop" in refused.value.message


def test_the_bomb_pots_option_is_kept_in_the_tables_settings() -> None:
    config = Config.parse({"game": {"variant": "holdem"}, "options": {"bomb_pots": {"every": 4, "ante": 3}}})
    assert config.to_json()["options"]["bomb_pots"] == {"every": 4, "ante": 3, "boards": 1}
    again = Config.parse({**config.to_json()})
    assert again.bomb_pots == config.bomb_pots


# ---------------------------------------------------------------------- at the table
def _three(http: TestClient, **options: Any) -> Session:
    game = Session(http, seed="0b", **options)
    for seat, name in enumerate(("ann", "bob", "cat"), start=1):
        game.join(name, seat)
    return game


def test_the_host_calls_a_double_board_bomb_pot_and_the_pot_is_split_between_the_boards(http: TestClient) -> None:
    game = _three(http)
    called = game.host.reply({"type": "bomb_pot", "ante": 5, "boards": 2})
    assert called["type"] == "ack", called
    game.sync()
    assert game.host.state["table"]["bomb_pot"] == {"hand": None, "next": {"ante": 5, "boards": 2}}
    assert game.host.reply({"type": "start"})["type"] == "ack"
    game.host.reply({"type": "pause"})
    game.sync()
    player = game.players[0].state
    assert player["table"]["bomb_pot"] == {"hand": {"ante": 5, "boards": 2}, "next": None}
    # Every player dealt in put in the ante, no blinds; betting starts on the flop, two flops.
    hand = player["hand"]
    assert hand["street"] == "flop" and hand["total_pot"] == 15 and not any(hand["bets"].values())
    assert [len(board) for board in hand["boards"]] == [3, 3]
    number = game.play_hand()
    game.sync()
    result = game.host.state["result"]
    assert game.host.state["table"]["hand_number"] == number
    assert sorted({a["run"] for a in result["awards"]}) == [0, 1]
    assert sum(a["amount"] for a in result["awards"]) == 15
    assert sorted(a["amount"] for a in result["awards"] if a["pot"] == 0) == [7, 8]   # the odd chip to one board
    assert sum(seat["chips"] for seat in game.host.state["table"]["seats"].values()) == 600    # chips conserved


def test_a_bomb_pot_called_by_a_player_is_refused(http: TestClient) -> None:
    game = _three(http)
    got = game.players[0].reply({"type": "bomb_pot", "ante": 5})
    assert got["type"] == "error" and got["code"] == "not_host", got
    assert game.room.table.next_bomb_pot is None


def test_a_bomb_pot_in_stud_is_refused_illegal_and_nothing_is_stored(http: TestClient) -> None:
    game = Session(http, game=STUD, seed="0c")
    stored = len(game.store_inputs())
    got = game.host.reply({"type": "bomb_pot", "ante": 5})
    assert got["type"] == "error" and got["code"] == "illegal", got
    assert len(game.store_inputs()) == stored and game.room.table.next_bomb_pot is None


def test_the_table_rule_makes_every_second_hand_a_bomb_pot(http: TestClient) -> None:
    game = _three(http, bomb_pots={"every": 2, "ante": 4})
    assert game.host.reply({"type": "start"})["type"] == "ack"
    seen = {}
    for _ in range(4):
        game.sync()
        number = game.host.state["table"]["hand_number"]
        seen[number] = game.host.state["table"]["bomb_pot"]["hand"] if game.host.state["table"]["bomb_pot"] else None
        game.play_hand()
    assert seen[1] is None and seen[2] == {"ante": 4, "boards": 1} and seen[3] is None
    assert seen[4] == {"ante": 4, "boards": 1}
