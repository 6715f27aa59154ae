"""Whole sessions through the protocol (docs/protocol.md), the ledger checked after every hand."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.server.conftest import Session


def test_three_players_play_hands_and_the_ledger_balances(http: TestClient) -> None:
    game = Session(http)
    for seat, name in ((1, "ann"), (3, "bob"), (5, "cy")):
        game.join(name, seat)
    assert game.host.reply({"type": "start"})["type"] == "ack"
    for number in range(1, 5):
        assert game.play_hand() == number
        assert len(game.room.hands) == number   # the room checked the ledger as it ended the hand
    assert game.host.reply({"type": "pause"})["type"] == "ack"
    game.play_hand()
    game.sync()
    game.room.table.verify()
    assert not game.room.in_hand
    game.close()
