"""Cards as a hand is told them (``holes=``, ``board=``, ``deal``, ``show``, a draw's discard):
``Card`` values or text, where ``"??"`` stands for a card nobody has seen (manual dealing, replays).
"""

from __future__ import annotations

from collections.abc import Iterable

from pokerfloor.cards import Card, parse_cards
from pokerfloor.errors import InvalidArgument


def cards_or_unknown(cards: object) -> list[Card | None]:
    """Cards that may include unknown ones written ``"??"`` (manual dealing, replays); anything
    else is refused with a ``ValueError``."""
    if isinstance(cards, str):
        text = "".join(cards.split())
        if len(text) % 2:
            raise InvalidArgument(f"{cards!r} is not a list of two-character cards")
        pairs = [text[i : i + 2] for i in range(0, len(text), 2)]
        return [None if p == "??" else parse_cards(p)[0] for p in pairs]
    if not isinstance(cards, Iterable):
        raise InvalidArgument(f"cards are text like 'AhKs' or a list of cards, not {cards!r}")
    return [None if c is None or c == "??" else parse_cards([c])[0] for c in cards]
