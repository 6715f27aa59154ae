"""``HandRank``: a hand's value that compares as an ``int`` and reads as poker words."""

from __future__ import annotations

from collections.abc import Sequence

from pokerfloor.cards import RANK_CHARS
from pokerfloor.errors import InvalidArgument
from pokerfloor.evaluation.badugi import badugi_table
from pokerfloor.evaluation.classes import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    NO_PAIR,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    HandClass,
)
from pokerfloor.evaluation.few import few_ladder
from pokerfloor.evaluation.high import deuce_seven_ladder, high_tables, short_deck_tables
from pokerfloor.evaluation.low import ace_five_tables, low8_table

RANK_NAMES = (
    "deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
    "king", "ace",
)
RANK_PLURALS = tuple("sixes" if name == "six" else name + "s" for name in RANK_NAMES)

_COPIES = {
    THREE_OF_A_KIND: (3, 1, 1),
    TWO_PAIR: (2, 2, 1),
    ONE_PAIR: (2, 1, 1, 1),
}


def _spelled(ranks: Sequence[int]) -> str:
    return "-".join(RANK_CHARS[r] for r in ranks)


def describe_class(hand_class: HandClass) -> str:
    """``"full house, kings full of sevens"``, ``"flush, ace high: A-K-9-7-3"``, ``"royal flush"``."""
    category, ranks = hand_class
    if category == STRAIGHT_FLUSH and ranks[0] == len(RANK_NAMES) - 1:
        return "royal flush"
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        return f"{category}, {RANK_NAMES[ranks[0]]} high"
    if category == FULL_HOUSE:
        return f"{category}, {RANK_PLURALS[ranks[0]]} full of {RANK_PLURALS[ranks[1]]}"
    if category == FOUR_OF_A_KIND:
        return f"{category}, {RANK_PLURALS[ranks[0]]}, {RANK_NAMES[ranks[1]]} kicker"
    if category in (HIGH_CARD, FLUSH):
        return f"{category}, {RANK_NAMES[ranks[0]]} high: {_spelled(ranks)}"
    if category == NO_PAIR:
        return f"{category}, {RANK_NAMES[ranks[0]]} low: {_spelled(ranks)}"
    copies = _COPIES.get(category)
    if copies is None:  # an eight-or-better low or a badugi: the category says it all
        return f"{category}: {_spelled(ranks)}"
    shown = [r for r, n in zip(ranks, copies, strict=True) for _ in range(n)]
    lead = RANK_PLURALS[ranks[0]]
    if category == TWO_PAIR:
        lead += f" and {RANK_PLURALS[ranks[1]]}"
    return f"{category}, {lead}: {_spelled(shown)}"


class HandRank(int):
    """A high hand's value (1 to 7462): compares as an ``int``, greater is the better hand.

    Equal hands have equal values (suits never break a tie). The other rankings are
    subclasses on their own scales (short deck, lows, badugi): compare like with like.
    """

    __slots__ = ()

    @classmethod
    def classes(cls) -> Sequence[HandClass]:
        """This ranking's hand classes, ``classes()[value - 1]`` being the class of ``value``."""
        return high_tables().ladder.classes

    @property
    def hand_class(self) -> HandClass:
        classes = self.classes()
        if not 1 <= self <= len(classes):
            raise InvalidArgument(f"{type(self).__name__} values run from 1 to {len(classes)}, not {int(self)}")
        return classes[self - 1]

    @property
    def category(self) -> str:
        """``"flush"``, ``"two pair"``, ``"eight low"``, ``"three-card badugi"``..."""
        return self.hand_class.category

    def describe(self) -> str:
        """The hand in words, e.g. ``"flush, ace high: A-K-9-7-3"``."""
        return describe_class(self.hand_class)

    def __str__(self) -> str:
        """The hand as a person says it: ``str(pf.evaluate("AhKhQhJhTh"))`` is ``"royal flush"``."""
        return self.describe()

    def __format__(self, spec: str) -> str:
        return int(self).__format__(spec) if spec else self.describe()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {int(self)}: {self.describe()}>"


class ShortDeckRank(HandRank):
    """A short-deck high hand (1 to 1404)."""

    __slots__ = ()

    @classmethod
    def classes(cls) -> Sequence[HandClass]:
        return short_deck_tables().ladder.classes


class DeuceSevenRank(HandRank):
    """A deuce-to-seven low (1 to 7462)."""

    __slots__ = ()

    @classmethod
    def classes(cls) -> Sequence[HandClass]:
        return deuce_seven_ladder().classes


class AceFiveRank(HandRank):
    """An ace-to-five low without qualifier (1 to 6175)."""

    __slots__ = ()

    @classmethod
    def classes(cls) -> Sequence[HandClass]:
        return ace_five_tables().ladder.classes


class Low8Rank(HandRank):
    """An ace-to-five eight-or-better low (1 to 56)."""

    __slots__ = ()

    @classmethod
    def classes(cls) -> Sequence[HandClass]:
        return low8_table()[1]


class BadugiRank(HandRank):
    """A badugi hand (1 to 1092)."""

    __slots__ = ()

    @classmethod
    def classes(cls) -> Sequence[HandClass]:
        return badugi_table()[1]


class FewCardsRank(HandRank):
    """A hand of one to three cards (Kuhn poker, Leduc hold'em; ``evaluation.few``)."""

    __slots__ = ()

    @classmethod
    def classes(cls) -> Sequence[HandClass]:
        return few_ladder()[0]

    def describe(self) -> str:
        category, ranks = self.hand_class
        if category == ONE_PAIR:
            kickers = f", {_spelled(ranks[1:])} kicker" if ranks[1:] else ""
            return f"{category}, {RANK_PLURALS[ranks[0]]}{kickers}"
        if category == THREE_OF_A_KIND:
            return f"{category}, {RANK_PLURALS[ranks[0]]}"
        if category == STRAIGHT_FLUSH:  # three cards make no royal flush
            return f"{category}, {RANK_NAMES[ranks[0]]} high"
        return describe_class(self.hand_class)


RANKINGS: dict[str, type[HandRank]] = {
    "high": HandRank,
    "short_deck": ShortDeckRank,
    "ace_five_8": Low8Rank,
    "ace_five": AceFiveRank,
    "deuce_seven": DeuceSevenRank,
    "badugi": BadugiRank,
    "few_cards": FewCardsRank,
}
"""Each ranking a variant names (``Variant.high``, ``Variant.low``) and the rank type of its scale."""


def rank_of(ranking: str, value: int) -> HandRank:
    """A one-call ranking's plain ``int`` as the ``HandRank`` of its scale, to read in words."""
    return RANKINGS[ranking](value)
