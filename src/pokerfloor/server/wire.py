"""How the bus's messages travel between the processes (``Wire``): one channel that every process
hears, its own messages too, in the order they were put. ``bus.Bus`` puts and takes whole
messages (JSON objects); a wire carries them.

``PostgresWire`` is PostgreSQL's LISTEN/NOTIFY on ``CHANNEL``: a message longer than a
notification may be (8000 bytes) goes in pieces; when a connection drops (PostgreSQL restarted,
the backend terminated, the network) it connects again, waiting ``RECONNECT_SECONDS`` the first
time and twice as long each time after (at most ``RECONNECT_MOST``), and tells the bus, which
resyncs: whatever was said meanwhile is lost. ``MemoryWire`` carries messages between buses in
one process (a ``Hub``), for the relay logic's tests, and drops a connection when told.

A wire reads each message it hears whole into its typed value (``Heard``) before the bus gets
it; one that does not read (another release's, say) is logged and dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, cast

from pokerfloor.typedjson import Unreadable, load

if TYPE_CHECKING:
    import psycopg

LOG = logging.getLogger("pokerfloor.server")
CHANNEL = "pokerfloor_bus"
PIECE = 7000            # characters of a message a notification carries (ASCII; the limit is 8000 bytes)
RECONNECT_SECONDS = 0.05    # the first wait before connecting again when a connection of the bus dropped
RECONNECT_MOST = 5.0        # the longest wait between two tries

Message = dict[str, Any]
"""A message as the bus puts it (JSON; ``from`` names the process that put it)."""


@dataclass(frozen=True)
class Heard:
    """A message as a process hears it, read whole: what it is (``op``), who put it (``sender``:
    its JSON's ``from``), and its fields (``to``: for that process only). ``open``, ``frame`` and
    ``close`` carry a relayed connection's (``conn``) text or end to its table's owner; ``sends``
    the owner's frames (``texts``, each to the ``conns`` at its index) and ``close`` its end back
    to the relaying process; ``owner`` says which process runs a ``table``; ``alive`` that the
    sender lives; ``wake`` nudges whoever waits on an event's (``table``) rows (``text``: which);
    ``seat_act`` and ``views`` carry a person's action to the process playing an event's ``table``
    and its views back to the event's floor, ``seat_held`` the event's pause (``event/seated.py``)."""

    op: Literal["open", "frame", "close", "sends", "owner", "alive", "wake", "seat_act", "views", "seat_held"]
    sender: str
    table: str | None = None
    conn: str | None = None
    to: str | None = None
    address: str = ""
    text: str = ""
    code: int = 1000
    texts: tuple[str, ...] = ()
    conns: tuple[tuple[str, ...], ...] = ()


@dataclass
class Sends:
    """The frames queued for the clients that one process relays, to go in one message: each
    text once, with the connections it goes to, in an order that keeps every connection's
    frames in theirs."""

    texts: list[str] = field(default_factory=list)
    conns: list[list[str]] = field(default_factory=list)
    group: dict[str, int] = field(default_factory=dict)     # a text -> the last group that holds it
    last: dict[str, int] = field(default_factory=dict)      # a connection -> the group of its last frame

    def add(self, conn: str, text: str) -> None:
        index = self.group.get(text)
        if index is None or self.last.get(conn, -1) > index:
            index = len(self.texts)
            self.texts.append(text)
            self.conns.append([])
            self.group[text] = index
        self.conns[index].append(conn)
        self.last[conn] = index


def heard(message: Message) -> Heard | None:
    """The ``Heard`` of a message, or None (logged) for one that does not read whole."""
    plain = {("sender" if key == "from" else key): value for key, value in message.items()}
    try:
        return load(Heard, plain, "a bus message", defaults=True)
    except Unreadable as wrong:
        LOG.warning("the bus heard a message it does not read (%s): dropped", wrong)
        return None


Deliver = Callable[[Heard], Awaitable[None]]
Reconnected = Callable[[], Awaitable[None]]


class Wire(Protocol):
    """The bus's channel: ``put`` a message for every process (in order); ``run`` hands each
    message heard to ``deliver`` until cancelled, and calls ``reconnected`` after a connection
    was lost and made again (what was said meanwhile is lost)."""

    async def open(self) -> None: ...

    def put(self, message: Message) -> None: ...

    async def run(self, deliver: Deliver, reconnected: Reconnected) -> None: ...

    async def close(self) -> None: ...


def libpq_url(url: str) -> str:
    """A SQLAlchemy ``postgresql+psycopg://`` URL as libpq takes it."""
    scheme, _, rest = url.partition("://")
    return f"postgresql://{rest}" if scheme.startswith("postgresql") else url


@dataclass
class Pieces:
    """The pieces of one message received so far."""

    count: int
    parts: dict[int, str] = field(default_factory=dict)


class PostgresWire:
    """LISTEN/NOTIFY on one PostgreSQL: two connections, one listens, one sends. ``name`` makes
    this process's messages' names (their pieces are put together by name)."""

    def __init__(self, url: str, name: str) -> None:
        self.url, self.name = libpq_url(url), name
        self.outgoing: asyncio.Queue[str] = asyncio.Queue()
        self.pieces: dict[str, Pieces] = {}
        self.count = 0
        self.connections: list[psycopg.AsyncConnection[Any]] = []
        self.reconnects = 0

    def put(self, message: Message) -> None:
        text = json.dumps(message)          # ASCII: a piece is at most PIECE bytes
        self.count += 1
        name = f"{self.name}.{self.count}"
        pieces = [text[i:i + PIECE] for i in range(0, len(text), PIECE)] or [""]
        for index, piece in enumerate(pieces):
            self.outgoing.put_nowait(f"{name} {index} {len(pieces)}\n{piece}")

    def assemble(self, payload: str) -> Message | None:
        """The message a notification completes, or None while pieces are missing."""
        head, _, piece = payload.partition("\n")
        name, index, count = head.split(" ")
        if count == "1":
            return cast(Message, json.loads(piece))
        pieces = self.pieces.setdefault(name, Pieces(int(count)))
        pieces.parts[int(index)] = piece
        if len(pieces.parts) < pieces.count:
            return None
        del self.pieces[name]
        return cast(Message, json.loads("".join(pieces.parts[i] for i in range(pieces.count))))

    async def open(self) -> None:
        """Connect (a store that cannot be reached fails)."""
        await self._connect()

    async def _connect(self) -> None:
        import psycopg

        self.connections = []
        for _ in range(2):
            self.connections.append(await psycopg.AsyncConnection.connect(self.url, autocommit=True))
        await self.connections[0].execute(f"LISTEN {CHANNEL}")

    async def close(self) -> None:
        for connection in self.connections:
            with contextlib.suppress(Exception):
                await connection.close()
        self.connections = []

    async def run(self, deliver: Deliver, reconnected: Reconnected) -> None:
        """Listen and send on the connections open until one of them drops; then connect
        again, with a growing wait between tries, let go of a message half received and tell
        the bus (``reconnected``)."""
        wait = RECONNECT_SECONDS
        while True:
            if self.connections:
                listener, sender = self.connections
                work = [asyncio.create_task(self._listen(listener, deliver)), asyncio.create_task(self._send(sender))]
                try:
                    done, _ = await asyncio.wait(work, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    for task in work:
                        task.cancel()
                    await asyncio.wait(work)
                ended = next(iter(done))
                failed = None if ended.cancelled() else ended.exception()
                LOG.warning("the bus lost its connection to the store (%s): connecting again", failed or "closed")
                await self.close()
            try:
                await self._connect()
            except Exception as failed:
                await self.close()
                LOG.warning("the bus cannot reach the store (%s): trying again in %.2f s", failed, wait)
                await asyncio.sleep(wait)
                wait = min(RECONNECT_MOST, wait * 2)
                continue
            wait = RECONNECT_SECONDS
            self.reconnects += 1
            self.pieces.clear()
            LOG.info("the bus is connected again (%d times): resyncing", self.reconnects)
            await reconnected()     # a failure here ends this turn: the bus starts it again

    async def _listen(self, connection: psycopg.AsyncConnection[Any], deliver: Deliver) -> None:
        """Take in each notification; returns (or raises) once the connection is lost."""
        async for note in connection.notifies():
            message = self.assemble(note.payload)
            read = None if message is None else heard(message)
            if read is not None:
                await deliver(read)

    async def _send(self, connection: psycopg.AsyncConnection[Any]) -> None:
        """Send what is queued, in order: whatever queued up meanwhile in one go (pipelined)."""
        while True:
            batch = [await self.outgoing.get()]
            while not self.outgoing.empty():
                batch.append(self.outgoing.get_nowait())
            async with connection.cursor() as cursor:
                await cursor.executemany("SELECT pg_notify(%s, %s)", [(CHANNEL, payload) for payload in batch])


class Hub:
    """The channel of ``MemoryWire``s: what one puts, every one that is open hears, in order."""

    def __init__(self) -> None:
        self.wires: list[MemoryWire] = []
        self.said: list[Message] = []       # every message put, as it was heard

    def post(self, text: str) -> None:
        self.said.append(json.loads(text))
        for wire in self.wires:
            wire.heard.put_nowait(text)

    def drop(self, wire: MemoryWire) -> None:
        """The wire's connection drops: what it had not yet heard is lost, and it connects again."""
        while not wire.heard.empty():
            wire.heard.get_nowait()
        wire.heard.put_nowait(None)


class MemoryWire:
    """A wire within one process (``Hub``): each message goes as JSON text, so every bus gets a
    copy, as over PostgreSQL."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.heard: asyncio.Queue[str | None] = asyncio.Queue()
        self.reconnects = 0

    async def open(self) -> None:
        if self not in self.hub.wires:
            self.hub.wires.append(self)

    def put(self, message: Message) -> None:
        self.hub.post(json.dumps(message))

    async def run(self, deliver: Deliver, reconnected: Reconnected) -> None:
        while True:
            text = await self.heard.get()
            if text is None:
                self.reconnects += 1
                await reconnected()
            elif (read := heard(cast(Message, json.loads(text)))) is not None:
                await deliver(read)

    async def close(self) -> None:
        if self in self.hub.wires:
            self.hub.wires.remove(self)
