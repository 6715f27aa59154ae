"""The floor's side of a person's seat at a table played away (``seated.py`` says why and how):
a person's action sent on to the process playing their table (``forward``), that process's
views taken in and sent to the person's pages (``take_views``), and the two carried between the
processes over the bus (``to_table``, ``to_floor``, ``heard``), or within the process when it
plays the table or runs the event itself.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING, Protocol

from pokerfloor.server.event import commands as ec
from pokerfloor.server.event.hands import table_key
from pokerfloor.server.event.pipe import Pipe, Send
from pokerfloor.server.event.seated import Held, SeatAct, read_views, to_text
from pokerfloor.server.fields import Refused
from pokerfloor.server.transport import send_error
from pokerfloor.typedjson import Unreadable

if TYPE_CHECKING:
    from pokerfloor.server.bus import Bus
    from pokerfloor.server.event.runner import EventRunner
    from pokerfloor.server.event.tableplay import TablePlays
    from pokerfloor.server.transport import Client


class Seated(Protocol):
    """What this module reads of a page's watch (``service.Watch``)."""

    @property
    def key(self) -> str | None: ...
    @property
    def token(self) -> str | None: ...


class Link(Protocol):
    """What this module needs of the process's events (``service.Events``: which imports this
    module, so it is named here by what it does, not imported)."""

    @property
    def plays(self) -> TablePlays | None: ...
    @property
    def bus(self) -> Bus | None: ...
    @property
    def tasks(self) -> Mapping[str, Floor]: ...


class Floor(Protocol):
    """What this module needs of an event's task (``service.EventTask``)."""

    @property
    def runner(self) -> EventRunner: ...
    @property
    def events(self) -> Link: ...
    @property
    def clients(self) -> Mapping[Client, Seated]: ...
    @property
    def pipe(self) -> Pipe: ...
    def flush(self) -> None: ...

LOG = logging.getLogger("pokerfloor.server")
SEAT_ACT, VIEWS, HELD = "seat_act", "views", "seat_held"   # the bus's messages (``wire.Heard``): ``table``: where to


def act(task: Floor, watch: Seated, command: ec.EventAct) -> None:
    """The person's action (``EventRunner.act``), sent on to the process playing their table
    when its hand is played away (``forward``)."""
    if watch.key is None:
        raise Refused("not_seated", "register first")
    cards = None if command.cards is None else list(command.cards)
    away = task.runner.act(watch.key, command.action, command.to, cards)
    if away is not None:
        forward(task, *away, watch.token, command)


def forward(task: Floor, no: int, seat: int, token: str | None, command: ec.EventAct) -> None:
    """Send the person's action at table ``no``'s ``seat`` (a hand played away) to the process
    playing it, with the page's token and the count of the hand's actions the page was shown;
    refused here (``not_your_turn``) when the hand as last told is not at their turn."""
    runner = task.runner
    number = runner.event.tables[no].hand_number
    live = runner.live.get(no)
    told = live is not None and live.number == number
    hand = runner.event.tables[no].hand
    to_act = (live.view(seat)["to_act"] if live is not None and told
              else None if hand is None else hand.to_act)    # (none told yet: the hand as dealt)
    if token is None or to_act != seat:
        raise Refused("not_your_turn", "it is not your turn")
    act = SeatAct(runner.event_id, no, number, seat, token, live.acts if live is not None and told else 0,
                  command.action, command.to, command.cards)
    runner.asked[no] = act
    to_table(task.events, table_key(runner.event_id, no), to_text(act))


def take_views(task: Floor, text: str) -> None:
    """The views of a hand played away (``seated.Views``), from the process playing it: kept for
    the players' pages (``views.seat_json``) if they are of the hand in play and not older than
    those kept; the persons' timeouts logged, the actions refused told to their pages. A
    person's action sent on that these views do not show made, nor refused, is sent again (it
    was lost on the bus, or reached no process, or one that died before storing it): the process
    playing the table makes it once at most (``seen``)."""
    try:
        views = read_views(text)
    except Unreadable as wrong:
        LOG.warning("event %s: a table's views that do not read (%s): dropped", task.runner.event_id, wrong)
        return
    runner = task.runner
    table = runner.event.tables.get(views.table)
    known = runner.live.get(views.table)
    if (views.table not in runner.away or table is None or table.hand_number != views.number
            or (known is not None and known.number == views.number and known.acts > views.acts)):
        return
    runner.live[views.table] = views
    asked = runner.asked.get(views.table)
    if asked is not None:
        if (asked.number, asked.seen) != (views.number, views.acts) or any(r.seat == asked.seat for r in views.refused):
            runner.asked.pop(views.table, None)     # made, or refused
        elif views.view(asked.seat)["to_act"] == asked.seat:    # not made (lost, or its process died): again
            to_table(task.events, table_key(runner.event_id, views.table), to_text(asked))
    sitting = {seat: runner.by_entry[s.player_id] for seat, s in table.seats.items()}
    for seat, count in views.timeouts.items():
        if int(seat) in sitting:
            runner.set_timeouts(sitting[int(seat)], count)
    now = runner.clock.now()
    errors: list[Send] = [partial(send_error, client, Refused(refusal.code, refusal.message), None, now=now, seq=0)
              for refusal in views.refused for client, watch in task.clients.items()
              if watch.key is not None and watch.key == sitting.get(refusal.seat)]
    if runner.clock.paused and views.seats:      # (the persons' clocks there stop while the event is paused)
        hold(task, views.table, views.number)
    runner.changed.add(views.table)
    task.flush()
    if errors:
        task.pipe.ship(None, errors)


def pause(task: Floor) -> None:
    """The host pauses the event (``EventRunner.pause``): the persons' clocks at the tables
    played away stop at once (``Held``), and again with each views while it stays paused."""
    runner = task.runner
    runner.pause()
    for no in runner.away:
        if no in runner.event.tables:
            hold(task, no, runner.event.tables[no].hand_number)


def hold(task: Floor, no: int, number: int) -> None:
    event_id = task.runner.event_id
    to_table(task.events, table_key(event_id, no), to_text(Held(event_id, no, number)), HELD)


def to_table(events: Link, table_id: str, text: str, op: str = SEAT_ACT) -> None:
    """A ``SeatAct`` (``op``: or a ``Held``) to the process playing ``table_id``: this one's
    plays, or over the bus."""
    plays = events.plays
    if plays is not None and table_id in plays.playing:
        plays.seat_act(text) if op == SEAT_ACT else plays.held(text)
    elif events.bus is not None:
        events.bus.publish({"op": op, "table": table_id, "text": text})


def to_floor(events: Link, event_id: str, text: str) -> None:
    """``Views`` to the event's floor: this process's event, or over the bus."""
    task = events.tasks.get(event_id)
    if task is not None:
        take_views(task, text)
    elif events.bus is not None:
        events.bus.publish({"op": VIEWS, "table": event_id, "text": text})


def heard(events: Link, op: str, table: str, text: str) -> None:
    """A message the bus heard for a table this process plays, or an event it runs."""
    if op in (SEAT_ACT, HELD) and events.plays is not None and table in events.plays.playing:
        events.plays.seat_act(text) if op == SEAT_ACT else events.plays.held(text)
    elif op == VIEWS and (task := events.tasks.get(table)) is not None:
        take_views(task, text)
