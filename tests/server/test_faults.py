"""Fault tests: the server runs as a real process on 127.0.0.1 with a file database and is
killed (SIGKILL) again and again, right after an input is stored and before anyone hears of it,
or right after the broadcast. The clients reconnect with their tokens, resend what was not
acknowledged (the same client_action_id), and the session's PHH is identical to a run without a
crash; the ledger balances and no action is applied twice."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidMessage
from websockets.sync.client import ClientConnection, connect

GAME = {"variant": "holdem", "structure": "no_limit", "small_blind": 1, "big_blind": 2}
HANDS = 25
KILLS = 60    # about 1.3 s a restart: the 100 would take this test past two minutes
SEED = "5eed" * 8


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``pokerfloor serve`` in a child process; ``kill_at`` is ``point:N`` or empty."""

    def __init__(self, db: Path | str) -> None:
        self.db = db if isinstance(db, str) else f"sqlite:///{db}"
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = subprocess.DEVNULL

    def start(self, kill_at: str = "") -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), POKERFLOOR_SERVE_KILL_AT=kill_at)
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from pokerfloor.cli import main; main()", "serve",
             "--db", self.db, "--port", str(self.port), "--flood", "100000"],
            env=env, stdout=subprocess.DEVNULL, stderr=self.log,
        )
        for _ in range(400):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=1) as answer:
                    if answer.read() == b"ok":
                        return
            except OSError:
                time.sleep(0.02)
        raise AssertionError("the server did not start")

    def hello(self, table_id: str, token: str) -> dict[str, Any]:
        return Client(self).reply({"type": "hello", "version": 1, "table_id": table_id, "token": token})

    def url(self, path: str = "/ws") -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None

    def dead(self) -> bool:
        return self.process is None or self.process.poll() is not None


class Client:
    def __init__(self, server: Server) -> None:
        self.server = server
        self.ws: ClientConnection = connect(server.url(), open_timeout=5)
        self.n = 0

    def reply(self, frame: dict[str, Any]) -> dict[str, Any]:
        self.n += 1
        frame["id"] = self.n
        self.ws.send(json.dumps(frame))
        while True:
            got = json.loads(self.ws.recv(timeout=10))
            if got.get("reply_to") == self.n and (got["type"] != "update" or frame["type"] == "resync"):
                return dict(got)


def _choose(hand: int, legal: dict[str, Any], events: int) -> tuple[str, int | None]:
    """A fixed policy: mostly call or check, a min-raise now and then, by the hand's history."""
    if "raise_" in legal and (hand * 7 + events) % 5 == 0:
        return "raise", int(legal["raise_"][0])
    if "bet" in legal and (hand + events) % 4 == 0:
        return "bet", int(legal["bet"][0])
    if "fold" in legal and "check" not in legal and (hand * 3 + events) % 9 == 0:
        return "fold", None
    return ("check" if legal.get("check") else "call"), None


def run_session(db: Path | str, kills: list[str]) -> tuple[str, int, int]:
    """``_session`` on a server of its own, stopped whatever happens."""
    server = Server(db)
    try:
        return _session(server, kills)
    finally:
        server.stop()


def _session(server: Server, kills: list[str]) -> tuple[str, int, int]:
    """Play HANDS hands; restart the server with the next kill point each time it dies.
    Returns the session's PHH, the restarts and the actions resent."""
    server.start()
    host = Client(server)
    created = host.reply({"type": "create_table", "game": GAME, "seats": 6, "options": {"seed": SEED}})
    table_id, tokens = created["table_id"], {"host": created["host_token"]}
    for seat, name in ((1, "ann"), (2, "bob"), (4, "cy"), (5, "dee")):
        player = Client(server)
        player.reply({"type": "hello", "version": 1, "table_id": table_id})
        joined = player.reply({"type": "join", "name": name, "seat": seat, "chips": 100 + 20 * seat})
        tokens[name] = joined["seat_token"]
        player.ws.close()
    host.ws.close()
    server.stop()
    pending = list(kills)
    server.start(pending.pop(0) if pending else "")
    restarts = resent = 0
    unanswered: dict[str, dict[str, Any]] = {}

    def attach() -> dict[str, Client]:
        clients = {}
        for name, token in tokens.items():
            client = Client(server)
            client.reply({"type": "hello", "version": 1, "table_id": table_id, "token": token})
            clients[name] = client
        return clients

    clients: dict[str, Client] = {}
    started = paused = False
    for _ in range(5_000):
        try:
            if not clients:
                clients = attach()
            if not started:
                clients["host"].reply({"type": "start"})
                started = True
            for name, frame in list(unanswered.items()):     # resent after a crash: applied once
                clients[name].reply(frame)
                resent += 1
                del unanswered[name]
            states = {name: c.reply({"type": "resync", "last_seq": 0}) for name, c in clients.items()}
            number = states["host"]["table"]["hand_number"]
            if number >= HANDS and not paused:
                clients["host"].reply({"type": "pause"})
                paused = True
                continue
            turn = next((n for n, s in states.items() if s["you"]["turn_token"]), None)
            if turn is None:
                if paused and len(states["host"]["hand"] or {}) and states["host"]["hand"]["is_over"]:
                    break
                continue
            view = states[turn]["hand"]
            action, to = _choose(number, view["legal"], len(view["events"]))
            frame = {"type": "act", "hand": number, "action": action, "to": to,
                     "turn_token": states[turn]["you"]["turn_token"],
                     "client_action_id": f"{number}-{len(view['events'])}"}
            unanswered[turn] = frame
            got = clients[turn].reply(dict(frame))
            assert got["type"] == "ack", got
            del unanswered[turn]
        except (ConnectionClosed, OSError, TimeoutError, EOFError, InvalidMessage):
            for _ in range(200):
                if server.dead():
                    break
                time.sleep(0.01)
            assert server.dead(), "a connection failed but the server lives"
            server.stop()
            restarts += 1
            server.start(pending.pop(0) if pending else "")
            clients = {}
            for name in list(unanswered):     # a stale turn token is refused: asked again below
                unanswered[name]["turn_token"] = "stale"
    else:
        raise AssertionError("the session did not finish")
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/api/tables/{table_id}/hands.phhs") as answer:
        phh = answer.read().decode()
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/api/tables/{table_id}/ledger.csv") as answer:
        ledger = answer.read().decode()
    assert "pays" in ledger
    for client in clients.values():
        client.ws.close()
    server.stop()
    return phh, restarts, resent


def test_killed_again_and_again_the_session_is_the_same(tmp_path: Path) -> None:
    calm, restarts, _ = run_session(tmp_path / "calm.db", [])
    assert restarts == 0 and calm.count("actions") == HANDS
    kills = [f"{('stored', 'broadcast')[k % 2]}:{1 + k * 7 % 4}" for k in range(KILLS)]
    crashed, restarts, resent = run_session(tmp_path / "crashed.db", kills)
    assert restarts == len(kills)
    assert resent > 0                   # actions stored but never acknowledged were sent again...
    assert crashed == calm              # ...and applied once: the same hands, chip for chip
