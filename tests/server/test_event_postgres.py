"""Issue 38, done when 3: the same event served by two ``serve`` processes over PostgreSQL, the
one that runs it SIGKILLed in the middle of a hand. The event's lease (``Store.claim``) goes with
the dead process's connection; the other process takes the event over when its player comes
back to it, from the stored state and the inputs after it (every one stored before she was told
of it): the same hand, every action in it, and plays it to the end. Every entry is placed once,
the prizes add up to the pool, and the final record loads (its chips are the chips issued)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from pokerfloor.table.event import MultiTableTournament
from tests.server.event_play import her_turn, open_with_ann, play_until_her_hand, until
from tests.server.postgres import cluster
from tests.server.test_serve_command import end
from tests.web.conftest import free_port

SERVE = """
import sys, uvicorn
from pokerfloor.server import create_app
app = create_app(sys.argv[1])
app.state.events.bot_seconds = 0.01
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""
EVENT = {"name": "Two processes", "starting_stack": 1_000, "seats": 6, "between_hands": 0, "action_seconds": 30,
         "buy_in": 100, "payouts": [60, 40],
         "levels": [{"small_blind": 25 * 2**k, "big_blind": 50 * 2**k, "hands": 2} for k in range(12)]}


def serve(url: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        process = subprocess.Popen([sys.executable, "-c", SERVE, url, str(port)], stdout=out,
                                   stderr=subprocess.STDOUT, env=os.environ.copy())
    return process


def up(process: subprocess.Popen[bytes], port: int, log: Path) -> None:
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1):
                return
        except OSError:
            assert process.poll() is None, log.read_text()
            time.sleep(0.1)
    raise AssertionError(log.read_text())


def get(port: int, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as answer:
        got: dict[str, Any] = json.loads(answer.read())
    return got


def test_an_event_goes_on_in_another_process_when_its_process_is_killed_mid_hand(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with cluster() as url:
        port_a, port_b = free_port(), free_port()
        a, b = serve(url, port_a, log), serve(url, port_b, log)    # at once, on an empty database: they
        try:                                                        # migrate it one after the other
            up(a, port_a, log)
            up(b, port_b, log)
            with connect(f"ws://127.0.0.1:{port_a}/event/ws", ping_interval=None) as host, \
                    connect(f"ws://127.0.0.1:{port_a}/event/ws", ping_interval=None) as ann:
                event_id, token = open_with_ann(host, ann, EVENT)
                seen = play_until_her_hand(ann, 1)     # she acts once, then waits on her turn
            a.kill()                            # SIGKILL, in the middle of her hand
            a.wait(timeout=20)
            again = None
            with connect(f"ws://127.0.0.1:{port_b}/event/ws", ping_interval=None) as ann:
                for _ in range(100):            # (until PostgreSQL has seen the dead process's connection go)
                    ann.send(json.dumps({"type": "event_hello", "event_id": event_id, "token": token}))
                    frame = json.loads(ann.recv(timeout=30))
                    if frame["type"] != "error":
                        again = until(ann, lambda f: f["type"] == "event_seat")
                        break
                    assert frame["code"] == "no_table", frame
                    time.sleep(0.2)
                assert again is not None
                assert again["table"]["hand"] == seen["table"]["hand"]      # the same hand, every action in it
                assert again["you"]["chips"] == seen["you"]["chips"]
                frame, acted = again, None
                while frame["type"] != "event_seat" or not frame["over"]:   # she folds (checks when she may)
                    turn = None if not her_turn(frame) else (frame["table"]["table"],
                                                               len(frame["table"]["hand"]["events"]))
                    if turn is not None and turn != acted:     # (a second update of a turn she acted on)
                        acted = turn
                        legal = frame["table"]["hand"]["legal"]
                        ann.send(json.dumps({"type": "event_act", "action": "check" if legal.get("check") else "fold"}))
                    frame = json.loads(ann.recv(timeout=30))
                    assert frame["type"] != "error", frame
            results = get(port_b, f"/event/{event_id}/results.json")
            record = get(port_b, f"/event/{event_id}/record.json")
        finally:
            end(a)
            end(b)
    places = results["places"]
    assert results["over"] and results["entrants"] == len(places) >= 12
    assert sorted(p["place"] for p in places) == list(range(1, len(places) + 1)) or len(
        {p["name"] for p in places}) == len(places)
    assert sum(p["prize"] for p in places) == results["prize_pool"] == 100 * results["entrants"]
    event = MultiTableTournament.from_record(record["event"])     # loads: its chips are the chips issued
    assert sorted(p.entry for p in event.standings()) == sorted(event.entries)
    assert event.chips_on_tables() == event.chips_issued
    assert "Traceback" not in log.read_text()
