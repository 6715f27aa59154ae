"""The ranking of hands of one to three cards, for the small games of research.

Kuhn poker (Kuhn 1950) ranks one card: the higher wins. Leduc hold'em (Southey et al. 2005)
ranks a card with the board's: a pair beats any unpaired hand, then the higher card; suits never
break a tie. Three cards rank as in Rhode Island hold'em (Shi and Littman 2001): high card, one
pair, flush, straight, three of a kind, straight flush, worst to best (a straight is rarer than a
flush in three cards); A-2-3 is the lowest straight. Hands of different sizes never meet at one
showdown, so each size has its own part of the one ladder.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from pokerfloor.evaluation.classes import (
    FLUSH,
    HIGH_CARD,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    HandClass,
)

FEW_ORDER = (HIGH_CARD, ONE_PAIR, FLUSH, STRAIGHT, THREE_OF_A_KIND, STRAIGHT_FLUSH)
"""Categories worst to best in hands of at most three cards."""

_ACE = 12


def _straight_top(ranks: Sequence[int]) -> int:
    """The top rank of three distinct ranks in a row (the three of A-2-3), or -1."""
    top, middle, low = ranks
    if top - middle == 1 and middle - low == 1:
        return top
    if (top, middle, low) == (_ACE, 1, 0):
        return 1
    return -1


def few_class(cards: Sequence[int]) -> HandClass:
    """The class of a hand of one to three cards (card numbers, rank times four plus suit)."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    if len(set(ranks)) < len(ranks):
        pair = max(r for r in ranks if ranks.count(r) > 1)
        if ranks.count(pair) == 3:
            return HandClass(THREE_OF_A_KIND, (pair,))
        return HandClass(ONE_PAIR, (pair, *(r for r in ranks if r != pair)))
    if len(ranks) == 3:
        flush = len({c & 3 for c in cards}) == 1
        top = _straight_top(ranks)
        if top >= 0:
            return HandClass(STRAIGHT_FLUSH if flush else STRAIGHT, (top,))
        if flush:
            return HandClass(FLUSH, tuple(ranks))
    return HandClass(HIGH_CARD, tuple(ranks))


@cache
def few_ladder() -> tuple[tuple[HandClass, ...], dict[HandClass, int]]:
    """Every class of one, two and three cards, worst first, and each class's value (its place
    plus one)."""
    found = {few_class(cards) for size in (1, 2, 3) for cards in combinations(range(52), size)}
    classes = tuple(sorted(found, key=_size_key))
    return classes, {cls: i + 1 for i, cls in enumerate(classes)}


def _size_key(hand_class: HandClass) -> tuple[int, int, tuple[int, ...]]:
    """Order by the hand's size first (so each size is one run of the ladder), then category."""
    category, ranks = hand_class
    copies = {THREE_OF_A_KIND: 3, STRAIGHT: 3, STRAIGHT_FLUSH: 3, FLUSH: 3}.get(category)
    size = copies if copies is not None else (len(ranks) + 1 if category == ONE_PAIR else len(ranks))
    return (size, FEW_ORDER.index(category), ranks)


def few_cards_rank(cards: Sequence[int]) -> int:
    """The value of a hand of one to three cards: greater is better; equal hands are equal."""
    return few_ladder()[1][few_class(cards)]
