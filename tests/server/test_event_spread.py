"""Issue 38, done when 3, with the event's tables spread: one event of house bots on three
``serve`` processes over PostgreSQL (``Events.spread``), its tables' hands played by all of them
(each under the table's lease, ``tableplay.TablePlays``) but the floor's while another lives, its
floor in one. Once the floor has moved a player between tables played by different processes,
a process that plays tables is SIGKILLed in the middle of one of its hands: another takes the
table over and plays the hand on from its deal and the actions stored. Then the floor's process
is SIGKILLed in the middle of a hand the last process plays: that one takes the floor over (the
event's lease, its state and inputs) and goes on with the hand. The event ends with every entry placed once, the prizes
adding up to the pool and every chip accounted for; every player moved arrives at their new
table with the chips the floor moved, and some of them moved between tables played by
different processes. The floor drops each hand's rows once it applied its end: the test keeps
a copy of what is dropped (``keep``, a trigger of its own) to look at who played what, and
checks that nothing is left."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Column, Engine, MetaData, Table, create_engine, select, text
from websockets.sync.client import connect

from pokerfloor.server.bus import ALIVE_SECONDS
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
app = create_app(sys.argv[1], spread_tables=True)
app.state.events.bot_seconds = 0.05     # (a hand lasts long enough to be killed in its middle)
print("owner", sys.argv[2], app.state.events.store.owner, flush=True)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""
EVENT: dict[str, Any] = {
    "name": "Spread", "starting_stack": 2_000, "seats": 6, "between_hands": 0, "action_seconds": 30,
    "buy_in": 100, "payouts": [50, 30, 20],
    "levels": [{"small_blind": 25 * 2**k, "big_blind": 50 * 2**k, "hands": 4} for k in range(14)]}


KEPT = MetaData()
all_hands = Table("all_hands", KEPT, *(Column(c.name, c.type) for c in event_hands.columns))
all_inputs = Table("all_inputs", KEPT, *(Column(c.name, c.type) for c in inputs.columns))
"""The hands dealt away and the inputs, those the servers dropped too (``keep``)."""


def keep(db: Engine) -> None:
    """Keep a copy of every row of the hands away and of the inputs the servers drop (the test's
    own trigger), and the views of both, those rows and the rows still there."""
    with db.begin() as c:
        for table, view in (("pf_event_hands", "all_hands"), ("pf_inputs", "all_inputs")):
            c.execute(text(f"CREATE TABLE {table}_dropped AS SELECT * FROM {table} WITH NO DATA"))
            c.execute(text(f"CREATE FUNCTION keep_{table}() RETURNS trigger AS $$ BEGIN "
                           f"INSERT INTO {table}_dropped SELECT OLD.*; RETURN OLD; END $$ LANGUAGE plpgsql"))
            c.execute(text(f"CREATE TRIGGER keep_{table} BEFORE DELETE ON {table} FOR EACH ROW "
                           f"EXECUTE FUNCTION keep_{table}()"))
            c.execute(text(f"CREATE VIEW {view} AS SELECT * FROM {table} UNION ALL SELECT * FROM {table}_dropped"))


def serve(url: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        return subprocess.Popen([sys.executable, "-c", SERVE, url, str(port)], stdout=out,
                                stderr=subprocess.STDOUT, env=os.environ.copy())


def mid_hand(db: Engine, event_id: str, playing: Callable[[str], bool], players: int) -> tuple[str, int]:
    """Once ``players`` processes have played hands of the event, a hand in play at a table whose
    lease a process ``playing`` picks holds, with an action stored: its table's key and number."""
    for _ in range(3_000):
        with db.connect() as c:
            played = {r[0] for r in c.execute(select(all_hands.c.played_by).where(
                all_hands.c.event_id == event_id, all_hands.c.played_by.is_not(None)))}
            open_hands = c.execute(select(event_hands.c.table_id, event_hands.c.number).where(
                event_hands.c.event_id == event_id, event_hands.c.ending.is_(None))).all()
            for key, number in open_hands if len(played) >= players else []:
                held = c.execute(select(owners.c.owner).where(owners.c.table_id == key)).scalar()
                acted = [json.loads(r[0])["op"] for r in c.execute(
                    select(inputs.c.body).where(inputs.c.table_id == key))]
                if held is not None and playing(held) and any(op[1] == number for op in acted):
                    return key, number
        time.sleep(0.01)
    raise AssertionError(f"no hand of the process looked for was in play once {players} processes played hands")


def moved_across(db: Engine, event_id: str) -> None:
    """Wait until three players have each played hands at two tables played by different
    processes (moved by the floor between them)."""
    for _ in range(1_200):
        with db.connect() as c:
            rows = c.execute(select(all_hands.c.table_id, all_hands.c.deal, all_hands.c.played_by).where(
                all_hands.c.event_id == event_id, all_hands.c.played_by.is_not(None))).all()
        where: dict[str, set[tuple[str, str]]] = {}
        for key, deal, who in rows:
            for _, entry, _ in json.loads(deal)["seats"]:
                where.setdefault(entry, set()).add((key, who))
        if sum(any(t != u and p != q for t, p in seen for u, q in seen) for seen in where.values()) >= 3:
            return
        time.sleep(0.05)
    raise AssertionError("no player moved between tables played by different processes")


def played_by(db: Engine, key: str, number: int) -> str | None:
    """Who played a hand to its end (None while it is not over)."""
    for _ in range(600):
        with db.connect() as c:
            who = c.execute(select(all_hands.c.played_by).where(
                all_hands.c.table_id == key, all_hands.c.number == number)).scalar()
        if who is not None:
            return str(who)
        time.sleep(0.05)
    return None


def epochs(db: Engine, key: str, number: int) -> set[int]:
    """The leases (epochs) a hand's actions were written under."""
    with db.connect() as c:
        return {r[0] for r in c.execute(select(all_inputs.c.epoch, all_inputs.c.body).where(
            all_inputs.c.table_id == key)) if json.loads(r[1])["op"][1] == number}


def moved(event_id: str, rulings: list[dict[str, Any]], rows: Any) -> list[tuple[bool, int, int]]:
    """For each player moved between tables (the only time they came to that table): whether the hand they last
    played at the table they left and the first they played at the other were played by
    different processes, the chips the floor moved, and their stack in that first hand there."""
    hands: dict[str, list[tuple[int, dict[str, Any], str]]] = {}
    for key, number, deal, who in rows:
        hands.setdefault(key, []).append((number, json.loads(deal), who))
    for dealt in hands.values():
        dealt.sort(key=lambda one: one[0])
    arrivals = [(r["entry"], r["table"]) for r in rulings if r["kind"] in ("move", "seat")]
    found = []
    for ruling in rulings:
        came = re.search(r"from table (\d+)", ruling["text"])
        if ruling["kind"] != "move" or came is None or arrivals.count((ruling["entry"], ruling["table"])) != 1:
            continue
        entry = ruling["entry"]
        left = [who for _, deal, who in hands.get(table_key(event_id, int(came[1])), [])
                if any(e == entry for _, e, _ in deal["seats"])]
        there = [(deal, who) for _, deal, who in hands.get(table_key(event_id, ruling["table"]), [])
                 if any(e == entry for _, e, _ in deal["seats"])]
        if not left or not there:
            continue        # (a table played on the floor's own, or the event ended first)
        deal, who = there[0]
        seat = next(s for s, e, _ in deal["seats"] if e == entry)
        found.append((left[-1] != who, ruling["chips"], deal["start"]["stacks"][str(seat)]))
    return found


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


def test_an_events_tables_spread_over_processes_lose_nothing_when_each_role_is_killed_mid_hand(
        tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with cluster() as url:
        db = create_engine(url)
        port_a, port_b, port_c = free_port(), free_port(), free_port()
        a, b, c = serve(url, port_a, log), serve(url, port_b, log), serve(url, port_c, log)
        try:
            for process, port in ((a, port_a), (b, port_b), (c, port_c)):
                up(process, port, log)
            keep(db)
            time.sleep(ALIVE_SECONDS + 0.5)     # each has heard the others: the tables are dealt to all three
            with connect(f"ws://127.0.0.1:{port_a}/event/ws", ping_interval=None) as host:
                host.send(json.dumps({"type": "open_event", "event": EVENT}))
                event_id = until(host, lambda f: f["type"] == "event_opened")["event_id"]
                host.send(json.dumps({"type": "add_bots", "count": 36}))
                until(host, lambda f: f["type"] == "event_done")
                host.send(json.dumps({"type": "start_event"}))
                until(host, lambda f: f["type"] == "event_done")
            with db.connect() as conn:
                floor = conn.execute(select(owners.c.owner).where(owners.c.table_id == event_id)).scalar_one()
            named = dict(line.split()[1:] for line in log.read_text().splitlines() if line.startswith("owner "))
            assert named[str(port_a)] == floor
            with connect(f"ws://127.0.0.1:{port_c}/event/ws", ping_interval=None) as watcher:
                watcher.send(json.dumps({"type": "event_hello", "event_id": event_id, "view": "lobby"}))
                until(watcher, lambda f: f["type"] == "event_welcome")     # relayed to the floor
                moved_across(db, event_id)
                # 1. a process that plays tables only is killed in the middle of one of its hands
                first = mid_hand(db, event_id, lambda held: held == named[str(port_b)], 2)
                b.kill()            # SIGKILL
                b.wait(timeout=20)
                # 2. the floor's process is killed in the middle of a hand the last one plays
                second = mid_hand(db, event_id, lambda held: held == named[str(port_c)], 2)
                a.kill()            # SIGKILL
                a.wait(timeout=20)
                results = finish(port_c, event_id)
            assert results.get("over"), results
            record = get(port_c, f"/event/{event_id}/record.json")
            with db.connect() as conn:
                rows = conn.execute(select(all_hands.c.table_id, all_hands.c.number, all_hands.c.deal,
                                           all_hands.c.played_by).where(all_hands.c.event_id == event_id)).all()
                kept = conn.execute(select(event_hands.c.number).where(event_hands.c.event_id == event_id)).all()
                acts = conn.execute(select(inputs.c.seq).where(inputs.c.table_id.like(f"{event_id}.%"))).all()
            leases = [epochs(db, *first), epochs(db, *second)]
            taken = [played_by(db, *first), played_by(db, *second)]
        finally:
            end(a)
            end(b)
            end(c)
            db.dispose()
    places = results["places"]
    assert isinstance(places, list) and results["entrants"] == len(places) == 36
    assert sum(p["prize"] for p in places) == results["prize_pool"] == 3_600
    event = MultiTableTournament.from_record(record["event"])
    assert sorted(p.entry for p in event.standings()) == sorted(event.entries)
    assert event.chips_on_tables() == event.chips_issued == 36 * EVENT["starting_stack"]
    assert kept == [] and acts == []        # every hand's rows dropped once its end was applied
    by = {(key, number): who for key, number, _, who in rows}
    assert all(who is not None for who in by.values())          # every hand dealt away was played to its end
    assert len(set(by.values())) >= 2
    assert None not in taken and floor not in taken     # each hand went on in another process
    assert [len(held) for held in leases] == [2, 1]     # the first went on under another lease
    carried = moved(event_id, record["event"]["events"], rows)
    assert carried and all(chips == arrived for _, chips, arrived in carried)   # each move's chips arrive whole
    assert any(crossed for crossed, _, _ in carried)    # moves between tables played by different processes
    assert any(key == table_key(event_id, 1) for key, _ in by)
    assert "Traceback" not in log.read_text()
