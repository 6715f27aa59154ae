"""Cards, ranks, suits and the deck.

A card is a small integer (``rank_index * 4 + suit_index``, 0..51) so that evaluators and
simulations can index tables with it directly, but it prints and parses as ``"Ah"``.
Suits are ordered clubs < diamonds < hearts < spades, the order stud uses to break ties
between equal upcards (RROP11 stud bring-in).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from enum import IntEnum
from typing import Protocol

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


class Rank(IntEnum):
    """Card ranks; the value is the pip value with the ace high (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    def __str__(self) -> str:
        return RANK_CHARS[self - 2]


class Suit(IntEnum):
    """Suits in bridge order, the order that breaks ties between equal stud upcards."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __str__(self) -> str:
        return SUIT_CHARS[self]


class Card(int):
    """One card: an ``int`` 0..51 that reads and prints as ``"Ah"``."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return _parse_one(value)
        if not 0 <= value < 52:
            raise ValueError(f"a card number is 0 to 51, not {value}")
        return _CARDS[value] if _CARDS else int.__new__(cls, value)

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The card of this rank (2..14) and suit."""
        return _CARDS[(int(rank) - 2) * 4 + int(suit)]

    @property
    def rank(self) -> Rank:
        return Rank(int(self) // 4 + 2)

    @property
    def suit(self) -> Suit:
        return Suit(int(self) % 4)

    def __str__(self) -> str:
        return RANK_CHARS[int(self) >> 2] + SUIT_CHARS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_CARDS: list[Card] = []
_CARDS.extend(int.__new__(Card, i) for i in range(52))
_BY_NAME: dict[str, Card] = {str(c): c for c in _CARDS}
_BY_NAME.update({str(c)[0].lower() + str(c)[1]: c for c in _CARDS})

CardLike = Card | str | int
CardsLike = str | Iterable[CardLike]

FULL_DECK: tuple[Card, ...] = tuple(_CARDS)
SHORT_DECK: tuple[Card, ...] = tuple(c for c in _CARDS if c.rank >= Rank.SIX)


def _parse_one(text: str) -> Card:
    card = _BY_NAME.get(text.strip())
    if card is None:
        raise ValueError(f"{text!r} is not a card: write a rank (2-9, T, J, Q, K, A) and a suit (c, d, h, s)")
    return card


def parse_cards(cards: CardsLike) -> list[Card]:
    """Cards from ``"AhKs"``, ``"Ah Ks"``, ``["Ah", "Ks"]`` or ``Card`` values."""
    if isinstance(cards, str):
        text = "".join(cards.split()).replace(",", "")
        if len(text) % 2:
            raise ValueError(f"{cards!r} is not a list of two-character cards")
        return [_parse_one(text[i : i + 2]) for i in range(0, len(text), 2)]
    out: list[Card] = []
    for card in cards:
        if isinstance(card, Card):
            out.append(card)
        elif isinstance(card, str):
            out.extend(parse_cards(card))
        else:
            out.append(Card(card))
    return out


def format_cards(cards: Iterable[Card | None]) -> str:
    """``"AhKs"``; an unknown card prints as ``"??"``."""
    return "".join("??" if c is None else str(c) for c in cards)


class Shuffler(Protocol):
    """What a deck needs of its randomness: ``random.Random`` or ``secrets.SystemRandom``.

    A deck draws each card with ``getrandbits`` when the randomness has it (both of those do),
    so a hand costs only as many draws as it deals cards; anything with just ``shuffle`` works
    too, shuffling the whole deck up front.
    """

    def shuffle(self, x: list[Card]) -> None: ...


class Deck:
    """A shuffled deck dealt from the top. The randomness is injected, never global.

    The shuffle is done as the cards are dealt (Fisher-Yates, one uniform draw from the cards
    left for each card dealt), which deals exactly what shuffling first and dealing from the
    top would, each order equally likely, at a third of the cost for a hold'em hand. A draw
    below ``n`` takes ``n.bit_length()`` random bits and tries again while they reach ``n``
    (exactly uniform; the same draws as ``randrange(n)``, done inline).
    """

    __slots__ = ("_bits", "_cards")

    def __init__(
        self,
        rng: Shuffler | None = None,
        *,
        cards: Sequence[Card] = FULL_DECK,
        exclude: Iterable[Card] = (),
    ) -> None:
        excluded = set(exclude)
        self._cards = [c for c in cards if c not in excluded] if excluded else list(cards)
        shuffler = rng if rng is not None else random.SystemRandom()
        self._bits: Callable[[int], int] | None = getattr(shuffler, "getrandbits", None)
        if self._bits is None:
            shuffler.shuffle(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"<Deck: {len(self._cards)} cards left>"

    def deal(self, count: int = 1) -> list[Card]:
        """Take ``count`` cards from the top."""
        cards = self._cards
        left = len(cards)
        if count > left:
            raise ValueError(f"the deck has {left} cards, {count} were asked for")
        bits = self._bits
        if bits is None:
            top = cards[left - count :] if count else []
            del cards[left - count :]
            top.reverse()
            return top
        dealt = []
        for _ in range(count):
            size = left.bit_length()
            j = bits(size)
            while j >= left:
                j = bits(size)
            left -= 1
            cards[j], cards[left] = cards[left], cards[j]
            dealt.append(cards.pop())
        return dealt

    def remove(self, cards: Iterable[Card]) -> None:
        """Take known cards out of the deck (cards given by hand); a missing card is dealt twice."""
        for card in cards:
            try:
                self._cards.remove(card)
            except ValueError:
                raise ValueError(f"{card} is dealt twice") from None

    def add(self, cards: Iterable[Card], rng: Shuffler) -> None:
        """Shuffle cards back in (discards reshuffled to complete a draw)."""
        self._cards.extend(cards)
        if self._bits is None:
            rng.shuffle(self._cards)
