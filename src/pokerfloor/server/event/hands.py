"""The hands of an event's tables: each finished hand's ``HandRecord`` is stored as its table
takes it back (``pf_hand_records``, under ``table_key``: the event's id and the table's number),
in the commit of the inputs it ended with; and each table's hands are downloaded as
PHH (``.phhs``) and OHH, as a spectator saw them (no hole card that was not shown), built in the
server's worker process (``downloads.Builders``), never on the loop that runs the event, as the
cash tables' downloads are (``downloads.session_phh``, ``session_ohh``: the same writers)."""

from __future__ import annotations

import os

from sqlalchemy import insert, select, tuple_
from sqlalchemy.engine import Connection
from starlette.responses import JSONResponse, PlainTextResponse, Response

from pokerfloor.hand import Hand
from pokerfloor.hand.record import HandRecord
from pokerfloor.server.downloads import Built, Job, Session, session_ohh, session_phh
from pokerfloor.server.schema import hand_records
from pokerfloor.server.store import Store

FILES = {"hands.phhs": "phhs", "hands.ohh.json": "ohh"}
"""Each table's downloads: the file's name in the URL, and what it is."""

Finished = tuple[int, int, str]
"""A hand a table took back: the table's number, the hand's number at that table, its record (JSON)."""


def table_key(event_id: str, table: int) -> str:
    """The id an event's table has in the store (its hands' rows)."""
    return f"{event_id}.{table}"


def store(event_id: str, finished: list[Finished], tx: Connection) -> None:
    """Store the finished hands in the transaction ``tx``, those not stored before only (an event
    rebuilt from its inputs takes back again hands whose rows were written before it stopped)."""
    if not finished:
        return
    keys = [(table_key(event_id, no), number) for no, number, _ in finished]
    known = set(tx.execute(select(hand_records.c.table_id, hand_records.c.number).where(
        tuple_(hand_records.c.table_id, hand_records.c.number).in_(keys))).all())
    rows = [{"table_id": key, "number": number, "body": body}
            for (key, number), (_, _, body) in zip(keys, finished, strict=True) if (key, number) not in known]
    if rows:
        tx.execute(insert(hand_records), rows)


_STORES: dict[str, Store] = {}
"""In the worker process: each store it has read, kept open between downloads."""


def build(job: Job) -> Built:
    """In the worker process: table ``job.table_id``'s hands (``job.number``: its seats) as the
    file ``job.file`` names."""
    db = _STORES.get(job.url)
    if db is None:
        db = _STORES[job.url] = Store(job.url)
    hands = tuple(Hand.from_record(HandRecord.from_json(text)) for text in db.hand_records(job.table_id).values())
    if not hands:
        return Built(404, "text/plain", b"no hands finished at that table", os.getpid())
    session = Session(job.table_id, job.number, hands, (), ())
    answer: Response = (PlainTextResponse(session_phh(session)) if job.file == "phhs"
                        else JSONResponse(session_ohh(session)))
    return Built(answer.status_code, str(answer.media_type), bytes(answer.body), os.getpid())
