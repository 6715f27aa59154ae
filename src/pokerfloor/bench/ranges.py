"""Equity of ranges, pre-flop: hand against a range, range against range, three-way.

Heads-up (a hand or a range against a range) pokerfloor answers exactly from its pre-flop table
(``equity.table_tally``), and the peers sample to the bench's precision ``PRECISION``: one exact
answer counts as the showdowns a Monte Carlo needs for that standard error (``v / PRECISION**2``,
``v`` the exact variance of one showdown's share), so the rate ratio is a peer's time to
``PRECISION`` over pokerfloor's time to the exact answer. pokerfloor's own sampler runs beside
them for comparison. Three-way, every engine samples.

One step is a batch of random showdowns drawn the way each engine draws them (a hand from each
range, weighted alike, and a board), timed from the ranges to the equities. The unit is a
showdown, so at the same rate two engines reach the same standard error in the same time.
pokerfloor runs ``equity.sample_tally`` (its compiled Monte Carlo loop). eval7 runs its C
samplers where it has one: ``py_hand_vs_range_monte_carlo`` for a hand against a range, and
``py_all_hands_vs_range`` for a range against a range (every hand of the first range sampled
against the second, combined by how many of the second range's hands each one leaves); it has
no multiway sampler, so three-way runs a Python loop over its ``evaluate``. PokerKit runs
``calculate_equities`` (any ranges, any number of players). Every engine's estimate is a mean
of single showdowns, so equal showdowns mean equal standard errors: the rate ratio is the
ratio at the same precision.
Every contender notes the first player's equity it found, so a wrong answer shows.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pokerfloor.bench.core import NOT_AVAILABLE, Benchmark, Config, Contender, Step, Unavailable
from pokerfloor.bench.peers import engine_name, load


@dataclass(frozen=True)
class Case:
    """A benchmark's question: ranges as both pokerfloor and the peers write them."""

    name: str
    title: str
    ranges: tuple[str, ...]
    eval7_range: str = ""
    table: bool = False


PRECISION = 0.001
"""The standard error the Monte Carlo contenders of the heads-up cases are credited for reaching."""

CASES = (
    Case("equity-hand-range", "Pre-flop equity, AhKh vs QQ+ AKs 76s-54s: exact (table) vs Monte Carlo to s.e. 0.001",
         ("AhKh", "QQ+, AKs, 76s-54s"), eval7_range="QQ+, AKs, 76s, 65s, 54s", table=True),
    Case("equity-range-range", "Pre-flop equity, QQ+ AKs vs JJ-99 AQs+: exact (table) vs Monte Carlo to s.e. 0.001",
         ("QQ+, AKs", "JJ-99, AQs+"), eval7_range="JJ-99, AQs+", table=True),
    Case("equity-three-way", "Monte Carlo pre-flop equity, three-way: AhKh vs QsQd vs 7c7d", ("AhKh", "QsQd", "7c7d"),
         eval7_range="QsQd 7c7d"),
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


def _table_contender(case: Case) -> Contender:
    """pokerfloor's exact answer from the pre-flop table, from the parsed ranges to the equities
    (as eval7's ``HandRange`` is parsed once), each answer counted as the showdowns a Monte Carlo
    needs for a standard error of ``PRECISION``."""
    found: list[tuple[float, int]] = []

    def prepare() -> Step:
        calculate = importlib.import_module("pokerfloor.equity.calculate")
        kernels = importlib.import_module("pokerfloor.equity.kernels")
        equity = importlib.import_module("pokerfloor.equity").equity
        ranges = [calculate.parse_range(r) for r in case.ranges]
        spec = calculate.EquitySpec.make(ranges)
        tally = calculate.table_tally(spec)
        if tally is None:
            raise Unavailable(NOT_AVAILABLE, "the heads-up pre-flop table is not installed")
        total = float(tally.counts @ tally.weights)
        sums = tally.weights @ tally.rows[:, 0].astype(float)
        mean = sums[kernels.SHARES] / kernels.SHARE / total
        variance = sums[kernels.SQUARES] / kernels.SHARE**2 / total - mean**2
        credit = math.ceil(float(variance) / PRECISION**2)

        def step() -> int:
            answer = equity(ranges)
            found.append((answer.players[0].equity, credit))
            return credit

        step()  # the table's load and the compiled lookup
        found.clear()
        return step

    def detail() -> str:
        if not found:
            return ""
        equity, credit = found[0]
        return (f"exact (table): player 1 equity {equity:.4f}, s.e. 0, {len(found):,} answers, each counted as "
                f"{credit:,} showdowns (a Monte Carlo's need for s.e. {PRECISION})")

    return Contender("pokerfloor", "equity.calculate, exact (table)", prepare, reference=True, detail=detail)


def _eval7(case: Case, seed: int) -> Sampler:
    eval7 = load("eval7")
    if len(case.ranges) > 2:
        return _eval7_multiway(eval7, case, seed)
    if "," in case.ranges[0]:
        return _eval7_ranges(eval7, case)
    hero = [eval7.Card(case.ranges[0][i : i + 2]) for i in range(0, 4, 2)]
    villain = eval7.HandRange(case.eval7_range)

    def run(count: int) -> float:
        return float(eval7.py_hand_vs_range_monte_carlo(hero, villain, [], count))

    return run


def _eval7_ranges(eval7: Any, case: Case) -> Sampler:
    """Range against range from ``py_all_hands_vs_range``: each hand of the first range gets
    ``count / hands`` samples, and its equity counts by the second range's hands it leaves."""
    heroes, villains = eval7.HandRange(case.ranges[0]), eval7.HandRange(case.eval7_range)
    villain_hands = [frozenset(str(c) for c in hand) for hand, _ in villains]
    leaves = {hand: sum(not {str(c) for c in hand} & v for v in villain_hands) for hand, _ in heroes}

    def run(count: int) -> float:
        found = eval7.py_all_hands_vs_range(heroes, villains, [], max(1, count // len(leaves)))
        return float(sum(found[hand] * n for hand, n in leaves.items()) / sum(leaves.values()))

    return run


def _eval7_multiway(eval7: Any, case: Case, seed: int) -> Sampler:
    """eval7 has no multiway sampler: fixed hands, boards drawn by ``random.sample``, and a
    Python loop over ``evaluate``."""
    hands = [[eval7.Card(text[i : i + 2]) for i in range(0, 4, 2)] for text in case.ranges]
    held = {str(c) for hand in hands for c in hand}
    deck = [c for c in eval7.Deck().cards if str(c) not in held]
    evaluate, draw = eval7.evaluate, random.Random(seed).sample

    def run(count: int) -> float:
        share = 0.0
        for _ in range(count):
            board = draw(deck, 5)
            values = [evaluate(hand + board) for hand in hands]
            best = max(values)
            if values[0] == best:
                share += 1 / values.count(best)
        return share / count

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
        out = [_table_contender(case)] if case.table else []
        out.append(_contender("pokerfloor", "equity.sample_tally (compiled Monte Carlo)", _pokerfloor, case, config,
                              fast, not case.table))
        eval7_method = ("Python loop over evaluate" if len(case.ranges) > 2 else "py_all_hands_vs_range"
                        if "," in case.ranges[0] else "py_hand_vs_range_monte_carlo")
        eval7_step = fast // 20 if len(case.ranges) > 2 else fast
        out.append(_contender(engine_name("eval7"), eval7_method, _eval7, case, config, eval7_step, False))
        out.append(_contender(engine_name("pokerkit"), "calculate_equities", _pokerkit, case, config,
                              200 if config.quick else 2_000, False))
        return out

    return contenders


BENCHMARKS = tuple(
    Benchmark(name=case.name, title=case.title, unit="showdowns/s", contenders=_contenders(case)) for case in CASES
)
