"""The director's hand on a ``MultiTableTournament`` (table/event.py): what a host does to an
event besides the floor's own rulings, each between hands, each a ``FloorEvent`` in words.

- ``remove``: an entry is taken out of the event (a disqualification, a player who leaves):
  their chips leave play, as a forfeited stack's do (TDA 2024 Rule 8-B), and they are placed now.
- ``move``: an entry moves to a free seat at another table, with their chips and bounty.
- ``change_payouts``: the payout weights change, before the money only (once the players left
  are in the money, or the bubble is played hand-for-hand, the prizes are fixed).
- ``level_clock``: when the level (or break) in force began by the event's clock, and the hands
  dealt in it at the table that has dealt most: what a tournament clock shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace

from pokerfloor import citations as cite
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.table.payouts import prize_table

R_DIRECTOR = "the director's ruling (house); the chips leave play as a forfeited stack's, " + cite.FORFEIT


def started(event: MultiTableTournament) -> bool:
    return event.started


def level_clock(event: MultiTableTournament) -> tuple[float, int]:
    """(the event clock's time when the level or break in force began, hands dealt in it)."""
    s = event.state
    since = s.on_break_since if event.on_break and s.on_break_since is not None else s.level_since
    return since, max(s.level_hands.values(), default=0)


def _seated(event: MultiTableTournament, entry: str) -> tuple[int, int]:
    e = event.entries.get(entry)
    where = None if e is None else event.seat_of(entry)
    if e is None or where is None:
        raise IllegalAction("invalid_action", f"{entry!r} is not an entry still in")
    if not event.between_hands(where[0]):
        raise IllegalAction("invalid_action", "the director acts between the table's hands")
    return where


def remove(event: MultiTableTournament, entry: str) -> int:
    """Take ``entry`` out of the event between its table's hands; returns the chips removed."""
    no, _ = _seated(event, entry)
    chips = event.leave_play(entry, "remove", "{player} is removed from the event by the director: {chips:,} chips"
                             " leave play", R_DIRECTOR)
    if len(event.tables[no].seats) == 0 and len(event.tables) > 1:
        del event.tables[no]
        event.forget_tables()
    event.settle()
    return chips


def move(event: MultiTableTournament, entry: str, table: int, seat: int) -> None:
    """Move ``entry`` to the free ``seat`` of ``table`` (both tables between hands)."""
    no, _ = _seated(event, entry)
    target = event.tables.get(table)
    if target is None or table == no or not 1 <= seat <= target.size or seat in target.seats:
        raise IllegalAction("invalid_action", f"table {table} seat {seat} is not a free seat at another table")
    if not event.between_hands(table):
        raise IllegalAction("invalid_action", "the director acts between the table's hands")
    event.move_entry(entry, table, seat, "the director's ruling (house)", "moved by the director")
    event.settle()


def change_payouts(event: MultiTableTournament, payouts: Sequence[int]) -> None:
    """New payout weights for first, second..., before the money: ``IllegalAction`` once the
    players left are all paid or the bubble is played hand-for-hand."""
    weights = tuple(payouts)
    prize_table(0, weights, 1)      # InvalidArgument for weights that are not a payout
    if event.is_over or (started(event) and (event.players_left <= event.places_paid or event.hand_for_hand)):
        raise IllegalAction("invalid_action", "the payouts are fixed once the event is in the money")
    if not weights:
        raise InvalidArgument("payouts name one place at least")
    event.options = replace(event.options, payouts=weights)
    event.announce("payouts", "the director changes the payouts: " + ", ".join(
        f"{place}: {prize:,}" for place, prize in event.prizes().items()), "the director's ruling (house)")


def mark(event: MultiTableTournament) -> tuple[object, ...]:
    """What changes when the floor rules between hands (``ready``: a level or break begins, a
    table breaks, players are balanced, hand-for-hand begins or ends, play halts): equal marks
    before and after a call mean it changed nothing. Cheap (the runner asks twice a step): the
    floor's rulings and tables counted, and every field of its state (``event_types._State``)
    as a tuple, but for the two that grow with the event, which change only so: a table's dealt
    seats are set as it deals and dropped as its hand ends (the tables dealt say it), and a bust
    is only ever added (their count says it)."""
    s = event.state
    return (len(event.events), len(event.tables), *(_part(f.name, getattr(s, f.name)) for f in fields(s)))


def _part(name: str, value: object) -> object:
    """A state field's part of ``mark``: equal before and after a call only if the field did not
    change (``dealt`` and ``out`` change only as ``mark`` says)."""
    if isinstance(value, dict):
        return tuple(value) if name == "dealt" else tuple(value.items())
    if isinstance(value, list):
        return len(value) if name == "out" else tuple(value)
    return value
