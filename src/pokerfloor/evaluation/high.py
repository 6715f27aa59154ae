"""High hands, standard and short deck, and deuce-to-seven low: the rankings where suits count."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from pokerfloor.evaluation.cardkeys import CARD_KEYS, FLUSH_SUIT, SUIT_BITS, SUIT_MASK
from pokerfloor.evaluation.classes import (
    FULL_RANKS,
    HIGH_ORDER,
    SHORT_DECK_ORDER,
    SHORT_DECK_RANKS,
    Ladder,
    ladder,
    straights,
)
from pokerfloor.evaluation.lookup import Tables, ranker, suited_ranks, tables


@cache
def high_tables() -> Tables:
    """The standard high ranking: 7,462 classes, A-2-3-4-5 the lowest straight."""
    return tables(ladder(FULL_RANKS, HIGH_ORDER, straights(FULL_RANKS)), FULL_RANKS)


@cache
def short_deck_tables() -> Tables:
    """Short deck (six to ace): a flush beats a full house, A-6-7-8-9 is the lowest straight,
    and a straight still beats three of a kind."""
    base = ladder(SHORT_DECK_RANKS, SHORT_DECK_ORDER, straights(SHORT_DECK_RANKS))
    return tables(base, SHORT_DECK_RANKS)


@cache
def deuce_seven_ladder() -> Ladder:
    """Deuce-to-seven: the high ladder read backwards, the ace high only (A-2-3-4-5 is no
    straight but an ace-high hand)."""
    no_wheel = {mask: top for mask, top in straights(FULL_RANKS).items() if top != 3}
    return ladder(FULL_RANKS, HIGH_ORDER, no_wheel, lowball=True)


high_rank = ranker(
    high_tables,
    "high_rank",
    """The high value of 5 to 7 card numbers (their best five): 1 to 7462, greater is better.

    No checks: the cards must be distinct numbers 0..51 (``evaluate`` checks them), or one
    card string such as ``"AhKhQhJhTh"``.
    """,
)

short_deck_rank = ranker(
    short_deck_tables,
    "short_deck_rank",
    """The short-deck high value of 5 to 7 card numbers, six or higher: 1 to 1404, greater
    is better. No checks (``evaluate_short_deck`` checks them).
    """,
)


def deuce_seven_rank(cards: Sequence[int]) -> int:
    """The deuce-to-seven value of exactly five card numbers: 1 to 7462, greater is better.

    Straights and flushes count against, the ace is high only: 7-5-4-3-2 of mixed suits is
    the best (7462). No checks (``evaluate_deuce_seven`` checks them).
    """
    base = deuce_seven_ladder()
    a, b, c, d, e = cards
    key = CARD_KEYS[a] + CARD_KEYS[b] + CARD_KEYS[c] + CARD_KEYS[d] + CARD_KEYS[e]
    if FLUSH_SUIT[5][key & SUIT_MASK] < 0:
        return base.unsuited[key >> SUIT_BITS]
    return base.suited[suited_ranks(cards, a & 3)]
