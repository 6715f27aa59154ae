"""A hand of a ``MultiTableTournament`` dealt by the floor and played elsewhere, as data.

The floor (the event) decides every deal and applies every hand's result; the hand itself may
be played by someone else: another task, another process. ``MultiTableTournament.deal_message``
deals a table's next hand as the floor always does (``deal``) and returns it as a ``HandDeal``:
the table's record at the hand's start (its seats, stacks, button, the level's game, and the
state of its randomness, from which the deck is drawn: nothing a player sends shapes it).
Whoever plays it rebuilds the table (``HandDeal.table``), plays the hand with the table's API
(``Table.act``), and, once the hand is over, reports its end (``HandEnd.of``: the table's record
then, the hand not yet ended). ``MultiTableTournament.end_hand_from`` applies that end to the
floor's copy of the table and ends the hand there as ``end_hand`` does: the same rebuys,
bounties, places, breaking and balancing as a hand played on the floor's own table, to the
chip. It applies an end once (by the table and the hand's number) and refuses one that is not
the hand it dealt. Both are versioned JSON (``to_json``, ``from_json``).

A player changes table only between hands, by the floor's ruling, so no seat is ever only in
a message: their chips leave with one table's end, which the floor applied, and arrive in
another table's next deal.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pokerfloor.hand import RecordError, plain
from pokerfloor.hand.types import brief
from pokerfloor.table.record import TableRecord
from pokerfloor.table.table import Table

DEAL_FORMAT = "pokerfloor.hand-deal"
END_FORMAT = "pokerfloor.hand-end"
DEALS_VERSION = 1


def _whole(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise RecordError(f"{where} is a whole number, not {brief(value)}")
    return value


def _head(data: object, fmt: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping) or data.get("format") != fmt:
        raise RecordError(f"not a {fmt}")
    if data.get("version") != DEALS_VERSION:
        raise RecordError(f"{fmt} version {brief(data.get('version'))} is not known;"
                          f" this library reads {DEALS_VERSION}")
    return data


@dataclass(frozen=True, slots=True)
class HandDeal:
    """The floor's deal of table ``table``'s hand ``number`` (the table's own count) at level
    ``level``: who is dealt in (``seats``: seat and entry), and the table at the hand's start
    (``start``, the dealer's copy: it holds the deck's randomness, so it stays on the server)."""

    table: int
    number: int
    level: int
    seats: tuple[tuple[int, str], ...]
    start: TableRecord

    def table_to_play(self, *, clock: Callable[[], float] | None = None) -> Table:
        """The table with this hand in play, to be played with ``Table.act`` until it is over."""
        return Table.from_record(self.start, clock=clock)

    def to_dict(self) -> dict[str, Any]:
        return {"format": DEAL_FORMAT, "version": DEALS_VERSION, "table": self.table, "number": self.number,
                "level": self.level, "seats": [[seat, entry] for seat, entry in self.seats],
                "start": self.start.to_dict()}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> HandDeal:
        """A deal from its JSON values; ``RecordError`` (a ``ValueError``) for anything else."""
        d = _head(data, DEAL_FORMAT)
        seats = d.get("seats")
        if not isinstance(seats, list) or not all(
                isinstance(s, list) and len(s) == 2 and isinstance(s[1], str) for s in seats):
            raise RecordError("a deal's seats are [seat, entry] pairs")
        start = TableRecord.from_dict(d.get("start"))  # type: ignore[arg-type]
        deal = cls(_whole(d.get("table"), "a deal's table"), _whole(d.get("number"), "a deal's hand number"),
                   _whole(d.get("level"), "a deal's level"),
                   tuple((_whole(s, "a deal's seat"), e) for s, e in seats), start)
        if start.hand is None or start.hand_number != deal.number:
            raise RecordError("a deal's table has that hand in play")
        return deal

    @classmethod
    def from_json(cls, text: str | bytes) -> HandDeal:
        return cls.from_dict(plain.json_object(text, "a hand's deal"))


@dataclass(frozen=True, slots=True)
class HandEnd:
    """Table ``table``'s hand ``number`` over: the table then (``end``), the hand not yet
    ended (the floor ends it: ``MultiTableTournament.end_hand_from``)."""

    table: int
    number: int
    end: TableRecord

    @classmethod
    def of(cls, deal: HandDeal, table: Table) -> HandEnd:
        """The end of ``deal``'s hand, played on ``table`` (``HandDeal.table_to_play``);
        ``RecordError`` while it is not over, once ended, or for another hand."""
        hand = table.hand
        if hand is None or not hand.is_over or table.hand_ended or table.hand_number != deal.number:
            raise RecordError(f"table {deal.table}'s hand {deal.number} is not over and waiting to be ended")
        return cls(deal.table, deal.number, table.record())

    def to_dict(self) -> dict[str, Any]:
        return {"format": END_FORMAT, "version": DEALS_VERSION, "table": self.table, "number": self.number,
                "end": self.end.to_dict()}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> HandEnd:
        """An end from its JSON values; ``RecordError`` (a ``ValueError``) for anything else."""
        d = _head(data, END_FORMAT)
        end = TableRecord.from_dict(d.get("end"))  # type: ignore[arg-type]
        made = cls(_whole(d.get("table"), "an end's table"), _whole(d.get("number"), "an end's hand number"), end)
        if end.hand is None or end.hand_number != made.number:
            raise RecordError("an end's table holds that hand")
        return made

    @classmethod
    def from_json(cls, text: str | bytes) -> HandEnd:
        return cls.from_dict(plain.json_object(text, "a hand's end"))
