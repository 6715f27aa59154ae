"""Cards as a hand is told them (``holes=``, ``board=``, ``deal``, ``show``, a draw's discard):
``Card`` values or text, where ``"??"`` stands for a card nobody has seen (manual dealing, replays).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerfloor.cards import Card, CardsLike, parse_cards


def cards_or_unknown(cards: CardsLike | Sequence[Card | None]) -> list[Card | None]:
    """Cards that may include unknown ones written ``"??"`` (manual dealing, replays)."""
    if isinstance(cards, str):
        text = "".join(cards.split())
        if len(text) % 2:
            raise ValueError(f"{cards!r} is not a list of two-character cards")
        pairs = [text[i : i + 2] for i in range(0, len(text), 2)]
        return [None if p == "??" else parse_cards(p)[0] for p in pairs]
    return [None if c is None or c == "??" else parse_cards([c])[0] for c in cards]
