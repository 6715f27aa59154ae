"""Any process serves any table (server/bus.py): two ``pokerfloor serve`` processes on one
throwaway PostgreSQL cluster, the clients of one table spread over both as a round-robin proxy
would spread them. A hand is played through, the owner is SIGKILLed mid-hand with an action
stored and not yet answered, every client reconnects to the process left (which takes the table
over), resyncs and resends, and the session goes on; a fresh process then joins in again. No
action is lost or applied twice."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from websockets.exceptions import ConnectionClosed, InvalidMessage

from pokerfloor.server.store import Store
from pokerfloor.server.transport import Client as TransportClient
from pokerfloor.server.wire import CHANNEL, libpq_url
from tests.server.postgres import cluster
from tests.server.test_faults import GAME, Client, Server, _choose

OPTIONS = {"between_hands": {"seconds": 0, "showdown": 0}}     # dealt at once (issue 35)

PLAYERS = {"ann": 1, "bob": 2, "cy": 4, "dee": 5}
HANDS = 4
KILL_AT = 12     # mid-street actions stored before the owner dies: 3 into hand 2 with this seed
LOST = (ConnectionClosed, OSError, TimeoutError, EOFError, InvalidMessage)


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with cluster() as url:
        yield url


class Seat:
    """A client that reconnects where it is sent (``servers``, round robin) when its
    connection is lost, with its token, and resends its unanswered action."""

    def __init__(self, name: str, token: str, table_id: str) -> None:
        self.name, self.token, self.table_id = name, token, table_id
        self.client: Client | None = None
        self.seq = 0

    def connect(self, server: Server) -> None:
        until = time.monotonic() + 20
        while time.monotonic() < until:
            try:
                client = Client(server)
                client.seq = self.seq
                welcome = client.reply({"type": "hello", "version": 1, "table_id": self.table_id, "token": self.token})
            except LOST:
                time.sleep(0.1)          # the table is changing owner: its relayed clients are closed
                continue
            if welcome.get("code") == "store_away":     # PostgreSQL is restarting
                client.ws.close()
                time.sleep(0.1)
                continue
            assert welcome["type"] == "welcome", (self.name, welcome)
            self.client = client
            return
        raise AssertionError(f"{self.name} could not reconnect")

    def reply(self, frame: dict[str, Any]) -> dict[str, Any]:
        assert self.client is not None
        got = self.client.reply(frame)
        self.seq = self.client.seq
        return got

    def close(self) -> None:
        if self.client is not None:
            self.client.ws.close()


def _play(seats: dict[str, Seat], until: int, servers: list[Server],
          killed: list[tuple[Server, int]] | None = None, *,
          drops: list[int] | None = None) -> tuple[dict[tuple[str, str], int], int]:
    """Play until hand ``until`` is over. If servers[0] (the owner) dies meanwhile (``killed``
    says it may), every client reconnects to the others, round robin, resyncs and resends its
    unanswered action; so it does when a connection is closed with every server alive, if
    ``drops`` says one may be (the hand of each such loss is added to it). Returns each
    acknowledged action's count by (name, client action id) and how many actions were resent."""
    acked: dict[tuple[str, str], int] = {}
    unanswered: dict[str, dict[str, Any]] = {}
    resent, number = 0, 0
    for _ in range(2000):
        try:
            for name, frame in list(unanswered.items()):
                got = seats[name].reply(dict(frame))
                assert got["type"] == "ack", got
                resent += 1
                acked[(name, frame["client_action_id"])] = acked.get((name, frame["client_action_id"]), 0) + 1
                del unanswered[name]
            state = seats["host"].reply({"type": "resync", "last_seq": seats["host"].seq})
            number = state["table"]["hand_number"]
            hand = state["hand"] or {}
            if number > until or (number == until and hand.get("is_over", True)):
                return acked, resent
            seat = None if hand.get("is_over", True) else hand.get("to_act")
            turn = next((n for n, s in PLAYERS.items() if s == seat), None)
            if turn is None:
                continue
            mine = seats[turn].reply({"type": "resync", "last_seq": seats[turn].seq})
            if not mine["you"]["turn_token"]:
                continue
            view = mine["hand"]
            action, to = _choose(number, view["legal"], len(view["events"]))
            frame = {"type": "act", "hand": number, "action": action, "to": to,
                     "turn_token": mine["you"]["turn_token"], "client_action_id": f"{number}-{len(view['events'])}"}
            unanswered[turn] = frame
            got = seats[turn].reply(dict(frame))
            assert got["type"] == "ack", got
            acked[(turn, frame["client_action_id"])] = acked.get((turn, frame["client_action_id"]), 0) + 1
            del unanswered[turn]
        except LOST:
            assert killed is not None or drops is not None, "a connection was lost with no server killed"
            if killed is not None:
                for _ in range(400):
                    if servers[0].dead():
                        break
                    time.sleep(0.005)
                assert servers[0].dead(), "a connection failed but the owner lives"
                killed.append((servers.pop(0), number))
            else:
                assert drops is not None and not any(server.dead() for server in servers)
                drops.append(number)
            for i, seat_ in enumerate(seats.values()):
                seat_.close()
                seat_.connect(servers[i % len(servers)])
            for frame in unanswered.values():     # the turn token died with the owner: asked again
                frame["turn_token"] = "stale"
            for name in list(unanswered):
                mine = seats[name].reply({"type": "resync", "last_seq": seats[name].seq})
                if mine["you"]["turn_token"]:
                    unanswered[name]["turn_token"] = mine["you"]["turn_token"]
                else:
                    # Its turn passed: the action was stored before the kill. The resend, with
                    # the same client action id, is answered as a duplicate, not applied again.
                    frame = unanswered.pop(name)
                    got = seats[name].reply(dict(frame))
                    assert got["type"] == "ack" and got["duplicate"], got
                    resent += 1
                    acked[(name, frame["client_action_id"])] = acked.get((name, frame["client_action_id"]), 0) + 1
    raise AssertionError("the session did not finish")


def _seated(servers: list[Server], seats: dict[str, Seat]) -> str:
    """A table created at ``servers[0]`` (its owner), the host and ``PLAYERS`` seated (bob's
    and dee's joins reach the other process), each connected round robin (host, bob, dee on
    the owner; ann and cy relayed), and started; returns its id."""
    creator = Client(servers[0])
    created = creator.reply({"type": "create_table", "game": GAME, "seats": 6, "options": OPTIONS})
    table_id = str(created["table_id"])
    seats["host"] = Seat("host", created["host_token"], table_id)
    creator.ws.close()
    for i, (name, seat) in enumerate(PLAYERS.items()):
        joining = Client(servers[(i + 1) % 2])
        welcome = joining.reply({"type": "hello", "version": 1, "table_id": table_id})
        assert welcome["type"] == "welcome", welcome
        joined = joining.reply({"type": "join", "name": name, "seat": seat, "chips": 100 + 20 * seat})
        assert joined["type"] == "seat_requested", joined
        joining.ws.close()
        seats[name] = Seat(name, joined["seat_token"], table_id)
    for i, seat_ in enumerate(seats.values()):
        seat_.connect(servers[i % 2])
    assert seats["host"].reply({"type": "start"})["type"] == "ack"
    return table_id


def _check_stored(postgres: str, table_id: str, acked: dict[tuple[str, str], int]) -> None:
    """Every acknowledged action is stored once, and no other."""
    store = Store(postgres)
    try:
        inputs = store.inputs(table_id)
    finally:
        store.close()
    stored = [e for e in inputs if e["kind"] == "act"]
    ids = [e["client_action_id"] for e in stored]
    assert len(ids) == len(set(ids))                    # nothing applied twice...
    sent = {action_id for _, action_id in acked}
    assert sent == set(ids)                             # ...and every acknowledged action stored, no other


def test_clients_spread_over_two_processes_play_on_through_the_owners_death(postgres: str) -> None:
    owner, other = Server(postgres, seed="ab" * 16), Server(postgres, seed="ab" * 16)
    # The owner dies as an action of hand 2 is stored, before anyone hears of it (the kill
    # hook of ``pokerfloor serve``): an action in flight.
    owner.start(f"stored/mid_street:{KILL_AT}")
    other.start()
    seats: dict[str, Seat] = {}
    killed: list[tuple[Server, int]] = []
    third: Server | None = None
    try:
        servers = [owner, other]
        table_id = _seated(servers, seats)
        acked, resent = _play(seats, 3, servers, killed)
        assert [server for server, _ in killed] == [owner] and resent > 0
        assert killed[0][1] >= 2                  # hand 1 was played through before the owner died
        third = Server(postgres, seed="ab" * 16)       # a fresh process joins in: clients spread again
        third.start()
        servers = [other, third]
        for i, seat_ in enumerate(seats.values()):
            seat_.close()
            seat_.connect(servers[i % 2])
        more, _ = _play(seats, HANDS, servers)
        for key, count in more.items():
            acked[key] = acked.get(key, 0) + count
        with urllib.request.urlopen(f"http://127.0.0.1:{third.port}/api/tables/{table_id}/hands.phhs") as answer:
            assert answer.read().decode().count("actions") == HANDS      # served by a process that does not own it
    finally:
        for seat_ in seats.values():
            seat_.close()
        for server in (owner, other, *([] if third is None else [third])):
            server.close()
    _check_stored(postgres, table_id, acked)


def _listeners(postgres: str) -> set[int]:
    """The server processes of the cluster that listen on the bus's channel (a bus's listening
    connection runs nothing but its LISTEN)."""
    import psycopg

    with psycopg.connect(libpq_url(postgres), autocommit=True) as db:
        rows = db.execute("SELECT pid FROM pg_stat_activity WHERE query = %s", (f"LISTEN {CHANNEL}",)).fetchall()
    return {int(row[0]) for row in rows}


def test_a_bus_whose_connection_drops_connects_again_and_its_clients_play_on(postgres: str) -> None:
    """The listening connections of both processes are terminated mid-session (as a restart of
    PostgreSQL or a proxy would): each process connects again at once and resyncs; a client
    relayed meanwhile is served, the clients closed for the resync (1012) reconnect, and the
    session goes on with no action lost or applied twice."""
    import psycopg

    owner, other = Server(postgres, seed="ab" * 16), Server(postgres, seed="ab" * 16)
    owner.start()
    other.start()
    seats: dict[str, Seat] = {}
    try:
        servers = [owner, other]
        table_id = _seated(servers, seats)
        acked, _ = _play(seats, 1, servers)
        before = _listeners(postgres)
        assert len(before) == 2
        with psycopg.connect(libpq_url(postgres), autocommit=True) as db:
            for pid in before:
                db.execute("SELECT pg_terminate_backend(%s)", (pid,))
        for _ in range(100):
            after = _listeners(postgres)
            if len(after) == 2 and not after & before:
                break
            time.sleep(0.05)
        assert len(after) == 2 and not after & before, "the bus did not connect again"
        relayed = Client(other)                 # the table's owner is the other process: relayed
        welcome = relayed.reply({"type": "hello", "version": 1, "table_id": table_id})
        assert welcome["type"] == "welcome" and welcome["role"] == "guest", welcome
        relayed.ws.close()
        drops: list[int] = []
        more, _ = _play(seats, 3, servers, drops=drops)
        assert drops                            # relayed clients were closed to resync, and went on
        for key, count in more.items():
            acked[key] = acked.get(key, 0) + count
    finally:
        for seat_ in seats.values():
            seat_.close()
        for server in (owner, other):
            server.close()
    _check_stored(postgres, table_id, acked)


def test_a_bus_that_cannot_connect_tries_again_waiting_longer_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """From ``RECONNECT_SECONDS``, twice as long each try, at most ``RECONNECT_MOST``; once it
    connects it tells the bus (which resyncs), a message half received let go."""
    import asyncio

    from pokerfloor.server import wire as wire_module
    from pokerfloor.server.wire import Pieces, PostgresWire

    waits: list[float] = []
    tries = 0

    class Resynced(Exception):
        pass

    async def connect(self: PostgresWire) -> None:
        nonlocal tries
        tries += 1
        if tries <= 9:
            raise OSError("connection refused")

    async def resync() -> None:
        raise Resynced

    async def deliver(message: dict[str, Any]) -> None:
        raise AssertionError(message)

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(PostgresWire, "_connect", connect)
    monkeypatch.setattr(wire_module.asyncio, "sleep", sleep)
    wire = PostgresWire("postgresql://p@h/d", "me")
    wire.pieces["x.1"] = Pieces(2)
    with pytest.raises(Resynced):
        asyncio.run(wire.run(deliver, resync))
    first, most = wire_module.RECONNECT_SECONDS, wire_module.RECONNECT_MOST
    assert waits == [min(most, first * 2 ** i) for i in range(9)] and waits[-1] == most and tries == 10
    assert wire.reconnects == 1 and not wire.pieces


def test_a_resync_closes_what_went_through_the_bus_and_says_again_which_tables_are_its() -> None:
    """Whatever was said while the bus was down is lost: the clients relayed from here and the
    ones served here for another process are closed (1012), to reconnect and resync; the tables
    this process runs are announced again. The wire dropping its connection is what resyncs."""
    import asyncio

    from pokerfloor.server.bus import RESTART, Bus, BusSocket
    from pokerfloor.server.wire import Hub, MemoryWire

    hub = Hub()

    async def resync() -> tuple[Bus, BusSocket, Any]:
        bus = Bus(cast(Any, SimpleNamespace(tables={"t1": None})), wire=MemoryWire(hub))
        await bus.wire.open()
        carrying = asyncio.create_task(bus._carry())
        client = TransportClient(cast(Any, SimpleNamespace(client=None)))
        bus.relay(client, "t2", "{}")
        served = BusSocket(bus, "elsewhere", "c9", "10.0.0.9")
        bus.served[("elsewhere", "c9")] = served
        await asyncio.sleep(0)
        hub.said.clear()
        hub.drop(cast(MemoryWire, bus.wire))
        for _ in range(5):
            await asyncio.sleep(0)
        carrying.cancel()
        return bus, served, client

    bus, served, client = asyncio.run(resync())
    assert cast(MemoryWire, bus.wire).reconnects == 1
    assert not bus.relayed and not bus.conn_of and not bus.served
    assert client.closing and list(client.outbox) == [RESTART]
    assert served.closed and served.incoming.get_nowait() is None
    assert [(m["op"], m.get("table"), m.get("to"), m.get("code")) for m in hub.said] == [
        ("close", "t2", None, None),              # the owner of t2 ends the client relayed there
        ("close", None, "elsewhere", RESTART),    # the relaying process closes its client
        ("owner", "t1", None, None),
    ]


def test_a_broadcast_goes_to_each_relaying_process_as_one_message() -> None:
    """The owner's frames for five clients that one process relays, queued in one turn of its
    loop as a broadcast queues them (an update for all, an ack for one, another update), go
    in one message, each text once; the relaying process hands every client its frames in
    their order, and a close queued after them comes after them (over the in-memory wire)."""
    import asyncio

    from pokerfloor.server.bus import Bus, BusSocket
    from pokerfloor.server.wire import Hub, MemoryWire

    hub = Hub()

    def said() -> list[dict[str, Any]]:
        messages = list(hub.said)
        hub.said.clear()
        return messages

    async def play() -> tuple[list[TransportClient], list[dict[str, Any]], list[dict[str, Any]]]:
        relaying = Bus(cast(Any, SimpleNamespace(tables={})), wire=MemoryWire(hub))
        owner = Bus(cast(Any, SimpleNamespace(tables={"t1": None})), wire=MemoryWire(hub))
        await relaying.wire.open()
        carrying = asyncio.create_task(relaying._carry())
        clients = [TransportClient(cast(Any, SimpleNamespace(client=None))) for _ in range(5)]
        for client in clients:
            relaying.relay(client, "t1", "{}")
        said()
        sockets = [BusSocket(owner, relaying.inbox, relaying.conn_of[c], "10.0.0.1") for c in clients]
        served = [TransportClient(cast(Any, socket)) for socket in sockets]
        senders = [asyncio.create_task(client.deliver()) for client in served]
        for client in served:
            await client.send_text('{"update": 1}')
        await served[0].send_text('{"ack": 1}')
        for client in served:
            await client.send_text('{"update": 2}')
        for _ in range(5):
            await asyncio.sleep(0)
        broadcast = said()
        await sockets[4].close(1000)
        closed = said()
        for _ in range(5):
            await asyncio.sleep(0)
        for task in [*senders, carrying]:
            task.cancel()
        await asyncio.gather(*senders, carrying, return_exceptions=True)
        return clients, broadcast, closed

    clients, broadcast, closed = asyncio.run(play())
    assert len(broadcast) == 1                              # not one message a client (11)
    (message,) = broadcast
    assert message["op"] == "sends" and message["texts"] == ['{"update": 1}', '{"ack": 1}', '{"update": 2}']
    assert [len(conns) for conns in message["conns"]] == [5, 1, 5]
    assert [m["op"] for m in closed] == ["close"]
    assert list(clients[0].outbox) == ['{"update": 1}', '{"ack": 1}', '{"update": 2}']
    assert [list(c.outbox) for c in clients[1:4]] == [['{"update": 1}', '{"update": 2}']] * 3
    assert list(clients[4].outbox) == ['{"update": 1}', '{"update": 2}', 1000] and clients[4].closing


def test_frames_for_relayed_clients_keep_each_clients_order_when_texts_repeat() -> None:
    """A text queued for one connection after another text is never delivered before it, even
    when another connection had that text first."""
    from pokerfloor.server.bus import Sends

    sends = Sends()
    for conn, text in (("a", "one"), ("a", "two"), ("b", "two"), ("b", "one")):
        sends.add(conn, text)
    assert sends.texts == ["one", "two", "one"] and sends.conns == [["a"], ["a", "b"], ["b"]]


def test_a_long_message_goes_in_pieces_a_notification_can_carry() -> None:
    """NOTIFY carries at most 8000 bytes: a longer message (an update with a long chat line in
    any script) is cut in pieces, each within it, and put together again in order."""
    from pokerfloor.server.wire import PostgresWire

    sender, receiver = PostgresWire("postgresql+psycopg://p@h/d", "a"), PostgresWire("postgresql://p@h/d", "b")
    assert sender.url == "postgresql://p@h/d" == receiver.url
    text = "\u00e9\u4e00\U0001f0a1 " * 6000
    sender.put({"op": "send", "to": "x", "conn": "c", "text": text})
    sender.put({"op": "close", "to": "x", "conn": "c", "code": 1000})
    payloads = [sender.outgoing.get_nowait() for _ in range(sender.outgoing.qsize())]
    assert len(payloads) > 2 and all(len(p.encode()) < 8000 for p in payloads)
    got = [m for m in map(receiver.assemble, payloads) if m is not None]
    assert [m["op"] for m in got] == ["send", "close"] and got[0]["text"] == text


def test_on_sqlite_there_is_no_bus(tmp_path: Path) -> None:
    from pokerfloor.server import create_app

    assert create_app(f"sqlite:///{tmp_path / 'one.db'}").state.server.bus is None


def test_the_clients_a_silent_process_relayed_are_dropped_at_the_owner() -> None:
    """A relaying process that died (SIGKILL: it said no goodbye) falls silent: once it has not
    been heard from for SILENT_SECONDS its clients end at the owner; another's stay."""
    from pokerfloor.server.bus import SILENT_SECONDS, Bus, BusSocket

    bus = Bus(cast(Any, None), "postgresql://p@h/d")
    dead, alive = BusSocket(bus, "dead", "c1", "10.0.0.1"), BusSocket(bus, "alive", "c2", "10.0.0.2")
    bus.served = {("dead", "c1"): dead, ("alive", "c2"): alive}
    bus.heard = {"dead": 100.0, "alive": 100.0 + SILENT_SECONDS}
    bus.drop_silent(100.0 + SILENT_SECONDS)
    assert list(bus.served) == [("dead", "c1"), ("alive", "c2")]         # not yet
    bus.drop_silent(100.0 + SILENT_SECONDS + 0.5)
    assert list(bus.served) == [("alive", "c2")]
    assert dead.closed and dead.incoming.get_nowait() is None and alive.incoming.empty()
