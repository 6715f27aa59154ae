"""The events a process runs: one asyncio task an event (``EventTask``), the only one that
changes its ``EventRunner``. It takes each client's command from its queue in turn, moves the
floor on (``EventRunner.step``), writes the event's state to the store, then sends each watcher
what changed: the lobby to lobby and clock pages, each player their own page and notices.

Every change is an input (``EventRunner.inputs``), written to the store before any client
hears of it: the task ships each step's (or each batch of commands') inputs with the updates
that tell of them (``pipe.Pipe``), and goes on while the event's writer thread commits them; the
updates are sent once they are committed. A restart applies the inputs to the last whole state
(``replay.go_on``) and goes on from the last action, no hand dealt again. The whole state takes
long to build for a big event (a tenth of a second and more at 300 entries), so it is written
only once ``WHOLE_INPUTS`` inputs followed the last (a restart replays at most those: a second
or two), at most ``SAVE_SHARE`` of the time, as the event ends and as the process stops.

A client's command waits for the step in progress, and its updates for the commit of every
input made before it: so a step is a slice (``STEP_SECONDS``, ``BOT_ACTIONS``; ``EventRunner.step``),
and while the writer is behind (``Pipe.unwritten`` over ``BACKLOG``) the task makes no step,
so the house bots do not pile inputs ahead of a person's action; the commands are still carried out.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import partial
from typing import Any

from pokerfloor.server.bus import Bus
from pokerfloor.server.deal import master_seed, seed_hash
from pokerfloor.server.event import away, seatlink
from pokerfloor.server.event import commands as ec
from pokerfloor.server.event import store as rows
from pokerfloor.server.event.clock import EventClock
from pokerfloor.server.event.config import EventConfig
from pokerfloor.server.event.pipe import Pipe, Send, Work
from pokerfloor.server.event.runner import EventRunner
from pokerfloor.server.event.tableplay import TablePlays
from pokerfloor.server.event.views import lobby_json, seat_json
from pokerfloor.server.fields import Refused
from pokerfloor.server.store import Store
from pokerfloor.server.transport import Client, send_error
from pokerfloor.table.event_types import Place
from pokerfloor.typedjson import Unreadable

LOG = logging.getLogger("pokerfloor.server")
WHOLE_INPUTS = 10_000   # the inputs after which the whole state is written again (the inputs before it dropped)
WHOLE_SECONDS = 30.0    # and at least this long after the last
SAVE_SHARE = 0.01       # the whole state is built at most this share of the time
BOT_ACTIONS = 24        # the house bots' actions a step makes at most: a client's command waits for one step only
STEP_SECONDS = 0.004    # and the time a step takes at most (``EventRunner.step``)
BACKLOG = 64            # no step while more than this is waiting for the store (``Pipe.unwritten``)
REST_SECONDS = 0.001    # the rest between two steps with more to do at once (the writer thread takes the GIL)
HELD_SECONDS = 0.002    # how often a step held back for the store looks again
BATCH = 64              # the most commands carried out together (their inputs stored in one commit)
LOBBY_SECONDS = 1.0      # the lobby (and each player's clock) is sent at most this often (the host's commands at once)


Queued = tuple[Client, ec.Received]
"""A client's command waiting for the event's task, read whole at the edge (``commands.receive``)."""


def digest(token: str) -> str:
    """Tokens are kept as their SHA-256, never as given (as a table's are)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Watch:
    view: str                  # lobby, clock or player
    key: str | None = None     # the person's key for a player
    host: bool = False
    token: str | None = None   # a player's seat token, as the page gave it (kept while it is connected)


class EventTask:
    """One event's task (see the module's docstring)."""

    def __init__(self, events: Events, runner: EventRunner) -> None:
        self.events, self.runner = events, runner
        self.queue: asyncio.Queue[Queued | str | None] = asyncio.Queue()    # (str: ``away.WAKE``)
        self.clients: dict[Client, Watch] = {}
        self.task: asyncio.Task[None] | None = None
        self.saved_at = time.monotonic()
        self.saved_seq = runner.seq     # the inputs the last whole state written follows
        self.save_cost = 0.0            # seconds the last whole state took to build
        self.lobby_at = float("-inf")
        self.ends = away.Ends()         # the ends of the hands played away (``away.py``)
        runner.spread = events.spread
        self.pipe = Pipe(runner.event_id, partial(rows.write, events.store, runner.event_id), self.lost)

    def lost(self) -> None:
        """Another process owns the event now: this task ends (``Pipe``)."""
        self.events.tasks.pop(self.runner.event_id, None)
        if self.task is not None:
            self.task.cancel()

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self.run())

    async def run(self) -> None:
        ends = self.ends
        while True:
            ends.look(self.runner, self.events.store, partial(self.queue.put_nowait, away.WAKE))
            applied = bool(ends.found) and ends.apply(self.runner, self.events.now(), STEP_SECONDS)
            wait = HELD_SECONDS         # (the store is behind: the clients' commands only, no bots)
            if applied and self.pipe.unwritten > BACKLOG:
                self.flush()            # (else the step's flush ships them)
            if self.pipe.unwritten <= BACKLOG:
                wait = self._step()
                if self.runner.away:        # (the ends of the hands played away: looked for unasked now and then)
                    wait = 0.0 if ends.found else min(wait, away.SAFETY_SECONDS)
                if wait <= 0:           # more to do at once: a rest first, for reads, sends and the writer
                    await asyncio.sleep(REST_SECONDS)
                    if self.queue.empty():
                        continue
            try:
                item = self.queue.get_nowait() if wait <= 0 else await asyncio.wait_for(self.queue.get(), timeout=wait)
            except TimeoutError:
                continue
            if item != away.WAKE and await self._carry_out(item):
                return

    def nudge(self) -> None:
        """Ends of its hands played away are stored (``Events.woken``): read them at once (``Ends.look``)."""
        if not self.ends.woken:
            self.ends.woken = True
            self.queue.put_nowait(away.WAKE)

    def _step(self) -> float:
        """One step of the floor (``EventRunner.step``), its changes shipped; the seconds until
        the next is due."""
        try:
            wait = self.runner.step(self.events.now(), bot_seconds=self.events.bot_seconds, bot_actions=BOT_ACTIONS,
                                    slice_seconds=STEP_SECONDS)
        except Exception:
            LOG.exception("event %s: the floor failed a step", self.runner.event_id)
            wait = 1.0
        try:
            self.flush()
        except Exception:
            LOG.exception("event %s: its updates failed", self.runner.event_id)
        return wait

    async def _carry_out(self, item: Queued | str | None) -> bool:
        """Handle ``item`` and the commands queued behind it; True once the task is to stop."""
        batch = [item]
        while item is not None and len(batch) < BATCH and not self.queue.empty():
            batch.append(item := self.queue.get_nowait())
        try:
            await self.handle([one for one in batch if isinstance(one, tuple)])
        except Exception:
            LOG.exception("event %s: a command's updates failed", self.runner.event_id)
        if batch[-1] is None:
            self.flush(force=True, whole=True)
            await self.pipe.drain()
            return True
        return False

    async def handle(self, items: list[Queued]) -> None:
        """Carry out the commands that queued up together, store their inputs in one commit,
        then answer each in turn and send what changed."""
        answers: list[tuple[Client, dict[str, Any] | Refused, object]] = []
        for client, received in items:
            command = received.command
            try:
                reply = self.apply(client, command)
            except Refused as refused:
                answers.append((client, refused, received.reply_to))
                continue
            except Exception:
                LOG.exception("event %s: a command failed", self.runner.event_id)
                answers.append((client, Refused("internal", "the server failed; nothing was applied"),
                                received.reply_to))
                continue
            if reply is None and not isinstance(command, ec.EventAct):
                reply = {"type": "event_done", "command": command.TYPE}
            if reply is not None:
                answers.append((client, {**reply, "reply_to": received.reply_to}, received.reply_to))
        self.flush(force=any(not isinstance(received.command, ec.EventAct) for _, received in items))
        now = self.events.now()
        self.pipe.ship(None, [partial(send_error, client, answer, reply_to, now=now, seq=0)
                              if isinstance(answer, Refused) else partial(client.send, answer)
                              for client, answer, reply_to in answers])
        self.flush(everyone=any(isinstance(received.command, ec.EventHello) for _, received in items))
        acts = [received.at for _, received in items if isinstance(received.command, ec.EventAct)]
        if acts:
            self.pipe.ship(None, [partial(self._timed, acts)])

    async def _timed(self, acts: list[float]) -> None:
        """(The actions' updates are queued for sending: the time each took since it was read.)"""
        self.events.latency += [time.perf_counter() - at for at in acts]

    def apply(self, client: Client, command: ec.EventCommand) -> dict[str, Any] | None:
        """Carry out one command (its handler in ``HANDLERS``), after the checks of who sent it."""
        watch = self.clients.get(client)
        if not isinstance(command, ec.EventHello):
            if watch is None:
                raise Refused("no_table", "send event_hello first")
            if command.WHO == "host" and not watch.host:
                raise Refused("not_host", "only the event's host does that")
        return HANDLERS[type(command)](self, client, command)

    def hello(self, client: Client, command: ec.EventHello) -> dict[str, Any]:
        runner, token = self.runner, command.token
        host = token is not None and secrets.compare_digest(digest(token), runner.host_hash)
        key = None if token is None or host else runner.person_of(digest(token))
        if token is not None and not host and key is None:
            raise Refused("bad_token", "a token this event does not know")
        view = "player" if key is not None else "lobby" if command.view == "player" else command.view or "lobby"
        self.clients[client] = Watch(view, key, host, None if key is None else token)
        runner.lobby_changed = True     # (a page that just came sees the lobby now, even if nothing changes)
        return {"type": "event_welcome", "event_id": runner.event_id,
                "role": "host" if host else "player" if key else "watcher",
                "name": None if key is None else runner.persons[key].name}

    def register(self, client: Client, command: ec.Register) -> dict[str, Any]:
        watch, runner = self.clients[client], self.runner
        token = command.token or secrets.token_urlsafe(24)
        entry = runner.register(command.name, digest(token))
        if not watch.host:
            watch.view, watch.key, watch.token = "player", runner.person_of(digest(token)), token
        return {"type": "registered", "entry": entry, "token": token, "name": command.name, "approval": entry is None}

    def buy(self, client: Client, kind: str) -> None:
        key = self.clients[client].key
        if key is None:
            raise Refused("not_seated", "register first")
        self.runner.buy(key, kind)

    def act(self, client: Client, command: ec.EventAct) -> None:
        seatlink.act(self, self.clients[client], command)

    def _work(self, whole: bool) -> Work | None:
        """What changed since the last ``ship`` to write (the inputs made, the hands ended, and
        the whole state when it is due; ``whole``: now)."""
        runner = self.runner
        made, runner.inputs = runner.inputs, []
        ended, runner.finished = runner.finished, []
        sent, runner.sent = runner.sent, []
        applied, self.ends.applied = self.ends.applied, []
        now, behind = time.monotonic(), runner.seq - self.saved_seq
        due = max(WHOLE_SECONDS, self.save_cost / SAVE_SHARE)
        state = None
        if behind and (whole or runner.event.is_over or (behind >= WHOLE_INPUTS and now - self.saved_at >= due)):
            state, self.saved_seq = json.dumps(runner.state()), runner.seq
            self.saved_at = time.monotonic()
            self.save_cost = self.saved_at - now
        return Work(made, ended, state, runner.seq, sent, applied) if made or ended or state is not None else None

    def flush(self, *, force: bool = False, everyone: bool = False, whole: bool = False) -> None:
        """Ship what changed: its write, and the updates that tell of it (``Pipe.ship``)."""
        runner, now = self.runner, time.monotonic()
        sends: list[Send] = []
        lobby = None
        if runner.lobby_changed and (force or everyone or now - self.lobby_at >= LOBBY_SECONDS):
            runner.lobby_changed = False
            self.lobby_at = now
            lobby = lobby_json(runner)
        notified, runner.notified = runner.notified, {}
        dropped, runner.dropped = [d.json() for d in runner.dropped], []
        changed, runner.changed = runner.changed, set()
        standings: list[tuple[Place, ...]] = []

        def places() -> tuple[Place, ...]:     # (built once for all the pages of players out)
            if not standings:
                standings.append(runner.event.standings())
            return standings[0]
        for client, watch in list(self.clients.items()):
            if client.closing:
                self.clients.pop(client, None)
                continue
            if watch.view != "player" and lobby is not None:
                sends.append(partial(client.send, lobby))
            sends += [partial(client.send, frame) for frame in dropped if watch.host]
            if watch.key is None:
                continue
            for text in notified.get(watch.key, []):
                sends.append(partial(client.send, {"type": "event_notice", "text": text}))
            entry = runner.entry_of(watch.key)
            where = None if entry is None else runner.event.seat_of(entry)
            if everyone or watch.key in notified or (where is not None and where[0] in changed) or lobby is not None:
                sends.append(partial(client.send, seat_json(runner, watch.key, places)))
        work = self._work(whole)
        if work is not None and work.sent:      # (once they are stored, first: the tables' players are nudged)
            keys = [f"{key} {number}" for key, number, _, _ in work.sent]
            sends.insert(0, partial(self.events.wake, runner.event_id, "deal", keys))
        self.pipe.ship(work, sends)


class Events:
    """The events this process runs (``get`` loads one from the store on first use)."""

    def __init__(self, store: Store, *, now: Callable[[], float] = time.time, seeds: Callable[[], str] = master_seed,
                 bot_seconds: float = 0.5, spread: bool = False) -> None:
        self.store, self.now, self.seeds, self.bot_seconds = store, now, seeds, bot_seconds
        self.tasks: dict[str, EventTask] = {}
        self.latency: list[float] = []     # seconds from each action received to its updates queued (the bench's)
        self.bus: Bus | None = None        # the process's bus, on PostgreSQL (``routes.join_bus``)
        self.spread = spread               # deal the tables of house bots only away (``away.py``)
        self.plays: TablePlays | None = None   # this process's plays of hands dealt away (``routes.attach``)

    async def wake(self, event_id: str, what: str, keys: list[str] | None = None) -> None:
        """Nudge whoever waits on the event's hands played away (``away.py``; ``what``: ``deal``,
        its tables' players, ``keys`` the deals'; ``end``, its floor): every process over the
        bus (this one too), or this one alone without a bus."""
        if self.bus is not None:
            self.bus.publish({"op": "wake", "table": event_id, "text": what, "texts": keys or []})
        else:
            self.woken(event_id, what, self.store.owner, keys or [])

    def woken(self, event_id: str, what: str, sender: str, keys: Collection[str]) -> None:
        """A nudge heard (``wake``) from ``sender``: the event's floor, if it runs here, or this process's player."""
        task = self.tasks.get(event_id)
        if what == "end" and task is not None:
            task.nudge()
        elif what == "deal" and self.plays is not None:
            self.plays.nudge(event_id, sender, keys)

    def open(self, config: EventConfig) -> tuple[EventTask, str]:
        event_id, host_token = secrets.token_urlsafe(16), secrets.token_urlsafe(24)
        seed = self.seeds()
        runner = EventRunner(event_id, config, digest(host_token), seed=seed, clock=EventClock(self.now))
        rows.create(self.store, event_id, {"config": config.to_json(), "seed_sha256": seed_hash(seed)},
                    digest(host_token))
        rows.save(self.store, event_id, json.dumps(runner.state()), runner.seq) if self.store.claim(event_id) else None
        task = self.tasks[event_id] = EventTask(self, runner)
        task.start()
        return task, host_token

    def get(self, event_id: str) -> EventTask | None:
        task = self.tasks.get(event_id)
        if task is not None:
            return task
        if not rows.exists(self.store, event_id) or not self.store.claim(event_id):
            return None         # (claimed before its state is read: another process's is not read at all)
        found = rows.load(self.store, event_id)
        if found is None:
            return None
        settings, host_hash, state = found
        config = EventConfig.from_json(settings["config"])
        if state is None:
            return None
        try:
            runner = EventRunner.from_state(event_id, config, host_hash, state, EventClock(self.now),
                                            rows.inputs_after(self.store, event_id, rows.follows(state)))
        except Unreadable as unreadable:  # a row read back is checked whole: the event is not served
            LOG.error("event %s: its stored state is unreadable (%s); it is not served", event_id, unreadable)
            return None
        task = self.tasks[event_id] = EventTask(self, runner)
        task.start()
        if self.bus is not None:
            self.bus.announce(event_id)     # the clients relayed to an earlier owner come again
        return task

    async def close(self) -> None:
        for task in list(self.tasks.values()):
            await task.queue.put(None)
            if task.task is not None:
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await task.task
        self.tasks.clear()


Handler = Callable[[EventTask, Client, Any], dict[str, Any] | None]


def _host(do: Callable[[EventRunner, Any], Any]) -> Handler:
    return lambda task, _client, command: do(task.runner, command)


HANDLERS: dict[type[ec.EventCommand], Handler] = {
    ec.EventHello: lambda task, client, command: task.hello(client, command),
    ec.Register: lambda task, client, command: task.register(client, command),
    ec.EventAct: lambda task, client, command: task.act(client, command),
    ec.Rebuy: lambda task, client, _command: task.buy(client, "rebuy"),
    ec.AddOn: lambda task, client, _command: task.buy(client, "add_on"),
    ec.StartEvent: _host(lambda runner, _c: runner.start()),
    ec.PauseEvent: lambda task, _client, _c: seatlink.pause(task),
    ec.ResumeEvent: _host(lambda runner, _c: runner.resume()),
    ec.AddTime: _host(lambda runner, c: runner.add_time(c.seconds)),
    ec.AddBots: _host(lambda runner, c: runner.add_bots(c.count)),
    ec.ApproveEntry: _host(lambda runner, c: runner.approve(c.name) and None),
    ec.RemoveEntry: _host(lambda runner, c: runner.remove(c.name)),
    ec.MoveEntry: _host(lambda runner, c: runner.move(c.name, c.table, c.seat)),
    ec.SetPayouts: _host(lambda runner, c: runner.set_payouts(c.payouts)),
    ec.OfferDeal: _host(lambda runner, c: {"type": "event_deal", "kind": c.kind,
                                           "deal": runner.deal(c.kind, c.accept)}),
}
"""Each event command's handler, taking its typed value (``open_event`` is the routes', which
make the event)."""
