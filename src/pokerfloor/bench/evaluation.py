"""Seven-card evaluations per second: one call per hand, and batched over an array.

The same seeded random 7-card hands go to every engine, converted to its own card type before
the clock starts. Per-call contenders evaluate them in chunks of ``CHUNK`` hands, one call per
hand in a plain Python loop; pokerfloor's batched contender evaluates the whole array in one
call of ``pokerfloor.evaluation.batch.high_ranks`` (numba's compiled loop where numba is
installed; a second row measures the numpy path alone for scale). No peer has a batched API, so
in the batched benchmark the peers are measured by their per-call loops again (in the same
interleaved run).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any

from pokerfloor.bench.core import NOT_AVAILABLE, Benchmark, Config, Contender, Step, Unavailable
from pokerfloor.bench.peers import EVALUATORS, engine_name

CHUNK = 1000


def hands(config: Config) -> list[tuple[int, ...]]:
    """The benchmark's 7-card hands (card numbers), from the configured seed."""
    rng = random.Random(config.seed)
    count = 2_000 if config.quick else 50_000
    deck = range(52)
    return [tuple(rng.sample(deck, 7)) for _ in range(count)]


def pokerfloor_function(module: str, name: str) -> Callable[..., Any]:
    """A pokerfloor evaluation function, or ``Unavailable(NOT_AVAILABLE)`` until it lands."""
    try:
        return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]
    except (ImportError, AttributeError) as exc:
        raise Unavailable(NOT_AVAILABLE, f"{module}.{name} is not there yet ({exc})") from None


def _chunked(items: Sequence[Any], loop: Callable[[Sequence[Any]], None]) -> Step:
    chunks = [items[i : i + CHUNK] for i in range(0, len(items), CHUNK)]
    position = [0]

    def step() -> int:
        chunk = chunks[position[0]]
        position[0] = (position[0] + 1) % len(chunks)
        loop(chunk)
        return len(chunk)

    return step


def _pokerfloor_per_call(config: Config, module: str, name: str) -> Callable[[], Step]:
    def prepare() -> Step:
        evaluate = pokerfloor_function(module, name)
        from pokerfloor.cards import Card

        data = [tuple(Card(c) for c in h) for h in hands(config)]

        def loop(chunk: Sequence[Any]) -> None:
            for h in chunk:
                evaluate(h)

        return _chunked(data, loop)

    return prepare


def _peer_per_call(config: Config, key: str) -> Callable[[], Step]:
    def prepare() -> Step:
        ev = EVALUATORS[key][1]()
        data = [ev.convert(h) for h in hands(config)]
        return _chunked(data, ev.loop)

    return prepare


def _pokerfloor_batch(config: Config, name: str = "high_ranks") -> Step:
    high_ranks = pokerfloor_function("pokerfloor.evaluation.batch", name)
    try:
        np = importlib.import_module("numpy")
    except ImportError:
        raise Unavailable(NOT_AVAILABLE, "numpy is not installed (pip install pokerfloor[fast])") from None
    array = np.array(hands(config), dtype=np.uint8)

    def step() -> int:
        high_ranks(array)
        return len(array)

    return step


def _peers(config: Config, suffix: str = "") -> list[Contender]:
    out = []
    for key, (method, _) in EVALUATORS.items():
        out.append(Contender(engine_name(key), method + suffix, _peer_per_call(config, key)))
    return out


def single_contenders(config: Config) -> list[Contender]:
    return [
        Contender(
            "pokerfloor", "evaluation.high_rank(cards)",
            _pokerfloor_per_call(config, "pokerfloor.evaluation", "high_rank"), reference=True,
        ),
        Contender(
            "pokerfloor", "pf.evaluate(cards)",
            _pokerfloor_per_call(config, "pokerfloor", "evaluate"), reference=True,
        ),
        *_peers(config),
    ]


def batch_contenders(config: Config) -> list[Contender]:
    return [
        Contender(
            "pokerfloor", "evaluation.batch.high_ranks(array)",
            lambda: _pokerfloor_batch(config), reference=True,
        ),
        # For scale: the numpy path alone, what high_ranks does where numba is not installed.
        Contender(
            "pokerfloor", "evaluation.batch.numpy_high_ranks(array)",
            lambda: _pokerfloor_batch(config, "numpy_high_ranks"), reference=True,
        ),
        *_peers(config, " (no batch API: per-call loop)"),
    ]


SINGLE = Benchmark(
    name="eval",
    title="7-card evaluations, one call per hand",
    unit="evals/s",
    contenders=single_contenders,
)

BATCH = Benchmark(
    name="eval-batch",
    title="7-card evaluations, batched over an array",
    unit="evals/s",
    contenders=batch_contenders,
)
