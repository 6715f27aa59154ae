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
applies it again without the store).

A row is a message that cannot be lost: a deal is stored before any process hears of it, an end
before the floor does, and the floor applies an end (by the table and the hand's number) once. A
process killed mid-hand leaves its table's lease and its inputs: another takes the lease and
goes on from the deal and those inputs. A player changes table only between hands, by the
floor's ruling in its own log: their chips leave in one table's end and arrive in another's
next deal, never only in a message.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import insert, select, tuple_, update
from sqlalchemy.engine import Connection

from pokerfloor.server.schema import event_hands
from pokerfloor.server.store import Store

POLL_SECONDS = 0.05     # how often the floor looks for the ends of its hands played away
ACT = "act"             # a table's own input: [ACT, hand number, seat, action, to, cards]

Sent = tuple[str, int, str, str]
"""A deal sent away: the table's key (``hands.table_key``), the hand's number there, the
``HandDeal``'s JSON and who sits where (``seated.Seats``' JSON)."""


@dataclass(frozen=True, slots=True)
class OpenDeal:
    """A hand dealt away whose end is not stored yet."""

    table_id: str
    number: int
    event_id: str
    deal: str
    bots: str


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


def ends(store: Store, keys: list[tuple[str, int]]) -> list[str]:
    """The ends stored of the hands ``keys`` (table key, number): each a ``HandEnd``'s JSON."""
    if not keys:
        return []
    with store.engine.connect() as db:
        return [str(row[0]) for row in db.execute(select(event_hands.c.ending).where(
            tuple_(event_hands.c.table_id, event_hands.c.number).in_(keys), event_hands.c.ending.is_not(None)))]


def open_deals(store: Store) -> list[OpenDeal]:
    """Every hand dealt away whose end is not stored yet, of every event."""
    with store.engine.connect() as db:
        rows = db.execute(select(event_hands.c.table_id, event_hands.c.number, event_hands.c.event_id,
                                 event_hands.c.deal, event_hands.c.bots).where(event_hands.c.ending.is_(None))).all()
    return [OpenDeal(str(r[0]), int(r[1]), str(r[2]), str(r[3]), str(r[4])) for r in rows]


def write_end(table_id: str, number: int, ending: str, played_by: str, tx: Connection) -> None:
    """Store hand ``number``'s end at ``table_id`` in ``tx`` (its last action's commit)."""
    tx.execute(update(event_hands).where(event_hands.c.table_id == table_id, event_hands.c.number == number,
                                         event_hands.c.ending.is_(None)).values(ending=ending, played_by=played_by))


def played_by(store: Store, event_id: str) -> dict[tuple[str, int], str]:
    """Who played each of the event's hands dealt away (``Store.owner`` of the process), by
    table key and number: what the tests look at."""
    with store.engine.connect() as db:
        return {(str(r[0]), int(r[1])): str(r[2]) for r in db.execute(select(
            event_hands.c.table_id, event_hands.c.number, event_hands.c.played_by).where(
            event_hands.c.event_id == event_id, event_hands.c.played_by.is_not(None)))}

