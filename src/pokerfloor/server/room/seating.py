"""Who sits where, with what (``Seating``): seat requests, sitting down and leaving, sitting out
and in, top-ups and rebuys, the host's stack edits, seat moves and removals."""

from __future__ import annotations

import contextlib

from pokerfloor import citations as cite
from pokerfloor.errors import IllegalAction
from pokerfloor.server.commands import (
    EditStack,
    Leave,
    MoveSeat,
    RefuseSeat,
    Remove,
    SitIn,
    SitOut,
    SitOutSeat,
    TopUp,
)
from pokerfloor.server.fields import TABLE_CHIPS, Refused
from pokerfloor.server.inputs import (
    AskSeat,
    AskTopUp,
    Sit,
)
from pokerfloor.server.room.state import (
    LOG_LINES,
    Player,
    Request,
    RoomState,
)
from pokerfloor.table import buy_in_limits


class Seating(RoomState):
    def _on_request(self, entry: AskSeat) -> None:
        seat, chips, name = entry.seat, entry.chips, entry.name
        self._check_free(seat, name)
        self.requests[entry.request_id] = Request(entry.request_id, name, seat, chips, entry.token_hash)

    def _on_refuse(self, entry: RefuseSeat) -> None:
        if self.top_ups.pop(entry.request_id, None) is not None:
            return
        if self.requests.pop(entry.request_id, None) is None:
            raise Refused("bad_field", "no such seat request")

    def _on_sit(self, entry: Sit) -> None:
        request = self.requests.get(entry.request_id)
        if request is None:
            raise Refused("bad_field", "no such seat request")
        self._check_free(request.seat, request.name)
        player_id = entry.player_id
        tournament = self.config.tournament
        if tournament is not None and self.tournament_over:
            raise Refused("illegal", "the tournament is over", "invalid_action")
        chips = request.chips if tournament is None else tournament.starting_stack
        if chips > self.limits().room_for_chips:     # seats taken since the request was made
            raise Refused("bad_field", f"chips: the table holds at most {TABLE_CHIPS:,} chips", field="chips")
        self.table.sit(request.seat, player_id, chips, player_id=player_id)
        del self.requests[request.request_id]
        bank = self.config.clock.time_bank if self.config.clock else 0.0
        self.players[player_id] = Player(player_id, request.name, request.seat, request.token_hash, bank=bank)
        self.names[player_id] = request.name
        if request.token_hash in self.removed:
            self.removed.remove(request.token_hash)
        self._cancel_deal()         # a deal is between the players left: one more, and it is gone

    def _check_free(self, seat: int, name: str) -> None:
        """A seat asked for is free (its number and the name are in range: ``inputs.AskSeat``)."""
        if self.player_at(seat) is not None:
            raise Refused("illegal", f"seat {seat} is taken", "invalid_action")

    def _on_leave(self, entry: Leave) -> None:
        seat = self._seat(entry.player_id)
        self.table.leave(seat)
        del self.players[entry.player_id]
        self._cancel_deal()

    def _on_sit_out(self, entry: SitOut) -> None:
        self.table.sit_out(self._seat(entry.player_id))
        self.players[entry.player_id].clocked_out = False

    def _on_sit_in(self, entry: SitIn) -> None:
        """Back in: the player chose to post now (``post``) or to wait for the big blind; a
        player already in who asks to post now has chosen to (RROP11 Button & Blind Use)."""
        seat = self._seat(entry.player_id)
        status = self.table.seats[seat].status
        if status == "playing" and not entry.post:
            raise Refused("illegal", "you are already in the game", "invalid_action")
        self.table.sit_in(seat, post=entry.post)
        player = self.players[entry.player_id]
        player.timeouts, player.clocked_out = 0, False

    def _on_sit_out_seat(self, entry: SitOutSeat) -> None:
        """The host sits a player out from the next hand (a hand in play goes on: their turn
        runs on the clock; TDA 2024 Rule 30: a player away from the table is dealt no hand)."""
        player = self._occupied(entry.seat)
        self.table.sit_out(player.seat)

    def _on_top_up(self, entry: TopUp) -> None:
        """A top-up or rebuy, by the buy-in's rules (``_check_top_up``); at a table whose seats
        need approval, the one the host approved (``request_id``: ``ask_top_up``)."""
        request = entry.request_id
        if request is not None:
            asked = self.top_ups.get(request)
            if asked is None or asked[0] != entry.player_id or asked[1] != entry.chips:
                raise Refused("bad_field", "no such top-up request", field="request_id")
            room = self.limits().room_for_chips     # chips came to the table since it was asked
            if entry.chips > room:
                raise Refused("bad_field", f"chips: is 1 to {room}", field="chips")
        seat = self._seat(entry.player_id)
        self._check_top_up(seat, entry.chips)
        self._add_chips(seat, entry.chips, post=entry.post)
        if request is not None:
            del self.top_ups[request]

    def _check_top_up(self, seat: int, chips: int) -> None:
        """A top-up by the buy-in's rules (GENRULES buy-in, seed 002): chips are added between
        the player's hands, at least the minimum buy-in, or enough to bring the stack to the
        maximum, and never past it (a rebuy, after losing every chip, is a buy-in: the minimum)."""
        stack = self.table.stack(seat)
        low, high = buy_in_limits(self.table.game)
        if self.config.tournament is not None or stack == 0:
            return                  # the table's own rules: no top-ups in a tournament; a rebuy's minimum
        if chips < low and (high is None or stack + chips != high):
            most = "" if high is None else f", or {high - stack} to bring your stack to the maximum {high}"
            raise Refused("illegal", f"a top-up is at least the minimum buy-in, {low}{most}", "below_min_buy_in",
                          cite.BUY_IN)

    def _on_ask_top_up(self, entry: AskTopUp) -> None:
        """At a table whose seats need approval, a top-up waits for the host (``approve`` or
        ``refuse`` with its ``request_id``); it is checked now, and again as it is approved."""
        seat = self._seat(entry.player_id)
        self._check_top_up(seat, entry.chips)
        if any(asked[0] == entry.player_id for asked in self.top_ups.values()):
            raise Refused("illegal", "your top-up already waits for the host", "invalid_action")
        self.top_ups[entry.request_id] = (entry.player_id, entry.chips, entry.post)

    def _add_chips(self, seat: int, chips: int, *, post: bool = False) -> None:
        """Chips bought between hands: a top-up, or a rebuy when the seat has none left (the
        minimum buy-in applies, and the blinds missed while broke are owed: posted now with
        ``post``, or by waiting for the big blind; RROP11 Button & Blind Use)."""
        if self.table.stack(seat) == 0:
            self.table.rebuy(seat, chips, post=post)
        else:
            self.table.top_up(seat, chips)

    def _on_edit_stack(self, entry: EditStack) -> None:
        self._add_chips(entry.seat, entry.chips)

    def _on_move_seat(self, entry: MoveSeat) -> None:
        """The host moves a player to a free seat between hands (``Table.move``)."""
        player = self.player_at(entry.seat)
        if player is None:
            raise Refused("bad_field", f"seat {entry.seat} is empty", field="seat")
        self.table.move(entry.seat, entry.to)
        player.seat = entry.to

    def _on_remove(self, entry: Remove) -> None:
        """The host removes a player at any moment: between hands they leave at once, their
        chips cashed out to the ledger; in a hand they are in, their hand is killed at once,
        whoever's turn it is (``at_once``: a dead hand, TDA 2024 Rules 30 and 31; ``Table.kill``),
        and they leave, cashed out, as the hand ends. A hand that cannot be killed (all in, or
        no betting left) plays out. A ``remove`` stored before ``at_once`` folds the hand at its
        turn, as it did then. Every client is told in words (a ``removed`` line); a removed player is
        told so if they come back."""
        player = self._occupied(entry.seat)
        if player.player_id in self.removing:
            raise Refused("illegal", f"{player.name} is being removed already", "invalid_action")
        # Everyone is told in words that the host removed them, not only that they sat out and left.
        self.remember({"kind": "removed", "hand": self.table.hand_number, "seat": player.seat,
                       "player_id": player.player_id, "name": player.name, "note": "removed by the host",
                       "at": self.clock.now})
        if self.in_hand and self.table.dealt_in(player.seat):
            self.removing.append(player.player_id)
            if self.table.seats[player.seat].status != "sitting_out":
                self.table.sit_out(player.seat)
            if entry.at_once:
                with contextlib.suppress(IllegalAction):     # all in, folded, or no betting left
                    self.table.kill(player.seat)
            self._fold_removed()
            return
        self._remove(player)

    def _remove(self, player: Player) -> None:
        self.table.leave(player.seat)
        del self.players[player.player_id]
        self.removed.append(player.token_hash)
        del self.removed[:-LOG_LINES]
        self._cancel_deal()

    def _fold_removed(self) -> None:
        """A removed player's hand folds as its turn comes (mucks, asked to show or muck)."""
        while self.removing and self.in_hand:
            seat = self.table.to_act
            player = None if seat is None else self.player_at(seat)
            if player is None or player.player_id not in self.removing:
                return
            action, discard = self.table.legal().unattended(fold=True)
            self.table.act(seat, action, cards=discard)
