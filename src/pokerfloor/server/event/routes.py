"""The event's routes: its WebSocket (``/event/ws``; docs/protocol.md, Tournaments over many
tables) and its downloads (``/event/{id}/results.json``: places, prizes and bounties;
``/event/{id}/record.json``: the event's whole record, cards and randomness included, once the
event is over, with its seed; ``/event/{id}/tables/{n}/hands.phhs`` and ``hands.ohh.json``:
table n's finished hands as a spectator saw them, built in the worker process).

Every frame is read whole at the edge (``transport.read_frame``, ``check_numbers``, the flood
limit), read into its typed command (``commands.receive``) and refused with the server's one
error frame before the event's task sees it.

On PostgreSQL an event runs in one process, its owner (``Store.claim``); a client that reaches
another process is relayed to the owner over the bus (``bus.Bus.relay``, ``BusSide``), as a
table's client is: its frames, read whole here as above, go to the owner as their typed values
written again (``EventCommand.frame``), and the owner serves it as one of its own, its frames
coming back to it. Its ``open_event`` or ``event_hello`` is carried out here, its relay ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Collection, Iterable
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokerfloor.server.bus import Bus
from pokerfloor.server.downloads import Job
from pokerfloor.server.event import commands as ec
from pokerfloor.server.event import hands, seatlink
from pokerfloor.server.event import store as rows
from pokerfloor.server.event.service import Events, EventTask, Watch
from pokerfloor.server.event.tableplay import TablePlays
from pokerfloor.server.event.views import lobby_json
from pokerfloor.server.fields import Refused
from pokerfloor.server.transport import (
    FLOOD_PER_SECOND,
    STRIKES,
    Client,
    check_flood,
    check_numbers,
    converse,
    encode,
    hang_up,
    origin_allowed,
    read_frame,
    receive_text,
    send_error,
)


async def serve(events: Events, socket: WebSocket, origins: Iterable[str] = ()) -> None:
    if not origin_allowed(socket, origins):
        await socket.close(code=1008)
        return
    await socket.accept()
    client = Client(socket)
    sender = asyncio.create_task(client.deliver())
    attached: list[EventTask] = []

    async def read() -> None:
        while client.strikes < STRIKES and not client.closing:
            try:
                text = await receive_text(socket)
            except WebSocketDisconnect:
                return
            if text is None:
                return await client.close(1003)
            frame = None
            try:
                frame = read_frame(text)
                check_numbers(frame)
                check_flood(client, FLOOD_PER_SECOND)
                received = ec.receive(frame, time.perf_counter())
                command = received.command
                if events.bus is not None and client in events.bus.conn_of:
                    if not isinstance(command, ec.OpenEvent | ec.EventHello):
                        events.bus.forward(client, encode(command.frame(received.reply_to)))
                        continue        # its event's owner is another process: it answers
                    events.bus.left(client)     # (open_event, event_hello: carried out here, as a new client's)
                if isinstance(command, ec.OpenEvent):
                    task, host_token = events.open(command.config)
                    task.clients[client] = Watch("lobby", None, True)
                    attached[:] = [task]
                    await client.send({"type": "event_opened", "event_id": task.runner.event_id,
                                       "host_token": host_token, "reply_to": received.reply_to})
                    await client.send(lobby_json(task.runner))
                    continue
                if isinstance(command, ec.EventHello):
                    found = events.get(command.event_id)
                    if found is None and events.bus is not None and rows.exists(events.store, command.event_id):
                        for old in attached:
                            old.clients.pop(client, None)
                        attached.clear()
                        events.bus.relay(client, command.event_id, encode(command.frame(received.reply_to)), event=True)
                        continue
                    if found is None:
                        raise Refused("no_table", "no such event")
                    for old in attached:
                        old.clients.pop(client, None)
                    attached[:] = [found]
                if not attached:
                    raise Refused("no_table", "send event_hello first")
                await attached[0].queue.put((client, received))
            except Refused as refused:
                refused.strike = True       # (refused at the edge: out of the connection's budget)
                await send_error(client, refused, None if frame is None else frame.get("id"), now=events.now(), seq=0)

    reader = asyncio.create_task(read())
    try:
        await converse(client, reader, sender)
    finally:
        if events.bus is not None:
            events.bus.left(client)
        for task in attached:
            task.clients.pop(client, None)
        await hang_up(client, reader, sender)


def routes(events: Events, origins: Iterable[str] = ()) -> list[Route | WebSocketRoute]:
    allowed = tuple(origins)

    async def websocket(socket: WebSocket) -> None:
        await serve(events, socket, allowed)

    async def results(request: Request) -> Response:
        task = events.get(request.path_params["event_id"])
        if task is None:
            return JSONResponse({"error": "no such event"}, status_code=404)
        lobby = lobby_json(task.runner)
        return JSONResponse({"format": "pokerfloor-event-results", "version": 1, "event_id": lobby["event_id"],
                             "name": lobby["name"], "over": task.runner.event.is_over,
                             "prize_pool": lobby["prize_pool"], "entrants": lobby["entrants"],
                             "places": lobby["places"], "seed": lobby["seed"]})

    async def record(request: Request) -> Response:
        task = events.get(request.path_params["event_id"])
        if task is None:
            return JSONResponse({"error": "no such event"}, status_code=404)
        if not task.runner.event.is_over:
            return JSONResponse({"error": "the record, with every card, is given once the event is over"},
                                status_code=403)
        return JSONResponse(task.runner.state())

    async def table_hands(request: Request) -> Response:
        """A table's finished hands (``hands.FILES``), built in the worker process."""
        task = events.get(request.path_params["event_id"])
        number = str(request.path_params["table"])
        if task is None or not number.isdigit() or len(number) > 6 or request.path_params["file"] not in hands.FILES:
            return JSONResponse({"error": "no such event, table or file"}, status_code=404)
        job = Job(events.store.url, hands.table_key(task.runner.event_id, int(number)),
                  hands.FILES[request.path_params["file"]], task.runner.config.seats)
        built = await request.app.state.server.builders.build(hands.build, job)
        return Response(built.body, status_code=built.status, media_type=built.media_type,
                        headers={"Retry-After": "1"} if built.status == 503 else None)

    return [WebSocketRoute("/event/ws", websocket),
            Route("/event/{event_id}/results.json", results),
            Route("/event/{event_id}/record.json", record),
            Route("/event/{event_id}/tables/{table}/{file}", table_hands)]


class BusSide:
    """The events' side of the process's bus (``bus.EventSide``)."""

    def __init__(self, events: Events, origins: Iterable[str] = ()) -> None:
        self.events, self.origins = events, tuple(origins)
        self.running: Collection[str] = events.tasks.keys()

    def take(self, event_id: str) -> bool:
        return self.events.get(event_id) is not None

    async def serve(self, socket: WebSocket) -> None:
        await serve(self.events, socket, self.origins)


def join_bus(events: Events, bus: Bus | None, origins: Iterable[str] = ()) -> None:
    """Relay the events' clients over ``bus`` (the process's; none with SQLite)."""
    events.bus = bus
    if bus is not None:
        bus.events = BusSide(events, origins)
        bus.wakes.append(lambda heard: events.woken(str(heard.table), heard.text, heard.sender, heard.texts)
                         if heard.op == "wake" else seatlink.heard(events, heard.op, str(heard.table), heard.text))


def attach(app: Starlette, events: Events, origins: Iterable[str] = ()) -> None:
    """Serve ``events`` from ``app`` (``create_app``'s): the event routes go before the static
    pages, and the events' tasks end with the app."""
    app.router.routes[0:0] = routes(events, origins)
    join_bus(events, app.state.server.bus, origins)
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(served: Starlette) -> AsyncIterator[Any]:
        async with inner(served) as state:
            plays = None
            if events.spread:       # (this process plays hands dealt away: ``tableplay.py``)
                bus = events.bus
                events.plays = TablePlays(events.store, events.store.owner if bus is None else bus.inbox,
                                          (lambda: {}) if bus is None else (lambda: bus.heard),
                                          bot_seconds=events.bot_seconds, tell=events.wake,
                                          views=lambda event_id, text: seatlink.to_floor(events, event_id, text))
                plays = asyncio.create_task(events.plays.run())
            try:
                yield state
            finally:
                if plays is not None:
                    plays.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await plays
                await events.close()

    app.router.lifespan_context = lifespan
    app.state.events = events
