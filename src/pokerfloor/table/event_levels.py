"""The event's clock and levels (``EventLevels``, a part of ``MultiTableTournament``): the level
in force by minutes or hands for the whole event, with breaks (TDA 2024 Rule 23), each table
brought to it before its next hand, and the chip races of the colour-ups (Rule 24)."""

from __future__ import annotations

from pokerfloor import citations as cite
from pokerfloor.rules import Game
from pokerfloor.table import floor
from pokerfloor.table.event_core import EventCore
from pokerfloor.table.event_types import Break
from pokerfloor.table.rotation import LimitStakes, Rotation
from pokerfloor.table.tournament import R_LEVELS, Level


class EventLevels(EventCore):
    """The levels of a ``MultiTableTournament``."""

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
