"""pokerfloor: the poker floor's rulebook as a library.

>>> import random, pokerfloor as pf
>>> game = pf.Game.no_limit_holdem(50, 100)
>>> hand = pf.Hand(game, stacks={1: 10_000, 2: 10_000, 3: 10_000}, button=1, rng=random.Random(7))
>>> hand.to_act, hand.legal().raise_.min_to
(1, 200)
"""

from pokerfloor.cards import Card, Deck, Rank, Suit, format_cards, parse_cards
from pokerfloor.errors import IllegalAction
from pokerfloor.evaluate import HandRank, evaluate
from pokerfloor.hand import Hand, Legal, Post, Pot, Range
from pokerfloor.rules import VARIANTS, Game, HouseRules, Variant

__all__ = [
    "VARIANTS",
    "Card",
    "Deck",
    "Game",
    "Hand",
    "HandRank",
    "HouseRules",
    "IllegalAction",
    "Legal",
    "Post",
    "Pot",
    "Range",
    "Rank",
    "Suit",
    "Variant",
    "evaluate",
    "format_cards",
    "parse_cards",
]
