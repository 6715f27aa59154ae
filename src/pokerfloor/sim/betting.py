"""No-limit hold'em betting for many hands in lockstep, one row of numpy arrays per hand.

The state is the one ``pokerfloor.hand.state`` keeps for a big-bet round (docs/rules.md §1.5,
§5.5-5.6), with a hand per row and a seat per column: chips behind, the wager this round,
all chips put in, folds, the level each seat last acted at (``-1`` when it has not acted this
round), and per hand the current bet level, the level of the last full bet or raise, the last
full increment (the minimum raise), the street and the seat to act. Columns are seats in order
of action after the flop: column 0 sits left of the button, the last column is the button.

Each rule is the reference engine's, written over arrays:

- the minimum raise is the last full increment; an all-in short of it raises the level but not
  the minimum, and does not reopen the betting for seats that already acted, unless such
  all-ins since their turn add up to a full raise (TDA 2024 R43-A, R47-A);
- a seat that cannot reach the minimum may still go all-in; a seat may raise only while some
  opponent has chips to call more than the current bet;
- a round closes when every seat that is not all-in has acted and matched the bet, or when
  only one hand is left; the uncalled part of a bet is returned (TDA 2024 R15-B);
- once fewer than two seats can bet, no more betting happens: the board runs out (R16).

numpy is imported here: this module is only loaded by ``pokerfloor.sim`` on first use.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pokerfloor.errors import InvalidArgument

Chips = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]

FOLD, CHECK, CALL, BET, RAISE = range(5)
RIVER = 3
ROW_STATE = ("stack", "bet", "live", "folded", "acted", "level", "full_level", "min_inc", "street", "to_act")
"""The per-hand state, one row per hand: what ``keep`` drops and ``restart`` deals anew."""


class Lockstep:
    """Hands being played, one per row; finished hands are dropped with ``keep``."""

    def __init__(self, stacks: Chips, blinds: tuple[int, int]) -> None:
        hands, seats = stacks.shape
        small, big = blinds
        self.seats = seats
        self.blinds = blinds
        self.big_blind = big
        self.rows: npt.NDArray[np.intp] = np.arange(hands)
        self.stack = stacks.copy()
        self.bet = np.zeros_like(stacks)
        self.folded: Flags = np.zeros(stacks.shape, dtype=bool)
        self.acted: Chips = np.full(stacks.shape, -1, dtype=np.int64)
        # Heads-up the button posts the small blind; otherwise the two seats left of it do.
        sb, bb = (seats - 1, 0) if seats == 2 else (0, 1)
        self.bet[:, sb] = np.minimum(small, self.stack[:, sb])
        self.bet[:, bb] = np.minimum(big, self.stack[:, bb])
        self.stack -= self.bet
        self.live = self.bet.copy()
        # The level is the full big blind even when it was posted short (callers owe all of it).
        self.level: Chips = np.full(hands, big, dtype=np.int64)
        self.full_level = self.level.copy()
        self.min_inc = self.level.copy()
        self.street: Chips = np.zeros(hands, dtype=np.int64)
        self.to_act: npt.NDArray[np.intp] = np.zeros(hands, dtype=np.intp)
        self._offsets: npt.NDArray[np.intp] = self.rows * seats
        self._columns: npt.NDArray[np.intp] = np.arange(seats)

    def __len__(self) -> int:
        return len(self.rows)

    def _flat(self) -> npt.NDArray[np.intp]:
        """The flat index of each hand's seat to act, for ``take`` and ``put`` on ``ravel()``."""
        return self._offsets + self.to_act

    def options(self) -> tuple[Chips, Flags, Chips, Chips]:
        """For the seat to act: the chips it must add to call, whether it may bet or raise, and
        the smallest and largest total it may bet or raise to (TDA 2024 R43-A, R47-A)."""
        flat = self._flat()
        bet = self.bet.ravel().take(flat)
        all_in_to = bet + self.stack.ravel().take(flat)
        level = self.level
        reach = np.where(self.folded, 0, self.bet + self.stack)
        reach.ravel()[flat] = 0
        acted = self.acted.ravel().take(flat)
        # ``acted == -1`` (not acted this round) is below every full level, so it reopens too.
        reopened = (self.full_level > acted) | (level - acted >= self.min_inc)
        can_raise = (reach.max(axis=1) > level) & (all_in_to > level) & reopened
        min_to = np.minimum(level + self.min_inc, all_in_to)
        return level - bet, can_raise, min_to, all_in_to

    def act(self, fold: Flags, raise_to: Chips, raising: Flags) -> tuple[npt.NDArray[np.int8], Chips]:
        """Apply one action per hand: a fold, a raise to ``raise_to`` where ``raising``, else a
        check or a call (all-in when short). Returns each action's kind and the seat's total
        wager this round after it."""
        flat = self._flat()
        bet = self.bet.ravel().take(flat)
        stack = self.stack.ravel().take(flat)
        level = self.level
        to_call = level - bet
        pay = np.where(raising, raise_to - bet, np.clip(to_call, 0, stack))
        pay[fold] = 0
        increment = raise_to - level
        full = raising & (increment >= self.min_inc)
        self.min_inc = np.where(full, increment, self.min_inc)
        self.full_level = np.where(full, raise_to, self.full_level)
        kind = np.where(to_call > 0, CALL, CHECK)
        kind[raising] = np.where(level[raising] > 0, RAISE, BET)
        kind[fold] = FOLD
        self.level = np.where(raising, raise_to, level)
        wager = bet + pay
        self.bet.ravel()[flat] = wager
        self.stack.ravel()[flat] = stack - pay
        self.live.ravel()[flat] += pay
        self.folded.ravel()[flat] = fold
        self.acted.ravel()[flat] = self.level
        return kind.astype(np.int8), wager

    def advance(self) -> Flags:
        """Pass the action on from the seat that just acted, closing rounds as they end.

        Returns which hands have no betting left (one hand remains, or the board runs out to a
        showdown). A seat acts while it is short of the bet or has not acted this round, unless
        nothing it did could matter: every opponent is all-in and it covers their bets.
        """
        return self._pass_action(self.to_act)

    def start(self) -> Flags:
        """Give the first action before the flop: left of the big blind (heads-up, the button)."""
        big_blind_column = 0 if self.seats == 2 else 1
        return self._pass_action(np.full(len(self), big_blind_column, dtype=np.intp))

    def _pass_action(self, after: npt.NDArray[np.intp]) -> Flags:
        folded, stack, bet = self.folded, self.stack, self.bet
        can_act = ~folded & (stack > 0)
        others_can_act = (can_act.sum(axis=1, keepdims=True) - can_act) > 0
        top_live_bet = np.where(folded, -1, bet).max(axis=1, keepdims=True)
        short = bet < self.level[:, None]
        needs = can_act & np.where(short, others_can_act | (top_live_bet > bet), (self.acted < 0) & others_can_act)
        # How many places clockwise of ``after`` each seat sits (1 to seats); the nearest waits.
        distance = self._columns - after[:, None]
        distance -= 1
        distance %= self.seats
        distance[~needs] = self.seats
        nearest = distance.min(axis=1)
        found = nearest < self.seats
        nxt = (after + 1 + nearest) % self.seats
        alone = (~folded).sum(axis=1) == 1
        closing = alone | ~found
        self.to_act = np.where(closing, 0, nxt)
        done = np.zeros(len(self), dtype=bool)
        if closing.any():
            done[closing] = self._close_rounds(np.flatnonzero(closing), alone[closing])
        return done

    def _close_rounds(self, rows: npt.NDArray[np.intp], alone: Flags) -> Flags:
        """End the betting round of these hands: return any uncalled bet, clear the bets, and
        either finish the betting or open the next street to the first seat left of the button."""
        bets = self.bet[rows]
        ordered = np.sort(bets, axis=1)
        top, second = ordered[:, -1], ordered[:, -2]
        uncalled = top - second
        returned = np.flatnonzero(uncalled > 0)
        if returned.size:
            holder = bets[returned].argmax(axis=1)
            hands = rows[returned]
            self.stack[hands, holder] += uncalled[returned]
            self.live[hands, holder] -= uncalled[returned]
        self.bet[rows] = 0
        can_act = ~self.folded[rows] & (self.stack[rows] > 0)
        finished: Flags = alone | (can_act.sum(axis=1) < 2) | (self.street[rows] == RIVER)
        going_on = rows[~finished]
        if going_on.size:
            self.street[going_on] += 1
            self.acted[going_on] = -1
            self.level[going_on] = 0
            self.full_level[going_on] = 0
            self.min_inc[going_on] = self.big_blind
            self.to_act[going_on] = can_act[~finished].argmax(axis=1)
        return finished

    def keep(self, rows: npt.NDArray[np.bool_]) -> None:
        """Drop the hands that are not kept (their betting is over)."""
        self.rows = self.rows[rows]
        for name in ROW_STATE:
            value: Any = getattr(self, name)
            setattr(self, name, value[rows])
        self._offsets = np.arange(len(self.rows)) * self.seats

    def restart(self, rows: npt.NDArray[np.intp], stacks: Chips) -> None:
        """Start new hands in these rows (their hands are over) with these stacks: blinds
        posted and the first seat to act before the flop. Every stack must exceed the big
        blind, so each new hand has a decision to make."""
        fresh = Lockstep(stacks, self.blinds)
        if fresh.start().any():
            raise InvalidArgument("every starting stack must be more than the big blind")
        for name in ROW_STATE:
            value: Any = getattr(self, name)
            value[rows] = getattr(fresh, name)
