"""Equity on every board of the next street at once: every flop, or every turn or river card.

``equity_by_flop(["AhKh", "55+, A2s+, KTo+"])`` answers the study question "how does this hand
(or range) do against that range, flop by flop?" in one call. The boards are grouped by suit
isomorphism: two boards are the same question when a change of suits that leaves every range, the
board so far and the dead cards as they are turns one into the other (for ranges written without
suits, every change of suits: the 22,100 flops fall into 1,755 classes; a hand such as AhKh keeps
only the changes that fix its suits, here those of clubs, diamonds and spades). Each class is
answered once, exactly, on its first board, and weighted by the boards in it; a board on which some
range holds no hand (a flop holding a card of a fixed hand) is in no class. The set-up is shared:
the ranges are read once, each board's question is read from what they keep (``Range.memo``), and
the path is chosen once per shape of question (``calculate.choose``).

Every class keeps its exact tally, so the weighted whole is exact too: ``BoardEquities.exact``
is each player's equity over all the boards as a fraction, which for the flops is the pre-flop
equity of the same ranges (each deal of five cards is every one of its ten flops once).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, permutations
from math import comb

from pokerfloor.cards import Card, CardsLike, format_cards, parse_cards
from pokerfloor.equity.calculate import (
    GAMES,
    Equity,
    EquitySpec,
    Tally,
    _holdem_arrays,
    _lists_tally_of,
    _sweep_sums,
    boards_tally,
    choose,
    fixed_tally,
    packed_tables,
    result,
    sweep_tally,
)
from pokerfloor.equity.ranges import Range, RangeError, parse_range
from pokerfloor.errors import InvalidArgument

STREETS = {0: "flop", 3: "turn", 4: "river"}
"""The street dealt next, by the cards on the board so far."""


@dataclass(frozen=True, slots=True)
class BoardEquity:
    """One class of boards: its first board (the cards the street dealt, after the board so far),
    how many boards it holds, the answer on each of them and its exact tally."""

    board: str
    boards: int
    answer: Equity
    tally: Tally

    def equity(self, player: int = 0) -> float:
        return self.answer.players[player].equity


@dataclass(frozen=True)
class BoardEquities:
    """The answer on every board of a street: the classes of boards (``classes``, in the order
    of their first boards), each with its weight, answer and tally."""

    ranges: tuple[str, ...]
    board: str
    dead: str
    street: str
    classes: tuple[BoardEquity, ...]

    @property
    def boards(self) -> int:
        """The boards the street can deal (those on which every range holds a hand)."""
        return sum(c.boards for c in self.classes)

    def exact(self, player: int = 0) -> Fraction:
        """``player``'s equity over every board of the street and every deal they leave, exactly:
        the weighted sum of the classes' tallies (share units over showdowns, each deal by its
        weight)."""
        from pokerfloor.equity.kernels import SHARE, SHARES

        shares = total = Fraction(0)
        for c in self.classes:
            for g, weight in enumerate(c.tally.weights):
                w = Fraction(weight) * c.boards
                shares += w * int(c.tally.rows[g, player, SHARES])
                total += w * int(c.tally.counts[g])
        return shares / SHARE / total

    def equity(self, player: int = 0) -> float:
        """``exact`` as a float."""
        return float(self.exact(player))

    def spread(self, player: int = 0) -> list[tuple[float, int]]:
        """Each class's equity for ``player`` with its number of boards, from the lowest equity."""
        return sorted((c.equity(player), c.boards) for c in self.classes)

    def histogram(self, player: int = 0, bins: int = 10) -> list[int]:
        """The boards by ``player``'s equity on them, in ``bins`` equal steps from 0 to 1 (an
        equity of 1 in the last)."""
        counts = [0] * bins
        for c in self.classes:
            counts[min(int(c.equity(player) * bins), bins - 1)] += c.boards
        return counts

    def quantile(self, q: float, player: int = 0) -> float:
        """The equity below which a share ``q`` of the boards lie (weighted by boards)."""
        spread = self.spread(player)
        seen, goal = 0, q * self.boards
        for value, n in spread:
            seen += n
            if seen >= goal:
                return value
        return spread[-1][0]


def _suit_changes(ranges: Sequence[Range], fixed: Sequence[Card]) -> list[tuple[int, int, int, int]]:
    """The changes of suits (``new = change[old]``) that leave every range (its hands with their
    weights, or ``random``) and the cards ``fixed`` as they are; the identity first."""
    fixed_set = frozenset(int(c) for c in fixed)
    hand_sets = [None if r.random else {(frozenset(int(c) for c in cards), w) for cards, w in r.hands}
                 for r in ranges]
    found = []
    for change in permutations(range(4)):

        def moved(c: int, change: tuple[int, ...] = change) -> int:
            return (c & ~3) | change[c & 3]

        if frozenset(moved(c) for c in fixed_set) != fixed_set:
            continue
        if all(hands is None or {(frozenset(moved(c) for c in cards), w) for cards, w in hands} == hands
               for hands in hand_sets):
            found.append(change)
    return found  # type: ignore[return-value]


def board_classes(ranges: Sequence[Range], board: Sequence[Card], dead: Sequence[Card],
                  cards: int) -> list[tuple[tuple[int, ...], int]]:
    """The classes of the ``cards``-card deals to ``board`` from the cards not on it or dead, by
    the suit changes of ``_suit_changes``: each class's first deal (its cards from the lowest) and
    how many deals it holds, in the order of their first deals."""
    changes = _suit_changes(ranges, [*board, *dead])
    known = {int(c) for c in (*board, *dead)}
    seen: set[tuple[int, ...]] = set()
    out = []
    for deal in combinations([c for c in range(52) if c not in known], cards):
        if deal in seen:
            continue
        orbit = {tuple(sorted((c & ~3) | change[c & 3] for c in deal)) for change in changes}
        seen.update(orbit)
        out.append((deal, len(orbit)))
    return out


def _exact_tally(spec: EquitySpec) -> tuple[str, Tally]:
    """The exact tally of a question with a board, by the path ``choose`` takes."""
    method = choose(spec, 0.001, True)
    if method == "fixed":
        found = fixed_tally(spec)
        if found is not None:
            return method, found
        method = "boards"
    if method == "sweep":
        return method, sweep_tally(spec)
    return "boards", boards_tally(spec)


Short = Callable[[list[Card]], "tuple[Equity, Tally] | None"]
"""A board's answer and tally the short way (``fresh.headsup_lists``), or None: the long way's."""


def _short_way(parsed: Sequence[Range], dead: Sequence[Card], game: str) -> Short | None:
    """How each board of two whole hold'em ranges (not both one hand) with no dead cards is
    answered without reading the question whole (``fresh.headsup_lists``: the sweep, the ranges'
    arrays read once, the board's hands left out by the kernel), or None for other questions.
    The answer and the tally are the long way's (``EquitySpec``, ``choose``, ``sweep_tally``,
    ``result``) to the last bit; a board the short way declines (another path, a range the board
    leaves one hand of or none) goes the long way."""
    if game != "holdem" or dead or len(parsed) != 2:
        return None
    from pokerfloor.equity import fresh

    first, second = (fresh.read_whole(r) for r in parsed)
    if first is None or second is None or (len(first) == 1 and len(second) == 1):
        return None

    def short(board: list[Card]) -> tuple[Equity, Tally] | None:
        mask = 0
        for c in board:
            mask |= 1 << c
        text = format_cards(board)
        found = fresh.headsup_lists(parsed, first, second, (board, mask), text, 0.001, True)
        if found is None:
            return None
        groups, rows, counts, left = found
        tally = _lists_tally_of(2, groups, rows, counts)
        return fresh.sweep_answer(first, second, text, groups, rows, counts, left, tally), tally

    return short


EVERY_FLOP = 1000
"""At least how many flops of a hand against a range the sweep must count for ``_every_flop`` to
rank every board of five cards once (about 2.1 million boards, as long as some 2,000 flops one
by one), rather than count them flop by flop."""


def _every_flop(parsed: Sequence[Range], deals: list[tuple[tuple[int, ...], int]]) -> dict[int, tuple[Equity, Tally]]:
    """The answers and tallies of the flops ``deals`` (by their number there) of a hold'em hand
    against a whole range (either first), counted together by ``every_flop.hand_every_flop``
    where its kernel is compiled and the flops are many (``EVERY_FLOP``): the flops on which
    ``choose`` takes the sweep (``fresh.hand_sweeps``), with the same tally and answer as the
    sweep of each (``fresh.headsup_lists``). The other flops are not in it."""
    import numpy as np

    from pokerfloor.equity import every_flop, fresh

    first, second = (fresh.read_whole(r) for r in parsed)
    if not every_flop.COMPILED or first is None or second is None or (len(first) == 1) == (len(second) == 1):
        return {}
    swapped = len(first) > 1
    hand, whole = (second, first) if swapped else (first, second)
    hands0, weights0 = _holdem_arrays(hand)[:2]
    hands1, weights1, classes1, ranks1 = _holdem_arrays(whole)[:4]
    x, y = int(hands0[0, 0]), int(hands0[0, 1])
    position = [0] * 52
    for i, card in enumerate(c for c in range(52) if c not in (x, y)):
        position[card] = i
    rows = np.full(comb(every_flop.DECK, 3), -1, dtype=np.int64)
    planned: list[tuple[int, str, tuple[int, int]]] = []
    for i, (deal, _) in enumerate(deals):
        if x in deal or y in deal:
            continue  # the hand's card on the flop: no such flop
        board = [Card(c) for c in deal]
        text = format_cards(board)
        left = fresh.hand_sweeps(parsed, first, second, board, text, 0.001, True)
        if left is not None:
            a, b, c = sorted(position[c] for c in deal)
            rows[every_flop.flop_number(a, b, c)] = len(planned)
            planned.append((i, text, left))
    if len(planned) < EVERY_FLOP:
        return {}
    out = every_flop.every_flop((x, y), hands1, classes1, ranks1, rows, len(weights1), packed_tables()[:4])
    found = {}
    for row, (i, text, left) in enumerate(planned):
        lists = _sweep_sums(out[row : row + 1], swapped, weights0, weights1)
        if lists is not None:
            groups, counted, counts = lists
            tally = _lists_tally_of(2, groups, counted, counts)
            found[i] = fresh.sweep_answer(first, second, text, groups, counted, counts, left, tally), tally
    return found


def equity_by_board(ranges: Sequence[str | Range], board: CardsLike = (), *, dead: CardsLike = (),
                    game: str = "holdem") -> BoardEquities:
    """Each player's exact equity on every board of the next street: every flop (no board), every
    turn card (a flop) or every river card (a turn), the boards grouped by suit isomorphism
    (``BoardEquities``). Refused (``InvalidArgument``, ``RangeError``) as ``equity`` refuses a
    question, or when the board has five cards."""
    if game not in GAMES:
        raise InvalidArgument(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    shown, gone = parse_cards(board), parse_cards(dead)
    if len(shown) not in STREETS:
        raise InvalidArgument(f"the next street is dealt to a board of 0, 3 or 4 cards, not {len(shown)}")
    hole_cards = GAMES[game][0]
    parsed = [r if isinstance(r, Range) else parse_range(r, hole_cards) for r in ranges]
    EquitySpec.make(parsed, board=shown, dead=gone, game=game)  # the question as asked, checked whole
    cards = 3 if not shown else 1
    short = _short_way(parsed, gone, game)
    deals = board_classes(parsed, shown, gone, cards)
    shared = _every_flop(parsed, deals) if short is not None and not shown else {}
    classes = []
    for i, (deal, count) in enumerate(deals):
        dealt = [Card(c) for c in deal]
        found = shared.get(i) or (short([*shown, *dealt]) if short is not None else None)
        if found is None:
            try:
                spec = EquitySpec.make(parsed, board=[*shown, *dealt], dead=gone, game=game)
            except RangeError:  # a range holds no hand on this board: no such board is dealt
                continue
            method, tally = _exact_tally(spec)
            found = result(spec, tally, exact=True, method=method), tally
        classes.append(BoardEquity(format_cards(sorted(dealt, reverse=True)), count, *found))
    if not classes:
        raise RangeError("the ranges leave no board of the next street")
    return BoardEquities(tuple(r.text for r in parsed), format_cards(shown), format_cards(gone), STREETS[len(shown)],
                         tuple(classes))


def equity_by_flop(ranges: Sequence[str | Range], *, dead: CardsLike = (), game: str = "holdem") -> BoardEquities:
    """``equity_by_board`` with no board: each player's exact equity on every flop, the 22,100
    flops grouped by suit isomorphism (1,755 classes when no range names suits)."""
    return equity_by_board(ranges, (), dead=dead, game=game)

