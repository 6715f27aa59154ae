"""Bad input and abuse, continued (issue 13): a flood that persists closes that connection only
(the limit is per connection), and no error message or log line holds a card its reader may
not see, however a seat or a spectator misbehaves."""

from __future__ import annotations

import json
import logging
import random
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokerfloor.server import create_app
from tests.server.conftest import Peer, Session

CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def test_a_flood_that_persists_closes_that_connection_and_no_other(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'f.db'}", flood=5)
    with TestClient(app) as http, http.websocket_connect("/ws") as calm:
        with pytest.raises(WebSocketDisconnect), http.websocket_connect("/ws") as flooder:
            for n in range(200):
                flooder.send_json({"type": "resync", "last_seq": 0, "id": n})
            for _ in range(200):
                flooder.receive_json()
        calm.send_json({"type": "resync", "last_seq": 0, "id": "still here"})
        assert calm.receive_json()["reply_to"] == "still here"


def _bad_frames(peer: Peer, rng: random.Random) -> list[dict[str, Any]]:
    """Commands a player or a spectator may not give now: out of turn, too big, malformed."""
    hand = peer.state.get("table", {}).get("hand_number", 0)
    return rng.sample([
        {"type": "act", "hand": hand, "action": "raise", "to": 10**6, "turn_token": peer.turn_token or "x",
         "client_action_id": f"bad{rng.random()}"},
        {"type": "act", "hand": hand, "action": "bet", "to": 1, "turn_token": "forged", "client_action_id": "b"},
        {"type": "act", "hand": hand + 1, "action": "fold", "turn_token": peer.turn_token or "x",
         "client_action_id": "c"},
        {"type": "top_up", "chips": 10**7},
        {"type": "join", "name": "again", "seat": 1, "chips": 100},
        {"type": "remove", "seat": 1},
        {"type": "edit_stack", "seat": 2, "chips": 5},
    ], 1)


def test_no_error_message_or_log_line_holds_a_hidden_card(http: TestClient, caplog: Any) -> None:
    caplog.set_level(logging.DEBUG)
    game = Session(http, seed="fade")
    seats = {game.join(f"p{seat}", seat): seat for seat in (1, 2, 3)}
    rail = Peer(http, "rail")
    rail.reply({"type": "hello", "version": 1, "table_id": game.table_id})
    game.host.reply({"type": "start"})
    rng = random.Random(13)
    errors: dict[Peer, list[tuple[int, dict[str, Any]]]] = {peer: [] for peer in [*seats, rail]}
    for _ in range(4):
        number = game.room.table.hand_number
        while (turn := game.to_act()) is not None and turn.state["table"]["hand_number"] == number:
            for peer in errors:
                if len(errors[peer]) >= 15:         # below the 20 errors that close a connection
                    continue
                for frame in _bad_frames(peer, rng):
                    got = peer.reply(frame)
                    if got["type"] == "error":
                        errors[peer].append((game.room.table.hand_number, got))
            turn.sync()
            legal = turn.state["hand"]["legal"]
            game.act(turn, "check" if legal.get("check") else "call")
    game.sync()
    hands = {n: h for n, h in enumerate(game.room.hands, 1)}
    if game.room.hand is not None:
        hands[game.room.table.hand_number] = game.room.hand
    codes = set()
    for peer, got in errors.items():
        mine = seats.get(peer)
        for number, error in got:
            hand = hands[number]
            shown = {str(c) for cards in hand.view(None).holes.values() for c in cards if c is not None}
            hidden = {str(c) for s, cards in hand.holes.items() if s != mine for c in cards} - shown
            assert not set(CARD_TEXT.findall(json.dumps(error))) & hidden, error
            codes.add(error["code"])
    assert {"illegal", "stale_turn", "not_host"} <= codes       # the misbehaviour was refused
    every_hole = {str(c) for hand in hands.values() for cards in hand.holes.values() for c in cards}
    for record in caplog.records:
        if record.name.startswith("pokerfloor"):
            # The server logs table ids and message types, never cards (its reader is the operator).
            text = str(record.msg) + (caplog.text if record.exc_info else "")
            assert not set(CARD_TEXT.findall(text)) & every_hole, text
    game.close()
    rail.close()
