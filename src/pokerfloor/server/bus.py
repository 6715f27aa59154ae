"""The bus between the processes that share one PostgreSQL store: any process serves any table.

A table is run by one process, its owner (``Store.claim``: an advisory lock). A client that
reaches another process (a round-robin proxy sends it anywhere) is *relayed*: that process sends
its frames, read whole there, to the owner over PostgreSQL's LISTEN/NOTIFY, and the owner serves it
as one of its own clients through a ``BusSocket``, whose sends come back over the bus to the
relaying process and out on the client's socket. Everything a table decides is still decided by
its one task; the bus only carries frames.

Every process listens on one channel (``CHANNEL``) and keeps the messages addressed to it: to a
table it owns, or to a connection it relays. A message longer than a notification may be (8000
bytes) goes in pieces. What an owner sends the clients one process relays in one turn of its
loop (a broadcast) goes to that process as one message, each frame once. When an owner dies its
lock goes with it: a process relaying clients of the table takes it over within
``WATCH_SECONDS`` (or another process does, and says so), and closes the relayed connections
(1012), which reconnect and resync as after any crash (their unanswered actions are resent with
the same client action id and applied once); one that was never answered and sent only its hello
is opened again at the new owner. Each process says it lives every ``ALIVE_SECONDS``; one not
heard from for ``SILENT_SECONDS`` is taken for dead, and the owners drop the clients it relayed.

The messages travel on a ``wire.Wire``: PostgreSQL's LISTEN/NOTIFY (``PostgresWire``: pieces,
reconnecting), or, for the tests of the relay logic, ``MemoryWire``. When a connection drops the
wire connects again and the bus resyncs (``resync``): what was said meanwhile is lost, so every
connection it relayed or served through the bus is closed (1012) to reconnect and resync as
after an owner's death, and it says again which tables it owns.

Owning a table is a lease (``Store.claim``: the lock and a new epoch, which every write checks):
the watch checks this process's leases every ``CHECK_SECONDS`` (``Store.check_leases``) and
hands over a table another process claimed while the lock was away. The keeper and the watch are
started again after any error, a database's or their own: the bus never stays down.

An event's clients (``/event/ws``) are relayed to its owner, taken over and announced as a
table's are (``Relayed.event``), and served there by the process's events (``EventSide``).

With SQLite there is one process and no bus.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Collection, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol, cast

from starlette.datastructures import Address, Headers
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokerfloor.server.actor import TableTask
from pokerfloor.server.commands import Hello
from pokerfloor.server.room import Refused, Room
from pokerfloor.server.store import Store
from pokerfloor.server.transport import Client, detach, encode
from pokerfloor.server.wire import CHANNEL as CHANNEL
from pokerfloor.server.wire import RECONNECT_MOST, RECONNECT_SECONDS, Heard, PostgresWire, Wire
from pokerfloor.server.wire import Sends as Sends
from pokerfloor.server.wire import libpq_url as libpq_url

LOG = logging.getLogger("pokerfloor.server")
WATCH_SECONDS = 0.25    # how often a process checks whether the owners of the tables it relays live
ALIVE_SECONDS = 2.0     # how often a process says it lives
SILENT_SECONDS = 10.0   # an owner drops what a process relayed once it has not heard from it this long
RESTART = 1012          # the close code of a relayed connection whose table changed owner, or whose bus dropped
CHECK_SECONDS = 1.0         # how often a process checks that the tables it runs are still its own


@dataclass(eq=False)
class Relayed:
    """A client of this process whose table another process owns."""

    client: Client
    table_id: str
    first: str             # its first frame, the hello
    owner: str = ""        # the owner's inbox, once it has answered
    forwarded: int = 0     # frames sent after the hello
    event: bool = False    # an event's client (``EventSide``), not a table's


class BusSocket:
    """At the owner, the socket of a client relayed by another process: what the client sent
    arrives through ``incoming``, and what the owner sends goes back over the bus. It has what
    ``Server.serve`` uses of a WebSocket."""

    def __init__(self, bus: Bus, inbox: str, conn: str, address: str) -> None:
        self.bus, self.inbox, self.conn = bus, inbox, conn
        self.client = Address(address, 0)
        self.headers = Headers({})      # the relaying process checked the origin
        self.incoming: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    async def accept(self) -> None:
        return None

    async def receive_text(self) -> str:
        text = await self.incoming.get()
        if text is None:
            raise WebSocketDisconnect(1000)
        return text

    async def send_text(self, text: str) -> None:
        if self.closed:
            raise WebSocketDisconnect(1000)
        self.bus.send(self.inbox, self.conn, text)

    async def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self.bus.publish({"op": "close", "to": self.inbox, "conn": self.conn, "code": code})
        self.bus.served.pop((self.inbox, self.conn), None)


class BusServer(Protocol):
    """What the bus needs of its process (``app.Server`` is one): the tables it runs, a table's
    task (started here, or ``Refused`` ``not_owner``), a room rebuilt from the store, and a
    socket served as a client's."""

    @property
    def tables(self) -> Collection[str]: ...

    @property
    def store(self) -> Store: ...

    def table_task(self, table_id: str) -> TableTask: ...

    async def hand_over(self, table_id: str) -> None: ...

    def rebuild(self, table_id: str, *, from_snapshot: bool = True) -> Room: ...

    async def serve(self, socket: WebSocket) -> None: ...


class EventSide(Protocol):
    """The process's events (``event.routes.BusSide``): those it runs, one taken over if its owner
    died (whether it runs here now), and a socket served as an event's client."""

    running: Collection[str]

    def take(self, event_id: str) -> bool: ...

    async def serve(self, socket: WebSocket) -> None: ...


class Bus:
    """This process's end of the bus: ``start`` it in the app's lifespan, ``close`` it at the end."""

    def __init__(self, server: BusServer, url: str = "", *, wire: Wire | None = None) -> None:
        self.server = server
        self.inbox = secrets.token_hex(8)
        self.wire: Wire = PostgresWire(url, self.inbox) if wire is None else wire
        self.relayed: dict[str, Relayed] = {}                  # conn id -> a client this process relays
        self.conn_of: dict[Client, str] = {}
        self.served: dict[tuple[str, str], BusSocket] = {}     # (inbox, conn) -> a relayed client served here
        self.heard: dict[str, float] = {}                      # inbox -> when it was last heard from
        self.sends: dict[str, Sends] = {}                      # inbox -> frames for the clients it relays
        self.flush_soon = False
        self.tasks: list[asyncio.Task[None]] = []
        self.serving: set[asyncio.Task[None]] = set()
        self.checked = 0.0          # when this process's leases were last checked
        self.events: EventSide | None = None    # the process's events, once it serves them
        self.wakes: list[Callable[[Heard], None]] = []     # told each wake, seat_act, views (``routes.join_bus``)

    async def start(self) -> None:
        """Connect (a store that cannot be reached fails the start), then keep connected."""
        await self.wire.open()
        for work in (self._carry, self._watch):
            self.tasks.append(asyncio.create_task(self._logged(work)))

    async def _carry(self) -> None:
        """Take in what the wire hears; resync after it reconnected."""
        await self.wire.run(self._receive, self.resync)

    async def resync(self) -> None:
        """After a drop, whatever the processes said meanwhile is lost: every connection
        relayed from here or served here through the bus is closed (1012: it reconnects and
        resyncs, its unanswered action resent and applied once), a message half received is
        let go, and every table this process runs is announced again (a relaying process
        waiting on an open that was lost opens it again)."""
        for relayed in list(self.relayed.values()):
            self.left(relayed.client)                # its owner ends it too
            await relayed.client.close(RESTART)
        for socket in list(self.served.values()):
            await socket.close(RESTART)
            socket.incoming.put_nowait(None)
        for table_id in [*self.server.tables, *(() if self.events is None else self.events.running)]:
            self.announce(table_id)

    async def close(self) -> None:
        for task in [*self.tasks, *self.serving]:
            task.cancel()
        await asyncio.gather(*self.tasks, *self.serving, return_exceptions=True)
        await self.wire.close()

    @staticmethod
    async def _logged(work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Run ``work`` until cancelled: started again (after a growing wait) whatever it fails
        with, a database error or a fault of its own; never left dead."""
        wait = RECONNECT_SECONDS
        while True:
            started = time.monotonic()
            try:
                await work()
            except asyncio.CancelledError:
                raise
            except Exception:
                LOG.exception("the bus failed: starting it again in %.2f s", wait)
            if time.monotonic() - started > RECONNECT_MOST:
                wait = RECONNECT_SECONDS
            await asyncio.sleep(wait)
            wait = min(RECONNECT_MOST, wait * 2)

    # Sending

    def send(self, inbox: str, conn: str, text: str) -> None:
        """Queue a frame for a client that the process ``inbox`` relays. The frames queued in
        one turn of the event loop (a broadcast's, as the clients' senders take them) go in one
        message to each process, each text once (``Sends``), not one message a client."""
        self.sends.setdefault(inbox, Sends()).add(conn, text)
        if not self.flush_soon:
            self.flush_soon = True
            asyncio.get_running_loop().call_soon(self._flush_sends)

    def _flush_sends(self) -> None:
        self.flush_soon = False
        sends, self.sends = self.sends, {}
        for inbox, queued in sends.items():
            self._put({"op": "sends", "to": inbox, "texts": queued.texts, "conns": queued.conns})

    def publish(self, message: dict[str, Any]) -> None:
        """Queue a message for every process (in pieces when long); sent in order, after the
        frames queued before it (``send``)."""
        if self.sends:
            self._flush_sends()
        self._put(message)

    def _put(self, message: dict[str, Any]) -> None:
        message["from"] = self.inbox
        self.wire.put(message)

    # The relaying side

    def task_or_relay(self, client: Client, hello: Hello, reply_to: object = None) -> TableTask | None:
        """The hello's table's task when this process runs it (or can: ``Server.table_task``);
        else None, and the client is relayed to the table's owner from now on, starting with this
        hello (its typed value as a frame again, ``reply_to`` its id)."""
        try:
            return self.server.table_task(hello.table_id)
        except Refused as refused:
            if refused.code != "not_owner":
                raise
        detach(client)
        self.relay(client, hello.table_id, encode(hello.frame(reply_to)))
        return None

    def relay(self, client: Client, table_id: str, first: str, *, event: bool = False) -> None:
        """Serve ``client`` through the table's (``event``: the event's) owner from now on,
        starting with its ``first`` frame (a hello)."""
        conn = secrets.token_hex(8)
        self.relayed[conn] = Relayed(client, table_id, first, event=event)
        self.conn_of[client] = conn
        self._open(conn)

    def _open(self, conn: str) -> None:
        relayed = self.relayed[conn]
        self.publish({"op": "open", "table": relayed.table_id, "conn": conn, "address": relayed.client.address,
                      "text": relayed.first})

    def forward(self, client: Client, text: str) -> bool:
        """Send a frame of a relayed client to its table's owner; False if it is not relayed."""
        conn = self.conn_of.get(client)
        if conn is None:
            return False
        relayed = self.relayed[conn]
        relayed.forwarded += 1
        self.publish({"op": "frame", "table": relayed.table_id, "conn": conn, "text": text})
        return True

    def left(self, client: Client) -> None:
        """A client's connection ended: its owner hears of it."""
        conn = self.conn_of.pop(client, None)
        if conn is not None:
            relayed = self.relayed.pop(conn)
            self.publish({"op": "close", "table": relayed.table_id, "conn": conn})

    def announce(self, table_id: str) -> None:
        """This process now owns the table: connections relayed to an earlier owner are closed."""
        self.publish({"op": "owner", "table": table_id})

    async def _watch(self) -> None:
        """Take over a relayed table whose owner died; say now and then that this process lives;
        drop what a process that fell silent relayed here; hand over the tables another process
        claimed while this one's lease was away (``Store.check_leases``). A turn that fails (the
        store away) is logged and the next goes on."""
        said = 0.0
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            try:
                said = await self._watch_once(said)
            except Exception as failed:
                LOG.warning("the bus's watch failed (%s: %s): it goes on", type(failed).__name__, failed)
                await asyncio.sleep(WATCH_SECONDS)

    async def _watch_once(self, said: float) -> float:
        for table_id, event in {(r.table_id, r.event) for r in self.relayed.values()}:
            if event and self.events is not None and table_id not in self.events.running:
                self.events.take(table_id)              # claimed if its owner died (and announced)
            elif not event and table_id not in self.server.tables:
                with contextlib.suppress(Refused):
                    self.server.table_task(table_id)      # claimed if its owner died (and announced)
        now = time.monotonic()
        if now - said >= ALIVE_SECONDS:
            self.publish({"op": "alive"})
            said = now
        self.drop_silent(now)
        if now - self.checked >= CHECK_SECONDS:
            self.checked = now
            for table_id in await asyncio.to_thread(self.server.store.check_leases):
                await self.server.hand_over(table_id)
        return said

    def drop_silent(self, now: float) -> None:
        """End the clients relayed here by a process not heard from for ``SILENT_SECONDS``."""
        for key, socket in list(self.served.items()):
            if now - self.heard.get(key[0], now) > SILENT_SECONDS:
                socket.closed = True
                self.served.pop(key, None)
                socket.incoming.put_nowait(None)

    # Receiving

    async def _receive(self, message: Heard) -> None:
        sender, op = message.sender, message.op
        self.heard[sender] = time.monotonic()
        if message.to is not None or op in ("wake", "seat_act", "views", "seat_held"):
            if message.to == self.inbox:
                await self._to_relayed(sender, message)
            for wake in self.wakes if message.to is None else ():
                wake(message)
            return
        if op == "owner":
            return await self._new_owner(sender, str(message.table))
        event = self.events is not None and message.table in self.events.running
        if message.table not in self.server.tables and not event:
            return
        key = (sender, str(message.conn))
        if op == "open" and key not in self.served:
            socket = BusSocket(self, sender, key[1], message.address)
            self.served[key] = socket
            socket.incoming.put_nowait(message.text)
            self._serve(socket, event=event)
        elif op == "frame" and key in self.served:
            self.served[key].incoming.put_nowait(message.text)
        elif op == "close" and key in self.served:
            socket = self.served.pop(key)
            socket.closed = True
            socket.incoming.put_nowait(None)

    async def _new_owner(self, owner: str, table_id: str) -> None:
        """A process took the table: a relayed connection that had not been answered and has
        sent nothing but its hello opens again there (the announcement may only have been late:
        the owner keeps the first open); one answered by another owner, or that sent more, is
        closed (1012), to reconnect and resync."""
        for conn, relayed in list(self.relayed.items()):
            if relayed.table_id != table_id or (relayed.owner == owner and owner != self.inbox):
                continue
            if not relayed.owner and not relayed.forwarded:
                self._open(conn)
                continue
            self.conn_of.pop(relayed.client, None)
            del self.relayed[conn]
            await relayed.client.close(RESTART)

    def _serve(self, socket: BusSocket, *, event: bool = False) -> None:
        serve = self.events.serve if event and self.events is not None else self.server.serve
        task = asyncio.create_task(serve(cast(WebSocket, socket)))     # served as a WebSocket is
        self.serving.add(task)
        task.add_done_callback(self.serving.discard)

    async def _to_relayed(self, owner: str, message: Heard) -> None:
        if message.op == "sends":
            for text, conns in zip(message.texts, message.conns, strict=True):
                for conn in conns:
                    relayed = self.relayed.get(conn)
                    if relayed is not None:
                        relayed.owner = owner
                        await relayed.client.send_text(text)
            return
        relayed = self.relayed.get(str(message.conn))
        if relayed is None:
            return
        relayed.owner = owner
        if message.op == "close":
            self.conn_of.pop(relayed.client, None)
            self.relayed.pop(str(message.conn), None)
            await relayed.client.close(message.code)
