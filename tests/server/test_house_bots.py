"""House bots from the lobby (issue 35, "house bots from the lobby"): ``create_table`` takes
``options.bots``, and the server seats that many house bots after the host's seat, as ``serve
--bots`` does, each buying in for the most the table allows, the house approving its own bots
at a table whose seats need approval. A count the table cannot seat is refused ``bad_field``
before anything is created. The house's bots are kept in the store (``server/house.py``): a
server process that is killed and started again seats them again, and they play on."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from tests.server.served import WAIT, serving
from tests.server.test_bots import _hands_reach
from tests.server.test_faults import Client, Server

GAME = {"variant": "holdem", "structure": "no_limit", "small_blind": 1, "big_blind": 2}


def _frames(ws: Any, until: float) -> Any:
    while time.monotonic() < until:
        try:
            yield json.loads(ws.recv(timeout=0.5))
        except TimeoutError:
            continue


def test_a_table_opened_with_house_bots_seats_them_after_the_host(tmp_path: Path) -> None:
    with serving(tmp_path / "bots.db") as served, connect(served.url(), open_timeout=WAIT) as ws:
        ws.send(json.dumps({"type": "create_table", "game": GAME, "seats": 6,
                            "options": {"bots": 3, "approval": True}}))
        seated: dict[str, Any] = {}
        for frame in _frames(ws, time.monotonic() + 6 * WAIT):
            if frame["type"] == "error":
                raise AssertionError(frame)
            if frame["type"] == "update":
                seated = frame["table"]["seats"]
                if len(seated) == 3:
                    break
        assert {n: (s["name"], s["chips"]) for n, s in seated.items()} == {
            "2": ("bot1", 200), "3": ("bot2", 200), "4": ("bot3", 200)}, seated
        houses = served.call(lambda: list(served.server.house.running.values()))
        assert len(houses) == 1 and len(houses[0].bots) == 4      # three bots and the one that approved them
    assert all(house.stop.is_set() for house in houses)          # the server's end stops them


def test_the_house_bots_of_a_table_come_back_when_its_server_process_is_killed_and_started_again(
        tmp_path: Path) -> None:
    """Issue 35: the lobby's house bots were threads of the serving process, so a restart left
    their seats to the clock. Now they are kept in the store, and the restarted process seats
    them again when the table is opened (here, the host's page reconnecting): hands go on
    being played by the bots alone, well inside the 30 s clock
    an absent seat would wait for."""
    server = Server(tmp_path / "house.db")
    server.start()
    try:
        host = Client(server)
        created = host.reply({"type": "create_table", "game": GAME, "seats": 6, "options": {"bots": 2}})
        table_id, token = created["table_id"], created["host_token"]
        for frame in _frames(host.ws, time.monotonic() + 6 * WAIT):
            if frame["type"] == "update" and len(frame["table"]["seats"]) == 2:
                break
        assert host.reply({"type": "start"})["type"] == "ack"
        host.ws.close()
        before = _hands_reach(server, table_id, token, 2, seconds=30)["table"]["hand_number"]
        assert before >= 2
        server.stop()                   # SIGKILL: the bots' threads die with the process
        server.start()
        after = _hands_reach(server, table_id, token, before + 1, seconds=20)
        assert after["table"]["hand_number"] >= before + 1, after["table"]
        assert {p["name"]: int(s) for s, p in after["table"]["seats"].items()} == {"bot1": 2, "bot2": 3}
    finally:
        server.stop()


def test_more_bots_than_the_seats_after_the_hosts_is_refused_and_nothing_is_created(tmp_path: Path) -> None:
    with serving(tmp_path / "bots.db") as served, connect(served.url(), open_timeout=WAIT) as ws:
        for bots in (6, -1, True, "2", 2.5):
            ws.send(json.dumps({"type": "create_table", "game": GAME, "seats": 6, "options": {"bots": bots}}))
            answer = json.loads(ws.recv(timeout=WAIT))
            assert (answer["type"], answer["code"], answer["field"]) == ("error", "bad_field", "bots"), answer
        assert served.call(lambda: dict(served.server.tables)) == {}


def test_a_client_relayed_over_the_bus_is_served_though_its_socket_has_no_address(tmp_path: Path) -> None:
    """A client another process relays (``bus.BusSocket``) has no ASGI scope: the house learns
    its address from direct connections only (reading it from a relayed one failed every
    relayed connection on PostgreSQL)."""
    import asyncio
    from typing import cast

    from pokerfloor.server import create_app
    from pokerfloor.server.bus import Bus, BusSocket
    from pokerfloor.server.wire import Hub, MemoryWire

    server = create_app(f"sqlite:///{tmp_path / 'relayed.db'}").state.server

    async def relayed() -> None:
        bus = Bus(cast(Any, server), wire=MemoryWire(Hub()))
        socket = BusSocket(bus, "elsewhere", "c1", "10.0.0.9")
        socket.incoming.put_nowait(None)        # it says nothing, and goes
        await asyncio.wait_for(server.serve(socket), WAIT)

    asyncio.run(relayed())
    assert server.house.here is None
    server.store.close()
