"""What the served event's runner (``runner.EventRunner``), the host's commands
(``director``) and the replay of its inputs (``replay``) share, below all three: the event's
state (``EventCore``: the library's ``MultiTableTournament``, the people in it, its clock and
inputs), an input logged as it is made (``log``), an entry made (``enter``), and the floor's
rulings turned into notices in words for the players they concern (``take_events``).
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from pokerfloor.bots import STYLES, Bot
from pokerfloor.errors import IllegalAction, PokerfloorError
from pokerfloor.hand import Hand
from pokerfloor.server.event.clock import EventClock
from pokerfloor.server.event.config import EventConfig
from pokerfloor.server.event.seated import SeatAct, Views
from pokerfloor.server.fields import NAME_LENGTH, Refused, bad_field, display_name, name_key
from pokerfloor.table import floor
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.table.event_types import FloorEvent

NOTICES = 12            # the notices a player's page keeps


@dataclass
class Person:
    """Someone registered: their name, their token's digest, the house bot's style ("" for a
    person), their entries in order (a re-entry adds one) and the notices they were sent."""

    name: str
    token_hash: str
    bot: str = ""
    entries: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    timeouts: int = 0


@dataclass(frozen=True)
class Logged:
    """An input of the event's as it is made: the call and its arguments (``replay.OPS``) and
    when; stored as its JSON (``json``: ``{"at", "op"}``), which ``replay`` reads back."""

    at: float
    op: tuple[Any, ...]

    def json(self) -> dict[str, object]:
        return {"at": self.at, "op": list(self.op)}


@dataclass(frozen=True)
class Dropped:
    """A host's move dropped as it came to be made (``director.apply_moves``: the player out, the
    table broken, the seat taken meanwhile, the player already at that table), told to the host's
    pages as ``move_dropped`` (``json``), never dropped without a word."""

    name: str
    table: int
    seat: int
    reason: str         # out, table_gone, seat_taken, same_table
    text: str

    def json(self) -> dict[str, object]:
        return {"type": "move_dropped", **asdict(self)}


class EventCore:
    """The served event's state, and the steps on it that the runner, the director and the
    replay share (see the module's docstring)."""

    def __init__(self, event_id: str, config: EventConfig, host_hash: str, *, seed: str, clock: EventClock) -> None:
        self.event_id, self.config, self.host_hash, self.seed, self.clock = event_id, config, host_hash, seed, clock
        self.event: MultiTableTournament = config.tournament(random.Random(int(seed, 16)), clock)
        self.started = False
        self.persons: dict[str, Person] = {}
        self.by_entry: dict[str, str] = {}
        self.pending: dict[str, str] = {}       # awaiting the host's approval: name key -> token digest
        self.seen = 0                           # floor events already turned into notices
        self.over_at: dict[int, float] = {}     # when each table's last hand ended (server time)
        self.turn: dict[int, tuple[int, int, float]] = {}   # table -> (hand, actions, since)
        self.changed: set[int] = set()          # tables whose players need an update
        self.lobby_changed = True
        self.notified: dict[str, list[str]] = {}    # person key -> notices to send now
        self._bots: dict[str, Bot] = {}
        self.hands = 0
        self.deals: list[tuple[int, int, int]] = []     # (table, level number, big blind) of every deal
        self.level_switches: list[tuple[int, tuple[int, ...]]] = []  # (level, tables mid-hand as it began)
        self.checks: list[tuple[int, int]] = []         # (chips on tables, chips issued) at each hand's end (``audit``)
        self.offer: dict[str, int] | None = None        # the last deal the host offered, by name
        self.moves: list[tuple[str, int, int]] = []     # the host's moves waiting for the hands to end
        self.dropped: list[Dropped] = []        # the host's moves dropped, to tell the host's pages now
        self.seq = 0                            # the inputs made since the event opened
        self.inputs: list[tuple[int, Logged]] = []    # those not yet written, by seq
        self.replaying = False
        self.budget: int | None = None          # the house bots' actions left in this step
        self.deadline: float | None = None      # when this step's time is up (``time.perf_counter``)
        self.bots_moved = 0                     # the house bots' actions made in this step
        self.sitting: dict[int, tuple[Hand, dict[int, str]]] = {}  # table -> (its hand, seat -> person key)
        self.rota = 0                           # where the last step began going round the tables
        self.finished: list[tuple[int, int, str]] = []  # hands ended, not yet stored: (table, number, record)
        self.spread = False                     # tables of house bots only are dealt away (``away.py``)
        self.away: set[int] = set()             # the tables whose hand in play is played away
        self.sent: list[tuple[str, int, str, str]] = []  # deals sent away, not yet stored (``away.Sent``)
        self.live: dict[int, Views] = {}        # a hand played away as its player last told (``seated.py``)
        self.asked: dict[int, SeatAct] = {}     # a person's action sent on to it, not yet seen made

    def log(self, *op: Any) -> None:
        """An input made now (not while it is replayed): the call, its arguments, the time."""
        if not self.replaying:
            self.seq += 1
            self.inputs.append((self.seq, Logged(self.clock.now(), op)))

    def person_of(self, token_hash: str) -> str | None:
        return next((key for key, p in self.persons.items() if p.token_hash == token_hash), None)

    def entry_of(self, key: str) -> str | None:
        """The person's entry still in, if any (else their last)."""
        person = self.persons[key]
        alive = [e for e in person.entries if not self.event.entries[e].out]
        return alive[-1] if alive else (person.entries[-1] if person.entries else None)

    def enter(self, name: object, token_hash: str, *, bot: str = "", approved: bool = False) -> str | None:
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_LENGTH:
            raise bad_field("name", f"is 1 to {NAME_LENGTH} characters")
        name = display_name("name", name.strip())
        key = name_key(name)
        person = self.persons.get(key)
        if person is not None and person.token_hash != token_hash:
            raise bad_field("name", "another player registered with that name")
        if bot and (not self.config.house_bots or bot not in STYLES):
            raise Refused("illegal", "this event takes no house bots" if bot in STYLES else f"bot is one of {STYLES}")
        if self.event.is_over or not self.event.late_open():
            raise Refused("closed", "registration is closed")
        if len(self.event.entries) >= self.config.most_entries:
            raise Refused("closed", f"the event is full ({self.config.most_entries} entries)")
        if self.config.approval and not bot and not approved and person is None:
            self.pending[key] = token_hash
            self.lobby_changed = True
            return None
        try:
            entry = self.event.register(name)
        except (IllegalAction, PokerfloorError) as refused:
            raise Refused("illegal", str(refused)) from None
        self.pending.pop(key, None)
        if person is None:
            person = self.persons[key] = Person(name, token_hash, bot)
        person.entries.append(entry)
        self.by_entry[entry] = key
        self.take_events()
        self.lobby_changed = True
        return entry

    def take_events(self) -> None:
        """Turn the floor's new rulings into notices for the players they concern."""
        for ruling in self.event.events[self.seen:]:
            self._notice(ruling)
        self.seen = len(self.event.events)

    def _notice(self, ruling: FloorEvent) -> None:
        if ruling.entry is None or ruling.entry not in self.by_entry:
            if ruling.kind in ("final_table", "break_table", "hand_for_hand", "level", "break"):
                self.changed.update(self.event.tables)
            return
        key = self.by_entry[ruling.entry]
        text = ""
        if ruling.kind == "move":
            why = ("your table broke" if ruling.rule == floor.R_BREAKING else "to balance the tables"
                   if ruling.rule == floor.R_BALANCING else "the director moved you")
            text = (f"You moved to table {ruling.table}, seat {ruling.seat} ({why}) with your {ruling.chips:,}"
                    f" chips. {ruling.text}.")
        elif ruling.kind == "seat" and self.started:
            text = f"Your seat: table {ruling.table}, seat {ruling.seat}. {ruling.text}."
        elif ruling.kind in ("bust", "forfeit", "bounty", "rebuy", "add_on", "remove"):
            text = ruling.text + "."
        if text:
            person = self.persons[key]
            person.notices = [*person.notices, text][-NOTICES:]
            self.notified.setdefault(key, []).append(text)
        if ruling.table is not None:
            self.changed.add(ruling.table)
