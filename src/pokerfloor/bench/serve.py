"""``pokerfloor bench --only serve``: the home-game server under load on 127.0.0.1.

``pokerfloor serve`` runs as a real uvicorn process with a SQLite file store; this process opens
``tables`` tables with ``players`` bot clients each (real WebSocket clients, the ``websockets``
library, one asyncio loop), and they play ``hands`` hands a table, all tables at once. Measured:
hands a second, the time from an ``act`` sent to the moment the last client of its table holds
the update for it (p50, p99), the server's CPU and memory per table (from /proc), and every
error (none expected).

``spectators`` more clients watch, spread evenly over the first ``RAIL_TABLES`` tables (20 a
table for 200): each sends ``hello`` with the table's id, no token and ``spectate: true`` (the
rail is open by default), then reads and decodes every update. Measured besides: the updates they
received, and the time from an ``act`` sent to the moment the last spectator of its table holds
the rail's update for it. A spectator that is sent an error, is not a spectator, sees a sequence
number go back, misses an update the bots had, or loses its connection is an error.

``downloaders`` clients (issue 34: four) download a long session's hands (``hands.phhs`` of a
table that first played ``download_hands`` hands, 200 by default, as fast as its bots could)
one after another, without a pause, for as long as the measured tables play: the act-to-ack
times are then those of tables whose process builds those downloads meanwhile (off its loop,
server/downloads.py). Measured besides: the downloads done and their p50 time.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import orjson  # the server extra's, as the server; the clients decode every frame with it

NO_PAUSE = {"seconds": 0, "showdown": 0}    # a bench table deals the next hand at once (issue 35)

GAME = {"variant": "holdem", "structure": "no_limit", "small_blind": 1, "big_blind": 2}
CHIPS = 200         # the most a table lets a player buy in with (100 big blinds)
RAIL_TABLES = 10    # the spectators watch the first tables, at most this many


@dataclass
class ServeFigures:
    """What one run measured; latencies in milliseconds, CPU as a share of one core."""

    tables: int
    players: int
    hands: int
    think_ms: float
    seconds: float
    hands_played: int
    actions: int
    hands_per_second: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    server_cpu_seconds: float
    cpu_per_table: float
    client_cpu_seconds: float
    rss_mb: float
    rss_per_table_mb: float
    errors: int
    problems: list[str] = field(default_factory=list)
    spectators: int = 0
    rail_tables: int = 0
    spectator_updates: int = 0
    rail_p50_ms: float = float("nan")
    rail_p99_ms: float = float("nan")
    rail_max_ms: float = float("nan")
    downloaders: int = 0
    synchronous: str = "full"
    download_hands: int = 0
    downloads: int = 0
    download_p50_ms: float = float("nan")

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class _Table:
    """One table's bots, and its actions' times: an action is timed from its sending to the
    moment the last bot holds the update its ``ack`` names (other inputs, a bot's rebuy say,
    may take sequence numbers in between). Its spectators' updates are counted, and an acked
    action is timed also to the moment the last spectator holds its update (``rail_latencies``)."""

    def __init__(self, players: int, spectators: int = 0) -> None:
        self.players = players
        self.spectators = spectators
        self.acted: dict[int, float] = {}          # seq of a timed, acked action -> when it was sent
        self.rail_holding: dict[int, int] = {}     # seq -> how many spectators hold that update
        self.rail_at: dict[int, float] = {}        # seq -> when the last spectator got it
        self.rail_from = 0                         # the last seq before every spectator watched
        self.spectator_updates = 0
        self.sent_at: dict[str, float] = {}       # client_action_id -> when it was sent
        self.holding: dict[int, int] = {}          # seq -> how many bots hold that update
        self.everyone_at: dict[int, float] = {}    # seq -> when the last bot got it
        self.waiting: dict[int, float] = {}        # seq of an acked action -> when it was sent
        self.latencies: list[float] = []
        self.done = asyncio.Event()
        self.hands = 0
        self.table_id = ""

    def sent(self, action_id: str) -> None:
        self.sent_at[action_id] = time.perf_counter()

    def acked(self, action_id: str, seq: int) -> None:
        start = self.sent_at.pop(action_id, None)
        if start is None:
            return
        self.acted[seq] = start
        everyone = self.everyone_at.get(seq)
        if everyone is None:
            self.waiting[seq] = start
        else:
            self.latencies.append(everyone - start)

    def heard(self, seq: int) -> None:
        count = self.holding.get(seq, 0) + 1
        if count < self.players:
            self.holding[seq] = count
            return
        self.holding.pop(seq, None)
        now = self.everyone_at[seq] = time.perf_counter()
        start = self.waiting.pop(seq, None)
        if start is not None:
            self.latencies.append(now - start)

    def watched(self, seq: int) -> None:
        """A spectator holds the update ``seq`` (each spectator reports each seq once)."""
        self.spectator_updates += 1
        count = self.rail_holding.get(seq, 0) + 1
        if count < self.spectators:
            self.rail_holding[seq] = count
            return
        self.rail_holding.pop(seq, None)
        self.rail_at[seq] = time.perf_counter()

    def rail_latencies(self) -> list[float]:
        """From each timed action sent to the last spectator holding its update."""
        return [self.rail_at[seq] - start for seq, start in self.acted.items() if seq in self.rail_at]

    def rail_missed(self) -> int:
        """Updates every bot held, sent after every spectator was watching, that not every
        spectator held."""
        if not self.spectators:
            return 0
        return sum(1 for seq in self.everyone_at if seq > self.rail_from and seq not in self.rail_at)


def spread(spectators: int, tables: int) -> list[int]:
    """How many spectators watch each table: evenly over the first ``RAIL_TABLES`` (or all the
    tables, when fewer), the first tables taking one more when it does not divide."""
    watched = min(tables, RAIL_TABLES) if spectators else 0
    share = [spectators // watched + (n < spectators % watched) for n in range(watched)] if watched else []
    return share + [0] * (tables - watched)


class _Run:
    def __init__(self, url: str, tables: int, players: int, hands: int, think: float, seed: int,
                 spectators: int = 0) -> None:
        self.url, self.tables, self.players, self.hands, self.think = url, tables, players, hands, think
        self.watchers = spread(spectators, tables)
        self.rng = random.Random(seed)
        self.errors: list[str] = []
        self.actions = 0
        self.timeout = 600.0

    async def table(self, number: int) -> _Table:
        from websockets.asyncio.client import connect

        state = _Table(self.players, self.watchers[number])
        sockets = [await connect(self.url, max_size=2**22) for _ in range(self.players)]
        rail: list[Any] = []
        try:
            host = sockets[0]
            # Each table's deal from the server's CSPRNG, as in play: no client chooses it.
            await host.send(json.dumps({"type": "create_table", "game": GAME, "seats": self.players,
                                        "options": {"between_hands": NO_PAUSE}}))
            created = await self._reply(host, "table_created")
            table_id = state.table_id = created["table_id"]
            for seat, ws in enumerate(sockets, 1):
                if seat > 1:
                    await ws.send(json.dumps({"type": "hello", "version": 1, "table_id": table_id}))
                    await self._reply(ws, "welcome")
                await ws.send(json.dumps({"type": "join", "name": f"bot{seat}", "seat": seat, "chips": CHIPS}))
                await self._reply(ws, "seat_requested")
            for _ in range(state.spectators):
                ws = await connect(self.url, max_size=2**22)
                rail.append(ws)
                await ws.send(json.dumps({"type": "hello", "version": 1, "table_id": table_id, "spectate": True}))
                welcome = await self._reply(ws, "welcome")
                if welcome["role"] != "spectator":
                    self.errors.append(f"table {number}: a spectator was welcomed as {welcome['role']}")
                state.rail_from = max(state.rail_from, welcome["seq"])
            loops = [asyncio.create_task(self._bot(ws, seat, state)) for seat, ws in enumerate(sockets, 1)]
            loops += [asyncio.create_task(self._spectator(ws, n, number, state)) for n, ws in enumerate(rail, 1)]
            await host.send(json.dumps({"type": "start"}))
            await asyncio.wait_for(state.done.wait(), timeout=self.timeout)
            for _ in range(500):            # the last update on its way to the other bots and the rail
                if not state.waiting and not state.sent_at and not state.rail_missed():
                    break
                await asyncio.sleep(0.01)
            for loop in loops:
                loop.cancel()
        finally:
            for ws in sockets + rail:
                await ws.close()
        return state

    async def _reply(self, ws: Any, kind: str) -> dict[str, Any]:
        while True:
            frame: dict[str, Any] = orjson.loads(await asyncio.wait_for(ws.recv(), timeout=60))
            if frame["type"] == "error":
                self.errors.append(f"{frame['code']}: {frame['message']}")
            if frame["type"] == kind:
                return frame

    async def _bot(self, ws: Any, seat: int, state: _Table) -> None:
        """Read every frame; act when the update gives this seat a turn token; buy in again
        after losing every chip; the host (seat 1) pauses the table once it has dealt enough
        hands."""
        from websockets.exceptions import ConnectionClosed

        try:
            await self._play(ws, seat, state)
        except ConnectionClosed:
            if not state.done.is_set():
                self.errors.append(f"seat {seat}: the connection closed during play")

    async def _spectator(self, ws: Any, n: int, number: int, state: _Table) -> None:
        """Read and decode every frame until the table is done; count the updates."""
        from websockets.exceptions import ConnectionClosed

        who = f"table {number} spectator {n}"
        last = -1
        try:
            while True:
                frame = orjson.loads(await ws.recv())
                kind = frame["type"]
                if kind == "error":
                    self.errors.append(f"{who}: {frame['code']}: {frame['message']}")
                if kind != "update":
                    continue
                seq = frame["seq"]
                if frame["you"]["role"] != "spectator":
                    self.errors.append(f"{who}: an update for a {frame['you']['role']}")
                if seq <= last:
                    if seq < last:
                        self.errors.append(f"{who}: update {seq} after {last}")
                    continue
                last = seq
                state.watched(seq)
        except ConnectionClosed:
            if not state.done.is_set():
                self.errors.append(f"{who}: the connection closed during play")

    async def _play(self, ws: Any, seat: int, state: _Table) -> None:
        used = ""
        paused = False
        rebought = 0
        rng = random.Random(self.rng.random())
        while True:
            frame = orjson.loads(await ws.recv())
            kind = frame["type"]
            if kind == "error":
                self.errors.append(f"seat {seat}: {frame['code']}: {frame['message']}")
                continue
            if kind == "ack" and "client_action_id" in frame:
                state.acked(frame["client_action_id"], frame["seq"])
            if kind != "update":
                continue
            state.heard(frame["seq"])
            number, hand = frame["table"]["hand_number"], frame["hand"]
            over = hand is None or hand["is_over"]
            if seat == 1 and frame["table"]["paused"] and over and not state.done.is_set():
                state.hands = number
                state.done.set()
            if over and frame["table"]["seats"][str(seat)]["chips"] == 0 and rebought < number:
                rebought = number     # lost every chip: buy in again, once a hand, as friends do
                await ws.send(orjson.dumps({"type": "top_up", "chips": CHIPS}).decode())
            token = frame["you"]["turn_token"]
            if token and token != used and not over:
                used = token
                timed = True
                if seat == 1 and number >= self.hands and not paused:
                    # The host pauses on its own turn; this action, sent beside the pause, is
                    # not timed.
                    paused, timed = True, False
                    await ws.send(json.dumps({"type": "pause"}))
                if self.think:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * self.think)
                legal = hand["legal"]
                action, to = "check" if legal.get("check") else "call", None
                if "raise_" in legal and legal["raise_"][0] <= 8 and rng.random() < 0.2:   # small pots
                    action, to = "raise", legal["raise_"][0]
                elif "fold" in legal and "check" not in legal and rng.random() < 0.15:
                    action = "fold"
                self.actions += 1
                action_id = f"{number}-{token}"
                if timed:
                    state.sent(action_id)
                await ws.send(json.dumps({"type": "act", "hand": number, "action": action, "to": to,
                                          "turn_token": token, "client_action_id": action_id}))


def downloading(url: str, clients: int) -> subprocess.Popen[bytes]:
    """``clients`` downloaders of ``url`` in a process of their own (``_downloads``): they load
    the server, never the process that measures the tables (its clients' loop would wait on
    their threads' reads). Close its stdin to stop it; it prints the times and the errors."""
    code = f"from pokerfloor.bench.serve import _downloads; _downloads({url!r}, {clients})"
    return subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))


def _downloads(url: str, clients: int) -> None:
    """In the downloaders' process: ``clients`` threads download ``url`` again and again until
    stdin closes; then one JSON line: each download's milliseconds and the errors."""
    import threading

    stop, took, errors = threading.Event(), [], []

    def client() -> None:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                with urllib.request.urlopen(url, timeout=60) as answer:
                    answer.read()
            except OSError as failed:
                errors.append(f"a download failed: {failed}")
                stop.wait(0.1)
                continue
            took.append((time.perf_counter() - started) * 1000)

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    sys.stdin.read()
    stop.set()
    for thread in threads:
        thread.join(60)
    print(json.dumps({"took": took, "errors": errors}), flush=True)


def run_serve(tables: int = 50, players: int = 6, hands: int = 20, *, think: float = 0.1,
              seed: int = 0, folder: Path | None = None, timeout: float = 600.0,
              spectators: int = 0, downloaders: int = 0, download_hands: int = 200,
              synchronous: str = "full") -> ServeFigures:
    """Start ``pokerfloor serve`` and load it; ``think`` is each bot's mean seconds before it
    acts (0: as fast as it can); ``spectators`` watch the first tables (``spread``);
    ``downloaders`` download a ``download_hands``-hand session meanwhile (in a process of
    their own); ``synchronous``: the store's ``serve --sqlite-synchronous``; a table not done
    within ``timeout`` seconds is an error. Everything started here is stopped before
    returning."""
    own = folder is None
    folder = Path(tempfile.mkdtemp(prefix="pf-bench-serve-")) if folder is None else folder
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    server = subprocess.Popen(
        [sys.executable, "-c", "from pokerfloor.cli import main; main()", "serve",
         "--db", f"sqlite:///{folder / 'bench.db'}", "--port", str(port), "--flood", "1000000",
         "--no-rate-limits", "--sqlite-synchronous", synchronous],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        for _ in range(1000):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1):
                    break
            except OSError:
                if server.poll() is not None:
                    raise RuntimeError("pokerfloor serve did not start") from None
                time.sleep(0.02)
        else:
            raise RuntimeError("pokerfloor serve did not answer within 20 s")
        rss_before = _rss_mb(server.pid)
        cpu_before = _cpu_seconds(server.pid)
        took: list[float] = []
        download_url = ""
        if downloaders:         # the long session, played first as fast as its bots can
            before = _Run(f"ws://127.0.0.1:{port}/ws", 1, players, download_hands, 0.0, seed + 1)
            before.timeout = timeout
            session = asyncio.run(before.table(0))
            download_url = f"http://127.0.0.1:{port}/api/tables/{session.table_id}/hands.phhs"
        run = _Run(f"ws://127.0.0.1:{port}/ws", tables, players, hands, think, seed, spectators)
        run.timeout = timeout
        started, client_cpu = time.perf_counter(), time.process_time()

        async def everything() -> list[_Table | BaseException]:
            return await asyncio.gather(*(run.table(n) for n in range(tables)), return_exceptions=True)

        loads = downloading(download_url, downloaders) if downloaders else None
        try:
            results = asyncio.run(everything())
        finally:
            if loads is not None:
                loaded, _ = loads.communicate(timeout=120)
                got = json.loads(loaded or b'{"took": [], "errors": ["the downloaders said nothing"]}')
                took, run.errors = got["took"], run.errors + got["errors"]
        seconds, client_cpu = time.perf_counter() - started, time.process_time() - client_cpu
        cpu = _cpu_seconds(server.pid) - cpu_before
        rss = _rss_mb(server.pid)
    finally:
        server.kill()
        _, stderr = server.communicate(timeout=30)
        if own:
            for path in folder.iterdir():
                path.unlink()
            folder.rmdir()
    played = [r for r in results if isinstance(r, _Table)]
    problems = [f"{type(r).__name__}: {r}" for r in results if not isinstance(r, _Table)] + run.errors
    problems += [line for line in stderr.decode(errors="replace").splitlines() if "Traceback" in line][:5]
    latencies = sorted(x * 1000 for t in played for x in t.latencies)
    unheard = sum(len(t.waiting) for t in played)
    if unheard:
        problems.append(f"{unheard} actions never reached every client")
    unanswered = sum(len(t.sent_at) for t in played)
    if unanswered:
        problems.append(f"{unanswered} actions never acknowledged")
    missed = sum(t.rail_missed() for t in played)
    if missed:
        problems.append(f"{missed} updates never reached every spectator")
    rail = sorted(x * 1000 for t in played for x in t.rail_latencies())

    def pct(q: float, latencies: list[float] = latencies) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] if latencies else float("nan")

    hands_played = sum(t.hands for t in played)
    return ServeFigures(
        tables=tables, players=players, hands=hands, think_ms=think * 1000, seconds=seconds,
        hands_played=hands_played, actions=run.actions, hands_per_second=hands_played / seconds,
        p50_ms=pct(0.50), p99_ms=pct(0.99), max_ms=latencies[-1] if latencies else float("nan"),
        server_cpu_seconds=cpu, cpu_per_table=cpu / seconds / tables,
        client_cpu_seconds=client_cpu, rss_mb=rss,
        rss_per_table_mb=(rss - rss_before) / tables, errors=len(problems), problems=problems,
        spectators=spectators, rail_tables=sum(1 for n in run.watchers if n),
        spectator_updates=sum(t.spectator_updates for t in played),
        rail_p50_ms=pct(0.50, rail), rail_p99_ms=pct(0.99, rail), rail_max_ms=rail[-1] if rail else float("nan"),
        downloaders=downloaders, synchronous=synchronous, download_hands=download_hands if downloaders else 0,
        downloads=len(took),
        download_p50_ms=pct(0.50, sorted(took)),
    )
