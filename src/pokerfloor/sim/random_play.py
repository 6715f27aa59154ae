"""Random legal no-limit hold'em, many hands in lockstep, by the benchmark's policy.

Every step, each unfinished hand's seat to act takes one action drawn from a seeded numpy
``Generator`` with the weights of ``pokerfloor.sim.weights`` (fold only when facing a bet,
check or call, minimum bet or raise, all-in), renormalised over the moves open to it. Betting
follows ``pokerfloor.sim.betting``; once every hand's betting is over, the pots are awarded
together (``pokerfloor.sim.pots``), the hands ranked with ``evaluation.batch.high_ranks``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerfloor.errors import InvalidArgument
from pokerfloor.sim.batch import Batch
from pokerfloor.sim.betting import Chips, Lockstep
from pokerfloor.sim.pots import showdown_ranks, winnings
from pokerfloor.sim.weights import W_ALL_IN, W_CHECK_CALL, W_FOLD, W_MIN_RAISE

BOARD_CARDS = 5


def play_random(
    hands: int,
    *,
    seats: int = 6,
    stack: int | npt.ArrayLike = 400,
    blinds: tuple[int, int] = (1, 2),
    seed: int | np.random.Generator | None = 0,
) -> Batch:
    """Play ``hands`` hands of no-limit hold'em with random legal actions (see ``Batch``).

    ``stack`` is every seat's starting stack, or one per seat (shape ``(seats,)``), or one per
    seat per hand (``(hands, seats)``); ``seed`` an integer or a numpy ``Generator``.
    """
    small, big = blinds
    if not 2 <= seats <= 23:
        raise InvalidArgument("a hold'em hand has 2 to 23 seats")
    if not 1 <= small <= big:
        raise InvalidArgument("blinds are whole chips, the small blind at least 1 and at most the big blind")
    starting = np.broadcast_to(np.asarray(stack, dtype=np.int64), (hands, seats)).copy()
    if starting.size and starting.min() < 1:
        raise InvalidArgument("every seat needs at least one chip")
    rng = np.random.default_rng(seed)
    deck = rng.permuted(np.broadcast_to(np.arange(52, dtype=np.uint8), (hands, 52)), axis=1)
    holes = deck[:, : 2 * seats].reshape(hands, seats, 2)
    board = deck[:, 2 * seats : 2 * seats + BOARD_CARDS]

    table = Lockstep(starting, (small, big))
    final = starting.copy()
    live = np.zeros_like(starting)
    folded = np.zeros((hands, seats), dtype=bool)
    log: list[tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.int8], Chips, Chips, Chips]] = []
    done = table.start()
    while True:
        if done.any():
            over = table.rows[done]
            final[over], live[over], folded[over] = table.stack[done], table.live[done], table.folded[done]
            table.keep(~done)
        if not len(table):
            break
        to_call, can_raise, min_to, max_to = table.options()
        fold_weight = np.where(to_call > 0, W_FOLD, 0)
        draw = rng.integers(0, fold_weight + W_CHECK_CALL + np.where(can_raise, W_MIN_RAISE + W_ALL_IN, 0))
        fold = draw < fold_weight
        raise_draw = draw - fold_weight - W_CHECK_CALL
        raising = raise_draw >= 0
        raise_to = np.where(raise_draw < W_MIN_RAISE, min_to, max_to)
        seat = table.to_act + 1
        kind, wager = table.act(fold, raise_to, raising)
        log.append((table.rows, seat, kind, wager, np.where(can_raise, min_to, -1), np.where(can_raise, max_to, -1)))
        done = table.advance()

    steps = len(log)
    actor = np.zeros((hands, steps), dtype=np.int8)
    action = np.zeros((hands, steps), dtype=np.int8)
    to = np.zeros((hands, steps), dtype=np.int64)
    raise_min = np.full((hands, steps), -1, dtype=np.int64)
    raise_max = np.full((hands, steps), -1, dtype=np.int64)
    decisions = np.zeros(hands, dtype=np.int64)
    for step, (rows, seat, kind, wager, low, high) in enumerate(log):
        actor[rows, step] = seat
        action[rows, step] = kind
        to[rows, step] = wager
        raise_min[rows, step] = low
        raise_max[rows, step] = high
        decisions[rows] += 1

    ranks = showdown_ranks(holes, board, folded)
    final += winnings(live, folded, final == 0, ranks)
    return Batch(
        blinds=(small, big),
        starting_stacks=starting,
        holes=holes,
        board=board,
        actor=actor,
        action=action,
        to=to,
        raise_min=raise_min,
        raise_max=raise_max,
        decisions=decisions,
        final_stacks=final,
    )
