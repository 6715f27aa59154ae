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
import ipaddress
import logging
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlsplit

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokerfloor.server.fields import ID_LENGTH, MAX_CHIPS, Received, Refused, bad_field
from pokerfloor.server.room import Room

MAX_FRAME = 16 * 1024
MAX_DEPTH = 8        # objects and lists nested in a frame (the frame itself is 1; create_table needs 5)
# The WebSocket layer's own cap: a frame up to this size is read and refused (``too_large``),
# the connection kept; a bigger one closes the connection (1009) before the app sees it.
MAX_MESSAGE = 1024 * 1024
FLOOD_PER_SECOND = 40
STRIKES = 20          # a connection's error budget: at this many errors it is closed (1008)
STRIKE_SECONDS = 3.0  # one error of the budget earned back every this many seconds
OUTBOX_FRAMES = 512   # frames queued for one client before it is dropped (a resync queues up to 130)
OUTBOX_BYTES = 4 * 1024 * 1024    # characters queued for one client before it is dropped
BEHIND = 1013         # the close code of a client dropped for falling behind ("try again later")
CLOSE_SECONDS = 1.0   # how long a closing connection may take to send what it has queued
LOG = logging.getLogger("pokerfloor.server")
# What sending on a socket raises once its peer is gone (Starlette, uvicorn's ClientDisconnected
# is an OSError): the end of that client, not a fault of the server.
GONE = (WebSocketDisconnect, RuntimeError, OSError)


@dataclass
class Command:
    """A client's command on its table's queue, as the edge read it (``commands.receive``)."""

    client: Client
    received: Received


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
        detach(self, keep=True)

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


async def receive_text(socket: WebSocket) -> str | None:
    """A client's next frame: its text, or None for a binary frame (``WebSocketDisconnect`` once
    it is gone). A relayed client's socket (``bus.BusSocket``) only ever holds text."""
    if not isinstance(socket, WebSocket):
        return await socket.receive_text()
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


def attach(client: Client, table: TableQueue, *, host: bool, token_hash: str) -> None:
    """The client is at ``table`` from now on (and at no other), with that role; not
    spectating until it asks. ``attach`` and ``detach`` are all that change a table's
    ``clients``."""
    detach(client)
    client.table, client.host, client.token_hash = table, host, token_hash
    client.spectating = False
    table.clients.add(client)


def detach(client: Client, *, keep: bool = False) -> None:
    """The client leaves its table's clients (no update is built for it from now on); it is at
    no table then, unless ``keep`` (a dropped client keeps its table until its socket ends)."""
    if client.table is not None:
        client.table.clients.discard(client)
        if not keep:
            client.table = None


def encode(frame: dict[str, Any]) -> str:
    """A frame as sent: compact JSON (orjson: a server encodes one update per audience on
    every broadcast)."""
    return orjson.dumps(frame).decode()


def parse_frame(text: str) -> dict[str, Any]:
    """A client's frame, checked whole before anything is stored, relayed or answered
    (``read_frame``, then ``check_numbers``)."""
    frame = read_frame(text)
    check_numbers(frame)
    return frame


def read_frame(text: str) -> dict[str, Any]:
    """A client's frame as JSON: one object with a type, at most ``MAX_FRAME`` characters,
    nested at most ``MAX_DEPTH`` deep, every string valid Unicode (a lone surrogate,
    ``"\\ud800"``, is not: RFC 8259 section 8.2; NaN and infinities are not JSON) (``Refused``:
    ``too_large``, ``bad_json``), and its ``id`` one the reply can carry back (``check_id``).
    A frame read can always be written back, in an error frame too."""
    if len(text) > MAX_FRAME:
        raise Refused("too_large", f"a frame is at most {MAX_FRAME} characters")
    try:
        frame = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise Refused("bad_json", "a frame is one JSON object (UTF-8 text, no lone surrogates)") from None
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        raise Refused("bad_json", "a frame is one JSON object with a type")
    stack: list[tuple[object, int]] = [(value, 2) for value in frame.values()]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise Refused("bad_json", f"a frame is nested at most {MAX_DEPTH} deep")
            stack.extend((item, depth + 1) for item in (value.values() if isinstance(value, dict) else value))
    if "id" in frame:
        frame["id"] = check_id(frame["id"])
    return frame


def check_numbers(frame: dict[str, Any]) -> None:
    """``Refused`` (``bad_field`` naming the field that holds it, at whatever depth: ``big_blind``
    of ``create_table``'s ``game``) for a number no JSON reader takes exactly: a whole number
    beyond 2**53 - 1 either way, or a float beyond it."""
    stack: list[tuple[object, str]] = [(value, str(key)) for key, value in frame.items()]
    while stack:
        value, key = stack.pop()
        if isinstance(value, dict):
            stack.extend((item, str(name)) for name, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, key) for item in value)
        elif isinstance(value, int | float) and not isinstance(value, bool) and not abs(value) <= MAX_CHIPS:
            raise bad_field(key, f"holds no number beyond {MAX_CHIPS} either way")


def check_id(value: object) -> str | int:
    """A frame's ``id``, copied into the reply's ``reply_to``: a string of 1 to ``ID_LENGTH``
    characters or a whole number from 0 to 2**53 - 1 (``Refused``: ``bad_field`` ``id``, with
    ``reply_to`` null)."""
    if isinstance(value, str) and 1 <= len(value) <= ID_LENGTH:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_CHIPS:
        return value
    raise bad_field("id", f"is a string of 1 to {ID_LENGTH} characters or a whole number 0 to {MAX_CHIPS}")


def check_flood(client: Client, flood: int) -> None:
    """``Refused`` once the client has sent more than ``flood`` frames in the last second."""
    now = time.monotonic()
    client.recent.append(now)
    while client.recent and now - client.recent[0] > 1.0:
        client.recent.popleft()
    if len(client.recent) > flood:
        raise Refused("flood", f"at most {flood} frames a second")


async def converse(client: Client, reader: asyncio.Task[None], sender: asyncio.Task[None]) -> None:
    """A connection's life: until its reader ends (the client went, or was closed) or its sender
    does (the client was dropped for falling behind). A client closed for its errors first sends
    the error frames queued before the close."""
    await asyncio.wait((sender, reader), return_when=asyncio.FIRST_COMPLETED)
    if reader.done() and not sender.done() and client.closing:
        await asyncio.wait((sender,), timeout=CLOSE_SECONDS)


async def hang_up(client: Client, reader: asyncio.Task[None], sender: asyncio.Task[None]) -> None:
    """A connection's end: its reader and sender stopped, a failure of either logged, and a
    client dropped for falling behind closed with ``BEHIND`` (its socket may be stalled: the
    close is not waited on for long)."""
    for task in (reader, sender):
        task.cancel()
    await asyncio.wait((reader, sender))     # (a wait, not a gather: its own cancellation only)
    for task in (reader, sender):
        failed = None if task.cancelled() else task.exception()
        if failed is not None and not isinstance(failed, GONE):
            LOG.error("a connection failed", exc_info=failed)
    if client.dropped:
        with contextlib.suppress(TimeoutError, *GONE):
            await asyncio.wait_for(client.socket.close(code=BEHIND), CLOSE_SECONDS)


async def send_error(client: Client, refused: Refused, reply_to: object, *, now: float, seq: int) -> None:
    """Send the error frame. A frame refused at the edge (``Refused.strike``: not read whole, a
    field outside its rules, a flood) comes out of the connection's budget, which recovers over
    time (one error every ``STRIKE_SECONDS``): a slip now and then never closes a connection,
    errors that keep coming do. A well-formed command its table or event refuses as things
    stand (not your turn, the host's remove mid-hand) costs nothing: the flood limit bounds how
    often it comes (docs/protocol.md, Errors)."""
    if refused.strike:
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
            "reply_to": reply_to,
        }
    )
    if client.strikes >= STRIKES:
        await client.close(1008)


def origin_allowed(socket: WebSocket, origins: Iterable[str]) -> bool:
    """A browser's socket from the server's own origin or one of ``origins``; any other client.
    The server's own origin is its scheme and its ``Host``: ``https://host`` is another origin
    than ``http://host`` (RFC 6454), so a page over https is let in only through ``origins``
    (``--public-url`` adds its own) or when the server itself is reached over TLS."""
    origin = socket.headers.get("origin")
    if origin is None:
        return True
    if origin in origins:
        return True
    parts = urlsplit(origin)
    scheme = {"ws": "http", "wss": "https"}.get(socket.url.scheme, socket.url.scheme)
    return parts.scheme == scheme and parts.netloc == socket.headers.get("host", "")


LOCAL_SUFFIXES = (".local", ".lan", ".home.arpa", ".internal", ".localhost")
"""The endings of the names a home or office network gives its machines, which no public DNS
answers for: ``.local`` (mDNS, RFC 6762), ``.home.arpa`` (RFC 8375), ``.internal`` (reserved
for private use by ICANN, 2024), ``.localhost`` (RFC 6761), and ``.lan``, which home routers
use (it is not in the root zone, so no one can register a name under it)."""


def host_allowed(host: str | None, hosts: frozenset[str]) -> bool:
    """Whether a request's ``Host`` header names this server: an address (``127.0.0.1:8000``,
    ``[::1]``, a LAN address), a name without a dot (``localhost``, a machine's own name), a
    name of the local network (``mybox.lan``: ``LOCAL_SUFFIXES``), or one of ``hosts`` (the names
    of ``--public-url`` and ``--origin``). Any other dotted name is refused: the mark of DNS
    rebinding, a page of ``evil.example`` whose name now points at this server, which only a
    name in public DNS can do."""
    if not host:
        return False
    try:
        name = urlsplit(f"//{host}").hostname
    except ValueError:
        return False
    name = (name or "").removesuffix(".")      # the root's dot: ``mybox.lan.`` is ``mybox.lan``
    if not name:
        return False
    if name in hosts:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return "." not in name or name.endswith(LOCAL_SUFFIXES)
    return True


def hosts_of(origins: Iterable[str]) -> frozenset[str]:
    """The host names of ``origins`` (``https://poker.example.com`` names ``poker.example.com``)."""
    names = set()
    for origin in origins:
        with contextlib.suppress(ValueError):
            name = urlsplit(origin if "//" in origin else f"//{origin}").hostname
            if name:
                names.add(name)
    return frozenset(names)


class TrustedHosts:
    """ASGI middleware: every request (HTTP and WebSocket) whose ``Host`` is not the server's
    (``host_allowed``) is refused before the app sees it: 400 over HTTP, a close (1008) before
    the WebSocket is accepted."""

    def __init__(self, app: Any, hosts: frozenset[str]) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            host = next((v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"host"), None)
            if not host_allowed(host, self.hosts):
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008, "reason": ""})
                    return
                body = b"this server does not answer to that host name"
                headers = [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())]
                await send({"type": "http.response.start", "status": 400, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
