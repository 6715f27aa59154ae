"""A connection's error budget (``transport.STRIKES``, docs/protocol.md "Errors") is spent by
frames refused at the edge (not JSON, a field outside its rules, a flood), never by a well-formed
command its table or event refuses as things stand: a host clicking a refused button, a player
acting out of turn, however often, keeps the connection (issue 38: the director's page was closed
at its 20th refused remove). Malformed frames still close it at the 20th."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokerfloor.server.event import routes
from pokerfloor.server.transport import STRIKES
from tests.server.conftest import FakeClock
from tests.server.test_abuse import _errors, _started
from tests.server.test_event_served import EVENT, served

MORE = STRIKES + 10     # refusals in a burst: past the budget, within the flood limit (40 a second)


def test_a_tables_refusals_of_well_formed_commands_cost_no_strike(http: TestClient, clock: FakeClock) -> None:
    """The fake clock stands still: the budget earns nothing back during the test."""
    game, peers = _started(http)
    turn = game.to_act()
    assert turn is not None
    other = next(p for p in peers if p is not turn)
    act = {"type": "act", "hand": turn.state["table"]["hand_number"], "action": "call",
           "turn_token": turn.turn_token}           # (the seat to act's token: not theirs)
    acts = [json.dumps({**act, "client_action_id": f"a{n}"}) for n in range(MORE)]
    assert set(_errors(other, acts)) <= {"not_your_turn", "stale_turn"}
    assert set(_errors(other, [json.dumps({"type": "pause"})] * MORE)) == {"not_host"}
    assert other.sync()["type"] == "update"         # still open after 2 x 30 refusals
    # A command whose field breaks its rules is the frame's fault (found by the table task, which
    # checks the ranges the table sets): it costs a strike, as a frame that is not JSON does.
    assert _errors(other, ['{"type": "top_up"}'] * (STRIKES - 1)) == ["bad_field"] * (STRIKES - 1)
    with pytest.raises(WebSocketDisconnect):
        for _ in range(5):
            other.ws.send_text("{")
            other.receive()
    game.close()


def _answer(ws: Any) -> dict[str, Any]:
    while (frame := ws.receive_json())["type"] not in ("event_done", "event_opened", "error"):
        pass
    return frame  # type: ignore[no-any-return]


def test_an_events_refusals_of_the_hosts_commands_cost_no_strike(tmp_path: Any, monkeypatch: Any) -> None:
    """The director's remove of a player not in and an add-on from the host (who has no entry),
    each refused more times than the budget holds: the host's connection stays, and its next
    command is done. Frames that are not JSON still close it at the 20th. (The flood limit is
    lifted: it is not what this tests.)"""
    monkeypatch.setattr(routes, "FLOOD_PER_SECOND", 10_000)
    app, _ = served(tmp_path)
    with TestClient(app) as http, http.websocket_connect("/event/ws") as ws:
        ws.send_json({"type": "open_event", "event": EVENT})
        assert _answer(ws)["type"] == "event_opened"
        for frame, code in (({"type": "remove_entry", "name": "nobody"}, "bad_field"),
                            ({"type": "add_on"}, "not_seated")):
            for _ in range(MORE):
                ws.send_json(frame)
                refused = _answer(ws)
                assert (refused["type"], refused["code"]) == ("error", code), refused
        ws.send_json({"type": "add_bots", "count": 2})
        assert _answer(ws)["type"] == "event_done"
        with pytest.raises(WebSocketDisconnect):
            for _ in range(STRIKES + 5):
                ws.send_text("{")
                assert _answer(ws)["code"] == "bad_json"
