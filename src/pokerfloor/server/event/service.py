"""The events a process runs: one asyncio task an event (``EventTask``), the only one that
changes its ``EventRunner``. It takes each client's command from its queue in turn, moves the
floor on (``EventRunner.step``), writes the event's state to the store, then sends each watcher
what changed: the lobby to lobby and clock pages, each player their own page and notices.

The state is written before a client hears of a registration or a host's command; play is
written at most every ``SAVE_SECONDS`` and at every hand's end that follows, so a restart goes
on from the last hand ended (at most that second of play is dealt again, from the same state).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pokerfloor.server.deal import master_seed, seed_hash
from pokerfloor.server.event import commands as ec
from pokerfloor.server.event import store as rows
from pokerfloor.server.event.clock import EventClock
from pokerfloor.server.event.config import EventConfig, event_config
from pokerfloor.server.event.runner import EventRunner
from pokerfloor.server.event.views import lobby_json, seat_json
from pokerfloor.server.fields import Refused
from pokerfloor.server.store import Store
from pokerfloor.server.transport import Client, send_error
from pokerfloor.typedjson import Unreadable

LOG = logging.getLogger("pokerfloor.server")
SAVE_SECONDS = 1.0
SAVE_SHARE = 0.1        # play is written at most this share of the time: a big event's record takes long to build
LOBBY_SECONDS = 0.25     # the lobby is sent at most this often (the host's commands at once)


def digest(token: str) -> str:
    """Tokens are kept as their SHA-256, never as given (as a table's are)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Watch:
    view: str                  # lobby, clock or player
    key: str | None = None     # the person's key for a player
    host: bool = False


class EventTask:
    """One event's task (see the module's docstring)."""

    def __init__(self, events: Events, runner: EventRunner) -> None:
        self.events, self.runner = events, runner
        self.queue: asyncio.Queue[tuple[Client, ec.EventCommand, dict[str, Any]] | None] = asyncio.Queue()
        self.clients: dict[Client, Watch] = {}
        self.task: asyncio.Task[None] | None = None
        self.saved_at = float("-inf")
        self.save_cost = 0.0        # seconds the last state took to build
        self.lobby_at = float("-inf")
        self.dirty = False
        self.latency: list[float] = []     # seconds from an action taken to its table's updates queued

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self.run())

    async def run(self) -> None:
        while True:
            try:
                wait = self.runner.step(self.events.now(), bot_seconds=self.events.bot_seconds)
            except Exception:
                LOG.exception("event %s: the floor failed a step", self.runner.event_id)
                wait = 1.0
            if self.runner.changed or self.runner.lobby_changed or self.runner.notified:
                self.dirty = True
            try:
                await self.flush()
            except Exception:
                LOG.exception("event %s: its updates failed", self.runner.event_id)
            try:
                item = await asyncio.wait_for(self.queue.get(), timeout=max(wait, 0.001))
            except TimeoutError:
                continue
            if item is None:
                await self.flush(force=True)
                return
            try:
                await self.handle(*item)
            except Exception:
                LOG.exception("event %s: a command's updates failed", self.runner.event_id)

    async def handle(self, client: Client, command: ec.EventCommand, frame: dict[str, Any]) -> None:
        started = time.perf_counter()
        try:
            reply = self.apply(client, command, frame)
        except Refused as refused:
            await send_error(client, refused, frame.get("id"), now=self.events.now(), seq=0)
            return
        except Exception:
            LOG.exception("event %s: a command failed", self.runner.event_id)
            await send_error(client, Refused("internal", "the server failed; nothing was applied"), frame.get("id"),
                             now=self.events.now(), seq=0)
            return
        self.dirty = True
        if not isinstance(command, ec.EventAct):
            await self.flush(force=True)
        if reply is None and not isinstance(command, ec.EventAct):
            reply = {"type": "event_done", "command": command.TYPE}
        if reply is not None:
            await client.send({**reply, "reply_to": frame.get("id")})
        await self.flush(everyone=isinstance(command, ec.EventHello))
        if isinstance(command, ec.EventAct):
            self.latency.append(time.perf_counter() - started)

    def apply(self, client: Client, command: ec.EventCommand, frame: dict[str, Any]) -> dict[str, Any] | None:
        """Carry out one command (its handler in ``HANDLERS``), after the checks of who sent it."""
        watch = self.clients.get(client)
        if not isinstance(command, ec.EventHello):
            if watch is None:
                raise Refused("no_table", "send event_hello first")
            if command.WHO == "host" and not watch.host:
                raise Refused("not_host", "only the event's host does that")
        return HANDLERS[type(command)](self, client, command, frame)

    def hello(self, client: Client, command: ec.EventHello) -> dict[str, Any]:
        runner, token = self.runner, command.token
        host = token is not None and secrets.compare_digest(digest(token), runner.host_hash)
        key = None if token is None or host else runner.person_of(digest(token))
        if token is not None and not host and key is None:
            raise Refused("bad_token", "a token this event does not know")
        view = "player" if key is not None else "lobby" if command.view == "player" else command.view or "lobby"
        self.clients[client] = Watch(view, key, host)
        return {"type": "event_welcome", "event_id": runner.event_id,
                "role": "host" if host else "player" if key else "watcher",
                "name": None if key is None else runner.persons[key].name}

    def register(self, client: Client, command: ec.Register) -> dict[str, Any]:
        watch, runner = self.clients[client], self.runner
        token = command.token or secrets.token_urlsafe(24)
        entry = runner.register(command.name, digest(token))
        if not watch.host:
            watch.view, watch.key = "player", runner.person_of(digest(token))
        return {"type": "registered", "entry": entry, "token": token, "name": command.name, "approval": entry is None}

    def act(self, client: Client, command: ec.EventAct) -> None:
        key = self.clients[client].key
        if key is None:
            raise Refused("not_seated", "register first")
        self.runner.act(key, command.action, command.to, None if command.cards is None else list(command.cards))

    async def flush(self, *, force: bool = False, everyone: bool = False) -> None:
        """Write the state when due, then send what changed."""
        runner, now = self.runner, time.monotonic()
        due = max(SAVE_SECONDS, self.save_cost / SAVE_SHARE)
        if self.dirty and (force or now - self.saved_at >= due or runner.event.is_over):
            self.dirty = False
            state = json.dumps(runner.state())
            self.saved_at = time.monotonic()
            self.save_cost = self.saved_at - now
            try:
                await asyncio.to_thread(rows.save, self.events.store, runner.event_id, state)
            except rows.NotOwner:
                LOG.warning("event %s: another process owns it now; stopped here", runner.event_id)
                self.events.tasks.pop(runner.event_id, None)
                raise asyncio.CancelledError from None
        lobby = None
        if runner.lobby_changed and (force or everyone or now - self.lobby_at >= LOBBY_SECONDS):
            runner.lobby_changed = False
            self.lobby_at = now
            lobby = lobby_json(runner)
        notified, runner.notified = runner.notified, {}
        changed, runner.changed = runner.changed, set()
        for client, watch in list(self.clients.items()):
            if client.closing:
                self.clients.pop(client, None)
                continue
            if watch.view != "player" and lobby is not None:
                await client.send(lobby)
            if watch.key is None:
                continue
            for text in notified.get(watch.key, []):
                await client.send({"type": "event_notice", "text": text})
            entry = runner.entry_of(watch.key)
            where = None if entry is None else runner.event.seat_of(entry)
            if everyone or watch.key in notified or (where is not None and where[0] in changed) or lobby is not None:
                await client.send(seat_json(runner, watch.key))


class Events:
    """The events this process runs (``get`` loads one from the store on first use)."""

    def __init__(self, store: Store, *, now: Callable[[], float] = time.time, seeds: Callable[[], str] = master_seed,
                 bot_seconds: float = 0.5) -> None:
        self.store, self.now, self.seeds, self.bot_seconds = store, now, seeds, bot_seconds
        self.tasks: dict[str, EventTask] = {}

    def open(self, frame: dict[str, Any]) -> tuple[EventTask, str]:
        config = event_config(frame)
        event_id, host_token = secrets.token_urlsafe(16), secrets.token_urlsafe(24)
        seed = self.seeds()
        runner = EventRunner(event_id, config, digest(host_token), seed=seed, clock=EventClock(self.now))
        rows.create(self.store, event_id, {"config": config.to_json(), "seed_sha256": seed_hash(seed)},
                    digest(host_token))
        rows.save(self.store, event_id, json.dumps(runner.state())) if self.store.claim(event_id) else None
        task = self.tasks[event_id] = EventTask(self, runner)
        task.start()
        return task, host_token

    def get(self, event_id: str) -> EventTask | None:
        task = self.tasks.get(event_id)
        if task is not None:
            return task
        found = rows.load(self.store, event_id)
        if found is None or not self.store.claim(event_id):
            return None
        settings, host_hash, state = found
        config = EventConfig.from_json(settings["config"])
        if state is None:
            return None
        try:
            runner = EventRunner.from_state(event_id, config, host_hash, state, EventClock(self.now))
        except Unreadable as unreadable:  # a row read back is checked whole: the event is not served
            LOG.error("event %s: its stored state is unreadable (%s); it is not served", event_id, unreadable)
            return None
        task = self.tasks[event_id] = EventTask(self, runner)
        task.start()
        return task

    async def close(self) -> None:
        for task in list(self.tasks.values()):
            await task.queue.put(None)
            if task.task is not None:
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await task.task
        self.tasks.clear()


def _host(do: Callable[[EventRunner, Any, dict[str, Any]], Any]) -> Callable[..., Any]:
    return lambda task, _client, command, frame: do(task.runner, command, frame)


HANDLERS: dict[type[ec.EventCommand], Callable[..., dict[str, Any] | None]] = {
    ec.EventHello: lambda task, client, command, _frame: task.hello(client, command),
    ec.Register: lambda task, client, command, _frame: task.register(client, command),
    ec.EventAct: lambda task, client, command, _frame: task.act(client, command),
    ec.StartEvent: _host(lambda runner, _c, _f: runner.start()),
    ec.PauseEvent: _host(lambda runner, _c, _f: runner.pause()),
    ec.ResumeEvent: _host(lambda runner, _c, _f: runner.resume()),
    ec.AddTime: _host(lambda runner, c, _f: runner.add_time(c.seconds)),
    ec.AddBots: _host(lambda runner, c, _f: runner.add_bots(c.count)),
    ec.ApproveEntry: _host(lambda runner, c, _f: runner.approve(c.name) and None),
    ec.RemoveEntry: _host(lambda runner, c, _f: runner.remove(c.name)),
    ec.MoveEntry: _host(lambda runner, c, _f: runner.move(c.name, c.table, c.seat)),
    ec.SetPayouts: _host(lambda runner, _c, frame: runner.set_payouts(frame.get("payouts"))),
    ec.OfferDeal: _host(lambda runner, c, _f: {"type": "event_deal", "kind": c.kind,
                                               "deal": runner.deal(c.kind, bool(c.accept))}),
}
"""Each event command's handler (``open_event`` is the routes', which make the event)."""
