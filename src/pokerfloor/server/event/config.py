"""An event's settings, from an ``open_event`` frame's ``event`` object, validated whole.

Every field is checked before anything is made; the first wrong one is refused ``bad_field``
naming it (the server's one error, ``commands.Refused``). The structure is then tried on a
``MultiTableTournament`` itself, so that nothing the library would refuse gets stored. A
``template`` (``TEMPLATES``: turbo, deep, pko, horse) gives every field a value; the frame's own
fields override it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import Game
from pokerfloor.server.fields import Refused, Rule, bad_field
from pokerfloor.server.games import GameRefused, RotationChoice, game_from, game_json
from pokerfloor.server.settings import flag
from pokerfloor.server.structure import number, read_level, whole
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.table.event_types import Break
from pokerfloor.table.rotation import Rotation
from pokerfloor.table.tournament import Level

MOST_CHIPS = 10**9          # a starting stack or blind; money fields (buy-ins, bounties) likewise
MOST_LEVELS = 60
MOST_MINUTES = 240          # a level's
NAME_LENGTH = 40
MOST_ENTRIES = 2_000

HOLDEM = game_from({"variant": "holdem", "structure": "no_limit", "small_blind": 25, "big_blind": 50})

Stage = Level | Break
"""A step of an event's schedule: a level, or a break between two."""

_WHOLE = ("buy_in", "unit", "late_until", "reentries", "rebuys_until", "rebuy_price", "add_on_level",
          "add_on_stack", "add_on_price", "bounty", "progressive", "hand_for_hand")
_FLAGS = (("approval", False), ("house_bots", True), ("halt_short", True), ("final_redraw", True),
          ("hand_for_hand_jumps", False))
FIELDS = frozenset({"name", "game", "rotation", "levels", "starting_stack", "seats", "payouts", "colour_ups",
                    "start_at", "action_seconds", "between_hands", "most_entries", "hand_for_hand_minutes", *_WHOLE,
                    *(name for name, _ in _FLAGS)})
"""The fields of an ``open_event`` frame's ``event`` object."""


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


def stage_json(stage: Stage) -> dict[str, object]:
    """A level or a break as ``open_event`` gives it (and the store keeps it)."""
    if isinstance(stage, Break):
        return {"break": stage.minutes}
    data: dict[str, object] = {"small_blind": stage.small_blind, "big_blind": stage.big_blind, "ante": stage.ante,
                               "bb_ante": stage.bb_ante}
    if stage.hands is not None:
        data["hands"] = stage.hands
    elif stage.minutes is not None:
        data["minutes"] = stage.minutes
    return data


def read_stages(raw: object) -> tuple[Stage, ...]:
    """The ``levels`` field: 1 to ``MOST_LEVELS`` levels (``structure.read_level``, a sit-and-go's
    too) and ``{"break": minutes}`` after the first level; every level but the last lasts hands
    or minutes."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= MOST_LEVELS:
        raise bad_field("levels", f"is a list of 1 to {MOST_LEVELS} levels and breaks")
    stages: list[Stage] = []
    for k, item in enumerate(raw):
        if isinstance(item, Mapping) and "break" in item:
            if set(item) != {"break"} or k == 0:
                raise bad_field("levels", "a break is {\"break\": minutes}, after the first level")
            stages.append(Break(number(item["break"], "break", 1, 120, "is a number, 1 to 120")))
        else:
            stages.append(read_level(item, last=k == len(raw) - 1, most_minutes=MOST_MINUTES))
    return tuple(stages)


def _doubling(small: int, *, ante: bool, minutes: float, count: int = 16, breaks_every: int = 0) -> tuple[Stage, ...]:
    stages: list[Stage] = []
    for k in range(count):
        stages.append(Level(small << k, 2 * small << k, (small << k) // 5 if ante and k >= 2 else 0, minutes=minutes))
        if breaks_every and (k + 1) % breaks_every == 0 and k + 1 < count:
            stages.append(Break(5.0))
    return tuple(stages)


def _int(data: Mapping[str, Any], name: str, default: int, low: int = 0, high: int = MOST_CHIPS) -> int:
    return whole(data.get(name, default), name, low, high, f"is a whole number, {low:,} to {high:,}")


def _number(data: Mapping[str, Any], name: str, default: float, low: float, high: float) -> float:
    return number(data.get(name, default), name, low, high, f"is a number, {low:g} to {high:g}")


@dataclass(frozen=True)
class EventConfig:
    """What an event was opened with, read whole from the ``open_event`` frame (``read``) and
    stored as its JSON (``to_json``), read back by the same checks (``from_json``: a stored one
    without a later field, ``hand_for_hand_jumps`` or ``hand_for_hand_minutes``, reads as its
    default)."""

    name: str
    game: Game | None
    rotation: RotationChoice | None
    levels: tuple[Stage, ...]
    starting_stack: int
    seats: int
    payouts: tuple[int, ...]
    colour_ups: tuple[tuple[int, int, int], ...]
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

    def to_json(self) -> dict[str, object]:
        """The settings as the store keeps them: the event's fields, those that are whole
        numbers (``_WHOLE``) under ``whole``."""
        data: dict[str, object] = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data.update(game=None if self.game is None else game_json(self.game),
                    rotation=None if self.rotation is None else self.rotation.json(),
                    levels=[stage_json(stage) for stage in self.levels], payouts=list(self.payouts),
                    colour_ups=[list(up) for up in self.colour_ups], whole=dict(self.whole))
        return data

    def fields(self) -> dict[str, object]:
        """The settings as an ``open_event`` frame's ``event`` object (``read`` reads them back)."""
        data = self.to_json()
        wholes = data.pop("whole")
        assert isinstance(wholes, dict)
        return {**data, **wholes}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EventConfig:
        """Stored settings (``to_json``), checked whole again (``Refused`` if they do not read)."""
        stored = dict(data)
        wholes = stored.pop("whole", {})
        if not isinstance(wholes, Mapping):
            raise bad_field("whole", "is an object")
        return cls.read({**stored, **wholes})

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> EventConfig:
        """An ``event`` object checked whole, the first wrong field refused ``bad_field``
        naming it; then tried on a ``MultiTableTournament``, so that nothing the library would
        refuse gets stored."""
        unknown = sorted(set(data) - FIELDS)
        if unknown:
            raise bad_field("event", f"has no field {unknown[0]!r}")
        name = data.get("name", "Tournament")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_LENGTH:
            raise bad_field("name", f"is 1 to {NAME_LENGTH} characters")
        game: Game | None = None
        rotation = None
        try:
            if data.get("rotation") is not None:
                rotation = RotationChoice.read(data["rotation"])
                most = rotation.rotation().max_players
            else:     # hold'em unless it names a game (or a rotation: then null is no game)
                game = game_from(data.get("game", None if "rotation" in data else game_json(HOLDEM)))
                most = game.variant_spec.max_players
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
        if start_at is not None and (isinstance(start_at, bool) or not isinstance(start_at, int | float)
                                     or start_at < 0):
            raise bad_field("start_at", "is a time in seconds since 1970, or null")
        config = cls(
            name=name.strip(), game=game, rotation=rotation, levels=read_stages(data["levels"]),
            starting_stack=_int(data, "starting_stack", 0, 1),
            seats=_int(data, "seats", min(9, most), 2, min(10, most)),
            payouts=payouts, colour_ups=tuple((u[0], u[1], u[2]) for u in ups),
            whole={name: _int(data, name, 1 if name in ("unit", "hand_for_hand") else 0, 1 if name == "unit" else 0,
                              100 if name == "progressive" else MOST_CHIPS) for name in _WHOLE},
            **{name: flag(data, name, default) for name, default in _FLAGS},
            hand_for_hand_minutes=_int(data, "hand_for_hand_minutes", 2, 0, 3),
            start_at=None if start_at is None else float(start_at),
            action_seconds=_number(data, "action_seconds", 30, 1, 600),
            between_hands=_number(data, "between_hands", 2, 0, 30),
            most_entries=_int(data, "most_entries", MOST_ENTRIES, 2, MOST_ENTRIES),
        )
        try:
            config.tournament(random.Random(0))
        except (PokerfloorError, ValueError, TypeError) as wrong:
            raise Refused("bad_field", f"event: {wrong}", field="event") from None
        return config

    def played(self) -> Game | Rotation:
        return self.rotation.rotation() if self.rotation is not None else self.game or HOLDEM

    def tournament(self, rng: random.Random, clock: Callable[[], float] | None = None) -> MultiTableTournament:
        """A new event of these settings (its seat draws from ``rng``), no entries yet."""
        return MultiTableTournament(
            self.played(), list(self.levels), starting_stack=self.starting_stack, rng=rng, clock=clock,
            seats=self.seats, payouts=self.payouts, colour_ups=list(self.colour_ups), halt_short=self.halt_short,
            final_redraw=self.final_redraw, hand_for_hand_jumps=self.hand_for_hand_jumps,
            hand_for_hand_minutes=self.hand_for_hand_minutes, **self.whole)


def _template(name: str, levels: tuple[Stage, ...], **given: Any) -> EventConfig:
    return EventConfig.read({"name": name, "levels": [stage_json(stage) for stage in levels], **given})


TEMPLATES: dict[str, EventConfig] = {
    "turbo": _template("Turbo", _doubling(25, ante=True, minutes=5, breaks_every=6), starting_stack=1_500, seats=9,
                       buy_in=2_000, late_until=3, reentries=1, payouts=[50, 30, 20]),
    "deep": _template("Deep stack", _doubling(25, ante=True, minutes=20, breaks_every=4), starting_stack=20_000,
                      seats=9, buy_in=5_000, late_until=6, reentries=1, payouts=[40, 25, 15, 12, 8]),
    "pko": _template("Progressive knockout", _doubling(25, ante=True, minutes=10, breaks_every=6),
                     starting_stack=5_000, seats=9, buy_in=1_000, bounty=1_000, progressive=50, late_until=4,
                     reentries=1, payouts=[50, 30, 20]),
    "horse": _template("HORSE", _doubling(20, ante=False, minutes=15, breaks_every=4),
                       rotation={"name": "horse", "small_bet": 40, "per": "orbit"}, starting_stack=4_000, seats=8,
                       buy_in=3_000, late_until=3, payouts=[50, 30, 20]),
}
"""The events a host may open by name (``open_event``'s ``template``); the frame's own fields
override the template's."""


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
    data = {**(TEMPLATES[template].fields() if template else {}), **given}
    if "rotation" in given:
        data.pop("game", None)
    elif "game" in given:
        data.pop("rotation", None)
    return EventConfig.read(data)
