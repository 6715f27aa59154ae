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
import dataclasses
import json
import math
import random
import types
from collections.abc import Collection, Mapping
from dataclasses import asdict, fields
from typing import Any, Literal, Union, cast, get_args, get_origin, get_type_hints

from pokerfloor.cards import SeededShuffler, Shuffler
from pokerfloor.hand import Post, bomb, plain
from pokerfloor.hand.record import HandRecord
from pokerfloor.hand.types import READ_ERRORS as READ_ERRORS
from pokerfloor.hand.types import RecordError as RecordError
from pokerfloor.hand.types import brief
from pokerfloor.hand.types import refusal as refusal
from pokerfloor.rules import Game
from pokerfloor.table import bombs
from pokerfloor.table.buttons import BlindPlan, Note, Owed, Positions
from pokerfloor.table.customs import KillButton, KillGame, Straddles, TableOptions
from pokerfloor.table.ledger import Entry, Ledger, LedgerError
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
        """A record from its JSON values: ``RecordError`` (a ``ValueError``) for another format
        or version, or any field missing or not of the kind ``Table.record()`` writes
        (``check_fields``)."""
        if not isinstance(data, Mapping) or data.get("format") != TABLE_RECORD_FORMAT:
            raise RecordError(f"not a {TABLE_RECORD_FORMAT}")
        version = data.get("version")
        if version != TABLE_RECORD_VERSION:
            raise RecordError(
                f"{TABLE_RECORD_FORMAT} version {brief(version)} is not known;"
                f" this library reads {TABLE_RECORD_VERSION}"
            )
        try:
            check_fields(data)
        except READ_ERRORS as error:
            raise refusal("a table record", error) from None
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
    raise RecordError(f"unknown randomness {brief(data['kind'])}")


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



# ---------------------------------------------------------------------------------- checking a record whole
# A record from outside is checked whole as it is read: every field of the kind ``record()``
# writes, then (``check_table``) the table built from it against itself. A record that loads is
# one that plays on; nothing fails later with a TypeError or KeyError (issue 25).

_TOP: dict[str, Any] = {
    "game": dict, "next_game": dict | None, "size": int, "options": dict, "cash": bool, "keep_hands": int,
    "first_button": int | None, "clock": float | None, "rng": dict | None, "own_rng": dict | None,
    "seats": list, "positions": dict | None, "plan": dict | None, "hand_number": int, "hand": dict | None,
    "seq": int, "events": list, "ledger": dict, "departures": list, "straddles": list, "sleepers": list,
    "rock": int | None, "kill": dict, "last_busts": list, "markers": list,
}
_LATER: dict[str, Any] = {
    "rotation": dict | None, "blind_positions": dict | None, "bomb_called": tuple[int, int] | None,
    "bomb_rule": tuple[int, int, int | None] | None, "bomb_hands": tuple[str, ...],
}
"""Fields added to version 1 since it was first written: a record without them is read as a table
that has none of them (no rotation, no bomb pots); one with them is checked like the others."""
_LEDGER: dict[str, Any] = {"recorded": int, "entries": list, "holdings": dict, "names": dict, "hand_totals": list,
                           "totals": list}
_HAND: dict[str, Any] = {"record": dict, "rng": dict | None, "shares_table_rng": bool, "ended": bool,
                         "synced": int, "dealt": list}


def _fits(value: object, hint: Any) -> bool:
    """Whether a JSON value is one of the kind ``hint`` names (a field's type)."""
    origin = get_origin(hint)
    if hint is Any:
        return True
    if origin is Literal:
        return any(type(value) is type(choice) and value == choice for choice in get_args(hint))
    if origin in (Union, types.UnionType):
        return any(_fits(value, option) for option in get_args(hint))
    if hint is type(None) or hint is None:
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool) and -(2**63) < value < 2**63
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    if hint is str:
        return isinstance(value, str)
    if hint in (dict, list):
        return isinstance(value, hint)
    if origin is tuple:
        args = get_args(hint)
        if not isinstance(value, list | tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(_fits(v, a) for v, a in zip(value, args))
    if dataclasses.is_dataclass(hint):
        return isinstance(value, Mapping) and _misfit(hint, value) is None
    return True  # a field its own reader checks (a hand event, the plan's debts)


_HINTS: dict[type, dict[str, Any]] = {}


def _misfit(cls: Any, data: Mapping[str, Any], skip: tuple[str, ...] = ()) -> str | None:
    """The first field of ``data`` that a ``cls`` (a dataclass) cannot hold, or ``None``."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = get_type_hints(cls)
    for key in data:
        if key not in hints:
            return f"{cls.__name__} has no field {brief(key)}"
    for spec in fields(cls):
        if spec.name in skip:
            continue
        if spec.name not in data:
            if spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING:
                return f"{cls.__name__}'s {spec.name} is missing"
            continue
        if not _fits(data[spec.name], hints[spec.name]):
            return f"{cls.__name__}'s {spec.name} cannot be {brief(data[spec.name])}"
    return None


def _check(where: str, data: object, shape: dict[str, Any]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise RecordError(f"a table record's {where} is a JSON object, not {brief(data)}")
    for key, hint in shape.items():
        path = f"{where}.{key}" if where else key
        if key not in data:
            raise RecordError(f"a table record with a missing or malformed {path}: it has none")
        if not _fits(data[key], hint):
            raise RecordError(f"a table record with a missing or malformed {path}: not {brief(data[key])}")
    return data


def _each(where: str, items: list[Any], cls: Any, skip: tuple[str, ...] = ()) -> None:
    for i, item in enumerate(items):
        problem = _misfit(cls, item, skip) if isinstance(item, Mapping) else f"not {brief(item)}"
        if problem is not None:
            raise RecordError(f"a table record's {where}[{i}]: {problem}")


def _rows(where: str, items: list[Any], *hints: Any) -> None:
    """Each item a JSON list of as many values as ``hints``, each of its kind."""
    for i, item in enumerate(items):
        if not isinstance(item, list | tuple) or len(item) != len(hints) or not all(map(_fits, item, hints)):
            raise RecordError(f"a table record's {where}[{i}] cannot be {brief(item)}")


def _seats(where: str, items: list[Any], size: int) -> list[int]:
    _each(where, items, Seat, skip=("owes",))
    numbers = []
    for i, item in enumerate(items):
        problem = _misfit(Owed, item["owes"]) if isinstance(item.get("owes"), Mapping) else "owes nothing readable"
        if problem is not None:
            raise RecordError(f"a table record's {where}[{i}]: {problem}")
        if not 1 <= item["number"] <= size:
            raise RecordError(f"a table record's {where}[{i}] is seat {item['number']}, not one of 1 to {size}")
        if not item["player"] or not item["player_id"] or item["chips"] < 0:
            raise RecordError(f"a table record's {where}[{i}] has no name, no player id or chips below zero")
        numbers.append(item["number"])
    if len(set(numbers)) != len(numbers):
        raise RecordError(f"a table record's {where} name a seat twice")
    return numbers


def check_fields(data: Mapping[str, Any]) -> None:
    """Every field of a table record is there and of the kind ``Table.record()`` writes: the
    seats (numbers on the table, each once; player ids that are texts, each seated once), the
    ledger's entries and sums, the stream's events, the plan and the customs. ``RecordError``
    names the first that is not."""
    _check("", data, _TOP)
    _check("", data, {key: hint for key, hint in _LATER.items() if key in data})
    for i, hand in enumerate(data.get("bomb_hands", ())):
        if not bombs.written(hand):
            raise RecordError(f"a table record's bomb_hands[{i}] is not a hand as the table writes it: {brief(hand)}")
    size = data["size"]
    numbers = _seats("seats", data["seats"], size)
    ids = [s["player_id"] for s in data["seats"]]
    if len(set(ids)) != len(ids):
        raise RecordError("a table record seats one player id twice (sit() refuses that)")
    ledger = _check("ledger", data["ledger"], _LEDGER)
    _each("ledger.entries", ledger["entries"], Entry)
    for name in ("holdings", "names"):
        for key, value in ledger[name].items():
            if not isinstance(key, str) or not _fits(value, int if name == "holdings" else str):
                raise RecordError(f"a table record's ledger.{name} cannot hold {brief(key)}: {brief(value)}")
    _rows("ledger.hand_totals", ledger["hand_totals"], int, int)
    _rows("ledger.totals", ledger["totals"], str, str | None, int)
    _each("events", data["events"], TableEvent, skip=("event",))
    _rows("departures", data["departures"], str, float, int)
    _rows("last_busts", data["last_busts"], int, str, int)
    _rows("markers", data["markers"], str, int, int)
    _each("kill", [data["kill"]], KillButton)
    options = _check("options", data["options"], {"straddles": dict, "kill": dict | None})
    _each("options.straddles", [options["straddles"]], Straddles)
    _each("options.kill", [options["kill"]] if options["kill"] is not None else [], KillGame)
    if data["positions"] is not None:
        _each("positions", [data["positions"]], Positions)
    if data["plan"] is not None:
        plan = _check("plan", data["plan"], {"positions": dict, "dealt": list, "posts": list, "owes": list,
                                             "notes": list, "waiting": list})
        _each("plan", [plan], BlindPlan, skip=("positions", "posts", "owes", "notes"))
        _each("plan.positions", [plan["positions"]], Positions)
        _each("plan.notes", plan["notes"], Note)
        _rows("plan.owes", plan["owes"], int, dict)
        for i, (_, owed) in enumerate(plan["owes"]):
            if _misfit(Owed, owed) is not None:
                raise RecordError(f"a table record's plan.owes[{i}] cannot be {brief(owed)}")
    if data["hand"] is not None:
        hand = _check("hand", data["hand"], _HAND)
        dealt = _seats("hand.dealt", hand["dealt"], size)
        if not hand["ended"] and not set(dealt) <= set(numbers):
            raise RecordError("a table record's hand in progress was dealt to a seat that is not at the table")


def check_hand_chips(seats: Mapping[int, Seat], dealt: Mapping[int, Seat], starting: Mapping[int, int]) -> None:
    """A hand in progress (not yet ended) plays the seats' own chips: each seat it was dealt to
    holds the same player, whose chips at the table are the hand's starting stack (chips bought
    in it included). Otherwise ending it would create or destroy chips (``RecordError``)."""
    for number, chips in sorted(starting.items()):
        seat, was = seats.get(number), dealt.get(number)
        if seat is None or was is None or seat.player_id != was.player_id:
            raise RecordError(f"a table record whose hand in progress was dealt seat {number} to another player")
        if seat.chips != chips:
            raise RecordError(
                f"a table record whose hand in progress starts seat {number} with {chips} chips, but the seat holds"
                f" {seat.chips}: ending it would not conserve the chips"
            )


def check_bomb(game: Game, size: int, called: object, where: str) -> None:
    """A bomb pot the record calls or sets as the table's rule is one the table deals: the game's
    (``hand.bomb.check_bomb_pot``) and one deck for every seat (``RecordError`` otherwise)."""
    if called is None:
        return
    if not isinstance(called, list | tuple) or len(called) < 2:
        raise RecordError(f"a table record's {where} is (ante, boards...), not {brief(called)}")
    try:
        ante, boards = bomb.check_bomb_pot(game, called[0], called[1])
    except ValueError as wrong:
        raise RecordError(f"a table record's {where} cannot be dealt: {brief(str(wrong), 160, quote=False)}") from None
    problem = bomb.deck_problem(game, size, boards)
    if problem or not ante:
        raise RecordError(f"a table record's {where} cannot be dealt: {problem or 'an ante of no chips'}")


def check_table(
    data: Mapping[str, Any], ledger: Ledger, stacks: Mapping[str, int], hand_seats: Collection[int] | None
) -> None:
    """The table rebuilt from a record (``data``) holds together (``RecordError`` otherwise):
    every stack (``stacks``, by player) is what its own ``ledger`` says, and the hand in
    progress, seating ``hand_seats`` (None: no hand), was dealt to the seats the record says
    it was."""
    try:
        ledger.verify(stacks)
    except LedgerError as error:
        raise RecordError(f"a table record its own ledger contradicts: {brief(str(error), 160, quote=False)}") from None
    # The book's sums agree with its holdings: what each player holds is what they brought in,
    # less what they took away, and what they won; the table holds the sum of the holdings.
    for player in ledger.players():
        summed = ledger.brought_in(player) - ledger.taken_away(player) + ledger.won(player)
        if summed != ledger.holding(player):
            raise RecordError(
                f"a table record whose ledger sums {summed} for {brief(ledger.name(player))} but holds"
                f" {ledger.holding(player)}"
            )
    if ledger.on_table() != sum(ledger.holding(p) for p in ledger.players()):
        raise RecordError("a table record whose ledger's total on the table is not the sum of its holdings")
    if hand_seats is not None:
        dealt = {s["number"] for s in data["hand"]["dealt"]}
        if dealt != set(hand_seats):
            raise RecordError(f"a table record whose hand seats {sorted(hand_seats)} but was dealt to {sorted(dealt)}")
