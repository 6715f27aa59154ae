"""The hand in play (``Play``): the deal, actions and timeouts, straddles, run it twice, a hand
shown after it ends, the host folding the seat to act, and chat."""

from __future__ import annotations

from pokerfloor.errors import IllegalAction
from pokerfloor.server.commands import (
    FoldSeat,
    RunIt,
    Show,
    Straddle,
)
from pokerfloor.server.deal import deck_rng
from pokerfloor.server.fields import Refused
from pokerfloor.server.inputs import (
    Action,
    ChatLine,
    NextHand,
    OfferTimeout,
    RailChat,
    Timeout,
)
from pokerfloor.server.room.state import Deal, Offer, Player
from pokerfloor.server.room.tournament import Tournament


class Play(Tournament):
    def _on_deal(self, entry: NextHand) -> None:
        if self.ended:
            raise Refused("closed", "the game has ended")
        if self.tournament_over:
            raise Refused("illegal", "the tournament is over", "invalid_action")
        if entry.hand != self.table.hand_number + 1:
            raise Refused("bad_field", f"the next hand is {self.table.hand_number + 1}")
        if self.in_hand:
            raise Refused("illegal", "the hand in play is not over", "invalid_action")
        self.table.preview()        # NotEnoughPlayers before a straddle is declared
        self._next_level()
        for seat, amount in self.straddles:
            try:
                self.table.straddle(seat, amount)
            except IllegalAction as refused:
                player = self.player_at(seat)
                self.remember({"kind": "straddle_refused", "hand": self.table.hand_number + 1, "seat": seat,
                               "player_id": None if player is None else player.player_id,
                               "name": None if player is None else player.name,
                               "note": f"no straddle: {refused.message}", "at": self.clock.now})
        self.declared = []
        unchosen = self._unchosen()
        self.dealt_game = self.table.game
        self.table.start_hand(
            rng=deck_rng(entry.seed), auto_muck=self.config.auto_muck, wait_for_runout=self.config.run_it_twice
        )
        self.straddles = []
        self._cancel_deal()
        if self.config.tournament is not None and self.level_start is None:
            self.level_start = (self.table.hand_number - 1, self.clock.now)
        self.deals.append(Deal(entry.hand, entry.seed))
        self.hand_actions = {}
        if unchosen is not None:
            self.remember(unchosen)

    def _unchosen(self) -> dict[str, object] | None:
        """Dealer's choice (``pf.Table.choose_game``): when the hand about to be dealt starts a
        round of a game that the seat holding the choice has not named, the line that says so, in
        words, for every client: who was to choose, and the game dealt instead (the round's game
        goes on; before the first round the list's first). ``None`` otherwise."""
        table = self.table
        rotation, seat = table.rotation, table.chooser
        if rotation is None or not rotation.rotation.dealers_choice or seat is None or rotation.chosen is not None:
            return None
        if rotation.length and not rotation.turn_over:
            return None        # a hand within the round: nothing is chosen now
        game = table.game
        title = f"{game.structure.replace('_', '-')} {game.variant_spec.title or game.variant}"
        player = self.player_at(seat)
        name = f"seat {seat}" if player is None else player.name
        again = "the list's first game" if not rotation.turns else "the same game again"
        return {"kind": "no_choice", "hand": table.hand_number + 1, "seat": seat,
                "player_id": None if player is None else player.player_id, "name": name, "chips": None,
                "note": f"{name} did not name the game for this round: {title} is dealt ({again})",
                "at": self.clock.now}

    def _on_act(self, entry: Action) -> None:
        seat = self._seat(entry.player_id)
        if not self.table.dealt_in(seat):
            raise Refused("illegal", f"seat {seat} is not dealt in", "invalid_action")
        self.table.act(seat, entry.action, entry.to, cards=entry.cards)
        self.applied.setdefault(entry.player_id, set()).add(entry.client_action_id)
        self.hand_actions.setdefault(entry.player_id, []).append(entry.client_action_id)
        player = self.players[entry.player_id]
        player.timeouts = 0
        self._spend_bank(player)

    def _on_timeout(self, entry: Timeout) -> None:
        """The clock ran out: the seat takes ``Legal.unattended`` (a muck when asked to show or
        muck, the bring-in, standing pat in a draw, a free check, else a fold); N in a row and
        the seat is away from the next hand (docs/protocol.md, the clock)."""
        seat = entry.seat
        if self.table.to_act != seat:
            raise Refused("stale_turn", "that turn is over")
        action, discard = self.table.legal().unattended()
        self.table.act(seat, action, cards=discard)
        player = self.player_at(seat)
        assert player is not None and self.config.clock is not None
        player.bank = 0.0
        player.timeouts += 1
        away = player.timeouts >= self.config.clock.timeouts_to_away
        if away and self.table.cash and self.table.seats[seat].status != "sitting_out":
            self.table.sit_out(seat)
            player.clocked_out = True

    def _offer_runs(self) -> None:
        """Open the run-it-twice offer once the hand waits for its run-out."""
        if not self.table.awaiting_runout or self.offer is not None:
            return
        self.offer = Offer(self.table.hand_number, self.table.live_seats, self.clock.now)

    def _on_run_it(self, entry: RunIt) -> None:
        """One player's answer to the offer: all twice and the board runs twice, one "once"
        and it runs once (a casino's run-it-twice procedure, citations.RUN_IT)."""
        seat, offer = self._seat(entry.player_id), self.offer
        if offer is None or self.table.hand is None or seat not in offer.seats or seat in offer.answers:
            raise Refused("illegal", "no run-it-twice question is open for this seat", "cannot_run_it")
        twice = entry.twice
        if not twice:
            self._run(1)
        elif len(offer.answers) + 1 == len(offer.seats):
            self._run(2)
        offer.answers[seat] = twice

    def _on_offer_timeout(self, entry: OfferTimeout) -> None:
        """Not everyone agreed in time: the board runs once."""
        if self.offer is None or self.table.hand is None:
            raise Refused("stale_turn", "no run-it-twice question is open")
        self._run(1)

    def _run(self, times: int) -> None:
        """Deal the board ``times`` times, through the table (``Table.act``: ``run_it``)."""
        self.table.act(None, "run_it", times)
        self.offer = None

    def _spend_bank(self, player: Player) -> None:
        """Time beyond the turn's seconds comes out of the seat's time bank."""
        if self.config.clock is None:
            return
        over = self.clock.now - self.turn_started - self.config.clock.seconds
        if over > 0:
            player.bank = max(0.0, player.bank - over)

    def _on_straddle(self, entry: Straddle) -> None:
        """A straddle for the next hand: declared now, or during a hand for the one after it
        (it is checked again as that hand is dealt, and a straddle no longer open, the seat
        not under the gun then, is refused aloud: an event says why; WIKI_BIP Straddle bets)."""
        seat = self._seat(entry.player_id)
        if self.in_hand:
            self.straddles.append((seat, entry.amount))
        else:
            self.table.straddle(seat, entry.amount)
            self.declared.append((seat, entry.amount))

    def _on_show(self, entry: Show) -> None:
        """Between hands a player shows the hand they mucked unseen or won uncalled: it is
        shown to everyone until the next deal (a folded hand is dead and is not shown)."""
        seat = self._seat(entry.player_id)
        if self.in_hand or self.table.hand is None or not self.table.dealt_in(seat):
            raise Refused("illegal", "a hand is shown after it ends, by a player dealt in", "invalid_action")
        self.table.act(seat, "show")

    def _on_fold_seat(self, entry: FoldSeat) -> None:
        """The host folds the seat whose turn it is (a player who does not act: TDA 2024 Rule
        29, the clock called; at a showdown the hand is mucked, TDA 2024 R18)."""
        seat = entry.seat
        if self.table.to_act != seat:
            whose = self.table.to_act
            raise Refused("illegal", "no hand is in play" if whose is None else
                          f"it is seat {whose}'s turn, not seat {seat}'s", "invalid_action")
        action, discard = self.table.legal().unattended(fold=True)
        self.table.act(seat, action, cards=discard)

    def _on_chat(self, entry: ChatLine) -> None:
        """A chat line changes nothing at the table (the table's task passes it on); it is kept
        in the room's history (``log``)."""

    def _on_rail_chat(self, entry: RailChat) -> None:
        """A spectator's chat line, where the host lets spectators chat (``spectator_chat``)."""
        if not self.config.spectator_chat:
            raise Refused("not_seated", "spectators do not chat at this table")
