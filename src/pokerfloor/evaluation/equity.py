"""Heads-up hold'em equity, exact: every way to complete the board is dealt and shown down.

``heads_up_equity(hero, villain, board)`` deals every completion of the board from the cards
left (1,712,304 boards pre-flop, 990 on the flop) and counts the boards the hero's high hand
wins and ties. Where numba is installed (``pip install pokerfloor[fast]``) the count is one
compiled loop over the tables of ``batch`` (``compiled``): under a hundredth of a second
pre-flop. Without it, a Python loop over ``high_rank``: a few seconds pre-flop. Both deal the
same boards and give the same counts (the tests compare them).

It always enumerates, pre-flop too: it is the evaluation layer's counting primitive (the one the
equity benchmark times against other evaluators' loops), and the exact pre-flop table is read
a layer above, by ``pokerfloor.equity`` (``equity(["AhKh", "QsQd"])``), whose lookup runs on
equity's own kernels and which this layer does not import; the tests check the two agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from pokerfloor.cards import Card, CardsLike, format_cards, parse_cards
from pokerfloor.errors import InvalidArgument
from pokerfloor.evaluation.batch import compiled_loops, high_arrays
from pokerfloor.evaluation.high import high_rank

HOLE_CARDS = 2
BOARD_CARDS = 5


@dataclass(frozen=True, slots=True)
class HeadsUpEquity:
    """Boards dealt, and how many of them the hero won and tied (the villain won the rest)."""

    boards: int
    wins: int
    ties: int

    @property
    def losses(self) -> int:
        return self.boards - self.wins - self.ties

    @property
    def equity(self) -> float:
        """The hero's share of the pot over these boards, a tie being half of it."""
        return (self.wins + self.ties / 2) / self.boards


def heads_up_equity(hero: CardsLike, villain: CardsLike, board: CardsLike = ()) -> HeadsUpEquity:
    """The hero's equity against the villain over every completion of ``board`` (0 to 5 cards):
    ``heads_up_equity("AhKh", "QsQd")`` has 787,966 wins and 6,732 ties in 1,712,304 boards,
    equity 0.462145."""
    hole, other, known = _checked(hero, villain, board)
    dead = {*hole, *other, *known}
    deck = [card for card in range(52) if card not in dead]
    missing = BOARD_CARDS - len(known)
    loops = compiled_loops() if missing else None
    if loops is None:
        return _count(hole + known, other + known, combinations(deck, missing))
    import numpy as np

    tables = high_arrays(HOLE_CARDS + BOARD_CARDS)
    keys = tables.card_keys.tolist()
    boards, wins, ties = loops.enumerate_showdowns(
        sum(keys[card] for card in hole + known),
        sum(keys[card] for card in other + known),
        sum(map(loops.suit_bit, hole + known)),
        sum(map(loops.suit_bit, other + known)),
        np.array(deck, dtype=np.uint8),
        missing,
        tables.card_keys,
        tables.unsuited,
        tables.flush_suit,
        tables.flushes,
    )
    return HeadsUpEquity(boards, wins, ties)


def _checked(hero: CardsLike, villain: CardsLike, board: CardsLike) -> tuple[list[Card], list[Card], list[Card]]:
    hole, other, known = parse_cards(hero), parse_cards(villain), parse_cards(board)
    for who, cards in (("the hero", hole), ("the villain", other)):
        if len(cards) != HOLE_CARDS:
            raise InvalidArgument(f"{who} holds two cards, not {len(cards)}: {format_cards(cards)}")
    if len(known) > BOARD_CARDS:
        raise InvalidArgument(f"a board has at most five cards, not {len(known)}: {format_cards(known)}")
    every = hole + other + known
    if len(set(every)) != len(every):
        raise InvalidArgument(f"a card appears twice in {format_cards(every)}")
    return hole, other, known


def _count(hero: Sequence[int], villain: Sequence[int], boards: Iterable[Sequence[int]]) -> HeadsUpEquity:
    dealt = wins = ties = 0
    for cards in boards:
        ours = high_rank([*hero, *cards])
        theirs = high_rank([*villain, *cards])
        dealt += 1
        if ours > theirs:
            wins += 1
        elif ours == theirs:
            ties += 1
    return HeadsUpEquity(dealt, wins, ties)
