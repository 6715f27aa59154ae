"""A sit-and-go's structure (``TournamentSettings``, the ``tournament`` option of
``create_table``): its starting stack, its levels (``table.Level``) and its payouts; and the
checks of the table's settings' numbers, chips by ``rules.chips_problem`` (the library's one
check of chips), each refused ``bad_field`` naming its field."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokerfloor.rules import Game, chips_problem
from pokerfloor.server.fields import bad_field
from pokerfloor.table import Level

MOST_CHIPS = 10**9
"""The most chips of a tournament's starting stack or blinds."""
MOST_LEVELS = 100


def whole(value: object, name: str, low: int, high: int, words: str) -> int:
    """A whole number from ``low`` to ``high`` (``rules.chips_problem``: no bool, no float), or
    ``Refused`` (``bad_field`` naming ``name``: it ``words``)."""
    if chips_problem(name, value, low) or not isinstance(value, int) or value > high:
        raise bad_field(name, words)
    return value


def chips(value: object, name: str, *, zero: bool = False) -> int:
    least = 0 if zero else 1
    return whole(value, name, least, MOST_CHIPS, f"is a whole number of chips, {least} to {MOST_CHIPS:,}")


def number(value: object, name: str, low: float, high: float, words: str, *, low_open: bool = False) -> float:
    """A number (whole or not; no bool) in the range, as a float; ``Refused`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise bad_field(name, words)
    if not low <= value <= high or (low_open and value == low):
        raise bad_field(name, words)
    return float(value)


LEVEL_FIELDS = {"small_blind", "big_blind", "ante", "bb_ante", "hands", "minutes"}


def read_level(data: object, *, last: bool, most_minutes: float = 24 * 60, count: bool = False) -> Level:
    """One level (a sit-and-go's, an event's: ``table.Level``), chips by ``rules.chips_problem``;
    it lasts a number of hands or of minutes, at most ``most_minutes`` (the last may last to the
    end); ``count``: it may say how many levels it doubles into (``doubling``)."""
    if not isinstance(data, Mapping):
        raise bad_field("levels", "are objects: small_blind, big_blind, ante or bb_ante, hands or minutes")
    unknown = sorted(set(data) - LEVEL_FIELDS - ({"levels"} if count else set()))
    if unknown:
        raise bad_field("levels", f"have no field {unknown[0]!r}")
    small, big = chips(data.get("small_blind"), "small_blind"), chips(data.get("big_blind"), "big_blind")
    if small > big:
        raise bad_field("small_blind", "is at most the big blind")
    # Each player's ante, or the big blind's ante for the table (TDA 2024 RP-11): one of them.
    ante, bb_ante = chips(data.get("ante", 0), "ante", zero=True), chips(data.get("bb_ante", 0), "bb_ante", zero=True)
    if ante and bb_ante:
        raise bad_field("bb_ante", "is for a level without an ante from each player")
    hands, minutes = data.get("hands"), data.get("minutes")
    if hands is not None and minutes is not None:
        raise bad_field("levels", "last a number of hands or of minutes, not both")
    if hands is not None:
        hands = whole(hands, "hands", 1, 10_000, "is 1 to 10,000 hands")
    if minutes is not None:
        most = "a day" if most_minutes == 24 * 60 else f"{most_minutes:g}"
        minutes = number(minutes, "minutes", 0, most_minutes, f"is a positive number of minutes, at most {most}",
                         low_open=True)
    if hands is None and minutes is None and not last:
        raise bad_field("levels", "last a number of hands or minutes (only the last lasts to the end)")
    return Level(small, big, ante, bb_ante, hands, minutes)


@dataclass(frozen=True)
class TournamentSettings:
    """A sit-and-go's structure: its starting stack, its levels (the blinds go up by them, TDA
    2024 R23) and its payouts, percentages of the prizes for first, second... adding up to 100."""

    starting_stack: int
    levels: tuple[Level, ...]
    payouts: tuple[int, ...] = (50, 30, 20)

    @classmethod
    def read(cls, data: object, game: Game) -> TournamentSettings:
        """The ``tournament`` option, whole (``Refused`` otherwise): ``starting_stack``;
        ``levels``, a list of ``{"small_blind", "big_blind", "ante" | "bb_ante", "hands" |
        "minutes"}`` (the last may last to the end), or ``doubling``, ``{"small_blind",
        "big_blind", "ante" | "bb_ante", "hands" | "minutes", "levels"}``: the blinds and the ante
        doubling each level; ``payouts``."""
        if not isinstance(data, Mapping):
            raise bad_field("tournament", "is an object: starting_stack, levels or doubling, payouts")
        unknown = sorted(set(data) - {"starting_stack", "levels", "doubling", "payouts"})
        if unknown:
            raise bad_field("tournament", f"has no field {unknown[0]!r}")
        stack = chips(data.get("starting_stack"), "starting_stack")
        if ("levels" in data) == ("doubling" in data):
            raise bad_field("tournament", "has levels or doubling, one of them")
        if "doubling" in data:
            doubling = data["doubling"]
            if not isinstance(doubling, Mapping):
                raise bad_field("doubling", "is an object: small_blind, big_blind, hands or minutes, levels")
            count = whole(doubling.get("levels", 10), "levels", 1, 30, "is 1 to 30 levels")
            first = read_level(doubling, last=False, count=True)
            levels = [dataclasses.replace(first, small_blind=first.small_blind << k, big_blind=first.big_blind << k,
                                          ante=first.ante << k, bb_ante=first.bb_ante << k) for k in range(count)]
        else:
            given = data["levels"]
            if not isinstance(given, list) or not 1 <= len(given) <= MOST_LEVELS:
                raise bad_field("levels", f"is a list of 1 to {MOST_LEVELS} levels")
            levels = [read_level(level, last=k == len(given) - 1) for k, level in enumerate(given)]
        if any(level.big_blind > MOST_CHIPS for level in levels):
            raise bad_field("levels", f"has blinds of at most {MOST_CHIPS:,}")
        payouts = data.get("payouts", [50, 30, 20])
        if (not isinstance(payouts, list) or not 1 <= len(payouts) <= 10
                or any(chips_problem("payouts", p) for p in payouts) or sum(payouts) != 100):
            raise bad_field("payouts", "is a list of 1 to 10 whole percentages adding up to 100")
        try:
            levels[0].game(game)
        except (ValueError, TypeError) as wrong:
            raise bad_field("levels", f"do not fit this game: {wrong}") from None
        return cls(stack, tuple(levels), tuple(payouts))

    def json(self) -> dict[str, Any]:
        return {"starting_stack": self.starting_stack, "levels": [dataclasses.asdict(level) for level in self.levels],
                "payouts": list(self.payouts)}


