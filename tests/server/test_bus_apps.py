"""Whole servers relayed through the bus, without PostgreSQL (issue 36): several ``create_app``
servers in one process, each standing for a ``pokerfloor serve`` process, share one SQLite file,
one in-memory hub (``wire.Hub``; here one whose wires may listen on different event loops, as
two Starlette test clients do) and the tables' leases (``Leased``: one holder, as PostgreSQL's
advisory lock gives). A client of a table another process owns is served by the owner through
the bus and back; its frames are checked for size and flood before they reach the bus; a table
that changes owner closes its clients (1012), which come back; a process that goes leaves its
tables to the one relaying them; a bus whose connection drops resyncs and serves on.
tests/server/test_bus.py runs the PostgreSQL wire itself."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokerfloor.server import bus as bus_module
from pokerfloor.server import create_app
from pokerfloor.server.bus import RESTART, Bus
from pokerfloor.server.store import Store
from pokerfloor.server.transport import MAX_FRAME
from pokerfloor.server.wire import Hub, MemoryWire

GAME = {"variant": "holdem", "structure": "no_limit", "small_blind": 1, "big_blind": 2}


class LoopWire(MemoryWire):
    """A memory wire that hears on the loop it was opened on (each test client has its own)."""

    loop: asyncio.AbstractEventLoop

    async def open(self) -> None:
        self.loop = asyncio.get_running_loop()
        await super().open()


class LoopHub(Hub):
    """A hub whose wires listen on different loops: each message goes to each wire's own loop,
    in the order the messages were put (one lock for all)."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()

    def post(self, text: str) -> None:
        with self.lock:
            self.said.append(json.loads(text))
            for wire in self.wires:
                assert isinstance(wire, LoopWire)
                wire.loop.call_soon_threadsafe(wire.heard.put_nowait, text)

    def drop_all(self) -> None:
        """Every wire's connection drops at once (PostgreSQL restarted)."""
        with self.lock:
            for wire in self.wires:
                assert isinstance(wire, LoopWire)
                wire.loop.call_soon_threadsafe(Hub.drop, self, wire)

    def ops(self, op: str) -> int:
        with self.lock:
            return [message.get("op") for message in self.said].count(op)


class Leased(Store):
    """A SQLite store whose tables are leased as on PostgreSQL: one holder in ``leases``, shared by
    the processes, taken by ``claim`` and lost when another takes it (``check_leases``)."""

    def __init__(self, url: str, leases: dict[str, Store]) -> None:
        super().__init__(url)
        self.leases = leases

    def claim(self, table_id: str) -> bool:
        if self.leases.setdefault(table_id, self) is not self:
            return False
        self.epochs[table_id] = 1
        return True

    def release(self, table_id: str) -> None:
        self.epochs.pop(table_id, None)
        if self.leases.get(table_id) is self:
            del self.leases[table_id]

    def owns(self, table_id: str) -> bool:
        return table_id in self.epochs

    def check_leases(self) -> list[str]:
        lost = [table_id for table_id in self.epochs if self.leases.get(table_id) is not self]
        for table_id in lost:
            del self.epochs[table_id]
        return lost

    def close(self) -> None:
        for table_id in list(self.epochs):
            self.release(table_id)
        super().close()


class Floor:
    """Processes sharing one store file, one hub and the leases."""

    def __init__(self, folder: Path, **options: Any) -> None:
        self.url, self.options = f"sqlite:///{folder / 'floor.db'}", options
        self.hub, self.leases = LoopHub(), dict[str, Store]()
        self.running: list[TestClient] = []

    def start(self) -> TestClient:
        """One more process: its server's bus on the hub, started with the app."""
        app = create_app(Leased(self.url, self.leases), **self.options)
        server = app.state.server
        server.bus = Bus(server, wire=LoopWire(self.hub))
        http = TestClient(app)
        http.__enter__()
        self.running.append(http)
        return http

    def stop(self, http: TestClient) -> None:
        self.running.remove(http)
        http.__exit__(None, None, None)


def server(http: TestClient) -> Any:
    return http.app.state.server        # type: ignore[attr-defined]


@pytest.fixture
def floor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Floor]]:
    monkeypatch.setattr(bus_module, "CHECK_SECONDS", 0.05)
    made: list[Floor] = []

    def make(**options: Any) -> Floor:
        made.append(Floor(tmp_path, **options))
        return made[-1]

    yield make
    for one in made:
        for http in list(one.running):
            one.stop(http)


def _until(done: Callable[[], object], seconds: float = 10.0) -> None:
    until = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < until, "not within the time allowed"
        time.sleep(0.01)


def _table(http: TestClient) -> tuple[str, str]:
    """A table created at ``http``'s process, which owns it: its id and the host's token."""
    with http.websocket_connect("/ws") as ws:
        ws.send_json({"type": "create_table", "game": GAME, "seats": 6, "id": 1})
        created = ws.receive_json()
        assert created["type"] == "table_created", created
        return str(created["table_id"]), str(created["host_token"])


def _hello(ws: Any, table_id: str, token: str | None = None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "version": 1, "table_id": table_id, **({"token": token} if token else {})})
    welcome: dict[str, Any] = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome


def _closed(ws: Any) -> int:
    with pytest.raises(WebSocketDisconnect) as closed:
        for _ in range(100):
            ws.receive_json()
    return int(closed.value.code)


def test_a_client_of_another_processs_table_is_served_by_its_owner_through_the_bus(floor: Callable[..., Floor]) -> None:
    here = floor()
    owner, relaying = here.start(), here.start()
    table_id, token = _table(owner)
    with relaying.websocket_connect("/ws") as ws:
        assert _hello(ws, table_id, token)["role"] == "host"
        ws.receive_json()                                       # its first update
        ws.send_json({"type": "join", "name": "ann", "seat": 1, "chips": 100, "id": 2})
        frames = [ws.receive_json() for _ in range(2)]
        assert [(f["type"], f.get("reply_to")) for f in frames] == [("update", None), ("seat_requested", 2)]
    assert here.hub.ops("open") == 1 and here.hub.ops("frame") == 1 and here.hub.ops("sends") >= 2
    assert table_id in server(owner).tables and table_id not in server(relaying).tables


def test_a_relayed_clients_frames_are_checked_before_they_reach_the_bus(floor: Callable[..., Floor]) -> None:
    """Issue 34, finding 5: each frame of a relayed client passes the size and flood checks at
    the relaying process: one over ``MAX_FRAME`` is refused there (``too_large``) and never goes
    over the bus, frames over the flood limit are refused, and the connection is closed at its
    error budget."""
    here = floor(flood=5)
    owner, relaying = here.start(), here.start()
    table_id, _ = _table(owner)
    with relaying.websocket_connect("/ws") as ws:
        _hello(ws, table_id)
        big = json.dumps({"type": "chat", "text": "x" * (MAX_FRAME + 1)})
        codes = []
        with pytest.raises(WebSocketDisconnect):
            for _ in range(30):
                ws.send_text(big)
                frame = ws.receive_json()
                if frame["type"] == "error":
                    codes.append(frame["code"])
        assert codes and set(codes) <= {"too_large", "flood"}
        assert here.hub.ops("frame") == 0                       # not one of them went over the bus
    time.sleep(1.1)                                             # a new second for the flood limit
    with relaying.websocket_connect("/ws") as ws:
        _hello(ws, table_id)
        for _ in range(12):                                     # 12 frames at once, 5 a second allowed
            ws.send_json({"type": "chat", "text": "hi"})
        refused = 0
        while refused + here.hub.ops("frame") < 12:
            refused += ws.receive_json().get("code") == "flood"
        assert 1 <= here.hub.ops("frame") <= 5                  # (the hello counted too, within its second)


def test_a_table_that_changes_owner_closes_its_clients_and_they_come_back(floor: Callable[..., Floor]) -> None:
    """The owner lost its lease to the relaying process (claimed while its lock was away): it
    hands the table over: its direct client and the one relayed from the other process are
    closed (1012), to reconnect; that one is then served where it is, not relayed."""
    here = floor()
    owner, relaying = here.start(), here.start()
    table_id, token = _table(owner)
    with owner.websocket_connect("/ws") as direct, relaying.websocket_connect("/ws") as ws:
        for socket in (direct, ws):
            _hello(socket, table_id, token)
        taking = server(relaying).store
        here.leases[table_id] = taking
        taking.epochs[table_id] = 2
        assert _closed(direct) == RESTART and _closed(ws) == RESTART
    assert table_id not in server(owner).tables
    opened = here.hub.ops("open")
    with relaying.websocket_connect("/ws") as ws:
        assert _hello(ws, table_id, token)["role"] == "host"
    assert table_id in server(relaying).tables and here.hub.ops("open") == opened


def test_when_the_owner_goes_the_relaying_process_takes_the_table_over(floor: Callable[..., Floor]) -> None:
    here = floor()
    owner, relaying = here.start(), here.start()
    table_id, token = _table(owner)
    with relaying.websocket_connect("/ws") as ws:
        _hello(ws, table_id, token)
        here.stop(owner)                    # the owner ends, and its lease with it
        assert _closed(ws) == RESTART
    _until(lambda: table_id in server(relaying).tables)
    with relaying.websocket_connect("/ws") as ws:
        assert _hello(ws, table_id, token)["role"] == "host"


def test_a_bus_whose_connection_drops_resyncs_and_serves_on(floor: Callable[..., Floor]) -> None:
    """Every connection to the hub dropped at once (PostgreSQL restarted): each bus resyncs:
    the relayed client is closed (1012) to reconnect, the owner says again that the table is
    its, and a client relayed afterwards is served."""
    here = floor()
    owner, relaying = here.start(), here.start()
    table_id, token = _table(owner)
    wires = [server(http).bus.wire for http in (owner, relaying)]
    with relaying.websocket_connect("/ws") as ws:
        _hello(ws, table_id, token)
        announced = here.hub.ops("owner")
        here.hub.drop_all()
        assert _closed(ws) == RESTART
    _until(lambda: all(wire.reconnects == 1 for wire in wires) and here.hub.ops("owner") > announced)
    with relaying.websocket_connect("/ws") as ws:
        assert _hello(ws, table_id, token)["role"] == "host"
        ws.receive_json()
        ws.send_json({"type": "join", "name": "bo", "seat": 2, "chips": 100, "id": 3})
        assert [ws.receive_json()["type"] for _ in range(2)] == ["update", "seat_requested"]
