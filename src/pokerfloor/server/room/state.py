"""A room's state and what it reads of it (``RoomState``): its table, players, seat requests,
deals and hands, the clock and what the page's history keeps. Every change is an input applied by
``Room.apply`` (the handlers: ``seating``, ``tournament``, ``play``, ``host``)."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field, replace
from typing import Any

from pokerfloor.hand import Hand
from pokerfloor.rules import Game, HouseRules
from pokerfloor.server.deal import deck_rng, hand_seed, seed_hash, seeds_public
from pokerfloor.server.fields import Limits, Refused
from pokerfloor.server.inputs import NextHand
from pokerfloor.server.settings import BUTTON_RULES, STRADDLES, Clock, Config
from pokerfloor.server.showdown import hands_shown
from pokerfloor.server.structure import MOST_CHIPS
from pokerfloor.table import ManualClock, NotEnoughPlayers, Table, TableOptions, buy_in_limits
from pokerfloor.table.customs import NO_STRADDLES
from pokerfloor.table.ledger import Entry
from pokerfloor.table.seats import TableEvent

# Seconds the players all-in have to agree to run it twice at a table without an action clock.
OFFER_SECONDS = 20.0
LOG_LINES = 200
"""Chat lines and table events a room keeps for a page that (re)loads (``Room.log``)."""
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
class RoomState:
    """The authoritative state of one table, changed only by ``Room.apply``."""

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
    clock_next: Clock | None = None
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
            self.table.rotate_games(self.config.rotation.rotation())
        bombs = self.config.bomb_pots
        if bombs is not None:
            self.table.bomb_pots(bombs.every, bombs.ante, boards=bombs.boards, hands=bombs.hands)

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
        return self.ended_at + (pause.showdown if self.showdown_seen() else pause.seconds)

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

    def limits(self) -> Limits:
        """The ranges of this table's commands: its seats and its buy-in."""
        tournament = self.config.tournament
        held = sum(self.table.stacks().values())        # every chip at the table (commands.TABLE_CHIPS)
        if tournament is not None:      # a seat's chips are the starting stack, whatever asked
            return Limits(self.config.seats, (1, MOST_CHIPS), held)
        return Limits(self.config.seats, buy_in_limits(self.table.game), held)

    @property
    def tournament_over(self) -> bool:
        """Whether a tournament has its winner."""
        return any(place == 1 for _, place, _ in self.finishes)

    def _seat(self, player_id: str) -> int:
        player = self.players.get(player_id)
        if player is None:
            raise Refused("not_seated", "that player has no seat")
        return player.seat

    def _occupied(self, seat: int) -> Player:
        player = self.player_at(seat)
        if player is None:
            raise Refused("bad_field", f"seat {seat} is empty", field="seat")
        return player

    def _cancel_deal(self) -> None:
        self.deal_offered = None
        self.deal_accepted = []

    def _set_clock(self, clock: Clock) -> None:
        self.config = replace(self.config, clock=clock)
        self.clock_next = None
        for player in self.players.values():
            player.bank = clock.time_bank

    def offer_deadline(self) -> float | None:
        """When the open run-it-twice question runs out of time (the clock's seconds)."""
        if self.offer is None:
            return None
        return self.offer.started + (self.config.clock.seconds if self.config.clock else OFFER_SECONDS)

    def deadline(self) -> tuple[int, float] | None:
        """(seat, time) when the seat to act runs out of time, with a clock and a hand in play."""
        seat = self.table.to_act
        if self.config.clock is None or self.paused or seat is None:
            return None
        player = self.player_at(seat)
        bank = player.bank if player is not None else 0.0
        return seat, self.turn_started + self.config.clock.seconds + bank
