"""A table saved: the ``TableRecord`` that ``Table.record()`` makes and ``Table.from_record``
reads, one typed value whose JSON ``typedjson`` writes and reads back (every field checked
against its type), and the checks of a record against itself.

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
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, fields
from typing import Any, cast

from pokerfloor.cards import SeededShuffler, Shuffler
from pokerfloor.hand import Post, bomb, plain
from pokerfloor.hand.record import HandRecord
from pokerfloor.hand.types import READ_ERRORS as READ_ERRORS
from pokerfloor.hand.types import Event, brief
from pokerfloor.hand.types import RecordError as RecordError
from pokerfloor.hand.types import refusal as refusal
from pokerfloor.rules import Game
from pokerfloor.table import bombs
from pokerfloor.table.buttons import BlindPlan, Note, Owed, Positions
from pokerfloor.table.customs import KillButton, TableOptions
from pokerfloor.table.ledger import Entry, Ledger, LedgerError
from pokerfloor.table.rotation import RotationState
from pokerfloor.table.seats import Seat, TableEvent
from pokerfloor.typedjson import Unreadable, codec, dump, load

TABLE_RECORD_FORMAT = "pokerfloor.table-record"
TABLE_RECORD_VERSION = 1
"""The table record format's version: a reader refuses a version it does not know."""


Rng = dict[str, object]
"""The state of a deck's randomness as ``rng_json`` writes it (``rng_from`` reads and checks it)."""


@dataclass(frozen=True)
class PlanRecord:
    """The blinds' plan for the next hand (``buttons.BlindPlan``) as JSON: its debts, a mapping
    by seat, are pairs. Its fields are the plan's (a test checks they stay so)."""

    positions: Positions
    dealt: tuple[int, ...]
    posts: tuple[Post, ...]
    owes: tuple[tuple[int, Owed], ...]
    notes: tuple[Note, ...]
    small_blind_seat: int | None
    heads_up: bool
    new_game: bool
    waiting: tuple[int, ...]
    dealer_button: int | None

    @classmethod
    def of(cls, plan: BlindPlan) -> PlanRecord:
        values = {f.name: getattr(plan, f.name) for f in fields(BlindPlan)}
        return cls(**{**values, "owes": tuple(plan.owes.items())})

    def plan(self) -> BlindPlan:
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return BlindPlan(**{**values, "owes": dict(self.owes)})


@dataclass(frozen=True)
class LedgerRecord:
    """The ledger (``Ledger.to_dict``): the entries in memory and the running sums."""

    recorded: int
    entries: tuple[Entry, ...]
    holdings: dict[str, int]
    names: dict[str, str]
    hand_totals: tuple[tuple[int, int], ...]
    totals: tuple[tuple[str, str | None, int], ...]

    @classmethod
    def of(cls, ledger: Ledger) -> LedgerRecord:
        return load(cls, ledger.to_dict(), defaults=True)

    def ledger(self, sink: Callable[[Entry], None] | None) -> Ledger:
        return Ledger.from_dict(dump(self), sink)


@dataclass(frozen=True)
class HandPart:
    """The last hand, in progress or not yet ended: its ``HandRecord``, the state its deck
    started from, whether it draws from the table's randomness, whether its chips are collected
    (``ended``), the events of it the stream holds (``synced``) and the seats it was dealt to."""

    record: HandRecord
    rng: Rng | None
    shares_table_rng: bool
    ended: bool
    synced: int
    dealt: tuple[Seat, ...]


@dataclass(frozen=True)
class TableRecord:
    """A table saved (``Table.record()``): one typed value whose fields are the record's, in its
    JSON's order, written (``to_json``) and read back (``from_json``) by ``typedjson``, every value
    checked against its field's type as it is read, then the record against itself
    (``check_fields``); ``Table.from_record`` rebuilds the table from it. The last five fields were
    added to version 1 since it was first written: a record without them is read as a table that
    has none of them (no rotation, no bomb pots)."""

    format: str
    version: int
    game: Game
    next_game: Game | None
    size: int
    options: TableOptions
    cash: bool
    keep_hands: int
    first_button: int | None
    clock: float | None
    rng: Rng | None
    own_rng: Rng | None
    seats: tuple[Seat, ...]
    positions: Positions | None
    plan: PlanRecord | None
    hand_number: int
    hand: HandPart | None
    seq: int
    events: tuple[TableEvent, ...]
    ledger: LedgerRecord
    departures: tuple[tuple[str, float, int], ...]
    straddles: tuple[Post, ...]
    sleepers: tuple[Post, ...]
    rock: int | None
    kill: KillButton
    last_busts: tuple[tuple[int, str, int], ...]
    markers: tuple[tuple[str, int, int], ...]
    rotation: RotationState | None = None
    blind_positions: Positions | None = None
    bomb_called: tuple[int, int] | None = None
    bomb_rule: tuple[int, int, int | None] | None = None
    bomb_hands: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON values."""
        return cast(dict[str, Any], dump(self))

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableRecord:
        """A record from its JSON values: ``RecordError`` (a ``ValueError``) for another format
        or version, or any field missing or not of its type, or a record that does not hold
        together (``check_fields``)."""
        if not isinstance(data, Mapping) or data.get("format") != TABLE_RECORD_FORMAT:
            raise RecordError(f"not a {TABLE_RECORD_FORMAT}")
        version = data.get("version")
        if version != TABLE_RECORD_VERSION:
            raise RecordError(
                f"{TABLE_RECORD_FORMAT} version {brief(version)} is not known;"
                f" this library reads {TABLE_RECORD_VERSION}"
            )
        try:
            record = load(cls, data, "table record", defaults=True)
        except Unreadable as wrong:
            raise RecordError(f"a table record with a missing or malformed field: {wrong}") from None
        except READ_ERRORS as error:
            raise refusal("a table record", error) from None
        check_fields(record)
        return record

    @classmethod
    def from_json(cls, text: str | bytes) -> TableRecord:
        return cls.from_dict(plain.json_object(text, "a table record"))


codec(Game, plain.game_json, plain.game_from)
codec(Post, plain.post_json, plain.post_from)
codec(Event, plain.event_json, plain.event_from)
codec(HandRecord, HandRecord.to_dict, HandRecord.from_dict)
codec(RotationState, RotationState.to_json, RotationState.from_json)


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
    """A copy of ``rng`` in its present state when that state can be saved, else ``None`` (a
    ``random.Random`` through its state: a sixth of a deep copy's time, at every deal)."""
    if type(rng) is random.Random:
        copied = random.Random()
        copied.setstate(rng.getstate())
        return copied
    return copy.deepcopy(rng) if rng_json(rng) is not None else None


def event_json(event: TableEvent) -> dict[str, Any]:
    """A stream entry as JSON (its hand event with every card: a record is the dealer's copy)."""
    return cast(dict[str, Any], dump(event))


# ---------------------------------------------------------------------------------- checking a record whole
# A record from outside is read whole, every field of its type, then checked against itself
# (``check_fields``), then (``check_table``) the table built from it against itself. A record
# that loads is one that plays on; nothing fails later with a TypeError or KeyError (issue 25).


def _seats(where: str, seats: tuple[Seat, ...], size: int) -> list[int]:
    numbers = []
    for i, seat in enumerate(seats):
        if not 1 <= seat.number <= size:
            raise RecordError(f"a table record's {where}[{i}] is seat {seat.number}, not one of 1 to {size}")
        if not seat.player or not seat.player_id or seat.chips < 0:
            raise RecordError(f"a table record's {where}[{i}] has no name, no player id or chips below zero")
        numbers.append(seat.number)
    if len(set(numbers)) != len(numbers):
        raise RecordError(f"a table record's {where} name a seat twice")
    return numbers


def check_fields(record: TableRecord) -> None:
    """A table record read field by field holds together: the seats (numbers on the table, each
    once; each player seated once), the bomb pot's hands as the table writes them, and a hand in
    progress dealt to seats at the table. ``RecordError`` names the first thing that does not."""
    for i, hand in enumerate(record.bomb_hands):
        if not bombs.written(hand):
            raise RecordError(f"a table record's bomb_hands[{i}] is not a hand as the table writes it: {brief(hand)}")
    numbers = _seats("seats", record.seats, record.size)
    ids = [seat.player_id for seat in record.seats]
    if len(set(ids)) != len(ids):
        raise RecordError("a table record seats one player id twice (sit() refuses that)")
    if record.hand is not None:
        dealt = _seats("hand.dealt", record.hand.dealt, record.size)
        if not record.hand.ended and not set(dealt) <= set(numbers):
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
    record: TableRecord, ledger: Ledger, stacks: Mapping[str, int], hand_seats: Collection[int] | None
) -> None:
    """The table rebuilt from a ``record`` holds together (``RecordError`` otherwise):
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
        dealt = {seat.number for seat in record.hand.dealt} if record.hand is not None else set()
        if dealt != set(hand_seats):
            raise RecordError(f"a table record whose hand seats {sorted(hand_seats)} but was dealt to {sorted(dealt)}")
