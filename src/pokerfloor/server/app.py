"""The Starlette app of ``pokerfloor serve``: one WebSocket per client, one asyncio task per table.

Every command for a table goes through the table's queue, so the table's task alone changes its
``Room``. An accepted input is written to the store before any client hears of it; every client
then gets an ``update`` built from its own seat's view (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokerfloor.rules import Game
from pokerfloor.server.actor import TableTask
from pokerfloor.server.bus import RESTART, Bus
from pokerfloor.server.commands import COMMANDS, Hello, parse
from pokerfloor.server.downloads import routes as download_routes
from pokerfloor.server.limits import DEFAULT_RATES, Rates, limiter
from pokerfloor.server.process import collect_now_and_then, warm_rankings
from pokerfloor.server.records import TableBroken, rebuild
from pokerfloor.server.room import Config, Input, Refused, Room, digest
from pokerfloor.server.store import Boundary, NotOwner, Store, transient
from pokerfloor.server.transport import (
    BEHIND,
    FLOOD_PER_SECOND,
    GONE,
    STRIKES,
    Client,
    Command,
    attach,
    check_flood,
    origin_allowed,
    parse_frame,
    send_error,
)
from pokerfloor.server.writer import Writer

LOG = logging.getLogger("pokerfloor.server")
VERSION = 1
CLOSE_SECONDS = 1.0     # how long a closing connection may take to send what it has queued
STATIC = Path(__file__).parent / "static"


class Server:
    """The tables this process runs, their store, the clock and the limits on clients."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        origins: Iterable[str] = (),
        hook: Callable[[str, Input], None] | None = None,
        flood: int = FLOOD_PER_SECOND,
        rates: Rates = DEFAULT_RATES,
        between_hands: float | None = None,
    ) -> None:
        self.store, self.clock, self.flood = store, clock, flood
        # The moment between hands of a table whose host does not choose it (``serve
        # --between-hands``): None leaves the house default (``room.DEFAULT_PAUSE``).
        self.between_hands = between_hands
        self.limits = {"tables": limiter(rates.tables), "seat_requests": limiter(rates.seat_requests),
                       "chat": limiter(rates.chat)}
        self.origins = frozenset(origins)
        self.tables: dict[str, TableTask] = {}
        self.broken: dict[str, TableBroken] = {}      # tables whose stored inputs do not load whole
        self._hook = hook
        self.writer = Writer(store)
        # On PostgreSQL any process serves any table, through the bus (bus.py, started by create_app).
        self.bus: Bus | None = Bus(self, store.url) if store.engine.dialect.name == "postgresql" else None

    async def write(self, table_id: str, seq: int, entry: Input, ended: Boundary | None) -> None:
        """Store an input (and what a hand's end stores); returns once it is committed
        (``Writer.write``: one commit for what several tables wrote meanwhile). A table another
        process claimed since is handed over (``NotOwner`` ends its task)."""
        try:
            await self.writer.write(table_id, seq, entry, ended)
        except NotOwner:
            await self.hand_over(table_id)
            raise

    async def hand_over(self, table_id: str) -> None:
        """This process lost the table (another claimed it: ``Store.check_leases``, or a fenced
        write): its task stops without writing again, and its clients are closed (1012) to
        reconnect and be relayed to the new owner, resyncing as after any crash."""
        task = self.tables.pop(table_id, None)
        if task is None:
            return
        LOG.warning("table %s: another process owns it now: handed over", table_id)
        self.store.release(table_id)
        running = task.task
        if running is not None:
            running.add_done_callback(lambda done: done.cancelled() or done.exception())   # retrieved: no warning
            if running is not asyncio.current_task():
                running.cancel()
        for client in list(task.clients):
            client.table = None
            await client.close(RESTART)

    def hook(self, point: str, entry: Input) -> None:
        """A named point in the life of an input (the fault tests stop the process at one):
        ``applied/<moment>`` once it is applied in memory and before it is written,
        ``stored/<moment>`` once it is written and before anyone hears of it, ``broadcast/<moment>``
        once every client's update is queued (``TableTask._moment`` names the moments)."""
        if self._hook is not None:
            self._hook(point, entry)

    def rebuild(self, table_id: str, *, from_snapshot: bool = True) -> Room:
        """A table's room from the store (``records.rebuild``)."""
        return rebuild(self.store, table_id, from_snapshot=from_snapshot)

    def table_task(self, table_id: str) -> TableTask:
        """The running table's task, started (its room rebuilt from the store) on first use
        (``Refused`` if unknown)."""
        running = self.tables.get(table_id)
        if running is not None:
            return running
        broken = self.broken.get(table_id)
        if broken is not None:
            raise broken            # found once (and logged): not rebuilt for every hello
        try:
            if self.store.table_settings(table_id) is not None and not self.store.claim(table_id):
                raise Refused("not_owner", "another server runs this table: try again there or shortly")
            room = self.rebuild(table_id)
        except TableBroken as found:
            self.broken[table_id] = found
            self.store.release(table_id)
            raise
        except Exception as failed:
            if not transient(failed):
                raise
            self.store.release(table_id)
            raise Refused("store_away", "the store cannot be reached just now: try again shortly") from None
        task = TableTask(self, room)
        self.tables[table_id] = task
        task.start()
        if self.bus is not None:
            self.bus.announce(table_id)
        return task

    def room_of(self, table_id: str) -> Room:
        """A table's room for a download (from the store when another process runs it: ``Bus.room``)."""
        try:
            return self.table_task(table_id).room if self.bus is None else self.bus.room(table_id)
        except TableBroken as broken:
            return broken.room      # as it was before the fault

    def create(self, frame: dict[str, Any]) -> tuple[TableTask, str]:
        options = frame.get("options")
        if self.between_hands is not None and (options is None or isinstance(options, dict)):
            options = dict(options or {})
            pause = self.between_hands
            options.setdefault("between_hands", {"seconds": pause, "showdown": pause})
            frame = {**frame, "options": options}
        config = Config.parse(frame)
        # A table's id is the secret of its link: 128 random bits, as a token's.
        table_id, host_token = secrets.token_urlsafe(16), secrets.token_urlsafe(24)
        self.store.create_table(table_id, config.to_json(), digest(host_token))
        return self.table_task(table_id), host_token

    async def refuse(self, client: Client, refused: Refused, frame: dict[str, Any] | None) -> None:
        """Send the error frame, out of the connection's error budget (``transport.send_error``)."""
        seq = client.table.room.seq if client.table is not None else 0
        await send_error(client, refused, frame, now=self.clock(), seq=seq)

    def origin_allowed(self, socket: WebSocket) -> bool:
        return origin_allowed(socket, self.origins)

    async def serve(self, socket: WebSocket) -> None:
        if not self.origin_allowed(socket):
            await socket.close(code=1008)
            return
        await socket.accept()
        client = Client(socket)
        sender = asyncio.create_task(client.deliver())
        reader = asyncio.create_task(self._read(client))
        try:
            await asyncio.wait((sender, reader), return_when=asyncio.FIRST_COMPLETED)
            if reader.done() and not sender.done() and client.closing:
                # Closed for its errors: the error frames queued before the close go out first.
                await asyncio.wait((sender,), timeout=CLOSE_SECONDS)
        finally:
            if self.bus is not None:
                self.bus.left(client)
            if client.table is not None:
                client.table.clients.discard(client)
            for task in (reader, sender):
                task.cancel()
            await asyncio.wait((reader, sender))     # (a wait, not a gather: its own cancellation only)
            for task in (reader, sender):
                failed = None if task.cancelled() else task.exception()
                if failed is not None and not isinstance(failed, GONE):
                    LOG.error("a connection failed", exc_info=failed)
            if client.dropped:      # its socket may be stalled: the close is not waited on for long
                with contextlib.suppress(TimeoutError, *GONE):
                    await asyncio.wait_for(socket.close(code=BEHIND), CLOSE_SECONDS)

    async def _read(self, client: Client) -> None:
        """A client's frames, each parsed and dispatched in turn, until it goes or has spent
        its error budget."""
        with contextlib.suppress(WebSocketDisconnect):
            while client.strikes < STRIKES and not client.closing:
                text = await client.socket.receive_text()
                frame = None
                try:
                    frame = parse_frame(text)
                    check_flood(client, self.flood)
                    if self.bus is not None and self.bus.forward(client, text):
                        continue        # checked as a direct client's are; its table's owner answers
                    await self._dispatch(client, frame)
                except Refused as refused:
                    await self.refuse(client, refused, frame)

    def _check_rate(self, client: Client, kind: str) -> None:
        """``Refused`` (``rate_limited``) when the frame is over its limit (``limits.Rates``):
        tables created and seat requests per address, chat lines per seat (a spectator's, where
        the host lets spectators chat, per address)."""
        if kind == "create_table":
            name, key = "tables", client.address
        elif kind == "join":
            name, key = "seat_requests", client.address
        elif kind == "chat" and client.table is not None:
            name, key = "chat", f"{client.table.room.table_id} {client.token_hash or client.address}"
        else:
            return
        limit = self.limits[name]
        if limit is not None and not limit.allow(key):
            rate = limit.rate
            per = "address" if name != "chat" else "seat"
            raise Refused("rate_limited", f"too many {name.replace('_', ' ')} from this {per}: at most {rate.burst} "
                          f"at once, then one every {1 / rate.per_second:g} s")

    async def _dispatch(self, client: Client, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        self._check_rate(client, kind)
        if kind == "create_table":
            task, host_token = self.create(frame)
            attach(client, task, host=True, token_hash=digest(host_token))
            await client.send({"type": "table_created", "seq": task.room.seq, "reply_to": frame.get("id"),
                               "table_id": task.room.table_id, "host_token": host_token})
            await client.send(task.update(client, []))
        elif kind == "hello":
            hello = parse(frame)
            assert isinstance(hello, Hello)
            if hello.version != VERSION:
                raise Refused("version", f"this server speaks version {VERSION}")
            bus = self.bus
            found = self.table_task(hello.table_id) if bus is None else bus.task_or_relay(client, hello, frame)
            if found is None:
                return      # relayed: its table's owner, another process, answers it (bus.py)
            task = found
            # Answered by the table's task, in turn with its inputs: the room is read only
            # between them, when everything it holds is stored (write before broadcast).
            if client.table is not task:
                attach(client, task, host=False, token_hash="")   # a spectator until answered
            await task.queue.put(Command(client, frame, hello))
        elif kind in COMMANDS:
            if client.table is None:
                raise Refused("no_table", "send hello or create_table first")
            await client.table.queue.put(Command(client, frame))
        else:
            raise Refused("unknown_type", f"no message type {kind!r}")

    async def close(self) -> None:
        for task in self.tables.values():
            await task.queue.put(None)
            if task.task is not None:
                with contextlib.suppress(Exception):
                    await task.task
        self.tables.clear()
        if self.bus is not None:
            await self.bus.close()
        await self.writer.close()
        self.store.close()


def create_app(
    db: str | Store = "sqlite:///pokerfloor.db",
    *,
    clock: Callable[[], float] = time.time,
    origins: Iterable[str] = (),
    hook: Callable[[str, Input], None] | None = None,
    flood: int = FLOOD_PER_SECOND,
    rates: Rates = DEFAULT_RATES,
    between_hands: float | None = None,
) -> Starlette:
    """The ASGI app. ``db`` is a SQLAlchemy URL or a ``Store``; ``clock`` returns seconds (inject
    one in tests); ``origins`` are the web origins allowed besides the server's own; ``flood`` is
    how many frames a second a client may send; ``rates`` limit tables, seat requests and chat
    (``limits.UNLIMITED``: none); ``between_hands`` the seconds between hands of a table whose
    host does not choose them (None: ``room.DEFAULT_PAUSE``)."""
    store = db if isinstance(db, Store) else Store(db)
    server = Server(store, clock=clock, origins=origins, hook=hook, flood=flood, rates=rates,
                    between_hands=between_hands)

    async def websocket(socket: WebSocket) -> None:
        await server.serve(socket)

    async def health(_request: Request) -> Response:
        return PlainTextResponse("ok")

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        warm_rankings(Game.no_limit_holdem(1, 2))    # most tables play a high hand: ready before the first
        collector = asyncio.create_task(collect_now_and_then())
        if server.bus is not None:
            await server.bus.start()
        try:
            yield
        finally:
            collector.cancel()
            await server.close()

    routes: list[Route | WebSocketRoute | Mount] = [
        WebSocketRoute("/ws", websocket),
        Route("/health", health),
    ]
    routes.extend(download_routes(server.room_of))
    if STATIC.is_dir():
        routes.append(Mount("/", StaticFiles(directory=STATIC, html=True), name="static"))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app
