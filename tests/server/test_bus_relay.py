"""The bus's relay logic over the in-memory wire (issue 36: the bus's transport under a backend
of its own, ``wire.MemoryWire``), without PostgreSQL: a client of a process that does not own
its table is served by the owner, its frames there and the owner's back, in order; its leaving
ends it at the owner; a new owner closes it (1012) to reconnect; a dropped wire resyncs."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

from starlette.websockets import WebSocketDisconnect

from pokerfloor.server.bus import RESTART, Bus, BusSocket
from pokerfloor.server.commands import Hello
from pokerfloor.server.fields import Refused
from pokerfloor.server.transport import Client
from pokerfloor.server.wire import Hub, MemoryWire


class Process:
    """What the bus needs of a serving process: the tables it owns, and a socket served as an
    echo (each frame back as ``echo <frame>``) until it ends."""

    def __init__(self, hub: Hub, tables: set[str]) -> None:
        self.tables = tables
        self.store = SimpleNamespace(check_leases=list)
        self.heard: list[str] = []
        self.ended = 0
        self.bus = Bus(cast(Any, self), wire=MemoryWire(hub))

    def table_task(self, table_id: str) -> Any:
        if table_id not in self.tables:
            raise Refused("not_owner", "another process owns it")
        return SimpleNamespace(table_id=table_id)

    async def hand_over(self, table_id: str) -> None:
        self.tables.discard(table_id)

    async def serve(self, socket: BusSocket) -> None:
        try:
            while True:
                text = await socket.receive_text()
                self.heard.append(text)
                await socket.send_text(f"echo {text}")
        except WebSocketDisconnect:
            self.ended += 1


HELLO = '{"type":"hello","version":1,"table_id":"t","token":null,"spectate":false}'


def _client() -> Client:
    return Client(cast(Any, SimpleNamespace(client=SimpleNamespace(host="10.0.0.7"))))


async def _settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def test_a_client_of_another_process_is_served_by_the_owner_and_leaves_there_too() -> None:
    hub = Hub()

    async def play() -> tuple[Process, Process, Client]:
        owner, relaying = Process(hub, {"t"}), Process(hub, set())
        for process in (owner, relaying):
            await process.bus.start()
        client = _client()
        hello = Hello(version=1, table_id="t", token=None, spectate=False)
        assert relaying.bus.task_or_relay(client, hello) is None
        await _settle()
        assert relaying.bus.forward(client, '{"type": "resync", "last_seq": 0}')
        await _settle()
        relaying.bus.left(client)
        await _settle()
        for process in (owner, relaying):
            await process.bus.close()
        return owner, relaying, client

    owner, relaying, client = asyncio.run(play())
    # The hello goes as its typed value, checked at the edge, written again as a frame.
    assert owner.heard == [HELLO, '{"type": "resync", "last_seq": 0}']
    assert list(client.outbox) == [f"echo {text}" for text in owner.heard]
    assert owner.ended == 1 and not owner.bus.served and not relaying.bus.relayed
    assert [m["op"] for m in hub.said if m["from"] == relaying.bus.inbox] == ["open", "frame", "close"]


def test_a_new_owner_closes_what_the_old_one_answered_and_reopens_what_was_never_answered() -> None:
    hub = Hub()

    async def play() -> tuple[Client, Client, list[dict[str, Any]]]:
        owner, relaying, other = Process(hub, {"t"}), Process(hub, set()), Process(hub, set())
        for process in (owner, relaying, other):
            await process.bus.start()
        answered = _client()
        relaying.bus.task_or_relay(answered, Hello(1, "t", None, False))
        await _settle()
        await owner.bus.close()                     # the owner dies: the table is another's
        waiting = _client()
        relaying.bus.task_or_relay(waiting, Hello(1, "t", None, False))
        await _settle()
        hub.said.clear()
        other.tables.add("t")
        other.bus.announce("t")
        await _settle()
        for process in (relaying, other):
            await process.bus.close()
        return answered, waiting, list(hub.said)

    answered, waiting, said = asyncio.run(play())
    assert answered.closing and list(answered.outbox)[-1] == RESTART        # to reconnect and resync
    assert not waiting.closing                                              # opened again at the new owner
    assert [m["op"] for m in said][:2] == ["owner", "open"]
    assert list(waiting.outbox) == [f"echo {HELLO}"]


def test_a_wire_that_drops_resyncs_the_bus() -> None:
    hub = Hub()

    async def play() -> tuple[Process, Client]:
        owner, relaying = Process(hub, {"t"}), Process(hub, set())
        for process in (owner, relaying):
            await process.bus.start()
        client = _client()
        relaying.bus.task_or_relay(client, Hello(1, "t", None, False))
        await _settle()
        hub.drop(cast(MemoryWire, relaying.bus.wire))
        await _settle()
        for process in (owner, relaying):
            await process.bus.close()
        return owner, client

    owner, client = asyncio.run(play())
    assert client.closing and list(client.outbox)[-1] == RESTART
    assert owner.ended == 1 and not owner.bus.served


def test_a_wire_reads_each_message_whole_into_its_typed_value_and_drops_one_that_does_not_read() -> None:
    """Issue 36: the bus gets no JSON from the other processes: each message is read whole
    (``wire.heard``) into a ``Heard``; one of an op or a field not known, or of a wrong type,
    is dropped (logged) before the bus sees it."""
    from pokerfloor.server.wire import Heard, heard

    assert heard({"op": "frame", "from": "a1", "table": "t1", "conn": "c1", "text": "{}"}) == Heard(
        "frame", "a1", table="t1", conn="c1", text="{}")
    sends = heard({"op": "sends", "from": "a1", "to": "b2", "texts": ["x", "y"], "conns": [["c1"], ["c1", "c2"]]})
    assert sends is not None and sends.conns == (("c1",), ("c1", "c2")) and sends.code == 1000
    for wrong in ({"op": "frame", "from": "a1", "text": 5}, {"op": "shout", "from": "a1"}, {"op": "alive"},
                  {"op": "close", "from": "a1", "to": "b2", "conn": "c1", "code": "1000"},
                  {"op": "alive", "from": "a1", "extra": 1}):
        assert heard(wrong) is None, wrong
