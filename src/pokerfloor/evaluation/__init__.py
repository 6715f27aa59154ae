"""Hand rankings: high, short-deck high, ace-to-five low (with and without eight-or-better),
deuce-to-seven low, badugi, and Omaha's two-plus-three rule.

Two ways in, giving the same order:

- Checked, for people and tests: ``evaluate``, ``evaluate_short_deck``, ``evaluate_low_8``,
  ``evaluate_ace_five``, ``evaluate_deuce_seven``, ``evaluate_badugi``, ``evaluate_omaha``,
  ``evaluate_omaha_low_8``. They take cards in any form ``parse_cards`` reads (``"AhKd7c..."``,
  ``["Ah", "Kd"]``, ``Card`` values), check the count and that no card repeats, and return a
  ``HandRank``: an ``int`` (greater is the better hand, equal hands equal) with ``.category``
  and ``.describe()``. Other rankings than high return its subclasses ``ShortDeckRank``,
  ``Low8Rank``, ``AceFiveRank``, ``DeuceSevenRank`` and ``BadugiRank``.
- Fast, for the engine's showdowns and for simulation: ``high_rank``, ``short_deck_rank``,
  ``low8_rank``, ``ace_five_rank``, ``deuce_seven_rank``, ``badugi_rank``,
  ``omaha_high_rank``, ``omaha_low8_rank``. They take any sequence of card numbers (plain
  ``int`` 0..51 or ``Card``), check nothing, and return a plain ``int`` (``None`` for no
  qualifying low) on the same scale as the checked function, so ``HandRank(high_rank(c))``
  is ``evaluate(c)``. For many hands at once, ``pokerfloor.evaluation.batch.high_ranks`` ranks
  an array of shape ``(n, 7)`` with numpy (with numba too where installed), and
  ``pokerfloor.evaluation.equity.heads_up_equity`` counts every board of a heads-up showdown.

Values are dense: 1 is the worst hand of a ranking, the best is the number of different hands
(7,462 for high and deuce-to-seven, 1,404 for short deck, 6,175 for ace-to-five, 56 for
eight-or-better, 1,092 for badugi). Lookup tables are built on first use of each ranking.
"""

from __future__ import annotations

from pokerfloor.cards import Card, CardsLike, format_cards, parse_cards
from pokerfloor.errors import InvalidArgument
from pokerfloor.evaluation.badugi import badugi_rank
from pokerfloor.evaluation.handrank import (
    AceFiveRank,
    BadugiRank,
    DeuceSevenRank,
    HandRank,
    Low8Rank,
    ShortDeckRank,
)
from pokerfloor.evaluation.high import deuce_seven_rank, high_rank, short_deck_rank
from pokerfloor.evaluation.low import ace_five_rank, low8_rank
from pokerfloor.evaluation.omaha import omaha_high_rank, omaha_low8_rank

__all__ = [
    "AceFiveRank",
    "BadugiRank",
    "DeuceSevenRank",
    "HandRank",
    "Low8Rank",
    "ShortDeckRank",
    "ace_five_rank",
    "badugi_rank",
    "deuce_seven_rank",
    "evaluate",
    "evaluate_ace_five",
    "evaluate_badugi",
    "evaluate_deuce_seven",
    "evaluate_low_8",
    "evaluate_omaha",
    "evaluate_omaha_low_8",
    "evaluate_short_deck",
    "high_rank",
    "low8_rank",
    "omaha_high_rank",
    "omaha_low8_rank",
    "short_deck_rank",
]

SHORT_DECK_LOWEST = 4  # rank index of the six


def _cards(cards: CardsLike, least: int, most: int, what: str) -> list[Card]:
    hand = parse_cards(cards)
    if not least <= len(hand) <= most:
        count = f"{least}" if least == most else f"{least} to {most}"
        raise InvalidArgument(f"{what} has {count} cards, not {len(hand)}: {format_cards(hand)}")
    if len(set(hand)) != len(hand):
        raise InvalidArgument(f"a card appears twice in {format_cards(hand)}")
    return hand


def evaluate(cards: CardsLike) -> HandRank:
    """The best high hand of 5 to 7 cards, e.g. ``evaluate("AhKhQhJhTh2c3d")``."""
    return HandRank(high_rank(_cards(cards, 5, 7, "a high hand")))


def evaluate_short_deck(cards: CardsLike) -> HandRank:
    """The best short-deck (six to ace) high hand of 5 to 7 cards: a flush beats a full house,
    A-6-7-8-9 is the lowest straight."""
    hand = _cards(cards, 5, 7, "a short-deck hand")
    if any(card >> 2 < SHORT_DECK_LOWEST for card in hand):
        raise InvalidArgument(f"a short deck has no card below a six: {format_cards(hand)}")
    return ShortDeckRank(short_deck_rank(hand))


def evaluate_low_8(cards: CardsLike) -> HandRank | None:
    """The best ace-to-five low of eight or better from 5 to 7 cards, or None without one."""
    low = low8_rank(_cards(cards, 5, 7, "a low hand"))
    return None if low is None else Low8Rank(low)


def evaluate_ace_five(cards: CardsLike) -> HandRank:
    """The best ace-to-five low of 5 to 7 cards, with no qualifier (razz, A-5 triple draw)."""
    return AceFiveRank(ace_five_rank(_cards(cards, 5, 7, "an ace-to-five hand")))


def evaluate_deuce_seven(cards: CardsLike) -> HandRank:
    """The deuce-to-seven low of five cards (the ace high, straights and flushes count)."""
    return DeuceSevenRank(deuce_seven_rank(_cards(cards, 5, 5, "a deuce-to-seven hand")))


def evaluate_badugi(cards: CardsLike) -> HandRank:
    """The badugi value of four cards."""
    return BadugiRank(badugi_rank(_cards(cards, 4, 4, "a badugi hand")))


def _omaha(hole: CardsLike, board: CardsLike) -> tuple[list[Card], list[Card]]:
    holes = _cards(hole, 4, 6, "an Omaha hole")
    boards = _cards(board, 3, 5, "an Omaha board")
    if set(holes) & set(boards):
        raise InvalidArgument(f"a card appears twice in {format_cards(holes + boards)}")
    return holes, boards


def evaluate_omaha(hole: CardsLike, board: CardsLike) -> HandRank:
    """The best Omaha high hand: exactly two of 4 to 6 hole cards with exactly three of 3 to
    5 board cards."""
    return HandRank(omaha_high_rank(*_omaha(hole, board)))


def evaluate_omaha_low_8(hole: CardsLike, board: CardsLike) -> HandRank | None:
    """The best Omaha eight-or-better low (two hole cards and three board cards), or None."""
    low = omaha_low8_rank(*_omaha(hole, board))
    return None if low is None else Low8Rank(low)
