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
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokerfloor.rules import Game
from pokerfloor.server.actor import Command, TableTask
from pokerfloor.server.commands import COMMANDS, Hello, parse
from pokerfloor.server.downloads import routes as download_routes
from pokerfloor.server.process import collect_now_and_then, warm_rankings
from pokerfloor.server.records import hand_json, restored
from pokerfloor.server.room import Config, Input, Refused, Room, digest
from pokerfloor.server.store import Boundary, Store
from pokerfloor.server.transport import (
    FLOOD_PER_SECOND,
    STRIKES,
    Client,
    check_flood,
    origin_allowed,
    parse_frame,
    send_error,
)
from pokerfloor.server.writer import Writer

LOG = logging.getLogger("pokerfloor.server")
VERSION = 1
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
    ) -> None:
        self.store, self.clock, self.flood = store, clock, flood
        self.origins = frozenset(origins)
        self.tables: dict[str, TableTask] = {}
        self._hook = hook
        self.writer = Writer(store)

    async def write(self, table_id: str, seq: int, entry: Input, ended: Boundary | None) -> None:
        """Store an input (and what a hand's end stores); returns once it is committed
        (``Writer.write``: one commit for what several tables wrote meanwhile)."""
        await self.writer.write(table_id, seq, entry, ended)

    def hook(self, point: str, entry: Input) -> None:
        """A named point in the life of an input (the fault tests stop the process at one):
        ``stored/<moment>`` once it is written and before anyone hears of it, ``broadcast/<moment>``
        once every client was sent its update (``TableTask._moment`` names the moments)."""
        if self._hook is not None:
            self._hook(point, entry)

    def rebuild(self, table_id: str, *, from_snapshot: bool = True) -> Room:
        """A table's room from the store: its room record at the last hand's end and the inputs
        after it, or every input from the start. A record that does not restore, or whose
        inputs after it do not apply, is a miss: logged, and the room is built from every
        input (finished hands whose records are missing are then recorded again)."""
        settings = self.store.table_settings(table_id)
        if settings is None:
            raise Refused("no_table", "no such table")
        config, host_hash = Config.parse(settings[0]), settings[1]
        stored = self.store.room_record(table_id) if from_snapshot else None
        if stored is not None:
            try:
                room = restored(table_id, config, host_hash, stored[1], self.store.hand_records(table_id))
                self._replay(room, self.store.inputs(table_id, after=room.seq))
                return room
            except Exception as missed:
                LOG.warning("table %s: its room record (input %d) is a miss, rebuilt from every input: %s",
                            table_id, stored[0], missed)
        room = Room(table_id, config, host_hash)
        self._replay(room, self.store.inputs(table_id))
        self._record_hands(room)
        return room

    @staticmethod
    def _replay(room: Room, entries: list[Input]) -> None:
        """Apply stored inputs again. One this release refuses (an earlier release stored it
        unchecked: a seat request for 10**30 chips, say) is logged and skipped as refused inputs
        are, changing nothing but the count, so that the inputs after it keep their numbers."""
        for entry in entries:
            try:
                room.apply(entry)
            except Refused as refused:
                LOG.warning("table %s: stored input %d (%s) is refused now and skipped: %s %s",
                            room.table_id, room.seq + 1, entry.get("kind"), refused.code, refused.message)
                room.skip()

    def _record_hands(self, room: Room) -> None:
        """Store the records of the room's finished hands that the store lacks (an older
        release's rows, dropped by migration 0003, say)."""
        known = self.store.hand_records(room.table_id).keys()
        missing = {n: hand_json(hand) for n, hand in enumerate(room.hands, 1) if n not in known}
        self.store.add_hand_records(room.table_id, missing)

    def table_task(self, table_id: str) -> TableTask:
        """The running table's task, started (its room rebuilt from the store) on first use
        (``Refused`` if unknown)."""
        running = self.tables.get(table_id)
        if running is not None:
            return running
        if self.store.table_settings(table_id) is not None and not self.store.claim(table_id):
            raise Refused("not_owner", "another server runs this table: try again there or shortly")
        task = TableTask(self, self.rebuild(table_id))
        self.tables[table_id] = task
        task.start()
        return task

    def create(self, frame: dict[str, Any]) -> tuple[TableTask, str]:
        config = Config.parse(frame)
        table_id, host_token = secrets.token_urlsafe(9), secrets.token_urlsafe(24)
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
        try:
            while client.strikes < STRIKES:
                text = await socket.receive_text()
                frame = None
                try:
                    frame = parse_frame(text)
                    check_flood(client, self.flood)
                    await self._dispatch(client, frame)
                except Refused as refused:
                    await self.refuse(client, refused, frame)
        except WebSocketDisconnect:
            pass
        finally:
            if client.table is not None:
                client.table.clients.discard(client)

    async def _dispatch(self, client: Client, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "create_table":
            task, host_token = self.create(frame)
            self.attach(client, task, host=True, token_hash=digest(host_token))
            await client.send({"type": "table_created", "seq": task.room.seq, "reply_to": frame.get("id"),
                               "table_id": task.room.table_id, "host_token": host_token})
            await client.send(task.update(client, []))
        elif kind == "hello":
            hello = parse(frame)
            assert isinstance(hello, Hello)
            if hello.version != VERSION:
                raise Refused("version", f"this server speaks version {VERSION}")
            task = self.table_task(hello.table_id)
            # Answered by the table's task, in turn with its inputs: the room is read only
            # between them, when everything it holds is stored (write before broadcast).
            if client.table is not task:
                self.attach(client, task, host=False, token_hash="")   # a spectator until answered
            await task.queue.put(Command(client, frame, hello))
        elif kind in COMMANDS:
            if client.table is None:
                raise Refused("no_table", "send hello or create_table first")
            await client.table.queue.put(Command(client, frame))
        else:
            raise Refused("unknown_type", f"no message type {kind!r}")

    @staticmethod
    def attach(client: Client, task: TableTask, *, host: bool, token_hash: str) -> None:
        if client.table is not None:
            client.table.clients.discard(client)
        client.table, client.host, client.token_hash = task, host, token_hash
        client.spectating = False
        task.clients.add(client)

    async def close(self) -> None:
        for task in self.tables.values():
            await task.queue.put(None)
            if task.task is not None:
                with contextlib.suppress(Exception):
                    await task.task
        self.tables.clear()
        await self.writer.close()
        self.store.close()


def create_app(
    db: str | Store = "sqlite:///pokerfloor.db",
    *,
    clock: Callable[[], float] = time.time,
    origins: Iterable[str] = (),
    hook: Callable[[str, Input], None] | None = None,
    flood: int = FLOOD_PER_SECOND,
) -> Starlette:
    """The ASGI app. ``db`` is a SQLAlchemy URL or a ``Store``; ``clock`` returns seconds (inject
    one in tests); ``origins`` are the web origins allowed besides the server's own; ``flood`` is
    how many frames a second a client may send."""
    store = db if isinstance(db, Store) else Store(db)
    server = Server(store, clock=clock, origins=origins, hook=hook, flood=flood)

    async def websocket(socket: WebSocket) -> None:
        await server.serve(socket)

    async def health(_request: Request) -> Response:
        return PlainTextResponse("ok")

    async def tables(_request: Request) -> Response:
        return JSONResponse({"version": VERSION, "running": sorted(server.tables)})

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        warm_rankings(Game.no_limit_holdem(1, 2))    # most tables play a high hand: ready before the first
        collector = asyncio.create_task(collect_now_and_then())
        try:
            yield
        finally:
            collector.cancel()
            await server.close()

    routes: list[Route | WebSocketRoute | Mount] = [
        WebSocketRoute("/ws", websocket),
        Route("/health", health),
        Route("/api/tables", tables),
    ]
    routes.extend(download_routes(lambda table_id: server.table_task(table_id).room))
    if STATIC.is_dir():
        routes.append(Mount("/", StaticFiles(directory=STATIC, html=True), name="static"))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app
