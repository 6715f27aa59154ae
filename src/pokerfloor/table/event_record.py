"""A ``MultiTableTournament`` saved as versioned JSON and rebuilt (``record``, ``from_record``).

The record holds the event's structure and options, the state of its randomness, the clock's
time when it is a ``ManualClock``, every table's ``TableRecord`` (a hand in progress included),
the entries, the floor's events and its bookkeeping. Rebuilt, the event goes on identically:
the same seats drawn, the same cards dealt, the same rulings. A record is the floor's copy: it
holds the tables' cards and randomness, so it stays on the server. Never pickle.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import asdict, fields
from typing import Any, TypeVar

from pokerfloor.hand import RecordError, plain
from pokerfloor.table import record as rec
from pokerfloor.table.event_core import EventCore
from pokerfloor.table.event_types import Break, EntryState, FloorEvent, Options, _State
from pokerfloor.table.rotation import Rotation
from pokerfloor.table.seats import ManualClock
from pokerfloor.table.table import Table
from pokerfloor.table.tournament import Level

EVENT_RECORD_FORMAT = "pokerfloor-event"
EVENT_RECORD_VERSION = 1

_INT_KEYED = ("level_hands", "table_level", "raced")
# Options and state added after version 1 (with the values records made before them meant).
_LATER_OPTIONS = {"hand_for_hand_jumps": False, "hand_for_hand_minutes": 2}
E = TypeVar("E", bound=EventCore)


def event_json(event: EventCore) -> dict[str, Any]:
    """The event as plain JSON values (``MultiTableTournament.record``)."""
    rng = rec.rng_json(event.rng)
    if rng is None:
        raise RecordError("an event saves only a seeded random.Random")
    game = event.game
    state = asdict(event.state)
    for name in _INT_KEYED:
        state[name] = {str(k): v for k, v in state[name].items()}
    state["dealt"] = {str(no): {str(seat): entry for seat, entry in seats.items()}
                      for no, seats in state["dealt"].items()}
    return {
        "format": EVENT_RECORD_FORMAT,
        "version": EVENT_RECORD_VERSION,
        "game": {"rotation": [plain.game_json(g) for g in game.games], "per": game.per}
        if isinstance(game, Rotation) else {"game": plain.game_json(game)},
        "levels": [{"break": x.minutes} if isinstance(x, Break) else {"level": asdict(x)} for x in event.levels],
        "options": asdict(event.options),
        "rng": rng,
        "clock": event.clock.now if isinstance(event.clock, ManualClock) else None,
        "tables": {str(no): table.record().to_dict() for no, table in event.tables.items()},
        "entries": [asdict(e) for e in event.entries.values()],
        "events": [asdict(e) for e in event.events],
        "state": state,
    }


def event_from(
    data: Mapping[str, Any] | str | bytes, kind: type[E], *, clock: Callable[[], float] | None = None,
) -> E:
    """The event ``event_json`` wrote, as a ``kind`` (``MultiTableTournament``, which hands
    itself in), going on from where it was; ``RecordError`` (a ``ValueError``) for anything else."""
    try:
        if isinstance(data, str | bytes):
            data = json.loads(data)
        assert isinstance(data, Mapping)
        if data.get("format") != EVENT_RECORD_FORMAT or data.get("version") != EVENT_RECORD_VERSION:
            raise RecordError(f"not a {EVENT_RECORD_FORMAT} of version {EVENT_RECORD_VERSION}")
        made = data["game"]
        game = (Rotation(tuple(plain.game_from(g) for g in made["rotation"]), made["per"])
                if "rotation" in made else plain.game_from(made["game"]))
        levels = [Break(x["break"]) if "break" in x else Level(**x["level"]) for x in data["levels"]]
        made_options = {**_LATER_OPTIONS, **data["options"]}
        options = Options(**{f.name: made_options[f.name] for f in fields(Options)})
        rng = rec.rng_from(data["rng"])
        assert isinstance(rng, random.Random)
        if clock is None:
            clock = ManualClock(data["clock"] or 0.0)
        kw = asdict(options)
        kw["payouts"] = tuple(kw["payouts"])
        kw["colour_ups"] = tuple(tuple(u) for u in kw["colour_ups"])
        event = kind(game, levels, rng=rng, clock=clock, **kw)
        event.tables = {int(no): Table.from_record(t, clock=clock) for no, t in data["tables"].items()}
        event.entries = {e["entry"]: EntryState(**e) for e in data["entries"]}
        event.events = [FloorEvent(**e) for e in data["events"]]
        state = dict(data["state"])
        for name in _INT_KEYED:
            state[name] = {int(k): v for k, v in state[name].items()}
        state["dealt"] = {int(no): {int(seat): entry for seat, entry in seats.items()}
                          for no, seats in state["dealt"].items()}
        state["out"] = [[(entry, chips) for entry, chips in group] for group in state["out"]]
        for name in ("round_busts", "announced_busts"):
            state[name] = [(entry, chips) for entry, chips in state.get(name, [])]
        event.restore(_State(**state))
        problem = event_problem(event)
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, AssertionError, AttributeError, RecursionError, OverflowError) as wrong:
        raise RecordError(f"not an event record this library reads: {str(wrong)[:120]}") from None
    if problem:
        raise RecordError(f"not an event this library can go on with: {problem}")
    return event


def _whole(value: object, least: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def event_problem(event: EventCore) -> str:
    """What makes a rebuilt event one that cannot go on by the rules (``""`` if nothing): every
    entry in play sits where its table seats it, every player seated is an entry in play, the
    entries out are placed once each, the hands dealt are the tables' hands in play, and the
    chips at the tables are the chips the event issued (a record that loads plays on, and
    conserves)."""
    s, tables, entries = event.state, event.tables, event.entries
    counts = {"level": s.level, "issued": s.issued, "pool": s.pool, "next_entry": s.next_entry,
              "next_table": s.next_table, "hands": s.hands}
    bad = [name for name, value in counts.items() if not _whole(value)]
    if bad or s.level >= len(event.levels) or not isinstance(s.started, bool) or not isinstance(s.in_round, bool):
        return f"the event's counts are not whole numbers in range ({', '.join(bad) or 'level'})"
    for no, table in tables.items():
        if table.cash or table.size != event.table_size or no >= s.next_table or no < 1:
            return f"table {no} is not one of this event's tables"
    for key, e in entries.items():
        if key != e.entry or not isinstance(e.player, str) or not e.player or not isinstance(e.out, bool):
            return f"entry {key!r} is not an entry"
        if not (_whole(e.bounty) and _whole(e.won)) or not key.startswith("e") or not key[1:].isdigit() or (
                int(key[1:]) >= s.next_entry):
            return f"entry {key!r} has counts that are not whole numbers in range"
        if e.out or not s.started:      # (before the start, the entries wait for the draw, unseated)
            if e.table is not None or e.seat is not None:
                return f"entry {key} is {'out' if e.out else 'in before the start'} but seated"
            continue
        home = tables.get(e.table) if isinstance(e.table, int) else None
        seat = None if home is None or not isinstance(e.seat, int) else home.seats.get(e.seat)
        if seat is None or seat.player_id != key:
            return f"entry {key} is in play but not where its table seats it"
    seated = [(no, n, seat.player_id) for no, table in tables.items() for n, seat in table.seats.items()]
    for no, n, player_id in seated:
        held = entries.get(player_id)
        if held is None or held.out or (held.table, held.seat) != (no, n):
            return f"seat {n} of table {no} holds no entry in play"
    if event.players_left != (len(seated) if s.started else sum(not e.out for e in entries.values())) or (
            s.started and not s.deal and not seated and event.players_left):
        return "the entries in play are not the players seated"
    placed = [entry for group in (*s.out, s.round_busts, s.announced_busts) for entry, chips in group]
    if sorted(placed) != sorted(k for k, e in entries.items() if e.out) or not all(
            _whole(chips) for group in s.out for _, chips in group):
        return "the entries out are not placed once each"
    for no, dealt in s.dealt.items():
        at = tables.get(no)
        hand = None if at is None else at.hand
        if at is None or hand is None or at.hand_ended or sorted(dealt) != sorted(hand.seats) or any(
                at.seats.get(n) is None or at.seats[n].player_id != entry for n, entry in dealt.items()):
            return f"the hand dealt at table {no} is not the table's hand in play"
    for no, table in tables.items():
        if no not in s.dealt and table.hand is not None and not table.hand_ended:
            return f"table {no} has a hand in play the event did not deal"
    if not all(_whole(v) for v in (*s.level_hands.values(), *s.raced.values())) or not all(
            _whole(v) and v < len(event.levels) for v in s.table_level.values()):
        return "the event's counts by table are not whole numbers in range"
    listed = (*s.round_open, *s.halted, *s.table_level, *s.level_hands, *s.raced)
    if any(no not in tables for no in (*s.round_open, *s.halted)) or not all(_whole(no) for no in listed):
        return "the event names a table it does not have"
    if any(entry not in entries or not _whole(chips) for entry, chips in (*s.round_busts, *s.announced_busts)):
        return "a bust of this round is not an entry"
    if not all(_whole(no) and no in s.dealt for no in s.announced) or not all(
            _whole(k) and k < len(s.out) for k in s.shared) or (s.announced_busts and not s.announced):
        return "the hands being finished at hand-for-hand's announcement are not the tables' hands in play"
    if s.round_since is not None and (not s.in_round or not isinstance(s.round_since, int | float)):
        return "the hand-for-hand round's start is not a time of a round in play"
    if s.deal is not None and (not isinstance(s.deal, dict) or any(
            k not in entries or not _whole(v) for k, v in s.deal.items())):
        return "the deal pays entries the event does not have"
    if event.chips_on_tables() != s.issued:
        return f"the tables hold {event.chips_on_tables():,} chips, and the event issued {s.issued:,}"
    return ""
