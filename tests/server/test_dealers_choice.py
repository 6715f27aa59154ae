"""Dealer's choice through the protocol (issue 23, item 2; docs/protocol.md): the table option
``rotation`` named ``dealers_choice`` with the host's list of games, and the player command
``choose_game`` from the seat ``pf.Table.chooser`` names (the button of the first hand, then one
to the left each orbit). The table layer's own rules (the button across stud, the choice passing
on) are tested in tests/table; these test the server's edge."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerfloor.server.commands import ChooseGame, Refused, parse
from pokerfloor.server.room import Config
from tests.server.conftest import Peer, Session

CHOICE = {"name": "dealers_choice", "games": ["holdem", "razz", ["omaha", "pot_limit"]], "small_bet": 4}


def test_a_choose_game_command_parses_its_game() -> None:
    assert parse({"type": "choose_game", "game": "fixed_limit_razz"}) == ChooseGame(game="fixed_limit_razz")


@pytest.mark.parametrize("game", [None, "", 5, ["razz"], "x" * 65])
def test_a_choose_game_with_a_bad_game_is_refused_naming_it(game: object) -> None:
    with pytest.raises(Refused) as refused:
        parse({"type": "choose_game", "game": game})
    assert refused.value.code == "bad_field" and refused.value.field == "game"


@pytest.mark.parametrize(
    ("rotation", "field"),
    [
        ({**CHOICE, "games": []}, "games"), ({**CHOICE, "games": "razz"}, "games"),
        ({**CHOICE, "games": ["chess"]}, "games"), ({**CHOICE, "games": [["omaha", "spread"]]}, "games"),
        ({**CHOICE, "games": ["razz", "razz"]}, "rotation"), ({**CHOICE, "games": [["omaha"]]}, "games"),
        ({**CHOICE, "per": 0}, "rotation"), ({**CHOICE, "wild": True}, "rotation"),
        ({"name": "horse", "games": ["razz"]}, "rotation"),        # a fixed rotation has no list
    ],
)
def test_a_dealers_choice_option_out_of_range_is_refused_naming_the_field(rotation: Any, field: str) -> None:
    with pytest.raises(Refused) as refused:
        Config.parse({"options": {"rotation": rotation}})
    assert refused.value.code == "bad_field" and refused.value.field == field


def _choosing(http: TestClient) -> tuple[Session, dict[int, Peer]]:
    game = Session(http, seed="0d", seats=4, rotation=CHOICE)
    peers = {seat: game.join(name, seat) for seat, name in ((1, "ann"), (2, "bob"), (3, "cat"))}
    game.sync()
    return game, peers


def test_the_chooser_names_the_first_orbits_game_and_it_is_dealt(http: TestClient) -> None:
    game, peers = _choosing(http)
    choice = game.host.state["table"]["choice"]
    assert choice["games"] == ["fixed_limit_holdem", "fixed_limit_razz", "pot_limit_omaha"]
    assert choice["game"] is None and choice["chosen"] is None
    chooser = choice["chooser"]
    assert chooser == game.room.table.chooser and chooser in peers
    got = peers[chooser].reply({"type": "choose_game", "game": "fixed_limit_razz"})
    assert got["type"] == "ack", got
    game.sync()
    assert game.host.state["table"]["choice"]["chosen"] == "fixed_limit_razz"
    assert game.host.reply({"type": "start"})["type"] == "ack"
    game.host.reply({"type": "pause"})
    game.sync()
    state = peers[chooser].state
    assert state["hand"]["game"]["variant"] == "razz"
    after = state["table"]["choice"]
    assert after["game"] == "fixed_limit_razz" and after["chosen"] is None
    assert after["chooser"] != chooser and after["chooser"] in peers        # the choice passes on


def test_another_seat_may_not_choose_and_nothing_is_stored(http: TestClient) -> None:
    game, peers = _choosing(http)
    chooser = game.host.state["table"]["choice"]["chooser"]
    other = next(seat for seat in peers if seat != chooser)
    stored = len(game.store_inputs())
    got = peers[other].reply({"type": "choose_game", "game": "fixed_limit_razz"})
    assert got["type"] == "error" and got["code"] == "illegal", got
    assert len(game.store_inputs()) == stored and game.room.table.rotation.chosen is None  # type: ignore[union-attr]


def test_a_game_not_on_the_list_is_refused(http: TestClient) -> None:
    game, peers = _choosing(http)
    chooser = game.host.state["table"]["choice"]["chooser"]
    got = peers[chooser].reply({"type": "choose_game", "game": "fixed_limit_badugi"})
    assert got["type"] == "error" and got["code"] == "illegal" and "fixed_limit_holdem" in got["message"], got


def test_choose_game_at_a_table_without_dealers_choice_is_refused(http: TestClient) -> None:
    game = Session(http, seed="0e")
    ann = game.join("ann", 1)
    game.join("bob", 2)
    got = ann.reply({"type": "choose_game", "game": "fixed_limit_holdem"})
    assert got["type"] == "error" and got["code"] == "illegal", got
    game.sync()
    assert game.host.state["table"]["choice"] is None


def _broadcast(peer: Peer) -> list[dict[str, Any]]:
    """The events of each update as broadcast (a resync sends one again, without events)."""
    updates: dict[int, dict[str, Any]] = {}
    for frame in peer.frames:
        if frame["type"] == "update":
            updates.setdefault(frame["seq"], frame)
    return [e for f in updates.values() for e in f["events"]]


def test_start_before_the_chooser_names_a_game_tells_everyone_who_did_not_and_what_is_dealt(
    http: TestClient,
) -> None:
    """Issue 35, finding 6: the host presses Start before the chooser names the first round's
    game; the table deals the list's first (RotationState.upcoming) and says so in words, to
    every client and in the table's history (a reload's chat & log panel)."""
    game, peers = _choosing(http)
    chooser = game.host.state["table"]["choice"]["chooser"]
    name = {1: "ann", 2: "bob", 3: "cat"}[chooser]
    assert game.host.reply({"type": "start"})["type"] == "ack"
    game.host.reply({"type": "pause"})
    game.sync()
    said = f"{name} did not name the game for this round: fixed-limit Texas hold'em is dealt (the list's first game)"
    for peer in (game.host, *peers.values()):
        peer.sync()
        told = [e for e in _broadcast(peer) if e["kind"] == "no_choice"]
        assert [(e["seat"], e["name"], e["note"]) for e in told] == [(chooser, name, said)], peer.frames[-1]
        assert peer.state["hand"]["game"]["variant"] == "holdem"
    assert [line["note"] for line in game.room.log if line["kind"] == "no_choice"] == [said]


def test_a_named_game_is_dealt_without_a_no_choice_line(http: TestClient) -> None:
    game, peers = _choosing(http)
    chooser = game.host.state["table"]["choice"]["chooser"]
    assert peers[chooser].reply({"type": "choose_game", "game": "fixed_limit_razz"})["type"] == "ack"
    assert game.host.reply({"type": "start"})["type"] == "ack"
    game.host.reply({"type": "pause"})
    game.sync()
    assert not [line for line in game.room.log if line["kind"] == "no_choice"]


def test_a_later_round_nobody_named_deals_the_same_game_again_and_says_so(http: TestClient) -> None:
    """The chooser named Omaha for the first round; the next chooser names nothing before the
    second round is dealt: Omaha again, and every client is told who did not choose."""
    game, peers = _choosing(http)
    first = game.host.state["table"]["choice"]["chooser"]
    assert peers[first].reply({"type": "choose_game", "game": "pot_limit_omaha"})["type"] == "ack"
    assert game.host.reply({"type": "start"})["type"] == "ack"
    rotation = game.room.table.rotation
    assert rotation is not None
    second = game.room.table.chooser
    assert second is not None and second != first
    for _ in range(6):          # the first round: one hand a player (an orbit of three)
        game.play_hand()
        rotation = game.room.table.rotation
        assert rotation is not None
        if rotation.turns == 2:
            break
    game.host.reply({"type": "pause"})
    game.sync()
    assert rotation.turns == 2 and game.room.dealt_game is not None and game.room.dealt_game.variant == "omaha"
    name = {1: "ann", 2: "bob", 3: "cat"}[second]
    said = f"{name} did not name the game for this round: pot-limit Omaha is dealt (the same game again)"
    for peer in (game.host, *peers.values()):
        peer.sync()
        told = [e for e in _broadcast(peer) if e["kind"] == "no_choice"]
        assert [(e["seat"], e["note"]) for e in told] == [(second, said)], peer.frames[-1]
