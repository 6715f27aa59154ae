"""An event's stored state (``EventRunner.state``) checked whole as it is read back: its format
and version, and the kind of every field the runner takes from it (``seq``, the inputs it
follows, and ``moves``, the host's moves waiting, were added to version 1 later: a state
without them follows no input and has no move waiting). The event record inside is
checked by the library (``MultiTableTournament.from_record``)."""

from __future__ import annotations

from typing import Any

from pokerfloor.typedjson import Unreadable

STATE_FORMAT = "pokerfloor-served-event"
STATE_VERSION = 1

PERSON_FIELDS: dict[str, type | tuple[type, ...]] = {
    "name": str, "token_hash": str, "bot": str, "entries": list, "notices": list, "timeouts": int,
}
"""A registered person's fields and their kinds (``runner.Person``); entries and notices hold texts."""


def check_state(data: Any) -> None:
    """Refuse (``Unreadable``) a stored state of another format or version, or with a field
    missing or of the wrong kind."""
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT or data.get("version") != STATE_VERSION:
        raise Unreadable(f"an event's state that is not a {STATE_FORMAT} of version {STATE_VERSION}")
    problem = _problem(data)
    if problem:
        raise Unreadable(f"an event's stored state that cannot be read: {problem}")


def _problem(data: dict[str, Any]) -> str:
    kinds = {"event": dict, "persons": dict, "pending": dict, "clock": dict, "seed": str, "hands": int, "seen": int}
    for key, kind in kinds.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            return f"{key} is missing or of the wrong kind"
    seq = data.get("seq", 0)     # (a state written before the inputs were: none follow it)
    if not isinstance(seq, int) or isinstance(seq, bool):
        return "seq is of the wrong kind"
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(
            isinstance(m, list) and len(m) == 3 and isinstance(m[0], str)
            and all(isinstance(n, int) and not isinstance(n, bool) for n in m[1:]) for m in moves):
        return "moves is not a list of [entry, table, seat]"
    spread = data.get("away", [])      # (added later: a state without it has no hand played away)
    if not isinstance(spread, list) or not all(isinstance(n, int) and not isinstance(n, bool) for n in spread):
        return "away is not a list of table numbers"
    if data["hands"] < 0 or data["seen"] < 0 or seq < 0:
        return "a count is below zero"
    clock = data["clock"]
    paused = clock.get("paused_at")
    if not isinstance(clock.get("offset"), (int, float)) or not (paused is None or isinstance(paused, (int, float))):
        return "the clock's offset and pause are numbers"
    if not isinstance(data["event"].get("state"), dict):
        return "the event record has no state"
    for key, person in data["persons"].items():
        known = isinstance(person, dict) and set(person) <= set(PERSON_FIELDS)
        if not known or not {"name", "token_hash"} <= set(person):
            return f"person {str(key)[:40]!r} has fields missing or unknown"
        for name, value in person.items():
            if not isinstance(value, PERSON_FIELDS[name]) or isinstance(value, bool):
                return f"person {str(key)[:40]!r}: {name} is of the wrong kind"
            if isinstance(value, list) and not all(isinstance(item, str) for item in value):
                return f"person {str(key)[:40]!r}: {name} holds something other than text"
    return ""
