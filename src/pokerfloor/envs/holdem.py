"""A batched no-limit hold'em environment for training agents, shaped like pgx's.

``reset(batch, seed)`` deals ``batch`` hands; ``step(actions, to)`` takes one action in every
hand at once. Each row is always in a hand: when a hand ends, its rewards (chips won or lost,
shape ``(batch, players)``) are reported and a new hand is dealt in its place (auto-reset), with
``terminated`` marking the rows that were reset. The action space is the full one: ``FOLD``,
``CALL`` (check or call) and ``RAISE`` (bet or raise) to an exact total ``to`` for the round,
between ``min_to`` and ``max_to``. The betting, pots and showdown are ``pokerfloor.sim``'s,
the same rules as ``pf.Hand`` (the tests play every step through both).

Players are numbered ``0..players-1`` (pokerfloor seat ``k + 1``); the button is the last
player, so player 0 posts the small blind (heads-up, the button posts it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerfloor.errors import InvalidArgument, PokerfloorError
from pokerfloor.sim.betting import Chips, Flags, Lockstep
from pokerfloor.sim.pots import showdown_ranks, winnings

FOLD, CALL, RAISE = 0, 1, 2
ACTIONS = ("fold", "call", "raise")
"""The action codes: fold, check or call, bet or raise to an amount."""
BOARD_CARDS = 5
HIDDEN = -1
_VISIBLE = np.array([0, 3, 4, 5])


class IllegalBatchAction(PokerfloorError, ValueError):
    """An action one of the hands does not allow; no hand was changed."""

    def __init__(self, row: int, message: str) -> None:
        self.row = row
        super().__init__(f"hand {row}: {message}")


@dataclass(frozen=True)
class Observation:
    """What the player to act in each hand sees: its own cards and the public table."""

    player: npt.NDArray[np.intp]
    hole: npt.NDArray[np.int16]
    board: npt.NDArray[np.int16]
    stacks: Chips
    bets: Chips
    contributions: Chips
    folded: Flags
    street: Chips


class HoldemEnv:
    """``batch`` hands of no-limit hold'em stepped in lockstep over numpy arrays."""

    def __init__(self, players: int = 2, *, stack: int | npt.ArrayLike = 200, blinds: tuple[int, int] = (1, 2)) -> None:
        small, big = blinds
        if not 2 <= players <= 23:
            raise InvalidArgument("a hold'em hand has 2 to 23 players")
        if not 1 <= small <= big:
            raise InvalidArgument("blinds are whole chips, the small blind at least 1 and at most the big blind")
        starting = np.broadcast_to(np.asarray(stack, dtype=np.int64), (players,)).copy()
        if starting.min() <= big:
            raise InvalidArgument("every starting stack must be more than the big blind")
        self.players = players
        self.blinds = blinds
        self.starting = starting
        self._table: Lockstep | None = None
        self._cached: tuple[Chips, Flags, Chips, Chips] | None = None
        self._rng = np.random.default_rng(0)
        self.holes: npt.NDArray[np.uint8] = np.zeros((0, players, 2), dtype=np.uint8)
        self.board: npt.NDArray[np.uint8] = np.zeros((0, BOARD_CARDS), dtype=np.uint8)
        self.rewards: Chips = np.zeros((0, players), dtype=np.int64)
        self.terminated: Flags = np.zeros(0, dtype=bool)

    # ------------------------------------------------------------------ state
    @property
    def table(self) -> Lockstep:
        if self._table is None:
            raise RuntimeError("call reset(batch, seed) first")
        return self._table

    @property
    def batch(self) -> int:
        return len(self.table)

    @property
    def current_player(self) -> npt.NDArray[np.intp]:
        """The player to act in each hand."""
        return self.table.to_act.copy()

    def _options(self) -> tuple[Chips, Flags, Chips, Chips]:
        """The table's options for the seats to act, computed once per step."""
        if self._cached is None:
            self._cached = self.table.options()
        return self._cached

    @property
    def legal_mask(self) -> Flags:
        """Shape ``(batch, 3)``: whether fold, call (or check) and raise (or bet) are legal. A
        fold is open only when facing a bet (pokerfloor refuses a fold that could check)."""
        to_call, can_raise, _, _ = self._options()
        return np.stack([to_call > 0, np.ones_like(can_raise), can_raise], axis=1)

    @property
    def min_to(self) -> Chips:
        """The smallest total a raise (or bet) may go to this round, ``-1`` where none may."""
        _, can_raise, low, _ = self._options()
        return np.where(can_raise, low, -1)

    @property
    def max_to(self) -> Chips:
        """The largest total (the seat's all-in), ``-1`` where no raise is open."""
        _, can_raise, _, high = self._options()
        return np.where(can_raise, high, -1)

    def observation(self) -> Observation:
        """The player to act's view of each hand: its hole cards, the board dealt so far
        (``-1`` for cards not yet seen) and the public chips."""
        table = self.table
        rows = np.arange(len(table))
        visible = _VISIBLE[np.minimum(table.street, 3)]
        board = np.where(np.arange(BOARD_CARDS) < visible[:, None], self.board.astype(np.int16), HIDDEN)
        return Observation(
            player=table.to_act.copy(),
            hole=self.holes[rows, table.to_act].astype(np.int16),
            board=board,
            stacks=table.stack.copy(),
            bets=table.bet.copy(),
            contributions=table.live.copy(),
            folded=table.folded.copy(),
            street=table.street.copy(),
        )

    # ------------------------------------------------------------------ play
    def reset(self, batch: int, seed: int | np.random.Generator | None = 0) -> Observation:
        """Deal ``batch`` new hands from ``seed``."""
        if batch < 1:
            raise InvalidArgument("a batch has at least one hand")
        self._rng = np.random.default_rng(seed)
        stacks = np.broadcast_to(self.starting, (batch, self.players))
        self._table = Lockstep(stacks.copy(), self.blinds)
        self._table.start()
        self._cached = None
        self.holes, self.board = self._deal(batch)
        self.rewards = np.zeros((batch, self.players), dtype=np.int64)
        self.terminated = np.zeros(batch, dtype=bool)
        return self.observation()

    def _deal(self, count: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
        """Deal ``count`` hands: the first cards of a Fisher-Yates shuffle, only as far as the
        cards needed (each card uniform among those left)."""
        needed = 2 * self.players + BOARD_CARDS
        deck = np.tile(np.arange(52, dtype=np.uint8), (count, 1))
        rows = np.arange(count)
        for i in range(needed):
            j = self._rng.integers(i, 52, count)
            drawn = deck[rows, j]
            deck[rows, j] = deck[:, i]
            deck[:, i] = drawn
        holes = deck[:, : 2 * self.players].reshape(count, self.players, 2)
        return holes, deck[:, 2 * self.players : needed]

    def step(self, actions: npt.ArrayLike, to: npt.ArrayLike | None = None) -> Observation:
        """One action in every hand: ``actions`` codes (``FOLD``, ``CALL``, ``RAISE``) and, for
        raises, ``to``: the total for the round. An illegal action anywhere raises
        ``IllegalBatchAction`` and changes nothing. Afterwards ``rewards`` holds each finished
        hand's chips won or lost (zero elsewhere) and ``terminated`` which rows were dealt anew."""
        table = self.table
        codes = np.asarray(actions)
        totals = np.zeros(len(table), dtype=np.int64) if to is None else np.asarray(to, dtype=np.int64)
        self._check(codes, totals)
        raising = codes == RAISE
        table.act(codes == FOLD, totals, raising)
        done = table.advance()
        self._cached = None
        self.rewards = np.zeros((len(table), self.players), dtype=np.int64)
        self.terminated = done
        if done.any():
            self._finish(np.flatnonzero(done))
        return self.observation()

    def _check(self, codes: npt.NDArray[Any], totals: Chips) -> None:
        table = self.table
        if codes.shape != (len(table),) or totals.shape != (len(table),):
            raise IllegalBatchAction(0, f"actions and amounts need shape ({len(table)},)")
        if not np.issubdtype(codes.dtype, np.integer):
            raise IllegalBatchAction(0, "actions are the integer codes FOLD, CALL, RAISE")
        bad = (codes < FOLD) | (codes > RAISE)
        if bad.any():
            row = int(np.flatnonzero(bad)[0])
            raise IllegalBatchAction(row, f"{codes[row]} is not an action code")
        to_call, can_raise, low, high = self._options()
        refused = ((codes == FOLD) & (to_call <= 0)) | ((codes == RAISE) & ~can_raise)
        if refused.any():
            row = int(np.flatnonzero(refused)[0])
            what = "fold with nothing to call: check" if codes[row] == FOLD else "raise: the betting is not open"
            raise IllegalBatchAction(row, f"cannot {what}")
        off = (codes == RAISE) & ((totals < low) | (totals > high))
        if off.any():
            row = int(np.flatnonzero(off)[0])
            raise IllegalBatchAction(row, f"a raise here is to {low[row]}..{high[row]}, not {totals[row]}")

    def _finish(self, rows: npt.NDArray[np.intp]) -> None:
        """Award the finished hands, report their rewards, and deal new hands in their rows."""
        table = self.table
        stack, live, folded = table.stack[rows], table.live[rows], table.folded[rows]
        ranks = showdown_ranks(self.holes[rows], self.board[rows], folded)
        final = stack + winnings(live, folded, stack == 0, ranks)
        self.rewards[rows] = final - self.starting
        table.restart(rows, np.broadcast_to(self.starting, (len(rows), self.players)).copy())
        self.holes[rows], self.board[rows] = self._deal(len(rows))
