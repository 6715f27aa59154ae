"""``pokerfloor bench --only serve-tournament``: a multi-table tournament served by one process,
then by three on PostgreSQL.

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

The second run (``processes=3``) starts a throwaway PostgreSQL cluster (initdb, as the tests do)
and three server processes on it. One process runs the whole event: its owner, where the host
opens it. The third run is the same with ``serve --spread-tables``: the tables seating house
bots only are played by all three (``server/event/tableplay.py``). The clients connect to the three
in turn, so two thirds of them reach a process that does not run the event and are relayed to
the owner over the bus (PostgreSQL's LISTEN/NOTIFY) and back: the latency is reported for the
owner's own clients and for the relayed ones apart, and the memory and CPU of each process.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import deque
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

SERVE = """
import contextlib, json, sys, uvicorn
from pokerfloor.server import create_app
from pokerfloor.server.process import prepare_process
prepare_process()                           # as pokerfloor serve: the GIL's switch interval, no full collection
# spread: the event's tables played by any process (serve --spread-tables)
app = create_app(sys.argv[1], spread_tables=sys.argv[3:] == ["spread"])
app.state.server.builders.warm()
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


PACE = 30      # a client acts at most this often a second (a heads-up table of bots deals a hand every few
              # milliseconds; the server refuses a client over 40 frames a second, ``transport.FLOOD_PER_SECOND``)


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
    processes: int = 1
    spread: bool = False                # the event's tables played by any process
    relayed_p50_ms: float = 0.0         # (processes > 1) the clients of the processes that relay them
    relayed_p99_ms: float = 0.0
    direct_p99_ms: float = 0.0          # and the owner's own clients
    rss_each_mb: tuple[float, ...] = ()
    cpu_each_seconds: tuple[float, ...] = ()
    logged: tuple[str, ...] = ()        # what the servers logged (their first lines; warnings and failures)

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
        acted: tuple[int, int, str, int] | None = None
        recent: deque[float] = deque()      # when the client's last actions were sent
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
            # (the hand is told apart by the table, the button and the client's own cards: a turn
            # with as many events as the last one acted on may be the next hand's, not the same)
            turn = (table["table"], hand["button"], json.dumps(hand["holes"]), len(hand["events"]))
            if turn == acted:       # a second update of the same turn: acted on already
                continue
            acted = turn
            legal = hand["legal"]
            action = "check" if legal.get("check") else "call" if legal.get("call") and len(lat) % 3 else "fold"
            while recent and time.perf_counter() - recent[0] >= 1.0:
                recent.popleft()
            if len(recent) >= PACE:         # (as a person would: under the server's flood limit)
                await asyncio.sleep(1.0 - (time.perf_counter() - recent.popleft()))
            sent = time.perf_counter()
            recent.append(sent)
            await ws.send(json.dumps({"type": "event_act", "action": action}))


async def _run(bases: list[str], entries: int, clients: int, timeout: float,
               ) -> tuple[float, list[list[float]], list[str], str, int]:
    """The event, opened at ``bases[0]``, client ``k`` connected to ``bases[k % len(bases)]``:
    the duration, each client's latencies, the errors, the event's id, the stale actions."""
    from websockets.asyncio.client import connect

    urls = [base.replace("http", "ws") + "/event/ws" for base in bases]
    url = urls[0]
    lats: list[list[float]] = [[] for _ in range(clients)]
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
        tasks = [asyncio.create_task(_client(urls[k % len(urls)], event_id, f"client {k}", lats[k], errors, ready[k],
                                             stale)) for k in range(clients)]
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), 60)
        for start in range(clients, entries, 500):        # (an add_bots adds 500 at most)
            await host.send(json.dumps({"type": "add_bots", "count": min(500, entries - start)}))
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
    return seconds, lats, errors, event_id, len(stale)


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError("the three-process run needs PostgreSQL installed (apt-get install postgresql)")
    return found[-1]


@contextlib.contextmanager
def _postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster in a folder of its own (run as the postgres user when
    root: initdb refuses root), on 127.0.0.1 and a free port: its URL; stopped and removed at the
    end."""
    def as_postgres(*command: str) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else list(command)

    folder = Path(tempfile.mkdtemp(prefix="pf-bench-pg-"))
    data, port = folder / "data", _free_port()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    ctl = as_postgres(_pg_bin("pg_ctl"), "-D", str(data), "-w", "-l", str(folder / "log"),
                      "-o", f"-k {folder} -p {port} -h 127.0.0.1")
    try:
        subprocess.run(as_postgres(_pg_bin("initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"),
                       check=True, **quiet)     # type: ignore[call-overload]
        subprocess.run([*ctl, "start"], check=True, **quiet)     # type: ignore[call-overload]
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*ctl, "-m", "immediate", "stop"], check=False, **quiet)     # type: ignore[call-overload]
        shutil.rmtree(folder, ignore_errors=True)


def run_serve_tournament(entries: int = 300, clients: int = 30, *, processes: int = 1,
                         timeout: float = 900.0, spread: bool = False) -> TournamentFigures:
    """The event on one process (SQLite), or on ``processes`` sharing a PostgreSQL store;
    ``spread``: its tables played by any of them (``serve --spread-tables``)."""
    ports = [_free_port() for _ in range(processes)]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        db = f"sqlite:///{tmp}/bench.db" if processes == 1 else stack.enter_context(_postgres())
        logs = [open(Path(tmp) / f"serve{k}.log", "wb") for k in range(processes)]    # noqa: SIM115 (closed below)
        servers = [subprocess.Popen([sys.executable, "-c", SERVE, db, str(port), *(["spread"] if spread else [])],
                                    stdout=log, stderr=subprocess.STDOUT)
                   for port, log in zip(ports, logs, strict=True)]
        try:
            for base in bases:
                for _ in range(600):
                    try:
                        with urllib.request.urlopen(f"{base}/health", timeout=1):
                            break
                    except OSError:
                        time.sleep(0.05)
            cpu0 = [_cpu(server.pid) for server in servers]
            seconds, lats, errors, event_id, stale = asyncio.run(_run(bases, entries, clients, timeout))
            cpu = [_cpu(server.pid) - was for server, was in zip(servers, cpu0, strict=True)]
            rss = [_proc(server.pid, "VmHWM") for server in servers]
            with urllib.request.urlopen(f"{bases[0]}/event/{event_id}/results.json", timeout=30) as answer:
                results = json.loads(answer.read())
            with urllib.request.urlopen(f"{bases[0]}/event/{event_id}/record.json", timeout=30) as answer:
                record = json.loads(answer.read())
        finally:
            for server in servers:
                server.terminate()
            for server, log in zip(servers, logs, strict=True):
                server.wait(timeout=20)
                log.close()
            said = (Path(tmp) / "serve0.log").read_text().splitlines()
            logged = [f"server {k}: {line[:300]}" for k in range(processes)
                      for line in (Path(tmp) / f"serve{k}.log").read_text().splitlines()[:20]
                      if not line.startswith("server latency ")]
    lat = sorted(one for k, each in enumerate(lats) for one in each)
    direct = sorted(one for k, each in enumerate(lats) if k % processes == 0 for one in each)
    relayed = sorted(one for k, each in enumerate(lats) if k % processes != 0 for one in each)
    own: list[float] = next((json.loads(line[len("server latency "):]) for line in said
                             if line.startswith("server latency ")), [])

    def pct(p: float, lat: list[float] = lat) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else 0.0

    places = results["places"]
    if results["entrants"] != entries:
        errors.append(f"{results['entrants']} entries, not {entries}")
    return TournamentFigures(
        entries=results["entrants"], clients=clients, seconds=seconds, hands=record["hands"], actions=len(lat),
        p50_ms=pct(0.5), p99_ms=pct(0.99), max_ms=1000 * lat[-1] if lat else 0.0, rss_peak_mb=rss[0],
        server_p50_ms=pct(0.5, own), server_p99_ms=pct(0.99, own),
        server_cpu_seconds=cpu[0], errors=errors, stale=stale,
        placed=len({(p["name"], p["place"]) for p in places}),     # (a pair: "bot1" at 23 is not "bot12" at 3)
        prizes_add_up=sum(p["prize"] for p in places) == results["prize_pool"] and len(places) == results["entrants"],
        processes=processes, spread=spread, relayed_p50_ms=pct(0.5, relayed), relayed_p99_ms=pct(0.99, relayed),
        direct_p99_ms=pct(0.99, direct), rss_each_mb=tuple(rss), cpu_each_seconds=tuple(cpu), logged=tuple(logged))


def _table(got: TournamentFigures) -> Any:
    from rich.table import Table

    title = ("one multi-table event on one process (SQLite store, 127.0.0.1)" if got.processes == 1 else
             f"one multi-table event, {got.processes} processes on PostgreSQL: one runs the event"
             + (", its tables played by all" if got.spread else "")
             + ", the clients of the others relayed to it over the bus")
    table = Table(title=f"pokerfloor serve: {title}", title_justify="left")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("entries, hands dealt", f"{got.entries:,}, {got.hands:,}")
    table.add_row("duration, start to the last place", f"{got.seconds:.1f} s")
    table.add_row("client actions measured", f"{got.actions:,}")
    table.add_row("action to update p50 / p99 / max", f"{got.p50_ms:.1f} / {got.p99_ms:.1f} / {got.max_ms:.1f} ms")
    table.add_row("  the server's part p50 / p99", f"{got.server_p50_ms:.1f} / {got.server_p99_ms:.1f} ms")
    if got.processes > 1:
        table.add_row("  the owner's own clients p99", f"{got.direct_p99_ms:.1f} ms")
        table.add_row("  the relayed clients p50 / p99", f"{got.relayed_p50_ms:.1f} / {got.relayed_p99_ms:.1f} ms")
    table.add_row("machine load (1 min) at the end", f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    table.add_row("server memory (peak RSS)", " / ".join(f"{mb:.0f}" for mb in got.rss_each_mb) + " MB")
    table.add_row("server CPU", " / ".join(f"{cpu:.1f}" for cpu in got.cpu_each_seconds) + " s")
    table.add_row("every entry placed, prizes = pool", "yes" if got.prizes_add_up else "NO")
    table.add_row("actions on a passed turn (refused)", str(got.stale))
    table.add_row("errors", str(len(got.errors)))
    return table


def report(*, quick: bool, json_path: Path | None) -> bool:
    """Run and print the benchmark: 300 entries (30 of them clients) on one process, then 1,000
    (100 clients) on three processes on PostgreSQL, one running the event, then the same with its
    tables spread over the three (``quick``: 40 and 6, then 60 and 12); False
    when anything went wrong (an error, an entry not placed, prizes not adding up)."""
    from rich.console import Console

    console = Console()
    runs: list[TournamentFigures] = []
    plan = (((40, 6, 1, False), (60, 12, 3, False), (60, 12, 3, True)) if quick else
            ((300, 30, 1, False), (1_000, 100, 3, False), (1_000, 100, 3, True)))
    for entries, clients, processes, spread in plan:
        console.print(f"serve-tournament: {entries} entries ({clients} WebSocket clients, the rest house bots),"
                      f" {processes} process{'es' if processes > 1 else ''}"
                      + (", the tables of house bots spread" if spread else ""))
        got = run_serve_tournament(entries, clients, processes=processes, spread=spread)
        console.print(_table(got))
        for line in got.errors[:10]:
            console.print(f"  error: {line}")
        for line in got.logged[:10]:
            console.print(f"  {line}")
        runs.append(got)
    if json_path is not None:
        json_path.write_text(json.dumps({"benchmark": "serve-tournament", **runs[0].as_dict(),
                                         "three_processes": runs[1].as_dict(),
                                         "three_processes_spread": runs[2].as_dict()}, indent=1) + "\n")
    return all(not got.errors and got.prizes_add_up for got in runs)
