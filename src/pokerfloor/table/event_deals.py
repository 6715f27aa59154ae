"""A hand of a ``MultiTableTournament`` dealt by the floor and played elsewhere, as data.

The floor (the event) decides every deal and applies every hand's result; the hand itself may
be played by someone else: another task, another process. ``MultiTableTournament.deal_message``
deals a table's next hand as the floor always does (``deal``) and returns it as a ``HandDeal``:
the hand as dealt (its ``HandRecord`` without inputs: seats, stacks, button, posts, the level's
game) and its deck's randomness at the start, drawn from the table's (nothing a player sends
shapes it). Whoever plays it rebuilds the hand (``HandDeal.hand_to_play``), plays it
(``Hand.act``), and, once it is over, reports its end (``HandEnd.of``: its record, every input).
``MultiTableTournament.end_hand_from`` plays those inputs on the floor's own table
(``Table.finish_from``: the same cards, the same deck after it) and ends the hand as
``end_hand`` does: the same rebuys, bounties, places, breaking and balancing as a hand played on
the floor's table, to the chip. It applies an end once (by the table and the hand's number) and
refuses one that is not the hand it dealt. Both are versioned JSON (``to_json``, ``from_json``).

A player changes table only between hands, by the floor's ruling, so no seat is ever only in
a message: their chips leave with one table's end, which the floor applied, and arrive in
another table's next deal.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pokerfloor.hand import Hand, HandRecord, RecordError, plain
from pokerfloor.hand.types import brief
from pokerfloor.table.record import rng_from

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
    ``level``: who is dealt in (``seats``: seat, entry and name), the hand as dealt (``start``,
    no input) and its deck's randomness then (``deck``, ``table.record.rng_json``; ``None`` when
    ``start``'s seed deals it). The dealer's copy: it stays on the server."""

    table: int
    number: int
    level: int
    seats: tuple[tuple[int, str, str], ...]
    start: HandRecord
    deck: dict[str, Any] | None

    def hand_to_play(self) -> Hand:
        """The hand, to be played (``Hand.act``) until it is over: it deals the same cards."""
        if self.deck is None:
            return Hand.from_record(self.start)
        return Hand.from_record(replace(self.start, dealt=()), rng=rng_from(self.deck))

    def to_dict(self) -> dict[str, Any]:
        return {"format": DEAL_FORMAT, "version": DEALS_VERSION, "table": self.table, "number": self.number,
                "level": self.level, "seats": [list(seat) for seat in self.seats], "start": self.start.to_dict(),
                "deck": self.deck}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> HandDeal:
        """A deal from its JSON values; ``RecordError`` (a ``ValueError``) for anything else."""
        d = _head(data, DEAL_FORMAT)
        seats, deck = d.get("seats"), d.get("deck")
        if not isinstance(seats, list) or not all(
                isinstance(s, list) and len(s) == 3 and isinstance(s[1], str) and isinstance(s[2], str) for s in seats):
            raise RecordError("a deal's seats are [seat, entry, name]")
        if deck is not None and not (isinstance(deck, dict) and deck.get("kind") in ("mt19937", "sha256")):
            raise RecordError("a deal's deck is a saved randomness")
        start = HandRecord.from_dict(d.get("start"))  # type: ignore[arg-type]
        if start.inputs or (deck is None) != (start.seed is not None):
            raise RecordError("a deal's hand is as dealt: no input, and its deck or its seed")
        try:
            rng_from(deck)
        except (KeyError, TypeError, ValueError) as wrong:
            raise RecordError(f"a deal's deck that cannot be read: {brief(str(wrong))}") from None
        return cls(_whole(d.get("table"), "a deal's table"), _whole(d.get("number"), "a deal's hand number"),
                   _whole(d.get("level"), "a deal's level"),
                   tuple((_whole(s, "a deal's seat"), e, n) for s, e, n in seats), start, deck)

    @classmethod
    def from_json(cls, text: str | bytes) -> HandDeal:
        return cls.from_dict(plain.json_object(text, "a hand's deal"))


@dataclass(frozen=True, slots=True)
class HandEnd:
    """Table ``table``'s hand ``number`` over: its record (``record``), every input in it; the
    floor ends it (``MultiTableTournament.end_hand_from``)."""

    table: int
    number: int
    record: HandRecord

    @classmethod
    def of(cls, deal: HandDeal, hand: Hand) -> HandEnd:
        """The end of ``deal``'s hand, played on ``hand`` (``HandDeal.hand_to_play``);
        ``RecordError`` while it is not over."""
        if not hand.is_over:
            raise RecordError(f"table {deal.table}'s hand {deal.number} is not over")
        return cls(deal.table, deal.number, hand.record())

    def to_dict(self) -> dict[str, Any]:
        return {"format": END_FORMAT, "version": DEALS_VERSION, "table": self.table, "number": self.number,
                "record": self.record.to_dict()}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> HandEnd:
        """An end from its JSON values; ``RecordError`` (a ``ValueError``) for anything else."""
        d = _head(data, END_FORMAT)
        record = HandRecord.from_dict(d.get("record"))  # type: ignore[arg-type]
        return cls(_whole(d.get("table"), "an end's table"), _whole(d.get("number"), "an end's hand number"), record)

    @classmethod
    def from_json(cls, text: str | bytes) -> HandEnd:
        return cls.from_dict(plain.json_object(text, "a hand's end"))
