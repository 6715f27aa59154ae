"""One table of the server: a ``pf.Table`` and its players, driven only by recorded inputs.

Every change to a room is an input (a typed value: ``commands``, ``inputs``) passed to
``Room.apply``, which hands it to its handler by its type (``HANDLERS``). The same inputs in
the same order rebuild the same room, cards included: each hand's deck is shuffled from a seed
held in its ``deal`` input, so a room is restored after a crash by applying its stored inputs
again. Nothing here does I/O or reads the clock; the time of each input travels with it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from pokerfloor import citations as cite
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import Hand
from pokerfloor.hand.bomb import check_bomb_pot
from pokerfloor.rules import VARIANTS, Game, HouseRules
from pokerfloor.server.commands import (
    BOMB_EVERY,
    HANDS_LENGTH,
    AnswerDeal,
    BetweenHands,
    BombPot,
    BombPots,
    ChooseGame,
    EditStack,
    EndGame,
    FoldSeat,
    Leave,
    MoveSeat,
    OfferDeal,
    Pause,
    RefuseSeat,
    Remove,
    Resume,
    RunIt,
    SetBuyIn,
    SetClock,
    SetGame,
    Show,
    SitIn,
    SitOut,
    SitOutSeat,
    SpectatorChat,
    Spectators,
    Start,
    Straddle,
    TopUp,
)
from pokerfloor.server.deal import DEFAULT_REVEAL, REVEALS, deck_rng, hand_seed, seed_hash, seeds_public
from pokerfloor.server.fields import MAX_CHIPS, TABLE_CHIPS, Input, Limits, Rule, bad_field
from pokerfloor.server.fields import Refused as Refused
from pokerfloor.server.games import GameRefused, game_from, game_json, rotation_from
from pokerfloor.server.inputs import (
    INPUTS,
    Action,
    AskSeat,
    AskTopUp,
    ChatLine,
    NextHand,
    OfferTimeout,
    RailChat,
    Sit,
    Timeout,
    read_input,
)
from pokerfloor.server.showdown import hands_shown
from pokerfloor.table import Level, ManualClock, NotEnoughPlayers, Straddles, Table, TableOptions, buy_in_limits
from pokerfloor.table.bombs import parse_hands
from pokerfloor.table.customs import NO_STRADDLES
from pokerfloor.table.icm import icm_deal, icm_equities
from pokerfloor.table.ledger import Entry
from pokerfloor.table.seats import TableEvent
from pokerfloor.table.tournament import R_ICM, deal_places, next_level, places

# Seconds the players all-in have to agree to run it twice at a table without an action clock.
OFFER_SECONDS = 20.0
DEFAULT_CLOCK = {"seconds": 30.0, "time_bank": 60.0, "timeouts_to_away": 2.0}
"""The action clock a table has unless its host turns it off (``"clock": null``): 30 seconds a
turn, then a 60-second time bank; two timed-out turns in a row and the seat is sat out (TDA 2024
Rule 29: the clock on a player taking too long; docs/protocol.md, The clock)."""
DEFAULT_PAUSE = {"seconds": 3.0, "showdown": 6.0}
"""The moment between hands: seconds from a hand's end to the next deal, and after a showdown."""
NAME_LENGTH_TABLE = 40
LOG_LINES = 200
"""Chat lines and table events a room keeps for a page that (re)loads (``Room.log``)."""
STRADDLES = {
    "none": Straddles(live=False),
    "utg": Straddles(),
    "mississippi": Straddles(mississippi="any"),
}
BUTTON_RULES = {"dead": "dead_button", "moving": "moving_button", "simplified": "simplified"}
DEAL_UNITS = 100
"""An ICM deal pays in hundredths of a percent of the prizes: a tournament's payouts are whole
percentages, so the prizes are 100 x 100 units and every deal's payouts are whole."""


def digest(token: str) -> str:
    """Tokens are stored as their SHA-256, never as given."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Player:
    player_id: str
    name: str
    seat: int
    token_hash: str
    timeouts: int = 0
    bank: float = 0.0
    clocked_out: bool = False
    """Sat out by the clock (``timeouts_to_away`` turns timed out in a row), not by choice: sat in
    again, waiting for the big blind, when a client of theirs attaches (docs/protocol.md)."""


@dataclass
class Request:
    request_id: str
    name: str
    seat: int
    chips: int
    token_hash: str


@dataclass
class Config:
    game: Game
    seats: int
    approval: bool
    straddles: str
    clock: dict[str, float] | None
    button_rule: str
    master: str
    auto_muck: bool = True
    spectators: bool = True
    run_it_twice: bool = False
    rabbit: bool = False
    reveal: str = DEFAULT_REVEAL
    rotation: dict[str, Any] | None = None
    """The mixed game the table rotates (``games.rotation_from``), as the host gave it."""
    presets: dict[str, list[float]] | None = None
    """The bet presets the host chose (``preset_choice``); ``None``: the page's own."""
    bomb_pots: dict[str, Any] | None = None
    """The table's rule for bomb pots, ``{"every": N, "ante": A, "boards": 1 | 2, "hands": "72o"}``
    (``Table.bomb_pots``; ``every`` or ``hands`` may be absent), as the table was made: the host's
    ``bomb_pots`` changes the table's rule (``Table.bomb_rule``, in the table's record), not this."""
    tournament: dict[str, Any] | None = None
    """A sit-and-go's structure (``tournament_from``): its starting stack, levels, payouts."""
    spectator_chat: bool = False
    between_hands: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_PAUSE))
    """The moment between hands (``DEFAULT_PAUSE``): seconds, and seconds after a showdown."""
    name: str = ""

    def levels(self) -> tuple[Level, ...]:
        """The tournament's levels (none at a cash table)."""
        if self.tournament is None:
            return ()
        return tuple(Level(**level) for level in self.tournament["levels"])

    @classmethod
    def parse(cls, data: Mapping[str, Any], master: str | None = None) -> Config:
        """A table's settings from a ``create_table`` frame (``Refused`` if any is wrong)."""
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise bad_field("options", "is an object")
        rotation = options.get("rotation")
        try:
            if rotation is not None:
                rotating = rotation_from(rotation)
                game, most = rotating.games[0], rotating.max_players
                rotation = dict(rotation)
            else:
                game = game_from(data.get("game"))
                most = game.variant_spec.max_players
        except GameRefused as wrong:
            raise bad_field(wrong.field, str(wrong)) from None
        seats = data.get("seats", min(9, most))
        if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 10:
            raise bad_field("seats", "is 2 to 10")
        if seats > most:
            raise bad_field("seats", f"is 2 to {most}: "
                            f"{game.variant_spec.title if rotation is None else 'this rotation'} deals at most {most}")
        straddles = options.get("straddles", "utg")
        button = options.get("button_rule", "dead")
        if straddles not in STRADDLES:
            raise bad_field("straddles", f"is one of {sorted(STRADDLES)}")
        if button not in BUTTON_RULES:
            raise bad_field("button_rule", f"is one of {sorted(BUTTON_RULES)}")
        clock = options.get("clock") if "clock" in options else dict(DEFAULT_CLOCK)
        if clock is not None:
            if not isinstance(clock, dict):
                raise bad_field("clock", "is an object: seconds, time_bank, timeouts_to_away")
            clock = {
                "seconds": float(_positive(clock.get("seconds", 30), "seconds")),
                "time_bank": float(_positive(clock.get("time_bank", 60), "time_bank", zero=True)),
                "timeouts_to_away": float(_positive(clock.get("timeouts_to_away", 2), "timeouts_to_away")),
            }
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
        customs = {name: _flag(options, name, default) for name, default in CUSTOMS.items()}
        approval = _flag(options, "approval", False)
        presets = preset_choice(options.get("presets"))
        bombs = _bomb_pots(options.get("bomb_pots"), game)
        pause = pause_from(options.get("between_hands"))
        bots = options.get("bots", 0)     # seated by the server once the table is open (tables.Tables.house)
        if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots < seats:
            raise bad_field("bots", f"is 0 to {seats - 1}: the house's bots take the seats after the host's")
        name = options.get("name", "")
        if not isinstance(name, str) or len(name.strip()) > NAME_LENGTH_TABLE:
            raise bad_field("name", f"is 0 to {NAME_LENGTH_TABLE} characters")
        tournament = options.get("tournament")
        if tournament is not None:
            if rotation is not None:
                raise bad_field("tournament", "is played at one game, not a rotation")
            tournament = tournament_from(tournament, game)
        return cls(
            game, seats, approval, straddles, clock, button, str(seed), **customs, reveal=reveal, rotation=rotation,
            presets=presets, bomb_pots=bombs, tournament=tournament, between_hands=pause, name=name.strip(),
        )

    def to_json(self) -> dict[str, Any]:
        game = self.game
        return {
            "game": game_json(game),
            "seats": self.seats,
            "options": {
                "approval": self.approval,
                "straddles": self.straddles,
                "clock": self.clock,
                "button_rule": self.button_rule,
                "seed": self.master,
                "reveal": self.reveal,
                **({} if self.rotation is None else {"rotation": self.rotation}),
                **({} if self.presets is None else {"presets": self.presets}),
                **({} if self.bomb_pots is None else {"bomb_pots": self.bomb_pots}),
                **({} if self.tournament is None else {"tournament": self.tournament}),
                "between_hands": self.between_hands,
                **({"name": self.name} if self.name else {}),
                **self.customs(),
            },
        }


    def customs(self) -> dict[str, bool]:
        """The home-game customs the host chose (docs/protocol.md, options)."""
        return {name: bool(getattr(self, name)) for name in CUSTOMS}


# The house's on/off customs and their defaults: losing hands mucked unseen at the showdown
# (TDA 2024 R18), spectators let in, run it twice offered to all-in players, rabbit cards shown,
# spectators may chat.
CUSTOMS = {"auto_muck": True, "spectators": True, "run_it_twice": False, "rabbit": False, "spectator_chat": False}


def pause_from(value: object) -> dict[str, float]:
    """The ``between_hands`` option checked whole: ``{"seconds": 3, "showdown": 6}``, each 0 to
    60 seconds (absent: ``DEFAULT_PAUSE``'s); ``Refused`` naming ``between_hands`` otherwise."""
    if value is None:
        return dict(DEFAULT_PAUSE)
    if not isinstance(value, dict) or set(value) - set(DEFAULT_PAUSE):
        raise bad_field("between_hands", "is an object: seconds, showdown")
    pause = {}
    for name, default in DEFAULT_PAUSE.items():
        given = value.get(name, default)
        if isinstance(given, bool) or not isinstance(given, (int, float)) or not 0 <= given <= 60:
            raise bad_field("between_hands", f"{name} is 0 to 60 seconds")
        pause[name] = float(given)
    return pause


PRESETS = {"flop": (0.05, 10.0), "preflop": (1.5, 20.0)}
"""The bet presets a host may choose: after the flop fractions of the pot, before it multiples of
the bet to call, each list at most six, within these bounds."""


def preset_choice(value: object) -> dict[str, list[float]] | None:
    """The host's bet presets (``{"flop": [0.33, 0.5, 1], "preflop": [2.5, 3]}``, either list
    optional), checked whole; ``Refused`` naming ``presets`` if any is wrong."""
    if value is None:
        return None
    if not isinstance(value, dict) or not value or set(value) - set(PRESETS):
        raise bad_field("presets", "is an object with a list for flop (pot fractions) and/or preflop (multiples)")
    chosen: dict[str, list[float]] = {}
    for street, sizes in value.items():
        low, high = PRESETS[street]
        if (not isinstance(sizes, list) or not 1 <= len(sizes) <= 6
                or any(isinstance(x, bool) or not isinstance(x, (int, float)) or not low <= x <= high for x in sizes)):
            raise bad_field("presets", f"{street} is a list of one to six numbers from {low} to {high}")
        chosen[street] = sorted(float(x) for x in sizes)
    return chosen


def _flag(options: Mapping[str, Any], name: str, default: bool) -> bool:
    value = options.get(name, default)
    if not isinstance(value, bool):
        raise bad_field(name, "is true or false")
    return value


MOST_HANDS = BOMB_EVERY
"""The most hands between the bomb pots of a table's rule (``options.bomb_pots.every``)."""
BOMB_FIELDS = ("every", "ante", "boards", "hands")


def _bomb_pots(raw: object, game: Game) -> dict[str, Any] | None:
    """The ``bomb_pots`` option checked whole: ``every`` 1 to ``MOST_HANDS`` hands and/or
    ``hands``, the hold'em hands that make the next hand a bomb pot when the button is dealt one
    (``"72o, AA"``, two-card hold'em games only: ``table.bombs``), ``ante`` in chips, ``boards``
    1 or 2, in a game with a flop (``hand.bomb.check_bomb_pot``). Returned with the hands written
    the one way, and without ``every`` or ``hands`` when it is not given."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise bad_field("bomb_pots", "is an object: every, ante, boards, hands")
    unknown = sorted(set(raw) - set(BOMB_FIELDS))
    if unknown:
        raise bad_field("bomb_pots", f"has no field {unknown[0]!r}")
    every = Rule(int, 1, MOST_HANDS, optional=True).check("every", raw.get("every"), Limits())
    text = Rule(str, 1, HANDS_LENGTH, optional=True).check("hands", raw.get("hands"), Limits())
    if every is None and text is None:
        raise bad_field("bomb_pots", "has every (a bomb pot every N hands) or hands (when the button is dealt one)")
    ante = Rule(int, 1, MAX_CHIPS).check("ante", raw.get("ante"), Limits())
    boards = Rule(int, 1, 2, optional=True, default=1).check("boards", raw.get("boards"), Limits())
    try:
        check_bomb_pot(game, ante, boards)
    except ValueError as wrong:
        raise bad_field("bomb_pots", str(wrong)) from None
    rule: dict[str, Any] = {"every": every, "ante": ante, "boards": boards}
    if every is None:
        del rule["every"]
    if text is not None:
        try:
            rule["hands"] = ", ".join(parse_hands(text, game))
        except InvalidArgument as wrong:
            raise bad_field("hands", str(wrong)) from None
    return rule


DAY = 24 * 3600
MOST_CHIPS = 10**9
MOST_LEVELS = 100


def tournament_from(data: object, game: Game) -> dict[str, Any]:
    """A sit-and-go's structure from the ``tournament`` option, whole (``Refused`` otherwise):
    ``starting_stack``; ``levels``, a list of ``{"small_blind", "big_blind", "ante" | "bb_ante",
    "hands" | "minutes"}`` (the last may last to the end), or ``doubling``, ``{"small_blind",
    "big_blind", "ante" | "bb_ante", "hands" | "minutes", "levels"}``: the blinds and the ante
    doubling each level; ``payouts``, percentages
    of the prizes for first, second... adding up to 100. Returned with the levels written out."""
    if not isinstance(data, dict):
        raise bad_field("tournament", "is an object: starting_stack, levels or doubling, payouts")
    unknown = sorted(set(data) - {"starting_stack", "levels", "doubling", "payouts"})
    if unknown:
        raise bad_field("tournament", f"has no field {unknown[0]!r}")
    stack = _chips(data.get("starting_stack"), "starting_stack")
    if ("levels" in data) == ("doubling" in data):
        raise bad_field("tournament", "has levels or doubling, one of them")
    if "doubling" in data:
        doubling = data["doubling"]
        if not isinstance(doubling, dict):
            raise bad_field("doubling", "is an object: small_blind, big_blind, hands or minutes, levels")
        count = doubling.get("levels", 10)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 30:
            raise bad_field("levels", "is 1 to 30 levels")
        first = _level(doubling, last=False)
        levels = [first | {name: first[name] << k for name in ("small_blind", "big_blind", "ante", "bb_ante")}
                  for k in range(count)]
    else:
        given = data["levels"]
        if not isinstance(given, list) or not 1 <= len(given) <= MOST_LEVELS:
            raise bad_field("levels", f"is a list of 1 to {MOST_LEVELS} levels")
        levels = [_level(level, last=k == len(given) - 1) for k, level in enumerate(given)]
    if any(level["big_blind"] > MOST_CHIPS for level in levels):
        raise bad_field("levels", f"has blinds of at most {MOST_CHIPS:,}")
    payouts = data.get("payouts", [50, 30, 20])
    if (not isinstance(payouts, list) or not 1 <= len(payouts) <= 10
            or any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in payouts) or sum(payouts) != 100):
        raise bad_field("payouts", "is a list of 1 to 10 whole percentages adding up to 100")
    try:
        Level(**levels[0]).game(game)
    except (ValueError, TypeError) as wrong:
        raise bad_field("levels", f"do not fit this game: {wrong}") from None
    return {"starting_stack": stack, "levels": levels, "payouts": list(payouts)}


def _chips(value: object, name: str, *, zero: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not (0 if zero else 1) <= value <= MOST_CHIPS:
        raise bad_field(name, f"is a whole number of chips, {0 if zero else 1} to {MOST_CHIPS:,}")
    return value


def _level(data: object, *, last: bool) -> dict[str, Any]:
    """One level as ``Level``'s fields; it lasts a number of hands or minutes (the last may not)."""
    if not isinstance(data, dict):
        raise bad_field("levels", "are objects: small_blind, big_blind, ante or bb_ante, hands or minutes")
    unknown = sorted(set(data) - {"small_blind", "big_blind", "ante", "bb_ante", "hands", "minutes", "levels"})
    if unknown:
        raise bad_field("levels", f"have no field {unknown[0]!r}")
    small, big = _chips(data.get("small_blind"), "small_blind"), _chips(data.get("big_blind"), "big_blind")
    if small > big:
        raise bad_field("small_blind", "is at most the big blind")
    # Each player's ante, or the big blind's ante for the table (TDA 2024 RP-11): one of them.
    ante, bb_ante = _chips(data.get("ante", 0), "ante", zero=True), _chips(data.get("bb_ante", 0), "bb_ante", zero=True)
    if ante and bb_ante:
        raise bad_field("bb_ante", "is for a level without an ante from each player")
    hands, minutes = data.get("hands"), data.get("minutes")
    if hands is not None and minutes is not None:
        raise bad_field("levels", "last a number of hands or of minutes, not both")
    if hands is not None and (isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= 10_000):
        raise bad_field("hands", "is 1 to 10,000 hands")
    if minutes is not None:
        if isinstance(minutes, bool) or not isinstance(minutes, (int, float)) or not 0 < minutes <= 24 * 60:
            raise bad_field("minutes", "is a positive number of minutes, at most a day")
        minutes = float(minutes)
    if hands is None and minutes is None and not last:
        raise bad_field("levels", "last a number of hands or minutes (only the last lasts to the end)")
    return {"small_blind": small, "big_blind": big, "ante": ante, "bb_ante": bb_ante,
            "hands": hands, "minutes": minutes}


def _positive(value: object, name: str, *, zero: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise bad_field(name, f"is a positive number of seconds, at most {DAY}")
    if not 0 <= value <= DAY or (value == 0 and not zero):
        raise bad_field(name, f"is a positive number of seconds, at most {DAY}")
    return value


@dataclass
class Offer:
    """Run it twice, offered to the players still in a hand once no more betting can happen:
    each answers; the board runs twice only when all agree (docs/protocol.md, run it twice)."""

    hand: int
    seats: tuple[int, ...]
    started: float
    answers: dict[int, bool] = field(default_factory=dict)


@dataclass
class Deal:
    number: int
    seed: str

    @property
    def seed_sha256(self) -> str:
        return seed_hash(self.seed)


KEEP_HANDS = 2
"""Hands of events a room's table keeps in memory (it needs only the newest): the room is
recorded at every hand's end (``records.room_record``), and a table holding a hundred hands'
events made that record grow with the session."""


@dataclass
class Room:
    """The authoritative state of one table, changed only by ``apply`` (or ``undo`` nowhere)."""

    table_id: str
    config: Config
    host_hash: str
    seq: int = 0
    table: Table = field(init=False)
    clock: ManualClock = field(init=False)
    players: dict[str, Player] = field(default_factory=dict)
    requests: dict[str, Request] = field(default_factory=dict)
    deals: list[Deal] = field(default_factory=list)
    hands: list[Hand] = field(default_factory=list)
    running: bool = False
    paused: bool = False
    ended: bool = False
    applied: dict[str, set[str]] = field(default_factory=dict)
    hand_actions: dict[str, list[str]] = field(default_factory=dict)
    straddles: list[tuple[int, int | None]] = field(default_factory=list)
    turn_started: float = 0.0
    spectators: bool = True
    offer: Offer | None = None
    forgotten: list[list[Any]] = field(default_factory=list)
    level: int = 0
    """A tournament's level in force, 0 for the first (``Config.levels``)."""
    level_start: tuple[int, float] | None = None
    """When that level started: (hands dealt before it, time); ``None`` before the first hand."""
    finishes: list[tuple[str, int, int]] = field(default_factory=list)
    """A tournament's eliminated players, in order: (player id, place, hand)."""
    deal_offered: int | None = None
    """The hand after which the host offered an ICM deal (open until the next hand is dealt, a
    player declines or the players left change)."""
    deal_accepted: list[str] = field(default_factory=list)
    """The players left who accepted the open deal, in order (``answer_deal``)."""
    deal_payouts: dict[str, int] | None = None
    """The deal that ended the tournament: each player's payout in hundredths of a percent of
    the prizes (``DEAL_UNITS``), whole, adding up to the prizes of the places it decided."""
    ended_at: float | None = None
    """When the last hand ended: the moment between hands runs from then (``deal_at``)."""
    names: dict[str, str] = field(default_factory=dict)
    """Every player who ever sat here, by id: their name, for the events of players gone."""
    log: list[dict[str, Any]] = field(default_factory=list)
    """The last ``LOG_LINES`` chat lines and table events, for a page that (re)loads."""
    removing: list[str] = field(default_factory=list)
    """Players the host removed during a hand they are in: their hand folds at its turn, and
    they leave (cashed out) as the hand ends."""
    removed: list[str] = field(default_factory=list)
    """The token hashes of players the host removed (they are told so if they come back)."""
    declared: list[tuple[int, int | None]] = field(default_factory=list)
    """The straddles declared for the next hand (``straddles`` holds those asked during a hand)."""
    clock_next: dict[str, float] | None = None
    """A clock the host set during a turn: it applies from the next turn."""
    top_ups: dict[str, tuple[str, int, bool]] = field(default_factory=dict)
    """Top-ups waiting for the host at an approval table: (player id, chips, post) by request id."""
    dealt_game: Game | None = None
    """The game the hand in play (or the last) was dealt at."""

    def __post_init__(self) -> None:
        self.clock = ManualClock()
        self.spectators = self.config.spectators
        house = HouseRules(button_rule=BUTTON_RULES[self.config.button_rule])  # type: ignore[arg-type]
        levels = self.config.levels()
        game = levels[0].game(self.config.game) if levels else self.config.game
        self.table = Table(
            game,
            seats=self.config.seats,
            house=house,
            options=TableOptions(straddles=NO_STRADDLES if levels else STRADDLES[self.config.straddles]),
            clock=self.clock,
            rng=deck_rng(hand_seed(self.config.master, 0)),
            keep_hands=KEEP_HANDS,
            sink=self.forget,
            cash=not levels,
        )
        if self.config.rotation is not None:
            self.table.rotate_games(rotation_from(self.config.rotation))
        bombs = self.config.bomb_pots
        if bombs is not None:
            self.table.bomb_pots(bombs.get("every"), bombs["ante"], boards=bombs["boards"], hands=bombs.get("hands"))

    def forget(self, record: TableEvent | Entry) -> None:
        """What the table lets go of after ``KEEP_HANDS`` hands (its sink): its events are in the
        store's inputs and the finished hands already; the ledger's entries are kept for the
        download, as the JSON rows the room's record holds (turned into rows once, not at every
        hand's end)."""
        if isinstance(record, Entry):
            e = record
            self.forgotten.append([e.number, e.kind, e.player_id, e.seat, e.chips, e.hand, e.time, e.name])

    def forgotten_entries(self) -> list[Entry]:
        """The ledger entries the table let go of, oldest first."""
        return [Entry(*row) for row in self.forgotten]

    # ------------------------------------------------------------------ reading
    @property
    def hand(self) -> Hand | None:
        return self.table.hand

    @property
    def in_hand(self) -> bool:
        return self.table.in_play

    def seed_of(self, deal: Deal) -> str | None:
        """A deal's seed if it may be shown now: its hand is over and the host's ``reveal``
        makes the seeds of finished hands public (after each hand, or once the session has
        ended and no hand is in play); ``None`` otherwise (docs/protocol.md, the deal)."""
        over = deal.number < self.table.hand_number or not self.in_hand
        public = seeds_public(self.config.reveal, session_over=self.ended and not self.in_hand)
        return deal.seed if over and public else None

    def player_at(self, seat: int) -> Player | None:
        return next((p for p in self.players.values() if p.seat == seat), None)

    def role_of(self, token: str) -> tuple[str, Player | None]:
        """``("host" | "player", player)`` for a token this room knows (``Refused`` otherwise)."""
        hashed = digest(token)
        player = next((p for p in self.players.values() if hmac.compare_digest(p.token_hash, hashed)), None)
        if hmac.compare_digest(hashed, self.host_hash):
            host_player = next((p for p in self.players.values() if p.token_hash == self.host_hash), None)
            return "host", host_player
        if player is not None:
            return "player", player
        if any(hmac.compare_digest(r.token_hash, hashed) for r in self.requests.values()):
            return "player", None
        if hashed in self.removed:
            raise Refused("bad_token", "the host removed you from this table; you may ask for a seat again")
        raise Refused("bad_token", "this table does not know that token")

    def player_for_token_hash(self, hashed: str) -> Player | None:
        return next((p for p in self.players.values() if p.token_hash == hashed), None)

    def ready_to_deal(self, now: float | None = None) -> bool:
        """Whether the next hand is due: the game runs, nothing is in play and two can play;
        and, given the time ``now``, the moment between hands is over (``deal_at``)."""
        if not self.running or self.paused or self.ended or self.in_hand or self.tournament_over:
            return False
        try:
            plan = self.table.preview()
        except NotEnoughPlayers:
            return False
        return len(plan.dealt) >= 2 and (now is None or now >= self.deal_at())

    def showdown_seen(self) -> bool:
        """Whether the last hand ended with hands shown (a showdown, or a hand shown after it)."""
        return not self.in_hand and bool(self.hands) and hands_shown(self.hands[-1])

    def deal_at(self) -> float:
        """When the next hand is dealt: the last hand's end and the moment between hands (the
        house's ``between_hands``: its ``showdown`` seconds after a showdown); at once before
        the first hand."""
        if self.ended_at is None:
            return 0.0
        pause = self.config.between_hands
        return self.ended_at + pause["showdown" if self.showdown_seen() else "seconds"]

    def name_of(self, player_id: str | None) -> str | None:
        """A player's name, seated or gone (their id when the room never knew them)."""
        if player_id is None:
            return None
        player = self.players.get(player_id)
        return player.name if player is not None else self.names.get(player_id, player_id)

    def remember(self, line: dict[str, Any]) -> None:
        """Keep a chat line or a table event for the page's history (the last ``LOG_LINES``)."""
        self.log.append(line)
        del self.log[:-LOG_LINES]

    def next_deal(self) -> NextHand:
        """The input that deals the next hand, its seed derived from the master seed."""
        number = self.table.hand_number + 1
        return NextHand(hand=number, seed=hand_seed(self.config.master, number))

    # ------------------------------------------------------------------ changing
    def limits(self) -> Limits:
        """The ranges of this table's commands: its seats and its buy-in."""
        tournament = self.config.tournament
        held = sum(self.table.stacks().values())        # every chip at the table (commands.TABLE_CHIPS)
        if tournament is not None:      # a seat's chips are the starting stack, whatever asked
            return Limits(self.config.seats, (1, MOST_CHIPS), held)
        return Limits(self.config.seats, buy_in_limits(self.table.game), held)

    def apply(self, entry: Input) -> list[TableEvent]:
        """Apply one input; ``Refused`` (and nothing changed) if the table refuses it. Returns the
        table's events it logged. The input's fields were checked as it was made (parsed from a
        client's frame, or read back from the store: ``apply_stored``); its handler
        (``HANDLERS``, by its type) decides before it changes anything; the clock, which the
        table reads as it applies the input, is set back when the input is refused."""
        handler = HANDLERS[type(entry)]
        before, then, turn = self.table.seq, self.clock.now, self.table.turn
        self.clock.now = then if entry.at is None else entry.at
        try:
            handler(self, entry)
        except IllegalAction as refused:
            self.clock.now = then
            raise Refused("illegal", refused.message, refused.reason, refused.rule) from None
        except NotEnoughPlayers as short:
            self.clock.now = then
            raise Refused("illegal", str(short)) from None
        except Refused:
            self.clock.now = then
            raise
        self.seq += 1
        self._fold_removed()
        self._offer_runs()
        if self.in_hand:
            # The table takes in the hand's new events now (``end_hand`` ends nothing while the
            # hand is in play): left pending, the table's next step would take them in first,
            # that of an input refused too, at its own time (a change the store never saw).
            self.table.end_hand()
            if isinstance(entry, (NextHand, Action, Timeout)) or self.table.turn != turn:
                self.turn_started = self.clock.now
                if self.clock_next is not None:
                    self._set_clock(self.clock_next)
        else:
            self._after_hand()
            if self.clock_next is not None:
                self._set_clock(self.clock_next)
        events = [e for e in self.table.events_since(before) if e.event is None]
        for e in events:
            self.remember({"kind": e.kind, "hand": e.hand, "seat": e.seat, "player_id": e.player,
                           "name": self.name_of(e.player), "chips": e.chips, "note": e.note, "at": self.clock.now})
        if isinstance(entry, (ChatLine, RailChat)):
            player_id = entry.player_id if isinstance(entry, ChatLine) else None
            name = entry.name if isinstance(entry, RailChat) else self.name_of(player_id)
            self.remember({"kind": "chat", "hand": self.table.hand_number, "seat": None, "player_id": player_id,
                           "name": name, "chips": None, "note": entry.text, "at": self.clock.now})
        return events

    def apply_stored(self, plain: Mapping[str, object]) -> list[TableEvent]:
        """Apply an input as the store holds it (its JSON, ``Input.json``): read back into its
        value, checked whole against its type's rules with this table's limits, then applied
        (``Refused``, nothing changed, if either refuses it)."""
        return self.apply(read_input(plain, self.limits()))

    def replay(self, entries: Iterable[Mapping[str, object]]) -> list[tuple[int, str, Refused]]:
        """Apply stored inputs again, in order (``apply_stored``). One this release refuses (an
        earlier release stored it unchecked: a seat request for 10**30 chips, say) is skipped as
        a refused input is, changing nothing but the count, so that the inputs after it keep
        their numbers. Returns each skipped: its number, its kind and why."""
        skipped = []
        for entry in entries:
            try:
                self.apply_stored(entry)
            except Refused as refused:
                self.seq += 1
                skipped.append((self.seq, str(entry.get("kind")), refused))
        return skipped

    def _after_hand(self) -> None:
        """The explicit end of a finished hand: chips back to the seats, the hand kept."""
        hand = self.table.hand
        self.table.end_hand()
        if hand is not None and (not self.hands or self.hands[-1] is not hand):
            self.table.verify()
            self.hands.append(hand)
            self.ended_at = self.clock.now
            for player_id in self.removing:
                if player_id in self.players:
                    self._remove(self.players[player_id])
            self.removing = []
            if self.config.tournament is not None and self.table.last_busts:
                left = [s.player for s in self.table.seats.values()]
                placed = places(self.table.last_busts, left, self.table.hand_number)
                self.finishes += [(f.player, f.place, f.hand) for f in placed]

    @property
    def tournament_over(self) -> bool:
        """Whether a tournament has its winner."""
        return any(place == 1 for _, place, _ in self.finishes)

    def _on_request(self, entry: AskSeat) -> None:
        seat, chips, name = entry.seat, entry.chips, entry.name
        self._check_free(seat, name)
        self.requests[entry.request_id] = Request(entry.request_id, name, seat, chips, entry.token_hash)

    def _on_refuse(self, entry: RefuseSeat) -> None:
        if self.top_ups.pop(entry.request_id, None) is not None:
            return
        if self.requests.pop(entry.request_id, None) is None:
            raise Refused("bad_field", "no such seat request")

    def _on_sit(self, entry: Sit) -> None:
        request = self.requests.get(entry.request_id)
        if request is None:
            raise Refused("bad_field", "no such seat request")
        self._check_free(request.seat, request.name)
        player_id = entry.player_id
        tournament = self.config.tournament
        if tournament is not None and self.tournament_over:
            raise Refused("illegal", "the tournament is over", "invalid_action")
        chips = request.chips if tournament is None else tournament["starting_stack"]
        if chips > self.limits().room_for_chips:     # seats taken since the request was made
            raise Refused("bad_field", f"chips: the table holds at most {TABLE_CHIPS:,} chips", field="chips")
        self.table.sit(request.seat, player_id, chips, player_id=player_id)
        del self.requests[request.request_id]
        bank = self.config.clock["time_bank"] if self.config.clock else 0.0
        self.players[player_id] = Player(player_id, request.name, request.seat, request.token_hash, bank=bank)
        self.names[player_id] = request.name
        if request.token_hash in self.removed:
            self.removed.remove(request.token_hash)
        self._cancel_deal()         # a deal is between the players left: one more, and it is gone

    def _check_free(self, seat: int, name: str) -> None:
        """A seat asked for is free (its number and the name are in range: ``inputs.AskSeat``)."""
        if self.player_at(seat) is not None:
            raise Refused("illegal", f"seat {seat} is taken", "invalid_action")

    def _seat(self, player_id: str) -> int:
        player = self.players.get(player_id)
        if player is None:
            raise Refused("not_seated", "that player has no seat")
        return player.seat

    def _on_leave(self, entry: Leave) -> None:
        seat = self._seat(entry.player_id)
        self.table.leave(seat)
        del self.players[entry.player_id]
        self._cancel_deal()

    def _on_sit_out(self, entry: SitOut) -> None:
        self.table.sit_out(self._seat(entry.player_id))
        self.players[entry.player_id].clocked_out = False

    def _on_sit_in(self, entry: SitIn) -> None:
        """Back in: the player chose to post now (``post``) or to wait for the big blind; a
        player already in who asks to post now has chosen to (RROP11 Button & Blind Use)."""
        seat = self._seat(entry.player_id)
        status = self.table.seats[seat].status
        if status == "playing" and not entry.post:
            raise Refused("illegal", "you are already in the game", "invalid_action")
        self.table.sit_in(seat, post=entry.post)
        player = self.players[entry.player_id]
        player.timeouts, player.clocked_out = 0, False

    def _on_sit_out_seat(self, entry: SitOutSeat) -> None:
        """The host sits a player out from the next hand (a hand in play goes on: their turn
        runs on the clock; TDA 2024 Rule 30: a player away from the table is dealt no hand)."""
        player = self._occupied(entry.seat)
        self.table.sit_out(player.seat)

    def _on_fold_seat(self, entry: FoldSeat) -> None:
        """The host folds the seat whose turn it is (a player who does not act: TDA 2024 Rule
        29, the clock called; at a showdown the hand is mucked, TDA 2024 R18)."""
        seat = entry.seat
        if self.table.to_act != seat:
            whose = self.table.to_act
            raise Refused("illegal", "no hand is in play" if whose is None else
                          f"it is seat {whose}'s turn, not seat {seat}'s", "invalid_action")
        legal = self.table.legal()
        self.table.act(seat, "muck" if legal.muck else "fold")

    def _on_show(self, entry: Show) -> None:
        """Between hands a player shows the hand they mucked unseen or won uncalled: it is
        shown to everyone until the next deal (a folded hand is dead and is not shown)."""
        seat = self._seat(entry.player_id)
        if self.in_hand or self.table.hand is None or not self.table.dealt_in(seat):
            raise Refused("illegal", "a hand is shown after it ends, by a player dealt in", "invalid_action")
        self.table.act(seat, "show")

    def _occupied(self, seat: int) -> Player:
        player = self.player_at(seat)
        if player is None:
            raise Refused("bad_field", f"seat {seat} is empty", field="seat")
        return player

    def _on_top_up(self, entry: TopUp) -> None:
        """A top-up or rebuy, by the buy-in's rules (``_check_top_up``); at a table whose seats
        need approval, the one the host approved (``request_id``: ``ask_top_up``)."""
        request = entry.request_id
        if request is not None:
            asked = self.top_ups.get(request)
            if asked is None or asked[0] != entry.player_id or asked[1] != entry.chips:
                raise Refused("bad_field", "no such top-up request", field="request_id")
        seat = self._seat(entry.player_id)
        self._check_top_up(seat, entry.chips)
        self._add_chips(seat, entry.chips, post=entry.post)
        if request is not None:
            del self.top_ups[request]

    def _check_top_up(self, seat: int, chips: int) -> None:
        """A top-up by the buy-in's rules (GENRULES buy-in, seed 002): chips are added between
        the player's hands, at least the minimum buy-in, or enough to bring the stack to the
        maximum, and never past it (a rebuy, after losing every chip, is a buy-in: the minimum)."""
        stack = self.table.stack(seat)
        low, high = buy_in_limits(self.table.game)
        if self.config.tournament is not None or stack == 0:
            return                  # the table's own rules: no top-ups in a tournament; a rebuy's minimum
        if chips < low and (high is None or stack + chips != high):
            most = "" if high is None else f", or {high - stack} to bring your stack to the maximum {high}"
            raise Refused("illegal", f"a top-up is at least the minimum buy-in, {low}{most}", "below_min_buy_in",
                          cite.BUY_IN)

    def _on_ask_top_up(self, entry: AskTopUp) -> None:
        """At a table whose seats need approval, a top-up waits for the host (``approve`` or
        ``refuse`` with its ``request_id``); it is checked now, and again as it is approved."""
        seat = self._seat(entry.player_id)
        self._check_top_up(seat, entry.chips)
        if any(asked[0] == entry.player_id for asked in self.top_ups.values()):
            raise Refused("illegal", "your top-up already waits for the host", "invalid_action")
        self.top_ups[entry.request_id] = (entry.player_id, entry.chips, entry.post)

    def _add_chips(self, seat: int, chips: int, *, post: bool = False) -> None:
        """Chips bought between hands: a top-up, or a rebuy when the seat has none left (the
        minimum buy-in applies, and the blinds missed while broke are owed: posted now with
        ``post``, or by waiting for the big blind; RROP11 Button & Blind Use)."""
        if self.table.stack(seat) == 0:
            self.table.rebuy(seat, chips, post=post)
        else:
            self.table.top_up(seat, chips)

    def _on_straddle(self, entry: Straddle) -> None:
        """A straddle for the next hand: declared now, or during a hand for the one after it
        (it is checked again as that hand is dealt, and a straddle no longer open, the seat
        not under the gun then, is refused aloud: an event says why; WIKI_BIP Straddle bets)."""
        seat = self._seat(entry.player_id)
        if self.in_hand:
            self.straddles.append((seat, entry.amount))
        else:
            self.table.straddle(seat, entry.amount)
            self.declared.append((seat, entry.amount))

    def _on_chat(self, entry: ChatLine) -> None:
        """A chat line changes nothing at the table (the table's task passes it on); it is kept
        in the room's history (``log``)."""

    def _on_rail_chat(self, entry: RailChat) -> None:
        """A spectator's chat line, where the host lets spectators chat (``spectator_chat``)."""
        if not self.config.spectator_chat:
            raise Refused("not_seated", "spectators do not chat at this table")

    def _on_spectator_chat(self, entry: SpectatorChat) -> None:
        """The host lets spectators chat, or not."""
        self.config = replace(self.config, spectator_chat=entry.allow)

    def _on_between_hands(self, entry: BetweenHands) -> None:
        """The moment between hands from the next hand's end on (``Config.between_hands``)."""
        self.config = replace(self.config, between_hands={
            "seconds": float(entry.seconds), "showdown": float(entry.showdown)})

    def _on_start(self, entry: Start) -> None:
        if self.paused:
            self.turn_started = self.clock.now
        self.running, self.paused = True, False

    def _on_pause(self, entry: Pause) -> None:
        """The game stops now: no hand is dealt, and the action clock of a hand in play stops
        (``deadline`` is ``None`` while paused)."""
        self.paused = True

    def _on_resume(self, entry: Resume) -> None:
        """The game goes on; the seat to act has its turn's seconds again from now (its time
        bank as it was)."""
        if not self.paused:
            raise Refused("illegal", "the game is not paused", "invalid_action")
        self.paused = False
        self.turn_started = self.clock.now

    def _on_offer_deal(self, entry: OfferDeal) -> None:
        """The host offers the players left a deal by ICM, between hands: each one's equity is
        shown until the next hand is dealt (``icm_shares``)."""
        if self.config.tournament is None:
            raise Refused("illegal", "a deal is offered at a tournament table", "invalid_action")
        if self.in_hand or self.tournament_over:
            raise Refused("illegal", "a deal is offered between hands, before the tournament's end",
                          "invalid_action", R_ICM)
        payouts = self.config.tournament["payouts"]
        if payouts != sorted(payouts, reverse=True):
            raise Refused("illegal", "a deal by ICM needs payouts from first place down, each at most the one before",
                          "invalid_action", R_ICM)
        self.deal_offered = self.table.hand_number
        self.deal_accepted = []

    def _on_answer_deal(self, entry: AnswerDeal) -> None:
        """A player still in answers the open deal: once every player left has accepted, the
        deal ends the tournament (``finish_by_deal``); one decline and the offer is gone."""
        seat = self._seat(entry.player_id)
        player = entry.player_id
        taken = self.table.seats.get(seat)
        if self.deal_offered is None or taken is None or taken.player != player:
            raise Refused("illegal", "no deal is offered to this player", "invalid_action", R_ICM)
        if player in self.deal_accepted:
            raise Refused("illegal", "this player has accepted the deal already", "invalid_action", R_ICM)
        if not entry.accept:
            # Who declined is told to everyone (issue 35): the offer is gone because of them.
            self.remember({"kind": "deal_declined", "hand": self.table.hand_number, "seat": seat, "player_id": player,
                           "name": self.name_of(player), "note": "declined the ICM deal", "at": self.clock.now})
            self._cancel_deal()
            return
        self.deal_accepted.append(player)
        if {s.player for s in self.table.seats.values()} <= set(self.deal_accepted):
            self._finish_by_deal()

    def _finish_by_deal(self) -> None:
        """The tournament ends by the deal: each player left is paid their ICM equity in whole
        hundredths of a percent of the prizes (``icm_deal``: together exactly the prizes of the
        places left) and placed by chips, equal stacks sharing a place (``deal_places``)."""
        assert self.config.tournament is not None
        stacks = {s.player: self.table.stack(n) for n, s in self.table.seats.items()}
        payouts = self.config.tournament["payouts"]
        prizes = [DEAL_UNITS * share for share in payouts[:len(stacks)]]
        deal = icm_deal(stacks, prizes + [0] * (len(stacks) - len(prizes)))
        placed = deal_places(stacks, deal, self.table.hand_number)
        self.finishes += [(f.player, f.place, f.hand) for f in placed]
        self.deal_payouts = deal
        self._cancel_deal()

    def _cancel_deal(self) -> None:
        self.deal_offered = None
        self.deal_accepted = []

    def icm_shares(self) -> dict[str, Fraction]:
        """Each player's ICM equity (Malmuth-Harville, exact), in percent of the prizes, of the
        places still to be decided (their payouts by the table's percentages)."""
        assert self.config.tournament is not None
        stacks = {s.player: self.table.stack(n) for n, s in self.table.seats.items()}
        payouts = self.config.tournament["payouts"]
        return icm_equities(stacks, payouts[:len(stacks)])

    def _on_set_game(self, entry: SetGame) -> None:
        """New blinds, ante or game from the next hand on (TDA 2024 R23; ``Table.set_game``); at a
        tournament table its levels set the blinds."""
        if self.config.tournament is not None:
            raise Refused("illegal", "a tournament's levels set its blinds", "invalid_action")
        current = self.table.game
        variant = entry.variant or current.variant
        stud = VARIANTS[variant].family == "stud" if variant in VARIANTS else False
        # The game's structure stays unless the host names one, or the game changes family (hold'em
        # to stud: stud's own fixed limit, ``game_from``'s default).
        same = variant in VARIANTS and VARIANTS[variant].family == current.variant_spec.family
        raw: dict[str, object] = {"variant": variant, "ante": entry.ante}
        if entry.structure is not None or same:
            raw["structure"] = entry.structure or current.structure
        forced = ("bring_in", "small_bet", "big_bet") if stud else ("small_blind", "big_blind")
        for name in forced:
            if getattr(entry, name) is not None:
                raw[name] = getattr(entry, name)
            elif name != "big_bet":
                raise bad_field(name, f"is needed for {'a stud game' if stud else 'a game with blinds'}")
        try:
            game = game_from(raw)       # the games create_table deals, checked as it checks them
        except GameRefused as wrong:
            raise bad_field(wrong.field, str(wrong)) from None
        self.table.set_game(game)

    def _on_move_seat(self, entry: MoveSeat) -> None:
        """The host moves a player to a free seat between hands (``Table.move``)."""
        player = self.player_at(entry.seat)
        if player is None:
            raise Refused("bad_field", f"seat {entry.seat} is empty", field="seat")
        self.table.move(entry.seat, entry.to)
        player.seat = entry.to

    def _on_set_clock(self, entry: SetClock) -> None:
        """The action clock's seconds, time bank and timed-out turns to be sat out, at any
        moment: from the next turn (the turn being played keeps its time; TDA 2024 Rule 29),
        each player's bank the new one from then."""
        away = float(entry.timeouts_to_away) if entry.timeouts_to_away is not None else (
            self.config.clock["timeouts_to_away"] if self.config.clock else DEFAULT_CLOCK["timeouts_to_away"])
        clock = {"seconds": float(entry.seconds), "time_bank": float(entry.time_bank), "timeouts_to_away": away}
        if self.table.to_act is not None and self.config.clock is not None:
            self.clock_next = clock
        else:
            self._set_clock(clock)

    def _set_clock(self, clock: dict[str, float]) -> None:
        self.config = replace(self.config, clock=clock)
        self.clock_next = None
        for player in self.players.values():
            player.bank = clock["time_bank"]

    def _on_set_buy_in(self, entry: SetBuyIn) -> None:
        """The buy-in limits from now on (``Table.set_buy_in``)."""
        low, high = entry.low, entry.high
        if high is not None and high < low:
            raise bad_field("high", f"is at least the minimum, {low}")
        self.table.set_buy_in(low, high)

    def _on_end_game(self, entry: EndGame) -> None:
        self.ended = True

    def _on_spectators(self, entry: Spectators) -> None:
        """The host lets spectators watch, or sends them away (they may still ask for a seat)."""
        self.spectators = entry.allow

    def _on_edit_stack(self, entry: EditStack) -> None:
        self._add_chips(entry.seat, entry.chips)

    def _on_remove(self, entry: Remove) -> None:
        """The host removes a player at any moment: between hands they leave at once, their
        chips cashed out to the ledger; in a hand they are in, their hand is folded now if it is
        their turn, else at its turn (it is dead: TDA 2024 Rule 30), and they leave, cashed
        out, as the hand ends. A removed player is told so if they come back."""
        player = self._occupied(entry.seat)
        if player.player_id in self.removing:
            raise Refused("illegal", f"{player.name} is being removed already", "invalid_action")
        if self.in_hand and self.table.dealt_in(player.seat):
            self.removing.append(player.player_id)
            if self.table.seats[player.seat].status != "sitting_out":
                self.table.sit_out(player.seat)
            self._fold_removed()
            return
        self._remove(player)

    def _remove(self, player: Player) -> None:
        self.table.leave(player.seat)
        del self.players[player.player_id]
        self.removed.append(player.token_hash)
        del self.removed[:-LOG_LINES]
        self._cancel_deal()

    def _fold_removed(self) -> None:
        """A removed player's hand folds as its turn comes (mucks, asked to show or muck)."""
        while self.removing and self.in_hand:
            seat = self.table.to_act
            player = None if seat is None else self.player_at(seat)
            if player is None or player.player_id not in self.removing:
                return
            legal = self.table.legal()
            self.table.act(seat, "muck" if legal.muck else "fold")

    def _on_bomb_pot(self, entry: BombPot) -> None:
        """The host calls a bomb pot for the next hand (refused ``illegal`` in a game without a
        flop, or with an ante not in the game's chips: ``Table.call_bomb_pot``)."""
        self.table.call_bomb_pot(entry.ante, boards=entry.boards)

    def _on_bomb_pots(self, entry: BombPots) -> None:
        """The table's rule for bomb pots from now on (``Table.bomb_pots``), or none: ``bad_field``
        for chosen hands the game cannot take or an ante missing, ``illegal`` in a game without
        a flop or with an ante not in its chips."""
        if entry.every is None and entry.hands is None:
            self.table.bomb_pots(None)
            return
        if entry.ante is None:
            raise bad_field("ante", "is missing: the bomb pot's ante")
        try:
            self.table.bomb_pots(entry.every, entry.ante, boards=entry.boards, hands=entry.hands)
        except InvalidArgument as wrong:
            raise bad_field("hands", str(wrong)) from None

    def _on_choose_game(self, entry: ChooseGame) -> None:
        """Dealer's choice: the seat holding the choice names the next orbit's game (refused
        ``illegal`` from another seat, for a game not on the list, or at a table without it)."""
        self.table.choose_game(self._seat(entry.player_id), entry.game)

    def _on_deal(self, entry: NextHand) -> None:
        if self.ended:
            raise Refused("closed", "the game has ended")
        if self.tournament_over:
            raise Refused("illegal", "the tournament is over", "invalid_action")
        if entry.hand != self.table.hand_number + 1:
            raise Refused("bad_field", f"the next hand is {self.table.hand_number + 1}")
        if self.in_hand:
            raise Refused("illegal", "the hand in play is not over", "invalid_action")
        self.table.preview()        # NotEnoughPlayers before a straddle is declared
        self._next_level()
        for seat, amount in self.straddles:
            try:
                self.table.straddle(seat, amount)
            except IllegalAction as refused:
                player = self.player_at(seat)
                self.remember({"kind": "straddle_refused", "hand": self.table.hand_number + 1, "seat": seat,
                               "player_id": None if player is None else player.player_id,
                               "name": None if player is None else player.name,
                               "note": f"no straddle: {refused.message}", "at": self.clock.now})
        self.declared = []
        self.dealt_game = self.table.game
        self.table.start_hand(
            rng=deck_rng(entry.seed), auto_muck=self.config.auto_muck, wait_for_runout=self.config.run_it_twice
        )
        self.straddles = []
        self._cancel_deal()
        if self.config.tournament is not None and self.level_start is None:
            self.level_start = (self.table.hand_number - 1, self.clock.now)
        self.deals.append(Deal(entry.hand, entry.seed))
        self.hand_actions = {}

    def _next_level(self) -> None:
        """A tournament's blinds go up from the next hand once its level is over (TDA 2024 R23)."""
        if self.level_start is None:
            return
        levels = self.config.levels()
        level, start = next_level(levels, self.level, self.level_start, self.table.hand_number, self.clock.now)
        if level != self.level:
            self.level, self.level_start = level, start
            self.table.set_game(levels[level].game(self.config.game))

    def _on_act(self, entry: Action) -> None:
        seat = self._seat(entry.player_id)
        if not self.table.dealt_in(seat):
            raise Refused("illegal", f"seat {seat} is not dealt in", "invalid_action")
        self.table.act(seat, entry.action, entry.to, cards=entry.cards)
        self.applied.setdefault(entry.player_id, set()).add(entry.client_action_id)
        self.hand_actions.setdefault(entry.player_id, []).append(entry.client_action_id)
        player = self.players[entry.player_id]
        player.timeouts = 0
        self._spend_bank(player)

    def _on_timeout(self, entry: Timeout) -> None:
        """The clock ran out: check, or fold if a check is not free, or muck a hand asked to
        show or muck (the house's auto-muck, TDA 2024 R18); N in a row and the seat is away from
        the next hand (docs/protocol.md, the clock)."""
        seat = entry.seat
        if self.table.to_act != seat:
            raise Refused("stale_turn", "that turn is over")
        legal = self.table.legal()
        self.table.act(seat, "muck" if legal.muck else "check" if legal.check else "fold")
        player = self.player_at(seat)
        assert player is not None and self.config.clock is not None
        player.bank = 0.0
        player.timeouts += 1
        away = player.timeouts >= self.config.clock["timeouts_to_away"]
        if away and self.table.cash and self.table.seats[seat].status != "sitting_out":
            self.table.sit_out(seat)
            player.clocked_out = True

    def _offer_runs(self) -> None:
        """Open the run-it-twice offer once the hand waits for its run-out."""
        if not self.table.awaiting_runout or self.offer is not None:
            return
        self.offer = Offer(self.table.hand_number, self.table.live_seats, self.clock.now)

    def _on_run_it(self, entry: RunIt) -> None:
        """One player's answer to the offer: all twice and the board runs twice, one "once"
        and it runs once (a casino's run-it-twice procedure, citations.RUN_IT)."""
        seat, offer = self._seat(entry.player_id), self.offer
        if offer is None or self.table.hand is None or seat not in offer.seats or seat in offer.answers:
            raise Refused("illegal", "no run-it-twice question is open for this seat", "cannot_run_it")
        twice = entry.twice
        if not twice:
            self._run(1)
        elif len(offer.answers) + 1 == len(offer.seats):
            self._run(2)
        offer.answers[seat] = twice

    def _on_offer_timeout(self, entry: OfferTimeout) -> None:
        """Not everyone agreed in time: the board runs once."""
        if self.offer is None or self.table.hand is None:
            raise Refused("stale_turn", "no run-it-twice question is open")
        self._run(1)

    def _run(self, times: int) -> None:
        """Deal the board ``times`` times, through the table (``Table.act``: ``run_it``)."""
        self.table.act(None, "run_it", times)
        self.offer = None

    def offer_deadline(self) -> float | None:
        """When the open run-it-twice question runs out of time (the clock's seconds)."""
        if self.offer is None:
            return None
        return self.offer.started + (self.config.clock["seconds"] if self.config.clock else OFFER_SECONDS)

    def _spend_bank(self, player: Player) -> None:
        """Time beyond the turn's seconds comes out of the seat's time bank."""
        if self.config.clock is None:
            return
        over = self.clock.now - self.turn_started - self.config.clock["seconds"]
        if over > 0:
            player.bank = max(0.0, player.bank - over)

    def deadline(self) -> tuple[int, float] | None:
        """(seat, time) when the seat to act runs out of time, with a clock and a hand in play."""
        seat = self.table.to_act
        if self.config.clock is None or self.paused or seat is None:
            return None
        player = self.player_at(seat)
        bank = player.bank if player is not None else 0.0
        return seat, self.turn_started + self.config.clock["seconds"] + bank


HANDLERS: dict[type[Input], Callable[[Room, Any], None]] = {
    AskSeat: Room._on_request,
    RefuseSeat: Room._on_refuse,
    Sit: Room._on_sit,
    Leave: Room._on_leave,
    SitOut: Room._on_sit_out,
    SitIn: Room._on_sit_in,
    TopUp: Room._on_top_up,
    Straddle: Room._on_straddle,
    ChatLine: Room._on_chat,
    Start: Room._on_start,
    Pause: Room._on_pause,
    Resume: Room._on_resume,
    OfferDeal: Room._on_offer_deal,
    AnswerDeal: Room._on_answer_deal,
    SetGame: Room._on_set_game,
    MoveSeat: Room._on_move_seat,
    SetClock: Room._on_set_clock,
    SetBuyIn: Room._on_set_buy_in,
    EndGame: Room._on_end_game,
    Spectators: Room._on_spectators,
    EditStack: Room._on_edit_stack,
    Remove: Room._on_remove,
    BombPot: Room._on_bomb_pot,
    BombPots: Room._on_bomb_pots,
    ChooseGame: Room._on_choose_game,
    NextHand: Room._on_deal,
    Action: Room._on_act,
    Timeout: Room._on_timeout,
    RunIt: Room._on_run_it,
    OfferTimeout: Room._on_offer_timeout,
    FoldSeat: Room._on_fold_seat,
    AskTopUp: Room._on_ask_top_up,
    SitOutSeat: Room._on_sit_out_seat,
    Show: Room._on_show,
    RailChat: Room._on_rail_chat,
    SpectatorChat: Room._on_spectator_chat,
    BetweenHands: Room._on_between_hands,
}
"""The room's handler of each input type (``inputs.INPUTS``: the same types)."""
assert set(HANDLERS) == set(INPUTS.values())
