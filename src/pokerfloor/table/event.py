"""A multi-table tournament run by the TDA's floor rules: ``MultiTableTournament`` over many ``Table``s.

The event seats its entries by a random draw (TDA 2024 Rule 7), takes late registrations and
re-entries into the same seat pool (Rule 8), breaks tables in a fixed order (highest number
first) with the 2-step draw (Rule 10), balances them from the big blind to the worst position
(Rule 11), halts a short table (Rule 11-D, a house option), plays hand-for-hand at the bubble
(RP-8; before every pay jump too, a house option), places players out in the same hand by their
chips at its start (those out on the hands finished at the announcement sharing, RP-8-A), races chips at scheduled
colour-ups (Rule 24), runs levels in minutes or hands for the whole event (Rule 23) with breaks,
pays rebuys, add-ons, bounties and progressive knockouts, and pays every unit of the prize pool
(``payouts.prize_table``) or a deal (ICM or chip chop). Every ruling is a ``FloorEvent`` in
``events``, in words with its rule. The rulings themselves are ``table/floor.py``; the event's
state and what it shows are ``table/event_core.py``; records and restores are
``table/event_record.py`` (which reads the state, and is imported here: one way);
docs/guide/tournaments.md shows it all.

Players act at the tables with the tables' own API (``Table.act``); the event deals each
table's next hand (``deal``) and takes each finished hand back (``end_hand``). A hand may also
be played away from the floor (another process): ``deal_message`` gives the deal as data and
``end_hand_from`` applies the hand's end from outside (``table/event_deals.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from pokerfloor import citations as cite
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import Hand
from pokerfloor.table import floor
from pokerfloor.table.event_deals import HandDeal, HandEnd
from pokerfloor.table.event_places import EventPlaces
from pokerfloor.table.event_record import event_from, event_json
from pokerfloor.table.event_seating import TABLE_KEEP_HANDS, EventSeating
from pokerfloor.table.event_types import Break, EntryState
from pokerfloor.table.tournament import R_LEVELS

R_BUSTS = floor.R_BUSTS

__all__ = ["R_BUSTS", "R_LEVELS", "TABLE_KEEP_HANDS", "Break", "HandDeal", "HandEnd", "MultiTableTournament"]


class MultiTableTournament(EventSeating, EventPlaces):
    """``MultiTableTournament(game, levels, starting_stack=..., rng=random.Random(seed))``; ``game`` is a
    ``Game`` or a ``Rotation`` (each table rotates its games, HORSE). ``levels`` mixes ``Level``
    and ``Break``. Options (``Options``): ``seats`` a table (at most as many as the game deals);
    ``buy_in`` money an entry into the pool, ``payouts`` weights from first place
    (percentages), ``unit`` the money rounding;
    ``late_until`` the last level with registration and re-entry open (0: before the start
    only), ``reentries`` a player may make; ``rebuys_until`` the last level of rebuys at
    ``rebuy_price``; ``add_on_level`` the level (or break before it) with add-ons of
    ``add_on_stack`` chips at ``add_on_price``; ``bounty`` money on each entry's head,
    ``progressive`` the percent of a bounty paid to the eliminator (the rest goes on their own
    head; 0 pays it all: a plain knockout); ``colour_ups`` ``(level, old chip, new chip)``;
    ``hand_for_hand`` how many players above the money hand-for-hand starts (0 never);
    ``hand_for_hand_jumps`` plays it before every pay jump in the money too (a house option);
    ``hand_for_hand_minutes`` the level clock's minutes a hand-for-hand hand (RP-8: 2, at most 3);
    ``halt_short`` Rule 11-D; ``final_redraw`` redraws the seats at the final table."""

    # ------------------------------------------------------------------ records
    def record(self) -> dict[str, Any]:
        """The whole event as versioned JSON values (``event_record.event_json``): it goes on
        identically from ``MultiTableTournament.from_record``, a hand in progress at any table included."""
        return event_json(self)

    @classmethod
    def from_record(
        cls, data: Mapping[str, Any] | str | bytes, *, clock: Callable[[], float] | None = None
    ) -> MultiTableTournament:
        """The event a ``record()`` (or its JSON) describes; ``RecordError`` otherwise."""
        return event_from(data, cls, clock=clock)

    # ------------------------------------------------------------------ entries
    def register(self, player: str) -> str:
        """Enter ``player`` (a name; the same name again is a re-entry): returns the entry id.
        Before the start the seat is drawn at ``start``; later a seat is drawn from the pool
        (the empty seats at the shortest tables; a new table when all are full) and the entry
        is dealt in except between the small blind and the button (R8-A). A re-entry of a
        player still in forfeits their chips, removed from play (R8-B)."""
        if not isinstance(player, str) or not player:
            raise InvalidArgument(f"a player has a name, not {player!r}")
        if self.is_over or not self.late_open():
            raise IllegalAction("invalid_action", "registration is closed", cite.LATE_ENTRY)
        made = [e for e in self.entries.values() if e.player == player]
        if len(made) > self.options.reentries:
            raise IllegalAction("invalid_action", f"{player} has no re-entry left", cite.LATE_ENTRY)
        still = next((e for e in made if not e.out), None)
        if still is not None:
            self._forfeit(still)
        entry = f"e{self._s.next_entry}"
        self._s.next_entry += 1
        self.entries[entry] = EntryState(entry, player, bounty=self.options.bounty)
        self._alive += 1
        self._s.pool += self.options.buy_in
        if self._s.started:
            self._seat_late(entry)
        return entry

    def _forfeit(self, e: EntryState) -> None:
        assert e.table is not None and e.seat is not None
        if not self.between_hands(e.table):
            raise IllegalAction("invalid_action", "a re-entry forfeits a stack between hands", cite.FORFEIT)
        self.leave_play(e.entry, "forfeit", "{player} forfeits {chips:,} chips to re-enter: they leave play",
                        cite.FORFEIT)

    def start(self) -> None:
        """Open as many tables as the entries need, balanced to within one player, and draw every
        seat at random (R7): seat cards at each table are its seat numbers drawn at random."""
        if self._s.started:
            raise IllegalAction("invalid_action", "the event has started")
        ids = list(self.entries)
        if len(ids) < 2:
            raise IllegalAction("invalid_action", "an event starts with two entries at least")
        size = self._size()
        count = math.ceil(len(ids) / size)
        cards: list[floor.SeatCard] = []
        for k in range(count):
            players = len(ids) // count + (1 if k < len(ids) % count else 0)
            cards += [(k + 1, s) for s in sorted(self.rng.sample(range(1, size + 1), players))]
        for _ in range(count):
            self._open_table()
        self._s.started = True
        self._s.level_since = self.clock()
        for entry, (no, seat) in floor.draw_seats(ids, cards, self.rng).items():
            self._sit(entry, no, seat, self.options.starting_stack)
            self._s.issued += self.options.starting_stack
            self._say("seat", f"{self.entries[entry].player} draws table {no} seat {seat}", cite.RANDOM_SEATING,
                      table=no, seat=seat, entry=entry, chips=self.options.starting_stack)


    # ------------------------------------------------------------------ rebuys and add-ons
    def declare_rebuy(self, entry: str) -> None:
        """The entry will rebuy if it busts (R27: a rebuy declared before a hand is made; the
        player misses no hand): while rebuys are open (up to level ``rebuys_until``), a stack of
        ``starting_stack`` at the same seat, ``rebuy_price`` into the pool."""
        e = self._entry(entry)
        if self.level_number > self.options.rebuys_until:
            raise IllegalAction("invalid_action", "rebuys are closed", cite.REBUYS)
        e.rebuy = True

    def add_on(self, entry: str) -> None:
        """An add-on of ``add_on_stack`` chips at ``add_on_price``, at level ``add_on_level`` or
        the break before it, between the entry's hands."""
        e = self._entry(entry)
        level = self.options.add_on_level
        number = self.level_number + (1 if self.on_break else 0)
        if not level or number != level or not self.options.add_on_stack:
            raise IllegalAction("invalid_action", "add-ons are not on now")
        if e.table is None or e.seat is None:       # (before the start: the entry has no seat yet)
            raise IllegalAction("invalid_action", "an add-on is taken at the table, once seated")
        if not self.between_hands(e.table):
            raise IllegalAction("invalid_action", "an add-on is taken between hands")
        self._restack(e, self.tables[e.table].seats[e.seat].chips + self.options.add_on_stack)
        self._s.issued += self.options.add_on_stack
        self._s.pool += self.options.add_on_price
        self._say("add_on", f"{e.player} takes an add-on of {self.options.add_on_stack:,} chips", cite.ADD_ONS,
                  table=e.table, seat=e.seat, entry=entry, chips=self.options.add_on_stack)


    # ------------------------------------------------------------------ dealing
    def ready(self) -> list[int]:
        """The tables that may deal their next hand now: between hands, two players or more, not
        breaking, not halted (R11-D), not on a break, and in hand-for-hand not yet dealt in this
        round. The floor looks at the clock here: a level (or break) that is due starts now,
        and applies to each table's next hand (R23); ``deal`` does not move it on, so every
        table ``ready`` lists can deal."""
        if not self._s.started or self.is_over:
            return []
        self._advance_level()
        return self._ready_now()

    def _ready_now(self) -> list[int]:
        for no in [n for n, t in self.tables.items() if n in self._s.dealt and t.hand is not None and t.hand.is_over]:
            self.end_hand(no)               # a finished hand not yet ended is ended first
        if self.is_over:
            return []
        if self.on_break:
            return []
        self._close_announced()
        self.settle()
        breaking = self._breaking()
        if self._s.in_round:                # a table broken or left alone in the round deals no more in it
            self._s.round_open = [n for n in self._s.round_open if n in self.tables and self.tables[n].seated > 1]
            self._close_round()
        if self.hand_for_hand or self._s.in_round:
            if not self._s.in_round:
                if any(not self.between_hands(no) for no in self.tables):
                    return []
                self._s.in_round, self._s.round_since = True, self.clock()
                most = max(self._counts().values())
                self._s.round_open = [no for no in self.tables if self._may_deal(no, breaking, most)]
                self._say("hand_for_hand", "hand-for-hand: every table deals one hand, then waits for the others",
                          floor.R_HAND_FOR_HAND)
            return [no for no in self._s.round_open if self.between_hands(no)]
        most = max(self._counts().values())
        return [no for no in self.tables if self._may_deal(no, breaking, most)]

    def _may_deal(self, no: int, breaking: int | None, most: int | None = None) -> bool:
        table = self.tables[no]
        if no == breaking or not self.between_hands(no) or table.seated < 2:
            return False
        return not self._halted(no, max(self._counts().values()) if most is None else most)

    def _halted(self, no: int, most: int) -> bool:
        if not self.options.halt_short:
            return False
        table = self.tables[no]
        positions = table.positions
        stud = self._stud()
        halt = floor.halted(table.size, list(table.seats), most, None if positions is None else positions.big_blind,
                            stud=stud)
        if halt and no not in self._s.halted:
            self._s.halted.append(no)
            self._say("halt", f"play halts at table {no}: {most - table.seated} players short and its big blind"
                      " reaches an empty seat", floor.R_HALTING, table=no)
        elif not halt and no in self._s.halted:
            self._s.halted.remove(no)
            self._say("resume", f"play resumes at table {no}", floor.R_HALTING, table=no)
        return halt

    def deal(self, no: int) -> Hand:
        """Deal table ``no``'s next hand at the level in force (R23); refused with
        ``invalid_action`` when it may not deal now (``ready``)."""
        if not self._s.started or self.is_over or no not in self._ready_now():
            raise IllegalAction("invalid_action", f"table {no} may not deal now")
        self._level_for(no)
        table = self.tables[no]
        hand = table.start_hand()
        self._s.dealt[no] = {seat: s.player_id for seat, s in table.seats.items() if seat in hand.seats}
        self._s.level_hands[no] = self._s.level_hands.get(no, 0) + 1
        self._s.hands += 1
        if self._s.in_round:
            self._s.round_open.remove(no)
        return hand

    def end_hand(self, no: int) -> bool:
        """End table ``no``'s finished hand: rebuys declared are made, players out get their
        bounty paid and their place (with the others out in the same hand, or in the same
        hand-for-hand round), and the tables are broken and balanced. Returns whether a hand was
        ended now."""
        table = self.tables[no]
        hand = table.hand
        if hand is None or not hand.is_over or no not in self._s.dealt:
            return False
        table.end_hand()
        due = self.hand_for_hand
        dealt = self._s.dealt.pop(no)
        busts = []
        for seat, entry in dealt.items():
            if table.seat_of(entry) is not None:
                continue
            e = self.entries[entry]
            if e.rebuy and self.level_number <= self.options.rebuys_until:
                e.rebuy = False
                self._sit(entry, no, seat, self.options.starting_stack)
                self._s.issued += self.options.starting_stack
                self._s.pool += self.options.rebuy_price
                self._say("rebuy", f"{e.player} rebuys for {self.options.starting_stack:,} chips at seat {seat}",
                          cite.REBUYS, table=no, seat=seat, entry=entry, chips=self.options.starting_stack)
                continue
            busts.append((seat, entry, hand.starting_stacks[seat]))
        for seat, entry, chips in busts:
            self._pay_bounty(no, hand, seat, entry)
            e = self.entries[entry]
            e.out, e.table, e.seat = True, None, None
            self._alive -= 1
            self._say("bust", f"{e.player} is out at table {no} seat {seat}, having started the hand with {chips:,}",
                      R_BUSTS, table=no, seat=seat, entry=entry, chips=chips)
        if self._s.in_round:
            self._s.round_busts += [(entry, chips) for _, entry, chips in busts]
            self._close_round()
        elif no in self._s.announced:
            self._s.announced_busts += [(entry, chips) for _, entry, chips in busts]
            self._s.announced.remove(no)
            self._close_announced()
        elif busts:
            self._s.out.append([(entry, chips) for _, entry, chips in busts])
            if not due and self.hand_for_hand:
                self._announce()
        if table.seated == 0 and len(self.tables) > 1:
            del self.tables[no]
            self.forget_tables()
        self.settle()
        return True


    # ------------------------------------------------------------------ hands played elsewhere
    def deal_message(self, no: int) -> HandDeal:
        """Deal table ``no``'s next hand (``deal``, refused as it is) and return it as data, for
        a hand played away from the floor (``event_deals``): the floor's table keeps the hand
        as dealt until ``end_hand_from`` brings its end."""
        self.deal(no)
        table = self.tables[no]
        start, deck = table.hand_as_dealt()
        seats = tuple((seat, entry, self.entries[entry].player) for seat, entry in sorted(self._s.dealt[no].items()))
        return HandDeal(no, table.hand_number, self.level_number, seats, start, deck)

    def end_hand_from(self, end: HandEnd) -> bool:
        """Apply the end of a hand played away from the floor (``HandEnd``, of a ``deal_message``):
        its inputs played on the floor's table (``Table.finish_from``), then the hand ended as
        ``end_hand`` ends it. An end applied already (or of a table broken since) is passed
        over: returns ``False``; ``True`` once applied now. ``InvalidArgument`` (the event
        unchanged) for an end that is not the hand the floor dealt at that table (its seats,
        stacks, button, posts, cards), or whose hand is not over."""
        if not isinstance(end, HandEnd):
            raise InvalidArgument(f"a hand's end is a HandEnd, not {type(end).__name__}")
        no = end.table
        table = self.tables.get(no)
        if table is None or no not in self._s.dealt or table.hand_number != end.number:
            return False
        hand = table.hand
        if hand is not None and not hand.is_over:        # (a hand over at its deal needs no inputs)
            table.finish_from(end.record)
        return self.end_hand(no)
