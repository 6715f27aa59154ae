"""The events' hands this process plays away from their floors (``TablePlays``; ``away.py``
says what is stored, and the issue 38 design in docs/guide/tournament-server.md).

Nudged by each deal stored (``nudge``, ``Events.wake``: the deals' keys), and every
``away.SAFETY_SECONDS`` unasked (reading the keys of the hands dealt away and not yet over,
``away.open_deals``), the process takes the lease of each table it is the one to play
(``Store.claim`` on ``table_key``): the event's tables are dealt in turn to the processes the
bus heard from lately but the floor's, while there are any (``first_choice``; the floor is the
process that sent the deals' nudge: its loop serves the event's clients and its work stays the
floor's), so each plays its share, and a table's hands stay with one process while the same
processes live; any process takes a deal that has waited ``TAKE_SECONDS`` (its first choice died). It
rebuilds the hand from the deal (``HandDeal.hand_to_play``) and the table's own inputs of that
hand (a process killed mid-hand left them), plays the house bots' turns (each after
``bot_seconds``), and writes each action as an input of the table's, fenced by its lease
(``Store.write_many``: ``NotOwner`` once another process took the table), the hand's end in the
commit of its last action. Then it lets the lease go and nudges the floor (``tell``), which
applies the end and deals the next hand.

A person's seat (``seated.py``): their action comes from the floor (``seat_act``), taken only from
the seat's token-holder on their turn; the process times their turn (``seated.turn_seconds``) and
acts for them when it runs out (the input marked ``TIMEOUT``); and it sends the floor the hand's
views (``views``) once its inputs are stored, and again every ``AGAIN_SECONDS`` while a person is to act.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from pokerfloor.bots import decide, make_bot
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Hand
from pokerfloor.server.event import away, seated
from pokerfloor.server.event.hands import table_key
from pokerfloor.server.event.seated import PERSON, TIMEOUT, Refusal, SeatAct, Views
from pokerfloor.server.store import NotOwner, Store, Write
from pokerfloor.table.event_deals import HandDeal, HandEnd
from pokerfloor.typedjson import Unreadable

LOG = logging.getLogger("pokerfloor.server")
M = TypeVar("M")
TAKE_SECONDS = 2.0      # a deal waiting this long is taken by any process (its first choice is gone)


def first_choice(table_id: str, processes: Collection[str]) -> str:
    """The process that plays ``table_id``'s hands (``hands.table_key``: the event's id and the
    table's number) while the same processes live: the event's tables dealt in turn to the
    processes (by their inbox, in order, from one drawn by the event's id), so that each plays
    its share."""
    event, _, number = table_id.rpartition(".")
    ranked = sorted(processes)
    first = int.from_bytes(hashlib.sha256(event.encode()).digest()[:8], "big")
    return ranked[(first + (int(number) if number.isdigit() else 0)) % len(ranked)]


@dataclass
class Playing:
    """A hand this process plays: its deal, the hand, the bots by seat, the table's last
    input's number, when its last action was made, and the inputs not yet written; the persons
    (seat -> token digest), their timeouts running, the hand's actions made, when its views were
    last sent and the persons' actions refused since."""

    deal: HandDeal
    open: away.OpenDeal
    hand: Hand
    bots: dict[int, str]
    seq: int
    since: float
    unwritten: list[Write] = field(default_factory=list)
    again: bool = False     # the last write failed: it may have been committed (``Store.write_many``'s ``again``)
    persons: dict[int, str] = field(default_factory=dict)
    timeouts: dict[int, int] = field(default_factory=dict)
    action_seconds: float = 30.0
    acts: int = 0
    told: float = float("-inf")
    refused: list[Refusal] = field(default_factory=list)
    held: float = float("-inf")         # the persons' clocks stand until then (``seated.Held``: the event paused)

    def views(self) -> Views:
        """The hand as the persons' seats see it now."""
        event_id, _, number = self.open.table_id.rpartition(".")
        return Views.of(event_id, int(number), self.deal.number, self.acts, self.hand, self.timeouts,
                        tuple(self.refused))


class TablePlays:
    """This process's plays of the events' hands dealt away (see the module's docstring).
    ``inbox`` is this process's name on the bus, ``heard`` the others' and when each was last
    heard from (``Bus.heard``); ``tell`` sends an event's floor a table's views (the event's id,
    ``seated.Views`` as text)."""

    def __init__(self, store: Store, inbox: str, heard: Callable[[], dict[str, float]], *,
                 bot_seconds: float = 0.5, silent_seconds: float = 10.0,
                 tell: Callable[[str, str], Awaitable[None]] | None = None,
                 views: Callable[[str, str], None] | None = None) -> None:
        self.store, self.inbox, self.heard, self.tell, self.views = store, inbox, heard, tell, views
        self.bot_seconds, self.silent_seconds = bot_seconds, silent_seconds
        self.nudged = asyncio.Event()       # a deal was stored (``nudge``)
        self.told: list[away.OpenDeal] = []     # the deals nudged since the last turn
        self.floors: dict[str, str] = {}        # an event's id -> the process of its floor (its deals' nudges)
        self.looked = float("-inf")             # when the store was last read for the deals
        self.playing: dict[str, Playing] = {}
        self.first_seen: dict[tuple[str, int], float] = {}
        self.played = 0     # hands this process played to their end
        self.resumed = 0    # actions of hands begun elsewhere, taken from the store as a hand was taken over

    def nudge(self, event_id: str, floor: str, keys: Collection[str]) -> None:
        """Deals were stored (``Events.woken``): ``keys`` (each its table's key and the hand's
        number), by the process ``floor``; taken at once."""
        self.floors[event_id] = floor
        for key in keys:
            table_id, _, number = key.rpartition(" ")
            if number.isdigit():
                self.told.append(away.OpenDeal(table_id, int(number), event_id))
        self.nudged.set()

    async def run(self) -> None:
        """Look for hands and play them until cancelled; a turn that fails is logged."""
        while True:
            self.nudged.clear()
            try:
                await self.turn(time.monotonic() - self.looked >= away.SAFETY_SECONDS)
            except asyncio.CancelledError:
                raise
            except Exception:
                LOG.exception("the events' tables played here failed a turn: it goes on")
            # (asyncio.timeout, not wait_for: Python 3.11's wait_for swallows a cancel that lands
            # with the nudge, and the player would go on after its process is told to stop)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self._due()):
                    await self.nudged.wait()

    def _due(self) -> float:
        """The seconds until a bot of a hand played here is due to act, or a person's clock runs
        out or their views are sent again (or a write failed, to try again), else until the
        safety look for deals (``away.SAFETY_SECONDS``)."""
        now = time.monotonic()
        wait = self.looked + away.SAFETY_SECONDS - now
        for playing in self.playing.values():
            seat = playing.hand.to_act
            if seat in playing.persons:
                due = min(max(playing.held, playing.since + seated.turn_seconds(playing.action_seconds,
                                                                                playing.timeouts[seat])),
                          playing.told + seated.AGAIN_SECONDS)
            else:
                due = playing.since + self.bot_seconds
            wait = min(wait, 0.05 if playing.unwritten or playing.refused else due - now)
        return max(0.001, wait)

    async def turn(self, look: bool = True) -> None:
        """Take the deals nudged (``look``: every deal open, read from the store) that are this
        process's to play, and play the bots' turns due."""
        now, deals, self.told = time.monotonic(), self.told, []
        if look:
            self.looked = now
            deals = await asyncio.to_thread(away.open_deals, self.store)
            waiting = {(d.table_id, d.number) for d in deals}
            self.first_seen = {key: at for key, at in self.first_seen.items() if key in waiting}
        for deal in deals:
            if deal.table_id in self.playing or not self._mine(deal, now):
                continue
            playing = await asyncio.to_thread(self._take, deal)
            if playing is not None:
                self.playing[deal.table_id] = playing
            else:               # another process plays it: asked again only after TAKE_SECONDS
                self.first_seen[(deal.table_id, deal.number)] = now
        for table_id, playing in list(self.playing.items()):
            self._play(playing)
            over = playing.hand.is_over
            if playing.unwritten or over:
                await self._write(table_id, playing, over)
            elif playing.persons and (playing.refused or (playing.hand.to_act in playing.persons
                                                          and now - playing.told >= seated.AGAIN_SECONDS)):
                self._tell(playing, playing.views())

    def _mine(self, deal: away.OpenDeal, now: float) -> bool:
        seen = self.first_seen.setdefault((deal.table_id, deal.number), now)
        alive = {inbox for inbox, at in self.heard().items() if now - at <= self.silent_seconds} | {self.inbox}
        players = (alive - {self.floors.get(deal.event_id, "")}) or alive
        if self.inbox not in players:       # the floor's process, while another lives: the last to take one
            return now - seen >= 2 * TAKE_SECONDS
        return first_choice(deal.table_id, players) == self.inbox or now - seen >= TAKE_SECONDS

    def _take(self, open_deal: away.OpenDeal) -> Playing | None:
        """In a thread: the table's lease, then the hand rebuilt from its deal and the table's
        inputs of that hand; None when another process holds the table."""
        if not self.store.claim(open_deal.table_id):
            return None
        try:
            sent = away.deal_of(self.store, open_deal.table_id, open_deal.number)
            if sent is None:            # (ended since it was read)
                self.store.release(open_deal.table_id)
                return None
            deal = HandDeal.from_json(sent[0])
            hand = deal.hand_to_play()
            seats = seated.Seats.from_json(sent[1])
            playing = Playing(deal, open_deal, hand, seats.bots, 0, time.monotonic(),
                              persons={seat: p.token_hash for seat, p in seats.persons.items()},
                              timeouts={seat: p.timeouts for seat, p in seats.persons.items()},
                              action_seconds=seats.action_seconds)
            rows = self.store.input_rows(open_deal.table_id)
            playing.seq = rows[-1][0] if rows else 0
            for _, text in rows:
                op = json.loads(text)["op"]
                if op[0] == away.ACT and op[1] == deal.number:
                    hand.act(op[2], op[3], op[4], op[5])
                    self.resumed += 1
                    playing.acts += 1
                    if op[2] in playing.timeouts and len(op) > 6:     # (a person's: timed out, or theirs)
                        playing.timeouts[op[2]] = playing.timeouts[op[2]] + 1 if op[6] == TIMEOUT else 0
        except (ValueError, PokerfloorError, KeyError, IndexError, TypeError, Unreadable):
            LOG.exception("table %s: its hand %d dealt away cannot be played", open_deal.table_id, open_deal.number)
            self.store.release(open_deal.table_id)
            return None
        return playing

    def _play(self, playing: Playing) -> None:
        """The bots' turns that are due (each ``bot_seconds`` after the last action), and a
        person's whose time ran out (``seated.turn_seconds``)."""
        hand = playing.hand
        names = {seat: name for seat, _, name in playing.deal.seats}
        while not hand.is_over and hand.to_act is not None:
            seat = hand.to_act
            if seat in playing.persons:
                now = time.monotonic()
                if now < playing.held or now - playing.since < seated.turn_seconds(playing.action_seconds,
                                                                                   playing.timeouts[seat]):
                    return
                action, cards = hand.legal().unattended()
                hand.act(seat, action, None, cards)
                playing.timeouts[seat] += 1
                self._made(playing, seat, action, None, cards, TIMEOUT)
                continue
            if time.monotonic() - playing.since < self.bot_seconds:
                return
            bot = make_bot(playing.bots.get(seat, "pro"), names.get(seat, f"seat {seat}"),
                           random.Random(f"{playing.open.table_id}:{playing.deal.number}:{len(hand.events)}"))
            try:
                action, to, cards = decide(bot, hand.view(seat))
                hand.act(seat, action, to, cards)
            except (PokerfloorError, ValueError):
                (action, cards), to = hand.legal().unattended(), None
                hand.act(seat, action, None, cards)
            self._made(playing, seat, action, to, cards)

    @staticmethod
    def _made(playing: Playing, seat: int, action: str, to: int | None, cards: Any, person: str = "") -> None:
        """An action made: an input of the table's to write (``person``: a person's, or their
        time run out)."""
        playing.seq += 1
        playing.acts += 1
        op = [away.ACT, playing.deal.number, seat, action, to, cards, *([person] if person else [])]
        playing.unwritten.append((playing.open.table_id, playing.seq, {"at": time.time(), "op": op}, None))
        playing.since = time.monotonic()

    def seat_act(self, text: str) -> None:
        """A person's action from their floor (``seated.SeatAct``), at a table played here (else
        nothing: another process plays it, or none does yet and the views sent when one takes it
        show the person their turn again). Made only by the seat's token-holder, on their turn, on
        the hand as their page last saw it; else refused, told with the next views."""
        act = _read(seated.read_act, text)
        playing = None if act is None else self._of(act.event_id, act.table, act.number)
        if act is None or playing is None:
            return
        refusal = _refusal(playing, act)
        if refusal is None:
            try:
                playing.hand.act(act.seat, act.action, act.to, None if act.cards is None else list(act.cards))
            except (PokerfloorError, ValueError) as illegal:
                refusal = Refusal(act.seat, "illegal", str(illegal)[:300])
            else:
                playing.timeouts[act.seat] = 0
                self._made(playing, act.seat, act.action, act.to, act.cards and list(act.cards), PERSON)
        if refusal is not None:
            playing.refused.append(refusal)
        self.nudged.set()

    def held(self, text: str) -> None:
        """The event is paused (``seated.Held``): the persons' clocks at that table stop for a while."""
        held = _read(seated.read_held, text)
        playing = None if held is None else self._of(held.event_id, held.table, held.number)
        if playing is not None:
            playing.held = time.monotonic() + seated.HELD_SECONDS

    def _of(self, event_id: str, table: int, number: int) -> Playing | None:
        """The hand ``number`` of the event's table, if this process plays it now."""
        playing = self.playing.get(table_key(event_id, table))
        return playing if playing is not None and playing.deal.number == number else None

    def _tell(self, playing: Playing, views: Views) -> None:
        """Send the floor the hand's views (taken when its inputs so far were stored)."""
        playing.told, playing.refused = time.monotonic(), [r for r in playing.refused if r not in views.refused]
        if self.views is not None:
            self.views(views.event_id, seated.to_text(views))

    async def _write(self, table_id: str, playing: Playing, over: bool) -> None:
        """Write the hand's new inputs (with its end, once over), under the table's lease."""
        writes, playing.unwritten = playing.unwritten, []
        views = playing.views() if playing.persons else None
        also = None
        if over:
            ending = HandEnd.of(playing.deal, playing.hand).to_json()
            also = partial(away.write_end, table_id, playing.deal.number, ending, self.store.owner)
        try:
            await asyncio.to_thread(partial(self.store.write_many, writes, again=playing.again, also=also))
            playing.again = False
        except NotOwner:
            LOG.warning("table %s: another process plays its hand now", table_id)
            self.playing.pop(table_id, None)
            with contextlib.suppress(Exception):
                self.store.release(table_id)
            return
        except Exception:
            playing.unwritten[:0] = writes      # (the store is away: written with the next turn)
            playing.again = True
            raise
        if views is not None:
            self._tell(playing, views)
        if over:
            self.played += 1
            self.playing.pop(table_id, None)
            await asyncio.to_thread(self.store.release, table_id)
            if self.tell is not None:       # (stored, the lease let go: the floor is nudged to apply it)
                await self.tell(playing.open.event_id, "end")


def _read(reader: Callable[[str], M], text: str) -> M | None:
    """A message from the floor read whole, or None (logged) for one that does not read."""
    try:
        return reader(text)
    except Unreadable as wrong:
        LOG.warning("a message from an event's floor that does not read (%s): dropped", wrong)
        return None


def _refusal(playing: Playing, act: SeatAct) -> Refusal | None:
    """Why ``act`` is not made, or None: only the seat's token-holder acts, on their turn, on
    the hand as they last saw it (not an action sent twice, or on an old view)."""
    digest = playing.persons.get(act.seat)
    if digest is None or not hmac.compare_digest(hashlib.sha256(act.token.encode()).hexdigest(), digest):
        return Refusal(act.seat, "bad_token", "a token that is not this seat's")
    hand = playing.hand
    if hand.is_over or hand.to_act != act.seat or act.seen != playing.acts:
        return Refusal(act.seat, "not_your_turn", "it is not your turn")
    return None
