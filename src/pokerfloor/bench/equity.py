"""Exact heads-up pre-flop equity by full enumeration: AhKh against QsQd, 1,712,304 boards.

One step is one whole enumeration (every 5-card board from the 48 cards left), timed from the
card numbers to the tally, board generation included. pokerfloor runs it with its batched path
(a NumPy array of all boards, two calls of ``high_ranks``) and with a Python loop over its
per-call ``high_rank``; the peers with a fast evaluator run the same Python loop over their own
evaluator (eval7 is the baseline the issue names; phevaluator and treys come along). Every
contender notes the equity it found, so a wrong count shows. ``--quick`` enumerates only the
first 20,000 boards (in the same order for all).

pokerfloor's first row is its equity function, ``evaluation.equity.heads_up_equity`` (a compiled
loop over the boards where numba is installed); it deals whole enumerations only, so under
``--quick`` that row counts its 20,000 boards with the batched path.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from pokerfloor.bench.core import NOT_AVAILABLE, Benchmark, Config, Contender, Step, Unavailable
from pokerfloor.bench.evaluation import pokerfloor_function
from pokerfloor.bench.peers import EQUITY, Tally, engine_name, remaining, tally_seven

HERO = (50, 46)  # Ah Kh
VILLAIN = (43, 41)  # Qs Qd
ALL_BOARDS = 1_712_304
QUICK_BOARDS = 20_000
WARM_UP_BOARDS = 2_000


def board_limit(config: Config) -> int | None:
    return QUICK_BOARDS if config.quick else None


def combination_indices(n: int, k: int) -> Any:
    """All k-subsets of range(n) (n up to 256) as rows of a ``uint8`` array, in lexicographic
    order: each pass repeats every row once per larger value that can follow its last one."""
    np = importlib.import_module("numpy")
    rows = np.arange(n, dtype=np.uint8).reshape(-1, 1)
    for _ in range(k - 1):
        last = rows[:, -1].astype(np.int64)
        counts = n - 1 - last
        total = int(counts.sum())
        starts = np.repeat(np.cumsum(counts) - counts, counts)
        following = (np.repeat(last + 1, counts) + (np.arange(total) - starts)).astype(np.uint8)
        grown = np.empty((total, rows.shape[1] + 1), dtype=np.uint8)
        grown[:, :-1] = np.repeat(rows, counts, axis=0)
        grown[:, -1] = following
        rows = grown
    return rows


def _pokerfloor_batch(hero: Sequence[int], villain: Sequence[int], limit: int | None) -> Tally:
    high_ranks = pokerfloor_function("pokerfloor.evaluation.batch", "high_ranks")
    np = importlib.import_module("numpy")
    rest = np.array(remaining(hero, villain), dtype=np.uint8)
    boards = rest[combination_indices(len(rest), 5)]
    if limit is not None:
        boards = boards[:limit]
    count = len(boards)
    ours = np.empty((count, 7), dtype=np.uint8)
    ours[:, 2:] = boards
    theirs = ours.copy()
    ours[:, :2] = hero
    theirs[:, :2] = villain
    a = high_ranks(ours)
    b = high_ranks(theirs)
    return Tally(count, int(np.count_nonzero(a > b)), int(np.count_nonzero(a == b)))


def _pokerfloor_loop(hero: Sequence[int], villain: Sequence[int], limit: int | None) -> Tally:
    high_rank = pokerfloor_function("pokerfloor.evaluation", "high_rank")
    from pokerfloor.cards import Card

    return tally_seven(high_rank, [Card(c) for c in range(52)], hero, villain, limit)


# ---------------------------------------------------------------- pokerfloor's equity function


def _pokerfloor_equity(hero: Sequence[int], villain: Sequence[int], limit: int | None) -> Tally:
    """``heads_up_equity``, which deals every board (numba's compiled loop where installed)."""
    heads_up_equity = pokerfloor_function("pokerfloor.evaluation.equity", "heads_up_equity")
    from pokerfloor.cards import Card

    hole, other = [Card(c) for c in hero], [Card(c) for c in villain]
    if limit is None:
        found = heads_up_equity(hole, other)
        return Tally(found.boards, found.wins, found.ties)
    # The warm-up step and --quick count only the first boards: the batched path counts those,
    # and a river enumeration beside it loads the compiled loop before the clock starts.
    heads_up_equity(hole, other, [Card(c) for c in remaining(hero, villain)[:4]])
    return _pokerfloor_batch(hero, villain, limit)


Enumerator = Callable[[Sequence[int], Sequence[int], "int | None"], Tally]


def _contender(engine: str, method: str, run: Enumerator, config: Config, ref: bool) -> Contender:
    found: list[Tally] = []

    def prepare() -> Step:
        try:
            run(HERO, VILLAIN, WARM_UP_BOARDS)  # imports, tables, first calls
        except ImportError as exc:
            raise Unavailable(NOT_AVAILABLE, str(exc)) from None
        limit = board_limit(config)

        def step() -> int:
            tally = run(HERO, VILLAIN, limit)
            found.append(tally)
            return tally.boards

        return step

    def detail() -> str:
        if not found:
            return ""
        t = found[-1]
        return f"equity {t.equity:.6f} (won {t.wins}, tied {t.ties} of {t.boards} boards)"

    return Contender(engine, method, prepare, reference=ref, detail=detail)


def contenders(config: Config) -> list[Contender]:
    out = [
        _contender("pokerfloor", "evaluation.equity.heads_up_equity", _pokerfloor_equity, config, True),
        _contender("pokerfloor", "batch.high_ranks over all boards", _pokerfloor_batch, config, True),
        _contender("pokerfloor", "high_rank, Python loop", _pokerfloor_loop, config, True),
    ]
    for key, run in EQUITY.items():
        out.append(_contender(engine_name(key), "Python loop", run, config, False))
    return out


BENCHMARK = Benchmark(
    name="equity",
    title=f"Pre-flop equity by enumeration, AhKh vs QsQd (all 1,712,304 boards; --quick: the first {QUICK_BOARDS:,})",
    unit="boards/s",
    contenders=contenders,
    rounds=lambda config: 1 if config.quick else 2,
    warm_up=False,
)
