"""The Starlette app of ``pokerfloor serve``: one WebSocket per client, one asyncio task per table.

Every command for a table goes through the table's queue, so the table's task alone changes its
``Room``. An accepted input is written to the store before any client hears of it; every client
then gets an ``update`` built from its own seat's view (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import pickle
import queue
import secrets
import sys
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

import orjson
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokerfloor.cards import parse_cards
from pokerfloor.evaluation.rankings import RANKINGS
from pokerfloor.rules import Game
from pokerfloor.server.downloads import routes as download_routes
from pokerfloor.server.room import Config, Input, Refused, Room, digest
from pokerfloor.server.showdown import result_json
from pokerfloor.server.store import Boundary, Store
from pokerfloor.table.seats import TableEvent

LOG = logging.getLogger("pokerfloor.server")
VERSION = 1
MAX_FRAME = 16 * 1024
# The WebSocket layer's own cap: a frame up to this size is read and refused (``too_large``),
# the connection kept; a bigger one closes the connection (1009) before the app sees it.
MAX_MESSAGE = 1024 * 1024
FLOOD_PER_SECOND = 40
STRIKES = 20          # a connection's error budget: at this many errors it is closed (1008)
STRIKE_SECONDS = 3.0  # one error of the budget earned back every this many seconds
POLL = 0.02
HISTORY = 128       # broadcasts a table keeps for ``resync`` (about five hands of six seats)
PLAYER_COMMANDS = frozenset({"join", "act", "top_up", "sit_out", "sit_in", "leave", "straddle", "chat", "run_it"})
HOST_COMMANDS = frozenset({"approve", "refuse", "start", "pause", "edit_stack", "remove", "end_game", "spectators"})
TABLE_COMMANDS = frozenset({"resync", "spectate"})
STATIC = Path(__file__).parent / "static"
HELLO = "\x00hello"    # a hello on the table's queue (no client frame has this type)
SEAT_CHANGES = frozenset({"request", "refuse", "sit", "leave", "remove", "sit_out", "sit_in", "top_up", "edit_stack"})


@dataclass(eq=False)
class Client:
    """One WebSocket: who it is at which table, and how it behaves."""

    socket: WebSocket
    table: TableTask | None = None
    host: bool = False
    token_hash: str = ""
    spectating: bool = False
    strikes: float = 0.0
    struck_at: float = 0.0
    recent: deque[float] = field(default_factory=deque)
    seen: int = 0

    async def send(self, frame: dict[str, Any]) -> None:
        await self.send_text(encode(frame))

    async def send_text(self, text: str) -> None:
        with contextlib.suppress(Exception):
            await self.socket.send_text(text)


def encode(frame: dict[str, Any]) -> str:
    """A frame as sent: compact JSON (orjson: a server encodes one update per audience on
    every broadcast)."""
    return orjson.dumps(frame).decode()


Write = tuple[str, int, dict[str, Any], Boundary | None]
"""An input to store: table id, sequence number, the input, and (when it ended a hand) the
snapshot taken after it and the finished hand."""


Pending = tuple[Write, "asyncio.Future[None]", asyncio.AbstractEventLoop]
"""A write waiting for the writer thread, the future its table awaits, and that future's loop."""


def _settle(settled: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    """Tell the tables awaiting writes how they went (on the tables' loop)."""
    for done, failure in settled:
        if done.cancelled():
            continue
        if failure is None:
            done.set_result(None)
        else:
            done.set_exception(failure)


SWITCH_SECONDS = 0.0005
"""How long the loop's thread may hold the GIL while the writer thread waits for it (Python's
default is 5 ms). Each commit takes the GIL back several times (around every SQLite call); with
the loop busy, each could wait the whole interval, and the commit, which every table's update
waits for, with it."""


FULL_COLLECTION_SECONDS = 300.0
"""How often a serving process collects its oldest objects' cycles (``collect_now_and_then``)."""


def prepare_process() -> None:
    """Settings for a process that runs the server (``pokerfloor serve``): the GIL is handed to
    the writer thread sooner (``SWITCH_SECONDS``), and Python's collector never starts a full
    collection by itself. A full collection walks every object of the process and stops every
    table while it does: with 50 tables it ran every 6 s or so, 100 to 200 ms each, and made the
    slowest hundredth of updates. The young generations are still collected as usual;
    ``collect_now_and_then`` does the full collection every ``FULL_COLLECTION_SECONDS``."""
    sys.setswitchinterval(SWITCH_SECONDS)
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 2**31 - 1)


async def collect_now_and_then(seconds: float = FULL_COLLECTION_SECONDS) -> None:
    """A full collection every ``seconds`` (cycles among old objects are freed all the same, one
    pause every few minutes instead of every few seconds); runs until cancelled."""
    while True:
        await asyncio.sleep(seconds)
        gc.collect()


def warm_rankings(game: Game) -> None:
    """Build the lookup tables of the game's hand rankings now (they are built on first use,
    about a quarter of a second in the pure-Python build): otherwise a table's first showdown
    would stop every table of the process while they are built."""
    variant = game.variant_spec
    for name in (variant.high, variant.low):
        ranking = RANKINGS.get(name)
        if ranking is None:
            continue
        for cards in ("AhKdQcJs9h", "AhKdQcJs"):     # five cards, and four for badugi
            with contextlib.suppress(ValueError):
                ranking.evaluate(parse_cards(cards))


def boundary(room: Room) -> Boundary:
    """What is stored as a hand ends: the room pickled without its earlier finished hands (each
    was stored once as it ended), so a snapshot does not grow with the session, and the hand."""
    hands = room.hands
    room.hands = hands[-1:]     # the last one stays: it is also the table's current hand
    try:
        snapshot = pickle.dumps((len(hands) - 1, room))
    finally:
        room.hands = hands
    return Boundary(snapshot, len(hands), pickle.dumps(hands[-1]))


def restored(store: Store, table_id: str, snapshot: bytes) -> Room:
    """A room from its snapshot, its earlier finished hands read back from the store."""
    earlier, room = pickle.loads(snapshot)
    room.hands = [pickle.loads(hand) for hand in store.hands(table_id, before=earlier + 1)] + room.hands
    return cast(Room, room)
Audience = tuple[bool, str | None, bool]
"""Whom an update is built for: (the host?, the player id or None, a spectator let in?). Every
client of one audience sees the same update; a guest is ``(False, None, False)``, a spectator
``(False, None, True)``."""


@dataclass
class Shared:
    """What the updates of one broadcast share (``TableTask.shared``): the table without the
    host's requests, the last deal's seed digest, the finished hand's result, the clock's
    deadline, the run-it-twice offer, and the hand's view by seat, each view built for the
    first audience that needs it (the host and spectators share the rail's)."""

    table: dict[str, Any]
    deal: dict[str, Any] | None
    result: dict[str, Any] | None
    due: tuple[int, float] | None
    offer: dict[str, Any] | None
    views: dict[int | None, Any] = field(default_factory=dict)


@dataclass
class Command:
    client: Client
    frame: dict[str, Any]


def _field(frame: dict[str, Any], name: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
    value = frame.get(name)
    if value is None and optional:
        return None
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise Refused("bad_field", f"{name} is missing or of the wrong type")
    return value


def event_json(event: TableEvent) -> dict[str, Any]:
    """A table event as a client gets it (no cards are ever in one)."""
    return {
        "number": event.number,
        "hand": event.hand,
        "kind": event.kind,
        "seat": event.seat,
        "player_id": event.player,
        "chips": event.chips,
        "rule": event.rule,
        "note": event.note,
    }


class TableTask:
    """The one task that owns a table: it applies commands in order, stores, then broadcasts."""

    def __init__(self, server: Server, room: Room) -> None:
        self.server, self.room = server, room
        self.queue: asyncio.Queue[Command | None] = asyncio.Queue()
        self.clients: set[Client] = set()
        self.turn: tuple[int, int] | None = None
        self.turn_token = ""
        self.pending: list[dict[str, Any]] = []
        # The last broadcasts, each as every audience got it, for ``resync`` (docs/protocol.md).
        self.history: deque[tuple[int, dict[Audience, str]]] = deque(maxlen=HISTORY)
        # The audiences without a seat (guests, the rail, a host without a seat) that have had a
        # client here: only their updates are built (the rail's is a whole view of the hand).
        self.heard: set[Audience] = set()
        self.task: asyncio.Task[None] | None = None
        self._new_turn()

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        loop.run_in_executor(None, warm_rankings, self.room.config.game)   # off the loop
        self.task = loop.create_task(self.run())

    async def run(self) -> None:
        while True:
            try:
                await self._automatic()
            except Exception:
                LOG.exception("table %s: the dealer failed", self.room.table_id)
                self.room = self.server.rebuild(self.room.table_id)
                self._new_turn()
                await asyncio.sleep(POLL)
            timed = self.room.deadline() is not None or self.room.offer_deadline() is not None
            timeout = POLL if timed else None
            try:
                command = await asyncio.wait_for(self.queue.get(), timeout)
            except TimeoutError:
                continue
            if command is None:
                return
            try:
                await self.handle(command.client, command.frame)
            except Refused as refused:
                await self.server.refuse(command.client, refused, command.frame)
            except Exception:
                # A fault of the server's own: the room may be half-changed, so it is built
                # again from what was stored, and the client hears of an internal error.
                LOG.exception("table %s: command %s failed", self.room.table_id, command.frame.get("type"))
                self.room = self.server.rebuild(self.room.table_id)
                self._new_turn()
                failed = Refused("internal", "the server failed; try again")
                await self.server.refuse(command.client, failed, command.frame)

    async def _automatic(self) -> None:
        """What the table does by itself: seat a request a crash left pending (one the table
        would have seated at once), deal the next hand, act for a seat out of time."""
        room = self.room
        for request in list(room.requests.values()):
            if not room.config.approval or request.token_hash == room.host_hash:
                with contextlib.suppress(Refused):
                    await self._seat(request.request_id)
        if room.ready_to_deal():
            await self.commit(room.next_deal())
        due = room.deadline()
        if due is not None and self.server.clock() >= due[1]:
            await self.commit({"kind": "timeout", "seat": due[0]})
        offer_due = room.offer_deadline()
        if offer_due is not None and self.server.clock() >= offer_due:
            await self.commit({"kind": "offer_timeout"})

    async def commit(self, entry: Input) -> None:
        """Apply an input, write it, then tell every client (``Refused``: nothing happened)."""
        entry["at"] = self.server.clock()
        hands = len(self.room.hands)
        street = self.room.hand.street if self.room.in_hand and self.room.hand is not None else None
        events = self.room.apply(entry)
        ended = boundary(self.room) if len(self.room.hands) != hands else None
        await self.server.write(self.room.table_id, self.room.seq, entry, ended)
        moment = self._moment(entry, street)
        self.server.hook(f"stored/{moment}", entry)
        self._new_turn()
        self.pending.extend(event_json(e) for e in events)
        if entry["kind"] == "chat":
            self.pending.append({"kind": "chat", "player_id": entry["player_id"], "note": entry["text"]})
        await self.broadcast()
        self.server.hook(f"broadcast/{moment}", entry)
        if not self.room.spectators:
            for client in self.clients:
                client.spectating = False

    def _moment(self, entry: Input, street: str | None) -> str:
        """Where in the game an input just applied falls: ``deal``, ``mid_street``,
        ``street_end`` (it closed a betting round and the next street began), ``hand_end``,
        ``seat_change`` or ``other`` (the named points of ``Server.hook``)."""
        kind = entry["kind"]
        if kind in SEAT_CHANGES:
            return "seat_change"
        if kind == "deal":
            return "deal"
        if kind not in ("act", "timeout"):
            return "other"
        hand = self.room.hand
        if hand is None or hand.is_over:
            return "hand_end"
        return "mid_street" if hand.street == street else "street_end"

    def _new_turn(self) -> None:
        """A fresh single-use turn token whenever the turn passes."""
        hand = self.room.hand
        turn = None
        if hand is not None and not hand.is_over and hand.to_act is not None:
            turn = (self.room.table.hand_number, len(hand.events))
        if turn != self.turn:
            self.turn, self.turn_token = turn, secrets.token_urlsafe(12)

    def audience(self, client: Client) -> Audience:
        player = self.room.player_for_token_hash(client.token_hash) if client.token_hash else None
        spectating = player is None and client.spectating and self.room.spectators
        return client.host, None if player is None else player.player_id, spectating

    async def broadcast(self) -> None:
        """One update per audience: built and encoded once, sent to each of its clients, and
        kept for ``resync``. Every seated player and the host get theirs even when away; the
        rail's and a guest's only from the first client of that audience on (before it, the
        rail was sent nothing to replay)."""
        events, self.pending = self.pending, []
        room = self.room
        clients = [(client, self.audience(client)) for client in self.clients]
        self.heard.update(key for _, key in clients if key[1] is None)
        audiences: set[Audience] = {(p.token_hash == room.host_hash, p.player_id, False) for p in room.players.values()}
        audiences.update(self.heard)
        if any(p.token_hash == room.host_hash for p in room.players.values()):
            audiences.discard((True, None, False))
        shared = self.shared()
        frames = {key: encode(self.update_for(key, events, shared)) for key in audiences}
        self.history.append((room.seq, frames))
        for client, key in clients:
            await client.send_text(frames[key])

    def missed(self, key: Audience, last_seq: int) -> list[str] | None:
        """The updates this audience was sent after ``last_seq``, in order, or None when they are
        not all kept (too many missed, or this process has not sent them: a restart)."""
        if last_seq >= self.room.seq:
            return []
        if not self.history or last_seq < self.history[0][0] - 1:
            return None
        frames = [by_key.get(key) for seq, by_key in self.history if seq > last_seq]
        return None if None in frames else [f for f in frames if f is not None]

    def update(self, client: Client, events: list[dict[str, Any]]) -> dict[str, Any]:
        """The update for one client now; its audience is built on every broadcast from now on."""
        key = self.audience(client)
        if key[1] is None:
            self.heard.add(key)
        return self.update_for(key, events)

    def update_for(self, key: Audience, events: list[dict[str, Any]], shared: Shared | None = None) -> dict[str, Any]:
        """The whole picture for one audience, from its own seat's view of the hand (``shared``:
        what the updates of one broadcast have in common, built once for all of them)."""
        room = self.room
        shared = self.shared() if shared is None else shared
        host, player_id, spectating = key
        player = None if player_id is None else room.players.get(player_id)
        seat = None if player is None else player.seat
        hand = room.hand
        seated = seat is not None and hand is not None and seat in hand.seats
        # Only the host, a seated player or a spectator who opted in (and is let in) sees the
        # hand; anyone else at the link sees the seats, to ask for one.
        watching = host or player is not None or (spectating and room.spectators)
        role = "host" if host else "player" if player is not None else "spectator" if watching else "guest"
        if not watching:
            hand, events = None, []
        viewer = seat if seated else None
        if hand is not None and viewer not in shared.views:
            shared.views[viewer] = hand.view(viewer).to_dict()
        view = None if hand is None else shared.views[viewer]     # a guest (no hand) leaves the cache alone
        table = shared.table
        if host:
            requests = [
                {"request_id": r.request_id, "name": r.name, "seat": r.seat, "chips": r.chips}
                for r in room.requests.values()
            ]
            table = {**table, "requests": requests}
        my_turn = seated and hand is not None and not hand.is_over and hand.to_act == seat
        return {
            "type": "update",
            "seq": room.seq,
            "table": table,
            "hand": view,
            "result": shared.result if hand is not None else None,
            "offer": shared.offer if watching else None,
            "deal": shared.deal,
            "you": {
                "role": role,
                "seat": seat,
                "player_id": None if player is None else player.player_id,
                "turn_token": self.turn_token if my_turn else None,
                "clock": None if shared.due is None else self.clock_json(*shared.due),
            },
            "events": events,
        }

    def shared(self) -> Shared:
        """What every audience's update holds alike, now (the views are built as asked for)."""
        room = self.room
        deal = None
        if room.deals:
            last = room.deals[-1]
            deal = {"hand": last.number, "seed_sha256": last.seed_sha256, "seed": None if room.in_hand else last.seed}
        table = {
            "table_id": room.table_id,
            "hand_number": room.table.hand_number,
            "running": room.running,
            "paused": room.paused,
            "ended": room.ended,
            "size": room.config.seats,
            "customs": {**room.config.customs(), "spectators": room.spectators},
            "seats": {
                str(n): {
                    "player_id": s.player,
                    "name": room.players[s.player].name if s.player in room.players else s.player,
                    "chips": room.table.stack(n),
                    "status": s.status,
                }
                for n, s in room.table.seats.items()
            },
        }
        result = result_json(room.hand, rabbit=room.config.rabbit)
        return Shared(table, deal, result, room.deadline(), self.offer_json())

    def offer_json(self) -> dict[str, Any] | None:
        """The open run-it-twice question: who is asked, who said what, seconds left."""
        offer, due = self.room.offer, self.room.offer_deadline()
        if offer is None or due is None:
            return None
        return {
            "hand": offer.hand,
            "seats": list(offer.seats),
            "answers": {str(seat): twice for seat, twice in offer.answers.items()},
            "left": max(0.0, due - self.server.clock()),
        }

    def clock_json(self, seat: int, due: float) -> dict[str, Any]:
        """The seat to act's time: ``left`` counts the turn and the time bank together, ``bank``
        is the part of it that is time bank."""
        player = self.room.player_at(seat)
        bank = 0.0 if player is None else player.bank
        return {"seat": seat, "left": max(0.0, due - self.server.clock()), "bank": bank}

    async def handle(self, client: Client, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        room = self.room
        if kind == "resync":
            await self._resync(client, _field(frame, "last_seq", int), frame.get("id"))
            return
        if kind == HELLO:
            await self._hello(client, frame)
            return
        if kind == "spectate":
            self.spectate(client)
            await client.send(self.ack(frame))
            await client.send(self.update(client, []))
            return
        if kind in HOST_COMMANDS:
            await self._host(client, frame)
            return
        if kind == "join":
            await self._join(client, frame)
            return
        player = room.player_for_token_hash(client.token_hash) if client.token_hash else None
        if player is None:
            raise Refused("not_seated", "take a seat first (join)")
        entry: Input = {"kind": kind, "player_id": player.player_id}
        if kind == "act":
            if await self._duplicate(client, player.player_id, frame):
                return
            self._check_turn(player.seat, frame)
            entry.update(action=_field(frame, "action", str), to=_field(frame, "to", int, optional=True))
            entry["client_action_id"] = frame["client_action_id"]
        elif kind == "top_up":
            entry["chips"] = _field(frame, "chips", int)
            entry["post"] = bool(frame.get("post", False))
        elif kind == "sit_in":
            entry["post"] = bool(frame.get("post", False))
        elif kind == "straddle":
            entry["amount"] = _field(frame, "amount", int, optional=True)
        elif kind == "run_it":
            entry["twice"] = _field(frame, "twice", bool)
        elif kind == "chat":
            text = _field(frame, "text", str)
            if not 1 <= len(text) <= 500:
                raise Refused("bad_field", "a chat line is 1 to 500 characters")
            entry["text"] = text
        await self.commit(entry)
        await client.send(self.ack(frame))

    async def _hello(self, client: Client, frame: dict[str, Any]) -> None:
        """Attach a client with its token (none: a guest, a spectator if it asks): a welcome, then an update."""
        token = frame.get("token")
        role, player = ("guest", None) if token is None else self.room.role_of(token)
        self.server.attach(client, self, host=role == "host", token_hash="" if token is None else digest(token))
        if frame.get("spectate") is True and role == "guest":
            self.spectate(client)
            role = "spectator"
        await client.send({"type": "welcome", "seq": self.room.seq, "reply_to": frame.get("id"),
                           "table_id": self.room.table_id, "role": role,
                           "seat": None if player is None else player.seat,
                           "player_id": None if player is None else player.player_id})
        await client.send(self.update(client, []))

    async def _resync(self, client: Client, last_seq: int, reply_to: Any) -> None:
        """Replay what the client's audience was sent after ``last_seq``, then a fresh update
        (``resync: "replay"``); or only the fresh update (``"fresh"``) when that is not kept."""
        missed = self.missed(self.audience(client), last_seq)
        for text in missed or ():
            await client.send_text(text)
        fresh = self.update(client, [])
        fresh.update(reply_to=reply_to, resync="fresh" if missed is None else "replay",
                     replayed=len(missed or ()))
        await client.send(fresh)

    def ack(self, frame: dict[str, Any], *, duplicate: bool = False, **more: Any) -> dict[str, Any]:
        reply = {"type": "ack", "seq": self.room.seq, "reply_to": frame.get("id"), "duplicate": duplicate}
        if "client_action_id" in frame:
            reply["client_action_id"] = frame["client_action_id"]
        reply.update(more)
        return reply

    async def _duplicate(self, client: Client, player_id: str, frame: dict[str, Any]) -> bool:
        action_id = _field(frame, "client_action_id", str)
        if not 1 <= len(action_id) <= 64:
            raise Refused("bad_field", "client_action_id is 1 to 64 characters")
        if action_id in self.room.applied.get(player_id, ()):
            await client.send(self.ack(frame, duplicate=True))
            return True
        return False

    def _check_turn(self, seat: int, frame: dict[str, Any]) -> None:
        room, hand = self.room, self.room.hand
        number = _field(frame, "hand", int)
        token = _field(frame, "turn_token", str)
        if hand is None or hand.is_over or number != room.table.hand_number:
            raise Refused("stale_turn", "that hand is not in play")
        if hand.to_act != seat:
            raise Refused("not_your_turn", f"it is seat {hand.to_act}'s turn")
        if not secrets.compare_digest(token, self.turn_token):
            raise Refused("stale_turn", "that turn token is not this turn's")

    def spectate(self, client: Client) -> None:
        """A client at the link opts in to watch; the host may have closed the rail."""
        if not self.room.spectators and not client.host:
            raise Refused("no_spectators", "the host lets no spectators watch this table")
        client.spectating = True

    async def _join(self, client: Client, frame: dict[str, Any]) -> None:
        if self.room.ended:
            raise Refused("closed", "the game has ended")
        if client.token_hash and self.room.player_for_token_hash(client.token_hash) is not None:
            raise Refused("illegal", "this client already has a seat", "invalid_action")
        chips = _field(frame, "chips", int)
        chosen = _field(frame, "seat_token", str, optional=True)
        if chosen is not None and not 16 <= len(chosen) <= 128:
            raise Refused("bad_field", "a seat_token the client chooses has 16 to 128 characters")
        if chosen is not None and not client.host and await self._join_again(client, frame, chosen):
            return
        token = "" if client.host else chosen or secrets.token_urlsafe(24)
        token_hash = self.room.host_hash if client.host else digest(token)
        request_id = secrets.token_hex(6)
        await self.commit(
            {
                "kind": "request",
                "request_id": request_id,
                "name": _field(frame, "name", str),
                "seat": _field(frame, "seat", int),
                "chips": chips,
                "token_hash": token_hash,
            }
        )
        if not client.host:
            client.token_hash = token_hash
        await client.send(
            {"type": "seat_requested", "seq": self.room.seq, "reply_to": frame.get("id"), "request_id": request_id,
             "seat_token": token or None}
        )
        if not self.room.config.approval or client.host:
            await self._seat(request_id)

    async def _join_again(self, client: Client, frame: dict[str, Any], token: str) -> bool:
        """A join sent again with the seat token it chose (its answer was lost, say in a crash):
        answered again, not applied twice. False if that token holds no seat and asks for none."""
        hashed = digest(token)
        seated = self.room.player_for_token_hash(hashed)
        request = next((r for r in self.room.requests.values() if r.token_hash == hashed), None)
        if seated is None and request is None:
            return False
        client.token_hash = hashed
        await client.send(
            {"type": "seat_requested", "seq": self.room.seq, "reply_to": frame.get("id"),
             "request_id": None if request is None else request.request_id, "seat_token": token}
        )
        if request is not None and not self.room.config.approval:
            await self._seat(request.request_id)
        return True

    async def _seat(self, request_id: str) -> None:
        try:
            await self.commit({"kind": "sit", "request_id": request_id, "player_id": secrets.token_hex(8)})
        except Refused:
            await self.commit({"kind": "refuse", "request_id": request_id})
            raise

    async def _host(self, client: Client, frame: dict[str, Any]) -> None:
        if not client.host:
            raise Refused("not_host", "only the host may do that")
        kind = frame["type"]
        if kind == "approve":
            await self._seat(_field(frame, "request_id", str))
        else:
            entry: Input = {"kind": kind}
            if kind == "refuse":
                entry["request_id"] = _field(frame, "request_id", str)
            if kind in ("edit_stack", "remove"):
                entry["seat"] = _field(frame, "seat", int)
            if kind == "edit_stack":
                entry["chips"] = _field(frame, "chips", int)
            if kind == "spectators":
                entry["allow"] = _field(frame, "allow", bool)
            await self.commit(entry)
        await client.send(self.ack(frame))


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
        self._writes: queue.SimpleQueue[Pending | None] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None

    async def write(self, table_id: str, seq: int, entry: Input, ended: Boundary | None) -> None:
        """Store an input (and what a hand's end stores); returns once it is committed. Inputs of
        several tables that arrive together share one commit (group commit), made by the writer
        thread, so the loop serves other tables meanwhile; each table still hears of its input
        only after this."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        if self._writer is None:
            self._writer = threading.Thread(target=self._write_all, name="pokerfloor-store", daemon=True)
            self._writer.start()
        self._writes.put(((table_id, seq, entry, ended), done, loop))
        await done

    def _write_all(self) -> None:
        """The writer thread: it commits whatever has queued up, one transaction a batch, and
        goes straight on to the next batch (it does not wait for the loop to hear of the last)."""
        stop = False
        while not stop:
            first = self._writes.get()
            if first is None:
                return
            batch = [first]
            while not self._writes.empty():
                more = self._writes.get()
                if more is None:
                    stop = True
                    break
                batch.append(more)
            try:
                self.store.write_many([write for write, _, _ in batch])
                failures: list[BaseException | None] = [None] * len(batch)
            except Exception:
                # One at a time, so that only the write at fault fails (its table is rebuilt).
                failures = [self._write_one(write) for write, _, _ in batch]
            by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], BaseException | None]]] = {}
            for (_, done, loop), failure in zip(batch, failures, strict=True):
                by_loop.setdefault(loop, []).append((done, failure))
            for loop, settled in by_loop.items():       # one wake-up of each loop a batch
                with contextlib.suppress(RuntimeError):     # that loop has closed
                    loop.call_soon_threadsafe(_settle, settled)

    def _write_one(self, write: Write) -> BaseException | None:
        try:
            self.store.write_many([write])
        except Exception as failed:
            return failed
        return None

    def hook(self, point: str, entry: Input) -> None:
        """A named point in the life of an input (the fault tests stop the process at one):
        ``stored/<moment>`` once it is written and before anyone hears of it, ``broadcast/<moment>``
        once every client was sent its update (``TableTask._moment`` names the moments)."""
        if self._hook is not None:
            self._hook(point, entry)

    def rebuild(self, table_id: str, *, from_snapshot: bool = True) -> Room:
        """A table's room from the store: its snapshot at the last hand boundary (the server's
        own pickle, in its own database) and the inputs after it, or every input from the start."""
        stored = self.store.table(table_id)
        if stored is None:
            raise Refused("no_table", "no such table")
        config, host_hash = stored
        snapshot = self.store.last_snapshot(table_id) if from_snapshot else None
        if snapshot is not None:
            room = restored(self.store, table_id, snapshot[1])
        else:
            room = Room(table_id, Config.parse(config), host_hash)
        for entry in self.store.inputs(table_id, after=room.seq):
            room.apply(entry)
        return room

    def table(self, table_id: str) -> TableTask:
        """The running table, rebuilt from the store on first use (``Refused`` if unknown)."""
        running = self.tables.get(table_id)
        if running is not None:
            return running
        if self.store.table(table_id) is not None and not self.store.claim(table_id):
            raise Refused("not_owner", "another server runs this table: try again there or shortly")
        task = TableTask(self, self.rebuild(table_id))
        self.tables[table_id] = task
        task.start()
        return task

    def create(self, frame: dict[str, Any]) -> tuple[TableTask, str]:
        config = Config.parse(frame)
        table_id, host_token = secrets.token_urlsafe(9), secrets.token_urlsafe(24)
        self.store.create_table(table_id, config.to_json(), digest(host_token))
        return self.table(table_id), host_token

    async def refuse(self, client: Client, refused: Refused, frame: dict[str, Any] | None) -> None:
        """Send the error frame; the error comes out of the connection's budget, which recovers
        over time (one error every ``STRIKE_SECONDS``): a slip now and then never closes a
        connection, errors that keep coming do (docs/protocol.md, errors)."""
        now = self.clock()
        client.strikes = max(0.0, client.strikes - (now - client.struck_at) / STRIKE_SECONDS) + 1
        client.struck_at = now
        seq = client.table.room.seq if client.table is not None else 0
        await client.send(
            {
                "type": "error",
                "seq": seq,
                "code": refused.code,
                "message": refused.message,
                "reason": refused.reason,
                "rule": refused.rule,
                "reply_to": None if frame is None else frame.get("id"),
            }
        )
        if client.strikes >= STRIKES:
            with contextlib.suppress(Exception):
                await client.socket.close(code=1008)

    def origin_allowed(self, socket: WebSocket) -> bool:
        origin = socket.headers.get("origin")
        if origin is None:
            return True
        if origin in self.origins:
            return True
        return urlsplit(origin).netloc == socket.headers.get("host", "")

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
                    frame = self._parse(client, text)
                    self._check_flood(client)
                    await self._dispatch(client, frame)
                except Refused as refused:
                    await self.refuse(client, refused, frame)
        except WebSocketDisconnect:
            pass
        finally:
            if client.table is not None:
                client.table.clients.discard(client)

    def _parse(self, client: Client, text: str) -> dict[str, Any]:
        if len(text) > MAX_FRAME:
            raise Refused("too_large", f"a frame is at most {MAX_FRAME} characters")
        try:
            frame = json.loads(text)
        except ValueError:
            raise Refused("bad_json", "a frame is one JSON object") from None
        if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
            raise Refused("bad_json", "a frame is one JSON object with a type")
        return frame

    def _check_flood(self, client: Client) -> None:
        now = time.monotonic()
        client.recent.append(now)
        while client.recent and now - client.recent[0] > 1.0:
            client.recent.popleft()
        if len(client.recent) > self.flood:
            raise Refused("flood", f"at most {self.flood} frames a second")

    async def _dispatch(self, client: Client, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "create_table":
            task, host_token = self.create(frame)
            self.attach(client, task, host=True, token_hash=digest(host_token))
            await client.send({"type": "table_created", "seq": task.room.seq, "reply_to": frame.get("id"),
                               "table_id": task.room.table_id, "host_token": host_token})
            await client.send(task.update(client, []))
        elif kind == "hello":
            if frame.get("version") != VERSION:
                raise Refused("version", f"this server speaks version {VERSION}")
            task = self.table(_field(frame, "table_id", str))
            _field(frame, "token", str, optional=True)
            # Answered by the table's task, in turn with its inputs: the room is read only
            # between them, when everything it holds is stored (write before broadcast).
            if client.table is not task:
                self.attach(client, task, host=False, token_hash="")   # a spectator until answered
            await task.queue.put(Command(client, {**frame, "type": HELLO}))
        elif kind in PLAYER_COMMANDS or kind in HOST_COMMANDS or kind in TABLE_COMMANDS:
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
        if self._writer is not None:
            self._writes.put(None)
            await asyncio.to_thread(self._writer.join)
            self._writer = None
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
    routes.extend(download_routes(lambda table_id: server.table(table_id).room))
    if STATIC.is_dir():
        routes.append(Mount("/", StaticFiles(directory=STATIC, html=True), name="static"))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app
