"""Issue 38: ``pokerfloor bot`` registered by an event's link reconnects by itself, as a page does,
when its server goes away in the middle of the event (here SIGKILLed and started again on the same
port, as behind a load balancer another process answers): with its seat token, no new entry; it
plays on to its place."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from tests.server.event_play import bot_enters, until
from tests.server.test_event_postgres import get, up
from tests.server.test_serve_command import end
from tests.web.conftest import free_port

SERVE = """
import sys, uvicorn
from pokerfloor.server import create_app
app = create_app(sys.argv[1])
app.state.events.bot_seconds = 0.01
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""
EVENT = {"name": "Reconnect", "starting_stack": 5_000, "seats": 6, "between_hands": 0, "action_seconds": 5,
         "levels": [{"small_blind": 25 * 2**k, "big_blind": 50 * 2**k, "hands": 3} for k in range(10)]}


def serve(db: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        process = subprocess.Popen([sys.executable, "-c", SERVE, db, str(port)], stdout=out,
                                   stderr=subprocess.STDOUT, env=os.environ.copy())
    up(process, port, log)
    return process


def test_the_bot_client_reconnects_with_its_token_when_its_server_goes_away(tmp_path: Path) -> None:
    db, log = f"sqlite:///{tmp_path / 'events.db'}", tmp_path / "serve.log"
    port = free_port()
    first = serve(db, port, log)
    second = None
    bea: dict[str, Any] = {}
    try:
        with connect(f"ws://127.0.0.1:{port}/event/ws", ping_interval=None) as host:
            host.send(json.dumps({"type": "open_event", "event": EVENT}))
            event_id = until(host, lambda f: f["type"] == "event_opened")["event_id"]
            bot = bot_enters(host, port, event_id, "Bea", bea, bots=3, timeout=90)
        time.sleep(0.3)
        assert not get(port, f"/event/{event_id}/results.json")["over"]
        first.kill()        # SIGKILL, mid-event
        first.wait(timeout=20)
        second = serve(db, port, log)
        bot.join(timeout=90)
        assert not bot.is_alive()
        assert bea.get("over") and bea["you"]["place"], bea     # played on to its place
        assert bea["you"]["entries"] == 1                       # the same entry: its token, not a new one
    finally:
        end(first)
        if second is not None:
            end(second)
