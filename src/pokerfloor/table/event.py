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
``events``, in words with its rule. The rulings themselves are ``table/floor.py``; records and
restores are ``table/event_record.py``; docs/guide/tournaments.md shows it all.

Players act at the tables with the tables' own API (``Table.act``); the event deals each
table's next hand (``deal``) and takes each finished hand back (``end_hand``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pokerfloor import citations as cite
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import Hand
from pokerfloor.rules import Game
from pokerfloor.table import floor
from pokerfloor.table.buttons import NotEnoughPlayers
from pokerfloor.table.customs import NO_STRADDLES, TableOptions
from pokerfloor.table.event_types import Break, EntryState, FloorEvent, Options, Place, _State
from pokerfloor.table.icm import MOST_PLAYERS, icm_deal
from pokerfloor.table.payouts import chip_chop, prize_table
from pokerfloor.table.rotation import LimitStakes, Rotation
from pokerfloor.table.seats import ManualClock
from pokerfloor.table.table import Table
from pokerfloor.table.tournament import Level

R_LEVELS = cite.NEW_LEVEL
R_BUSTS = floor.R_BUSTS
TABLE_KEEP_HANDS = 1    # each table's events and ledger kept (and recorded): restoring needs only the hand in play


class MultiTableTournament:
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

    def __init__(
        self,
        game: Game | Rotation,
        levels: Sequence[Level | Break],
        *,
        starting_stack: int,
        rng: random.Random,
        clock: Callable[[], float] | None = None,
        seats: int = 9,
        buy_in: int = 0,
        payouts: Sequence[int] = (50, 30, 20),
        unit: int = 1,
        late_until: int = 0,
        reentries: int = 0,
        rebuys_until: int = 0,
        rebuy_price: int = 0,
        add_on_level: int = 0,
        add_on_stack: int = 0,
        add_on_price: int = 0,
        bounty: int = 0,
        progressive: int = 0,
        colour_ups: Sequence[tuple[int, int, int]] = (),
        hand_for_hand: int = 1,
        halt_short: bool = True,
        final_redraw: bool = True,
        hand_for_hand_jumps: bool = False,
        hand_for_hand_minutes: int = 2,
    ) -> None:
        if not isinstance(game, Game | Rotation):
            raise InvalidArgument(f"an event deals a Game or a Rotation, not {game!r}")
        if not levels or not isinstance(levels[0], Level) or not all(isinstance(x, Level | Break) for x in levels):
            raise InvalidArgument("an event's schedule is Levels and Breaks, starting with a Level")
        if not isinstance(rng, random.Random):
            raise InvalidArgument("an event draws its seats with an injected random.Random")
        whole = {"starting_stack": starting_stack, "seats": seats, "buy_in": buy_in, "unit": unit,
                 "late_until": late_until, "reentries": reentries, "rebuys_until": rebuys_until,
                 "rebuy_price": rebuy_price, "add_on_level": add_on_level, "add_on_stack": add_on_stack,
                 "add_on_price": add_on_price, "bounty": bounty, "progressive": progressive,
                 "hand_for_hand": hand_for_hand, "hand_for_hand_minutes": hand_for_hand_minutes}
        for name, value in whole.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidArgument(f"{name} is a whole number, not {value!r}")
        if starting_stack < 1 or unit < 1 or seats < 2 or progressive > 100 or hand_for_hand_minutes > 3:
            raise InvalidArgument("a starting stack and a unit of at least 1, 2 seats or more, progressive at most"
                                  " 100, at most 3 minutes a hand-for-hand hand (RP-8-B)")
        if not all(isinstance(x, bool) for x in (halt_short, final_redraw, hand_for_hand_jumps)):
            raise InvalidArgument("halt_short, final_redraw and hand_for_hand_jumps are True or False")
        prize_table(0, tuple(payouts), 1)
        for ups in colour_ups:
            if len(ups) != 3 or ups[1] < 1 or ups[2] <= ups[1] or ups[2] % ups[1]:
                raise InvalidArgument(f"a colour-up is (level, old chip, new chip), a whole multiple: {ups!r}")
        self.game = game
        self.levels = tuple(levels)
        self.options = Options(starting_stack, seats, buy_in, tuple(payouts), unit, late_until, reentries,
                               rebuys_until, rebuy_price, add_on_level, add_on_stack, add_on_price, bounty,
                               progressive, tuple(tuple(u) for u in colour_ups),  # type: ignore[misc]
                               hand_for_hand, halt_short, final_redraw, hand_for_hand_jumps,
                               hand_for_hand_minutes)
        self.rng = rng
        self.clock: Callable[[], float] = clock if clock is not None else ManualClock()
        self.tables: dict[int, Table] = {}
        self.entries: dict[str, EntryState] = {}
        self.events: list[FloorEvent] = []
        self._alive = 0
        self._s = _State()

    # ------------------------------------------------------------------ records
    def record(self) -> dict[str, Any]:
        """The whole event as versioned JSON values (``event_record.event_json``): it goes on
        identically from ``MultiTableTournament.from_record``, a hand in progress at any table included."""
        from pokerfloor.table.event_record import event_json

        return event_json(self)

    @classmethod
    def from_record(
        cls, data: Mapping[str, Any] | str | bytes, *, clock: Callable[[], float] | None = None
    ) -> MultiTableTournament:
        """The event a ``record()`` (or its JSON) describes; ``RecordError`` otherwise."""
        from pokerfloor.table.event_record import event_from

        return event_from(data, cls, clock=clock)

    # ------------------------------------------------------------------ what it shows
    @property
    def level(self) -> Level | Break:
        return self.levels[self._s.level]

    @property
    def level_number(self) -> int:
        """1 for the first entry of the schedule (a break counts as one)."""
        return self._s.level + 1

    @property
    def on_break(self) -> bool:
        return isinstance(self.level, Break)

    @property
    def prize_pool(self) -> int:
        return self._s.pool

    @property
    def left(self) -> tuple[str, ...]:
        """The entries still in, by entry id."""
        return tuple(e.entry for e in self.entries.values() if not e.out)

    def __repr__(self) -> str:
        level = self.level
        stakes = "a break" if isinstance(level, Break) else f"{level.small_blind:,}/{level.big_blind:,}"
        state = "over" if self.is_over else f"{self._alive} left at {len(self.tables)} tables"
        return (f"<MultiTableTournament level {self.level_number} ({stakes}), {len(self.entries)} entries, {state},"
                f" prize pool {self.prize_pool:,}>")

    @property
    def players_left(self) -> int:
        """How many entries are still in."""
        return self._alive

    @property
    def chips_issued(self) -> int:
        """The chips the event put in play: stacks sold, less forfeits, plus the races' change."""
        return self._s.issued

    def chips_on_tables(self) -> int:
        """Every chip at every table (a hand in play counts at its start)."""
        total = 0
        for table in self.tables.values():
            hand = table.hand
            for seat, s in table.seats.items():
                in_hand = hand is not None and not table.hand_ended and seat in hand.seats
                total += hand.starting_stacks[seat] if in_hand and hand is not None else s.chips
        return total

    def prizes(self) -> dict[int, int]:
        return prize_table(self._s.pool, self.options.payouts, len(self.entries), unit=self.options.unit)

    @property
    def places_paid(self) -> int:
        return len(self.prizes())

    @property
    def hand_for_hand(self) -> bool:
        """Hand-for-hand (TDA 2024 RP-8): more than one table, the money ``hand_for_hand``
        eliminations away or less (or, with ``hand_for_hand_jumps``, a pay jump in the money)."""
        return len(self.tables) > 1 and not self._open() and floor.hand_for_hand_due(
            self._alive, self.prizes(), self.options.hand_for_hand, jumps=self.options.hand_for_hand_jumps)

    @property
    def is_over(self) -> bool:
        return self._s.started and (self._s.deal is not None or (self._alive <= 1 and not self._s.in_round))

    def late_open(self) -> bool:
        """Registration (and re-entry) open: before the start or up to level ``late_until``."""
        return not self._s.started or self.level_number <= self.options.late_until

    def _open(self) -> bool:
        return self._s.started and self.late_open()

    def between_hands(self, no: int) -> bool:
        """Whether table ``no`` has no hand the event dealt and has not yet ended (``end_hand``)."""
        return no not in self._s.dealt

    def seat_of(self, entry: str) -> tuple[int, int] | None:
        e = self.entries[entry]
        return None if e.out or e.table is None or e.seat is None else (e.table, e.seat)

    # ------------------------------------------------------------------ the stream
    def _say(self, kind: str, text: str, rule: str = "", *, table: int | None = None, seat: int | None = None,
             entry: str | None = None, chips: int = 0) -> None:
        self.events.append(FloorEvent(len(self.events) + 1, kind, text, rule, table, seat, entry, chips))

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
        chips = self.tables[e.table].leave(e.seat)
        self._s.issued -= chips
        self._say("forfeit", f"{e.player} forfeits {chips:,} chips to re-enter: they leave play", cite.FORFEIT,
                  table=e.table, seat=e.seat, entry=e.entry, chips=chips)
        e.out, e.table, e.seat = True, None, None
        self._alive -= 1
        self._s.out.append([(e.entry, chips)])

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

    def _size(self) -> int:
        most = self.game.max_players if isinstance(self.game, Rotation) else self.game.variant_spec.max_players
        return min(self.options.seats, most)

    def _open_table(self) -> int:
        no = self._s.next_table
        self._s.next_table += 1
        table = Table(self._level_game(0), self._size(), options=TableOptions(straddles=NO_STRADDLES),
                      clock=self.clock, rng=random.Random(self.rng.getrandbits(64)), cash=False,
                      keep_hands=TABLE_KEEP_HANDS)
        if isinstance(self.game, Rotation):
            table.rotate_games(self._rotation(0))
        self.tables[no] = table
        self._s.table_level[no] = self._s.level
        return no

    def _seat_late(self, entry: str) -> None:
        counts = self._counts()
        size = self._size()
        short = min(counts.values()) if counts else size
        if short >= size:
            no = self._open_table()
            self._say("open_table", f"table {no} opens: every seat is taken", cite.LATE_ENTRY, table=no)
            counts = self._counts()
            short = 0
        pool = [(no, s) for no, n in counts.items() if n == short
                for s in range(1, size + 1) if s not in self.tables[no].seats]
        no, seat = floor.draw_seats([entry], pool, self.rng)[entry]
        self._sit(entry, no, seat, self.options.starting_stack)
        self._s.issued += self.options.starting_stack
        again = sum(e.player == self.entries[entry].player for e in self.entries.values()) > 1
        kind = "re-enters" if again else "registers late"
        self._say("seat", f"{self.entries[entry].player} {kind} with {self.options.starting_stack:,} chips and draws"
                  f" table {no} seat {seat}", cite.LATE_ENTRY, table=no, seat=seat, entry=entry,
                  chips=self.options.starting_stack)

    def _sit(self, entry: str, no: int, seat: int, chips: int) -> None:
        e = self.entries[entry]
        self.tables[no].sit(seat, e.player, chips, player_id=entry)
        e.table, e.seat = no, seat

    def _counts(self) -> dict[int, int]:
        return {no: len(t.seats) for no, t in self.tables.items()}

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

    def _entry(self, entry: str) -> EntryState:
        e = self.entries.get(entry)
        if e is None or e.out:
            raise IllegalAction("invalid_action", f"{entry!r} is not an entry still in")
        return e

    def _restack(self, e: EntryState, chips: int) -> None:
        """A stack changed by the floor between hands (an add-on, a race): the seat is taken up
        and sat again with the new count, the same seat and id."""
        assert e.table is not None and e.seat is not None
        table = self.tables[e.table]
        table.leave(e.seat)
        table.sit(e.seat, e.player, chips, player_id=e.entry)

    # ------------------------------------------------------------------ levels
    def _level_game(self, index: int) -> Game:
        level = self.levels[index]
        assert isinstance(level, Level)
        if isinstance(self.game, Rotation):
            return self._rotation(index).games[0]
        game = self.game
        if game.variant_spec.family == "stud" or game.structure == "fixed_limit":
            stakes = LimitStakes(level.big_blind, ante=level.ante, min_chip=game.min_chip)
            return stakes.game(game.variant, game.structure, game.house)
        return level.game(game)

    def _rotation(self, index: int) -> Rotation:
        level = self.levels[index]
        assert isinstance(level, Level) and isinstance(self.game, Rotation)
        return self.game.at_stakes(LimitStakes(level.big_blind, min_chip=self.game.games[0].min_chip))

    def _advance_level(self) -> None:
        """The level in force from now (R23: it applies to each table's next hand): a level
        lasts its hands (counted at the table that has dealt most in it) or minutes; a break
        its minutes."""
        s = self._s
        while s.level + 1 < len(self.levels):
            level, now = self.levels[s.level], self.clock()
            if isinstance(level, Break):
                done = s.on_break_since is not None and now - s.on_break_since >= 60.0 * level.minutes
            elif level.hands is not None:
                done = max(s.level_hands.values(), default=0) >= level.hands
            else:               # the clock stands during a hand-for-hand round (RP-8-B to D)
                ran = (now if s.round_since is None else s.round_since) - s.level_since
                done = level.minutes is not None and ran >= 60.0 * level.minutes
            if not done:
                return
            s.level += 1
            s.level_hands = {}
            s.level_since = now
            nxt = self.levels[s.level]
            if isinstance(nxt, Break):
                s.on_break_since = now
                self._say("break", f"a break of {nxt.minutes:g} minutes: no table deals", cite.BREAKS)
            else:
                s.on_break_since = None
                self._say("level", f"level {self.level_number}: {nxt.small_blind:,}/{nxt.big_blind:,} ante"
                          f" {nxt.ante:,}, from each table's next hand", R_LEVELS)

    def _level_for(self, no: int) -> None:
        """Bring table ``no`` to the level in force before its next hand, racing its chips when
        the level has a colour-up (R24)."""
        s = self._s
        if s.table_level.get(no) == s.level:
            return
        s.table_level[no] = s.level
        table = self.tables[no]
        if isinstance(self.game, Rotation):   # the rotation goes on where it is, at the new stakes
            table.rotate_games(self._rotation(s.level), restart=False)
        else:
            table.set_game(self._level_game(s.level))
        for level, old, new in self.options.colour_ups:
            if level <= self.level_number and s.raced.get(no, 0) < level:
                s.raced[no] = level
                self._race(no, old, new)

    def _race(self, no: int, old: int, new: int) -> None:
        table = self.tables[no]
        stacks = {seat: s.chips for seat, s in table.seats.items()}
        race = floor.chip_race(stacks, old, new, self.rng)
        for seat, chips in race.stacks.items():
            if chips != stacks[seat]:
                self._restack(self.entries[table.seats[seat].player_id], chips)
        self._s.issued += race.change
        cards = "; ".join(f"seat {seat} {' '.join(map(str, cs))}" for seat, cs in race.cards.items())
        self._say("chip_race", f"chip race at table {no}, {old:,} chips off: {cards or 'no odd chips'}; a {new:,} chip"
                  f" each to seats {', '.join(map(str, race.winners)) or 'none'}"
                  + (f"; seats {', '.join(map(str, race.not_raced_out))} keep one chip, not raced out"
                     if race.not_raced_out else "") + f"; {race.change:+,} chips", cite.CHIP_RACE,
                  table=no, chips=race.change)

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
            self._s.round_open = [n for n in self._s.round_open if n in self.tables and len(self.tables[n].seats) > 1]
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
        if no == breaking or not self.between_hands(no) or len(table.seats) < 2:
            return False
        return not self._halted(no, max(self._counts().values()) if most is None else most)

    def _halted(self, no: int, most: int) -> bool:
        if not self.options.halt_short:
            return False
        table = self.tables[no]
        positions = table.positions
        stud = not isinstance(self.game, Rotation) and self.game.variant_spec.family == "stud"
        halt = floor.halted(table.size, list(table.seats), most, None if positions is None else positions.big_blind,
                            stud=stud)
        if halt and no not in self._s.halted:
            self._s.halted.append(no)
            self._say("halt", f"play halts at table {no}: {most - len(table.seats)} players short and its big blind"
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
        if len(table.seats) == 0 and len(self.tables) > 1:
            del self.tables[no]
            self.forget_tables()
        self.settle()
        return True

    def _announce(self) -> None:
        """Hand-for-hand is announced (RP-8-A): the tables finish the hands they are on; players out
        on those hands who break into the money share the places they reach."""
        self._s.announced = sorted(self._s.dealt)
        self._say("hand_for_hand", "hand-for-hand from the next hand: the tables finish the hands they are on"
                  + (f" (tables {', '.join(map(str, self._s.announced))}); players out on them who break into the"
                     " money share the places they reach" if self._s.announced else ""), floor.R_CURRENT_HAND)

    def _close_announced(self) -> None:
        """Once the hands being finished at the announcement are over, their players out are
        placed together; if they break into the money, they share the places (RP-8-A)."""
        s = self._s
        s.announced = [no for no in s.announced if no in s.dealt]
        if not s.announced and s.announced_busts:
            if self._alive < self.places_paid < self._alive + len(s.announced_busts):
                s.shared.append(len(s.out))
            s.out.append(s.announced_busts)
            s.announced_busts = []

    def _close_round(self) -> None:
        """A hand-for-hand round is over once every table in it has dealt and ended its hand: the
        players out in it are placed together, as if out in one hand; the level clock counts the
        round as ``hand_for_hand_minutes`` (RP-8-B to D), not the time it took."""
        s = self._s
        if s.in_round and not s.round_open and all(self.between_hands(n) for n in self.tables):
            if s.round_busts:
                s.out.append(s.round_busts)
            if s.round_since is not None and s.level_since <= s.round_since:
                s.level_since += self.clock() - s.round_since - 60.0 * self.options.hand_for_hand_minutes
            s.round_busts, s.in_round, s.round_since = [], False, None

    def _pay_bounty(self, no: int, hand: Hand, seat: int, entry: str) -> None:
        """The bounty on a player out goes to who won the last pot the player was in (BOUNTY),
        split between its winners as the pot's odd chips went: the bigger share first, then
        clockwise from the button; a progressive knockout pays its share and puts the rest on
        the eliminator's head (PROGRESSIVE_BOUNTY), carried with them to any table."""
        e = self.entries[entry]
        if not e.bounty or hand.result is None:
            return
        for s, amount in floor.bounty_shares(hand, seat, e.bounty, self.tables[no].size):
            winner = self.entries[self.tables[no].seats[s].player_id]
            paid = amount * self.options.progressive // 100 if self.options.progressive else amount
            winner.won += paid
            winner.bounty += amount - paid
            self._say("bounty", f"{winner.player} wins {paid:,} of {e.player}'s bounty"
                      + (f" and adds {amount - paid:,} to their own" if amount - paid else ""),
                      cite.PROGRESSIVE_BOUNTY if self.options.progressive else cite.BOUNTY,
                      table=no, seat=s, entry=winner.entry, chips=paid)
        e.bounty = 0

    # ------------------------------------------------------------------ breaking and balancing
    def _breaking(self) -> int | None:
        """The table to break now, if the players left fit at one table fewer: the highest
        numbered (the predetermined order: tables break from the last opened)."""
        count = len(self.tables)
        if count > 1 and self._alive <= (count - 1) * self._size():
            return max(self.tables)
        return None

    def settle(self) -> None:
        """Break the table due to break, once it is between hands (R10; at the final table, every
        seat redrawn, once both tables are), then balance (R11) while a table is two or more
        players longer than another and the table due to send one is between hands."""
        while True:
            breaking = self._breaking()
            if breaking is not None:
                if not self.between_hands(breaking):
                    return
                if len(self.tables) == 2 and self.options.final_redraw:
                    if not all(self.between_hands(no) for no in self.tables):
                        return
                    self._final_table()
                    return
                self._break(breaking)
                continue
            if not self._balance_once():
                return

    def _break(self, no: int) -> None:
        table = self.tables[no]
        players = [s.player_id for s in table.seats.values()]
        size = self._size()
        counts = {n: len(t.seats) for n, t in self.tables.items() if n != no}
        cards: list[floor.SeatCard] = []
        for _ in players:
            short = min(counts, key=lambda n: (counts[n], n))
            free = [s for s in range(1, size + 1) if s not in self.tables[short].seats and (short, s) not in cards]
            cards.append((short, self.rng.choice(free)))
            counts[short] += 1
        self._say("break_table", f"table {no} breaks; its {len(players)} players draw new seats by the 2-step"
                  " random process", floor.R_BREAKING, table=no)
        drawn, dealt = floor.two_step_draw(players, cards, self.rng)
        for entry in sorted(drawn, key=lambda p: dealt[p], reverse=True):
            to, seat = drawn[entry]
            self._move(entry, to, seat, floor.R_BREAKING, f"draws {dealt[entry]}")
        del self.tables[no]
        self.forget_tables()

    def forget_tables(self) -> None:
        """A table gone (broken, emptied, or the final table drawn) is no longer halted nor due a
        hand in the hand-for-hand round (a record naming it would not load)."""
        self._s.halted = [n for n in self._s.halted if n in self.tables]
        self._s.round_open = [n for n in self._s.round_open if n in self.tables]

    def _final_table(self) -> None:
        players = [s.player_id for t in self.tables.values() for s in t.seats.values()]
        chips = {s.player_id: s.chips for t in self.tables.values() for s in t.seats.values()}
        for t in self.tables.values():
            for seat in list(t.seats):
                t.leave(seat)
        self.tables.clear()
        self.forget_tables()
        no = self._open_table()
        seats = sorted(self.rng.sample(range(1, self._size() + 1), len(players)))
        self._say("final_table", f"the final table: {len(players)} players redraw their seats at table {no}",
                  cite.FINAL_TABLE, table=no)
        for entry, (_, seat) in floor.draw_seats(players, [(no, s) for s in seats], self.rng).items():
            self._sit(entry, no, seat, chips[entry])
            self._say("seat", f"{self.entries[entry].player} draws seat {seat} at the final table",
                      cite.FINAL_TABLE, table=no, seat=seat, entry=entry, chips=chips[entry])

    def _stud(self) -> bool:
        return not isinstance(self.game, Rotation) and self.game.variant_spec.family == "stud"

    def _balance_once(self) -> bool:
        """One balancing move, if one is due and can be made now (R11-A, R11-C): from the table
        with the most players (the lowest numbered of them: the predetermined procedure) to the
        table with the fewest (likewise)."""
        counts = self._counts()
        if len(counts) < 2 or max(counts.values()) - min(counts.values()) < 2:
            return False
        most, least = max(counts.values()), min(counts.values())
        sender = min(n for n, c in counts.items() if c == most)
        receiver = min(n for n, c in counts.items() if c == least)
        if not self.between_hands(sender):
            return False
        source, target = self.tables[sender], self.tables[receiver]
        stud = self._stud()
        frozen = self._frozen(target)
        positions = target.positions
        last_bb = frozen[0] if frozen is not None else None if positions is None else positions.big_blind
        seat_to = floor.worst_position(target.size, list(target.seats), last_bb, stud=stud)
        frozen = self._frozen(source)
        try:
            next_bb: int | None = frozen[1] if frozen is not None else source.preview().big_blind_seat
        except NotEnoughPlayers:            # no next hand can be planned: move by seat
            next_bb = None
        seat_from = floor.player_to_move(source.size, list(source.seats), next_bb, seat_to, stud=stud)
        entry = source.seats[seat_from].player_id
        why = "by position (stud)" if stud else ("due the big blind next" if seat_from == next_bb else "by seat")
        if frozen is not None and seat_from == next_bb:
            why += " were the game hold'em, the button frozen"
        rule = floor.R_BALANCING if frozen is None else cite.MIXED_BALANCING
        self._move(entry, receiver, seat_to, rule, f"{why}, from table {sender} seat {seat_from}"
                   f" to the worst position, cite {cite.BALANCING_TABLE}")
        return True

    def _frozen(self, table: Table) -> tuple[int, int] | None:
        """In a mix whose next hand is a stud game: the blinds a hold'em hand would have now, the
        button frozen (TDA 2024 Rule 11-B, by the dead button of Rule 32: ``Table.would_be_blinds``),
        else ``None``."""
        return table.would_be_blinds() if isinstance(self.game, Rotation) else None

    def _move(self, entry: str, to: int, seat: int, rule: str, why: str) -> None:
        e = self.entries[entry]
        assert e.table is not None and e.seat is not None
        frm, frm_seat = e.table, e.seat
        chips = self.tables[frm].leave(frm_seat)
        self._sit(entry, to, seat, chips)
        self._say("move", f"{e.player} moves from table {frm} seat {frm_seat} to table {to} seat {seat}"
                  f" with {chips:,} chips ({why}){f', bounty {e.bounty:,}' if e.bounty else ''}", rule,
                  table=to, seat=seat, entry=entry, chips=chips)

    # ------------------------------------------------------------------ places and prizes
    def standings(self) -> tuple[Place, ...]:
        """Every entry placed so far, best first. Players out in the same hand (or the same
        hand-for-hand round) finish by their chips at its start, the more chips higher; equal
        stacks share the places and split their prizes (odd units to the first of them by
        entry); a deal pays its amounts to the players left, placed by chips."""
        placed = floor.places_out(self._s.out, self._s.shared, len(self.entries))
        if self._s.deal is not None:
            stacks = {e: self._stack(e) for e in self.left}
            for entry in stacks:
                placed.append((entry, 1 + sum(1 for c in stacks.values() if c > stacks[entry])))
        elif self.is_over and self.left:
            placed.append((self.left[0], 1))
        out = []
        for entry, place, prize in floor.split_prizes(placed, self.prizes()):
            e = self.entries[entry]
            if self._s.deal is not None and entry in self._s.deal:
                prize = self._s.deal[entry]
            out.append(Place(entry, e.player, place, prize, e.won))
        return tuple(out)

    def _stack(self, entry: str) -> int:
        where = self.seat_of(entry)
        assert where is not None
        return self.tables[where[0]].seats[where[1]].chips

    def _deal_inputs(self) -> tuple[dict[str, int], list[int]]:
        if not self._s.started or self.is_over:
            raise IllegalAction("invalid_action", "a deal is made in an event under way", cite.ICM)
        if not all(self.between_hands(no) for no in self.tables) or self._s.in_round:
            raise IllegalAction("invalid_action", "a deal is made between hands at every table", cite.ICM)
        stacks = {entry: self._stack(entry) for entry in self.left}
        prizes = self.prizes()
        return stacks, [prizes.get(place, 0) for place in range(1, len(stacks) + 1)]

    def icm_deal(self) -> dict[str, int]:
        """A deal by ICM (``icm.icm_deal``) between the entries left, by entry, at any point of
        the event with at most ``MOST_PLAYERS`` left, in whole ``unit``s."""
        stacks, prizes = self._deal_inputs()
        if len(stacks) > MOST_PLAYERS:
            raise IllegalAction("invalid_action", f"an ICM deal is made by {MOST_PLAYERS} players at most", cite.ICM)
        return icm_deal(stacks, prizes, unit=self.options.unit)

    def chip_chop(self) -> dict[str, int]:
        """A chip-chop deal (``payouts.chip_chop``) between the entries left, by entry."""
        stacks, prizes = self._deal_inputs()
        return chip_chop(stacks, prizes, unit=self.options.unit)

    def accept_deal(self, deal: Mapping[str, int]) -> tuple[Place, ...]:
        """End the event by ``deal`` (``icm_deal`` or ``chip_chop``, agreed by every player
        left): each is paid their amount and placed by chips. Returns the standings."""
        stacks, prizes = self._deal_inputs()
        if set(deal) != set(stacks) or sum(deal.values()) != sum(prizes):
            raise InvalidArgument("a deal pays every player left, adding up to the prizes still to be won")
        self._s.deal = dict(deal)
        chop = dict(deal) == chip_chop(stacks, prizes, unit=self.options.unit)
        self._say("deal", f"the players left agree a {'chip-chop' if chop else 'deal'}: " + ", ".join(
            f"{self.entries[e].player} {amount:,}" for e, amount in deal.items()), cite.CHIP_CHOP if chop else cite.ICM)
        return self.standings()
