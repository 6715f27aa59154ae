"""The WebSocket side of ``pokerfloor serve``: one ``Client`` a socket, frames parsed and capped,
flood control, the error budget, and which web origins may connect (docs/protocol.md).

Nothing sends on a socket but its client's own sender task (``Client.deliver``): the table and
everyone else only queue frames (``Client.send``), which never waits. A client whose queue
grows past ``OUTBOX_FRAMES`` frames or ``OUTBOX_BYTES`` characters has fallen behind (its socket
is slow or stalled): it is dropped, and resyncs when it reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlsplit

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokerfloor.server.commands import Hello, Refused
from pokerfloor.server.room import Room

MAX_FRAME = 16 * 1024
# The WebSocket layer's own cap: a frame up to this size is read and refused (``too_large``),
# the connection kept; a bigger one closes the connection (1009) before the app sees it.
MAX_MESSAGE = 1024 * 1024
FLOOD_PER_SECOND = 40
STRIKES = 20          # a connection's error budget: at this many errors it is closed (1008)
STRIKE_SECONDS = 3.0  # one error of the budget earned back every this many seconds
OUTBOX_FRAMES = 512   # frames queued for one client before it is dropped (a resync queues up to 130)
OUTBOX_BYTES = 4 * 1024 * 1024    # characters queued for one client before it is dropped
BEHIND = 1013         # the close code of a client dropped for falling behind ("try again later")
LOG = logging.getLogger("pokerfloor.server")
# What sending on a socket raises once its peer is gone (Starlette, uvicorn's ClientDisconnected
# is an OSError): the end of that client, not a fault of the server.
GONE = (WebSocketDisconnect, RuntimeError, OSError)


@dataclass
class Command:
    """A client's frame on its table's queue (a ``hello`` comes parsed: the server read it to
    find the table)."""

    client: Client
    frame: dict[str, Any]
    hello: Hello | None = None


class TableQueue(Protocol):
    """A client's table as the socket side sees it (the table task, ``actor.TableTask``, is
    one): its room, read between commands; the queue its clients' commands go on; the clients
    it sends its updates to."""

    room: Room
    queue: asyncio.Queue[Command | None]
    clients: set[Client]


@dataclass(eq=False)
class Client:
    """One WebSocket: who it is at which table, and how it behaves."""

    socket: WebSocket
    table: TableQueue | None = None
    host: bool = False
    token_hash: str = ""
    spectating: bool = False
    strikes: float = 0.0
    struck_at: float = 0.0
    recent: deque[float] = field(default_factory=deque)
    seen: int = 0
    outbox: deque[str | int] = field(default_factory=deque)   # frames, or a close code last
    queued: int = 0          # characters in ``outbox``
    closing: bool = False    # a close is queued, or the client was dropped: nothing more is queued
    dropped: bool = False
    ready: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def address(self) -> str:
        """The client's address, as the ASGI server gives it (behind a proxy, the proxy's
        unless ``pokerfloor serve --forwarded-allow-ips`` trusts its ``X-Forwarded-For``)."""
        peer = self.socket.client
        return "" if peer is None else peer.host

    async def send(self, frame: dict[str, Any]) -> None:
        """Queue a frame for this client (``send_text``)."""
        await self.send_text(encode(frame))

    async def send_text(self, text: str) -> None:
        """Queue a text for this client's sender; it never waits on the socket. Past the bounds
        of the queue, the client is dropped instead (``drop``)."""
        if self.closing:
            return
        if len(self.outbox) >= OUTBOX_FRAMES or self.queued + len(text) > OUTBOX_BYTES:
            self.drop()
            return
        self.outbox.append(text)
        self.queued += len(text)
        self.ready.set()

    async def close(self, code: int) -> None:
        """Close the connection once the frames queued before are sent."""
        if not self.closing:
            self.closing = True
            self.outbox.append(code)
            self.ready.set()

    def drop(self) -> None:
        """The client fell behind: nothing more is queued or sent, its sender ends, and it
        leaves its table at once (its updates are no longer built); it resyncs on reconnect."""
        if self.dropped:
            return
        LOG.info("a client fell behind by %d frames (%d characters): dropped", len(self.outbox), self.queued)
        self.closing = self.dropped = True
        self.outbox.clear()
        self.queued = 0
        self.ready.set()
        if self.table is not None:
            self.table.clients.discard(self)

    async def deliver(self) -> None:
        """The client's sender task: send what is queued, in order, until the connection is
        closed (a queued close), gone, or the client is dropped."""
        while True:
            await self.ready.wait()
            if self.dropped:
                return
            if not self.outbox:
                self.ready.clear()
                continue
            item = self.outbox.popleft()
            if isinstance(item, int):
                with contextlib.suppress(*GONE):
                    await self.socket.close(code=item)
                return
            self.queued -= len(item)
            try:
                await self.socket.send_text(item)
            except GONE:
                return


def attach(client: Client, table: TableQueue, *, host: bool, token_hash: str) -> None:
    """The client is at ``table`` from now on (and at no other), with that role; not
    spectating until it asks."""
    if client.table is not None:
        client.table.clients.discard(client)
    client.table, client.host, client.token_hash = table, host, token_hash
    client.spectating = False
    table.clients.add(client)


def encode(frame: dict[str, Any]) -> str:
    """A frame as sent: compact JSON (orjson: a server encodes one update per audience on
    every broadcast)."""
    return orjson.dumps(frame).decode()


def parse_frame(text: str) -> dict[str, Any]:
    """A client's frame: one JSON object with a type, at most ``MAX_FRAME`` characters."""
    if len(text) > MAX_FRAME:
        raise Refused("too_large", f"a frame is at most {MAX_FRAME} characters")
    try:
        frame = json.loads(text)
    except ValueError:
        raise Refused("bad_json", "a frame is one JSON object") from None
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        raise Refused("bad_json", "a frame is one JSON object with a type")
    return frame


def check_flood(client: Client, flood: int) -> None:
    """``Refused`` once the client has sent more than ``flood`` frames in the last second."""
    now = time.monotonic()
    client.recent.append(now)
    while client.recent and now - client.recent[0] > 1.0:
        client.recent.popleft()
    if len(client.recent) > flood:
        raise Refused("flood", f"at most {flood} frames a second")


async def send_error(client: Client, refused: Refused, frame: dict[str, Any] | None, *, now: float, seq: int) -> None:
    """Send the error frame; the error comes out of the connection's budget, which recovers
    over time (one error every ``STRIKE_SECONDS``): a slip now and then never closes a
    connection, errors that keep coming do (docs/protocol.md, errors)."""
    client.strikes = max(0.0, client.strikes - (now - client.struck_at) / STRIKE_SECONDS) + 1
    client.struck_at = now
    await client.send(
        {
            "type": "error",
            "seq": seq,
            "code": refused.code,
            "message": refused.message,
            "reason": refused.reason,
            "rule": refused.rule,
            "field": refused.field or None,
            "reply_to": None if frame is None else frame.get("id"),
        }
    )
    if client.strikes >= STRIKES:
        await client.close(1008)


def origin_allowed(socket: WebSocket, origins: Iterable[str]) -> bool:
    """A browser's socket from the server's own origin or one of ``origins``; any other client."""
    origin = socket.headers.get("origin")
    if origin is None:
        return True
    if origin in origins:
        return True
    return urlsplit(origin).netloc == socket.headers.get("host", "")
