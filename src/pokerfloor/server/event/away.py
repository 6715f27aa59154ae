"""An event's hands played away from its floor, in the store (``pf_event_hands``; issue 38:
any process serves any table).

On PostgreSQL with ``Events.spread`` on, the floor (the event's owner, ``EventRunner``) deals
every table as a message (``MultiTableTournament.deal_message``): the ``HandDeal``'s JSON and who
sits where (``seated.Seats``: the bots' styles, the persons' token digests and timeouts), written
in the commit of the input that dealt it (``write_deals``; the input is ``deal_away``). Any process
plays it (``tableplay.TablePlays``; a person's seat: ``seated.py``): it takes the table's lease
(``Store.claim`` on ``table_key``), plays the bots' turns and the persons' sent on by the floor, writes each
action as an input of the table's own (``pf_inputs`` under ``table_key``: ``ACT``), and writes
the hand's end (a ``HandEnd``'s JSON) in the commit of its last action (``write_end``), fenced by
its lease. The floor reads the ends of the hands it sent (``ends``) and applies each once
(``EventRunner.end_from``, the input ``end_from``, which holds the end: replayed, the event
applies it again without the store), and drops the hand's row and the table's inputs of it in
the commit of that input (``forget``): neither table grows with the event.

Nobody polls to hear of a row: whoever writes one nudges the others once it is committed
(``Events.wake``: a ``wake`` message on the bus, heard by every process, this one too; in the
process itself with no bus): a deal wakes the tables' players (``TablePlays.nudge``), an end the
event's floor (``Ends``, through its task's queue). A nudge carries nothing but the event's id:
one lost (the bus reconnecting) costs the hand a wait for the next safety look
(``SAFETY_SECONDS``), never the hand, as the row is the message.

A row is a message that cannot be lost: a deal is stored before any process hears of it, an end
before the floor does, and the floor applies an end (by the table and the hand's number) once. A
process killed mid-hand leaves its table's lease and its inputs: another takes the lease and
goes on from the deal and those inputs. A player changes table only between hands, by the
floor's ruling in its own log: their chips leave in one table's end and arrive in another's
next deal, never only in a message.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from sqlalchemy import delete, insert, select, tuple_, update
from sqlalchemy.engine import Connection

from pokerfloor.server.event.hands import table_key
from pokerfloor.server.fields import Refused
from pokerfloor.server.schema import event_hands, inputs
from pokerfloor.server.store import Store
from pokerfloor.table.event import MultiTableTournament

LOG = logging.getLogger("pokerfloor.server")

SAFETY_SECONDS = 1.0    # how often the floor and the players look for rows unasked (a nudge lost on the bus)
WAKE = "wake"           # an event's task's queue item: ends wait for its floor (``Ends.woken``)
ACT = "act"             # a table's own input: [ACT, hand number, seat, action, to, cards]

Sent = tuple[str, int, str, str]
"""A deal sent away: the table's key (``hands.table_key``), the hand's number there, the
``HandDeal``'s JSON and who sits where (``seated.Seats``' JSON)."""


@dataclass(frozen=True, slots=True)
class OpenDeal:
    """A hand dealt away whose end is not stored yet (its deal is read once it is taken: ``deal_of``)."""

    table_id: str
    number: int
    event_id: str


def write_deals(event_id: str, sent: list[Sent], tx: Connection) -> None:
    """Store the deals ``sent`` in ``tx`` (the commit of their inputs), those not stored before
    only (an event rebuilt from its inputs deals them again)."""
    if not sent:
        return
    keys = [(key, number) for key, number, _, _ in sent]
    known = set(tx.execute(select(event_hands.c.table_id, event_hands.c.number).where(
        tuple_(event_hands.c.table_id, event_hands.c.number).in_(keys))).all())
    rows = [{"table_id": key, "number": number, "event_id": event_id, "deal": deal, "bots": bots}
            for key, number, deal, bots in sent if (key, number) not in known]
    if rows:
        tx.execute(insert(event_hands), rows)


Applied = tuple[str, int]
"""An end the floor applied: the table's key and the hand's number."""


def ends(store: Store, keys: list[tuple[str, int]]) -> list[tuple[str, Applied]]:
    """The ends stored of the hands ``keys`` (table key, number): each a ``HandEnd``'s JSON, and
    its hand (what ``forget`` drops once it is applied)."""
    if not keys:
        return []
    with store.engine.connect() as db:
        found = db.execute(select(event_hands.c.table_id, event_hands.c.number, event_hands.c.ending).where(
            tuple_(event_hands.c.table_id, event_hands.c.number).in_(keys), event_hands.c.ending.is_not(None))).all()
    return [(str(text), (str(key), int(number))) for key, number, text in found]


def forget(applied: list[Applied], tx: Connection) -> None:
    """Drop the rows of the hands whose ends the floor applied, in ``tx``: the commit of the
    inputs that applied them (``end_from``, which holds each end: a replay needs neither the
    deal's row nor the table's inputs), so that neither table grows with the event. Every input
    of the table goes: the next hand's deal is stored in this commit or a later one (it is dealt
    once the end is applied), so no process has played it yet."""
    for key, number in applied:
        tx.execute(delete(event_hands).where(event_hands.c.table_id == key, event_hands.c.number == number))
        tx.execute(delete(inputs).where(inputs.c.table_id == key))


def open_deals(store: Store) -> list[OpenDeal]:
    """Every hand dealt away whose end is not stored yet, of every event (its key only)."""
    with store.engine.connect() as db:
        rows = db.execute(select(event_hands.c.table_id, event_hands.c.number, event_hands.c.event_id).where(
            event_hands.c.ending.is_(None))).all()
    return [OpenDeal(str(r[0]), int(r[1]), str(r[2])) for r in rows]


def deal_of(store: Store, table_id: str, number: int) -> tuple[str, str] | None:
    """A hand's deal (a ``HandDeal``'s JSON) and its bots' styles by seat (JSON), while it is open."""
    with store.engine.connect() as db:
        row = db.execute(select(event_hands.c.deal, event_hands.c.bots).where(
            event_hands.c.table_id == table_id, event_hands.c.number == number, event_hands.c.ending.is_(None))).first()
    return None if row is None else (str(row[0]), str(row[1]))


def write_end(table_id: str, number: int, ending: str, played_by: str, tx: Connection) -> None:
    """Store hand ``number``'s end at ``table_id`` in ``tx`` (its last action's commit)."""
    tx.execute(update(event_hands).where(event_hands.c.table_id == table_id, event_hands.c.number == number,
                                         event_hands.c.ending.is_(None)).values(ending=ending, played_by=played_by))


class Floor(Protocol):
    """What ``Ends`` needs of the event's runner (``EventRunner``)."""

    event_id: str
    away: set[int]
    event: MultiTableTournament

    def end_from(self, text: str, now: float) -> bool: ...


@dataclass
class Ends:
    """The floor's side of its hands played away, in its event's task: the ends read and not yet
    applied (``found``), those applied whose rows go with the next write (``applied``), whether
    a nudge came (``woken``), when the store was last looked at (``polled``) and the read under
    way (``reading``)."""

    found: list[tuple[str, Applied]] = field(default_factory=list)
    applied: list[Applied] = field(default_factory=list)
    woken: bool = False
    polled: float = 0.0
    reading: asyncio.Task[None] | None = None

    def due(self, floor: Floor) -> bool:
        """Whether to read the ends now: nudged, or the safety look is due, while hands are away."""
        return bool(floor.away) and (self.woken or time.monotonic() - self.polled >= SAFETY_SECONDS)

    def look(self, floor: Floor, store: Store, read: Callable[[], None]) -> None:
        """When due and no read is under way, read the ends stored of the hands away in a task
        of its own (the event's task goes on with its clients meanwhile), then add them to
        ``found`` and call ``read`` (the store away: logged, read at the next look)."""
        if self.reading is None and self.due(floor):
            self.woken, self.polled = False, time.monotonic()
            keys = [(table_key(floor.event_id, no), floor.event.tables[no].hand_number)
                    for no in floor.away if no in floor.event.tables]
            self.reading = asyncio.get_running_loop().create_task(self._read(floor.event_id, store, keys, read))

    async def _read(self, event_id: str, store: Store, keys: list[tuple[str, int]], read: Callable[[], None]) -> None:
        try:
            got = await asyncio.to_thread(ends, store, keys)
        except Exception as failed:
            LOG.warning("event %s: the ends of its hands played away cannot be read now (%s)", event_id, failed)
            got = []
        known = {done for _, done in self.found}
        self.found += [(text, done) for text, done in got if done not in known]
        self.reading = None
        read()

    def apply(self, floor: Floor, now: float, seconds: float) -> bool:
        """Apply the ends read, in turn, for ``seconds`` at most (one at least: the rest wait for
        the task's next turn, so that a burst of ends does not hold up its clients); whether
        any was taken."""
        until, took = time.perf_counter() + seconds, False
        while self.found and not (took and time.perf_counter() >= until):
            text, done = self.found.pop(0)
            took = True
            try:
                if floor.end_from(text, now):
                    self.applied.append(done)
            except Refused as refused:
                LOG.error("event %s: a hand's end refused (%s)", floor.event_id, refused)
        return took
