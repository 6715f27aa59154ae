"""Equity of ranges: exact enumeration when it is small enough, Monte Carlo otherwise.

An ``EquitySpec`` (game, ranges, board, dead cards) is the question. Its answer is built from
``Tally`` values, integer counts that add exactly, so any split of the work gives the same
answer (``pokerfloor.sim.shards`` runs the parts on many processes or machines):

- exact: the showdowns are numbered (deal of hole cards, then board completion in
  lexicographic order) and ``exact_tally(spec, start, stop)`` counts any slice of them; the
  same whole tally, faster: ``sweep_tally`` (heads-up hold'em, or a hand against two ranges,
  board by board, the ranges ordered by value and counted with running sums per card),
  ``fixed_tally`` (hold'em, one hand a player, by the ranks dealt) and ``boards_tally`` (any
  game, each hand ranked once a board);
  ``calculate`` picks the fastest by ``costs`` (``choose``);
- heads-up hold'em with no board and no dead cards: ``table_tally(spec)`` reads the same exact
  tally from the shipped table of ``pokerfloor.equity.preflop`` (no enumeration at all);
- Monte Carlo: samples come in blocks of ``BLOCK`` deals; block ``i`` draws from the stream of
  ``numpy.random.SeedSequence(seed).spawn(...)[i]``, so ``sample_tally(spec, seed, first, last)``
  over any partition of the blocks adds up to the same tally.

Needs numpy (``pip install 'pokerfloor[fast]'``; numba makes the loops compiled).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from operator import mul
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from pokerfloor.cards import Card, CardsLike, format_cards, parse_cards
from pokerfloor.equity import preflop
from pokerfloor.equity.ranges import Range, RangeError, parse_range
from pokerfloor.errors import InvalidArgument

if TYPE_CHECKING:
    import numpy as np

BLOCK = 20_000
"""Monte Carlo deals per block (one random stream each)."""

EXACT_LIMIT = 60_000_000
"""The most hand evaluations an automatic choice spends on exact enumeration."""

MAX_PLAYERS = 9
MAX_DEALS = 20_000_000
"""The most deals of hole cards exact enumeration lists (before removing the clashing ones)."""

GAMES: dict[str, tuple[int, bool, bool]] = {
    "holdem": (2, False, False),
    "omaha": (4, True, False),
    "omaha5": (5, True, False),
    "omaha6": (6, True, False),
    "omaha_hilo": (4, True, True),
    "omaha5_hilo": (5, True, True),
    "omaha6_hilo": (6, True, True),
}
"""Per game: hole cards, the Omaha two-plus-three rule, the eight-or-better low half."""


@dataclass(frozen=True, slots=True)
class Tally:
    """Counts of showdowns and per-player share units (``kernels`` columns), grouped by the
    weight of the deal (``weights[c]`` for ``rows[c]``); Monte Carlo tallies have one group."""

    weights: tuple[float, ...]
    rows: np.ndarray[Any, Any]
    counts: np.ndarray[Any, Any]
    redrawn: int = 0

    def __add__(self, other: Tally) -> Tally:
        if self.weights != other.weights:
            raise InvalidArgument("tallies of different questions do not add")
        return Tally(self.weights, self.rows + other.rows, self.counts + other.counts, self.redrawn + other.redrawn)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tally):
            return NotImplemented
        return (
            self.weights == other.weights
            and bool((self.rows == other.rows).all())
            and bool((self.counts == other.counts).all())
            and self.redrawn == other.redrawn
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def showdowns(self) -> int:
        return int(self.counts.sum())


_KERNELS: list[Any] = []


def _kernels() -> Any:
    """``pokerfloor.equity.kernels`` (which needs numpy), imported on the first call and kept:
    importing its names again in each call costs microseconds, as much as a river's count."""
    if not _KERNELS:
        from pokerfloor.equity import kernels

        _KERNELS.append(kernels)
    return _KERNELS[0]


_PICKS: dict[tuple[int, ...], tuple[tuple[Range, ...], Any]] = {}
_SPECS: dict[tuple[Any, ...], tuple[tuple[str | Range, ...], EquitySpec]] = {}


def forget() -> None:
    """Empty the caches of questions read and of the arrays made for them (what is kept with
    each parsed range stays); ``ask.forget`` empties the short way's too."""
    _SPECS.clear()
    _PICKS.clear()
    _BOARDS_ARRAYS.clear()


def _cards_key(cards: CardsLike) -> str | tuple[Any, ...] | None:
    """``cards`` as a key of ``_SPECS``: text as it is, a list or tuple of cards, numbers or
    text as a tuple; None for anything else (such a question is read every time)."""
    if type(cards) is str:
        return cards
    if type(cards) in (tuple, list) and all(type(c) in (str, int, Card) for c in cards):
        return ("cards", *cards)
    return None


def _question_key(ranges: Sequence[str | Range], board: CardsLike, dead: CardsLike,
                  game: str) -> tuple[Any, ...] | None:
    """The key of a question in ``_SPECS`` (ranges as text or ``Range`` objects by identity, cards
    as ``_cards_key`` takes them), or None."""
    if type(game) is not str:
        return None
    asked: list[object] = []
    for r in ranges:
        if type(r) is str:
            asked.append(r)
        elif type(r) is Range:
            asked.append(("range", id(r)))
        else:
            return None
    shown, gone = _cards_key(board), _cards_key(dead)
    if shown is None or gone is None:
        return None
    return (tuple(asked), shown, gone, game)


T = TypeVar("T")


class _once(Generic[T]):
    """``functools.cached_property`` without its lock (Python 3.11 takes one on every first
    reading, which costs as much as a river's count): the value is worked out once and kept in
    the instance's ``__dict__``, where later readings find it first."""

    def __init__(self, function: Callable[[Any], T]) -> None:
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> _once[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | _once[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.function(instance)
        return value


@dataclass(frozen=True)
class EquitySpec:
    """One equity question: each player's range, the board so far and the dead cards."""

    ranges: tuple[Range, ...]
    board: tuple[Card, ...] = ()
    dead: tuple[Card, ...] = ()
    game: str = "holdem"

    @classmethod
    def make(
        cls, ranges: Sequence[str | Range], *, board: CardsLike = (), dead: CardsLike = (), game: str = "holdem"
    ) -> EquitySpec:
        """Read and check the question: 2 to 9 ranges, a board of up to five cards, no card twice.
        A question asked again (the same text or the same ``Range`` objects, and cards) is read
        once: it gives the same (unchanging) spec, kept for the questions asked last. A new
        question is read from what each parsed range keeps (``Range.memo``)."""
        key = _question_key(ranges, board, dead, game)
        if key is not None:
            kept = _SPECS.get(key)
            if kept is not None and all(a is b for a, b in zip(kept[0], ranges, strict=True) if type(a) is Range):
                return kept[1]
        spec = cls._read(ranges, board, dead, game)
        if key is not None:
            if len(_SPECS) >= 256:
                _SPECS.clear()
            _SPECS[key] = (tuple(ranges), spec)  # the Range objects asked of, held: their ids stay theirs
        return spec

    @classmethod
    def _read(cls, ranges: Sequence[str | Range], board: CardsLike, dead: CardsLike, game: str) -> EquitySpec:
        if game not in GAMES:
            raise InvalidArgument(f"unknown game {game!r}; known: {', '.join(GAMES)}")
        hole_cards = GAMES[game][0]
        if not 2 <= len(ranges) <= MAX_PLAYERS:
            raise InvalidArgument(f"equity is for 2 to {MAX_PLAYERS} players, not {len(ranges)}")
        known_board = [] if type(board) is str and not board else parse_cards(board)
        known_dead = [] if type(dead) is str and not dead else parse_cards(dead)
        if len(known_board) > 5:
            raise InvalidArgument(f"a board has at most five cards, not {len(known_board)}")
        known = known_board + known_dead
        gone = 0
        for c in known:
            gone |= 1 << c
        if gone.bit_count() != len(known):
            raise InvalidArgument(f"a card appears twice in the board and dead cards {format_cards(known)}")
        if len(ranges) * hole_cards + 5 + len(known_dead) > 52:
            raise InvalidArgument("not enough cards in the deck for these players, board and dead cards")
        live = []
        asked_ranges = []
        sizes = {hole_cards}
        for number, asked in enumerate(ranges, start=1):
            given = asked if isinstance(asked, Range) else parse_range(asked, hole_cards)
            kept = given.without_mask(gone)
            if not kept.random:
                if not len(kept):
                    raise RangeError(f"player {number}'s range {given.text!r} holds no hand beside the known cards")
                if given.sizes != sizes:
                    raise RangeError(f"player {number}'s range {given.text!r}: {game} hands have {hole_cards} cards")
            live.append(kept)
            asked_ranges.append(given)
        spec = cls(tuple(live), tuple(known_board), tuple(known_dead), game)
        spec.__dict__["known_mask"] = gone  # the cached property, known already
        spec.__dict__["asked"] = tuple(asked_ranges)  # each range as asked, before the board (``_sweep_setup``)
        return spec

    @property
    def hole_cards(self) -> int:
        return GAMES[self.game][0]

    @property
    def missing(self) -> int:
        return 5 - len(self.board)

    @_once
    def known_mask(self) -> int:
        return sum(1 << c for c in {*self.board, *self.dead})

    @_once
    def texts(self) -> tuple[str, str]:
        """The board and the dead cards as text (``Equity.board``, ``Equity.dead``)."""
        return format_cards(self.board), format_cards(self.dead)

    @_once
    def memo(self) -> dict[Any, Any]:
        """What the paths work out for this question before they count (the path chosen for a
        precision, the arrays a kernel reads), kept with it: a spec never changes. Not pickled
        with it (a shard sent to another process works it out again there)."""
        return {}

    def __getstate__(self) -> dict[str, Any]:
        return {name: value for name, value in self.__dict__.items() if name != "memo"}

    @property
    def completions(self) -> int:
        """Board completions per deal of hole cards."""
        left = 52 - len(self.board) - len(self.dead) - len(self.ranges) * self.hole_cards
        return math.comb(left, self.missing)

    @property
    def evaluations(self) -> int:
        """An upper bound on the hand evaluations of exact enumeration."""
        deals = 1
        for r in self.ranges:
            deals *= math.comb(52, self.hole_cards) if r.random else len(r)
        _, omaha, hilo = GAMES[self.game]
        per_hand = math.comb(self.hole_cards, 2) * 10 * (2 if hilo else 1) if omaha else 1
        return deals * self.completions * len(self.ranges) * per_hand

    @_once
    def deals(self) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], tuple[float, ...]]:
        """Every deal of hole cards in which no two players share a card: the cards
        ``(deals, players, hole_cards)``, each deal's weight group, and the groups' weights."""
        import numpy as np

        picks, classes, weights = self.deal_picks
        hands = [np.array([cards for cards, _ in r.hands], dtype=np.uint8) for r in self.ranges]
        cards = np.stack([hands[p][picks[:, p]] for p in range(len(hands))], axis=1)
        return np.ascontiguousarray(cards), classes, weights

    @_once
    def deal_picks(self) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], tuple[float, ...]]:
        """The deals of ``deals`` as each player's hand number in its range ``(deals,
        players)``, each deal's weight group, and the groups' weights; kept for the last range
        objects asked about (``make`` hands out the same objects for the same text and board)."""
        key = tuple(id(r) for r in self.ranges)
        kept = _PICKS.get(key)
        if kept is not None and all(a is b for a, b in zip(kept[0], self.ranges, strict=True)):
            return kept[1]  # type: ignore[no-any-return]
        found = self._list_deals()
        if len(_PICKS) >= 32:
            _PICKS.clear()
        _PICKS[key] = (self.ranges, found)
        return found

    def _list_deals(self) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], tuple[float, ...]]:
        import numpy as np

        if any(r.random for r in self.ranges):
            raise InvalidArgument("exact enumeration needs listed hands: a random Omaha hand is sampled only")
        if math.prod(len(r) for r in self.ranges) > MAX_DEALS:
            raise InvalidArgument("too many deals of these ranges to enumerate: sample them (exact=False)")
        masks = [np.array([sum(1 << c for c in cards) for cards, _ in r.hands], dtype=np.int64) for r in self.ranges]
        weights = [np.array([w for _, w in r.hands], dtype=np.float64) for r in self.ranges]
        picks = np.arange(len(masks[0]))[:, None]
        used, weight = masks[0], weights[0]
        for player in range(1, len(masks)):
            fits = (used[:, None] & masks[player][None, :]) == 0
            rows, cols = np.nonzero(fits)
            picks = np.concatenate([picks[rows], cols[:, None]], axis=1)
            used = used[rows] | masks[player][cols]
            weight = weight[rows] * weights[player][cols]
        if not len(picks):
            raise RangeError("the ranges leave no deal in which no two players hold the same card")
        groups, classes = np.unique(weight, return_inverse=True)
        return np.ascontiguousarray(picks, dtype=np.int64), classes.astype(np.int64), tuple(float(g) for g in groups)

    def exact_showdowns(self) -> int:
        """The number of showdowns exact enumeration deals."""
        return len(self.deals[0]) * self.completions


@cache
def packed_tables() -> tuple[Any, Any, Any, tuple[int, int, int, int], Any]:
    """The ranking tables packed into three arrays (as ``kernels`` reads them: few arrays make
    the compiled calls cheap; the rank tables displaced to fit the cache), their offsets, and
    the binomial coefficients C(n, k)."""
    import numpy as np

    from pokerfloor.equity import kernels
    from pokerfloor.evaluation.batch import compiled_loops, high_arrays
    from pokerfloor.evaluation.low import LOW_BITS, low8_table

    seven, five = high_arrays(7), high_arrays(5)
    compiled = compiled_loops() is not None
    seven_ranks, seven_rows = kernels.displaced(seven.unsuited, compiled)
    five_ranks, five_rows = kernels.displaced(five.unsuited, compiled)
    popcount = [bin(m).count("1") for m in range(256)]
    small = np.concatenate([seven.card_keys, five.card_keys, LOW_BITS, popcount, seven_rows, five_rows])
    small = small.astype(np.int64)
    big = np.concatenate([seven_ranks, five_ranks, seven.flushes, low8_table()[0]]).astype(np.uint16)
    suits = np.concatenate([seven.flush_suit, five.flush_suit]).astype(np.int8)
    at = (len(seven_ranks), len(seven_ranks) + len(five_ranks),
          len(seven_ranks) + len(five_ranks) + len(seven.flushes), kernels.ROWS7_AT + len(seven_rows))
    choose = np.array([[math.comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
    return small, big, suits, at, choose


def _board(spec: EquitySpec) -> np.ndarray[Any, Any]:
    import numpy as np

    return np.array([*spec.board, *[0] * spec.missing], dtype=np.uint8)


def exact_tally(spec: EquitySpec, start: int = 0, stop: int | None = None) -> Tally:
    """Count the showdowns numbered ``start`` to ``stop`` (all by default) of exact enumeration."""
    import numpy as np

    from pokerfloor.equity import kernels

    cards, classes, weights = spec.deals
    total = spec.exact_showdowns()
    stop = total if stop is None else min(stop, total)
    rows = np.zeros((len(weights), len(spec.ranges), kernels.COLUMNS), dtype=np.int64)
    counts = np.zeros(len(weights), dtype=np.int64)
    if start < stop:
        small, big, suits, at, choose = packed_tables()
        _, omaha, hilo = GAMES[spec.game]
        kernels.exact(cards, classes, _board(spec), spec.known_mask, spec.missing, start, stop, choose,
                      omaha, hilo, small, big, suits, at, rows, counts)
    return Tally(weights, rows, counts)


def sweeps(spec: EquitySpec) -> bool:
    """Whether ``sweep_tally`` answers ``spec``: hold'em of listed hands, heads-up, or three-handed
    with one player's range a single hand."""
    if spec.game != "holdem" or any(r.random for r in spec.ranges):
        return False
    return len(spec.ranges) == 2 or (len(spec.ranges) == 3 and min(len(r) for r in spec.ranges) == 1)


def _classes(given: Range) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """A range's distinct weights (sorted) and each hand's number among them."""
    import numpy as np

    weights, classes = np.unique(np.array([w for _, w in given.hands], dtype=np.float64), return_inverse=True)
    return weights, classes.astype(np.int64)


HoldemArrays = tuple[Any, Any, Any, Any, int]
"""A hold'em range's hands, distinct weights, weight classes, rank classes (arrays), and a bound
on the number of rank classes (``_holdem_arrays``)."""


def _holdem_arrays(given: Range) -> HoldemArrays:
    """A hold'em range as the sweep reads it: its hands' cards, its distinct weights, each
    hand's weight class and rank class (both numbered from 0 with none left empty), and at most
    how many rank classes there are; kept with
    the range (``Range.memo``). A range that ``Range.without`` made takes the rows of the hands
    it kept from the arrays of the range it was made from."""
    import numpy as np

    found: HoldemArrays | None = given.memo.get("holdem")  # type: ignore[assignment]
    if found is not None:
        return found
    source = given.memo.get("from")
    if source is None:
        hands = np.array([cards for cards, _ in given.hands], dtype=np.int64).reshape(len(given), 2)
        weights, classes = _classes(given)
        ranks = _rank_classes(hands)
        found = (hands, weights, classes, ranks, int(ranks.max()) + 1 if len(ranks) else 0)
    else:
        from pokerfloor.equity.kept import keep_rows

        parent: Range = source[0]  # type: ignore[index]
        rows: np.ndarray[Any, Any] = source[1]  # type: ignore[index]
        hands0, weights0, classes0, ranks0, count0 = _holdem_arrays(parent)
        found = (*keep_rows(rows, hands0, weights0, classes0, ranks0, count0), count0)
    given.memo["holdem"] = found
    return found


def _root(given: Range) -> Range:
    """The range ``given`` was made from by ``Range.without`` (itself when it was read)."""
    while True:
        source = given.memo.get("from")
        if source is None:
            return given
        given = source[0]  # type: ignore[index]


def _same_hands(hands0: np.ndarray[Any, Any], hands1: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """For each hand of ``hands0`` (cards ``(n, 2)``), its number in ``hands1``, or -1."""
    import numpy as np

    def codes(hands: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        return hands.min(axis=1) * 52 + hands.max(axis=1)  # type: ignore[no-any-return]

    where = np.full(52 * 52, -1, dtype=np.int64)
    where[codes(hands1)] = np.arange(len(hands1), dtype=np.int64)
    return where[codes(hands0)]  # type: ignore[no-any-return]


def _renumber(numbers: np.ndarray[Any, Any], size: int) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """``numbers`` (each below ``size``) renumbered from 0 in the same order with no number left
    out, and which of the old numbers are there."""
    import numpy as np

    present = np.zeros(size, dtype=np.bool_)
    present[numbers] = True
    return (np.cumsum(present) - 1)[numbers], present


def _rank_classes(hands: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Each hold'em hand's rank class: hands of the same two ranks share one, numbered from 0."""
    import numpy as np

    ranks = hands >> 2
    pairs = np.maximum(ranks[:, 0], ranks[:, 1]) * 13 + np.minimum(ranks[:, 0], ranks[:, 1])
    return np.unique(pairs, return_inverse=True)[1].astype(np.int64)


def sweep_tally(spec: EquitySpec) -> Tally:
    """The tally of ``exact_tally(spec)`` for heads-up hold'em, or a hand against two ranges
    (``sweeps``), found board by board by ``kernels.sweep_headsup``, ``hand_against_range`` or
    ``hand_two_ranges``: each hand ranked once a board, the ranges ordered by value and counted
    against each other with running sums per card (no deal of hole cards is listed). The weight
    groups are those of ``exact_tally``: the products of the hands' weights over the deals in
    which no two share a card."""
    return _lists_tally(spec, *_sweep_lists(spec))


def _lists_tally(spec: EquitySpec, groups: list[float], rows: list[int], counts: list[int]) -> Tally:
    """The tally of ``_sweep_lists``'s lists."""
    return _lists_tally_of(len(spec.ranges), groups, rows, counts)


def _lists_tally_of(players: int, groups: list[float], rows: list[int], counts: list[int]) -> Tally:
    """The tally of ``_sweep_lists``'s lists of ``players`` players."""
    import numpy as np

    return Tally(tuple(groups), np.array(rows, dtype=np.int64).reshape(len(groups), players, -1),
                 np.array(counts, dtype=np.int64))


def _sweep_lists(spec: EquitySpec) -> tuple[list[float], list[int], list[int]]:
    """``sweep_tally`` as lists: the weight groups, each group's players' tally columns one after
    the other, and each group's showdowns."""
    import numpy as np

    if len(spec.ranges) == 3:
        return _three_lists(spec)
    setup = spec.memo.get("sweep")
    if setup is None:
        setup = spec.memo["sweep"] = _sweep_setup(spec)
    kernel, args, single, swapped, weights0, weights1 = setup
    out = np.zeros((len(weights0), len(weights1), 4), dtype=np.int64)
    kernel(*args, out[0] if single else out)
    found = _sweep_sums(out, swapped, weights0, weights1)
    if found is None:
        raise RangeError("the ranges leave no deal in which no two players hold the same card")
    return found


def _sweep_sums(out: np.ndarray[Any, Any], swapped: bool, weights0: Any,
                weights1: Any) -> tuple[list[float], list[int], list[int]] | None:
    """``_sweep_lists`` from a sweep kernel's output ``out[j, k]`` (by the weight classes
    ``weights0`` and ``weights1`` of the ranges as the kernel took them, ``swapped`` when it took
    them the other way round): the weight groups, each group's tally columns and showdowns;
    None when no deal was counted."""
    sums: dict[float, list[int]] = {}  # deal weight: wins of each player, ties, showdowns
    if len(weights0) == len(weights1) == 1:  # one weight a range: one group, its columns written out
        won, lost, tied, showdowns = out.ravel().tolist()
        if not showdowns:
            return None
        if swapped:
            won, lost = lost, won
        whole, half = _PARTS[1], _PARTS[2]
        first, second = won * whole + tied * half, lost * whole + tied * half
        tied_squares = tied * half * half
        return [float(weights0[0] * weights1[0])], [
            first, won * whole * whole + tied_squares, won, tied, first, 0,
            second, lost * whole * whole + tied_squares, lost, tied, second, 0,
        ], [showdowns]
    else:
        if swapped:
            out = out.transpose(1, 0, 2)[:, :, [1, 0, 2, 3]]
            weights0, weights1 = weights1, weights0
        for j, row in enumerate(out.tolist()):
            for k, (won, lost, tied, showdowns) in enumerate(row):
                if showdowns:
                    total = sums.setdefault(float(weights0[j] * weights1[k]), [0, 0, 0, 0])
                    total[0] += won
                    total[1] += lost
                    total[2] += tied
                    total[3] += showdowns
    if not sums:
        return None
    groups = sorted(sums)
    rows: list[int] = []
    for weight in groups:  # each player's pots won alone and split in two
        won, lost, tied, _ = sums[weight]
        rows += _outcome_rows([[0, won, tied], [0, lost, tied]])
    return groups, rows, [sums[w][3] for w in groups]


def _sweep_setup(spec: EquitySpec) -> tuple[Any, tuple[Any, ...], bool, bool, Any, Any]:
    """What ``sweep_tally`` hands its kernel for ``spec``: the kernel, its arguments but the
    output, whether it writes the first row of the output only (a hand against a range), whether
    the ranges are swapped (a range against a hand is counted as the hand against the range),
    and the two ranges' distinct weights."""

    from pokerfloor.equity import kernels

    if not sweeps(spec):
        raise InvalidArgument("the sweep is for heads-up hold'em of listed hands")
    first, second = spec.ranges
    whole = spec.__dict__.get("asked", spec.ranges)[1]
    swapped = len(first) > 1 and len(second) == 1
    if swapped:
        first, second = second, first
        whole = spec.__dict__.get("asked", spec.ranges)[0]
    small, big, suits, at, _ = packed_tables()
    if len(first) == 1:  # the kernel leaves out the range's hands that the board holds: the range read whole
        hands0, weights0 = _holdem_arrays(first)[:2]
        hands1, weights1, classes1, ranks1 = _holdem_arrays(whole)[:4]
        held = spec.known_mask | 1 << int(hands0[0, 0]) | 1 << int(hands0[0, 1])  # no board holds the hand's cards
        args: tuple[Any, ...] = (hands0[0], hands1, classes1, ranks1, _board(spec), held, spec.missing, small, big,
                                 suits, at)
        return kernels.hand_against_range, args, True, swapped, weights0, weights1
    hands0, weights0, classes0, ranks0 = _holdem_arrays(first)[:4]
    hands1, weights1, classes1, ranks1 = _holdem_arrays(second)[:4]
    same = _same_hands(hands0, hands1)
    group = _headsup_grouping(spec, len(hands0), len(hands1), int(ranks0.max()) + 1, int(ranks1.max()) + 1)
    args = (hands0, classes0, hands1, classes1, same, ranks0, ranks1, _board(spec), spec.known_mask, spec.missing,
            group, small, big, suits, at)
    return kernels.sweep_headsup, args, False, swapped, weights0, weights1


def _grouping_pays(spec: EquitySpec, size0: int, size1: int, classes0: int, classes1: int) -> bool:
    """Whether counting the boards with no flush by groups of the ranks dealt and pairs of rank
    classes (``kernels._three_groups``) costs less than sweeping them one by one, for two ranges
    of ``size0`` and ``size1`` hands in ``classes0`` and ``classes1`` rank classes."""
    swept, grouped = _group_costs(spec, size0, size1, classes0, classes1)
    return spec.missing in (1, 2) and grouped < swept


def _headsup_grouping(spec: EquitySpec, size0: int, size1: int, classes0: int, classes1: int) -> int:
    """How ``kernels.sweep_headsup`` counts the boards with no flush of two ranges of ``size0`` and
    ``size1`` hands in ``classes0`` and ``classes1`` rank classes, the cheapest way by
    ``_group_costs`` and ``_group_sweep_cost``: 0 one by one, 1 by groups of the ranks dealt and
    pairs of rank classes, 2 by groups of the ranks dealt swept once each."""
    if spec.missing not in (1, 2):
        return 0
    swept, grouped = _group_costs(spec, size0, size1, classes0, classes1)
    found = [swept, grouped, _group_sweep_cost(spec, size0, size1)]
    return found.index(min(found))


def _group_sweep_cost(spec: EquitySpec, size0: int, size1: int) -> float:
    """The nanoseconds the boards with no flush cost two ranges heads-up by groups of the ranks
    dealt swept once each (``_headsup_grouping`` 2): a hand a group, and with two cards to come a
    hand a board (the boards holding a card of each hand of a deal); fitted to the flop and the
    turn at ranges of 5, 20 and 40 %."""
    if spec.missing not in (1, 2):
        return 0.0
    groups = 13 if spec.missing == 1 else 91
    flushless = _boards(spec) - _suited_completions(spec) if spec.missing == 2 else 0
    return (groups * (1000.0 + 20.0 * (size0 + size1)) + flushless * (100.0 + 0.4 * (size0 + size1)))


def _group_costs(spec: EquitySpec, size0: int, size1: int, classes0: int, classes1: int) -> tuple[float, float]:
    """The nanoseconds the boards with no flush cost two ranges (``_grouping_pays``) swept one by
    one, and counted by groups: fitted to the flop and turn at ranges of 5, 20 and 40 % (a hand
    a board swept; the ranges' class counts apart from each hand; per group a class pair, and a
    hand holding a card of the group's ranks per class)."""
    if spec.missing not in (1, 2):
        return 0.0, 0.0
    flushless = _boards(spec) - _suited_completions(spec)
    groups = 13 if spec.missing == 1 else 91
    swept = flushless * (300.0 + 15.0 * (size0 + size1))
    touching = (size0 + size1) / 3 * (classes0 + classes1) / 2
    grouped = (size0 * classes1 + size1 * classes0) * 3.0 + groups * (classes0 * classes1 * 3.0 + touching * 2.5)
    return swept, grouped


def _three_lists(spec: EquitySpec) -> tuple[list[float], list[int], list[int]]:
    """``_sweep_lists`` of three players, one of them holding a single hand
    (``kernels.hand_two_ranges``)."""
    import numpy as np

    setup = spec.memo.get("three")
    if setup is None:
        setup = spec.memo["three"] = _three_setup(spec)
    kernels = _kernels()
    args, players, weights = setup
    out = np.zeros((len(weights[1]), len(weights[2]), 8), dtype=np.int64)
    kernels.hand_two_ranges(*args, out)
    hero, first, second = players
    won = (  # per role (the hand, the first range, the second): the columns of its pots won alone, split
        # in two, split in three
        ((kernels.HERO,), (kernels.HERO_FIRST, kernels.HERO_SECOND), (kernels.ALL,)),
        ((kernels.FIRST,), (kernels.HERO_FIRST, kernels.BOTH), (kernels.ALL,)),
        ((kernels.SECOND,), (kernels.HERO_SECOND, kernels.BOTH), (kernels.ALL,)),
    )
    sums: dict[float, list[list[int]]] = {}  # deal weight: per player, pots won alone, in two, in three
    counts: dict[float, int] = {}
    for j, row in enumerate(out.tolist()):
        for k, columns in enumerate(row):
            if not columns[kernels.DEALS]:
                continue
            by_player = [0.0, 0.0, 0.0]
            for player, w in ((hero, weights[0][0]), (first, weights[1][j]), (second, weights[2][k])):
                by_player[player] = w
            weight = float(by_player[0] * by_player[1] * by_player[2])  # in the players' order, as exact_tally
            total = sums.setdefault(weight, [[0, 0, 0] for _ in range(3)])
            counts[weight] = counts.get(weight, 0) + columns[kernels.DEALS]
            for role, player in enumerate(players):
                for w, named in enumerate(won[role]):
                    total[player][w] += sum(columns[c] for c in named)
    if not sums:
        raise RangeError("the ranges leave no deal in which no two players hold the same card")
    groups = sorted(sums)
    rows: list[int] = []
    for weight in groups:
        rows += _outcome_rows([[0, *won] for won in sums[weight]])
    return groups, rows, [counts[w] for w in groups]


def _three_setup(spec: EquitySpec) -> tuple[tuple[Any, ...], tuple[int, int, int], tuple[Any, Any, Any]]:
    """``_three_lists``'s kernel arguments but the output, the players in the kernel's roles (the
    hand, the first range, the second) and the three ranges' distinct weights, by role."""

    hero = min(range(3), key=lambda p: len(spec.ranges[p]))
    first, second = (p for p in range(3) if p != hero)
    hand, weights_h, _, _ = _holdem_arrays(spec.ranges[hero])[:4]
    hands0, weights0, classes0, ranks0 = _holdem_arrays(spec.ranges[first])[:4]
    hands1, weights1, classes1, ranks1 = _holdem_arrays(spec.ranges[second])[:4]
    same = _same_hands(hands0, hands1)
    held = spec.known_mask | 1 << int(hand[0, 0]) | 1 << int(hand[0, 1])
    small, big, suits, at, _ = packed_tables()
    group = _grouping_pays(spec, len(hands0), len(hands1), int(ranks0.max()) + 1, int(ranks1.max()) + 1)
    args = (hand[0], hands0, classes0, ranks0, hands1, classes1, ranks1, same, _board(spec), held, spec.missing,
            group, small, big, suits, at)
    return args, (hero, first, second), (weights_h, weights0, weights1)


def boards_tally(spec: EquitySpec) -> Tally:
    """The tally of ``exact_tally(spec)`` with the boards outside (``kernels.boards_first``):
    each hand of each range ranked once a board, then every deal that the board leaves settled
    from those values. Any game and number of players of listed hands."""
    import numpy as np

    from pokerfloor.equity import kernels

    picks, classes, weights = spec.deal_picks
    hands, sizes, ranks, held = _boards_arrays(spec.ranges, spec.hole_cards)
    rows = np.zeros((len(weights), len(spec.ranges), kernels.COLUMNS), dtype=np.int64)
    counts = np.zeros(len(weights), dtype=np.int64)
    small, big, suits, at, _ = packed_tables()
    _, omaha, hilo = GAMES[spec.game]
    kernels.boards_first(hands, sizes, picks, classes, ranks, _board(spec), spec.known_mask | held, spec.missing,
                         omaha, hilo, small, big, suits, at, rows, counts)
    return Tally(weights, rows, counts)


_BOARDS_ARRAYS: dict[tuple[int, ...], tuple[tuple[Range, ...], Any]] = {}


def _boards_arrays(ranges: tuple[Range, ...], size: int) -> tuple[Any, Any, Any, int]:
    """The ranges as ``kernels.boards_first`` reads them: hands ``(players, widest, size)``,
    each range's size, each hand's rank class (hold'em), and the cards held in every deal (those
    of every range of one hand: no board holds them); kept by the ranges' identity."""
    import numpy as np

    key = tuple(id(r) for r in ranges)
    kept = _BOARDS_ARRAYS.get(key)
    if kept is not None and all(a is b for a, b in zip(kept[0], ranges, strict=True)):
        return kept[1]  # type: ignore[no-any-return]
    players, widest = len(ranges), max(len(r) for r in ranges)
    hands = np.zeros((players, widest, size), dtype=np.uint8)
    sizes = np.array([len(r) for r in ranges], dtype=np.int64)
    ranks = np.zeros((players, widest), dtype=np.int64)
    held = 0
    for p, r in enumerate(ranges):
        hands[p, : len(r)] = [cards for cards, _ in r.hands]
        if size == 2:
            ranks[p, : len(r)] = _rank_classes(hands[p, : len(r)].astype(np.int64))
        if len(r) == 1:
            held |= sum(1 << c for c in r.hands[0][0])
    found = (hands, sizes, ranks, held)
    if len(_BOARDS_ARRAYS) >= 32:
        _BOARDS_ARRAYS.clear()
    _BOARDS_ARRAYS[key] = (ranges, found)
    return found


def fixed(spec: EquitySpec) -> bool:
    """Whether ``fixed_tally`` may answer ``spec``: hold'em of one hand a player."""
    return spec.game == "holdem" and all(len(r) == 1 and not r.random for r in spec.ranges)


def _flush_boards(spec: EquitySpec) -> int:
    """At most the steps ``fixed_tally`` takes over the completions in which some player of fixed
    hands can make a flush (the suited cards one by one, the others by at most as many multisets
    of ranks as they deal), or -1 when the cards shown already give one a flush to come."""
    holes = [r.hands[0][0] for r in spec.ranges]
    held = [*spec.board, *spec.dead, *(c for h in holes for c in h)]
    left = [13 - [c & 3 for c in held].count(s) for s in range(4)]
    shown = [c & 3 for c in spec.board]
    most = [max((h[0] & 3 == s) + (h[1] & 3 == s) for h in holes) for s in range(4)]
    total = 0
    for s in range(4):
        needed = 5 - shown.count(s) - most[s]
        if needed <= 0:
            return -1
        others = 52 - len(held) - left[s]
        total += sum(math.comb(left[s], k) * min(math.comb(others, rest), math.comb(12 + rest, rest))
                     for k in range(needed, spec.missing + 1) for rest in (spec.missing - k,))
    return total


def fixed_tally(spec: EquitySpec) -> Tally | None:
    """The tally of ``exact_tally(spec)`` for fixed hold'em hands (``fixed``), by the ranks
    dealt (``kernels.fixed_hands``): each multiset of ranks to come settled once, its
    completions in which a player can make a flush settled again by the ranks the cards of the
    suit deal. None when the cards shown give a player a flush with no card to come (every
    completion is then such a one)."""
    found = _fixed_lists(spec)
    if found is None:
        return None
    weight, rows, showdowns = found
    return _lists_tally(spec, [weight], rows, [showdowns])


def _fixed_lists(spec: EquitySpec) -> tuple[float, list[int], int] | None:
    """``fixed_tally`` as the deal's weight, the players' tally columns one after the other and
    the showdowns, or None."""
    import numpy as np

    setup = spec.memo.get("fixed")
    if setup is None:
        setup = spec.memo["fixed"] = _fixed_setup(spec)
    args, weight = setup
    players = len(spec.ranges)
    outcomes = np.zeros((players, players + 1), dtype=np.int64)
    showdowns = int(_kernels().fixed_hands(*args, outcomes))
    if showdowns < 0:
        return None
    return weight, _outcome_rows(outcomes.tolist()), showdowns


def _outcome_rows(outcomes: list[list[int]]) -> list[int]:
    """``kernels.add_outcomes`` for a few counts, in Python: from each player's pots won with
    ``w`` winners in all (``outcomes[p][w]``), the player's tally columns, one player after the
    other."""
    parts = _PARTS[: len(outcomes) + 1]
    squared = _SQUARED[: len(outcomes) + 1]
    rows: list[int] = []
    for won in outcomes:
        shares = sum(map(mul, won, parts))
        rows += (shares, sum(map(mul, won, squared)), won[1], sum(won) - won[0] - won[1], shares, 0)
    return rows


_PARTS = [0, *(5040 // w for w in range(1, MAX_PLAYERS + 1))]
"""A pot's share (``kernels.SHARE``, 5,040) split ``w`` ways, for ``w`` from 0 (no pot) to ``MAX_PLAYERS``."""
_SQUARED = [part * part for part in _PARTS]


def _fixed_setup(spec: EquitySpec) -> tuple[tuple[Any, ...], float]:
    """``fixed_tally``'s kernel arguments for ``spec`` but the output, and the deal's weight."""
    import numpy as np

    if not fixed(spec):
        raise InvalidArgument("fixed_tally is for hold'em hands of one hand a player")
    holes = np.array([r.hands[0][0] for r in spec.ranges], dtype=np.int64)
    held = spec.known_mask
    for cards in holes.tolist():
        held |= (1 << cards[0]) | (1 << cards[1])
    if bin(held).count("1") != len(spec.board) + len(spec.dead) + 2 * len(spec.ranges):
        raise RangeError("the ranges leave no deal in which no two players hold the same card")
    small, big, suits, at, choose = packed_tables()
    weight = math.prod(r.hands[0][1] for r in spec.ranges)
    return (holes, _board(spec), held, spec.missing, choose, small, big, suits, at), float(weight)


def table_answers(spec: EquitySpec) -> bool:
    """Whether the pre-flop table (``preflop``) answers ``spec``: heads-up hold'em with no
    board and no dead cards, and the table present and sound."""
    if spec.game != "holdem" or len(spec.ranges) != 2 or spec.board or spec.dead:
        return False
    return preflop.load() is not None


def table_tally(spec: EquitySpec) -> Tally | None:
    """The exact tally of a question the pre-flop table answers (``table_answers``), read
    from the table; None for any other question."""
    table = preflop.load() if table_answers(spec) else None
    if table is None:
        return None
    weights, rows, counts = preflop.lookup(spec.ranges[0].hands, spec.ranges[1].hands, table)
    if not weights:
        raise RangeError("the ranges leave no deal in which no two players hold the same card")
    return Tally(weights, rows, counts)


def block_seed(seed: int, block: int) -> int:
    """The seed of Monte Carlo block ``block``: the first word of the block's child of
    ``SeedSequence(seed)``, the same child whatever else is spawned."""
    import numpy as np

    child = np.random.SeedSequence(seed, spawn_key=(block,))
    return int(child.generate_state(1, np.uint32)[0])


def sample_tally(spec: EquitySpec, seed: int, first: int, last: int, block: int = BLOCK) -> Tally:
    """Tally Monte Carlo blocks ``first`` to ``last`` (``block`` deals each) of ``seed``."""
    import numpy as np

    from pokerfloor.equity import kernels

    small, big, suits, at, _ = packed_tables()
    _, omaha, hilo = GAMES[spec.game]
    players, size = len(spec.ranges), spec.hole_cards
    widest = max(len(r) for r in spec.ranges)
    hands = np.zeros((players, max(widest, 1), size), dtype=np.uint8)
    cumulative = np.zeros((players, max(widest, 1)), dtype=np.float64)
    uniform = np.zeros(players, dtype=np.bool_)
    sizes = np.zeros(players, dtype=np.int64)
    for p, r in enumerate(spec.ranges):
        if r.random:
            continue
        sizes[p] = len(r)
        hands[p, : len(r)] = [cards for cards, _ in r.hands]
        weights = [w for _, w in r.hands]
        cumulative[p, : len(r)] = np.cumsum(weights)
        uniform[p] = min(weights) == max(weights)
    rows = np.zeros((1, players, kernels.COLUMNS), dtype=np.int64)
    counts = np.zeros(1, dtype=np.int64)
    redrawn = 0
    board = _board(spec)
    listed = not omaha and not any(r.random for r in spec.ranges)  # the hold'em kernel's case
    if listed:
        keys = small[hands].sum(axis=2)
        bits = (np.int64(1) << (13 * (hands & 3) + (hands >> 2)).astype(np.int64)).sum(axis=2)
        cards = (np.int64(1) << hands.astype(np.int64)).sum(axis=2)
    for number in range(first, last):
        if not listed:
            done, again = kernels.sample(block_seed(seed, number), block, hands, cumulative, uniform, sizes, size,
                                         board, spec.known_mask, spec.missing, omaha, hilo, small, big, suits, at,
                                         rows[0])
        else:
            done, again = kernels.sample_holdem(block_seed(seed, number), block, keys, bits, cards, cumulative,
                                                uniform, sizes, board, spec.known_mask, spec.missing, small, big,
                                                suits, at, rows[0])
        if done < block:
            raise RangeError("the ranges almost never leave a deal in which no two players hold the same card")
        counts[0] += done
        redrawn += again
    return Tally((1.0,), rows, counts, redrawn)


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One player's result: pot share, how often the whole pot alone (``win``, a scoop in
    hi-lo) or a part of it (``tie``), the shares from the high and low halves, the standard
    error of ``equity`` (0 when exact) and the number of hands in the range."""


    range: str
    equity: float
    win: float
    tie: float
    high: float
    low: float
    stderr: float
    hands: int


@dataclass(frozen=True, slots=True)
class Equity:
    """The answer to an ``EquitySpec``: per player, and how it was found."""

    game: str
    board: str
    dead: str
    players: tuple[PlayerEquity, ...]
    exact: bool
    showdowns: int
    table: bool = False
    """Exact, read from the heads-up pre-flop table rather than enumerated."""
    method: str = ""
    """The path that found it (``METHODS``): ``table``, ``sweep``, ``fixed``, ``boards``,
    ``enumeration`` or ``monte_carlo``."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "board": self.board,
            "dead": self.dead,
            "method": "exact" if self.exact else "monte_carlo",
            "path": self.method,
            "table": self.table,
            "showdowns": self.showdowns,
            "players": [
                {"range": p.range, "equity": p.equity, "win": p.win, "tie": p.tie, "high": p.high, "low": p.low,
                 "stderr": p.stderr, "hands": p.hands}
                for p in self.players
            ],
        }


def result(spec: EquitySpec, tally: Tally, *, exact: bool, table: bool = False, method: str = "") -> Equity:
    """The players' equities from a finished tally (``table``: read from the pre-flop table;
    ``method``: the path that counted it, by default ``table``, ``enumeration`` or
    ``monte_carlo`` as ``table`` and ``exact`` say)."""
    if len(tally.weights) == 1:  # the same products, without numpy's overhead for one group
        return _one_group(spec, tally.weights[0], int(tally.counts[0]), tally.rows[0].ravel().tolist(), exact=exact,
                          table=table, method=method)
    sums, total = _weighted(tally)
    return _equity(spec, sums, total, tally.showdowns, exact=exact, table=table, method=method)


def _weighted(tally: Tally) -> tuple[list[float], float]:
    """A tally of several weight groups summed by weight: the players' tally columns one after the
    other, and the weighted showdowns."""
    import numpy as np

    weights = np.array(tally.weights)
    total = float(weights @ tally.counts)
    return np.tensordot(weights, tally.rows.astype(np.float64), axes=1).ravel().tolist(), total  # players x columns


def _one_group(spec: EquitySpec, weight: float, n: int, rows: list[int], *, exact: bool, table: bool,
               method: str) -> Equity:
    """``result`` of a tally of one weight group: ``n`` showdowns of deal weight ``weight``, the
    players' tally columns one after the other in ``rows``."""
    return _equity(spec, [weight * float(v) for v in rows], weight * float(n), n, exact=exact, table=table,
                   method=method)


def _equity(spec: EquitySpec, sums: list[float], total: float, n: int, *, exact: bool, table: bool,
            method: str) -> Equity:
    """``result`` from the weighted sums of the tally columns (the players' one after the other),
    the weighted showdowns ``total`` and the showdowns ``n``."""
    board, dead = spec.texts
    players = [(r.text, math.comb(52, spec.hole_cards) if r.random else len(r)) for r in spec.ranges]
    return make_equity(spec.game, board, dead, players, sums, total, n, exact=exact, table=table, method=method)


def make_equity(game: str, board: str, dead: str, players: Sequence[tuple[str, int]], sums: list[float], total: float,
           n: int, *, exact: bool, table: bool, method: str) -> Equity:
    """The ``Equity`` of a question of ``game`` on ``board`` with ``dead`` cards (as text), each
    player's range's text and number of hands (``players``), from the weighted sums of the tally
    columns (the players' one after the other), the weighted showdowns ``total`` and the
    showdowns ``n``."""
    HIGHS, LOWS, SCOOPS, SHARE, SHARES, SPLITS, SQUARES = _kernels().COLUMN_NAMES
    columns = len(sums) // len(players)
    found = []
    for p, (text, hands) in enumerate(players):
        row = sums[p * columns : (p + 1) * columns]
        mean = float(row[SHARES] / SHARE / total)
        stderr = 0.0
        if not exact and n > 1:
            variance = max(row[SQUARES] / SHARE**2 / total - mean**2, 0.0)
            stderr = math.sqrt(variance / (n - 1))
        found.append(PlayerEquity(
            text, mean, row[SCOOPS] / total, row[SPLITS] / total, row[HIGHS] / SHARE / total,
            row[LOWS] / SHARE / total, stderr, hands,
        ))
    method = method or ("table" if table else "enumeration" if exact else "monte_carlo")
    return Equity(game, board, dead, tuple(found), exact, n, table, method)


METHODS = ("table", "sweep", "fixed", "boards", "enumeration", "monte_carlo")
"""The paths ``calculate`` can take: the pre-flop table, the sweep (``sweep_tally``: heads-up, or a
hand against two ranges),
fixed hands by the ranks dealt (``fixed_tally``), the boards-outside enumeration
(``boards_tally``), the plain enumeration (``exact_tally``, chosen only when asked for by name)
and Monte Carlo (``sample_tally``)."""

VARIANCE = 0.25
"""The variance of one showdown's share that the cost of sampling is planned for (its largest,
for a share between 0 and 1)."""


def _boards(spec: EquitySpec) -> int:
    """Board completions the exact paths go through: from the cards not on the board, not dead
    and not held by a player whose range is one hand."""
    held = {c for r in spec.ranges if len(r) == 1 for c in r.hands[0][0]}
    return math.comb(52 - len(spec.board) - len(spec.dead) - len(held), spec.missing)


OVERHEAD = 100_000.0
"""Nanoseconds an exact path spends in Python before its loop (arrays of the ranges' hands)."""


def costs(spec: EquitySpec, precision: float = 0.001) -> dict[str, float]:
    """The estimated time in nanoseconds of each path that answers ``spec``: ``sweep``,
    ``fixed`` and ``boards`` exactly, ``monte_carlo`` to a standard error of ``precision`` (``VARIANCE /
    precision**2`` showdowns, half again for the doubling rounds). The constants are per board,
    per hand ranked on a board, per deal settled on a board and per showdown sampled, fitted to
    timings of the benchmark's cases (``bench --only equity-board``) on one core with numba;
    only their ratios matter, as the fastest path is chosen."""
    _, omaha, hilo = GAMES[spec.game]
    players = len(spec.ranges)
    rank = (100.0 if omaha else 15.0) * (2 if hilo else 1)
    found: dict[str, float] = {}
    per_showdown = 30.0 + players * (430.0 * (1.1 if hilo else 1.0) if omaha else 40.0)
    found["monte_carlo"] = 1.5 * VARIANCE / precision**2 * per_showdown
    if any(r.random for r in spec.ranges):
        return found
    boards = _boards(spec)
    sizes = [len(r) for r in spec.ranges]
    # hold'em with one or two cards to come: the boards with no flush go by the ranks they deal
    flushes = _suited_completions(spec) if not omaha and spec.missing in (1, 2) else boards
    groups = min(13 if spec.missing == 1 else 91, boards - flushes)
    if sweeps(spec):
        if players == 2 and min(sizes) == 1:
            found["sweep"] = OVERHEAD + boards * 35.0 + (flushes + groups) * 3.0 * max(sizes)
        else:  # two ranges (and a hand): the boards that can make a flush swept, the others grouped or swept
            two = sorted(spec.ranges, key=len)[-2:]
            classes = [int(_holdem_arrays(r)[3].max()) + 1 for r in two]
            swept, grouped = _group_costs(spec, len(two[0]), len(two[1]), *classes)
            if players == 2:
                grouped = min(grouped, _group_sweep_cost(spec, len(two[0]), len(two[1])))
            one_by_one = flushes if spec.missing in (1, 2) else boards
            found["sweep"] = (OVERHEAD + boards * 35.0 + one_by_one * (300.0 + 15.0 * (len(two[0]) + len(two[1])))
                              + min(swept, grouped))
    if fixed(spec):
        flush_steps = _flush_boards(spec)
        if flush_steps >= 0:
            multisets = math.comb(12 + spec.missing, spec.missing)
            found["fixed"] = OVERHEAD + multisets * players * 8.0 + flush_steps * (40.0 + 12.0 * players)
    deals = math.prod(sizes)
    if deals <= MAX_DEALS:
        per_board = rank * sum(sizes) + 10.0 * deals * players
        found["boards"] = OVERHEAD + boards * 30.0 + (flushes + groups) * per_board
    return found


def _suited_completions(spec: EquitySpec) -> int:
    """The completions of the board (from the cards not on it or dead, nor held by a range of one
    hand) with three or more cards of a suit (at most one suit can have three of five)."""
    held = [*spec.board, *spec.dead, *(c for r in spec.ranges if len(r) == 1 for c in r.hands[0][0])]
    suits = [c & 3 for c in held]
    shown = [c & 3 for c in spec.board]
    total = 0
    for s in range(4):
        suited = 13 - suits.count(s)
        others = 52 - len(held) - suited
        total += sum(math.comb(suited, k) * math.comb(others, spec.missing - k)
                     for k in range(max(0, 3 - shown.count(s)), spec.missing + 1))
    return total


def choose(spec: EquitySpec, precision: float = 0.001, exact: bool | None = None) -> str:
    """The path ``calculate`` takes (``METHODS``): the pre-flop table where it answers (unless
    ``exact`` is False), else the cheapest of ``costs`` (only the exact ones when ``exact``,
    only sampling when ``exact`` is False). The costs are worked out once a spec and precision
    (whether the table is there and sound is asked each time)."""
    if exact is not False and table_answers(spec):
        return "table"
    key = ("choose", precision, exact)
    found: str | None = spec.memo.get(key)
    if found is None:
        shape = (_shape(spec), precision, exact)
        found = _CHOICES.get(shape)
        if found is None:
            found = _choose(spec, precision, exact)
            if len(_CHOICES) >= 4096:
                _CHOICES.clear()
            _CHOICES[shape] = found
        spec.memo[key] = found
    return found


_CHOICES: dict[tuple[Any, ...], str] = {}
"""The path chosen for each shape of question (``_shape``) asked lately."""


def _shape(spec: EquitySpec) -> tuple[Any, ...]:
    """What ``costs`` reads of ``spec``, as a key: the game, the numbers of cards on the board and
    dead, the sizes of the ranges as read (before the board took out the hands holding its cards)
    and their rank classes where the sweep of two ranges counts them, and per suit (in an order of
    their own: every cost is the same under a change of suits) the cards of it known (board, dead,
    hands of ranges of one hand), on the board, and in one hand at most. Questions of one shape
    cost about the same on every path (the same, but for the few hands the board takes out), so
    the path chosen for one serves all."""
    sizes = [len(_root(r)) for r in spec.ranges]
    classes: tuple[int, ...] = ()
    if (len(sizes) > 2 or min(sizes) > 1) and sweeps(spec):
        two = sorted(spec.ranges, key=len)[-2:]
        classes = tuple(_holdem_arrays(_root(r))[4] for r in two)
    singles = [r.hands[0][0] for r in spec.ranges if len(r) == 1 and not r.random]
    return shape_key(spec.game, spec.board, spec.dead, sizes, [r.random for r in spec.ranges], singles, classes)


def shape_key(game: str, board: Sequence[int], dead: Sequence[int], sizes: Sequence[int], randoms: Sequence[bool],
              singles: Sequence[Sequence[int]], classes: tuple[int, ...]) -> tuple[Any, ...]:
    """``_shape`` from its parts: the game, the board and dead cards, the sizes of the ranges as
    read, whether each is random, the cards of each range of one hand (as the board leaves it),
    and the rank classes the sweep of two ranges counts."""
    held = [0, 0, 0, 0]
    shown = [0, 0, 0, 0]
    most = [0, 0, 0, 0]
    for c in board:
        shown[c & 3] += 1
        held[c & 3] += 1
    for c in dead:
        held[c & 3] += 1
    bits = 0
    for cards in singles:
        in_hand = [0, 0, 0, 0]
        for c in cards:
            in_hand[c & 3] += 1
            bits |= 1 << c
        for s in range(4):
            held[s] += in_hand[s]
            if in_hand[s] > most[s]:
                most[s] = in_hand[s]
    suits = sorted(zip(held, shown, most, strict=True))
    return (game, len(board), len(dead), tuple(sizes), tuple(randoms), classes, bits.bit_count(), *suits)


def _choose(spec: EquitySpec, precision: float, exact: bool | None) -> str:
    found = costs(spec, precision)
    if exact is False:
        return "monte_carlo"
    if exact:
        found.pop("monte_carlo")
        if not found:
            raise InvalidArgument("exact enumeration needs listed hands: a random Omaha hand is sampled only")
    return min(found, key=lambda m: found[m])


def answer(
    ranges: Sequence[str | Range],
    *,
    board: CardsLike = (),
    dead: CardsLike = (),
    game: str = "holdem",
    exact: bool | None = None,
    precision: float = 0.001,
    trials: int = 10_000_000,
    seed: int = 0,
    method: str | None = None,
) -> Equity:
    """``pokerfloor.equity.calculate`` the long way: the question read whole into an
    ``EquitySpec`` (``EquitySpec.make``, which refuses a wrong one), its path chosen (``choose``)
    or named (``method``), its tally counted. ``ask.calculate`` sends here every question its
    short way (``fresh``) does not answer; the arguments are ``ask.calculate``'s."""
    spec = EquitySpec.make(ranges, board=board, dead=dead, game=game)
    if precision <= 0 or trials < 1:
        raise InvalidArgument("precision is positive and trials at least 1")
    if method is None:
        method = choose(spec, precision, exact)
    elif method not in METHODS:
        raise InvalidArgument(f"unknown method {method!r}; known: {', '.join(METHODS)}")
    if method == "table":
        from_table = table_tally(spec)
        if from_table is None:
            raise InvalidArgument("the pre-flop table answers heads-up hold'em with no board and no dead cards")
        return result(spec, from_table, exact=True, table=True, method=method)
    if method == "sweep":
        groups, rows, counts = _sweep_lists(spec)
        if len(groups) == 1:  # no arrays to make for one weight group
            return _one_group(spec, groups[0], counts[0], rows, exact=True, table=False, method=method)
        return result(spec, _lists_tally(spec, groups, rows, counts), exact=True, method=method)
    if method == "fixed":
        by_ranks = _fixed_lists(spec)
        if by_ranks is not None:
            weight, rows, showdowns = by_ranks
            return _one_group(spec, weight, showdowns, rows, exact=True, table=False, method=method)
        method = "boards"
    if method == "boards":
        return result(spec, boards_tally(spec), exact=True, method=method)
    if method == "enumeration":
        return result(spec, exact_tally(spec), exact=True, method=method)
    block = min(BLOCK, trials)
    blocks = -(-trials // block)
    tally = sample_tally(spec, seed, 0, 1, block)
    done = 1
    while done < blocks:
        found = result(spec, tally, exact=False)
        if max(p.stderr for p in found.players) <= precision:
            return found
        step = min(blocks - done, done)  # double the sample each round
        tally = tally + sample_tally(spec, seed, done, done + step, block)
        done += step
    return result(spec, tally, exact=False)
