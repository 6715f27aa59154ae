"""Simulation: many hands at once with numpy (``pip install pokerfloor[fast]``).

``play_random`` plays a batch of no-limit hold'em hands with random legal actions, every hand
in lockstep over numpy arrays, by the same betting rules as ``pokerfloor.Hand`` (the tests
replay every hand it plays through ``Hand`` and compare each step). numpy is imported on the
first call, so importing pokerfloor, or this package, never needs it.

``pokerfloor.sim.shards`` splits a simulation (``PlaySpec``) or an equity job into shards whose
tallies merge exactly, run on a process pool or a Ray cluster.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerfloor.sim.batch import ACTION_NAMES, Batch

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


def play_random(
    hands: int,
    *,
    seats: int = 6,
    stack: int | npt.ArrayLike = 400,
    blinds: tuple[int, int] = (1, 2),
    seed: int | np.random.Generator | None = 0,
) -> Batch:
    """Play ``hands`` no-limit hold'em hands by the benchmark's random policy (``Batch`` has
    the deals, every action and the final stacks). Needs numpy."""
    try:
        from pokerfloor.sim.random_play import play_random as play
    except ModuleNotFoundError as missing:
        if missing.name != "numpy":
            raise
        raise ModuleNotFoundError("pokerfloor.sim needs numpy: pip install 'pokerfloor[fast]'", name="numpy") from None
    return play(hands, seats=seats, stack=stack, blinds=blinds, seed=seed)


__all__ = ["ACTION_NAMES", "Batch", "play_random"]
