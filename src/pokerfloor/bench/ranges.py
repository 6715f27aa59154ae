"""Monte Carlo equity of ranges, pre-flop: hand against a range, range against range, three-way.

One step is a batch of random showdowns drawn the way each engine draws them (a hand from each
range, weighted alike, and a board), timed from the ranges to the equities. The unit is a
showdown, so at the same rate two engines reach the same standard error in the same time.
pokerfloor runs ``equity.sample_tally`` (its compiled Monte Carlo loop); eval7 runs
``py_hand_vs_range_monte_carlo`` (hand against range only: it has no range-against-range or
multiway sampler); PokerKit runs ``calculate_equities`` (any ranges, any number of players).
Every contender notes the first player's equity it found, so a wrong answer shows.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from pokerfloor.bench.core import UNSUPPORTED, Benchmark, Config, Contender, Step, Unavailable
from pokerfloor.bench.peers import engine_name, load


@dataclass(frozen=True)
class Case:
    """A benchmark's question: ranges as both pokerfloor and the peers write them."""

    name: str
    title: str
    ranges: tuple[str, ...]
    eval7_range: str = ""


CASES = (
    Case("equity-hand-range", "Monte Carlo pre-flop equity, AhKh vs QQ+ AKs 76s-54s", ("AhKh", "QQ+, AKs, 76s-54s"),
         eval7_range="QQ+, AKs, 76s, 65s, 54s"),
    Case("equity-range-range", "Monte Carlo pre-flop equity, QQ+ AKs vs JJ-99 AQs+", ("QQ+, AKs", "JJ-99, AQs+")),
    Case("equity-three-way", "Monte Carlo pre-flop equity, three-way: AhKh vs QsQd vs 7c7d", ("AhKh", "QsQd", "7c7d")),
)

Sampler = Callable[[int], float]


def _pokerfloor(case: Case, seed: int) -> Sampler:
    calculate = importlib.import_module("pokerfloor.equity.calculate")
    sample_tally, result = calculate.sample_tally, calculate.result
    spec = calculate.EquitySpec.make(list(case.ranges))
    block = [0]

    def run(count: int) -> float:
        block[0] += 1
        tally = sample_tally(spec, seed, block[0], block[0] + 1, count)
        return float(result(spec, tally, exact=False).players[0].equity)

    return run


def _eval7(case: Case, seed: int) -> Sampler:
    if not case.eval7_range:
        raise Unavailable(UNSUPPORTED, "eval7 samples one hand against one range only")
    eval7 = load("eval7")
    hero = [eval7.Card(case.ranges[0][i : i + 2]) for i in range(0, 4, 2)]
    villain = eval7.HandRange(case.eval7_range)

    def run(count: int) -> float:
        return float(eval7.py_hand_vs_range_monte_carlo(hero, villain, [], count))

    return run


def _pokerkit(case: Case, seed: int) -> Sampler:
    pokerkit = load("pokerkit")
    ranges = [pokerkit.parse_range(r) for r in case.ranges]

    def run(count: int) -> float:
        equities = pokerkit.calculate_equities(
            ranges, (), 2, 5, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,), sample_count=count
        )
        return float(equities[0])

    return run


def _contender(engine: str, method: str, make: Callable[[Case, int], Sampler], case: Case, config: Config,
               per_step: int, reference: bool) -> Contender:
    found: list[float] = []

    def prepare() -> Step:
        sampler = make(case, config.seed)
        sampler(min(per_step, 200))  # imports, tables, compilation

        def step() -> int:
            found.append(sampler(per_step))
            return per_step

        return step

    def detail() -> str:
        if not found:
            return ""
        return f"player 1 equity {sum(found) / len(found):.4f} over {len(found) * per_step:,} showdowns"

    return Contender(engine, method, prepare, reference=reference, detail=detail)


def _contenders(case: Case) -> Callable[[Config], list[Contender]]:
    def contenders(config: Config) -> list[Contender]:
        fast = 2_000 if config.quick else 100_000
        out = [_contender("pokerfloor", "equity.sample_tally (compiled Monte Carlo)", _pokerfloor, case, config,
                          fast, True)]
        out.append(_contender(engine_name("eval7"), "py_hand_vs_range_monte_carlo", _eval7, case, config, fast,
                              False))
        out.append(_contender(engine_name("pokerkit"), "calculate_equities", _pokerkit, case, config,
                              200 if config.quick else 2_000, False))
        return out

    return contenders


BENCHMARKS = tuple(
    Benchmark(name=case.name, title=case.title, unit="showdowns/s", contenders=_contenders(case)) for case in CASES
)
