"""The one random policy every engine plays in the hands-per-second benchmark.

The policy never looks at the cards, only at what the seat may do, so that every engine is
asked for the same kind of work. At each decision it draws, from its own seeded RNG, one of
four moves with fixed weights, renormalised over the moves that are open:

========================  ======  =================================================
move                      weight  open when
========================  ======  =================================================
fold                      25      the seat faces a bet (never folds for free)
check or call             50      always
minimum bet or raise      20      a bet or raise is legal (to its minimum total)
all-in                    5       a bet or raise is legal (to its maximum total)
========================  ======  =================================================

A seat that can only call all-in (no raise left) checks/calls or folds. When the minimum and
maximum bet are the same (a short stack), "minimum raise" and "all-in" are the same action.

The draw is ``rng.randrange(total)`` over integer weights, so two engines that offer the same
options in the same order make the same choices from the same seed, and play the same betting.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, TypeVar

from pokerfloor.sim.weights import W_ALL_IN, W_CHECK_CALL, W_FOLD, W_MIN_RAISE

FOLD = 0
CHECK_CALL = 1
MIN_RAISE = 2
ALL_IN = 3
MOVE_NAMES = ("fold", "check/call", "min raise", "all-in")

# The game every engine plays: six-max no-limit hold'em, blinds 1/2, 200 big blinds each.
PLAYERS = 6
SMALL_BLIND = 1
BIG_BLIND = 2
STACK = 200 * BIG_BLIND


@dataclass(frozen=True, slots=True)
class Options:
    """What the seat to act may do, in the terms the policy needs.

    ``raise_min`` and ``raise_max`` are the seat's total wager for this round after a minimum
    and a maximum bet or raise (``None`` when no bet or raise is open). An engine that counts
    raises another way (OpenSpiel: total for the hand) fills them in its own terms; its adapter
    converts them back.
    """

    facing_bet: bool
    raise_min: int | None = None
    raise_max: int | None = None

    @property
    def can_raise(self) -> bool:
        return self.raise_min is not None


def choose(rng: random.Random, options: Options) -> int:
    """One move (``FOLD``, ``CHECK_CALL``, ``MIN_RAISE`` or ``ALL_IN``) drawn by the weights."""
    fold = W_FOLD if options.facing_bet else 0
    raises = W_MIN_RAISE + W_ALL_IN if options.raise_min is not None else 0
    x = rng.randrange(fold + W_CHECK_CALL + raises)
    if x < fold:
        return FOLD
    x -= fold
    if x < W_CHECK_CALL:
        return CHECK_CALL
    x -= W_CHECK_CALL
    return MIN_RAISE if x < W_MIN_RAISE else ALL_IN


State = TypeVar("State")


class Table(Protocol[State]):
    """One engine seen through the policy: start a hand, list options, apply a move.

    ``new_hand`` returns a hand with the blinds posted and the cards dealt, ready for the first
    decision; ``apply`` plays a move and deals whatever comes next, so that after it the hand
    either waits for a decision or is over. ``finish`` reads the result (payoffs), so that an
    engine that settles lazily does that work too. ``is_legal`` asks the engine itself whether
    the move is one of its legal actions (used by the tests, never while timing).
    """

    def new_hand(self) -> State: ...

    def is_over(self, state: State) -> bool: ...

    def options(self, state: State) -> Options: ...

    def apply(self, state: State, move: int, options: Options) -> None: ...

    def finish(self, state: State) -> object: ...

    def is_legal(self, state: State, move: int, options: Options) -> bool: ...


def play_hand(table: Table[State], rng: random.Random) -> int:
    """Play one hand to the end with the policy; the number of decisions it took."""
    state = table.new_hand()
    decisions = 0
    while not table.is_over(state):
        options = table.options(state)
        table.apply(state, choose(rng, options), options)
        decisions += 1
    table.finish(state)
    return decisions
