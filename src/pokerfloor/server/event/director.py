"""The host's hand on a served event (``runner.EventRunner``'s pause, resume, add_time, add_bots,
remove, move, set_payouts and deal) and a player's rebuy or add-on: each checked whole and
refused with ``Refused`` (state unchanged), each logged as an input (``core.EventCore.log``) once
made. The library's director's rulings are ``table/event_host.py``."""

from __future__ import annotations

from typing import Any

from pokerfloor.bots import STYLES
from pokerfloor.errors import IllegalAction, PokerfloorError
from pokerfloor.server.event.config import weights
from pokerfloor.server.event.core import Dropped, EventCore
from pokerfloor.server.fields import Refused, bad_field, name_key
from pokerfloor.table import event_host
from pokerfloor.table.event import MultiTableTournament


def pause(runner: EventCore) -> None:
    runner.clock.pause()
    runner.log("pause")
    runner.lobby_changed = True


def resume(runner: EventCore) -> None:
    runner.clock.resume()
    runner.log("resume")
    runner.lobby_changed = True


def add_time(runner: EventCore, seconds: object) -> None:
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not -3600 <= seconds <= 3600:
        raise bad_field("seconds", "is -3600 to 3600")
    runner.clock.add(float(seconds))
    runner.log("add_time", seconds)
    runner.lobby_changed = True


def add_bots(runner: EventCore, count: int) -> None:
    """``count`` house bots register (named ``bot N``, styles in turn)."""
    if not runner.config.house_bots:
        raise Refused("illegal", "this event takes no house bots")
    made = done = sum(1 for p in runner.persons.values() if p.bot)
    try:
        for k in range(made, made + count):
            runner.enter(f"bot {k + 1}", f"house bot {k + 1}", bot=STYLES[k % len(STYLES)])
            done += 1
    finally:
        if done > made:
            runner.log("add_bots", done - made)


def entry_named(runner: EventCore, name: str) -> str:
    key = name_key(name)
    entry = runner.entry_of(key) if key in runner.persons else None
    if entry is None or runner.event.entries[entry].out:
        raise bad_field("name", "is not a player still in")
    return entry


def remove(runner: EventCore, name: str) -> None:
    host(runner, event_host.remove, entry_named(runner, name))
    runner.log("remove", name)


def move(runner: EventCore, name: str, table: int, seat: int) -> None:
    """Move the player to ``table``'s free ``seat``: now if both tables are between hands,
    else as soon as they are (before either deals again). A move that can no longer be made by
    then is dropped and the host told why (``apply_moves``)."""
    entry = entry_named(runner, name)
    target = runner.event.tables.get(table)
    if target is None or not 1 <= seat <= target.size or seat in target.seats:
        raise bad_field("seat", f"table {table} seat {seat} is not a free seat")
    if (runner.event.seat_of(entry) or (0,))[0] == table and not runner.replaying:     # (an old log's: dropped)
        raise bad_field("table", f"{runner.event.entries[entry].player} already sits at table {table}")
    runner.moves.append((entry, table, seat))
    runner.log("move", name, table, seat)
    apply_moves(runner)


def apply_moves(runner: EventCore) -> None:
    """Make each waiting move whose two tables are between hands. One that can no longer be made
    (the player out, the table broken, the seat taken meanwhile: the floor balancing after a
    bust, TDA 2024 Rule 11, or another move) is dropped, not made elsewhere (the director chose
    that seat, and balancing may have done what the move was for), and the host's pages are told
    (``Dropped``), to ask again if they still want it."""
    for entry, table, seat in list(runner.moves):
        why = _unmakeable(runner, entry, table, seat)
        if why is not None:
            runner.moves.remove((entry, table, seat))
            if not runner.replaying:
                name = runner.event.entries[entry].player
                runner.dropped.append(Dropped(name, table, seat, why[0], f"The move of {name} to table {table}, seat"
                                              f" {seat} is dropped: {why[1]}. Move them again if you still want it."))
            continue
        where = runner.event.seat_of(entry)
        assert where is not None
        if runner.event.between_hands(where[0]) and runner.event.between_hands(table):
            runner.moves.remove((entry, table, seat))
            host(runner, event_host.move, entry, table, seat)


def _unmakeable(runner: EventCore, entry: str, table: int, seat: int) -> tuple[str, str] | None:
    """Why the move can no longer be made (a reason's code and its words), if it cannot."""
    event = runner.event
    where, target = event.seat_of(entry), event.tables.get(table)
    name = event.entries[entry].player
    if where is None:
        return "out", f"{name} is no longer in the event"
    if target is None:
        return "table_gone", f"table {table} has broken"
    if where[0] == table:
        return "same_table", f"{name} already sits at table {table} (seat {where[1]})"
    if seat in target.seats:
        return "seat_taken", f"{event.entries[target.seats[seat].player_id].player} sits there now"
    return None


def set_payouts(runner: EventCore, payouts: object) -> None:
    """New payout weights (``config.weights``: a stored input is checked as a command is)."""
    checked = list(weights(list(payouts) if isinstance(payouts, tuple) else payouts))
    host(runner, event_host.change_payouts, checked)
    runner.log("payouts", checked)


def deal(runner: EventCore, kind: str, accept: bool) -> dict[str, int]:
    """The ICM or chip-chop deal between the players left (by name); with ``accept`` (the
    players agreed it at the table), it ends the event."""
    def made(event: MultiTableTournament) -> dict[str, int]:
        return event.icm_deal() if kind == "icm" else event.chip_chop()

    deal = host(runner, made)
    if accept:
        host(runner, MultiTableTournament.accept_deal, deal)
        runner.log("deal_accepted", kind)
    runner.offer = {runner.event.entries[e].player: amount for e, amount in deal.items()}
    return runner.offer


def host(runner: EventCore, ruling: Any, *args: Any) -> Any:
    try:
        done = ruling(runner.event, *args)
    except (IllegalAction, PokerfloorError, ValueError) as refused:
        raise Refused("illegal", str(refused)) from None
    runner.take_events()
    runner.lobby_changed = True
    return done


def buy(runner: EventCore, key: str, kind: str) -> None:
    """The person's ``rebuy`` (declared: made if they bust while rebuys are open) or
    ``add_on`` (now, between their hands at the add-on level); ``illegal`` with the floor's
    reason otherwise."""
    entry = runner.entry_of(key)
    if entry is None or runner.event.entries[entry].out:
        raise Refused("not_seated", "you have no entry still in")
    try:
        (runner.event.declare_rebuy if kind == "rebuy" else runner.event.add_on)(entry)
    except (IllegalAction, PokerfloorError) as refused:
        raise Refused("illegal", str(refused)) from None
    runner.log("buy", key, kind)
    runner.take_events()
    runner.lobby_changed = True
    where = runner.event.seat_of(entry)
    if where is not None:
        runner.changed.add(where[0])
