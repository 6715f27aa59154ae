"""The events' rows in the server's store (``pf_events``, migration 0005): each event's settings,
its host token's digest and its latest whole state (``EventRunner.state``, JSON text); and the
inputs made since that state (``EventRunner.inputs``), appended to the tables' inputs
(``pf_inputs``) under the event's id, as each is made. A whole state written drops the inputs it
follows. An event read back is its state and the inputs after it (``replay.go_on``). The
event's writer thread (``pipe.Pipe``) writes each batch of work with ``write``: the inputs, the
hands they ended (``hands.store``), the deals they sent away (``away.write_deals``) and the rows
of the hands away whose ends they applied dropped (``away.forget``) in one commit, then the
whole state when it is due.

On PostgreSQL an event has one owner at a time, as a table does (``Store.claim``: an advisory
lock and an epoch in ``pf_owners``, keyed by the event's id): a state is written only while the
writer's epoch is still the event's, so a process that lost the event cannot write over the
process that took it over.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

from sqlalchemy import Column, Integer, String, Table, Text, delete, insert, select, text, update
from sqlalchemy.engine import Connection

from pokerfloor.server.event import away, hands
from pokerfloor.server.event.core import Logged
from pokerfloor.server.event.pipe import Work
from pokerfloor.server.schema import inputs, metadata
from pokerfloor.server.store import NotOwner, Store

events = Table(
    "pf_events",
    metadata,
    Column("event_id", String(64), primary_key=True),
    Column("config", Text, nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("state", Text, nullable=True),
    Column("saves", Integer, nullable=False, server_default="0"),
)


def create(store: Store, event_id: str, config: dict[str, Any], host_hash: str) -> None:
    with store.engine.begin() as db:
        db.execute(insert(events).values(event_id=event_id, config=json.dumps(config), host_hash=host_hash, saves=0))


def load(store: Store, event_id: str) -> tuple[dict[str, Any], str, dict[str, Any] | None] | None:
    """An event's settings, host token digest and latest state (None before its first save)."""
    with store.engine.connect() as db:
        row = db.execute(select(events.c.config, events.c.host_hash, events.c.state)
                         .where(events.c.event_id == event_id)).first()
    if row is None:
        return None
    return json.loads(row[0]), row[1], None if row[2] is None else json.loads(row[2])


def exists(store: Store, event_id: str) -> bool:
    with store.engine.connect() as db:
        return db.execute(select(events.c.event_id).where(events.c.event_id == event_id)).first() is not None


def event_ids(store: Store) -> list[str]:
    with store.engine.connect() as db:
        return [row[0] for row in db.execute(select(events.c.event_id))]


def append(store: Store, event_id: str, made: list[tuple[int, Logged]],
           also: Callable[[Connection], None] | None = None) -> None:
    """Write the inputs ``made`` (seq, input), each as its JSON, all in one commit (with what
    ``also`` writes); on PostgreSQL only under this process's epoch (``store.NotOwner``)."""
    store.write_many([(event_id, seq, logged.json(), None) for seq, logged in made], also=also)


def inputs_after(store: Store, event_id: str, seq: int) -> list[tuple[int, str]]:
    """The event's inputs after the ``seq``-th, as stored (seq, JSON text), in order."""
    return store.input_rows(event_id, seq)


def save(store: Store, event_id: str, state: str, seq: int = 0) -> None:
    """Write the event's whole state, taken after its ``seq``-th input, and drop the inputs up to
    that one; on PostgreSQL only under this process's epoch (``NotOwner``)."""
    with store.engine.begin() as db:
        change = update(events).where(events.c.event_id == event_id).values(state=state, saves=events.c.saves + 1)
        if store.engine.dialect.name == "postgresql":
            epoch = store.epochs.get(event_id)
            owned = db.execute(text("SELECT epoch FROM pf_owners WHERE table_id = :e FOR SHARE"),
                               {"e": event_id}).scalar()
            if epoch is None or owned != epoch:
                raise NotOwner(event_id)
        db.execute(change)
        db.execute(delete(inputs).where(inputs.c.table_id == event_id, inputs.c.seq <= seq))


def write(store: Store, event_id: str, works: list[Work]) -> None:
    """In the event's writer thread: the inputs of every work and the hands they ended in one
    commit, then the latest whole state (which drops the inputs it follows)."""
    made = [one for work in works for one in work.made]
    ended = [one for work in works for one in work.ended]
    sent = [one for work in works for one in work.sent]
    applied = [one for work in works for one in work.applied]
    if made or ended:
        append(store, event_id, made, partial(_also, event_id, ended, sent, applied))
    whole = [work for work in works if work.state is not None]
    if whole:
        assert whole[-1].state is not None
        save(store, event_id, whole[-1].state, whole[-1].seq)


def _also(event_id: str, ended: list[hands.Finished], sent: list[away.Sent], applied: list[away.Applied],
          tx: Connection) -> None:
    """Beside the inputs, in their commit: the hands ended, the deals sent away, and the rows of
    the hands away whose ends were applied dropped."""
    hands.store(event_id, ended, tx)
    away.write_deals(event_id, sent, tx)
    away.forget(applied, tx)


def follows(state: dict[str, Any]) -> int:
    """The inputs a stored state follows (0 for one that names none, or none readable: it is
    checked whole as it is read, ``saved.check_state``)."""
    seq = state.get("seq", 0) if isinstance(state, dict) else 0
    return seq if isinstance(seq, int) and not isinstance(seq, bool) and seq >= 0 else 0
