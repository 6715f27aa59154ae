"""One event as the server runs it: a ``MultiTableTournament``, the people in it, its clock.

``EventRunner`` changes only through its methods, each synchronous and refused with
``Refused`` (state unchanged) on a wrong input; the one task of ``service.EventTask`` calls them
in turn. ``step(now)`` moves the floor on: it ends finished hands (the floor then breaks and
balances the tables), deals every table the floor lets deal once its pause between hands is
over, plays the house bots' turns, and acts for a player whose clock ran out (check, else fold:
TDA 2024 Rule 30, a tournament seat is dealt in whether present or not). Each ruling the floor
makes about a player (moved, the final table, out) becomes a notice in words to that player.

Its state is JSON (``state``/``from_state``): the library's event record (versioned), the
people (names, token digests), the clock's pause and added time, and the seed, revealed when
the event ends. Between two states, every change is an input (``inputs``, numbered by ``seq``):
the call that made it and the server's time, logged as it is made (a person's action, a house
bot's, a hand dealt or ended, the floor's ruling between hands, a registration, a host's
command); ``replay.go_on`` applies them to the last state in order, and the event is where it
was, to the last action (the floor and every table are deterministic given their randomness,
which the state holds).
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from pokerfloor.bots import STYLES, Bot, decide, make_bot
from pokerfloor.errors import IllegalAction, PokerfloorError
from pokerfloor.hand import RecordError
from pokerfloor.server.event import director, replay
from pokerfloor.server.event.clock import EventClock
from pokerfloor.server.event.config import EventConfig
from pokerfloor.server.event.saved import STATE_FORMAT, STATE_VERSION, check_state
from pokerfloor.server.fields import NAME_LENGTH, Refused, bad_field, display_name, name_key
from pokerfloor.table import event_host, floor
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.table.event_types import FloorEvent
from pokerfloor.typedjson import Unreadable

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


class EventRunner:
    """The served event (see the module's docstring)."""

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
        self.checks: list[tuple[int, int]] = []         # (chips on tables, chips issued) at each hand's end
        self.offer: dict[str, int] | None = None        # the last deal the host offered, by name
        self.moves: list[tuple[str, int, int]] = []     # the host's moves waiting for the hands to end
        self.seq = 0                            # the inputs made since the event opened
        self.inputs: list[tuple[int, dict[str, Any]]] = []  # those not yet written: (seq, {"at", "op"})
        self.replaying = False
        self.budget: int | None = None          # the house bots' actions left in this step
        self.rota = 0                           # where the last step began going round the tables
        self.finished: list[tuple[int, int, str]] = []  # hands ended, not yet stored: (table, number, record)

    def _log(self, *op: Any) -> None:
        """An input made now (not while it is replayed): the call, its arguments, the time."""
        if not self.replaying:
            self.seq += 1
            self.inputs.append((self.seq, {"at": self.clock.now(), "op": list(op)}))

    # ------------------------------------------------------------------ people
    def person_of(self, token_hash: str) -> str | None:
        return next((key for key, p in self.persons.items() if p.token_hash == token_hash), None)

    def entry_of(self, key: str) -> str | None:
        """The person's entry still in, if any (else their last)."""
        person = self.persons[key]
        alive = [e for e in person.entries if not self.event.entries[e].out]
        return alive[-1] if alive else (person.entries[-1] if person.entries else None)

    def register(self, name: object, token_hash: str, *, bot: str = "", approved: bool = False) -> str | None:
        """Enter ``name`` (the same name and token again: a re-entry). Returns the entry id, or
        ``None`` when the event needs the host's approval first (``approve``)."""
        entry = self._enter(name, token_hash, bot=bot, approved=approved)
        self._log("register", name, token_hash, bot, approved)
        return entry

    def _enter(self, name: object, token_hash: str, *, bot: str = "", approved: bool = False) -> str | None:
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
        self._take_events()
        self.lobby_changed = True
        return entry

    def approve(self, name: str) -> str | None:
        key = name_key(name) if isinstance(name, str) else ""
        if key not in self.pending:
            raise bad_field("name", "is not waiting for approval")
        entry = self._enter(name, self.pending[key], approved=True)
        self._log("approve", name)
        return entry

    def start(self) -> None:
        try:
            self.event.start()
            self.started = True
        except (IllegalAction, PokerfloorError) as refused:
            raise Refused("illegal", str(refused)) from None
        self._log("start")
        self._take_events()
        self.lobby_changed = True

    # ------------------------------------------------------------------ play
    def act(self, key: str, action: object, to: object = None, cards: object = None) -> None:
        """The person's action at their table, on their turn (``not_your_turn``; ``illegal``
        with the engine's reason)."""
        if not isinstance(action, str) or not 1 <= len(action) <= 16:
            raise bad_field("action", "is an action's name")
        if to is not None and (isinstance(to, bool) or not isinstance(to, int) or to < 0):
            raise bad_field("to", "is a whole number of chips")
        if cards is not None and (not isinstance(cards, list) or len(cards) > 7
                                  or not all(isinstance(c, str) and len(c) == 2 for c in cards)):
            raise bad_field("cards", "is a list of cards like \"Ah\"")
        entry = self.entry_of(key)
        where = None if entry is None else self.event.seat_of(entry)
        if where is None:
            raise Refused("not_seated", "you have no seat in play")
        no, seat = where
        hand = self.event.tables[no].hand
        if hand is None or hand.is_over or hand.to_act != seat or self.event.between_hands(no):
            raise Refused("not_your_turn", "it is not your turn")
        self._act(no, seat, action, to, cards, who=key)

    def _act(self, no: int, seat: int, action: str, to: int | None, cards: Any = None, *, who: str = "") -> None:
        """The action at table ``no``'s ``seat``; ``who``: the person who took it (their clock
        is no longer run out)."""
        try:
            self.event.tables[no].act(seat, action, to, cards=cards)
        except (IllegalAction, PokerfloorError, ValueError) as refused:
            raise Refused("illegal", str(refused)) from None
        if who:
            self.persons[who].timeouts = 0
        self._log("act", no, seat, action, to, cards, who)
        self.changed.add(no)

    def _bot(self, key: str) -> Bot:
        bot = self._bots.get(key)
        if bot is None:
            person = self.persons[key]
            bot = self._bots[key] = make_bot(person.bot, person.name, random.Random(f"{self.seed}:{key}"))
        return bot

    def step(self, now: float, *, bot_seconds: float = 0.0, bot_actions: int | None = None) -> float:
        """Move the floor on as far as it goes now (``bot_actions``: at most that many house bots'
        actions, the tables taken in turn from where the last step stopped, so that one step never
        holds the event's task long); returns the seconds until something is due (0: more now)."""
        self.budget = bot_actions
        event = self.event
        if not self.started or event.is_over:
            start_at = self.config.start_at
            if not self.started and start_at is not None and now >= start_at and len(event.entries) >= 2:
                self.start()
            return 1.0
        wait = 1.0
        if self.moves:          # (before ending hands: a player's page sees their hand end, then the move)
            waiting = list(self.moves)
            self._moves()
            if self.moves != waiting:
                self._log("moves")
        for no, table in list(event.tables.items()):
            hand = table.hand
            if hand is not None and hand.is_over and not event.between_hands(no):
                self._end(no, now)
        if not self.clock.paused:
            level = event.level_number
            mid = tuple(no for no in event.tables if not event.between_hands(no))
            mark = event_host.mark(event)
            ready = event.ready()
            if event_host.mark(event) != mark:
                self._log("ready")
            if event.level_number != level:
                self.level_switches.append((event.level_number, mid))
                self.lobby_changed = True
            held = {no for entry, table, _ in self.moves for no in (table, *(self.event.seat_of(entry) or ())[:1])}
            for no in ready:
                if no in held:          # a move waits for this table's hand to end: it deals after it
                    continue
                left = self.over_at.get(no, 0.0) + self.config.between_hands - now
                if left > 0:
                    wait = min(wait, left)
                    continue
                self._deal(no)
            self._take_events()
        order = list(event.tables)
        self.rota = (self.rota + 1) % max(1, len(order))
        for no in order[self.rota:] + order[:self.rota]:
            wait = min(wait, self._turns(no, now, bot_seconds))
        if event.is_over:
            self.lobby_changed = True
        return max(0.0, wait)

    def _deal(self, no: int) -> None:
        hand = self.event.deal(no)
        self.hands += 1
        self.deals.append((no, self.event.level_number, hand.game.big_blind))
        self.changed.add(no)
        self._log("deal", no)

    def _turns(self, no: int, now: float, bot_seconds: float) -> float:
        """Play the bots' turns and the turns whose clock ran out at table ``no``."""
        table = self.event.tables[no]
        while (hand := table.hand) is not None and not hand.is_over and hand.to_act is not None:
            seat = hand.to_act
            number, acted, since = self.turn.get(no, (-1, -1, now))
            if (number, acted) != (id(hand), len(hand.events)):
                self.turn[no] = (id(hand), len(hand.events), now)
                since = now
            key = self.by_entry[table.seats[seat].player_id]
            person = self.persons[key]
            if person.bot:
                if now - since < bot_seconds:
                    return since + bot_seconds - now
                if self.budget is not None:
                    if self.budget <= 0:
                        return 0.0
                    self.budget -= 1
                act, to, cards = decide(self._bot(key), hand.view(seat))
                try:
                    self._act(no, seat, act, to, cards)
                except Refused:
                    self._default(no, seat)
                continue
            limit = self.config.action_seconds if person.timeouts < 2 else 1.0
            if self.clock.paused or now - since < limit:
                return 1.0 if self.clock.paused else since + limit - now
            person.timeouts += 1
            self._log("timeout", key)
            self._default(no, seat)
        hand = table.hand     # a hand over is taken back by the next step, at once
        return 0.0 if hand is not None and hand.is_over and not self.event.between_hands(no) else 1.0

    def _default(self, no: int, seat: int) -> None:
        hand = self.event.tables[no].hand
        assert hand is not None
        legal = hand.view(seat).to_dict()["legal"] or {}
        self._act(no, seat, "check" if legal.get("check") else "fold", None)

    def _end(self, no: int, now: float) -> None:
        table = self.event.tables[no]
        if table.hand is not None:      # (the table may break as it takes its hand back)
            self.finished.append((no, table.hand_number, table.hand.record().to_json()))
        self.event.end_hand(no)
        self._log("end", no)
        self.over_at[no] = now
        self.changed.add(no)
        self.checks.append((self.event.chips_on_tables(), self.event.chips_issued))
        self._take_events()
        self.lobby_changed = True
        # A house bot out while late registration is open enters again if it may (a re-entry).
        if self.event.late_open() and not self.event.is_over:
            for person in list(self.persons.values()):
                alive = any(not self.event.entries[e].out for e in person.entries)
                if person.bot and not alive and len(person.entries) <= self.config.whole["reentries"]:
                    self._enter(person.name, person.token_hash, bot=person.bot)

    def _take_events(self) -> None:
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

    # ------------------------------------------------------------------ the host
    def pause(self) -> None:
        director.pause(self)

    def resume(self) -> None:
        director.resume(self)

    def add_time(self, seconds: object) -> None:
        director.add_time(self, seconds)

    def add_bots(self, count: int) -> None:
        director.add_bots(self, count)

    def remove(self, name: str) -> None:
        director.remove(self, name)

    def move(self, name: str, table: int, seat: int) -> None:
        director.move(self, name, table, seat)

    def _moves(self) -> None:
        director.apply_moves(self)

    def set_payouts(self, payouts: object) -> None:
        director.set_payouts(self, payouts)

    def deal(self, kind: str, accept: bool) -> dict[str, int]:
        return director.deal(self, kind, accept)

    def buy(self, key: str, kind: str) -> None:
        director.buy(self, key, kind)

    # ------------------------------------------------------------------ state
    def state(self) -> dict[str, Any]:
        return {"format": STATE_FORMAT, "version": STATE_VERSION, "event": self.event.record(),
                "persons": {key: asdict(p) for key, p in self.persons.items()}, "pending": dict(self.pending),
                "seen": self.seen, "clock": self.clock.state(), "seed": self.seed, "hands": self.hands,
                "seq": self.seq, "moves": [list(move) for move in self.moves]}

    @classmethod
    def from_state(cls, event_id: str, config: EventConfig, host_hash: str, data: dict[str, Any],
                   clock: EventClock, inputs: list[tuple[int, str]] | None = None) -> EventRunner:
        """The runner a stored state (``state``) describes, checked whole (``saved.check_state``,
        then the library's event record), with the ``inputs`` (seq, JSON text) that followed it
        applied (``replay.go_on``): anything else is ``Unreadable``."""
        check_state(data)
        runner = cls(event_id, config, host_hash, seed=data["seed"], clock=clock)
        clock.offset, clock.paused_at = data["clock"]["offset"], data["clock"]["paused_at"]
        try:
            runner.event = MultiTableTournament.from_record(data["event"], clock=clock)
        except RecordError as error:
            raise Unreadable(f"an event's stored record that cannot be read: {str(error)[:200]}") from error
        runner.persons = {key: Person(**p) for key, p in data["persons"].items()}
        runner.by_entry = {e: key for key, p in runner.persons.items() for e in p.entries}
        runner.pending, runner.seen, runner.hands = dict(data["pending"]), data["seen"], data["hands"]
        runner.seq = data.get("seq", 0)
        runner.moves = [(entry, table, seat) for entry, table, seat in data.get("moves", [])]
        runner.started = bool(data["event"]["state"].get("started"))
        replay.go_on(runner, inputs or [])
        return runner
