"""The event's places and prizes (``EventPlaces``, a part of ``MultiTableTournament``): players
out placed together when out in the same hand or hand-for-hand round (TDA 2024 RP-8), bounties
and progressive knockouts paid, the standings with their prizes, and deals (ICM or chip chop)."""

from __future__ import annotations

from collections.abc import Mapping

from pokerfloor import citations as cite
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import Hand
from pokerfloor.table import floor
from pokerfloor.table.event_core import EventCore
from pokerfloor.table.event_types import Place
from pokerfloor.table.icm import MOST_PLAYERS, icm_deal
from pokerfloor.table.payouts import chip_chop


class EventPlaces(EventCore):
    """The places and prizes of a ``MultiTableTournament``."""

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
