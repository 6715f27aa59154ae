"""Equity of ranges with a board, and three-way: hand against range and range against range on
the flop, the turn and the river, at ranges of about 5, 20 and 40 percent of hands.

pokerfloor runs ``equity.calculate`` as a user calls it (the ranges' text to the equities, the
path chosen by itself). OMPEval (through ``pokerfast.equity``) and poker-equity enumerate
exactly; eval7 and PokerKit sample. Every answer is counted as the showdowns a Monte Carlo needs
for a standard error of ``PRECISION`` on the first player's equity (``v / PRECISION**2``, ``v``
the exact variance of one showdown's share, from pokerfloor's exact tally), and a sampler's
step is a batch of showdowns: so the unit is a showdown at that precision, and the rate ratio
is a peer's time to an exact answer, or to one of standard error ``PRECISION``, over
pokerfloor's time to its answer. eval7 samples with ``py_hand_vs_range_monte_carlo`` (a hand
against a range) and ``py_all_hands_vs_range`` (a range against a range: every hand of the first
range sampled alike, combined by how many hands of the second it leaves); it has no multiway
sampler. PokerKit runs ``calculate_equities``. Each row notes the first player's equity it
found and its time per answer, and flags an answer off by more than its error.

The ranges are written with ``+`` and single hands only, a notation OMPEval, poker-equity and
PokerKit read as pokerfloor does (OMPEval reads a dash differently); eval7 reads some of it
otherwise (its 40 % range answered 0.477 where the exact answer is 0.5), so it is given the
hands one by one, outside the clock. The answers are compared to make sure.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from pokerfloor.bench.core import NOT_AVAILABLE, UNSUPPORTED, Benchmark, Config, Contender, Step, Unavailable
from pokerfloor.bench.peers import engine_name, load

PRECISION = 0.001
"""The standard error every answer is credited for (exact ones reach it at once)."""

R5 = "77+, AQs+, AKo"
R20 = "55+, A2s+, K9s+, Q9s+, J9s+, T9s, 98s, ATo+, KJo+, QJo"
R40 = "22+, A2s+, K2s+, Q6s+, J7s+, T7s+, 97s+, 86s+, 76s, 65s, A2o+, K8o+, Q9o+, J9o+, T9o"
"""About 5 % (68 hands), 20 % (236) and 40 % (522) of the 1,326 starting hands."""

FLOP, TURN, RIVER = "Qs7d2c", "Qs7d2c9h", "Qs7d2c9h3s"


@dataclass(frozen=True)
class Case:
    name: str
    ranges: tuple[str, ...]
    board: str

    @property
    def title(self) -> str:
        shown = " vs ".join(r if len(r) <= 12 else f"{_share(r)}" for r in self.ranges)
        return f"Equity, {shown} on {self.board or 'no board'}: per answer, exact or to s.e. {PRECISION}"


def _share(text: str) -> str:
    return {R5: "5%", R20: "20%", R40: "40%"}.get(text, text)


def _cases() -> tuple[Case, ...]:
    out = []
    for street, board in (("flop", FLOP), ("turn", TURN), ("river", RIVER)):
        for label, r in (("5", R5), ("20", R20), ("40", R40)):
            out.append(Case(f"equity-board-{street}-hand-{label}", ("AhKh", r), board))
        for label, r in (("5", R5), ("20", R20), ("40", R40)):
            out.append(Case(f"equity-board-{street}-range-{label}", (r, r), board))
    out.append(Case("equity-board-three-way-flop", ("AhKh", "JcJd", "7c7h"), FLOP))
    out.append(Case("equity-board-three-way-ranges", ("AhKh", R5, R5), FLOP))
    out.append(Case("equity-board-three-way-preflop", ("AhKh", "QsQd", "7c7d"), ""))
    return tuple(out)


CASES = _cases()


@dataclass
class Answer:
    """The exact answer for a case (pokerfloor's plain enumeration-equal tally) and the credit:
    the showdowns a Monte Carlo needs for a standard error of ``PRECISION``."""

    equity: float
    credit: int


def exact_answer(case: Case) -> Answer:
    calculate = importlib.import_module("pokerfloor.equity.calculate")
    kernels = importlib.import_module("pokerfloor.equity.kernels")
    spec = calculate.EquitySpec.make(list(case.ranges), board=case.board)
    method = calculate.choose(spec, PRECISION, True)
    tally = calculate.fixed_tally(spec) if method == "fixed" else None
    if tally is None:
        tally = calculate.sweep_tally(spec) if method == "sweep" else calculate.boards_tally(spec)
    total = float(tally.counts @ tally.weights)
    sums = tally.weights @ tally.rows[:, 0].astype(float)
    mean = sums[kernels.SHARES] / kernels.SHARE / total
    variance = sums[kernels.SQUARES] / kernels.SHARE**2 / total - mean**2
    return Answer(float(mean), max(1, math.ceil(float(variance) / PRECISION**2)))


Run = Callable[[], float]


def _pokerfloor(case: Case, answer: Answer) -> tuple[Run, int, str]:
    equity = importlib.import_module("pokerfloor.equity").equity
    ranges = list(case.ranges)
    method = equity(ranges, board=case.board, precision=PRECISION).method

    def run() -> float:
        return float(equity(ranges, board=case.board, precision=PRECISION).players[0].equity)

    return run, answer.credit, f"path {method}"


def _ompeval(case: Case, answer: Answer) -> tuple[Run, int, str]:
    equity = load("ompeval", "equity").equity
    ranges = [r.replace(" ", "") for r in case.ranges]

    def run() -> float:
        return float(equity(ranges, board=case.board, exact=True, threads=1)[0])

    return run, answer.credit, "pokerfast.equity.equity, exact"


def _poker_equity(case: Case, answer: Answer) -> tuple[Run, int, str]:
    exact_from_text = load("poker_equity").exact_from_text
    ranges = [r.replace(" ", "") for r in case.ranges]
    board = " ".join(case.board[i : i + 2] for i in range(0, len(case.board), 2))

    def run() -> float:
        found = exact_from_text("holdem", ranges, board)
        if found is None:
            raise Unavailable(UNSUPPORTED, "exact_from_text: too many deals to walk")
        return float(found["players"][0]["equity"])

    return run, answer.credit, "exact_from_text"


def written_out(text: str) -> str:
    """A range as its hands, one by one (``AhKh, AdKd, ...``): eval7 reads ``A2o+`` and the like
    as another range than pokerfloor, OMPEval and poker-equity do."""
    parse_range = importlib.import_module("pokerfloor.equity.ranges").parse_range
    format_cards = importlib.import_module("pokerfloor.cards").format_cards
    return ", ".join(format_cards(cards) for cards, _ in parse_range(text).hands)


def _eval7(case: Case, answer: Answer) -> tuple[Run, int, str]:
    eval7 = load("eval7")
    if len(case.ranges) > 2:
        raise Unavailable(UNSUPPORTED, "eval7 has no multiway sampler")
    board = [eval7.Card(case.board[i : i + 2]) for i in range(0, len(case.board), 2)]
    villains = eval7.HandRange(written_out(case.ranges[1]))
    count = answer.credit
    if "," not in case.ranges[0]:
        hero = [eval7.Card(case.ranges[0][i : i + 2]) for i in range(0, 4, 2)]

        def run() -> float:
            return float(eval7.py_hand_vs_range_monte_carlo(hero, villains, board, count))

        return run, count, "py_hand_vs_range_monte_carlo"
    heroes = eval7.HandRange(written_out(case.ranges[0]))
    shown = {str(c) for c in board}
    villain_hands = [frozenset(str(c) for c in hand) for hand, _ in villains]
    villain_hands = [v for v in villain_hands if not v & shown]
    leaves = {hand: sum(not {str(c) for c in hand} & v for v in villain_hands) for hand, _ in heroes
              if not {str(c) for c in hand} & shown}
    per_hand = max(1, count // len(leaves))

    def run_ranges() -> float:
        found = eval7.py_all_hands_vs_range(heroes, villains, board, per_hand)
        return float(sum(found[hand] * n for hand, n in leaves.items()) / sum(leaves.values()))

    return run_ranges, per_hand * len(leaves), "py_all_hands_vs_range"


POKERKIT_BATCH = 1_000
"""PokerKit's showdowns a step (its rate counts showdowns, as every sampler's does); 100 in a
quick run."""


def _pokerkit(case: Case, answer: Answer, count: int = POKERKIT_BATCH) -> tuple[Run, int, str]:
    pokerkit = load("pokerkit")
    ranges = [pokerkit.parse_range(r.replace(" ", "")) for r in case.ranges]
    board = list(pokerkit.Card.parse(case.board)) if case.board else []

    def run() -> float:
        found = pokerkit.calculate_equities(
            ranges, board, 2, 5, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,), sample_count=count
        )
        return float(found[0])

    return run, count, f"calculate_equities (batches of {count:,} showdowns)"


Maker = Callable[[Case, Answer], "tuple[Run, int, str]"]


def _contender(engine: str, method: str, make: Maker, case: Case, answer: Answer, exact: bool,
               reference: bool) -> Contender:
    found: list[float] = []
    about = [""]
    credits = [1]

    def prepare() -> Step:
        run, credit, method = make(case, answer)
        about[0], credits[0] = method, credit
        run()  # imports, tables, compilation

        def step() -> int:
            found.append(run())
            return credit

        return step

    def detail() -> str:
        if not found:
            return ""
        mean = sum(found) / len(found)
        error = 1e-9 if exact else 4 * PRECISION * math.sqrt(answer.credit / credits[0] / len(found))
        agrees = abs(mean - answer.equity) <= max(error, 1e-9)
        flag = "" if agrees else f" DISAGREES with the exact {answer.equity:.6f}"
        return f"{about[0]}: player 1 equity {mean:.6f}{flag}"

    return Contender(engine, method, prepare, reference=reference, detail=detail)


QUICK = ("river", "three-way-flop")
"""The cases a quick run measures (the rest take a peer seconds an answer)."""


def _skipped(reason: str) -> list[Contender]:
    def prepare() -> Step:
        raise Unavailable(NOT_AVAILABLE, reason)

    return [Contender("pokerfloor", "equity()", prepare, reference=True)]


def _contenders(case: Case) -> Callable[[Config], list[Contender]]:
    def contenders(config: Config) -> list[Contender]:
        if config.quick and not any(part in case.name for part in QUICK):
            return _skipped("skipped under --quick (a peer takes seconds an answer)")
        try:
            answer = exact_answer(case)
        except ImportError as exc:  # numpy, which the exact answer needs
            return _skipped(str(exc))
        batch = 100 if config.quick else POKERKIT_BATCH
        calculate = importlib.import_module("pokerfloor.equity.calculate")
        path = calculate.choose(calculate.EquitySpec.make(list(case.ranges), board=case.board), PRECISION)
        eval7_method = ("none (no multiway sampler)" if len(case.ranges) > 2 else "py_all_hands_vs_range, s.e. 0.001"
                        if "," in case.ranges[0] else "py_hand_vs_range_monte_carlo, s.e. 0.001")
        return [
            _contender("pokerfloor", f"equity(), path {path}", _pokerfloor, case, answer, path != "monte_carlo", True),
            _contender(engine_name("ompeval"), "equity, exact", _ompeval, case, answer, True, False),
            _contender(engine_name("eval7"), eval7_method, _eval7, case, answer, False, False),
            _contender(engine_name("poker_equity"), "exact_from_text", _poker_equity, case, answer, True, False),
            _contender(engine_name("pokerkit"), "calculate_equities", partial(_pokerkit, count=batch), case,
                       answer, False, False),
        ]

    return contenders


BENCHMARKS = tuple(
    Benchmark(name=case.name, title=case.title, unit="showdowns at s.e. 0.001/s", contenders=_contenders(case))
    for case in CASES
)
GROUP = "equity-board"
"""``bench --only equity-board`` runs every case above."""
