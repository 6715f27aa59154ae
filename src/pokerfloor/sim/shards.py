"""Simulation past one process: a job splits into shards whose tallies merge exactly.

A job is a simulation spec: ``PlaySpec`` (hands of no-limit hold'em by a policy, from a seed)
or ``EquityJob`` (an equity question, exact or sampled). Its work is cut into numbered units,
and each unit's randomness comes from its own child of ``numpy.random.SeedSequence(seed)``
(``spawn_key=(unit,)``), so a unit gives the same tally wherever and with whatever else it
runs. ``job.shards(n)`` groups the units into ``n`` contiguous shards; ``run_shard`` tallies
one; tallies add (integers only, so the sum is exact). Exact equity numbers its showdowns and
splits them by that index (``equity.exact_tally(spec, start, stop)``); heads-up hold'em before
the flop is one unit, read from the pre-flop table as ``equity.calculate`` reads it.

``run(job, shards=n)`` runs the shards on a ``ProcessPoolExecutor`` (``backend="process"``, the
default), in this process (``"serial"``), or on a Ray cluster (``"ray"``, ``pip install
'pokerfloor[ray]'``; ``ray_address`` names the cluster, or the one already initialised is used).
Ray's guidance is that tasks shorter than about 10 ms gain nothing: make shards large (10⁵ to
10⁶ hands each).
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Literal

from pokerfloor.equity.calculate import BLOCK, EquitySpec, Tally, exact_tally, sample_tally, table_answers, table_tally
from pokerfloor.errors import InvalidArgument
from pokerfloor.sim.batch import ACTION_NAMES

if TYPE_CHECKING:
    import numpy as np

Backend = Literal["serial", "process", "ray"]
POLICIES = ("random",)
"""The policies a ``PlaySpec`` can name: ``random`` is the benchmark's random legal play."""


@dataclass(frozen=True)
class PlayTally:
    """What a set of simulated hands adds up to: hands, decisions, each action's count, and
    each seat's net chips (seat ``k + 1`` at index ``k``)."""

    hands: int
    decisions: int
    actions: tuple[int, ...]
    net: tuple[int, ...]

    def __add__(self, other: PlayTally) -> PlayTally:
        return PlayTally(
            self.hands + other.hands,
            self.decisions + other.decisions,
            tuple(a + b for a, b in zip(self.actions, other.actions, strict=True)),
            tuple(a + b for a, b in zip(self.net, other.net, strict=True)),
        )

    def action_counts(self) -> dict[str, int]:
        return dict(zip(ACTION_NAMES, self.actions, strict=True))


@dataclass(frozen=True)
class PlaySpec:
    """``hands`` hands of no-limit hold'em, ``seats`` at the table with ``stack`` chips each and
    blinds ``blinds``, played by ``policy`` from ``seed``, ``block`` hands per random stream."""

    hands: int
    seed: int = 0
    seats: int = 6
    stack: int = 400
    blinds: tuple[int, int] = (1, 2)
    policy: str = "random"
    block: int = 50_000

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise InvalidArgument(f"unknown policy {self.policy!r}; known: {', '.join(POLICIES)}")
        if self.hands < 1 or self.block < 1:
            raise InvalidArgument("a simulation plays at least one hand, in blocks of at least one")

    @property
    def units(self) -> int:
        """Blocks of hands, each from its own stream."""
        return -(-self.hands // self.block)

    def shards(self, count: int) -> list[Shard]:
        return _split(self, self.units, count)

    def run_units(self, first: int, last: int) -> PlayTally:
        from pokerfloor.sim.random_play import play_random

        total = PlayTally(0, 0, (0,) * len(ACTION_NAMES), (0,) * self.seats)
        for unit in range(first, last):
            size = min(self.block, self.hands - unit * self.block)
            rng = stream(self.seed, unit)
            batch = play_random(size, seats=self.seats, stack=self.stack, blinds=self.blinds, seed=rng)
            total = total + _play_tally(batch)
        return total


@dataclass(frozen=True)
class EquityJob:
    """An equity question run exactly (every showdown, split by showdown number; or, with
    ``table``, read whole from the heads-up pre-flop table) or by sampling ``trials``
    showdowns in blocks of ``block``, from ``seed``."""

    spec: EquitySpec
    exact: bool = True
    trials: int = 1_000_000
    seed: int = 0
    block: int = BLOCK
    table: bool = False

    @property
    def units(self) -> int:
        """One table reading; showdowns when exact; blocks of samples otherwise."""
        if self.table:
            return 1
        if self.exact:
            return self.spec.exact_showdowns()
        return -(-self.trials // self.block)

    def shards(self, count: int) -> list[Shard]:
        return _split(self, self.units, count)

    def run_units(self, first: int, last: int) -> Tally:
        if self.table:
            found = table_tally(self.spec)
            if found is None:
                raise RuntimeError("the heads-up pre-flop table is missing or damaged where this shard ran")
            return found
        if self.exact:
            return exact_tally(self.spec, first, last)
        return sample_tally(self.spec, self.seed, first, last, self.block)


Job = PlaySpec | EquityJob


@dataclass(frozen=True)
class Shard:
    """Units ``first`` to ``last`` of a job."""

    job: Job
    first: int
    last: int


def stream(seed: int, unit: int) -> np.random.Generator:
    """The random stream of unit ``unit``: its own child of ``SeedSequence(seed)``."""
    import numpy as np

    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(unit,)))


def _split(job: Job, units: int, count: int) -> list[Shard]:
    if count < 1:
        raise InvalidArgument("a job splits into at least one shard")
    count = min(count, units)
    cuts = [units * k // count for k in range(count + 1)]
    return [Shard(job, a, b) for a, b in pairwise(cuts) if a < b]


def _play_tally(batch: Any) -> PlayTally:
    import numpy as np

    played = np.arange(batch.action.shape[1])[None, :] < batch.decisions[:, None]
    counts = np.bincount(batch.action[played].astype(np.intp), minlength=len(ACTION_NAMES))
    net = (batch.final_stacks - batch.starting_stacks).sum(axis=0)
    actions = tuple(int(c) for c in counts)
    return PlayTally(len(batch), int(batch.decisions.sum()), actions, tuple(int(n) for n in net))


def run_shard(shard: Shard) -> Any:
    """The tally of one shard (a ``PlayTally`` or an equity ``Tally``)."""
    return shard.job.run_units(shard.first, shard.last)


def merge(tallies: Sequence[Any]) -> Any:
    """The sum of shard tallies, in shard order."""
    total = tallies[0]
    for tally in tallies[1:]:
        total = total + tally
    return total


def run(
    job: Job,
    *,
    shards: int | None = None,
    backend: Backend = "process",
    workers: int | None = None,
    ray_address: str | None = None,
) -> Any:
    """Run a job in ``shards`` pieces (one per worker by default) and merge the tallies."""
    import os

    width = workers or os.cpu_count() or 1
    pieces = job.shards(shards or width)
    if backend == "serial":
        return merge([run_shard(s) for s in pieces])
    if backend == "process":
        with ProcessPoolExecutor(max_workers=min(width, len(pieces))) as pool:
            return merge(list(pool.map(run_shard, pieces)))
    if backend == "ray":
        return merge(_on_ray(pieces, ray_address))
    raise InvalidArgument(f"unknown backend {backend!r}: serial, process or ray")


def _on_ray(pieces: Sequence[Shard], address: str | None) -> list[Any]:
    try:
        import ray
    except ModuleNotFoundError:
        raise ModuleNotFoundError("running on Ray needs ray: pip install 'pokerfloor[ray]'", name="ray") from None
    if not ray.is_initialized():
        ray.init(address=address)
    task = ray.remote(run_shard)
    return list(ray.get([task.remote(piece) for piece in pieces]))


def equity_job(spec: EquitySpec, *, exact: bool | None = None, trials: int = 1_000_000, seed: int = 0) -> EquityJob:
    """An equity job, chosen as ``equity.calculate`` chooses: read from the pre-flop table when
    it answers the question (unless ``exact`` is False); else exact when ``exact`` is None and
    enumeration is small enough."""
    from pokerfloor.equity.calculate import EXACT_LIMIT

    if exact is not False and table_answers(spec):
        return EquityJob(spec, True, max(1, trials), seed, table=True)
    if exact is None:
        exact = not any(r.random for r in spec.ranges) and spec.evaluations <= EXACT_LIMIT
    return EquityJob(spec, exact, max(1, trials), seed)


__all__ = [
    "EquityJob",
    "PlaySpec",
    "PlayTally",
    "Shard",
    "equity_job",
    "merge",
    "run",
    "run_shard",
    "stream",
]
