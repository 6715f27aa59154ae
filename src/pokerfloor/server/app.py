"""The Starlette app of ``pokerfloor serve``: one WebSocket per client, one asyncio task per table.

Every command for a table goes through the table's queue, so the table's task alone changes its
``Room``. An accepted input is written to the store before any client hears of it; every client
then gets an ``update`` built from its own seat's view (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokerfloor.rules import Game
from pokerfloor.server.actor import TableTask
from pokerfloor.server.bus import Bus
from pokerfloor.server.commands import Hello, Received, receive, written_again
from pokerfloor.server.deal import master_seed
from pokerfloor.server.downloads import Builders
from pokerfloor.server.downloads import routes as download_routes
from pokerfloor.server.event.routes import attach as attach_events
from pokerfloor.server.event.service import Events
from pokerfloor.server.fields import NO_LIMITS, Input
from pokerfloor.server.fields import Command as ClientCommand
from pokerfloor.server.limits import DEFAULT_RATES, Rates, Sockets, check_rate, limiter
from pokerfloor.server.process import collect_now_and_then, warm_rankings
from pokerfloor.server.room import Refused, digest
from pokerfloor.server.settings import CreateTable
from pokerfloor.server.store import Store
from pokerfloor.server.tables import Tables
from pokerfloor.server.transport import (
    FLOOD_PER_SECOND,
    STRIKES,
    Client,
    Command,
    TrustedHosts,
    attach,
    check_flood,
    check_numbers,
    converse,
    detach,
    encode,
    hang_up,
    hosts_of,
    origin_allowed,
    read_frame,
    receive_text,
    send_error,
)
from pokerfloor.server.writer import Writer

LOG = logging.getLogger("pokerfloor.server")
VERSION = 1
UNSUPPORTED = 1003      # the close code of a binary frame: the protocol is JSON text
STATIC = Path(__file__).parent / "static"


class Server(Tables):
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
        seeds: Callable[[], str] = master_seed,
        hosts: Iterable[str] = (),
        between_hands: float | None = None,
    ) -> None:
        self.store, self.clock, self.flood, self.seeds = store, clock, flood, seeds
        origins = tuple(origins)
        self.hosts = frozenset(h.lower() for h in hosts) | hosts_of(origins)
        self.sockets = Sockets()
        # The moment between hands of a table whose host does not choose it (``serve
        # --between-hands``): None leaves the house default (``room.DEFAULT_PAUSE``).
        self.between_hands = between_hands
        self.limits = {"tables": limiter(rates.tables), "seat_requests": limiter(rates.seat_requests),
                       "chat": limiter(rates.chat)}
        self.origins = frozenset(origins)
        super().__init__(store)
        self.builders = Builders()                     # the threads that build downloads
        self._hook = hook
        self.writer = Writer(store)
        # On PostgreSQL any process serves any table, through the bus (bus.py, started by create_app).
        self.bus: Bus | None = Bus(self, store.url) if store.engine.dialect.name == "postgresql" else None

    def hook(self, point: str, entry: Input) -> None:
        """A named point in the life of an input (the fault tests stop the process at one):
        ``applied/<moment>`` once it is applied in memory and before it is written,
        ``stored/<moment>`` once it is written and before anyone hears of it, ``broadcast/<moment>``
        once every client's update is queued (``TableTask._moment`` names the moments)."""
        if self._hook is not None:
            self._hook(point, entry)

    def create(self, command: CreateTable) -> tuple[TableTask, str]:
        """A new table; its master seed is the server's own (``seeds``): no frame chooses it."""
        config = command.with_seed(self.seeds())
        # A table's id is the secret of its link: 128 random bits, as a token's.
        table_id, host_token = secrets.token_urlsafe(16), secrets.token_urlsafe(24)
        self.store_new(table_id, config, digest(host_token))
        return self.table_task(table_id), host_token

    async def refuse(self, client: Client, refused: Refused, reply_to: object) -> None:
        """Send the error frame (``transport.send_error``: out of the connection's error budget when
        refused at the edge)."""
        seq = client.table.room.seq if client.table is not None else 0
        await send_error(client, refused, reply_to, now=self.clock(), seq=seq)

    async def serve(self, socket: WebSocket) -> None:
        address = socket.client.host if socket.client is not None else ""
        if not origin_allowed(socket, self.origins) or not self.sockets.take(address):   # limits.SOCKETS_PER_ADDRESS
            await socket.close(code=1008)
            return
        self.house.reached(getattr(socket, "scope", None))     # its house bots' address (a relayed one: none)
        try:
            await self._serve(socket)
        finally:
            self.sockets.give(address)

    async def _serve(self, socket: WebSocket) -> None:
        await socket.accept()
        client = Client(socket)
        sender = asyncio.create_task(client.deliver())
        reader = asyncio.create_task(self._read(client))
        try:
            await converse(client, reader, sender)
        finally:
            if self.bus is not None:
                self.bus.left(client)
            detach(client, keep=True)
            await hang_up(client, reader, sender)

    async def _read(self, client: Client) -> None:
        """A client's frames, each parsed and dispatched in turn, until it goes or has spent
        its error budget; a relayed client's (bus.py) read whole before it goes to its table's owner."""
        while client.strikes < STRIKES and not client.closing:
            try:
                text = await receive_text(client.socket)
            except WebSocketDisconnect:
                return
            if text is None:        # a binary frame: the protocol is text (1003)
                return await client.close(UNSUPPORTED)
            frame = None
            try:
                frame = read_frame(text)
                check_numbers(frame)
                check_flood(client, self.flood)
                received = self.read(frame) if self.bus is not None and client in self.bus.conn_of else None
                if self.bus is not None and received is not None and received.kind not in STEPS:
                    self.bus.forward(client, encode(written_again(received)))
                    continue            # its table's owner is another process: it answers
                if self.bus is not None and received is not None:
                    self.bus.left(client)       # (create_table, hello: carried out here, as a new client's)
                self._check_rate(client, frame["type"])
                await self._dispatch(client, self.read(frame) if received is None else received)
            except Refused as refused:
                refused.strike = True       # (refused at the edge: out of the connection's budget)
                await self.refuse(client, refused, None if frame is None else frame.get("id"))

    def read(self, frame: dict[str, Any]) -> Received:
        """The edge: a frame read whole into its typed command, the one place a client's JSON is
        read (``Refused``: ``unknown_type``, ``bad_field``): ``create_table`` into its
        ``settings.CreateTable``, any other by ``commands.receive`` (a range its table sets is
        checked as the table carries it out)."""
        if frame["type"] == CreateTable.TYPE:
            return Received(CreateTable, frame.get("id"), command=CreateTable.read(frame, self.between_hands))
        return receive(frame)

    def _check_rate(self, client: Client, kind: str) -> None:
        seat = None if client.table is None else f"{client.table.room.table_id} {client.token_hash or client.address}"
        check_rate(self.limits, kind, client.address, seat)     # (``limits.check_rate``)

    async def _dispatch(self, client: Client, received: Received) -> None:
        """A command to where it is carried out: the server's own step for it (``STEPS``:
        ``create_table``, ``hello``), or its table's queue (``TableTask.handle``)."""
        step = STEPS.get(received.kind)
        if step is not None:
            await step(self, client, received)
        elif client.table is None:
            raise Refused("no_table", "send hello or create_table first")
        else:
            await client.table.queue.put(Command(client, received))

    async def _create_table(self, client: Client, received: Received) -> None:
        command = received.command
        assert isinstance(command, CreateTable)
        task, host_token = self.create(command)
        attach(client, task, host=True, token_hash=digest(host_token))
        await client.send({"type": "table_created", "seq": task.room.seq, "reply_to": received.reply_to,
                           "table_id": task.room.table_id, "host_token": host_token})
        await client.send(task.update(client, []))
        self.open_house(client, task.room, host_token, command.bots)

    async def _hello(self, client: Client, received: Received) -> None:
        hello = received.command_in(NO_LIMITS)
        assert isinstance(hello, Hello)
        if hello.version != VERSION:
            raise Refused("version", f"this server speaks version {VERSION}")
        bus = self.bus
        task = self.table_task(hello.table_id) if bus is None else bus.task_or_relay(client, hello, received.reply_to)
        if task is None:
            return      # relayed: its table's owner, another process, answers it (bus.py)
        # Answered by the table's task, in turn with its inputs: the room is read only
        # between them, when everything it holds is stored (write before broadcast).
        if client.table is not task:
            attach(client, task, host=False, token_hash="")   # a spectator until answered
        await task.queue.put(Command(client, received))

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
        self.builders.close()
        self.store.close()


STEPS: dict[type[ClientCommand], Callable[[Server, Client, Received], Awaitable[None]]] = {
    CreateTable: Server._create_table,
    Hello: Server._hello,
}
"""The commands the server carries out itself, before a client has a table; any other goes on
its table's queue."""


def create_app(
    db: str | Store = "sqlite:///pokerfloor.db",
    *,
    clock: Callable[[], float] = time.time,
    origins: Iterable[str] = (),
    hook: Callable[[str, Input], None] | None = None,
    flood: int = FLOOD_PER_SECOND,
    rates: Rates = DEFAULT_RATES,
    seeds: Callable[[], str] = master_seed,
    hosts: Iterable[str] = (),
    between_hands: float | None = None,
    spread_tables: bool = False,
) -> Starlette:
    """The ASGI app. ``db`` is a SQLAlchemy URL or a ``Store``; ``clock`` returns seconds (inject
    one in tests); ``origins`` are the web origins allowed besides the server's own; ``flood`` is
    how many frames a second a client may send; ``rates`` limit tables, seat requests and chat
    (``limits.UNLIMITED``: none); ``seeds`` gives each table its master seed (``deal.master_seed``,
    fixed in tests); ``hosts``: names the server answers to besides ``transport.host_allowed``'s;
    ``between_hands`` the seconds between hands of a table whose host does not choose them;
    ``spread_tables``: an event's tables of house bots only played by any process (``Events.spread``)."""
    store = db if isinstance(db, Store) else Store(db)
    server = Server(store, clock=clock, origins=origins, hook=hook, flood=flood, rates=rates, seeds=seeds, hosts=hosts,
                    between_hands=between_hands)

    async def websocket(socket: WebSocket) -> None:
        await server.serve(socket)

    async def health(_request: Request) -> Response:
        return PlainTextResponse("ok")

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        warm_rankings(Game.no_limit_holdem(1, 2))    # most tables play a high hand: ready before the first
        collector = asyncio.create_task(collect_now_and_then())
        unloader = asyncio.create_task(server.unload_now_and_then())
        if server.bus is not None:
            await server.bus.start()
        try:
            yield
        finally:
            collector.cancel()
            unloader.cancel()
            await server.close()

    routes: list[Route | WebSocketRoute | Mount] = [WebSocketRoute("/ws", websocket), Route("/health", health)]
    routes.extend(download_routes(server, server.builders))
    if STATIC.is_dir():
        routes.append(Mount("/", StaticFiles(directory=STATIC, html=True), name="static"))
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(TrustedHosts, hosts=server.hosts)])
    app.state.server = server
    attach_events(app, Events(store, now=clock, seeds=seeds, spread=spread_tables), origins)     # tournaments
    return app
