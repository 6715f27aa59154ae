"""A table as plain JSON: the ``TableRecord`` that ``Table.record()`` writes and
``Table.from_record`` reads, and the conversions of the table's values to and from JSON.

A record holds the table's configuration and house rules, the seats (player ids and names,
stacks, status, blinds owed), the button, the customs (straddles declared, the rock, the kill
button), the ledger and event stream in memory (the last ``keep_hands`` hands), the state of the
table's randomness, and the last hand's ``HandRecord`` (in progress or not yet ended) with the
state its deck started from, so the rebuilt table goes on identically: the same next events and,
with seeded randomness, the same next cards.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from dataclasses import asdict, fields
from typing import Any, cast

from pokerfloor.cards import SeededShuffler, Shuffler
from pokerfloor.hand import Post, plain
from pokerfloor.hand.record import HandRecord
from pokerfloor.table.buttons import BlindPlan, Note, Owed, Positions
from pokerfloor.table.customs import KillButton, KillGame, Straddles, TableOptions
from pokerfloor.table.seats import Seat, TableEvent

TABLE_RECORD_FORMAT = "pokerfloor.table-record"
TABLE_RECORD_VERSION = 1
"""The table record format's version: a reader refuses a version it does not know."""


class TableRecord(dict[str, Any]):
    """A table saved as plain JSON (``Table.record()``): a ``dict`` that ``json.dumps`` takes as
    it is, with the format's name and version; ``Table.from_record`` rebuilds the table."""

    @property
    def version(self) -> int:
        return int(self["version"])

    @property
    def hand(self) -> HandRecord | None:
        """The last hand's record, when it is in progress or not yet ended."""
        hand = self.get("hand")
        return None if hand is None else HandRecord.from_dict(hand["record"])

    def to_dict(self) -> dict[str, Any]:
        """The record as a plain ``dict``."""
        return json.loads(self.to_json())  # type: ignore[no-any-return]

    def to_json(self) -> str:
        return json.dumps(self, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableRecord:
        """A record from its JSON values (``ValueError`` for another format or version)."""
        if not isinstance(data, Mapping) or data.get("format") != TABLE_RECORD_FORMAT:
            raise ValueError(f"not a {TABLE_RECORD_FORMAT}")
        version = data.get("version")
        if version != TABLE_RECORD_VERSION:
            raise ValueError(
                f"{TABLE_RECORD_FORMAT} version {version!r} is not known; this library reads {TABLE_RECORD_VERSION}"
            )
        return cls(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> TableRecord:
        return cls.from_dict(plain.json_object(text, "a table record"))


# ---------------------------------------------------------------------------------- randomness
def rng_json(rng: Shuffler | None) -> dict[str, Any] | None:
    """The state of a deck's randomness as JSON, ``None`` when it has none to save (no rng, or
    the operating system's, ``secrets.SystemRandom``, which cannot be replayed)."""
    if isinstance(rng, SeededShuffler):
        seed, counter, pool, bits = rng.__getstate__()
        return {"kind": "sha256", "seed": seed.hex(), "counter": counter, "pool": f"{pool:x}", "bits": bits}
    if type(rng) is random.Random:
        version, state, gauss = rng.getstate()
        return {"kind": "mt19937", "version": version, "state": list(state), "gauss": gauss}
    return None


def rng_from(data: Mapping[str, Any] | None) -> Shuffler | None:
    """The randomness ``rng_json`` saved, in the same state."""
    if data is None:
        return None
    if data["kind"] == "sha256":
        shuffler = SeededShuffler(bytes.fromhex(data["seed"]))
        shuffler.__setstate__((bytes.fromhex(data["seed"]), data["counter"], int(data["pool"], 16), data["bits"]))
        return shuffler
    if data["kind"] == "mt19937":
        rng = random.Random()
        rng.setstate((data["version"], tuple(data["state"]), data["gauss"]))
        return rng
    raise ValueError(f"unknown randomness {data['kind']!r}")


def snapshot(rng: Shuffler | None) -> Shuffler | None:
    """A copy of ``rng`` in its present state when that state can be saved, else ``None``."""
    return copy.deepcopy(rng) if rng_json(rng) is not None else None


# ---------------------------------------------------------------------------------- the table's values
def seat_json(seat: Seat) -> dict[str, Any]:
    return {**asdict(seat), "owes": asdict(seat.owes)}


def seat_from(data: Mapping[str, Any]) -> Seat:
    return Seat(**{**data, "owes": Owed(**data["owes"])})


def positions_from(data: Mapping[str, Any] | None) -> Positions | None:
    return None if data is None else Positions(**data)


def plan_json(plan: BlindPlan | None) -> dict[str, Any] | None:
    if plan is None:
        return None
    return {
        "positions": asdict(plan.positions),
        "dealt": list(plan.dealt),
        "posts": [plain.post_json(p) for p in plan.posts],
        "owes": [[seat, asdict(owed)] for seat, owed in plan.owes.items()],
        "notes": [asdict(n) for n in plan.notes],
        "small_blind_seat": plan.small_blind_seat,
        "heads_up": plan.heads_up,
        "new_game": plan.new_game,
        "waiting": list(plan.waiting),
        "dealer_button": plan.dealer_button,
    }


def plan_from(data: Mapping[str, Any] | None) -> BlindPlan | None:
    if data is None:
        return None
    return BlindPlan(
        positions=Positions(**data["positions"]),
        dealt=tuple(data["dealt"]),
        posts=tuple(plain.post_from(p) for p in data["posts"]),
        owes={int(seat): Owed(**owed) for seat, owed in data["owes"]},
        notes=tuple(Note(**n) for n in data["notes"]),
        small_blind_seat=data["small_blind_seat"],
        heads_up=data["heads_up"],
        new_game=data["new_game"],
        waiting=tuple(data["waiting"]),
        dealer_button=data["dealer_button"],
    )


def posts_from(items: list[Any]) -> list[Post]:
    return [plain.post_from(p) for p in items]


def options_json(options: TableOptions) -> dict[str, Any]:
    kill = options.kill
    return {"straddles": asdict(options.straddles), "kill": None if kill is None else asdict(kill)}


def options_from(data: Mapping[str, Any]) -> TableOptions:
    kill = data["kill"]
    return TableOptions(straddles=Straddles(**data["straddles"]), kill=None if kill is None else KillGame(**kill))


def kill_from(data: Mapping[str, Any]) -> KillButton:
    return KillButton(**data)


def event_json(event: TableEvent) -> dict[str, Any]:
    """A stream entry as JSON (its hand event with every card: a record is the dealer's copy)."""
    out = {f.name: getattr(event, f.name) for f in fields(event) if f.name != "event"}
    out["event"] = None if event.event is None else plain.event_json(event.event)
    return out


def event_from(data: Mapping[str, Any]) -> TableEvent:
    values = dict(data)
    hand_event = values.pop("event")
    return TableEvent(**values, event=None if hand_event is None else plain.event_from(hand_event))



def busts_from(items: list[Any]) -> tuple[tuple[int, str, int], ...]:
    return tuple((int(seat), str(name), int(chips)) for seat, name, chips in items)


def triples_from(items: list[Any]) -> list[tuple[str, int, int]]:
    return [cast(tuple[str, int, int], tuple(item)) for item in items]
