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

from websockets.sync.client import connect

from tests.server.event_play import open_with_ann, play_until_her_hand, until
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


def test_a_serve_process_killed_mid_hand_restarts_where_the_event_was(tmp_path: Path) -> None:
    db, log = f"sqlite:///{tmp_path / 'events.db'}", tmp_path / "serve.log"
    port = free_port()
    first = serve(db, port, log)
    try:
        url = f"ws://127.0.0.1:{port}/event/ws"
        with connect(url, ping_interval=None) as host, connect(url, ping_interval=None) as ann:
            event_id, token = open_with_ann(host, ann, EVENT)
            seen = play_until_her_hand(ann, 2)     # she acts twice, then waits on her turn
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
