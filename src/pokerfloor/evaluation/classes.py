"""Hand classes: the distinct five-card hands of a ranking, in order from worst to best.

A class is what a showdown compares: the category and the ranks that break ties within it
(suits never do). Each ranking lists its classes worst first, so a class's value is its place
in that list plus one, and the best hand has the greatest value. Lowball rankings (ace-to-five,
deuce-to-seven) are the matching high ladder read backwards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from pokerfloor.errors import InvalidArgument
from pokerfloor.evaluation.cardkeys import ranks_key

STRAIGHT_FLUSH = "straight flush"
FOUR_OF_A_KIND = "four of a kind"
FULL_HOUSE = "full house"
FLUSH = "flush"
STRAIGHT = "straight"
THREE_OF_A_KIND = "three of a kind"
TWO_PAIR = "two pair"
ONE_PAIR = "one pair"
HIGH_CARD = "high card"
NO_PAIR = "no pair"

HIGH_ORDER = (
    HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
)
"""Categories worst to best in the standard ranking."""

SHORT_DECK_ORDER = (
    HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FULL_HOUSE, FLUSH, FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
)
"""Short deck: with fewer cards per suit a flush is rarer than a full house and beats it."""

ACE = 12
FULL_RANKS = range(13)
SHORT_DECK_RANKS = range(4, 13)


class HandClass(NamedTuple):
    """A category and the rank indexes that order hands within it, most important first."""

    category: str
    ranks: tuple[int, ...]


class Ladder(NamedTuple):
    """One ranking's five-card classes and where to find them.

    ``classes[value - 1]`` is the class of ``value``; ``unsuited[ranks_key]`` is the value of
    five cards of those ranks that are not all one suit, ``suited[mask]`` the value of five
    cards of one suit whose rank bits make ``mask``.
    """

    classes: tuple[HandClass, ...]
    unsuited: dict[int, int]
    suited: dict[int, int]


def straights(ranks: range) -> dict[int, int]:
    """The rank masks that are straights among ``ranks``, with each one's top card.

    The ace also plays low, below the deck's lowest rank: A-2-3-4-5 in a full deck,
    A-6-7-8-9 in a short deck.
    """
    out: dict[int, int] = {}
    for top in range(ranks.start + 4, ranks.stop):
        out[sum(1 << r for r in range(top - 4, top + 1))] = top
    low_top = ranks.start + 3
    out[(1 << ACE) | sum(1 << r for r in range(ranks.start, low_top + 1))] = low_top
    return out


def _best_first(
    category: str, desc: Sequence[int], straight_tops: dict[int, int]
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each hand of a category as (tie-break ranks, its five ranks), best first.

    ``desc`` lists the ranks strongest first; taking combinations of it in order yields the
    tie-break tuples in descending order, so no sorting is needed.
    """
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        for mask, top in sorted(straight_tops.items(), key=lambda item: item[1], reverse=True):
            yield (top,), tuple(r for r in desc if mask >> r & 1)
    elif category in (HIGH_CARD, FLUSH):
        for hand in combinations(desc, 5):
            if sum(1 << r for r in hand) not in straight_tops:
                yield hand, hand
    elif category in (FOUR_OF_A_KIND, FULL_HOUSE):
        size = 4 if category == FOUR_OF_A_KIND else 3
        for big in desc:
            for small in desc:
                if small != big:
                    yield (big, small), (big,) * size + (small,) * (5 - size)
    elif category == THREE_OF_A_KIND:
        for trips in desc:
            for two in combinations([r for r in desc if r != trips], 2):
                yield (trips, *two), (trips, trips, trips, *two)
    elif category == TWO_PAIR:
        for high, low in combinations(desc, 2):
            for kicker in desc:
                if kicker not in (high, low):
                    yield (high, low, kicker), (high, high, low, low, kicker)
    elif category == ONE_PAIR:
        for pair in desc:
            for three in combinations([r for r in desc if r != pair], 3):
                yield (pair, *three), (pair, pair, *three)
    else:
        raise InvalidArgument(f"no such category: {category}")


def ladder(
    ranks: range,
    order: Sequence[str],
    straight_tops: dict[int, int],
    *,
    ace_low: bool = False,
    lowball: bool = False,
) -> Ladder:
    """Build a ranking's classes.

    ``order`` lists the categories worst to best as a high hand (a ranking where suits never
    matter leaves out the flushes and passes no straights); ``ace_low`` ranks the ace below
    the deuce; ``lowball`` reads the ladder backwards, so the least high hand wins, and calls
    unpaired hands "no pair".
    """
    desc = sorted(ranks, key=lambda r: (r + 1) % 13 if ace_low else r, reverse=True)
    best_first: list[tuple[HandClass, tuple[int, ...], bool]] = []
    for category in reversed(order):
        suited = category in (FLUSH, STRAIGHT_FLUSH)
        for tie, hand in _best_first(category, desc, straight_tops):
            best_first.append((HandClass(category, tie), hand, suited))
    count = len(best_first)
    unsuited: dict[int, int] = {}
    suited_masks: dict[int, int] = {}
    classes: list[HandClass] = [HandClass(HIGH_CARD, ())] * count
    for place, (hand_class, hand, suited) in enumerate(best_first):
        value = place + 1 if lowball else count - place
        if suited:
            suited_masks[sum(1 << r for r in hand)] = value
        else:
            unsuited[ranks_key(hand)] = value
        if lowball and hand_class.category == HIGH_CARD:
            hand_class = hand_class._replace(category=NO_PAIR)
        classes[value - 1] = hand_class
    return Ladder(tuple(classes), unsuited, suited_masks)
