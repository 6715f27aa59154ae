"""The games a table deals: the ``game`` object of ``create_table`` checked whole, and the
``rotation`` option (a mixed game through ``Table.rotate_games``), docs/protocol.md.

Every variant of ``pokerfloor.VARIANTS`` is offered, in each betting structure the engine deals
(spread limit with its ``spread``). The forced bets follow the game's family: stud games (stud,
stud hi-lo, razz) take an ante and a bring-in and no blinds; every other game takes blinds
(RROP11 Seven-card stud; the bring-in is less than the small bet in fixed limit, rules.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import STRUCTURES, VARIANTS, Game, Structure, chips_problem
from pokerfloor.server.fields import MAX_CHIPS
from pokerfloor.table.rotation import EIGHT_GAME, HORSE, LimitStakes, Rotation

GAME_FIELDS = ("variant", "structure", "small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet", "spread")
"""The fields a ``game`` object may hold; any other is refused."""

ROTATIONS = {"horse": HORSE, "8game": EIGHT_GAME}
"""The named mixed games a table may rotate (``options.rotation.name``)."""


class GameRefused(PokerfloorError, ValueError):
    """A game or rotation the server does not deal; the message says why, ``field`` names the
    field at fault (a ``bad_field``)."""

    def __init__(self, message: str, field: str = "game") -> None:
        super().__init__(message)
        self.field = field


def _chips(raw: Mapping[str, Any], name: str, default: int = 0) -> int:
    value = raw.get(name, default)
    if chips_problem(name, value) or value > MAX_CHIPS:
        raise GameRefused(f"{name} is a whole number of chips, 0 to {MAX_CHIPS}", name)
    return int(value)


def game_from(raw: object) -> Game:
    """The game a ``create_table`` frame asks for, or ``GameRefused`` naming what is wrong."""
    if not isinstance(raw, Mapping):
        raise GameRefused("game is an object: variant, structure and its forced bets")
    unknown = sorted(set(raw) - set(GAME_FIELDS))
    if unknown:
        raise GameRefused(f"a game has no field {unknown[0]!r} (fields: {', '.join(GAME_FIELDS)})")
    variant = raw.get("variant", "holdem")
    if variant not in VARIANTS:
        raise GameRefused(f"variant is one of {', '.join(VARIANTS)}", "variant")
    stud = VARIANTS[variant].family == "stud"
    structure = raw.get("structure", "fixed_limit" if stud else "no_limit")
    if structure not in STRUCTURES:
        raise GameRefused(f"structure is one of {', '.join(STRUCTURES)}", "structure")
    given = {name: _chips(raw, name) for name in ("ante", "bring_in", "small_bet", "big_bet")}
    if stud:
        if "small_blind" in raw or "big_blind" in raw:
            raise GameRefused(f"{variant} is dealt with an ante and a bring-in, not blinds")
        if not given["bring_in"]:
            raise GameRefused(f"{variant} needs a bring-in of at least one chip", "bring_in")
        if not given["small_bet"]:
            raise GameRefused(f"{variant} needs a small bet (the bet of third and fourth street)", "small_bet")
        blinds = {}
    else:
        if given["bring_in"]:
            raise GameRefused(f"{variant} has blinds, not a bring-in", "bring_in")
        blinds = {"small_blind": _chips(raw, "small_blind", 1), "big_blind": _chips(raw, "big_blind", 2)}
        if not blinds["big_blind"]:
            raise GameRefused("the big blind is at least one chip", "big_blind")
    spread = raw.get("spread")
    if spread is not None:
        if not isinstance(spread, list) or len(spread) != 3:
            raise GameRefused("spread is [minimum, maximum, last-round maximum]", "spread")
        spread = tuple(_chips({"spread": s}, "spread") for s in spread)
    try:
        values: dict[str, Any] = {**blinds, **{k: v for k, v in given.items() if v}}
        return Game(variant=variant, structure=cast(Structure, structure), spread=spread, **values)
    except (TypeError, ValueError) as wrong:
        raise GameRefused(str(wrong)) from None


def game_json(game: Game) -> dict[str, Any]:
    """A table's game as ``create_table`` gives it (``game_from`` reads it back to the same game)."""
    data: dict[str, Any] = {"variant": game.variant, "structure": game.structure}
    if game.variant_spec.family == "stud":
        data.update(bring_in=game.bring_in, small_bet=game.small_bet)
    else:
        data.update(small_blind=game.small_blind, big_blind=game.big_blind)
    for name in ("ante", "big_bet") + (("small_bet",) if game.variant_spec.family != "stud" else ()):
        value = game.inputs()[name]
        if value:
            data[name] = value
    if game.spread is not None:
        data["spread"] = list(game.spread)
    return data


DEALERS_CHOICE = "dealers_choice"
"""The rotation ``name`` of dealer's choice: the seat holding the choice names each orbit's game
from the host's ``games`` (``Table.choose_game``)."""


def _choices(raw: object) -> list[tuple[str, Structure]]:
    """The host's list for dealer's choice: each a variant name (fixed limit) or
    ``[variant, structure]``, each at most once, 1 to as many games as there are variants."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= len(VARIANTS) * len(STRUCTURES):
        raise GameRefused("games is a list of games: variant names, or [variant, structure]", "games")
    games: list[tuple[str, Structure]] = []
    for entry in raw:
        pair = [entry, "fixed_limit"] if isinstance(entry, str) else entry
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] not in VARIANTS or pair[1] not in STRUCTURES:
            raise GameRefused(f"each game is a variant ({', '.join(VARIANTS)}) or [variant, structure]", "games")
        games.append((pair[0], cast(Structure, pair[1])))
    return games


@dataclass(frozen=True)
class RotationChoice:
    """The ``rotation`` option: a named mixed game (``"horse"``, ``"8game"``) or dealer's choice
    from the host's ``games``, every game at one limit stake (``small_bet``), changing every
    orbit or every ``per`` hands (``Table.rotate_games``)."""

    name: str
    small_bet: int = 4
    per: Literal["orbit"] | int = "orbit"
    games: tuple[tuple[str, Structure], ...] = ()

    @classmethod
    def read(cls, raw: object) -> RotationChoice:
        """``{"name": "horse" | "8game", "small_bet": N, "per": "orbit" | N}``, or ``{"name":
        "dealers_choice", "games": [...], ...}``, checked whole; ``GameRefused`` if it is wrong."""
        if not isinstance(raw, Mapping):
            raise GameRefused("rotation is an object: name, small_bet, per (and games)", "rotation")
        name = raw.get("name")
        unknown = sorted(set(raw) - {"name", "small_bet", "per", *(("games",) if name == DEALERS_CHOICE else ())})
        if unknown:
            raise GameRefused(f"a rotation has no field {unknown[0]!r}", "rotation")
        if not isinstance(name, str) or (name not in ROTATIONS and name != DEALERS_CHOICE):
            raise GameRefused(f"rotation name is one of {', '.join([*ROTATIONS, DEALERS_CHOICE])}", "name")
        games = tuple(_choices(raw.get("games"))) if name == DEALERS_CHOICE else ()
        choice = cls(name, _chips(raw, "small_bet", 4), raw.get("per", "orbit"), games)
        choice.rotation()
        return choice

    def rotation(self) -> Rotation:
        """The table's rotation (``GameRefused`` for a ``per`` it does not take)."""
        choice = self.name == DEALERS_CHOICE
        games = self.games if choice else ROTATIONS[self.name]
        try:
            return Rotation.of(games, LimitStakes(self.small_bet), per=self.per, dealers_choice=choice)
        except ValueError as wrong:
            raise GameRefused(str(wrong), "rotation") from None

    def json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "small_bet": self.small_bet, "per": self.per}
        if self.name == DEALERS_CHOICE:
            data["games"] = [list(game) for game in self.games]
        return data


def rotation_from(raw: object) -> Rotation:
    """The rotation the ``rotation`` option asks for (``RotationChoice``)."""
    return RotationChoice.read(raw).rotation()
