"""A sit-and-go's own inputs (``Tournament``): its levels, and the ICM deal the host offers and
the players answer (TDA 2024, deals)."""

from __future__ import annotations

from fractions import Fraction

from pokerfloor.server.commands import (
    AnswerDeal,
    OfferDeal,
)
from pokerfloor.server.fields import Refused
from pokerfloor.server.room.seating import Seating
from pokerfloor.server.room.state import DEAL_UNITS
from pokerfloor.table.icm import icm_deal, icm_equities
from pokerfloor.table.tournament import R_ICM, deal_places, next_level


class Tournament(Seating):
    def _on_offer_deal(self, entry: OfferDeal) -> None:
        """The host offers the players left a deal by ICM, between hands: each one's equity is
        shown until the next hand is dealt (``icm_shares``)."""
        if self.config.tournament is None:
            raise Refused("illegal", "a deal is offered at a tournament table", "invalid_action")
        if self.in_hand or self.tournament_over:
            raise Refused("illegal", "a deal is offered between hands, before the tournament's end",
                          "invalid_action", R_ICM)
        payouts = self.config.tournament.payouts
        if list(payouts) != sorted(payouts, reverse=True):
            raise Refused("illegal", "a deal by ICM needs payouts from first place down, each at most the one before",
                          "invalid_action", R_ICM)
        self.deal_offered = self.table.hand_number
        self.deal_accepted = []

    def _on_answer_deal(self, entry: AnswerDeal) -> None:
        """A player still in answers the open deal: once every player left has accepted, the
        deal ends the tournament (``finish_by_deal``); one decline and the offer is gone."""
        seat = self._seat(entry.player_id)
        player = entry.player_id
        taken = self.table.seats.get(seat)
        if self.deal_offered is None or taken is None or taken.player != player:
            raise Refused("illegal", "no deal is offered to this player", "invalid_action", R_ICM)
        if player in self.deal_accepted:
            raise Refused("illegal", "this player has accepted the deal already", "invalid_action", R_ICM)
        if not entry.accept:
            # Who declined is told to everyone (issue 35): the offer is gone because of them.
            self.remember({"kind": "deal_declined", "hand": self.table.hand_number, "seat": seat, "player_id": player,
                           "name": self.name_of(player), "note": "declined the ICM deal", "at": self.clock.now})
            self._cancel_deal()
            return
        self.deal_accepted.append(player)
        if {s.player for s in self.table.seats.values()} <= set(self.deal_accepted):
            self._finish_by_deal()

    def _finish_by_deal(self) -> None:
        """The tournament ends by the deal: each player left is paid their ICM equity in whole
        hundredths of a percent of the prizes (``icm_deal``: together exactly the prizes of the
        places left) and placed by chips, equal stacks sharing a place (``deal_places``)."""
        assert self.config.tournament is not None
        stacks = {s.player: self.table.stack(n) for n, s in self.table.seats.items()}
        payouts = self.config.tournament.payouts
        prizes = [DEAL_UNITS * share for share in payouts[:len(stacks)]]
        deal = icm_deal(stacks, prizes + [0] * (len(stacks) - len(prizes)))
        placed = deal_places(stacks, deal, self.table.hand_number)
        self.finishes += [(f.player, f.place, f.hand) for f in placed]
        self.deal_payouts = deal
        self._cancel_deal()

    def icm_shares(self) -> dict[str, Fraction]:
        """Each player's ICM equity (Malmuth-Harville, exact), in percent of the prizes, of the
        places still to be decided (their payouts by the table's percentages)."""
        assert self.config.tournament is not None
        stacks = {s.player: self.table.stack(n) for n, s in self.table.seats.items()}
        payouts = self.config.tournament.payouts
        return icm_equities(stacks, payouts[:len(stacks)])

    def _next_level(self) -> None:
        """A tournament's blinds go up from the next hand once its level is over (TDA 2024 R23)."""
        if self.level_start is None:
            return
        levels = self.config.levels()
        level, start = next_level(levels, self.level, self.level_start, self.table.hand_number, self.clock.now)
        if level != self.level:
            self.level, self.level_start = level, start
            self.table.set_game(levels[level].game(self.config.game))
