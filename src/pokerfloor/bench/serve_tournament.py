"""``pokerfloor bench --only serve-tournament``: a multi-table tournament served by one process.

A real server process (uvicorn, a SQLite file store) runs an event of ``entries`` entries:
``clients`` of them are bot clients over the event's WebSocket (real clients, the
``websockets`` library, one asyncio loop in this process), registered by the event's link, and
the rest are the server's house bots, acting at once. Measured: the event's duration from the
start to its last place, the time from each client's ``event_act`` sent to the moment it holds
its table's update for it (p50, p99), the server's own part of it (from the frame read to the
updates queued for sending, the store's commit included: what the clients' figure is without the
machine's other processes, the clients' among them, in the way), the server's peak memory
(VmHWM from /proc) and CPU, the machine's load, the hands dealt, and every error (none
expected). Every entry must be placed once and the prizes must add up to the pool, or the run
fails.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

SERVE = """
import contextlib, json, sys, uvicorn
from pokerfloor.server import create_app
app = create_app(sys.argv[1])
app.state.events.bot_seconds = 0.0          # the house bots act at once
inner = app.router.lifespan_context

@contextlib.asynccontextmanager
async def lifespan(served):
    async with inner(served) as state:
        yield state
    print("server latency", json.dumps(sorted(app.state.events.latency)), flush=True)

app.router.lifespan_context = lifespan      # (uvicorn ends the process with the signal it stopped for)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def levels(count: int = 20, hands: int = 6) -> list[dict[str, Any]]:
    return [{"small_blind": 25 << k, "big_blind": 50 << k, "ante": (5 << k), "hands": hands} for k in range(count)]


@dataclass
class TournamentFigures:
    entries: int
    clients: int
    seconds: float
    hands: int
    actions: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    server_p50_ms: float
    server_p99_ms: float
    rss_peak_mb: float
    server_cpu_seconds: float
    errors: list[str]
    stale: int
    placed: int
    prizes_add_up: bool

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _proc(pid: int, key: str) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return float(line.split()[1]) / 1024.0
    return 0.0


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _client(url: str, event_id: str, name: str, lat: list[float], errors: list[str],
                  started: asyncio.Event, stale: list[str]) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "event_hello", "event_id": event_id, "view": "player"}))
        await ws.send(json.dumps({"type": "register", "name": name}))
        sent: float | None = None
        acted: tuple[int, int] | None = None
        async for text in ws:
            frame = json.loads(text)
            if frame["type"] == "error":
                if frame["code"] in ("not_your_turn", "illegal"):
                    stale.append(name)      # acted on an update the table had moved past
                else:
                    errors.append(f"{name}: {frame['code']} {frame['message']}")
                sent = None
                continue
            if frame["type"] == "registered":
                started.set()
            if frame["type"] != "event_seat":
                continue
            if sent is not None:
                lat.append(time.perf_counter() - sent)
                sent = None
            if frame["over"]:
                return
            table = frame["table"]
            hand = None if table is None else table["hand"]
            if hand is None or table["hand_over"] or hand["to_act"] != frame["you"]["seat"] or not hand["legal"]:
                continue
            turn = (table["table"], len(hand["events"]))
            if turn == acted:       # a second update of the same turn: acted on already
                continue
            acted = turn
            legal = hand["legal"]
            action = "check" if legal.get("check") else "call" if legal.get("call") and len(lat) % 3 else "fold"
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "event_act", "action": action}))


async def _run(base: str, entries: int, clients: int, timeout: float) -> tuple[float, list[float], list[str], str, int]:
    from websockets.asyncio.client import connect

    url = base.replace("http", "ws") + "/event/ws"
    lat: list[float] = []
    errors: list[str] = []
    stale: list[str] = []
    event = {"name": "Bench", "levels": levels(), "starting_stack": 10_000, "seats": 9, "buy_in": 1_000,
             "between_hands": 0, "action_seconds": 30, "payouts": [30, 20, 14, 10, 8, 6, 5, 4, 3]}
    async with connect(url, max_size=None) as host:
        await host.send(json.dumps({"type": "open_event", "event": event}))
        event_id = ""
        while not event_id:
            frame = json.loads(await host.recv())
            if frame["type"] == "error":
                raise RuntimeError(f"the server refused the event: {frame['message']}")
            event_id = frame.get("event_id", "") if frame["type"] == "event_opened" else ""
        ready = [asyncio.Event() for _ in range(clients)]
        tasks = [asyncio.create_task(_client(url, event_id, f"client {k}", lat, errors, ready[k], stale))
                 for k in range(clients)]
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), 60)
        await host.send(json.dumps({"type": "add_bots", "count": entries - clients}))
        await host.send(json.dumps({"type": "start_event"}))
        began = time.perf_counter()
        done, pending = await asyncio.wait(tasks, timeout=timeout)
        seconds = time.perf_counter() - began
        for task in pending:
            task.cancel()
            errors.append("a client was still playing at the timeout")
        for task in done:
            if task.exception() is not None:
                errors.append(f"a client failed: {task.exception()!r}")
    return seconds, lat, errors, event_id, len(stale)


def run_serve_tournament(entries: int = 300, clients: int = 30, *, timeout: float = 900.0) -> TournamentFigures:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        log = open(Path(tmp) / "serve.log", "wb")      # noqa: SIM115 (closed below, after the process)
        server = subprocess.Popen([sys.executable, "-c", SERVE, f"sqlite:///{tmp}/bench.db", str(port)],
                                  stdout=log, stderr=subprocess.STDOUT)
        try:
            for _ in range(400):
                try:
                    with urllib.request.urlopen(f"{base}/health", timeout=1):
                        break
                except OSError:
                    time.sleep(0.05)
            cpu0 = _cpu(server.pid)
            seconds, lat, errors, event_id, stale = asyncio.run(_run(base, entries, clients, timeout))
            cpu = _cpu(server.pid) - cpu0
            rss = _proc(server.pid, "VmHWM")
            with urllib.request.urlopen(f"{base}/event/{event_id}/results.json", timeout=30) as answer:
                results = json.loads(answer.read())
            with urllib.request.urlopen(f"{base}/event/{event_id}/record.json", timeout=30) as answer:
                record = json.loads(answer.read())
        finally:
            server.terminate()
            server.wait(timeout=20)
            log.close()
            said = (Path(tmp) / "serve.log").read_text().splitlines()
    lat.sort()
    own: list[float] = next((json.loads(line[len("server latency "):]) for line in said
                             if line.startswith("server latency ")), [])

    def pct(p: float, lat: list[float] = lat) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else 0.0

    places = results["places"]
    return TournamentFigures(
        entries=results["entrants"], clients=clients, seconds=seconds, hands=record["hands"], actions=len(lat),
        p50_ms=pct(0.5), p99_ms=pct(0.99), max_ms=1000 * lat[-1] if lat else 0.0, rss_peak_mb=rss,
        server_p50_ms=pct(0.5, own), server_p99_ms=pct(0.99, own),
        server_cpu_seconds=cpu, errors=errors, stale=stale, placed=len({p["name"] + str(p["place"]) for p in places}),
        prizes_add_up=sum(p["prize"] for p in places) == results["prize_pool"] and len(places) == results["entrants"])


def report(*, quick: bool, json_path: Path | None) -> bool:
    """Run and print the benchmark (300 entries, 30 of them clients; ``quick``: 40 and 6);
    False when anything went wrong (an error, an entry not placed, prizes not adding up)."""
    from rich.console import Console
    from rich.table import Table

    entries, clients = (40, 6) if quick else (300, 30)
    console = Console()
    console.print(f"serve-tournament: {entries} entries ({clients} WebSocket clients, the rest house bots),"
                  " one process")
    got = run_serve_tournament(entries, clients)
    table = Table(title="pokerfloor serve: one multi-table event (SQLite store, 127.0.0.1)", title_justify="left")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("entries, hands dealt", f"{got.entries:,}, {got.hands:,}")
    table.add_row("duration, start to the last place", f"{got.seconds:.1f} s")
    table.add_row("client actions measured", f"{got.actions:,}")
    table.add_row("action to update p50 / p99 / max", f"{got.p50_ms:.1f} / {got.p99_ms:.1f} / {got.max_ms:.1f} ms")
    table.add_row("  the server's part p50 / p99", f"{got.server_p50_ms:.1f} / {got.server_p99_ms:.1f} ms")
    table.add_row("machine load (1 min) at the end", f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    table.add_row("server memory (peak RSS)", f"{got.rss_peak_mb:.0f} MB")
    table.add_row("server CPU", f"{got.server_cpu_seconds:.1f} s")
    table.add_row("every entry placed, prizes = pool", "yes" if got.prizes_add_up else "NO")
    table.add_row("actions on a passed turn (refused)", str(got.stale))
    table.add_row("errors", str(len(got.errors)))
    console.print(table)
    for line in got.errors[:10]:
        console.print(f"  error: {line}")
    if json_path is not None:
        json_path.write_text(json.dumps({"benchmark": "serve-tournament", **got.as_dict()}, indent=1) + "\n")
    return not got.errors and got.prizes_add_up
