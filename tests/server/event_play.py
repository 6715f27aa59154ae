"""A player in a served event, over its websocket (tests/server/test_event_restart.py and
test_event_postgres.py): the frames she waits for, her turns, and the event opened with her and
eleven house bots, played until she waits on her turn."""

from __future__ import annotations

import json
import threading
from typing import Any

from websockets.sync.client import ClientConnection

from pokerfloor.server.event.botclient import play_event


def until(ws: ClientConnection, wanted: Any) -> dict[str, Any]:
    for _ in range(2_000):
        frame: dict[str, Any] = json.loads(ws.recv(timeout=30))
        assert frame["type"] != "error", frame
        if wanted(frame):
            return frame
    raise AssertionError("the frame never came")


def her_turn(frame: dict[str, Any]) -> bool:
    table = frame.get("table") if frame["type"] == "event_seat" else None
    hand = None if table is None else table["hand"]
    return bool(hand and not table["hand_over"] and hand["to_act"] == frame["you"]["seat"] and hand["legal"])


def turn_of(frame: dict[str, Any]) -> tuple[int, int]:
    """Her turn: the table and the actions in the hand so far (a second update of a turn she
    acted on is the same turn)."""
    return frame["table"]["table"], len(frame["table"]["hand"]["events"])


def next_turn(ws: ClientConnection, acted: tuple[int, int] | None) -> dict[str, Any]:
    return until(ws, lambda f: her_turn(f) and turn_of(f) != acted)


def open_with_ann(host: ClientConnection, ann: ClientConnection, event: dict[str, Any]) -> tuple[str, str]:
    """The host opens ``event``; Ann registers, eleven house bots join, and it starts: the
    event's id and Ann's token."""
    host.send(json.dumps({"type": "open_event", "event": event}))
    event_id: str = until(host, lambda f: f["type"] == "event_opened")["event_id"]
    ann.send(json.dumps({"type": "event_hello", "event_id": event_id, "view": "player"}))
    ann.send(json.dumps({"type": "register", "name": "Ann"}))
    token: str = until(ann, lambda f: f["type"] == "registered")["token"]
    host.send(json.dumps({"type": "add_bots", "count": 11}))
    until(host, lambda f: f["type"] == "event_done")
    host.send(json.dumps({"type": "start_event"}))
    until(host, lambda f: f["type"] == "event_done")
    return event_id, token


def play_until_her_hand(ann: ClientConnection, turns: int) -> dict[str, Any]:
    """Ann acts on ``turns`` turns (the house bots after her), then waits on her next: that
    turn's frame. She checks or folds, never calls: a house bot's all-in called and lost could
    put her out, with no more turns."""
    acted = None
    for _ in range(turns):
        turn = next_turn(ann, acted)
        acted = turn_of(turn)
        ann.send(json.dumps({"type": "event_act", "action": "check" if turn["table"]["hand"]["legal"].get("check")
                             else "fold"}))
    return next_turn(ann, acted)


def bot_enters(host: ClientConnection, port: int, event_id: str, name: str, into: dict[str, Any],
               *, bots: int, timeout: float = 120) -> threading.Thread:
    """``pokerfloor bot`` (``play_event``) registering ``name`` by the event's link on ``port``,
    in a thread (its last frame into ``into``); then ``bots`` house bots, and the event started."""
    link = f"http://127.0.0.1:{port}/event.html?e={event_id}"
    bot = threading.Thread(target=lambda: into.update(play_event(link, name=name, timeout=timeout)), daemon=True)
    bot.start()
    until(host, lambda f: f["type"] == "event_lobby" and name in f["registered"])
    for frame in ({"type": "add_bots", "count": bots}, {"type": "start_event"}):
        host.send(json.dumps(frame))
        until(host, lambda f: f["type"] == "event_done")
    return bot
