"""Bomb pots through the protocol (issue 23, item 3; docs/protocol.md, host commands): the host's
``bomb_pot`` makes the next hand one (``pf.Table.call_bomb_pot``), the table option ``bomb_pots``
makes every N-th hand one (``pf.Table.bomb_pots``); with a double board the pot is split between
the two boards. The rules of the hand itself (every player dealt in antes, no betting before the
flop) are tested with ``Hand(bomb_pot=...)`` in the hand layer; these test the server's edge."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerfloor.server.commands import BombPot, Refused, parse
from pokerfloor.server.room import Config
from pokerfloor.table.bombs import hand_name
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
    assert game.host.state["table"]["bomb_pot"] == {"hand": None, "next": {"ante": 5, "boards": 2}, "rule": None}
    assert game.host.reply({"type": "start"})["type"] == "ack"
    game.host.reply({"type": "pause"})
    game.sync()
    player = game.players[0].state
    assert player["table"]["bomb_pot"] == {"hand": {"ante": 5, "boards": 2}, "next": None, "rule": None}
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


# ---------------------------------------------------------------------- the button's hand (issue 23, item 3)
def test_a_bomb_pots_option_with_chosen_hands_is_kept_written_the_one_way() -> None:
    config = Config.parse({"game": {"variant": "holdem"}, "options": {"bomb_pots": {"hands": "27o aa", "ante": 5}}})
    assert config.to_json()["options"]["bomb_pots"] == {"ante": 5, "boards": 1, "hands": "72o, AA"}
    assert Config.parse(config.to_json()).bomb_pots == config.bomb_pots
    option = {"every": 9, "hands": "72", "ante": 2, "boards": 2}
    both = Config.parse({"game": {"variant": "holdem"}, "options": {"bomb_pots": option}})
    assert both.bomb_pots is not None and both.bomb_pots.json() == {"every": 9, "ante": 2, "boards": 2, "hands": "72"}


OMAHA = {"variant": "omaha", "structure": "pot_limit", "small_blind": 1, "big_blind": 2}


@pytest.mark.parametrize(
    ("game", "option", "field"),
    [
        ({"variant": "holdem"}, {"hands": "ZZ", "ante": 5}, "hands"),
        ({"variant": "holdem"}, {"hands": "AAs", "ante": 5}, "hands"),
        ({"variant": "holdem"}, {"hands": ["72o"], "ante": 5}, "hands"),
        ({"variant": "holdem"}, {"hands": "", "ante": 5}, "hands"),
        ({"variant": "holdem"}, {"hands": "72o, " * 200, "ante": 5}, "hands"),
        ({"variant": "holdem"}, {"hands": "72o"}, "ante"),
        ({"variant": "holdem"}, {"ante": 5, "boards": 2}, "bomb_pots"),     # neither every nor hands
        (OMAHA, {"hands": "72o", "ante": 5}, "hands"),                        # not two-card hold'em
        ({"variant": "short_deck", "ante": 1}, {"hands": "72o", "ante": 5}, "hands"),
    ],
)
def test_chosen_hands_the_game_cannot_take_are_refused_naming_the_field(
    game: dict[str, Any], option: dict[str, Any], field: str
) -> None:
    with pytest.raises(Refused) as refused:
        Config.parse({"game": game, "options": {"bomb_pots": option}})
    assert refused.value.code == "bad_field" and refused.value.field == field, refused.value.message


def _button_cards(game: Session) -> str:
    """The hand the button of the hand in play was dealt, as a chosen hand is written (read off
    the server's own table: the test plays the dealer)."""
    hand = game.room.table.hand
    assert hand is not None
    name = hand_name(hand.holes[hand.button_seat])
    assert name is not None
    return name


def test_the_host_sets_the_rule_and_the_button_s_hand_makes_the_next_hand_a_bomb_pot(http: TestClient) -> None:
    game = _three(http)
    assert game.host.reply({"type": "start"})["type"] == "ack"
    game.sync()
    held = _button_cards(game)
    set_up = game.host.reply({"type": "bomb_pots", "hands": held, "ante": 4, "boards": 2})
    assert set_up["type"] == "ack", set_up
    game.sync()
    rule = {"every": None, "ante": 4, "boards": 2, "hands": held}
    for peer in game.everyone():               # told the rule, not yet what the button holds
        assert peer.state["table"]["bomb_pot"] == {"hand": None, "next": None, "rule": rule}
    button = game.room.table.hand.button_seat  # type: ignore[union-attr]
    number = game.play_hand()
    game.sync()
    for peer in game.everyone():
        events = {e["number"]: e for f in peer.frames if f["type"] == "update" for e in f["events"]}
        told = [e for e in events.values() if e["kind"] == "bomb_pot_triggered"]
        assert [(e["hand"], e["seat"], e["chips"]) for e in told] == [(number + 1, button, 4)], peer.name
        # The table is running: the next hand is dealt as the last one ends, a bomb pot.
        assert peer.state["table"]["hand_number"] == number + 1
        assert peer.state["table"]["bomb_pot"]["hand"] == {"ante": 4, "boards": 2}
        assert [len(b) for b in peer.state["hand"]["boards"]] == [3, 3]
    assert game.room.table.bomb_rule == (4, 2, None, (held,))


def test_no_trigger_was_told_in_any_frame_before_the_hand_ended(http: TestClient) -> None:
    """The rule set mid-hand: every frame up to the hand's last action says nothing of it."""
    game = _three(http)
    assert game.host.reply({"type": "start"})["type"] == "ack"
    game.sync()
    assert game.host.reply({"type": "bomb_pots", "hands": _button_cards(game), "ante": 3})["type"] == "ack"
    game.host.reply({"type": "pause"})          # the hand in play ends; no next one is dealt
    game.play_hand()
    game.sync()
    frames = [f for f in game.players[0].frames if f["type"] == "update"]
    ended = next(i for i, f in enumerate(frames) if f["hand"] and f["hand"]["is_over"])
    assert all(f["table"]["bomb_pot"]["next"] is None for f in frames[:ended] if f["table"]["bomb_pot"])
    assert frames[-1]["table"]["bomb_pot"]["next"] == {"ante": 3, "boards": 1}


@pytest.mark.parametrize(
    ("frame", "code", "field"),
    [
        ({"hands": "ZZ", "ante": 3}, "bad_field", "hands"),
        ({"hands": "72o"}, "bad_field", "ante"),
        ({"every": 2}, "bad_field", "ante"),
        ({"every": 0, "ante": 3}, "bad_field", "every"),
        ({"hands": 72, "ante": 3}, "bad_field", "hands"),
    ],
)
def test_a_bomb_pots_command_out_of_range_is_refused_and_nothing_is_stored(
    http: TestClient, frame: dict[str, Any], code: str, field: str
) -> None:
    game = _three(http)
    game.sync()
    stored = len(game.store_inputs())
    got = game.host.reply({"type": "bomb_pots", **frame})
    assert (got["type"], got["code"], got["field"]) == ("error", code, field), got
    assert len(game.store_inputs()) == stored and game.room.table.bomb_rule is None


def test_the_bomb_pots_command_in_omaha_is_refused_naming_hands_and_in_stud_illegal(http: TestClient) -> None:
    omaha = Session(http, game=OMAHA, seed="0c")
    got = omaha.host.reply({"type": "bomb_pots", "hands": "72o", "ante": 3})
    assert (got["code"], got["field"]) == ("bad_field", "hands") and "two-card hold'em" in got["message"]
    stud = Session(http, game=STUD, seed="0c")
    got = stud.host.reply({"type": "bomb_pots", "every": 3, "ante": 3})
    assert got["code"] == "illegal", got
    assert omaha.room.table.bomb_rule is None and stud.room.table.bomb_rule is None


def test_the_host_ends_the_rule(http: TestClient) -> None:
    game = _three(http, bomb_pots={"every": 2, "ante": 4, "hands": "AA"})
    assert game.room.table.bomb_rule == (4, 1, 2, ("AA",))
    assert game.host.reply({"type": "bomb_pots"})["type"] == "ack"
    game.sync()
    assert game.room.table.bomb_rule is None
    assert game.host.state["table"]["bomb_pot"] is None


def test_the_rule_the_host_set_and_a_bomb_pot_owed_survive_a_room_record() -> None:
    """The host's ``bomb_pots`` changes the table's rule, which the table's record holds: a room
    restored from the record taken as the hand ended deals the bomb pot the button's hand called,
    and keeps the rule."""
    from pokerfloor.server import records
    from pokerfloor.server.room import Room

    from .test_refused import HOST, config, seated

    room = seated(Room("t", config(), HOST))
    room.apply(room.next_deal())
    hand = room.table.hand
    assert hand is not None
    held = hand_name(hand.holes[hand.button_seat])
    room.apply_stored({"kind": "bomb_pots", "every": None, "ante": 6, "boards": 1, "hands": held})
    while room.in_hand:
        to_act = room.table.to_act
        player = room.player_at(to_act) if to_act is not None else None
        assert player is not None
        room.apply_stored({"kind": "act", "player_id": player.player_id, "action": "fold", "to": None,
                    "client_action_id": f"f{room.seq}"})
    record = json.dumps(records.room_record(room))
    again = records.restored("t", config(), HOST, record, {1: records.hand_json(room.hands[0])})
    assert again.table.bomb_rule == (6, 1, None, (held,)) and again.table.next_bomb_pot == (6, 1)
    again.apply(again.next_deal())
    assert again.table.hand is not None and again.table.hand.bomb_pot == 6
