"""Simple opponents of a few styles, for the demo, the terminal game and tests.

A bot looks only at what its seat may see (its own cards, the board, the bets) and returns an
action that ``Hand.legal()`` allows, so a bot can never be the reason a hand breaks a rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from pokerfloor.evaluate import evaluate
from pokerfloor.hand import Hand

Decision = tuple[str, int | None]
_CATEGORIES = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)


class Bot(Protocol):
    """Anything that picks an action for the seat to act."""

    name: str

    def choose(self, hand: Hand) -> Decision: ...


def preflop_strength(cards: Sequence[int]) -> float:
    """A rough 0..1 score of two hole cards: pairs, high cards, suited and connected."""
    if len(cards) < 2:
        return 0.5
    high, low = sorted((c >> 2 for c in cards[:2]), reverse=True)
    score = (high + low) / 24
    if high == low:
        score += 0.35 + high / 40
    if (cards[0] & 3) == (cards[1] & 3):
        score += 0.06
    if high - low == 1:
        score += 0.04
    return min(score, 1.0)


def postflop_strength(cards: Sequence[int], board: Sequence[int]) -> float:
    """A rough 0..1 score from the made hand's category."""
    if len(board) < 3 or len(cards) + len(board) < 5 or len(cards) + len(board) > 7:
        return preflop_strength(cards)
    category = _CATEGORIES.index(evaluate([*cards, *board]).category)
    return min(1.0, 0.15 + category / 7)


def strength(hand: Hand, seat: int) -> float:
    hole = [c for c in hand.holes[seat] if c is not None]
    board = [c for c in hand.board if c is not None]
    if not board or hand.variant.family != "flop" or hand.variant.omaha:
        return preflop_strength(hole)
    return postflop_strength(hole, board)


@dataclass
class StyleBot:
    """A bot that raises with hands above ``raise_at``, calls above ``call_at`` (cheaper calls
    more often) and otherwise checks or folds; ``bluff`` is how often it raises anyway."""

    name: str
    raise_at: float
    call_at: float
    bluff: float = 0.0
    rng: random.Random = field(default_factory=random.Random)

    def choose(self, hand: Hand) -> Decision:
        legal = hand.legal()
        seat = hand.to_act
        assert seat is not None
        score = strength(hand, seat) + self.rng.uniform(-0.08, 0.08)
        aggressive = legal.bet or legal.raise_ or legal.complete
        kind = "bet" if legal.bet else ("complete" if legal.complete else "raise")
        if aggressive and (score >= self.raise_at or self.rng.random() < self.bluff):
            span = aggressive.max_to - aggressive.min_to
            to = aggressive.min_to + int(span * min(1.0, max(0.0, score - self.raise_at)) * 0.5)
            return kind, to - (to - aggressive.min_to) % aggressive.step
        if legal.check:
            return "check", None
        assert legal.call is not None
        pot = max(hand.total_pot, 1)
        price = legal.call.cost / (pot + legal.call.cost)
        if score >= self.call_at + price * 0.5:
            return "call", None
        return "fold", None


def make_bot(style: str, name: str, rng: random.Random) -> StyleBot:
    """A bot of a named style: ``rock`` (tight), ``station`` (calls), ``maniac`` (raises), ``pro``."""
    styles = {
        "rock": (0.78, 0.55, 0.01),
        "station": (0.95, 0.15, 0.0),
        "maniac": (0.45, 0.3, 0.25),
        "pro": (0.66, 0.42, 0.06),
    }
    if style not in styles:
        raise ValueError(f"unknown bot style {style!r}; styles: {', '.join(styles)}")
    raise_at, call_at, bluff = styles[style]
    return StyleBot(name, raise_at, call_at, bluff, rng)


STYLES = ("rock", "station", "maniac", "pro")
