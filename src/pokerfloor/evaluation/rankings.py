"""One registry of hand rankings by the name a variant gives (``Variant.high``, ``Variant.low``):
the fast rank on card numbers that the showdown uses and the checked ``HandRank`` that tells a
hand in words, for the whole hand and, where it differs, for Omaha's two-plus-three rule."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokerfloor.cards import Card
from pokerfloor.errors import InvalidArgument
from pokerfloor.evaluation import (
    HandRank,
    ace_five_rank,
    badugi_rank,
    deuce_seven_rank,
    evaluate,
    evaluate_ace_five,
    evaluate_badugi,
    evaluate_deuce_seven,
    evaluate_low_8,
    evaluate_omaha,
    evaluate_omaha_low_8,
    evaluate_short_deck,
    high_rank,
    low8_rank,
    omaha_high_rank,
    omaha_low8_rank,
    short_deck_rank,
)
from pokerfloor.evaluation.few import few_cards_rank
from pokerfloor.evaluation.handrank import FewCardsRank


def evaluate_few_cards(cards: list[Card]) -> HandRank:
    """A hand of one to three different cards (Kuhn poker, Leduc hold'em), checked."""
    if not 1 <= len(cards) <= 3 or len(set(cards)) != len(cards):
        raise InvalidArgument(f"the few-cards ranking takes one to three different cards, not {len(cards)}")
    return FewCardsRank(few_cards_rank(cards))


@dataclass(frozen=True)
class Ranking:
    """One way to rank hands: ``rank`` and ``evaluate`` take all the cards a player may use;
    the ``omaha_`` pair (when the ranking is played in Omaha) takes the hole cards and the board."""

    rank: Callable[[Sequence[int]], int | None]
    evaluate: Callable[[list[Card]], HandRank | None]
    omaha_rank: Callable[[Sequence[int], Sequence[int]], int | None] | None = None
    omaha_evaluate: Callable[[list[Card], list[Card]], HandRank | None] | None = None


RANKINGS: dict[str, Ranking] = {
    "high": Ranking(high_rank, evaluate, omaha_high_rank, evaluate_omaha),
    "short_deck": Ranking(short_deck_rank, evaluate_short_deck),
    "ace_five_8": Ranking(low8_rank, evaluate_low_8, omaha_low8_rank, evaluate_omaha_low_8),
    "ace_five": Ranking(ace_five_rank, evaluate_ace_five),
    "deuce_seven": Ranking(deuce_seven_rank, evaluate_deuce_seven),
    "badugi": Ranking(badugi_rank, evaluate_badugi),
    "few_cards": Ranking(few_cards_rank, evaluate_few_cards),
}
"""Every ranking a variant may name; ``"none"`` (that half does not play) is not one."""


def hand_rank(name: str, omaha: bool, hole: list[Card], board: list[Card]) -> HandRank | None:
    """The hand ``hole`` makes with ``board`` under the ranking ``name`` (``None``: no such
    half, or no qualifying hand)."""
    ranking = RANKINGS.get(name)
    if ranking is None:
        return None
    if omaha and ranking.omaha_evaluate is not None:
        return ranking.omaha_evaluate(hole, board)
    return ranking.evaluate(hole + board)
