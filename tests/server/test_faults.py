"""Fault tests: the server runs as a real process on 127.0.0.1 with a file database and is
killed (SIGKILL) again and again at named points (``Server.hook``): with an input applied and
not yet stored, after the store write and before the broadcast, after the broadcast,
mid-street, between streets, as a hand ends, as one is dealt, and during seat changes (sit out,
sit in, a new player joining). The clients reconnect with their tokens, resync, resend what was
not acknowledged (the same client_action_id) and the seat changes not seen through, and the
session's PHH is byte-identical to a run without a crash; the ledger is the same and balances,
and no action is applied twice. An action in flight, killed before and after it is stored, is
applied once when the client resends it."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidMessage
from websockets.sync.client import ClientConnection, connect

from pokerfloor.server.store import Store

GAME = {"variant": "holdem", "structure": "no_limit", "small_blind": 1, "big_blind": 2}
HANDS = 30
# The pure build takes the 100 kills; the compiled build, whose hand engine the server
# also runs, a shorter pass over every named point (the whole suite runs on both builds).
COMPILED_BUILD = os.environ.get("POKERFLOOR_BUILD") == "compiled"
KILLS = 36 if COMPILED_BUILD else 100
SEED = "5eed" * 8
# Every named point, each with how many inputs reach it before the kill (the counts cycle).
# A seat change comes about once a hand, so one kill in eight waits for one.
POINTS: list[tuple[str, tuple[int, ...]]] = [
    ("applied/mid_street", (2, 1)),            # applied in memory, before the store write
    ("stored/mid_street", (1, 2, 3)),          # after the store write, before the broadcast
    ("broadcast/mid_street", (1, 2)),          # after the broadcast
    ("stored/street_end", (1, 2)),             # between streets: the action that closed a round
    ("broadcast/street_end", (1,)),
    ("stored/hand_end", (1,)),                 # the action that ended the hand
    ("stored/deal", (1,)),                     # the next hand dealt
    ("broadcast/deal", (1,)),
    ("stored/seat_change", (1,)),              # during a seat change (SEAT_CHANGES)
    ("stored/mid_street", (2, 1)),
    ("broadcast/mid_street", (3, 1)),
    ("stored/street_end", (1,)),
    ("broadcast/street_end", (2, 1)),
    ("stored/hand_end", (1,)),
    ("broadcast/hand_end", (1,)),
    ("stored/deal", (1,)),
    ("broadcast/seat_change", (1,)),
    ("applied/street_end", (1,)),
]
PLAYERS = {"ann": 1, "bob": 2, "cy": 4, "dee": 5}


def _seat_changes_by_hand() -> dict[int, list[tuple[str, dict[str, Any]]]]:
    """A seat change about every hand, sent as the hand is first seen, before any action: eve
    joins in hand 10; otherwise a player sits out and comes back the next hand (posting what
    was missed, or waiting for the big blind, in turn)."""
    changes: dict[int, list[tuple[str, dict[str, Any]]]] = {
        10: [("eve", {"type": "join", "name": "eve", "seat": 6, "chips": 150, "seat_token": "eve-" + "7" * 28})]}
    rota = ["cy", "bob", "ann", "dee", "eve"]
    hand, turn = 3, 0
    while hand < HANDS - 1:
        if hand in (9, 10, 11):         # no pair over eve's join
            hand += 1
            continue
        name = rota[turn % (5 if hand > 10 else 4)]
        changes[hand] = [(name, {"type": "sit_out"})]
        changes[hand + 1] = [(name, {"type": "sit_in", "post": turn % 2 == 0})]
        hand, turn = hand + 2, turn + 1
    return changes


SEAT_CHANGES = _seat_changes_by_hand()
# Restarts are fast because the servers are forked from a warm process (a "zygote") that has
# imported everything and parsed the command line once: a fresh interpreter spends most of a
# second on imports, and a forked one starts serving in a few milliseconds' work. Each server is
# still its own process, running ``pokerfloor serve``'s own entry point, and is SIGKILLed.
# Only the zygote, its parent, signals or reaps a server, and only when asked: a server that
# died stays a zombie until then, so its pid cannot pass to another process (an unrelated test's
# child) that a later kill would hit, nor make a dead server look alive.
ZYGOTE = """
import contextlib, io, os, signal, sys
import alembic.command, pokerfloor.server.app, pokerfloor.server.store, uvicorn.lifespan.on
import uvicorn.loops.auto, uvicorn.protocols.http.auto, uvicorn.protocols.websockets.auto
from pokerfloor.cli import main
argv, sys.argv = sys.argv, ["pokerfloor", "serve", "--help"]
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    main()          # the command line parsed once: every lazy import done

gone = set()                # the servers reaped (their pids may pass to other processes)

def ended(pid):
    if pid not in gone and os.waitpid(pid, os.WNOHANG)[0] == 0:
        return False
    gone.add(pid)
    return True

for line in sys.stdin:      # "?PID": is it alive; "!PID": kill and reap it; else a new server's kill point
    if line[:1] == "?":
        print("dead" if ended(int(line[1:])) else "alive", flush=True)
        continue
    if line[:1] == "!":
        pid = int(line[1:])
        if not ended(pid):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            gone.add(pid)
        print("gone", flush=True)
        continue
    pid = os.fork()
    if pid == 0:
        quiet = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1):
            os.dup2(quiet, fd)
        os.environ["POKERFLOOR_SERVE_KILL_AT"] = line.strip()
        sys.argv = argv
        try:
            main()
        finally:
            os._exit(0)
    gone.discard(pid)
    print(pid, flush=True)
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``pokerfloor serve`` in a child process; ``kill_at`` is ``point:N`` or empty. With
    ``warm`` each server is forked from a zygote process (see ZYGOTE) instead of started cold."""

    def __init__(self, db: Path | str, *, warm: bool = False, seed: str = SEED) -> None:
        self.db = db if isinstance(db, str) else f"sqlite:///{db}"
        self.seed = seed        # every table's master seed (POKERFLOOR_SERVE_SEED): one session, twice
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.pid: int | None = None
        self.zygote: subprocess.Popen[bytes] | None = None
        if warm:
            self.zygote = subprocess.Popen(
                [sys.executable, "-c", ZYGOTE, *self._args()], env=self._env(),
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            )

    def _args(self) -> list[str]:
        return ["serve", "--db", self.db, "--port", str(self.port), "--flood", "100000", "--between-hands", "0"]

    def _env(self, kill_at: str = "") -> dict[str, str]:
        return dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), POKERFLOOR_SERVE_KILL_AT=kill_at,
                    POKERFLOOR_SERVE_SEED=self.seed)

    def start(self, kill_at: str = "") -> None:
        if self.zygote is not None:
            self.pid = int(self._ask(kill_at))
        else:
            self.process = subprocess.Popen(
                [sys.executable, "-c", "from pokerfloor.cli import main; main()", *self._args()],
                env=self._env(kill_at), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )
            self.pid = self.process.pid
        for _ in range(4000):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=1) as answer:
                    if answer.read() == b"ok":
                        return
            except OSError:
                if self.dead():
                    break
                time.sleep(0.005)
        raise AssertionError("the server did not start")

    def hello(self, table_id: str, token: str) -> dict[str, Any]:
        return Client(self).reply({"type": "hello", "version": 1, "table_id": table_id, "token": token})

    def url(self, path: str = "/ws") -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    def stop(self) -> None:
        """SIGKILL the server and wait until it is gone."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None
        elif self.pid is not None:
            answer = self._ask(f"!{self.pid}")     # the kill is sent even where asserts are not run
            assert answer == "gone", answer
        self.pid = None

    def close(self) -> None:
        """Stop the server and its zygote."""
        self.stop()
        if self.zygote is not None:
            self.zygote.kill()
            self.zygote.wait(10)
            self.zygote = None

    def dead(self) -> bool:
        if self.process is not None:
            return self.process.poll() is not None
        return self.pid is None or self._ask(f"?{self.pid}") == "dead"

    def _ask(self, line: str) -> str:
        """The zygote's answer to one line (see ZYGOTE)."""
        assert self.zygote is not None and self.zygote.stdin is not None and self.zygote.stdout is not None
        self.zygote.stdin.write(f"{line}\n".encode())
        self.zygote.stdin.flush()
        return self.zygote.stdout.readline().decode().strip()


class Client:
    """One WebSocket client; ``seq`` is the highest sequence number it has seen."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.ws: ClientConnection = connect(server.url(), open_timeout=5).__enter__()   # closed by ws.close()
        self.n = 0
        self.seq = 0
        self.resyncs: Counter[str] = Counter()

    def reply(self, frame: dict[str, Any]) -> dict[str, Any]:
        self.n += 1
        frame["id"] = self.n
        self.ws.send(json.dumps(frame))
        while True:
            got = json.loads(self.ws.recv(timeout=10))
            self.seq = max(self.seq, got.get("seq", 0))
            if got.get("reply_to") == self.n and (got["type"] != "update" or frame["type"] == "resync"):
                return dict(got)

    def state(self) -> dict[str, Any]:
        """Resync from the last update seen: what was missed, then the fresh picture."""
        got = self.reply({"type": "resync", "last_seq": self.seq})
        self.resyncs[got["resync"]] += 1
        return got


def _choose(hand: int, legal: dict[str, Any], events: int) -> tuple[str, int | None]:
    """A fixed policy: mostly call or check, a min-raise now and then, by the hand's history."""
    if "raise_" in legal and (hand * 7 + events) % 5 == 0:
        return "raise", int(legal["raise_"][0])
    if "bet" in legal and (hand + events) % 4 == 0:
        return "bet", int(legal["bet"][0])
    if "fold" in legal and "check" not in legal and (hand * 3 + events) % 9 == 0:
        return "fold", None
    return ("check" if legal.get("check") else "call"), None


def kill_plan(kills: int) -> list[str]:
    """``kills`` kill points, cycling through every named point and its counts."""
    plan = []
    for k in range(kills):
        point, counts = POINTS[k % len(POINTS)]
        plan.append(f"{point}:{counts[(k // len(POINTS)) % len(counts)]}")
    return plan


def run_session(db: Path | str, kills: list[str]) -> dict[str, Any]:
    """``_session`` on a server of its own, stopped whatever happens."""
    server = Server(db, warm=True)
    try:
        return _session(server, kills)
    finally:
        server.close()


def _session(server: Server, kills: list[str]) -> dict[str, Any]:
    """Play HANDS hands; restart the server with the next kill point each time it dies. Returns
    the session's PHH and ledger, the kills by point, the actions resent and the resyncs."""
    server.start()
    host = Client(server)
    created = host.reply({"type": "create_table", "game": GAME, "seats": 6, "options": {}})
    table_id, tokens = created["table_id"], {"host": created["host_token"]}
    for name, seat in PLAYERS.items():
        player = Client(server)
        player.reply({"type": "hello", "version": 1, "table_id": table_id})
        joined = player.reply({"type": "join", "name": name, "seat": seat, "chips": 100 + 20 * seat})
        tokens[name] = joined["seat_token"]
        player.ws.close()
    host.ws.close()
    server.stop()
    pending = list(kills)
    armed = pending.pop(0) if pending else ""
    server.start(armed)
    killed: Counter[str] = Counter()
    resent = 0
    resyncs: Counter[str] = Counter()
    unanswered: dict[str, dict[str, Any]] = {}
    changes = {n: list(c) for n, c in SEAT_CHANGES.items()}
    seats = {**PLAYERS, "eve": 6}
    seen: dict[str, int] = {}

    def attach() -> dict[str, Client]:
        clients = {}
        for name in [*tokens, *(["eve"] if "eve" not in tokens else [])]:     # eve watches until she joins
            client = Client(server)
            hello = {"type": "hello", "version": 1, "table_id": table_id}
            if name in tokens:
                hello["token"] = tokens[name]
            for _ in range(100):     # another process may own the table a moment longer (PostgreSQL)
                welcome = client.reply(dict(hello))
                if welcome.get("code") != "not_owner":
                    break
                time.sleep(0.02)
            assert welcome["type"] == "welcome", (name, welcome)
            client.seq = seen.get(name, client.seq)    # resync from the last update seen before
            clients[name] = client
        return clients

    clients: dict[str, Client] = {}
    started = paused = False
    for _ in range(10_000):
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
            states = {"host": clients["host"].state()}
            number = states["host"]["table"]["hand_number"]
            if _seat_changes(changes.get(number, []), clients, states, tokens):
                continue
            if number >= HANDS and not paused:
                clients["host"].reply({"type": "pause"})
                paused = True
                continue
            hand = states["host"]["hand"] or {}
            seat = None if hand.get("is_over", True) else hand.get("to_act")
            turn = next((n for n, s in seats.items() if s == seat and n in clients), None)
            if turn is not None:
                states[turn] = clients[turn].state()
            if turn is None or not states[turn]["you"]["turn_token"]:
                if paused and hand and hand["is_over"]:
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
            for _ in range(400):
                if server.dead():
                    break
                time.sleep(0.005)
            assert server.dead(), "a connection failed but the server lives"
            server.stop()
            killed[armed] += 1
            for name, client in clients.items():
                resyncs += client.resyncs
                seen[name] = client.seq
            armed = pending.pop(0) if pending else ""
            server.start(armed)
            clients = {}
            for name in list(unanswered):     # a stale turn token is refused: asked again below
                unanswered[name]["turn_token"] = "stale"
    else:
        raise AssertionError("the session did not finish")
    for client in clients.values():
        resyncs += client.resyncs
    base = f"http://127.0.0.1:{server.port}/api/tables/{table_id}"
    with urllib.request.urlopen(f"{base}/hands.phhs") as answer:
        phh = answer.read().decode()
    with urllib.request.urlopen(f"{base}/ledger.csv") as answer:
        ledger = answer.read().decode()
    for client in clients.values():
        client.ws.close()
    server.stop()
    store = Store(server.db)
    try:
        inputs = store.inputs(table_id)
    finally:
        store.close()
    return {"phh": phh, "ledger": _by_name(ledger), "killed": killed, "left": pending, "resent": resent,
            "resyncs": resyncs, "inputs": inputs}


def _seat_changes(due: list[tuple[str, dict[str, Any]]], clients: dict[str, Client],
                  states: dict[str, dict[str, Any]], tokens: dict[str, str]) -> bool:
    """Send this hand's seat changes not yet seen through; True if one was sent. A change is
    seen through once acknowledged, or refused as already in effect (sent again after a crash:
    it is not applied twice)."""
    for change in list(due):
        name, frame = change
        if frame["type"] == "join":
            seats = states["host"]["table"]["seats"]
            if name in tokens and seats.get(str(frame["seat"]), {}).get("name") == name:
                due.remove(change)
                continue
            got = clients[name].reply(dict(frame))
            assert got["type"] == "seat_requested", got
            tokens[name] = got["seat_token"]
            return True
        got = clients[name].reply(dict(frame))
        assert got["type"] == "ack" or got.get("code") == "illegal", (name, frame, got)
        due.remove(change)
        return True
    return False


def _by_name(ledger: str) -> list[list[str]]:
    """The ledger CSV with player ids (random per run) replaced by the players' names."""
    rows = list(csv.reader(io.StringIO(ledger)))
    names = {row[4]: row[5] for row in rows[1:] if len(row) == 7 and row[4]}
    return [[names.get(cell, cell) for cell in row] for row in rows]


def _ledger_balances(ledger: list[list[str]]) -> None:
    """Chips are neither made nor lost: what the settle-up moves pays every loss and every win."""
    transfers = ledger[ledger.index(["pays", "to", "chips"]) + 1:]
    assert transfers, "a session of hands has winners and losers"
    paid: Counter[str] = Counter()
    for payer, payee, chips in transfers:
        paid[payer] -= int(chips)
        paid[payee] += int(chips)
    assert sum(paid.values()) == 0


def _applied_once(inputs: list[dict[str, Any]]) -> None:
    """Each (player, client_action_id) is stored once: no action was applied twice."""
    acts = Counter((e["player_id"], e["client_action_id"]) for e in inputs if e["kind"] == "act")
    assert acts and max(acts.values()) == 1


def check_crashed_like_calm(db_calm: Path | str, db_crashed: Path | str, kills: int) -> dict[str, Any]:
    """The same session calm and with ``kills`` kills: same PHH and ledger, every kill point
    reached, nothing applied twice. Returns the crashed run's figures."""
    calm = run_session(db_calm, [])
    assert not calm["killed"] and calm["phh"].count("actions") == HANDS
    plan = kill_plan(kills)
    crashed = run_session(db_crashed, plan)
    assert crashed["left"] == [] and sum(crashed["killed"].values()) == kills    # every kill happened
    assert {p.rsplit(":", 1)[0] for p in crashed["killed"]} == {p for p, _ in POINTS}
    assert crashed["resent"] > 0              # actions stored but never acknowledged were sent again...
    assert crashed["phh"] == calm["phh"]      # ...and applied once: the same hands, chip for chip
    assert crashed["ledger"] == calm["ledger"]
    _ledger_balances(crashed["ledger"])
    _applied_once(crashed["inputs"])
    def actions(inputs: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        return [(e["client_action_id"], e["action"], e.get("to")) for e in inputs if e["kind"] == "act"]

    assert actions(crashed["inputs"]) == actions(calm["inputs"])     # the same actions, each once
    assert crashed["resyncs"]["fresh"] > 0 and crashed["resyncs"]["replay"] > 0
    return crashed


def test_killed_again_and_again_the_session_is_the_same(tmp_path: Path) -> None:
    check_crashed_like_calm(tmp_path / "calm.db", tmp_path / "crashed.db", KILLS)


def _in_flight(db: Path, point: str) -> tuple[dict[str, Any], dict[str, Any], int]:
    """Two players, a hand dealt; the server is killed at ``point`` as the first action
    reaches it, with the action sent and not answered. The player reconnects to the server
    started again and resends the same action (the same client action id, with the turn token
    it now holds). Returns the answer to the resend, the answer to a second resend, and how
    many times the store holds the action."""
    server = Server(db)
    server.start()
    try:
        host = Client(server)
        created = host.reply({"type": "create_table", "game": GAME, "seats": 6, "options": {}})
        table_id, tokens = created["table_id"], {"host": created["host_token"]}
        for name, seat in (("ann", 1), ("bob", 2)):
            player = Client(server)
            player.reply({"type": "hello", "version": 1, "table_id": table_id})
            tokens[name] = player.reply({"type": "join", "name": name, "seat": seat, "chips": 100})["seat_token"]
            player.ws.close()
        host.reply({"type": "start"})
        host.ws.close()
        server.stop()
        server.start(f"{point}:1")                # armed: the first action to reach the point kills it

        def turn() -> tuple[str, Client, dict[str, Any]]:
            for name in ("ann", "bob"):
                client = Client(server)
                client.reply({"type": "hello", "version": 1, "table_id": table_id, "token": tokens[name]})
                state = client.state()
                if state["you"]["turn_token"]:
                    return name, client, state
                client.ws.close()
            raise AssertionError("no one's turn")

        name, client, state = turn()
        action = {"type": "act", "hand": state["table"]["hand_number"], "action": "call",
                  "turn_token": state["you"]["turn_token"], "client_action_id": "in-flight"}
        client.ws.send(json.dumps(action))
        with contextlib.suppress(ConnectionClosed, OSError, TimeoutError, EOFError):
            while True:
                got = json.loads(client.ws.recv(timeout=10))
                assert got["type"] != "ack", f"the server answered the action: it was not killed at {point}"
        for _ in range(400):
            if server.dead():
                break
            time.sleep(0.005)
        assert server.dead(), f"the server was not killed at {point}"
        server.stop()
        server.start()
        resender = Client(server)
        resender.reply({"type": "hello", "version": 1, "table_id": table_id, "token": tokens[name]})
        fresh = resender.state()
        token = fresh["you"]["turn_token"] or "stale"      # the turn passed if the action was stored
        again = resender.reply({**action, "turn_token": token})
        twice = resender.reply({**action, "turn_token": token})
    finally:
        server.stop()
    store = Store(server.db)
    try:
        held = sum(1 for e in store.inputs(table_id) if e.get("client_action_id") == "in-flight")
    finally:
        store.close()
    return again, twice, held


def test_an_action_in_flight_when_the_server_dies_is_applied_once(tmp_path: Path) -> None:
    """Killed with the action applied in memory and not yet written (``applied``): it is not in
    the store, so the resend is applied, once. Killed with it written and not yet answered
    (``stored``): the resend is answered as a duplicate, not applied again. Either way a
    second resend is a duplicate and the store holds the action once."""
    again, twice, held = _in_flight(tmp_path / "applied.db", "applied/mid_street")
    assert again["type"] == "ack" and not again["duplicate"], again
    assert twice["type"] == "ack" and twice["duplicate"] and held == 1
    again, twice, held = _in_flight(tmp_path / "stored.db", "stored/mid_street")
    assert again["type"] == "ack" and again["duplicate"], again
    assert twice["type"] == "ack" and twice["duplicate"] and held == 1
