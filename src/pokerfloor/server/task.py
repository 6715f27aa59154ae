"""The loop of a table's task (``TableLoop``): one asyncio task a table, the only one that changes
its ``Room``. It carries out commands in order (``actor.TableTask.handle``), and what the table
does by itself between them; has each input stored before any client hears of it (``commit``),
then broadcasts every audience its update (docs/protocol.md), and stores the records of a hand's
end only after that (``record``)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from pokerfloor.server.commands import AnswerDeal, RefuseSeat, Remove, SetGame
from pokerfloor.server.fields import Input, Received, Refused
from pokerfloor.server.inputs import ChatLine, NextHand, OfferTimeout, RailChat, Sit, Timeout
from pokerfloor.server.process import warm_rankings
from pokerfloor.server.records import Recorder
from pokerfloor.server.room import Room
from pokerfloor.server.store import Boundary
from pokerfloor.server.transport import Client, Command, encode
from pokerfloor.server.updates import Audience, Shared, event_json, shared_parts, update_frame

LOG = logging.getLogger("pokerfloor.server")
POLL = 0.02
IDLE = 0.5          # how often an idle table looks who is connected (``connected``)
RETRY_SECONDS = 5.0  # the longest a table whose dealer keeps failing waits before it tries again
HISTORY = 128       # broadcasts a table keeps for ``resync`` (about five hands of six seats)

class TableServer(Protocol):
    """What a table task needs of the process that runs it (``app.Server`` is one): its clock,
    the store's writer, the named points of the fault tests, a room rebuilt from the store, and
    the error frame with its budget."""

    clock: Callable[[], float]

    async def write(self, table_id: str, seq: int, entry: Input | None, ended: Boundary | None) -> None: ...

    def hook(self, point: str, entry: Input) -> None: ...

    def rebuild(self, table_id: str, *, from_snapshot: bool = True) -> Room: ...

    async def refuse(self, client: Client, refused: Refused, reply_to: object) -> None: ...


class TableLoop:
    """The one task that owns a table: it applies commands in order, stores, then broadcasts; what
    each command does is ``actor.TableTask``'s."""

    def __init__(self, server: TableServer, room: Room) -> None:
        self.server, self.room = server, room
        self.queue: asyncio.Queue[Command | None] = asyncio.Queue()
        self.clients: set[Client] = set()
        self.turn: tuple[int, int, int] | None = None
        self.turn_token = ""
        self.pending: list[dict[str, Any]] = []
        # The last broadcasts, each as every audience got it, for ``resync`` (docs/protocol.md).
        self.history: deque[tuple[int, dict[Audience, str]]] = deque(maxlen=HISTORY)
        # The audiences without a seat (guests, the rail, a host without a seat) that have had a
        # client here: only their updates are built (the rail's is a whole view of the hand).
        self.heard: set[Audience] = set()
        self.task: asyncio.Task[None] | None = None
        self.stopped = False    # told to stop (``None`` on its queue): not started again
        self.stored = False     # the command being carried out has had an input stored
        self.deaths, self.died_at = 0, float("-inf")    # the task's deaths in a row, the last when
        self.told: frozenset[str] = frozenset()     # the players connected, as last broadcast
        self.recorder = Recorder()
        self.unrecorded: tuple[Room, int] | None = None     # a hand's end whose records are not yet stored
        self.recording: set[asyncio.Task[None]] = set()     # their writes under way
        self._new_turn()

    def start(self) -> None:
        self.warm()
        self._spawn()

    def _spawn(self) -> None:
        self.stopped = False
        self.task = asyncio.get_running_loop().create_task(self.run())
        self.task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Task[None]) -> None:
        """The table's task ended: asked to (``None`` on its queue, or cancelled), handed over to
        another process (``NotOwner``, a signal), or it died of a fault, which ``run`` never lets
        one command do. A task that died of a fault is started again at once, its room rebuilt
        from the store: the process never keeps a dead table."""
        if self.stopped or task.cancelled():
            return
        died = task.exception()
        if not isinstance(died, Exception):     # a signal (``store.NotOwner``: handed over), not a fault
            self.stopped = True
            return
        LOG.error("table %s: its task died; started again from the store", self.room.table_id, exc_info=died)
        # Started again at once the first time; a task that keeps dying waits longer each time.
        now = asyncio.get_running_loop().time()
        self.deaths = self.deaths + 1 if now - self.died_at < RETRY_SECONDS else 1
        self.died_at = now
        asyncio.get_running_loop().call_later(min(RETRY_SECONDS, POLL * (2 ** self.deaths - 2)), self.revive)

    def revive(self) -> None:
        """Start the table's task again if it died (its queue and clients kept, its room rebuilt
        from the store); nothing if it runs, or was stopped."""
        if self.task is None or not self.task.done() or self.stopped:
            return
        with contextlib.suppress(Exception):
            self.room = self.server.rebuild(self.room.table_id, from_snapshot=False)
        self._new_turn()
        self._spawn()

    def warm(self) -> None:
        """Build the hand rankings of every game this table may deal, off the loop, before it is
        dealt: a rotation's or dealer's choice's every game, and a game the host sets (the first
        razz showdown froze every page for a second: issue 35)."""
        loop = asyncio.get_running_loop()
        rotation = self.room.table.rotation
        games = [self.room.config.game, self.room.table.game]
        if rotation is not None:
            games += rotation.rotation.games
        seen = set()
        for game in games:
            key = (game.variant_spec.high, game.variant_spec.low)
            if key not in seen:
                seen.add(key)
                loop.run_in_executor(None, warm_rankings, game)

    async def run(self) -> None:
        """Commands one at a time, and what the table does by itself between them, until told to
        stop (``None``). Nothing one command raises ends it (``_carry_out``)."""
        failures = 0
        while True:
            try:
                await self._automatic()
                await self.record()
                failures = 0
            except Exception:
                # The room may be what failed (a record restored into a room that cannot go on):
                # it is built again from every stored input, not from its record, and a dealer
                # that still fails waits longer each time; never a rebuild every POLL.
                failures += 1
                LOG.exception("table %s: the dealer failed (%d in a row); rebuilt from its inputs",
                              self.room.table_id, failures)
                try:
                    self.room = self.server.rebuild(self.room.table_id, from_snapshot=False)
                except Exception:
                    LOG.exception("table %s: its inputs do not rebuild it", self.room.table_id)
                self._new_turn()
                await asyncio.sleep(min(RETRY_SECONDS, POLL * 2 ** (failures - 1)))
            try:
                timed = self.room.deadline() is not None or self.room.offer_deadline() is not None
                timeout = POLL if timed or self.room.ready_to_deal() else IDLE
            except Exception:
                LOG.exception("table %s: its clock failed", self.room.table_id)
                timeout = POLL
            try:
                command = await asyncio.wait_for(self.queue.get(), timeout)
            except TimeoutError:
                continue
            if command is None:
                self.stopped = True
                return
            await self._carry_out(command)

    async def _carry_out(self, command: Command) -> None:
        """One client command, and its answer. A refusal is answered with its error frame; a
        fault of the server's own rebuilds the room from what was stored and is answered
        ``internal``, unless the command's input was stored already: then its client is
        answered as if all went well (``ack``), since the input stands and a retry must not
        apply it twice. Whatever fails meanwhile, answering included, is logged, never raised."""
        self.stored = False
        try:
            try:
                await self.handle(command.client, command.received)
            except Refused as refused:
                await self.server.refuse(command.client, refused, command.received.reply_to)
            await self.record()
            return
        except Exception:
            LOG.exception("table %s: command %s failed", self.room.table_id, command.received.kind.TYPE)
        stored, self.stored = self.stored, False
        try:
            # A fault of the server's own: the room may be half-changed, so it is built again
            # from what was stored.
            self.room = self.server.rebuild(self.room.table_id)
        except Exception:
            LOG.exception("table %s: its inputs do not rebuild it", self.room.table_id)
        self._new_turn()
        try:
            if stored:
                await command.client.send(self.ack(command.received))
                await self._resync(command.client, 0, None)
            else:
                failed = Refused("internal", "the server failed; nothing was applied; try again")
                await self.server.refuse(command.client, failed, command.received.reply_to)
        except Exception:
            LOG.exception("table %s: the answer to a failed command failed too", self.room.table_id)

    async def _automatic(self) -> None:
        """What the table does by itself: seat a request a crash left pending (one the table
        would have seated at once), deal the next hand, act for a seat out of time."""
        room = self.room
        for request in list(room.requests.values()):
            if not room.config.approval or request.token_hash == room.host_hash:
                with contextlib.suppress(Refused):
                    await self._seat(request.request_id)
        if room.ready_to_deal(self.server.clock()):
            await self.commit(room.next_deal())
        if self.connected() != self.told:
            await self.broadcast()      # a player's connection came or went: everyone sees it
        due = room.deadline()
        if due is not None and self.server.clock() >= due[1]:
            await self.commit(Timeout(seat=due[0]))
        offer_due = room.offer_deadline()
        if offer_due is not None and self.server.clock() >= offer_due:
            await self.commit(OfferTimeout())

    async def commit(self, entry: Input) -> None:
        """Apply an input, write it, then tell every client (``Refused``: nothing happened). An
        input that ends a hand leaves the records of that hand's end to ``record``."""
        await self.record()
        entry = replace(entry, at=self.server.clock())
        last = self.room.log[-1] if self.room.log else None
        hands = len(self.room.hands)
        street = self.room.table.street
        events = self.room.apply(entry)
        if len(self.room.hands) != hands:
            self.unrecorded = self.room, self.room.seq
        moment = self._moment(entry, street)
        self.server.hook(f"applied/{moment}", entry)
        await self.server.write(self.room.table_id, self.room.seq, entry, None)
        self.stored = True
        self.server.hook(f"stored/{moment}", entry)
        self._new_turn()
        if isinstance(entry, SetGame):
            self.warm()
        self.pending.extend(event_json(e, self.room) for e in events)
        # A chat line, or the lines the room says of itself: a straddle refused at the deal, the
        # dealer's-choice chooser who did not name the game dealt, an ICM deal declined, a player the
        # host removed (with names, to everyone: issue 35); each line the room kept since the input was applied.
        said = isinstance(entry, (ChatLine, RailChat))
        told = {NextHand: ("straddle_refused", "no_choice"), AnswerDeal: ("deal_declined",),
                Remove: ("removed",)}.get(type(entry), ())
        fresh = list(itertools.takewhile(lambda line: line is not last, reversed(self.room.log)))[::-1]
        self.pending.extend(dict(line) for line in fresh if (said and line["kind"] == "chat") or line["kind"] in told)
        removed = [c for c in self.clients if c.token_hash and c.token_hash in self.room.removed
                   and not c.host and self.room.player_for_token_hash(c.token_hash) is None]
        await self.broadcast()
        for client in removed:
            await client.send({"type": "notice", "seq": self.room.seq, "kind": "removed",
                               "message": "The host removed you from the table; your chips are cashed out "
                                          "to the ledger. You may ask for a seat again."})
            client.token_hash = ""
        self.server.hook(f"broadcast/{moment}", entry)
        if not self.room.spectators:
            for client in self.clients:
                client.spectating = False

    async def record(self) -> None:
        """Store the records of the hand's end the last input made (``records.Recorder``: the
        room's record and the hand's), once its clients were answered: built after the clients'
        senders took the update and the ack, and written without the table waiting for it. They
        are a cache of the inputs, stored first: a record lost (the process killed before it is
        written) only means the room is restored from the record before it and more inputs."""
        if self.unrecorded is None:
            return
        await asyncio.sleep(0)      # the frames queued for the clients go out first
        unrecorded, self.unrecorded = self.unrecorded, None
        room = self.room
        if unrecorded[0] is not room or unrecorded[1] != room.seq or room.table.in_play:
            return      # rebuilt meanwhile: its records are the store's already
        writing = asyncio.ensure_future(self.server.write(room.table_id, room.seq, None, self.recorder.boundary(room)))
        self.recording.add(writing)
        writing.add_done_callback(self._recorded)

    def _recorded(self, writing: asyncio.Task[None]) -> None:
        self.recording.discard(writing)
        if not writing.cancelled() and writing.exception() is not None:
            LOG.warning("table %s: the records of a hand's end were not stored (a restart restores "
                        "from the record before): %r", self.room.table_id, writing.exception())

    def _moment(self, entry: Input, street: str | None) -> str:
        """Where in the game an input just applied falls: ``deal``, ``mid_street``,
        ``street_end`` (it closed a betting round and the next street began), ``hand_end``,
        ``seat_change`` or ``other`` (the named points of ``Server.hook``; ``Input.MOMENT``)."""
        if entry.MOMENT != "play":
            return entry.MOMENT
        table = self.room.table
        if not table.in_play:
            return "hand_end"
        return "mid_street" if table.street == street else "street_end"

    def _new_turn(self) -> None:
        """A fresh single-use turn token whenever the turn passes."""
        turn = self.room.table.turn
        if turn != self.turn:
            self.turn, self.turn_token = turn, secrets.token_urlsafe(16)

    def connected(self) -> frozenset[str]:
        """The players with a client attached now (the host's seat by the host's token)."""
        hashes = {c.token_hash for c in self.clients if c.token_hash and not c.dropped}
        return frozenset(p.player_id for p in self.room.players.values() if p.token_hash in hashes)

    def audience(self, client: Client) -> Audience:
        player = self.room.player_for_token_hash(client.token_hash) if client.token_hash else None
        spectating = player is None and client.spectating and self.room.spectators
        return client.host, None if player is None else player.player_id, spectating

    async def broadcast(self) -> None:
        """One update per audience: built and encoded once, queued for each of its clients (a
        queue of the client's own, which never waits on its socket), and kept for ``resync``.
        Every seated player and the host get theirs even when away; the rail's and a guest's
        only from the first client of that audience on (before it, the rail was sent nothing to
        replay)."""
        events, self.pending = self.pending, []
        room = self.room
        clients = [(client, self.audience(client)) for client in self.clients]
        self.heard.update(key for _, key in clients if key[1] is None)
        audiences: set[Audience] = {(p.token_hash == room.host_hash, p.player_id, False) for p in room.players.values()}
        audiences.update(self.heard)
        if any(p.token_hash == room.host_hash for p in room.players.values()):
            audiences.discard((True, None, False))
        shared = self.shared()
        self.told = shared.connected
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

    def update(self, client: Client, events: list[dict[str, Any]], *, history: bool = False) -> dict[str, Any]:
        """The update for one client now; its audience is built on every broadcast from now on.
        With ``history``, the room's last chat lines and events (``Room.log``), for a page that
        (re)loads, to whoever watches the table."""
        key = self.audience(client)
        if key[1] is None:
            self.heard.add(key)
        frame = self.update_for(key, events)
        if history:
            frame["history"] = list(self.room.log) if frame["hand"] is not None or key[0] or key[1] else []
        return frame

    def update_for(self, key: Audience, events: list[dict[str, Any]], shared: Shared | None = None) -> dict[str, Any]:
        """The whole picture for one audience now (``updates.update_frame``)."""
        shared = self.shared() if shared is None else shared
        return update_frame(self.room, key, events, shared, turn_token=self.turn_token, clock=self.server.clock)

    def shared(self) -> Shared:
        """What every audience's update holds alike, now (the views are built as asked for)."""
        return shared_parts(self.room, self.server.clock, self.connected())

    def ack(self, received: Received, *, duplicate: bool = False, **more: Any) -> dict[str, Any]:
        reply = {"type": "ack", "seq": self.room.seq, "reply_to": received.reply_to, "duplicate": duplicate}
        if received.action_id:
            reply["client_action_id"] = received.action_id[0]
        reply.update(more)
        return reply

    async def _resync(self, client: Client, last_seq: int, reply_to: object) -> None:
        """Replay what the client's audience was sent after ``last_seq``, then a fresh update
        (``resync: "replay"``); or only the fresh update (``"fresh"``) when that is not kept."""
        missed = self.missed(self.audience(client), last_seq)
        for text in missed or ():
            await client.send_text(text)
        fresh = self.update(client, [], history=missed is None)
        fresh.update(reply_to=reply_to, resync="fresh" if missed is None else "replay",
                     replayed=len(missed or ()))
        await client.send(fresh)

    def spectate(self, client: Client) -> None:
        """A client at the link opts in to watch; the host may have closed the rail."""
        if not self.room.spectators and not client.host:
            raise Refused("no_spectators", "the host lets no spectators watch this table")
        client.spectating = True

    async def _seat(self, request_id: str) -> None:
        try:
            await self.commit(Sit(request_id=request_id, player_id=secrets.token_hex(8)))
        except Refused:
            await self.commit(RefuseSeat(request_id=request_id))
            raise

    async def handle(self, client: Client, received: Received) -> None:
        """One client command (``actor.TableTask.handle``)."""
        raise NotImplementedError

