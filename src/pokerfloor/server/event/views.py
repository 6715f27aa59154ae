"""What an event's pages are sent: the lobby (and the big-screen clock, which reads the same
frame) and each player's own page: their table, seat, chips and cards, and notices in words.

No frame holds a card but the player's own (their seat's view of the hand, ``Table.view``, or for
a hand played away the view of their seat its player sent, ``seated.Views``); the lobby shows
stacks, never cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pokerfloor.server.event.runner import EventRunner
from pokerfloor.table import event_host
from pokerfloor.table.event_types import Break, Place
from pokerfloor.table.tournament import Level

FLOOR_LINES = 30        # the floor's latest rulings the lobby shows


def _level_json(level: Level | Break) -> dict[str, Any]:
    if isinstance(level, Break):
        return {"break": True, "minutes": level.minutes}
    return {"break": False, "small_blind": level.small_blind, "big_blind": level.big_blind, "ante": level.ante,
            "bb_ante": level.bb_ante, "minutes": level.minutes, "hands": level.hands}


def clock_json(runner: EventRunner) -> dict[str, Any]:
    """The tournament clock: the level in force, what is left of it (seconds or hands), the
    next level and the time to the next break."""
    event = runner.event
    index = event.level_number - 1
    level = event.level
    since, hands = event_host.level_clock(event)
    now = runner.clock()
    minutes = level.minutes
    left = None if minutes is None or not runner.started else max(0.0, 60.0 * minutes - (now - since))
    to_break: float | None = None
    if left is not None and not isinstance(level, Break):
        ahead = left
        for nxt in event.levels[index + 1:]:
            if isinstance(nxt, Break):
                to_break = ahead
                break
            if nxt.minutes is None:
                break
            ahead += 60.0 * nxt.minutes
    nxt_level = event.levels[index + 1] if index + 1 < len(event.levels) else None
    return {
        "level": event.level_number, "now": _level_json(level), "seconds_left": left,
        "hands_left": None if isinstance(level, Break) or level.hands is None else max(0, level.hands - hands),
        "next": None if nxt_level is None else _level_json(nxt_level), "next_break_in": to_break,
        "paused": runner.clock.paused,
    }


def lobby_json(runner: EventRunner) -> dict[str, Any]:
    """The tournament lobby: the clock, the field, every table, the payouts and the places."""
    event = runner.event
    stacks = [(e.player, event.tables[e.table].seats[e.seat].chips, e.bounty)
              for e in event.entries.values() if not e.out and e.table is not None and e.seat is not None]
    biggest = max(stacks, key=lambda s: s[1], default=None)
    state = ("over" if event.is_over else "registering" if not runner.started
             else "paused" if runner.clock.paused else "break" if event.on_break else "running")
    tables = []
    for no, table in sorted(event.tables.items()):
        hand = table.hand
        tables.append({"table": no, "in_hand": hand is not None and not event.between_hands(no),
                       "players": [{"seat": seat, "name": s.player, "chips": s.chips,
                                    "bounty": event.entries[s.player_id].bounty}
                                   for seat, s in sorted(table.seats.items())]})
    places = [{"place": p.place, "name": p.player, "prize": p.prize, "bounties": p.bounties}
              for p in event.standings()]
    return {
        "type": "event_lobby", "event_id": runner.event_id, "name": runner.config.name, "state": state,
        "clock": clock_json(runner), "entrants": len(event.entries),
        "players": len({p.name for p in runner.persons.values() if p.entries}),
        "players_left": event.players_left, "average": sum(s[1] for s in stacks) // len(stacks) if stacks else 0,
        "biggest": None if biggest is None else {"name": biggest[0], "chips": biggest[1]},
        "prize_pool": event.prize_pool,
        "payouts": [{"place": k, "prize": v} for k, v in sorted(event.prizes().items())],
        "bounties": [{"name": n, "bounty": b} for n, _, b in sorted(stacks, key=lambda s: -s[2]) if b][:20],
        "hand_for_hand": event.hand_for_hand, "hand_for_hand_jumps": event.options.hand_for_hand_jumps,
        "hand_for_hand_minutes": event.options.hand_for_hand_minutes,
        "late_open": event.late_open() and not event.is_over,
        "tables": tables, "places": sorted(places, key=lambda p: p["place"]),
        "registered": sorted(p.name for p in runner.persons.values() if p.entries),
        "pending": sorted(runner.pending), "deal": runner.offer,
        "floor": [{"kind": f.kind, "text": f.text, "rule": f.rule} for f in event.events[-FLOOR_LINES:]],
        "seed": runner.seed if event.is_over else None,
    }


def seat_json(runner: EventRunner, key: str, places: Callable[[], tuple[Place, ...]] | None = None) -> dict[str, Any]:
    """A player's page: where they sit now, their table (names and stacks), their seat's view of
    the hand in play (their own cards only), their place once out, and their notices
    (``places``: the event's standings now, when the caller builds many pages at once)."""
    person = runner.persons[key]
    entry = runner.entry_of(key)
    event = runner.event
    where = None if entry is None else event.seat_of(entry)
    you: dict[str, Any] = {"name": person.name, "entry": entry, "entries": len(person.entries), "table": None,
                           "seat": None, "chips": 0, "out": entry is not None and event.entries[entry].out}
    table_json = None
    if where is not None:
        no, seat = where
        table = event.tables[no]
        you.update(table=no, seat=seat, chips=table.seats[seat].chips, bounty=event.entries[entry or ""].bounty)
        live = runner.live.get(no)      # (a hand played away: as its player last told, ``seated.py``)
        hand: dict[str, Any] | None
        if live is not None and live.number == table.hand_number:
            hand = live.view(seat if table.dealt_in(seat) else None)
        else:
            view = table.view(seat if table.dealt_in(seat) else None) if table.hand is not None else None
            hand = None if view is None else view.to_dict()
        table_json = {"table": no, "size": table.size, "seats": [
            {"seat": s, "name": p.player, "chips": p.chips, "you": s == seat} for s, p in sorted(table.seats.items())],
            "hand": hand, "hand_over": event.between_hands(no)}
    you.update(buys_json(runner, entry))
    placed = None
    if you["out"] or event.is_over:
        placed = next((p for p in (event.standings() if places is None else places()) if p.entry == entry), None)
    if placed is not None:
        you.update(place=placed.place, prize=placed.prize, bounties=placed.bounties)
    return {"type": "event_seat", "event_id": runner.event_id, "you": you, "table": table_json,
            "notices": list(person.notices), "clock": clock_json(runner),
            "players_left": event.players_left, "over": event.is_over}


def buys_json(runner: EventRunner, entry: str | None) -> dict[str, Any]:
    """What a player may buy, where the event sells it (``None`` where it does not): a rebuy
    (``open`` while rebuys are, up to level ``rebuys_until``, TDA 2024 Rule 27; ``declared``:
    made if they bust) and an add-on (``open`` at the add-on level or the break before it, once
    seated), each with its chips and price."""
    event, options = runner.event, runner.event.options
    e = None if entry is None else event.entries[entry]
    playing = e is not None and not e.out and not event.is_over
    rebuy = None if not options.rebuys_until else {
        "open": playing and event.level_number <= options.rebuys_until, "declared": e is not None and e.rebuy,
        "stack": options.starting_stack, "price": options.rebuy_price}
    level = event.level_number + (1 if event.on_break else 0)
    add_on = None if not (options.add_on_level and options.add_on_stack) else {
        "open": playing and e is not None and e.table is not None and level == options.add_on_level,
        "stack": options.add_on_stack, "price": options.add_on_price, "level": options.add_on_level}
    return {"rebuy": rebuy, "add_on": add_on}
