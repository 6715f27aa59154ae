"""Cards, ranks, suits and the deck.

A card is a small integer (``rank_index * 4 + suit_index``, 0..51) so that evaluators and
simulations can index tables with it directly, but it prints and parses as ``"Ah"``.
Suits are ordered clubs < diamonds < hearts < spades, the order stud uses to break ties
between equal upcards (RROP11 stud bring-in).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterable, Sequence
from enum import IntEnum
from typing import Protocol

from pokerfloor.dealing import deal_shuffling
from pokerfloor.errors import InvalidArgument

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
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidArgument(f"a card is a number 0 to 51 or text like 'Ah', not {value!r}")
        if not 0 <= value < 52:
            raise InvalidArgument(f"a card number is 0 to 51, not {value}")
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
        raise InvalidArgument(f"{text!r} is not a card: write a rank (2-9, T, J, Q, K, A) and a suit (c, d, h, s)")
    return card


def parse_cards(cards: CardsLike) -> list[Card]:
    """Cards from ``"AhKs"``, ``"Ah Ks"``, ``["Ah", "Ks"]`` or ``Card`` values."""
    if isinstance(cards, str):
        text = "".join(cards.split()).replace(",", "")
        if len(text) % 2:
            raise InvalidArgument(f"{cards!r} is not a list of two-character cards")
        return [_parse_one(text[i : i + 2]) for i in range(0, len(text), 2)]
    if not isinstance(cards, Iterable):
        raise InvalidArgument(f"cards are text like 'AhKs' or a list of cards, not {cards!r}")
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
    """What a deck needs of its randomness: a ``SeededShuffler`` (real play), ``random.Random``
    (tests and simulation) or ``secrets.SystemRandom``.

    A deck draws each card with ``getrandbits`` when the randomness has it (all three do),
    so a hand costs only as many draws as it deals cards; anything with just ``shuffle`` works
    too, shuffling the whole deck up front.
    """

    def shuffle(self, x: list[Card]) -> None: ...


def draws_bits(rng: object) -> bool:
    """Whether a deck's randomness draws bits (``getrandbits``) or only shuffles; anything with
    neither is refused with a ``ValueError``."""
    if callable(getattr(rng, "getrandbits", None)):
        return True
    if callable(getattr(rng, "shuffle", None)):
        return False
    raise InvalidArgument(f"a deck is shuffled by a SeededShuffler or a random.Random, not {rng!r}")


SEED_BYTES = 32
"""A deal's seed is 256 bits."""


def deal_seed(seed: object = None) -> bytes:
    """A deal's 32-byte seed: ``seed`` itself (32 bytes, or an int below 2**256), or a fresh one
    drawn with ``secrets`` when ``seed`` is ``None``."""
    if seed is None:
        return secrets.token_bytes(SEED_BYTES)
    if isinstance(seed, (bytes, bytearray)) and len(seed) == SEED_BYTES:
        return bytes(seed)
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << (8 * SEED_BYTES):
        return seed.to_bytes(SEED_BYTES, "big")
    raise InvalidArgument(f"a seed is 32 bytes or an int from 0 to 2**256 - 1, not {seed!r}")


class SeededShuffler:
    """The randomness of one deal: SHA-256 in counter mode over a secret 256-bit seed.

    Block ``k`` (k = 0, 1, ...) is ``SHA-256(seed || k)``, ``k`` as 8 big-endian bytes, read as a
    256-bit big-endian number; ``getrandbits(n)`` takes the lowest ``n`` bits not yet used,
    blocks appended above the bits left over. Without the seed the cards are as unpredictable
    as SHA-256 is; with it (after the hand, say) anyone can deal them again, and a copy of the
    shuffler (``copy``, ``deepcopy``, ``pickle``) deals on exactly as its original does.
    """

    __slots__ = ("_bits", "_counter", "_pool", "seed")

    def __init__(self, seed: object = None) -> None:
        self.seed: bytes = deal_seed(seed)
        self._counter = 0
        self._pool = 0
        self._bits = 0

    def getrandbits(self, k: int) -> int:
        """``k`` fresh random bits as an int below ``2**k``."""
        if k < 0:
            raise InvalidArgument("the number of bits cannot be negative")
        while self._bits < k:
            block = hashlib.sha256(self.seed + self._counter.to_bytes(8, "big")).digest()
            self._pool |= int.from_bytes(block, "big") << self._bits
            self._bits += 256
            self._counter += 1
        value = self._pool & ((1 << k) - 1)
        self._pool >>= k
        self._bits -= k
        return value

    def below(self, n: int) -> int:
        """A uniform draw from ``0 .. n - 1``: ``n.bit_length()`` bits, drawn again while they
        reach ``n`` (exactly uniform)."""
        size = n.bit_length()
        j = self.getrandbits(size)
        while j >= n:
            j = self.getrandbits(size)
        return j

    def shuffle(self, x: list[Card]) -> None:
        """Shuffle in place (Fisher-Yates, from the end)."""
        for last in range(len(x) - 1, 0, -1):
            j = self.below(last + 1)
            x[last], x[j] = x[j], x[last]

    def __getstate__(self) -> tuple[bytes, int, int, int]:
        return (self.seed, self._counter, self._pool, self._bits)

    def __setstate__(self, state: tuple[bytes, int, int, int]) -> None:
        self.seed, self._counter, self._pool, self._bits = state

    def __repr__(self) -> str:
        return f"<SeededShuffler at block {self._counter}>"


class Deck:
    """A shuffled deck dealt from the top. The randomness is injected, never global.

    The shuffle is done as the cards are dealt (Fisher-Yates, one uniform draw from the cards
    left for each card dealt), which deals exactly what shuffling first and dealing from the
    top would, each order equally likely, at a third of the cost for a hold'em hand. A draw
    below ``n`` takes ``n.bit_length()`` random bits and tries again while they reach ``n``
    (exactly uniform; the same draws as ``randrange(n)``, done inline).
    """

    __slots__ = ("_cards", "_draws", "_rng")

    def __init__(
        self,
        rng: Shuffler | None = None,
        *,
        cards: Sequence[Card] = FULL_DECK,
        exclude: Iterable[Card] = (),
    ) -> None:
        excluded = set(exclude)
        self._cards = [c for c in cards if c not in excluded] if excluded else list(cards)
        self._rng: Shuffler = rng if rng is not None else SeededShuffler()
        self._draws = draws_bits(self._rng)
        if not self._draws:
            self._rng.shuffle(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"<Deck: {len(self._cards)} cards left>"

    def deal(self, count: int = 1) -> list[Card]:
        """Take ``count`` cards from the top."""
        cards = self._cards
        left = len(cards)
        if count > left:
            raise InvalidArgument(f"the deck has {left} cards, {count} were asked for")
        if not self._draws:
            top = cards[left - count :] if count else []
            del cards[left - count :]
            top.reverse()
            return top
        bits: Callable[[int], int] = self._rng.getrandbits  # type: ignore[attr-defined]
        return deal_shuffling(cards, bits, count)

    def remove(self, cards: Iterable[Card]) -> None:
        """Take known cards out of the deck (cards given by hand); a missing card is dealt twice."""
        for card in cards:
            try:
                self._cards.remove(card)
            except ValueError:
                raise InvalidArgument(f"{card} is dealt twice") from None

    def add(self, cards: Iterable[Card], rng: Shuffler) -> None:
        """Shuffle cards back in (discards reshuffled to complete a draw)."""
        self._cards.extend(cards)
        if not self._draws:
            rng.shuffle(self._cards)
