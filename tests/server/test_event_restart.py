"""Issue 38: a ``serve`` process SIGKILLed in the middle of an event's hand loses nothing. The
player's page showed the hand up to her turn (every action in it was stored before she was told
of it); the process restarted on the same store shows her the same hand, with the same cards and
every action in it, not a hand dealt again nor one with an action lost, and play goes on from
her action."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tests.server.test_serve_command import end
from tests.web.conftest import free_port

EVENT = {"name": "Restart", "starting_stack": 3_000, "seats": 6, "between_hands": 0, "action_seconds": 120,
         "levels": [{"small_blind": 25 * 2**k, "big_blind": 50 * 2**k, "hands": 3} for k in range(10)]}


def serve(db: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        process = subprocess.Popen([sys.executable, "-c", "from pokerfloor.cli import main; main()", "serve",
                                    "--db", db, "--port", str(port)], stdout=out, stderr=subprocess.STDOUT,
                                   env=os.environ.copy())
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1):
                return process
        except OSError:
            time.sleep(0.1)
    end(process)
    raise AssertionError(log.read_text())


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


def test_a_serve_process_killed_mid_hand_restarts_where_the_event_was(tmp_path: Path) -> None:
    db, log = f"sqlite:///{tmp_path / 'events.db'}", tmp_path / "serve.log"
    port = free_port()
    first = serve(db, port, log)
    try:
        url = f"ws://127.0.0.1:{port}/event/ws"
        with connect(url, ping_interval=None) as host, connect(url, ping_interval=None) as ann:
            host.send(json.dumps({"type": "open_event", "event": EVENT}))
            event_id = until(host, lambda f: f["type"] == "event_opened")["event_id"]
            ann.send(json.dumps({"type": "event_hello", "event_id": event_id, "view": "player"}))
            ann.send(json.dumps({"type": "register", "name": "Ann"}))
            token = until(ann, lambda f: f["type"] == "registered")["token"]
            host.send(json.dumps({"type": "add_bots", "count": 11}))
            until(host, lambda f: f["type"] == "event_done")
            host.send(json.dumps({"type": "start_event"}))
            until(host, lambda f: f["type"] == "event_done")
            acted = None
            for _ in range(2):       # she acts twice (and the house bots after her), then waits on her turn
                turn = next_turn(ann, acted)
                acted = turn_of(turn)
                legal = turn["table"]["hand"]["legal"]
                # (she never calls: a house bot's all-in called and lost would leave her no more turns)
                ann.send(json.dumps({"type": "event_act", "action": "check" if legal.get("check") else "fold"}))
            seen = next_turn(ann, acted)
    finally:
        first.kill()        # SIGKILL: nothing is flushed
        first.wait(timeout=20)
    port = free_port()
    second = serve(db, port, log)
    try:
        with connect(f"ws://127.0.0.1:{port}/event/ws", ping_interval=None) as ann:
            ann.send(json.dumps({"type": "event_hello", "event_id": event_id, "token": token}))
            again = until(ann, lambda f: f["type"] == "event_seat")
            assert again["you"]["table"] == seen["you"]["table"] and again["you"]["seat"] == seen["you"]["seat"]
            assert again["table"]["hand"] == seen["table"]["hand"]      # her cards, every action: the same hand
            assert again["you"]["chips"] == seen["you"]["chips"]
            actions = len(seen["table"]["hand"]["events"])
            ann.send(json.dumps({"type": "event_act", "action": "fold"}))
            on = until(ann, lambda f: f["type"] == "event_seat" and f["table"] is not None and (
                f["table"]["hand"] is None or len(f["table"]["hand"]["events"]) > actions))
            assert on["table"]["hand"] is not None
    finally:
        end(second)
    assert "Traceback" not in log.read_text()
