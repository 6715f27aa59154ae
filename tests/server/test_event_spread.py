"""Issue 38, done when 3, with the event's tables spread: one event of house bots on two ``serve``
processes over PostgreSQL (``Events.spread``), its tables' hands played by both (each under the
table's lease, ``tableplay.TablePlays``), its floor in one of them. That process is SIGKILLed in
the middle of a hand it is playing: the other takes the floor over (the event's lease, its
state and inputs) and the hands of the dead process's tables (their leases, each from its deal
and the actions stored), and the event ends with every entry placed once, the prizes adding up
to the pool and every chip accounted for; players moved between tables played by the two
processes are not lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, select
from websockets.sync.client import ClientConnection, connect

from pokerfloor.server.event.hands import table_key
from pokerfloor.server.schema import event_hands, inputs, owners
from pokerfloor.table.event import MultiTableTournament
from tests.server.event_play import until
from tests.server.postgres import cluster
from tests.server.test_event_postgres import get, up
from tests.server.test_serve_command import end
from tests.web.conftest import free_port

SERVE = """
import sys, uvicorn
from pokerfloor.server import create_app
app = create_app(sys.argv[1])
app.state.events.bot_seconds = 0.01
app.state.events.spread = True
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""
EVENT = {"name": "Spread", "starting_stack": 1_000, "seats": 6, "between_hands": 0, "action_seconds": 30,
         "buy_in": 100, "payouts": [50, 30, 20],
         "levels": [{"small_blind": 25 * 2**k, "big_blind": 50 * 2**k, "hands": 3} for k in range(14)]}


def serve(url: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        return subprocess.Popen([sys.executable, "-c", SERVE, url, str(port)], stdout=out,
                                stderr=subprocess.STDOUT, env=os.environ.copy())


def watch(db: Engine, event_id: str, watcher: ClientConnection) -> tuple[str, int]:
    """Once both processes have played hands, a hand the floor's process is playing, with an
    action stored: its table's key and number."""
    watcher.send(json.dumps({"type": "event_hello", "event_id": event_id, "view": "lobby"}))
    until(watcher, lambda f: f["type"] == "event_welcome")
    with db.connect() as c:
        floor = c.execute(select(owners.c.owner).where(owners.c.table_id == event_id)).scalar_one()
    for _ in range(3_000):
        with db.connect() as c:
            played = {r[0] for r in c.execute(select(event_hands.c.played_by).where(
                event_hands.c.event_id == event_id, event_hands.c.played_by.is_not(None)))}
            open_hands = c.execute(select(event_hands.c.table_id, event_hands.c.number).where(
                event_hands.c.event_id == event_id, event_hands.c.ending.is_(None))).all()
            for key, number in open_hands if len(played) == 2 else []:
                held = c.execute(select(owners.c.owner).where(owners.c.table_id == key)).scalar()
                acted = [json.loads(r[0])["op"] for r in c.execute(
                    select(inputs.c.body).where(inputs.c.table_id == key))]
                if held == floor and any(op[1] == number for op in acted):
                    return key, number
        time.sleep(0.01)
    raise AssertionError("the two processes never both played hands")


def finish(port: int, event_id: str) -> dict[str, Any]:
    """The results once the event is over, asked of the process left (which takes it over)."""
    results: dict[str, Any] = {}
    for _ in range(600):
        try:
            results = get(port, f"/event/{event_id}/results.json")
        except OSError:
            results = {}
        if results.get("over"):
            break
        time.sleep(0.2)
    return results


def test_an_events_tables_spread_over_two_processes_lose_nothing_when_one_is_killed_mid_hand(
        tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with cluster() as url:
        db = create_engine(url)
        port_a, port_b = free_port(), free_port()
        a, b = serve(url, port_a, log), serve(url, port_b, log)
        try:
            up(a, port_a, log)
            up(b, port_b, log)
            with connect(f"ws://127.0.0.1:{port_a}/event/ws", ping_interval=None) as host:
                host.send(json.dumps({"type": "open_event", "event": EVENT}))
                event_id = until(host, lambda f: f["type"] == "event_opened")["event_id"]
                host.send(json.dumps({"type": "add_bots", "count": 24}))
                until(host, lambda f: f["type"] == "event_done")
                host.send(json.dumps({"type": "start_event"}))
                until(host, lambda f: f["type"] == "event_done")
            # a lobby page on the other process, relayed to the floor: it takes the floor over
            with connect(f"ws://127.0.0.1:{port_b}/event/ws", ping_interval=None) as watcher:
                mid = watch(db, event_id, watcher)
                a.kill()                # SIGKILL, mid-hand
                a.wait(timeout=20)
                results = finish(port_b, event_id)
            assert results.get("over"), results
            record = get(port_b, f"/event/{event_id}/record.json")
            with db.connect() as c:
                rows = c.execute(select(event_hands.c.table_id, event_hands.c.number, event_hands.c.deal,
                                        event_hands.c.played_by).where(event_hands.c.event_id == event_id)).all()
                epochs = {r[0] for r in c.execute(select(inputs.c.epoch, inputs.c.body).where(
                    inputs.c.table_id == mid[0])) if json.loads(r[1])["op"][1] == mid[1]}
        finally:
            end(a)
            end(b)
            db.dispose()
    places = results["places"]
    assert isinstance(places, list) and results["entrants"] == len(places) == 24
    assert sum(p["prize"] for p in places) == results["prize_pool"] == 2_400
    event = MultiTableTournament.from_record(record["event"])
    assert sorted(p.entry for p in event.standings()) == sorted(event.entries)
    assert event.chips_on_tables() == event.chips_issued == 24_000
    by = {(key, number): who for key, number, _, who in rows}
    assert all(who is not None for who in by.values())          # every hand dealt away was played to its end
    assert len(set(by.values())) == 2
    assert len(epochs) == 2      # the hand mid-play when its process died went on under the other's lease
    played_at: dict[str, set[tuple[str, str]]] = {}     # entry -> (table, process) of every hand they played
    for key, _, deal, who in rows:
        for _, entry in json.loads(deal)["seats"]:
            played_at.setdefault(entry, set()).add((key, who))
    crossed = [e for e, where in played_at.items()
               if any(t != u and p != q for t, p in where for u, q in where)]
    assert crossed                  # players moved between tables played by the two processes
    assert any(key == table_key(event_id, 1) for key, _ in by)
    assert "Traceback" not in log.read_text()
