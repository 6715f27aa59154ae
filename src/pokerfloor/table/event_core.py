"""The event's state and what it shows: ``EventCore``, the base of ``MultiTableTournament``
(table/event.py), with its options checked, its tables, entries and floor events, its
bookkeeping (``_State``) and the small steps every part of the floor takes (seat an entry,
restack one, say a ruling). The record (table/event_record.py) reads and writes this much."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.rules import Game
from pokerfloor.table import floor
from pokerfloor.table.event_types import Break, EntryState, FloorEvent, Options, _State
from pokerfloor.table.payouts import prize_table
from pokerfloor.table.rotation import Rotation
from pokerfloor.table.seats import ManualClock
from pokerfloor.table.table import Table
from pokerfloor.table.tournament import Level


class EventCore:
    """The state of a ``MultiTableTournament`` and what it shows (its options: ``MultiTableTournament``)."""

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

    # ------------------------------------------------------------------ for the director and the record
    @property
    def started(self) -> bool:
        return self._s.started

    @property
    def state(self) -> _State:
        """The event's running counts and marks (``event_types._State``): what ``event_record``
        writes and the director's clock reads. Read it; the event's own methods change it."""
        return self._s

    def restore(self, state: _State) -> None:
        """Go on from ``state`` (``event_record.event_from``, after ``entries``): the entries
        still in are counted from ``entries``."""
        self._s = state
        self._alive = sum(not e.out for e in self.entries.values())

    @property
    def table_size(self) -> int:
        """The seats at each of the event's tables (``seats``, at most as many as the game deals)."""
        return self._size()

    def announce(self, kind: str, text: str, rule: str = "") -> None:
        """A ruling of the director's in the stream (``events``), in words with its rule."""
        self._say(kind, text, rule)

    def leave_play(self, entry: str, kind: str, words: str, rule: str) -> int:
        """Take ``entry`` (seated, its table between hands) out of the event: its chips leave
        play and it is placed now; ``words`` is the ruling, with ``{player}`` and ``{chips:,}``
        filled in. Returns the chips that left play."""
        e = self.entries[entry]
        assert e.table is not None and e.seat is not None
        chips = self.tables[e.table].leave(e.seat)
        self._s.issued -= chips
        self._say(kind, words.format(player=e.player, chips=chips), rule, table=e.table, seat=e.seat, entry=e.entry,
                  chips=chips)
        e.out, e.table, e.seat = True, None, None
        self._alive -= 1
        self._s.out.append([(e.entry, chips)])
        return chips

    # ------------------------------------------------------------------ the stream
    def _say(self, kind: str, text: str, rule: str = "", *, table: int | None = None, seat: int | None = None,
             entry: str | None = None, chips: int = 0) -> None:
        self.events.append(FloorEvent(len(self.events) + 1, kind, text, rule, table, seat, entry, chips))


    def _size(self) -> int:
        most = self.game.max_players if isinstance(self.game, Rotation) else self.game.variant_spec.max_players
        return min(self.options.seats, most)

    def _sit(self, entry: str, no: int, seat: int, chips: int) -> None:
        e = self.entries[entry]
        self.tables[no].sit(seat, e.player, chips, player_id=entry)
        e.table, e.seat = no, seat

    def _counts(self) -> dict[int, int]:
        return {no: t.seated for no, t in self.tables.items()}

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
