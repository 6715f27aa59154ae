"""A table's settings, the ``create_table`` frame read once, whole, into one typed value
(``Config``) and written back as the same JSON (``Config.to_json``), which the store keeps.

Its parts are typed too: the action clock (``Clock``), the moment between hands (``Interval``),
the bet presets (``Presets``), the bomb-pot rule (``BombRule``), a sit-and-go's structure
(``structure.TournamentSettings``: ``table.Level``s) and a mixed game (``games.RotationChoice``). Every amount of
chips is checked by ``rules.chips_problem``, the library's one check of chips; anything wrong is
refused ``bad_field`` naming the field (docs/protocol.md, create_table).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pokerfloor.errors import InvalidArgument
from pokerfloor.hand.bomb import check_bomb_pot
from pokerfloor.rules import Game
from pokerfloor.server.commands import BombPots, Command, parse
from pokerfloor.server.deal import DEFAULT_REVEAL, REVEALS
from pokerfloor.server.fields import Refused, bad_field
from pokerfloor.server.games import GameRefused, RotationChoice, game_from, game_json
from pokerfloor.server.structure import TournamentSettings, number, whole
from pokerfloor.table import Level, Straddles
from pokerfloor.table.bombs import parse_hands

DAY = 24 * 3600
NAME_LENGTH_TABLE = 40
STRADDLES = {
    "none": Straddles(live=False),
    "utg": Straddles(),
    "mississippi": Straddles(mississippi="any"),
}
BUTTON_RULES = {"dead": "dead_button", "moving": "moving_button", "simplified": "simplified"}
CUSTOMS = {"auto_muck": True, "spectators": True, "run_it_twice": False, "rabbit": False, "spectator_chat": False}
"""The house's on/off customs and their defaults: losing hands mucked unseen at the showdown
(TDA 2024 R18), spectators let in, run it twice offered to all-in players, rabbit cards shown,
spectators may chat."""
PRESETS = {"flop": (0.05, 10.0), "preflop": (1.5, 20.0)}
"""The bet presets a host may choose: after the flop fractions of the pot, before it multiples of
the bet to call, each list at most six, within these bounds."""


def flag(options: Mapping[str, Any], name: str, default: bool) -> bool:
    value = options.get(name, default)
    if not isinstance(value, bool):
        raise bad_field(name, "is true or false")
    return value


def _seconds(raw: Mapping[str, Any], name: str, default: float, *, zero: bool = False) -> float:
    return number(raw.get(name, default), name, 0, DAY, f"is a positive number of seconds, at most {DAY}",
                  low_open=not zero)


@dataclass(frozen=True)
class Clock:
    """The action clock: ``seconds`` a turn, then the ``time_bank``; ``timeouts_to_away`` timed-out
    turns in a row and the seat is sat out (TDA 2024 Rule 29; docs/protocol.md, The clock)."""

    seconds: float = 30.0
    time_bank: float = 60.0
    timeouts_to_away: float = 2.0

    @classmethod
    def read(cls, raw: object) -> Clock:
        if not isinstance(raw, Mapping):
            raise bad_field("clock", "is an object: seconds, time_bank, timeouts_to_away")
        return cls(_seconds(raw, "seconds", 30), _seconds(raw, "time_bank", 60, zero=True),
                   _seconds(raw, "timeouts_to_away", 2))

    def json(self) -> dict[str, float]:
        return {"seconds": self.seconds, "time_bank": self.time_bank, "timeouts_to_away": self.timeouts_to_away}


DEFAULT_CLOCK = Clock()
"""The action clock a table has unless its host turns it off (``"clock": null``): 30 seconds a
turn, then a 60-second time bank; two timed-out turns in a row and the seat is sat out."""


@dataclass(frozen=True)
class Interval:
    """The moment between hands: ``seconds`` from a hand's end to the next deal, ``showdown``
    after a showdown (each 0 to 60)."""

    seconds: float = 3.0
    showdown: float = 6.0

    @classmethod
    def read(cls, value: object) -> Interval:
        """The ``between_hands`` option checked whole (absent: the defaults); ``Refused`` naming
        ``between_hands`` otherwise."""
        if value is None:
            return cls()
        if not isinstance(value, Mapping) or set(value) - {"seconds", "showdown"}:
            raise bad_field("between_hands", "is an object: seconds, showdown")
        given = {name: value.get(name, getattr(DEFAULT_PAUSE, name)) for name in ("seconds", "showdown")}
        return cls(**{name: number(v, "between_hands", 0, 60, f"{name} is 0 to 60 seconds")
                      for name, v in given.items()})

    def json(self) -> dict[str, float]:
        return {"seconds": self.seconds, "showdown": self.showdown}


DEFAULT_PAUSE = Interval()
"""The moment between hands unless the host chooses it: 3 seconds, 6 after a showdown."""


@dataclass(frozen=True)
class Presets:
    """The bet presets the host chose (either list may be absent: the page's own)."""

    flop: tuple[float, ...] | None = None
    preflop: tuple[float, ...] | None = None

    @classmethod
    def read(cls, value: object) -> Presets | None:
        """``{"flop": [0.33, 0.5, 1], "preflop": [2.5, 3]}``, checked whole; ``Refused`` naming
        ``presets`` if any is wrong."""
        if value is None:
            return None
        if not isinstance(value, Mapping) or not value or set(value) - set(PRESETS):
            raise bad_field("presets", "is an object with a list for flop (pot fractions) and/or preflop (multiples)")
        chosen: dict[str, tuple[float, ...]] = {}
        for street, sizes in value.items():
            low, high = PRESETS[street]
            words = f"{street} is a list of one to six numbers from {low} to {high}"
            if not isinstance(sizes, list) or not 1 <= len(sizes) <= 6:
                raise bad_field("presets", words)
            chosen[street] = tuple(sorted(number(x, "presets", low, high, words) for x in sizes))
        return cls(**chosen)

    def json(self) -> dict[str, list[float]]:
        return {street: list(sizes) for street in PRESETS if (sizes := getattr(self, street)) is not None}


@dataclass(frozen=True)
class BombRule:
    """A table's rule for bomb pots as it was made (``Table.bomb_pots``): every ``every``-th
    hand, and the hand after the button was dealt one of ``hands``, antes ``ante`` on ``boards``
    boards. The host's ``bomb_pots`` command changes the table's rule (in its record), not this."""

    ante: int
    boards: int = 1
    every: int | None = None
    hands: str | None = None

    @classmethod
    def read(cls, raw: object, game: Game) -> BombRule | None:
        """The ``bomb_pots`` option checked whole, as the ``bomb_pots`` command: ``every`` hands and/or
        ``hands`` (``"72o, AA"``, two-card hold'em games only: ``table.bombs``), ``ante`` in
        chips, ``boards`` 1 or 2, in a game with a flop (``hand.bomb.check_bomb_pot``); the
        hands written the one way."""
        if raw is None:
            return None
        if not isinstance(raw, Mapping):
            raise bad_field("bomb_pots", "is an object: every, ante, boards, hands")
        unknown = sorted(set(raw) - {"every", "ante", "boards", "hands"})
        if unknown:
            raise bad_field("bomb_pots", f"has no field {unknown[0]!r}")
        # The fields of the host's ``bomb_pots`` command, by its rules.
        rule = parse({**raw, "type": BombPots.TYPE})
        assert isinstance(rule, BombPots)
        every, text, boards = rule.every, rule.hands, rule.boards
        if every is None and text is None:
            raise bad_field("bomb_pots", "has every (a bomb pot every N hands) or hands (when the button is dealt one)")
        if rule.ante is None:
            raise bad_field("ante", "is missing")
        ante = rule.ante
        try:
            check_bomb_pot(game, ante, boards)
        except ValueError as wrong:
            raise bad_field("bomb_pots", str(wrong)) from None
        hands = None
        if text is not None:
            try:
                hands = ", ".join(parse_hands(text, game))
            except InvalidArgument as wrong:
                raise bad_field("hands", str(wrong)) from None
        return cls(ante, boards, every, hands)

    def json(self) -> dict[str, Any]:
        rule: dict[str, Any] = {} if self.every is None else {"every": self.every}
        rule.update(ante=self.ante, boards=self.boards)
        if self.hands is not None:
            rule["hands"] = self.hands
        return rule


@dataclass(frozen=True)
class Config:
    """A table's settings (``create_table``'s ``game``, ``seats`` and ``options``)."""

    game: Game
    seats: int
    approval: bool
    straddles: str
    clock: Clock | None
    button_rule: str
    master: str
    auto_muck: bool = True
    spectators: bool = True
    run_it_twice: bool = False
    rabbit: bool = False
    reveal: str = DEFAULT_REVEAL
    rotation: RotationChoice | None = None
    """The mixed game the table rotates."""
    presets: Presets | None = None
    """The bet presets the host chose; ``None``: the page's own."""
    bomb_pots: BombRule | None = None
    tournament: TournamentSettings | None = None
    """A sit-and-go's structure; ``None`` at a cash table."""
    spectator_chat: bool = False
    between_hands: Interval = DEFAULT_PAUSE
    name: str = ""

    def levels(self) -> tuple[Level, ...]:
        """The tournament's levels (none at a cash table)."""
        return () if self.tournament is None else self.tournament.levels

    @classmethod
    def parse(cls, data: Mapping[str, Any], master: str | None = None) -> Config:
        """A table's settings from a ``create_table`` frame (``Refused`` if any is wrong)."""
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise bad_field("options", "is an object")
        rotation = None
        try:
            if options.get("rotation") is not None:
                rotation = RotationChoice.read(options["rotation"])
                rotating = rotation.rotation()
                game, most = rotating.games[0], rotating.max_players
            else:
                game = game_from(data.get("game"))
                most = game.variant_spec.max_players
        except GameRefused as wrong:
            raise bad_field(wrong.field, str(wrong)) from None
        seats = whole(data.get("seats", min(9, most)), "seats", 2, 10, "is 2 to 10")
        if seats > most:
            raise bad_field("seats", f"is 2 to {most}: "
                            f"{game.variant_spec.title if rotation is None else 'this rotation'} deals at most {most}")
        straddles = options.get("straddles", "utg")
        button = options.get("button_rule", "dead")
        if straddles not in STRADDLES:
            raise bad_field("straddles", f"is one of {sorted(STRADDLES)}")
        if button not in BUTTON_RULES:
            raise bad_field("button_rule", f"is one of {sorted(BUTTON_RULES)}")
        clock = options.get("clock", DEFAULT_CLOCK.json())
        seed = options.get("seed", master)
        if seed is None:
            seed = secrets.token_hex(16)
        try:
            bytes.fromhex(str(seed))
        except ValueError:
            raise bad_field("seed", "is a hex string") from None
        reveal = options.get("reveal")
        reveal = DEFAULT_REVEAL if reveal is None else reveal
        if reveal not in REVEALS:
            raise bad_field("reveal", f"is one of {list(REVEALS)}")
        customs = {name: flag(options, name, default) for name, default in CUSTOMS.items()}
        bots = options.get("bots", 0)     # seated by the server once the table is open (tables.Tables.house)
        if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots < seats:
            raise bad_field("bots", f"is 0 to {seats - 1}: the house's bots take the seats after the host's")
        name = options.get("name", "")
        if not isinstance(name, str) or len(name.strip()) > NAME_LENGTH_TABLE:
            raise bad_field("name", f"is 0 to {NAME_LENGTH_TABLE} characters")
        tournament = options.get("tournament")
        if tournament is not None and rotation is not None:
            raise bad_field("tournament", "is played at one game, not a rotation")
        return cls(
            game, seats, flag(options, "approval", False), straddles, None if clock is None else Clock.read(clock),
            button, str(seed), **customs, reveal=reveal, rotation=rotation,
            presets=Presets.read(options.get("presets")),
            bomb_pots=BombRule.read(options.get("bomb_pots"), game),
            tournament=None if tournament is None else TournamentSettings.read(tournament, game),
            between_hands=Interval.read(options.get("between_hands")), name=name.strip(),
        )

    def to_json(self) -> dict[str, Any]:
        """The settings as ``create_table`` gives them (``parse`` reads them back to the same)."""
        parts = {"rotation": self.rotation, "presets": self.presets, "bomb_pots": self.bomb_pots,
                 "tournament": self.tournament}
        return {
            "game": game_json(self.game),
            "seats": self.seats,
            "options": {
                "approval": self.approval,
                "straddles": self.straddles,
                "clock": None if self.clock is None else self.clock.json(),
                "button_rule": self.button_rule,
                "seed": self.master,
                "reveal": self.reveal,
                **{name: part.json() for name, part in parts.items() if part is not None},
                "between_hands": self.between_hands.json(),
                **({"name": self.name} if self.name else {}),
                **self.customs(),
            },
        }

    def customs(self) -> dict[str, bool]:
        """The home-game customs the host chose (docs/protocol.md, options)."""
        return {name: bool(getattr(self, name)) for name in CUSTOMS}



@dataclass(frozen=True)
class CreateTable(Command):
    """``create_table``: a new table's settings (``Config``) and the house bots it asks for
    (``bots``, 0 to its seats less one, seated once the table is open). The deal's master seed
    is the server's alone, given as the table is made (``with_seed``): a frame that names one
    is refused."""

    TYPE, WHO = "create_table", "anyone"
    config: Config
    bots: int = 0

    @classmethod
    def read(cls, frame: Mapping[str, Any], between_hands: float | None = None) -> CreateTable:
        """The frame read whole (``Refused``, ``bad_field`` naming the field, otherwise);
        ``between_hands``: the server's moment between hands (``serve --between-hands``) for a
        table whose host does not choose it."""
        options = frame.get("options")
        if isinstance(options, Mapping) and "seed" in options:
            raise Refused("bad_field", "seed: the deal's seed is the server's alone", field="seed")
        if between_hands is not None and (options is None or isinstance(options, Mapping)):
            options = {"between_hands": {"seconds": between_hands, "showdown": between_hands}, **(options or {})}
            frame = {**frame, "options": options}
        bots = options.get("bots", 0) if isinstance(options, Mapping) else 0
        return cls(Config.parse(frame, ""), bots)

    def with_seed(self, master: str) -> Config:
        """The table's settings, dealt from the server's ``master`` seed."""
        return replace(self.config, master=master)
