"""The dealer's checks: the cards a deck can hold, and a hand shown against the cards held.
``Hand`` deals the hole cards, the board and the stud streets from its deck or, in manual
dealing, takes them from ``Hand.deal`` (saying what it waits for in ``awaiting_deal``); ``Hand.show``
and the PHH replay check a show with ``merge_shown``.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerfloor.cards import Card
from pokerfloor.errors import InvalidArgument
from pokerfloor.rules import Variant


def check_deck(cards: Sequence[Card], variant: Variant) -> None:
    """Refuse cards the variant's deck cannot hold: a card twice, a card below the six in short
    deck, a card outside a small game's own deck (``Variant.deck``)."""
    if len(set(cards)) != len(cards):
        raise InvalidArgument("a card is dealt twice")
    if variant.short_deck:
        bad = [c for c in cards if c.rank < 6]
        if bad:
            raise InvalidArgument(f"{bad[0]} is not in the short deck (6 to ace)")
    elif variant.deck:
        deck = variant.cards
        bad = [c for c in cards if c not in deck]
        if bad:
            raise InvalidArgument(f"{bad[0]} is not in {variant.title or variant.name}'s deck ({variant.deck})")


def merge_shown(seat: int, held: Sequence[Card | None], shown: Sequence[Card | None]) -> list[Card | None]:
    """The seat's cards once ``shown`` (in the order held) is revealed: as many cards as it
    holds, each agreeing with any card already known; an unknown card shown stays as held.
    ``Hand.show`` and the PHH replay check a show with this one rule."""
    if len(shown) != len(held):
        raise InvalidArgument(f"seat {seat} holds {len(held)} cards, {len(shown)} were shown")
    merged: list[Card | None] = []
    for dealt, card in zip(held, shown):
        if dealt is not None and card is not None and dealt != card:
            raise InvalidArgument(f"seat {seat} was dealt {dealt}, not {card}")
        merged.append(dealt if card is None else card)
    return merged
