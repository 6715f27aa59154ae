"""The deck's inner loop: dealing the top cards while shuffling (Fisher-Yates, one uniform draw
from the cards left for each card dealt). ``cards.Deck`` owns the deck and calls this; it lives
apart so that mypyc can compile it with the hand engine (``cards.py`` cannot be compiled:
``Card`` subclasses ``int``), since every hand deals through it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def deal_shuffling(cards: list[T], bits: Callable[[int], int], count: int) -> list[T]:
    """Take ``count`` cards off ``cards``, each swapped in from a uniform position among those
    left: ``bits(k)`` gives ``k`` random bits, drawn again while they reach the cards left
    (exactly uniform; the same draws as ``randrange``)."""
    left = len(cards)
    dealt: list[T] = []
    for _ in range(count):
        size = left.bit_length()
        j = bits(size)
        while j >= left:
            j = bits(size)
        left -= 1
        cards[j], cards[left] = cards[left], cards[j]
        dealt.append(cards.pop())
    return dealt
