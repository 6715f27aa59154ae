"""The event's seating (``EventSeating``, a part of ``MultiTableTournament``): tables opened,
late entries seated from the pool (TDA 2024 Rule 8), tables broken in a fixed order with the
2-step draw (Rule 10), the final table redrawn, and tables balanced from the big blind to the
worst position (Rule 11). The rulings themselves are ``table/floor.py``."""

from __future__ import annotations

import random

from pokerfloor import citations as cite
from pokerfloor.table import floor
from pokerfloor.table.buttons import NotEnoughPlayers
from pokerfloor.table.customs import NO_STRADDLES, TableOptions
from pokerfloor.table.event_levels import EventLevels
from pokerfloor.table.rotation import Rotation
from pokerfloor.table.table import Table

TABLE_KEEP_HANDS = 1    # each table's events and ledger kept (and recorded): restoring needs only the hand in play


class EventSeating(EventLevels):
    """The seats and tables of a ``MultiTableTournament``."""

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
        counts = {n: t.seated for n, t in self.tables.items() if n != no}
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

    def move_entry(self, entry: str, table: int, seat: int, rule: str, why: str) -> None:
        """Move ``entry`` with its chips and bounty to ``seat`` of ``table`` (the caller checks
        that the seat is free and both tables are between hands), in words with ``why``."""
        self._move(entry, table, seat, rule, why)

    def _move(self, entry: str, to: int, seat: int, rule: str, why: str) -> None:
        e = self.entries[entry]
        assert e.table is not None and e.seat is not None
        frm, frm_seat = e.table, e.seat
        chips = self.tables[frm].leave(frm_seat)
        self._sit(entry, to, seat, chips)
        self._say("move", f"{e.player} moves from table {frm} seat {frm_seat} to table {to} seat {seat}"
                  f" with {chips:,} chips ({why}){f', bounty {e.bounty:,}' if e.bounty else ''}", rule,
                  table=to, seat=seat, entry=entry, chips=chips)
