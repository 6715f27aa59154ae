"""An event's settings, from an ``open_event`` frame's ``event`` object, validated whole.

Every field is checked before anything is made; the first wrong one is refused ``bad_field``
naming it (the server's one error, ``commands.Refused``). The structure is then tried on a
``MultiTableTournament`` itself, so that nothing the library would refuse gets stored. A
``template`` (``TEMPLATES``: turbo, deep, pko, horse) gives every field a value; the frame's own
fields override it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import Game
from pokerfloor.server.fields import Refused, Rule, bad_field
from pokerfloor.server.games import GameRefused, game_from, game_json, rotation_from
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.table.event_types import Break
from pokerfloor.table.rotation import Rotation
from pokerfloor.table.tournament import Level

MOST_CHIPS = 10**9          # a starting stack or blind; money fields (buy-ins, bounties) likewise
MOST_LEVELS = 60
NAME_LENGTH = 40
MOST_ENTRIES = 2_000

HOLDEM = {"variant": "holdem", "structure": "no_limit", "small_blind": 25, "big_blind": 50}


def _doubling(small: int, *, ante: bool, minutes: float | None = None, hands: int | None = None,
              count: int = 16, breaks_every: int = 0) -> list[dict[str, Any]]:
    levels: list[dict[str, Any]] = []
    for k in range(count):
        level: dict[str, Any] = {"small_blind": small << k, "big_blind": 2 * small << k}
        if ante and k >= 2:
            level["ante"] = (small << k) // 5
        if minutes is not None:
            level["minutes"] = minutes
        if hands is not None:
            level["hands"] = hands
        levels.append(level)
        if breaks_every and (k + 1) % breaks_every == 0 and k + 1 < count:
            levels.append({"break": 5})
    return levels


TEMPLATES: dict[str, dict[str, Any]] = {
    "turbo": {"name": "Turbo", "game": HOLDEM, "starting_stack": 1_500, "seats": 9, "buy_in": 2_000,
              "levels": _doubling(25, ante=True, minutes=5, breaks_every=6), "late_until": 3, "reentries": 1,
              "payouts": [50, 30, 20]},
    "deep": {"name": "Deep stack", "game": HOLDEM, "starting_stack": 20_000, "seats": 9, "buy_in": 5_000,
             "levels": _doubling(25, ante=True, minutes=20, breaks_every=4), "late_until": 6, "reentries": 1,
             "payouts": [40, 25, 15, 12, 8]},
    "pko": {"name": "Progressive knockout", "game": HOLDEM, "starting_stack": 5_000, "seats": 9, "buy_in": 1_000,
            "bounty": 1_000, "progressive": 50, "levels": _doubling(25, ante=True, minutes=10, breaks_every=6),
            "late_until": 4, "reentries": 1, "payouts": [50, 30, 20]},
    "horse": {"name": "HORSE", "rotation": {"name": "horse", "small_bet": 40, "per": "orbit"},
              "starting_stack": 4_000, "seats": 8, "buy_in": 3_000,
              "levels": _doubling(20, ante=False, minutes=15, breaks_every=4), "late_until": 3,
              "payouts": [50, 30, 20]},
}

_WHOLE = ("buy_in", "unit", "late_until", "reentries", "rebuys_until", "rebuy_price", "add_on_level",
          "add_on_stack", "add_on_price", "bounty", "progressive", "hand_for_hand")
_FLAGS = ("approval", "house_bots", "halt_short", "final_redraw", "hand_for_hand_jumps")
FIELDS = frozenset({"name", "game", "rotation", "levels", "starting_stack", "seats", "payouts", "colour_ups",
                    "start_at", "action_seconds", "between_hands", "most_entries", "hand_for_hand_minutes", *_WHOLE,
                    *_FLAGS})


WEIGHTS = Rule(tuple, 1, 50, words="1 to 50 whole weights for first, second... (percentages)")


def weights_field() -> Any:
    """Payout weights for first, second... (``weights``)."""
    return field(metadata={"rule": WEIGHTS})


def weights(value: object) -> tuple[int, ...]:
    """Payout weights checked whole (``WEIGHTS``, naming one place at least); ``Refused`` otherwise."""
    found: tuple[int, ...] = WEIGHTS.check("payouts", value, None)
    if sum(found) < 1:
        raise bad_field("payouts", "name one place at least")
    return found


@dataclass(frozen=True)
class EventConfig:
    """What an event was opened with (JSON values only: it is stored as it is; a stored one
    without a later field, ``hand_for_hand_jumps`` or ``hand_for_hand_minutes``, reads as its
    default)."""

    name: str
    game: dict[str, Any] | None
    rotation: dict[str, Any] | None
    levels: list[dict[str, Any]]
    starting_stack: int
    seats: int
    payouts: list[int]
    colour_ups: list[list[int]]
    whole: dict[str, int]
    approval: bool = False
    house_bots: bool = True
    halt_short: bool = True
    final_redraw: bool = True
    hand_for_hand_jumps: bool = False   # hand-for-hand before every pay jump in the money too (a house option)
    hand_for_hand_minutes: int = 2      # the level clock's minutes a hand-for-hand hand (TDA 2024 RP-8-B: 2, at most 3)
    start_at: float | None = None
    action_seconds: float = 30.0
    between_hands: float = 2.0
    most_entries: int = MOST_ENTRIES

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EventConfig:
        return cls(**dict(data))

    def played(self) -> Game | Rotation:
        if self.rotation is not None:
            return rotation_from(self.rotation)
        return game_from(self.game)

    def schedule(self) -> list[Level | Break]:
        return [Break(float(x["break"])) if "break" in x else Level(**x) for x in self.levels]

    def tournament(self, rng: random.Random, clock: Callable[[], float] | None = None) -> MultiTableTournament:
        """A new event of these settings (its seat draws from ``rng``), no entries yet."""
        return MultiTableTournament(
            self.played(), self.schedule(), starting_stack=self.starting_stack, rng=rng, clock=clock, seats=self.seats,
            payouts=tuple(self.payouts), colour_ups=[(u[0], u[1], u[2]) for u in self.colour_ups],
            halt_short=self.halt_short, final_redraw=self.final_redraw, hand_for_hand_jumps=self.hand_for_hand_jumps,
            hand_for_hand_minutes=self.hand_for_hand_minutes, **self.whole)


def _int(data: Mapping[str, Any], name: str, default: int, low: int = 0, high: int = MOST_CHIPS) -> int:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise bad_field(name, f"is a whole number, {low:,} to {high:,}")
    return value


def _number(data: Mapping[str, Any], name: str, default: float, low: float, high: float) -> float:
    value = data.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise bad_field(name, f"is a number, {low:g} to {high:g}")
    return float(value)


def _flag(data: Mapping[str, Any], name: str, default: bool) -> bool:
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise bad_field(name, "is true or false")
    return value


def _levels(raw: object) -> list[dict[str, Any]]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MOST_LEVELS:
        raise bad_field("levels", f"is a list of 1 to {MOST_LEVELS} levels and breaks")
    out: list[dict[str, Any]] = []
    for k, item in enumerate(raw):
        if not isinstance(item, dict):
            raise bad_field("levels", "are objects: a level's blinds and length, or {\"break\": minutes}")
        if "break" in item:
            if set(item) != {"break"} or k == 0:
                raise bad_field("levels", "a break is {\"break\": minutes}, after the first level")
            out.append({"break": _number(item, "break", 0, 1, 120)})
            continue
        unknown = sorted(set(item) - {"small_blind", "big_blind", "ante", "bb_ante", "hands", "minutes"})
        if unknown:
            raise bad_field("levels", f"have no field {unknown[0]!r}")
        level: dict[str, Any] = {"small_blind": _int(item, "small_blind", 0, 1),
                                 "big_blind": _int(item, "big_blind", 0, 1), "ante": _int(item, "ante", 0),
                                 "bb_ante": _int(item, "bb_ante", 0)}
        if level["small_blind"] > level["big_blind"]:
            raise bad_field("small_blind", "is at most the big blind")
        if "hands" in item and "minutes" in item:
            raise bad_field("levels", "a level lasts hands or minutes, not both")
        if "hands" in item:
            level["hands"] = _int(item, "hands", 1, 1, 10_000)
        elif "minutes" in item:
            level["minutes"] = _number(item, "minutes", 1, 0.05, 240)
        elif k < len(raw) - 1:
            raise bad_field("levels", "every level but the last lasts hands or minutes")
        out.append(level)
    return out


def event_config(frame: Mapping[str, Any]) -> EventConfig:
    """The settings an ``open_event`` frame asks for: ``template`` (optional) and ``event`` (its
    fields override the template's); ``Refused`` ``bad_field`` naming the first wrong field."""
    template = frame.get("template")
    if template is not None and template not in TEMPLATES:
        raise bad_field("template", f"is one of {', '.join(TEMPLATES)}")
    given = frame.get("event", {})
    if not isinstance(given, dict):
        raise bad_field("event", "is an object")
    unknown = sorted(set(given) - FIELDS)
    if unknown:
        raise bad_field("event", f"has no field {unknown[0]!r}")
    data = {**(TEMPLATES[template] if template else {}), **given}
    if "rotation" in given:
        data.pop("game", None)
    elif "game" in given:
        data.pop("rotation", None)
    name = data.get("name", "Tournament")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_LENGTH:
        raise bad_field("name", f"is 1 to {NAME_LENGTH} characters")
    game, rotation = data.get("game", HOLDEM if "rotation" not in data else None), data.get("rotation")
    try:
        if rotation is not None:
            most = rotation_from(rotation).max_players
        else:
            game = game_json(game_from(game))
            most = game_from(game).variant_spec.max_players
    except GameRefused as wrong:
        raise bad_field(wrong.field, str(wrong)) from None
    if "levels" not in data:
        raise bad_field("levels", "are needed (or a template)")
    payouts = weights(data.get("payouts", [50, 30, 20]))
    ups = data.get("colour_ups", [])
    if not isinstance(ups, list) or len(ups) > 10 or any(
            not isinstance(u, list) or len(u) != 3 or any(isinstance(x, bool) or not isinstance(x, int) for x in u)
            for u in ups):
        raise bad_field("colour_ups", "is a list of [level, old chip, new chip]")
    start_at = data.get("start_at")
    if start_at is not None and (isinstance(start_at, bool) or not isinstance(start_at, int | float) or start_at < 0):
        raise bad_field("start_at", "is a time in seconds since 1970, or null")
    config = EventConfig(
        name=name.strip(), game=None if rotation is not None else game, rotation=rotation,
        levels=_levels(data["levels"]),
        starting_stack=_int(data, "starting_stack", 0, 1), seats=_int(data, "seats", min(9, most), 2, min(10, most)),
        payouts=list(payouts), colour_ups=[list(u) for u in ups],
        whole={name: _int(data, name, 1 if name == "unit" else 0, 1 if name == "unit" else 0,
                         100 if name == "progressive" else MOST_CHIPS) for name in _WHOLE},
        **{flag: _flag(data, flag, default) for flag, default in
           (("approval", False), ("house_bots", True), ("halt_short", True), ("final_redraw", True),
            ("hand_for_hand_jumps", False))},
        hand_for_hand_minutes=_int(data, "hand_for_hand_minutes", 2, 0, 3),
        start_at=None if start_at is None else float(start_at),
        action_seconds=_number(data, "action_seconds", 30, 1, 600),
        between_hands=_number(data, "between_hands", 2, 0, 30),
        most_entries=_int(data, "most_entries", MOST_ENTRIES, 2, MOST_ENTRIES),
    )
    if "hand_for_hand" not in data:
        config.whole["hand_for_hand"] = 1
    try:
        config.tournament(random.Random(0))
    except (PokerfloorError, ValueError, TypeError) as wrong:
        raise Refused("bad_field", f"event: {wrong}", field="event") from None
    return config
