"""The host's settings, changed between or during hands (``Host``): start, pause and resume, the
game and stakes, the clock, the buy-in, spectators, the moment between hands, bomb pots and
dealer's choice."""

from __future__ import annotations

from dataclasses import replace

from pokerfloor.errors import InvalidArgument
from pokerfloor.rules import VARIANTS
from pokerfloor.server.commands import (
    BetweenHands,
    BombPot,
    BombPots,
    ChooseGame,
    EndGame,
    Pause,
    Resume,
    SetBuyIn,
    SetClock,
    SetGame,
    SpectatorChat,
    Spectators,
    Start,
)
from pokerfloor.server.fields import Refused, bad_field
from pokerfloor.server.games import GameRefused, game_from
from pokerfloor.server.room.play import Play
from pokerfloor.server.settings import DEFAULT_CLOCK, Clock, Interval


class Host(Play):
    def _on_spectator_chat(self, entry: SpectatorChat) -> None:
        """The host lets spectators chat, or not."""
        self.config = replace(self.config, spectator_chat=entry.allow)

    def _on_between_hands(self, entry: BetweenHands) -> None:
        """The moment between hands from the next hand's end on (``Config.between_hands``)."""
        self.config = replace(self.config, between_hands=Interval(float(entry.seconds), float(entry.showdown)))

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

    def _on_set_clock(self, entry: SetClock) -> None:
        """The action clock's seconds, time bank and timed-out turns to be sat out, at any
        moment: from the next turn (the turn being played keeps its time; TDA 2024 Rule 29),
        each player's bank the new one from then."""
        away = float(entry.timeouts_to_away) if entry.timeouts_to_away is not None else (
            self.config.clock or DEFAULT_CLOCK).timeouts_to_away
        clock = Clock(float(entry.seconds), float(entry.time_bank), away)
        if self.table.to_act is not None and self.config.clock is not None:
            self.clock_next = clock
        else:
            self._set_clock(clock)

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
