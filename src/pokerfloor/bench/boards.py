"""Equity of ranges with a board, and three-way, on fresh questions: hand against range and range
against range on the flop, the turn and the river, at ranges of about 5, 20 and 40 percent of
hands, and three-way on the flop and before it.

Every call asks a new question, as a player studying a spot does (a range on each of many flops,
each hand of a range, each street). A case's questions come from a seeded stream (``stream``):
each a random board of the case's street and, where the case names a hand (``HAND``), a hand
drawn from the 20 % range, none sharing a card. Every engine answers the same stream in the
same order from its start, one question a call; the stream is long enough that no engine comes
back to a question in a run (a row says so if one did). A study keeps its ranges, so a range
the case names is the same text in every question; only the board and the drawn hands change.

pokerfloor runs ``equity.calculate`` as a user calls it: the ranges' text (``equity(), text``,
the reference row), the same ranges as ``Range`` objects parsed once beforehand
(``equity(), Range``), and, labelled as such, one question asked again and again (``equity(),
one question repeated``: what a cache of the question does; never the headline). OMPEval
(through ``pokerfast.equity``, one thread) and poker-equity enumerate exactly; eval7 samples
each question to a standard error of ``PRECISION`` (``py_hand_vs_range_monte_carlo`` for a hand
against a range, ``py_all_hands_vs_range`` for a range against a range, each hand of the first
range sampled alike and combined by how many hands of the second it leaves); it has no multiway
sampler. The unit is an answer: exact, or of standard error ``PRECISION``.

The answers are checked against each other: the first ``CHECKED`` questions' exact answers are
worked out before the clock (pokerfloor's exact tally, whose variance also sets eval7's samples
for each), every engine's answers to them are compared with those, and the exact engines'
answers to every question that two of them answered are compared with each other. A row notes
how many it answered and flags a disagreement.

The ranges are written with ``+`` and single hands only, a notation OMPEval and poker-equity read
as pokerfloor does (OMPEval reads a dash differently); eval7 reads some of it otherwise (its 40 %
range answered 0.477 where the exact answer is 0.5), so it is given the hands one by one, outside
the clock.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pokerfloor.bench.core import NOT_AVAILABLE, UNSUPPORTED, Benchmark, Config, Contender, Step, Unavailable
from pokerfloor.bench.peers import card_text, engine_name, load

PRECISION = 0.001
"""The standard error a sampled answer is asked for (exact ones have none)."""

R5 = "77+, AQs+, AKo"
R20 = "55+, A2s+, K9s+, Q9s+, J9s+, T9s, 98s, ATo+, KJo+, QJo"
R40 = "22+, A2s+, K2s+, Q6s+, J7s+, T7s+, 97s+, 86s+, 76s, 65s, A2o+, K8o+, Q9o+, J9o+, T9o"
"""About 5 % (68 hands), 20 % (236) and 40 % (522) of the 1,326 starting hands."""

HAND = "hand"
"""In a case's ranges: a hand drawn afresh for each question from ``HERO``."""

HERO = R20
"""The range the drawn hands come from."""

STREETS = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}

CHECKED = 48
"""The questions of each case whose exact answers are worked out before the clock (and that
eval7, which needs each answer's variance to size its sample, cycles through)."""

STREAM_RATE = 100_000
"""Questions a case's stream holds per second of ``Config.seconds``: the fastest engine answers
about 30,000 a second (pokerfloor's short way on a river), so none comes back to a question.
A question takes about 13 µs to make, before the clock starts."""


@dataclass(frozen=True)
class Case:
    name: str
    ranges: tuple[str, ...]
    street: str

    @property
    def cards(self) -> int:
        return STREETS[self.street]

    @property
    def title(self) -> str:
        shown = " vs ".join("a hand of 20%" if r == HAND else _share(r) for r in self.ranges)
        where = "before the flop" if not self.cards else f"a fresh {self.street}"
        return f"Equity, {shown} on {where}: per fresh question, exact or to s.e. {PRECISION}"


def _share(text: str) -> str:
    return {R5: "5%", R20: "20%", R40: "40%"}.get(text, text)


def _cases() -> tuple[Case, ...]:
    out = []
    for street in ("flop", "turn", "river"):
        for label, r in (("5", R5), ("20", R20), ("40", R40)):
            out.append(Case(f"equity-board-{street}-hand-{label}", (HAND, r), street))
        for label, r in (("5", R5), ("20", R20), ("40", R40)):
            out.append(Case(f"equity-board-{street}-range-{label}", (r, r), street))
    out.append(Case("equity-board-three-way-flop", (HAND, HAND, HAND), "flop"))
    out.append(Case("equity-board-three-way-ranges", (HAND, R5, R5), "flop"))
    out.append(Case("equity-board-three-way-preflop", (HAND, HAND, HAND), "preflop"))
    return tuple(out)


CASES = _cases()


@dataclass(frozen=True, slots=True)
class Question:
    """One question of a stream: each player's range (text) and the board (text, no spaces)."""

    ranges: tuple[str, ...]
    board: str


def _hero_hands() -> list[tuple[int, int]]:
    parse_range = importlib.import_module("pokerfloor.equity.ranges").parse_range
    return [(int(a), int(b)) for (a, b), _ in parse_range(HERO).hands]


def stream(case: Case, seed: int, count: int) -> list[Question]:
    """The first ``count`` questions of ``case``'s stream for ``seed``: the same for every engine
    and every run of the seed. A drawn hand shares no card with another; the board is drawn from
    the cards the hands leave (a named range may hold the board's cards: its hands holding them
    are out of that question)."""
    rng = random.Random(f"{seed}:{case.name}")
    heroes = _hero_hands()
    texts = [card_text(c) for c in range(52)]
    out = []
    for _ in range(count):
        held: set[int] = set()
        ranges = []
        for r in case.ranges:
            if r != HAND:
                ranges.append(r)
                continue
            while True:
                a, b = heroes[rng.randrange(len(heroes))]
                if a not in held and b not in held:
                    break
            held.update((a, b))
            ranges.append(texts[a] + texts[b])
        deck = [c for c in range(52) if c not in held]
        board = "".join(texts[c] for c in rng.sample(deck, case.cards))
        out.append(Question(tuple(ranges), board))
    return out


@dataclass
class Answer:
    """A question's exact first-player equity and the showdowns a Monte Carlo needs for a
    standard error of ``PRECISION`` on it."""

    equity: float
    credit: int


def exact_answer(question: Question) -> Answer:
    """``question``'s exact answer, from pokerfloor's exact tally (the path ``choose`` takes),
    read apart from ``equity``'s caches (they are emptied after)."""
    calculate = importlib.import_module("pokerfloor.equity.calculate")
    kernels = importlib.import_module("pokerfloor.equity.kernels")
    spec = calculate.EquitySpec.make(list(question.ranges), board=question.board)
    method = calculate.choose(spec, PRECISION, True)
    tally = calculate.fixed_tally(spec) if method == "fixed" else None
    if tally is None:
        tally = calculate.sweep_tally(spec) if method == "sweep" else calculate.boards_tally(spec)
    total = float(tally.counts @ tally.weights)
    sums = tally.weights @ tally.rows[:, 0].astype(float)
    mean = sums[kernels.SHARES] / kernels.SHARE / total
    variance = sums[kernels.SQUARES] / kernels.SHARE**2 / total - mean**2
    return Answer(float(mean), max(1, math.ceil(float(variance) / PRECISION**2)))


@dataclass
class Stream:
    """A case's questions for a run, the exact answers of the first ``CHECKED``, and every
    contender's answers (question number: first player's equity), for the checks."""

    questions: list[Question]
    warm_up: Question
    answers: list[Answer]
    found: dict[str, dict[int, float]] = field(default_factory=dict)
    wrapped: dict[str, bool] = field(default_factory=dict)


def make_stream(case: Case, config: Config) -> Stream:
    count = max(CHECKED + 1, int(config.seconds * STREAM_RATE)) + 1
    questions = stream(case, config.seed, count)
    answers = [exact_answer(q) for q in questions[1 : CHECKED + 1]]
    importlib.import_module("pokerfloor.equity.ask").forget()
    return Stream(questions[1:], questions[0], answers)


Run = Callable[[Question], float]
"""One engine's answer to a question: the first player's equity."""


def _pokerfloor(case: Case) -> Run:
    equity = importlib.import_module("pokerfloor.equity").equity

    def run(q: Question) -> float:
        return float(equity(q.ranges, board=q.board, precision=PRECISION).players[0].equity)

    return run


def _pokerfloor_ranges(case: Case) -> Run:
    """The case's named ranges as ``Range`` objects, parsed before the clock; drawn hands as text."""
    equity = importlib.import_module("pokerfloor.equity").equity
    parse_range = importlib.import_module("pokerfloor.equity.ranges").parse_range
    parsed = [None if r == HAND else parse_range(r) for r in case.ranges]

    def run(q: Question) -> float:
        ranges = [text if given is None else given for text, given in zip(q.ranges, parsed, strict=True)]
        return float(equity(ranges, board=q.board, precision=PRECISION).players[0].equity)

    return run


def _ompeval(case: Case) -> Run:
    equity = load("ompeval", "equity").equity

    def run(q: Question) -> float:
        return float(equity([r.replace(" ", "") for r in q.ranges], board=q.board, exact=True, threads=1)[0])

    return run


def _poker_equity(case: Case) -> Run:
    exact_from_text = load("poker_equity").exact_from_text

    def run(q: Question) -> float:
        board = " ".join(q.board[i : i + 2] for i in range(0, len(q.board), 2))
        found = exact_from_text("holdem", [r.replace(" ", "") for r in q.ranges], board)
        if found is None:
            raise Unavailable(UNSUPPORTED, "exact_from_text: too many deals to walk")
        return float(found["players"][0]["equity"])

    return run


def written_out(text: str) -> str:
    """A range as its hands, one by one (``AhKh, AdKd, ...``): eval7 reads ``A2o+`` and the like
    as another range than pokerfloor, OMPEval and poker-equity do."""
    parse_range = importlib.import_module("pokerfloor.equity.ranges").parse_range
    format_cards = importlib.import_module("pokerfloor.cards").format_cards
    return ", ".join(format_cards(cards) for cards, _ in parse_range(text).hands)


def _pairs(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def eval7_sampler(case: Case, questions: Sequence[Question], answers: Sequence[Answer]) -> Callable[[int], float]:
    """eval7's answer to question ``i`` (of the first ``len(answers)``) to a standard error of
    ``PRECISION``: its sample is the showdowns that the exact answer's variance asks for. The
    questions are converted to eval7's cards and ranges before the clock."""
    eval7 = load("eval7")
    if len(case.ranges) > 2:
        raise Unavailable(UNSUPPORTED, "eval7 has no multiway sampler")
    villains = eval7.HandRange(written_out(case.ranges[1]))
    boards = [[eval7.Card(c) for c in _pairs(q.board)] for q in questions]
    if case.ranges[0] == HAND:
        heroes = [[eval7.Card(c) for c in _pairs(q.ranges[0])] for q in questions]

        def hand(i: int) -> float:
            return float(eval7.py_hand_vs_range_monte_carlo(heroes[i], villains, boards[i], answers[i].credit))

        return hand
    first = eval7.HandRange(written_out(case.ranges[0]))
    plans = []
    for board, answer in zip(boards, answers, strict=False):
        shown = {str(c) for c in board}
        villain_hands = [v for v in (frozenset(str(c) for c in hand) for hand, _ in villains) if not v & shown]
        leaves = {hand: sum(not {str(c) for c in hand} & v for v in villain_hands) for hand, _ in first
                  if not {str(c) for c in hand} & shown}
        plans.append((leaves, max(1, answer.credit // len(leaves))))

    def ranges(i: int) -> float:
        leaves, per_hand = plans[i]
        found = eval7.py_all_hands_vs_range(first, villains, boards[i], per_hand)
        return float(sum(found[hand] * n for hand, n in leaves.items()) / sum(leaves.values()))

    return ranges


def _contender(engine: str, method: str, case: Case, streams: dict[str, Stream], config: Config,
               make: Callable[[Stream], Callable[[int], float]], *, exact: bool, reference: bool = False,
               limit: int | None = None) -> Contender:
    """A contender answering the case's stream one question a step (``make`` turns the stream into
    the engine's answer to question ``i``), its answers kept for the checks; ``limit`` cycles it
    through the first questions only (eval7, which needs their variances)."""
    key = f"{engine}: {method}"

    def prepare() -> Step:
        if case.name not in streams:
            streams.clear()  # one case's stream at a time
            streams[case.name] = make_stream(case, config)
        s = streams[case.name]
        answer = make(s)
        s.found[key] = found = {}
        size = min(limit or len(s.questions), len(s.questions))
        at = [0]

        def step() -> int:
            i = at[0]
            if i >= size:
                s.wrapped[key] = True
                i = at[0] = 0
            found[i] = answer(i)
            at[0] = i + 1
            return 1

        return step

    def detail() -> str:
        return check(streams.get(case.name), key, exact=exact)

    return Contender(engine, method, prepare, reference=reference, detail=detail)


def check(s: Stream | None, key: str, *, exact: bool) -> str:
    """The row's note: questions answered, and the checks of its answers (``Stream``)."""
    if s is None or key not in s.found:
        return ""
    found = s.found[key]
    notes = [f"{len(found):,} questions" + (" (the stream wrapped)" if s.wrapped.get(key) else "")]
    checked = [(v, s.answers[i].equity) for i, v in found.items() if i < len(s.answers)]
    if exact:
        bad = [i for i, v in found.items() if i < len(s.answers) and abs(v - s.answers[i].equity) > 1e-9]
        others = [o for name, o in s.found.items() if name != key and "eval7" not in name]
        common = 0
        for other in others:
            for i in found.keys() & other.keys():
                common += 1
                if abs(found[i] - other[i]) > 1e-9:
                    bad.append(i)
        notes.append(f"{len(checked)} checked exactly, {common:,} against the other exact rows")
        if bad:
            q = s.questions[bad[0]]
            notes.append(f"DISAGREES on {len(bad)}, first {' / '.join(q.ranges)} on {q.board or 'no board'}")
    elif checked:
        n = len(checked)
        mean = sum(v - e for v, e in checked) / n
        rms = math.sqrt(sum((v - e) ** 2 for v, e in checked) / n)
        notes.append(f"error against the exact answers: mean {mean:+.5f}, r.m.s. {rms:.5f} over {n}")
        if abs(mean) > 4 * PRECISION / math.sqrt(n) or rms > 2 * PRECISION:
            notes.append("DISAGREES beyond its standard error")
    return "; ".join(notes)


def _repeated(case: Case, streams: dict[str, Stream], config: Config) -> Contender:
    """pokerfloor asked the stream's first question again and again: not a fresh question."""
    def prepare() -> Step:
        equity = importlib.import_module("pokerfloor.equity").equity
        q = streams[case.name].questions[0] if case.name in streams else stream(case, config.seed, 1)[0]

        def step() -> int:
            equity(q.ranges, board=q.board, precision=PRECISION)
            return 1

        return step

    return Contender("pokerfloor", "equity(), one question repeated (cached; not fresh)", prepare)


def _skipped(reason: str) -> list[Contender]:
    def prepare() -> Step:
        raise Unavailable(NOT_AVAILABLE, reason)

    return [Contender("pokerfloor", "equity()", prepare, reference=True)]


QUICK = ("river", "three-way-flop")
"""The cases a quick run measures (the rest take a peer seconds an answer)."""


def _contenders(case: Case) -> Callable[[Config], list[Contender]]:
    streams: dict[str, Stream] = {}

    def contenders(config: Config) -> list[Contender]:
        streams.clear()     # each measurement its own stream, sized by its own config
        if config.quick and not any(part in case.name for part in QUICK):
            return _skipped("skipped under --quick (a peer takes seconds an answer)")
        try:
            importlib.import_module("pokerfloor.equity.kernels")
        except ImportError as exc:  # numpy, which the exact answers need
            return _skipped(str(exc))

        def question(run: Callable[[Case], Run]) -> Callable[[Stream], Callable[[int], float]]:
            def make(s: Stream) -> Callable[[int], float]:
                answer = run(case)
                answer(s.warm_up)  # imports, tables, compilation
                return lambda i: answer(s.questions[i])

            return make

        def sampler(s: Stream) -> Callable[[int], float]:
            return eval7_sampler(case, s.questions[:CHECKED], s.answers)

        eval7_method = ("none (no multiway sampler)" if len(case.ranges) > 2 else
                        "py_hand_vs_range_monte_carlo, s.e. 0.001" if case.ranges[0] == HAND else
                        "py_all_hands_vs_range, s.e. 0.001")
        out = [
            _contender("pokerfloor", "equity(), text", case, streams, config, question(_pokerfloor), exact=True,
                       reference=True),
            _contender(engine_name("ompeval"), "equity, exact, 1 thread", case, streams, config,
                       question(_ompeval), exact=True),
            _contender(engine_name("eval7"), eval7_method, case, streams, config, sampler, exact=False,
                       limit=CHECKED),
            _contender(engine_name("poker_equity"), "exact_from_text", case, streams, config,
                       question(_poker_equity), exact=True),
        ]
        if any(r not in (HAND,) for r in case.ranges):
            out.insert(1, _contender("pokerfloor", "equity(), Range objects", case, streams, config,
                                     question(_pokerfloor_ranges), exact=True))
        out.append(_repeated(case, streams, config))
        return out

    return contenders


BENCHMARKS: tuple[Benchmark, ...] = tuple(
    Benchmark(name=case.name, title=case.title, unit="fresh questions answered", contenders=_contenders(case))
    for case in CASES
)
GROUP = "equity-board"
"""``bench --only equity-board`` runs every case above."""



# ---------------------------------------------------------------- every flop at once

BY_FLOP_HANDS = 6
"""The hands (drawn from ``HERO``) that the by-flop benchmark asks about in turn, against ``R20``."""


def by_flop_hands(seed: int) -> list[str]:
    """The hands of the by-flop benchmark for ``seed``: drawn from ``HERO``, no two alike."""
    rng = random.Random(f"{seed}:by-flop")
    return ["".join(card_text(c) for c in hand) for hand in rng.sample(_hero_hands(), BY_FLOP_HANDS)]


@dataclass
class FlopStream:
    """The by-flop benchmark's hands, each hand's classes of flops (worked out before the clock for
    OMPEval, which is given them: pokerfloor works them out in its own call), and each engine's
    answers: per hand, each class's first-player equity."""

    hands: list[str]
    classes: list[list[tuple[str, int]]]
    found: dict[str, dict[int, list[float]]] = field(default_factory=dict)


def make_flop_stream(config: Config) -> FlopStream:
    by_board = importlib.import_module("pokerfloor.equity.by_board")
    parse_range = importlib.import_module("pokerfloor.equity.ranges").parse_range
    hands = by_flop_hands(config.seed)
    if config.quick:
        hands = hands[:2]
    classes = []
    for hand in hands:
        held = {int(c) for c in parse_range(hand).hands[0][0]}
        found = by_board.board_classes([parse_range(hand), parse_range(R20)], [], [], 3)
        classes.append([("".join(card_text(c) for c in sorted(deal, reverse=True)), n) for deal, n in found
                        if not held.intersection(deal)])
    return FlopStream(hands, classes)


def check_flops(s: FlopStream | None, key: str) -> str:
    """The note of a by-flop row: answers, and the per-class equities against the other row's."""
    if s is None or key not in s.found:
        return ""
    found = s.found[key]
    notes = [f"{len(found)} by-flop answers"]
    worst, compared = 0.0, 0
    for name, other in s.found.items():
        if name == key:
            continue
        for i in found.keys() & other.keys():
            if len(found[i]) != len(other[i]):
                worst, compared = math.inf, compared + 1
                continue
            compared += len(found[i])
            worst = max([worst, *(abs(a - b) for a, b in zip(found[i], other[i], strict=True))])
    if compared:
        notes.append(f"{compared:,} flop classes compared with the other row, largest difference {worst:.1e}")
        if worst > 1e-9:
            notes.append("DISAGREES")
    return "; ".join(notes)


def _by_flop_contenders(config: Config) -> list[Contender]:
    if config.quick:
        return _skipped("skipped under --quick (a by-flop answer takes OMPEval seconds)")
    try:
        importlib.import_module("pokerfloor.equity.kernels")
    except ImportError as exc:
        return _skipped(str(exc))
    streams: dict[str, FlopStream] = {}

    def stream_of() -> FlopStream:
        if "s" not in streams:
            streams["s"] = make_flop_stream(config)
        return streams["s"]

    def contender(engine: str, method: str, answer: Callable[[FlopStream, int], list[float]],
                  reference: bool) -> Contender:
        key = f"{engine}: {method}"

        def prepare() -> Step:
            s = stream_of()
            s.found[key] = found = {}
            at = [0]

            def step() -> int:
                i = at[0] % len(s.hands)
                found[i] = answer(s, i)
                at[0] += 1
                return 1

            return step

        def detail() -> str:
            return check_flops(streams.get("s"), key)

        return Contender(engine, method, prepare, reference=reference, detail=detail)

    def pokerfloor(s: FlopStream, i: int) -> list[float]:
        by_flop = importlib.import_module("pokerfloor.equity").equity_by_flop
        return [c.equity(0) for c in by_flop([s.hands[i], R20]).classes]

    def ompeval(s: FlopStream, i: int) -> list[float]:
        equity = load("ompeval", "equity").equity
        ranges = [s.hands[i], R20.replace(" ", "")]
        return [float(equity(ranges, board=board, exact=True, threads=1)[0]) for board, _ in s.classes[i]]

    return [
        contender("pokerfloor", "equity_by_flop(): every flop, classes by suit", pokerfloor, True),
        contender(engine_name("ompeval"), "equity once a flop class, exact, 1 thread (classes given)", ompeval,
                  False),
    ]


BY_FLOP = Benchmark(
    name="equity-board-by-flop",
    title="Equity on every flop: a hand of 20% against 20%, each flop class exact (a fresh hand each answer)",
    unit="by-flop answers",
    contenders=_by_flop_contenders,
)
BENCHMARKS = (*BENCHMARKS, BY_FLOP)
