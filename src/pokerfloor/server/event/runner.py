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
import time
from dataclasses import asdict
from typing import Any

from pokerfloor.bots import Bot, decide, make_bot
from pokerfloor.errors import IllegalAction, PokerfloorError
from pokerfloor.hand import Hand, RecordError
from pokerfloor.server.event import director, replay
from pokerfloor.server.event.clock import EventClock
from pokerfloor.server.event.config import EventConfig
from pokerfloor.server.event.core import EventCore, Person
from pokerfloor.server.event.hands import table_key
from pokerfloor.server.event.saved import STATE_FORMAT, STATE_VERSION, check_state
from pokerfloor.server.event.seated import Seats, Sitter, turn_seconds
from pokerfloor.server.fields import Refused, bad_field, name_key
from pokerfloor.table import event_host
from pokerfloor.table.event import HandEnd, MultiTableTournament
from pokerfloor.typedjson import Unreadable


class EventRunner(EventCore):
    """The served event (see the module's docstring; its state and the steps the director and
    the replay share are ``core.EventCore``'s)."""
    audit = False       # each hand's end counts every chip (``checks``): a test's, event-wide work

    def register(self, name: object, token_hash: str, *, bot: str = "", approved: bool = False) -> str | None:
        """Enter ``name`` (the same name and token again: a re-entry). Returns the entry id, or
        ``None`` when the event needs the host's approval first (``approve``)."""
        entry = self.enter(name, token_hash, bot=bot, approved=approved)
        self.log("register", name, token_hash, bot, approved)
        return entry

    def approve(self, name: str) -> str | None:
        key = name_key(name) if isinstance(name, str) else ""
        if key not in self.pending:
            raise bad_field("name", "is not waiting for approval")
        entry = self.enter(name, self.pending[key], approved=True)
        self.log("approve", name)
        return entry

    def start(self) -> None:
        try:
            self.event.start()
            self.started = True
        except (IllegalAction, PokerfloorError) as refused:
            raise Refused("illegal", str(refused)) from None
        self.log("start")
        self.take_events()
        self.lobby_changed = True

    # ------------------------------------------------------------------ play
    def act(self, key: str, action: object, to: object = None, cards: object = None) -> tuple[int, int] | None:
        """The person's action at their table, on their turn (``not_your_turn``; ``illegal``
        with the engine's reason). At a table whose hand is played away it is not made here:
        the table and seat are returned, for the floor to send it on (``seated.py``)."""
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
        if no in self.away:
            return no, seat
        if hand is None or hand.is_over or hand.to_act != seat or self.event.between_hands(no):
            raise Refused("not_your_turn", "it is not your turn")
        self.act_at(no, seat, action, to, cards, who=key)
        return None

    def set_timeouts(self, key: str, timeouts: int) -> None:
        """The person's timeouts running, as the process playing their table away counted them."""
        if self.persons[key].timeouts != timeouts:
            self.persons[key].timeouts = timeouts
            self.log("timeouts", key, timeouts)

    def act_at(self, no: int, seat: int, action: str, to: int | None, cards: Any = None, *, who: str = "") -> None:
        """The action at table ``no``'s ``seat``; ``who``: the person who took it (their clock
        is no longer run out)."""
        try:
            self.event.tables[no].act(seat, action, to, cards=cards)
        except (IllegalAction, PokerfloorError, ValueError) as refused:
            raise Refused("illegal", str(refused)) from None
        if who:
            self.persons[who].timeouts = 0
        self.log("act", no, seat, action, to, cards, who)
        self.changed.add(no)

    def _bot(self, key: str) -> Bot:
        bot = self._bots.get(key)
        if bot is None:
            person = self.persons[key]
            bot = self._bots[key] = make_bot(person.bot, person.name, random.Random(f"{self.seed}:{key}"))
        return bot

    def step(self, now: float, *, bot_seconds: float = 0.0, bot_actions: int | None = None,
             slice_seconds: float | None = None) -> float:
        """Move the floor on as far as it goes now; returns the seconds until something is due
        (0: more now). So that one step never holds the event's task long (a client's command
        waits for the step in progress), ``bot_actions`` caps the house bots' actions it makes,
        the tables taken in turn from where the last step stopped, and ``slice_seconds`` the
        time it takes: past it, the step ends no more hands (at least one is ended: the rest go
        to the next step, before the floor is asked which tables deal, as the floor would end
        them unlogged), deals no more (the tables ``ready`` listed and not dealt are listed again
        by the next step's; in hand-for-hand the round stays open until every table in it has
        dealt and ended its hand) and plays no more bots' turns (at least one is played)."""
        self.budget, self.bots_moved = bot_actions, 0
        self.deadline = None if slice_seconds is None else time.perf_counter() + slice_seconds
        event = self.event
        if not self.started or event.is_over:
            start_at = self.config.start_at
            if not self.started and start_at is not None and now >= start_at and len(event.entries) >= 2:
                self.start()
            return 1.0
        wait = 1.0
        if self.moves:          # (before ending hands: a player's page sees their hand end, then the move)
            waiting = list(self.moves)
            self.apply_moves()
            if self.moves != waiting:
                self.log("moves")
        for no, table in list(event.tables.items()):
            hand = table.hand
            if hand is not None and hand.is_over and not event.between_hands(no):
                self.end_hand_at(no, now)
                if self._spent():
                    return 0.0
        if not self.clock.paused:
            level = event.level_number
            mid = tuple(no for no in event.tables if not event.between_hands(no))
            mark = event_host.mark(event)
            ready = event.ready()
            if event_host.mark(event) != mark:
                self.log("ready")
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
                self.deal_at(no)
                # A hand over at its deal (all in on the blinds) is ended by the next step, logged,
                # before any other table deals: the floor would end it itself as it dealt the next
                # table, unlogged, and might break a table ``ready`` listed.
                dealt = event.tables[no].hand
                if self._spent() or (dealt is not None and dealt.is_over):
                    wait = 0.0          # (the tables left deal in the next step: ``ready`` lists them again)
                    break
            self.take_events()
        order = list(event.tables)
        self.rota = (self.rota + 1) % max(1, len(order))
        for no in order[self.rota:] + order[:self.rota]:
            if no not in self.away:         # (a hand played away: its player's turns)
                wait = min(wait, self._turns(no, now, bot_seconds))
        if event.is_over:
            self.lobby_changed = True
        return max(0.0, wait)

    def deal_at(self, no: int, *, away: bool | None = None) -> None:
        """Deal table ``no``'s next hand: played here, or (``away``; ``None``: when the event is
        spread) by any process (``away.py``; a person's seat: ``seated.py``), the deal sent as a
        message stored with its input. A hand over at its deal is ended here all the same."""
        if away is None:
            away = self.spread
        if away:
            deal = self.event.deal_message(no)
            hand = self.event.tables[no].hand
            assert hand is not None
            if not hand.is_over:
                sitting = {seat: self.persons[self.by_entry[entry]] for seat, entry, _ in deal.seats}
                seats = Seats({seat: p.bot for seat, p in sitting.items() if p.bot},
                              {seat: Sitter(p.token_hash, p.timeouts) for seat, p in sitting.items() if not p.bot},
                              self.config.action_seconds)
                self.sent.append((table_key(self.event_id, no), deal.number, deal.to_json(), seats.to_json()))
                self.away.add(no)
        else:
            hand = self.event.deal(no)
        self.hands += 1
        self.deals.append((no, self.event.level_number, hand.game.big_blind))
        self.changed.add(no)
        self.log("deal_away" if away else "deal", no)

    def end_from(self, text: str, now: float) -> bool:
        """Apply the end of a hand played away (a ``HandEnd``'s JSON, ``away.ends``): once, and
        only the hand the floor sent; ``False`` (nothing logged) for another or one applied
        already, ``Refused`` for one the floor refuses (the event unchanged)."""
        try:
            end = HandEnd.from_json(text)
        except RecordError as error:
            raise Refused("illegal", f"an end that cannot be read: {str(error)[:200]}") from None
        table = self.event.tables.get(end.table)
        if end.table not in self.away or table is None or table.hand_number != end.number:
            return False
        try:
            applied = self.event.end_hand_from(end)
        except (PokerfloorError, ValueError) as refused:
            raise Refused("illegal", str(refused)) from None
        self.away.discard(end.table)
        key = table_key(self.event_id, end.table)      # (a deal its replay sent again: ended, its row dropped)
        self.sent = [one for one in self.sent if one[:2] != (key, end.number)]
        if applied:
            self.finished.append((end.table, end.number, end.record.to_json()))
            self.log("end_from", text)
            self._ended(end.table, now)
        return applied

    def _turns(self, no: int, now: float, bot_seconds: float) -> float:
        """Play the bots' turns and the turns whose clock ran out at table ``no``."""
        table = self.event.tables[no]
        while (hand := table.hand) is not None and not hand.is_over and hand.to_act is not None:
            seat = hand.to_act
            number, acted, since = self.turn.get(no, (-1, -1, now))
            if (number, acted) != (id(hand), len(hand.events)):
                self.turn[no] = (id(hand), len(hand.events), now)
                since = now
            key = self._sitting(no, hand)[seat]
            person = self.persons[key]
            if person.bot:
                if now - since < bot_seconds:
                    return since + bot_seconds - now
                if (self.bots_moved and self._spent()) or (self.budget is not None and self.budget <= 0):
                    return 0.0
                self.bots_moved += 1
                if self.budget is not None:
                    self.budget -= 1
                try:
                    act, to, cards = decide(self._bot(key), hand.view(seat))
                    self.act_at(no, seat, act, to, cards)
                except (Refused, PokerfloorError, ValueError):
                    self._default(no, seat)
                continue
            limit = turn_seconds(self.config.action_seconds, person.timeouts)
            if self.clock.paused or now - since < limit:
                return 1.0 if self.clock.paused else since + limit - now
            person.timeouts += 1
            self.log("timeout", key)
            self._default(no, seat)
        hand = table.hand     # a hand over is taken back by the next step, at once
        return 0.0 if hand is not None and hand.is_over and not self.event.between_hands(no) else 1.0

    def _sitting(self, no: int, hand: Hand) -> dict[int, str]:
        """Who sits at table ``no``'s seats (person keys) while ``hand`` is played there: read
        once a hand (``Table.seats`` builds a sorted copy, and a step looks at every table)."""
        known = self.sitting.get(no)
        if known is None or known[0] is not hand:
            known = self.sitting[no] = (hand, {seat: self.by_entry[s.player_id]
                                               for seat, s in self.event.tables[no].seats.items()})
        return known[1]

    def _spent(self) -> bool:
        """Whether this step's time (``step``'s ``slice_seconds``) is up."""
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def _default(self, no: int, seat: int) -> None:
        hand = self.event.tables[no].hand
        assert hand is not None
        action, discard = hand.legal().unattended()
        self.act_at(no, seat, action, None, discard)

    def end_hand_at(self, no: int, now: float) -> None:
        table = self.event.tables[no]
        if table.hand is not None:      # (the table may break as it takes its hand back)
            self.finished.append((no, table.hand_number, table.hand.record().to_json()))
        self.event.end_hand(no)
        self.log("end", no)
        self._ended(no, now)

    def _ended(self, no: int, now: float) -> None:
        """What follows a hand's end at table ``no``, played here or away."""
        self.sitting.pop(no, None)      # (who sat there is read again for the next hand: a broken table's is let go)
        self.live.pop(no, None)
        self.asked.pop(no, None)
        self.over_at[no] = now
        self.changed.add(no)
        if self.audit:
            self.checks.append((self.event.chips_on_tables(), self.event.chips_issued))
        self.take_events()
        self.lobby_changed = True
        # A house bot out while late registration is open enters again if it may (a re-entry).
        if self.event.late_open() and not self.event.is_over:
            for person in list(self.persons.values()):
                alive = any(not self.event.entries[e].out for e in person.entries)
                if person.bot and not alive and len(person.entries) <= self.config.whole["reentries"]:
                    self.enter(person.name, person.token_hash, bot=person.bot)

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

    def apply_moves(self) -> None:
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
                "seq": self.seq, "moves": [list(move) for move in self.moves], "away": sorted(self.away)}

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
        runner.away = set(data.get("away", []))
        runner.started = bool(data["event"]["state"].get("started"))
        replay.go_on(runner, inputs or [])
        return runner
