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
from typing import TYPE_CHECKING, Any

from pokerfloor.hand import RecordError, plain
from pokerfloor.table import record as rec
from pokerfloor.table.event_types import Break, EntryState, FloorEvent, Options, _State
from pokerfloor.table.rotation import Rotation
from pokerfloor.table.seats import ManualClock
from pokerfloor.table.table import Table
from pokerfloor.table.tournament import Level

EVENT_RECORD_FORMAT = "pokerfloor-event"
EVENT_RECORD_VERSION = 1

_INT_KEYED = ("level_hands", "table_level", "raced")

if TYPE_CHECKING:       # the event's module imports this one to save and restore itself
    from pokerfloor.table.event import MultiTableTournament


def event_json(event: MultiTableTournament) -> dict[str, Any]:
    """The event as plain JSON values (``MultiTableTournament.record``)."""
    rng = rec.rng_json(event.rng)
    if rng is None:
        raise RecordError("an event saves only a seeded random.Random")
    game = event.game
    state = asdict(event._s)
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
    data: Mapping[str, Any] | str | bytes, kind: type[MultiTableTournament], *,
    clock: Callable[[], float] | None = None,
) -> MultiTableTournament:
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
        options = Options(**{f.name: data["options"][f.name] for f in fields(Options)})
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
        event._alive = sum(not e.out for e in event.entries.values())
        event.events = [FloorEvent(**e) for e in data["events"]]
        state = dict(data["state"])
        for name in _INT_KEYED:
            state[name] = {int(k): v for k, v in state[name].items()}
        state["dealt"] = {int(no): {int(seat): entry for seat, entry in seats.items()}
                          for no, seats in state["dealt"].items()}
        state["out"] = [[(entry, chips) for entry, chips in group] for group in state["out"]]
        state["round_busts"] = [(entry, chips) for entry, chips in state["round_busts"]]
        event._s = _State(**state)
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, AssertionError, AttributeError) as wrong:
        raise RecordError(f"not an event record this library reads: {wrong}") from None
    return event
