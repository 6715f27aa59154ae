"""Issue 38, any process serves any table: an event's clients relayed over the bus, without
PostgreSQL (the in-memory hub and leases of tests/server/test_bus_apps.py). A player who reaches
a process that does not run the event registers, is seated and acts through the event's owner,
and the owner's frames come back to them; when the owner goes, the relaying process takes the
event over, closes the relayed connection (1012), and the player, coming back, is served there
with the same entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from pokerfloor.server.bus import RESTART
from pokerfloor.server.event.routes import join_bus
from tests.server.test_bus_apps import Floor, _closed, _until, floor, server

__all__ = ["floor"]     # (the fixture, used by name)

LEVELS = [{"small_blind": 10 * 2**k, "big_blind": 20 * 2**k, "hands": 4} for k in range(10)]
EVENT = {"name": "Relayed", "levels": LEVELS, "starting_stack": 1_000, "seats": 6, "buy_in": 100,
         "between_hands": 0, "action_seconds": 30}


def start(here: Floor) -> TestClient:
    """One more process, its events on its bus (the hub's, set after the app was made)."""
    http = here.start()
    join_bus(http.app.state.events, server(http).bus)     # type: ignore[attr-defined]
    return http


def events(http: TestClient) -> Any:
    return http.app.state.events        # type: ignore[attr-defined]


def until_type(ws: Any, kind: str, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    for _ in range(200):
        frame: dict[str, Any] = ws.receive_json()
        if seen is not None:
            seen.append(frame)
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame")


def test_an_events_client_at_another_process_plays_through_the_owner_then_follows_a_takeover(
        floor: Callable[..., Floor]) -> None:
    here = floor()
    owner, relaying = start(here), start(here)
    host = owner.websocket_connect("/event/ws")
    host.__enter__()
    host.send_json({"type": "open_event", "event": EVENT, "id": 1})
    opened = until_type(host, "event_opened")
    event_id, host_token = opened["event_id"], opened["host_token"]
    with relaying.websocket_connect("/event/ws") as ann:
        ann.send_json({"type": "event_hello", "event_id": event_id, "view": "player", "id": 2})
        assert until_type(ann, "event_welcome")["role"] == "watcher"
        ann.send_json({"type": "register", "name": "Ann", "id": 3})
        registered = until_type(ann, "registered")
        assert registered["reply_to"] == 3 and registered["entry"]
        host.send_json({"type": "add_bots", "count": 5, "id": 4})
        host.send_json({"type": "start_event", "id": 5})
        # Ann's seat and her turn come back through the bus; her action goes to the owner
        while True:
            seat = until_type(ann, "event_seat")
            hand = seat["table"] and seat["table"]["hand"]
            if hand and not seat["table"]["hand_over"] and hand["to_act"] == seat["you"]["seat"]:
                break
        ann.send_json({"type": "event_act", "action": "fold", "id": 6})
        assert until_type(ann, "event_seat")["you"]["name"] == "Ann"
        assert event_id in events(owner).tasks and event_id not in events(relaying).tasks
        runner = events(owner).tasks[event_id].runner
        assert [p.name for p in runner.persons.values() if not p.bot] == ["Ann"]
        assert here.hub.ops("open") == 1 and here.hub.ops("frame") >= 2 and here.hub.ops("sends") >= 3
        # the owner goes: the relaying process takes the event over, and closes Ann's connection
        host.__exit__(None, None, None)
        here.stop(owner)
        assert _closed(ann) == RESTART
    _until(lambda: event_id in events(relaying).tasks)
    with relaying.websocket_connect("/event/ws") as ann:
        ann.send_json({"type": "event_hello", "event_id": event_id, "token": registered["token"], "id": 7})
        assert until_type(ann, "event_welcome")["role"] == "player"
        again = until_type(ann, "event_seat")
        assert again["you"]["entry"] == registered["entry"] and again["you"]["table"] is not None
    with relaying.websocket_connect("/event/ws") as host:
        host.send_json({"type": "event_hello", "event_id": event_id, "token": host_token, "id": 8})
        assert until_type(host, "event_welcome")["role"] == "host"
