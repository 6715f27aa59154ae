"""The end of a hand as the table page shows it: who won which pot, and every shown hand in
words ("two pair, kings and nines: K-K-9-9-A").

Kept apart from the app so that the update sent once a hand is over can carry it as ``result``
(docs/protocol.md); it holds only cards already shown to everyone (TDA 2024 R16-R18).
"""

from __future__ import annotations

from typing import Any

from pokerfloor.errors import IllegalAction
from pokerfloor.evaluation.handrank import rank_of
from pokerfloor.hand import Hand
from pokerfloor.hand.showdown import rankers


def shown_hands(hand: Hand) -> dict[int, str]:
    """Each hand tabled at the showdown in words, high and low halves joined by "and"."""
    result = hand.result
    if result is None:
        return {}
    high_of, low_of = rankers(hand.variant)
    names = (hand.variant.high, hand.variant.low)
    board = [c for c in hand.board if c is not None]
    described = {}
    # The show events, not only ``result.shown``: a hand tabled before its rival mucked is one
    # everyone saw (TDA 2024 R18).
    shown = {e.seat: e.cards for e in hand.events if e.kind == "show" and e.seat is not None}
    for seat, cards in {**shown, **result.shown}.items():
        hole = [c for c in cards if c is not None]
        words = []
        for ranker, ranking in zip((high_of, low_of), names):
            rank = None if ranker is None else ranker(hole, board)
            if rank is not None:
                words.append(str(rank_of(ranking, rank)))
        if words:
            described[seat] = " and ".join(words)
    return described


def rabbit_cards(hand: Hand) -> list[str] | None:
    """The cards that would have completed the board of a hand that ended early (rabbit
    hunting); ``None`` when there are none to show. Reading them changes nothing."""
    try:
        return [str(card) for card in hand.rabbit()]
    except IllegalAction:
        return None


def result_json(hand: Hand | None, *, rabbit: bool = False) -> dict[str, Any] | None:
    """The finished hand's awards, main pot first (run by run), its shown hands and, with
    ``rabbit``, the rabbit cards; ``None`` before the end."""
    if hand is None or hand.result is None:
        return None
    awards = sorted(hand.result.awards, key=lambda a: (a.pot, a.run))
    return {
        "awards": [
            {
                "pot": a.pot,
                "amount": a.amount,
                "eligible": sorted(a.eligible),
                "winners": {str(seat): chips for seat, chips in a.winners.items()},
                "won_with": a.won_with,
                "run": a.run,
            }
            for a in awards
        ],
        "hands": {str(seat): words for seat, words in shown_hands(hand).items()},
        "rabbit": rabbit_cards(hand) if rabbit else None,
    }
