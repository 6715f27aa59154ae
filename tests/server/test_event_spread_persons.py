"""Issue 38, any process serves any table, with persons at the tables: one event of house bots,
a player played by ``pokerfloor bot`` (``play_event``, by the event's link) and a client-driven
player on three ``serve --spread-tables`` processes over PostgreSQL. The latter's page (the test's
own client, speaking the event's protocol as a page does) is connected to a process that is not
the one playing its table; its hands are played under another process's lease
(server/event/seated.py). Its actions arrive; a turn it stays silent is timed out there (check,
else fold, after ``action_seconds``); the host moves it to a table another process plays and its
page follows, told in words; and when the process playing its table is SIGKILLed at its turn, the
action it sent meanwhile is not lost: another process takes the lease, goes on from the deal and
the stored inputs, and makes it (when the killed process was the floor too, the page reconnects
and its player acts again). The event ends with every entry placed once, the bot client placed,
the prizes adding up to the pool and every chip accounted for."""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, select
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from pokerfloor.server.bus import ALIVE_SECONDS
from pokerfloor.server.event.botclient import play_event
from pokerfloor.server.event.hands import table_key
from pokerfloor.server.schema import owners
from pokerfloor.table.event import MultiTableTournament
from tests.server.event_play import until
from tests.server.postgres import cluster
from tests.server.test_event_postgres import get, up
from tests.server.test_event_spread import finish, serve
from tests.server.test_serve_command import end
from tests.web.conftest import free_port

ACTION_SECONDS = 3
EVENT: dict[str, Any] = {
    "name": "Spread people", "starting_stack": 3_000, "seats": 9, "between_hands": 0,
    "action_seconds": ACTION_SECONDS, "buy_in": 100, "payouts": [70, 30],
    "levels": [{"small_blind": 25 * 2**k, "big_blind": 50 * 2**k, "hands": 3} for k in range(14)]}


def lease(db: Engine, key: str) -> tuple[str, int] | None:
    """Who holds table ``key``'s lease, and its epoch (the last process to take it)."""
    with db.connect() as c:
        row = c.execute(select(owners.c.owner, owners.c.epoch).where(owners.c.table_id == key)).first()
    return None if row is None else (str(row[0]), int(row[1]))


class Page:
    """A person's page: connected to one process, reconnecting (to a process alive) with its
    token when the connection closes, as the page does."""

    def __init__(self, event_id: str, token: str, port: int) -> None:
        self.event_id, self.token, self.port = event_id, token, port
        self.ws: ClientConnection | None = None
        self.reconnects = 0

    def connect(self, port: int) -> None:
        if self.ws is not None:
            self.ws.close()
        self.port = port
        self.ws = connect(f"ws://127.0.0.1:{port}/event/ws", ping_interval=None, open_timeout=10).__enter__()
        self.ws.send(json.dumps({"type": "event_hello", "event_id": self.event_id, "token": self.token,
                                 "view": "player"}))

    def frame(self, alive: list[int]) -> dict[str, Any]:
        for _ in range(50):
            try:
                assert self.ws is not None
                return dict(json.loads(self.ws.recv(timeout=30)))
            except ConnectionClosed:
                self.reconnects += 1
                time.sleep(0.2)
                self.connect(self.port if self.port in alive else alive[0])
        raise AssertionError("the page could not reconnect")

    def send(self, frame: dict[str, Any]) -> None:
        assert self.ws is not None
        with contextlib.suppress(ConnectionClosed):     # (the next read reconnects; the hand shows the turn again)
            self.ws.send(json.dumps(frame))


def move(port: int, event_id: str, host_token: str, table: int) -> None:
    """The host moves Ada from ``table`` to a free seat of another table."""
    with connect(f"ws://127.0.0.1:{port}/event/ws", ping_interval=None) as host:
        host.send(json.dumps({"type": "event_hello", "event_id": event_id, "token": host_token}))
        lobby = until(host, lambda f: f["type"] == "event_lobby")
        other = next(t for t in lobby["tables"] if t["table"] != table)
        seat = min(set(range(1, 10)) - {p["seat"] for p in other["players"]})
        host.send(json.dumps({"type": "move_entry", "name": "Ada", "table": other["table"], "seat": seat}))
        until(host, lambda f: f["type"] == "event_done")


def choose(legal: dict[str, Any]) -> str:
    return "check" if legal.get("check") else "fold"      # (the player stays in as long as may be)


def test_a_persons_table_is_played_by_another_process_and_a_sigkill_at_their_turn_loses_nothing(
        tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with cluster() as url:
        db = create_engine(url)
        ports = [free_port(), free_port(), free_port()]
        procs = {port: serve(url, port, log) for port in ports}
        alive = list(ports)
        try:
            for port in ports:
                up(procs[port], port, log)
            time.sleep(ALIVE_SECONDS + 0.5)     # each has heard the others: the tables are dealt to all three
            named = dict(line.split()[1:] for line in log.read_text().splitlines() if line.startswith("owner "))
            owner_of = {named[str(port)]: port for port in ports}
            token = secrets.token_urlsafe(24)
            with connect(f"ws://127.0.0.1:{ports[0]}/event/ws", ping_interval=None) as host:
                host.send(json.dumps({"type": "open_event", "event": EVENT}))
                opened = until(host, lambda f: f["type"] == "event_opened")
                event_id = opened["event_id"]
                host.send(json.dumps({"type": "register", "name": "Ada", "token": token}))
                until(host, lambda f: f["type"] == "registered")
                # Another person, ``pokerfloor bot`` by the event's link, on the floor's process, which
                # plays no table while another lives (and so is not killed here: the bot client does
                # not reconnect).
                bea: dict[str, Any] = {}
                link = f"http://127.0.0.1:{ports[0]}/event.html?e={event_id}"
                bot = threading.Thread(target=lambda: bea.update(play_event(link, name="Bea", timeout=120)),
                                       daemon=True)
                bot.start()
                until(host, lambda f: f["type"] == "event_lobby" and "Bea" in f["registered"])
                host.send(json.dumps({"type": "add_bots", "count": 9}))
                until(host, lambda f: f["type"] == "event_done")
                host.send(json.dumps({"type": "start_event"}))
                until(host, lambda f: f["type"] == "event_done")
            page = Page(event_id, token, ports[1])
            page.connect(ports[1])
            turns: dict[tuple[int, str, int], int] = {}     # a turn (table, hole cards, actions before) resolved
            acted: list[tuple[tuple[int, str, int], str, str, float]] = []     # (turn, action sent, holder, when)
            apart = 0           # turns at a table played by a process the page is not connected to
            sent: dict[tuple[int, str, int], int] = {}      # a turn answered -> the page's reconnects then
            killed: tuple[str, int] | None = None
            moved_from = 0      # the table the page's player was at when the host moved them
            made_at: list[tuple[int, str]] = []     # (table, the process playing it) of each action made
            told = False        # the page was told of the move in words
            checked: list[str] = []
            for _ in range(200_000):
                frame = page.frame(alive)
                if frame["type"] == "error":
                    assert frame["code"] == "not_your_turn", frame      # (an old page's; never another)
                    continue
                if frame["type"] != "event_seat":
                    continue
                told = told or any(text.startswith(("You moved to table", "Your seat: table"))    # (moved, or the
                                   for text in frame["notices"][1:])             # final table's redraw)
                if frame["over"]:
                    break
                table, seat = frame["table"], frame["you"]["seat"]
                hand = None if table is None else table["hand"]
                if hand is None:
                    continue
                mine = "".join(c or "" for c in hand["holes"].get(str(seat), []))
                events = hand["events"]
                for turn, action, holder, at in acted:      # what became of each action sent
                    if (turn[0], turn[1]) == (table["table"], mine) and len(events) > turn[2] and turn not in turns:
                        made = events[turn[2]]
                        assert made.get("seat") == seat, (made, turn)
                        if action == "":        # silent: timed out, after its clock
                            assert made["kind"] in ("check", "fold") and time.monotonic() - at >= ACTION_SECONDS - 0.5
                            checked.append("timed out")
                        else:
                            assert made["kind"] == action, (made, action)
                            after = killed is not None and holder == killed[0]
                            checked.append("made after a kill" if after else "made")
                            made_at.append((turn[0], holder))
                            taken = lease(db, table_key(event_id, turn[0]))
                            assert not after or (taken is not None and taken[0] != holder)    # under another lease
                        turns[turn] = 1
                if table["hand_over"] or hand["is_over"] or hand["to_act"] != seat or not hand["legal"]:
                    continue
                turn = (table["table"], mine, len(events))
                if turn in sent:
                    again = [a for t, a, *_ in acted if t == turn and a]
                    if sent[turn] != page.reconnects and again:      # reconnected since: its player acts again
                        sent[turn] = page.reconnects
                        page.send({"type": "event_act", "action": again[-1]})
                    continue            # (a page sent again of a turn already answered)
                key = table_key(event_id, table["table"])
                held = lease(db, key)
                if held is None:
                    continue        # (a table no process has played yet: its views come once one takes it)
                if owner_of.get(held[0]) == page.port:       # connected to the playing process: another one
                    page.connect(next(p for p in alive if p != page.port))
                    continue
                apart += 1
                sent[turn] = page.reconnects
                if apart == 2:
                    acted.append((turn, "", held[0], time.monotonic()))     # silent: its clock runs out there
                    continue
                action = choose(hand["legal"])
                if apart == 1:          # the host moves the player to the other table (played by another process)
                    moved_from = table["table"]
                    move(alive[0], event_id, opened["host_token"], moved_from)
                if (moved_from and table["table"] != moved_from and killed is None and hand["legal"].get("call")):
                    action = "call"         # (not what a timeout does): the process playing the table dies now
                    victim = owner_of[held[0]]
                    procs[victim].kill()         # SIGKILL
                    procs[victim].wait(timeout=20)
                    alive.remove(victim)
                    killed = held
                page.send({"type": "event_act", "action": action})
                acted.append((turn, action, held[0], time.monotonic()))
            else:
                raise AssertionError("the event did not end")
            assert killed is not None and apart >= 4, apart
            assert told, frame["notices"]       # the page followed its player to the other table, told in words
            before, after = ({h for t, h in made_at if (t == moved_from) == there} for there in (True, False))
            assert before and after and before != after, made_at     # actions made at both, by different processes
            assert "timed out" in checked and "made after a kill" in checked and checked.count("made") >= 1, checked
            # after the kill, the hand went on under another process's lease
            results = finish(alive[0], event_id)
            bot.join(timeout=60)
            assert bea.get("over") and bea["you"]["place"], bea     # the bot client played to its place
            assert results.get("over"), results
            record = get(alive[0], f"/event/{event_id}/record.json")
        finally:
            for proc in procs.values():
                end(proc)
    event = MultiTableTournament.from_record(record["event"])
    places = event.standings()
    assert sorted(p.entry for p in places) == sorted(event.entries) and len(event.entries) == 11
    assert sum(p.prize for p in places) == event.prize_pool == 1_100
    assert event.chips_on_tables() == event.chips_issued == 11 * 3_000
