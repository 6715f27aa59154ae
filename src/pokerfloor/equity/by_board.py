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

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, permutations

from pokerfloor.cards import Card, CardsLike, format_cards, parse_cards
from pokerfloor.equity.calculate import (
    GAMES,
    Equity,
    EquitySpec,
    Tally,
    boards_tally,
    choose,
    fixed_tally,
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
    classes = []
    for deal, count in board_classes(parsed, shown, gone, cards):
        dealt = [Card(c) for c in deal]
        try:
            spec = EquitySpec.make(parsed, board=[*shown, *dealt], dead=gone, game=game)
        except RangeError:  # a range holds no hand on this board: no such board is dealt
            continue
        method, tally = _exact_tally(spec)
        answer = result(spec, tally, exact=True, method=method)
        classes.append(BoardEquity(format_cards(sorted(dealt, reverse=True)), count, answer, tally))
    if not classes:
        raise RangeError("the ranges leave no board of the next street")
    return BoardEquities(tuple(r.text for r in parsed), format_cards(shown), format_cards(gone), STREETS[len(shown)],
                         tuple(classes))


def equity_by_flop(ranges: Sequence[str | Range], *, dead: CardsLike = (), game: str = "holdem") -> BoardEquities:
    """``equity_by_board`` with no board: each player's exact equity on every flop, the 22,100
    flops grouped by suit isomorphism (1,755 classes when no range names suits)."""
    return equity_by_board(ranges, (), dead=dead, game=game)

