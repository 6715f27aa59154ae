"""pokerfloor: the poker floor's rulebook as a library.

>>> import random, pokerfloor as pf
>>> game = pf.Game.no_limit_holdem(50, 100)
>>> hand = pf.Hand(game, stacks={1: 10_000, 2: 10_000, 3: 10_000}, button=1, rng=random.Random(7))
>>> hand.to_act, hand.legal().raise_.min_to
(1, 200)
"""

from pokerfloor import io
from pokerfloor._build import BuildInfo, build_info
from pokerfloor._version import __version__
from pokerfloor.cards import Card, Deck, Rank, SeededShuffler, Suit, format_cards, parse_cards
from pokerfloor.errors import IllegalAction, InvalidArgument, PokerfloorError
from pokerfloor.evaluation import (
    HandRank,
    evaluate,
    evaluate_ace_five,
    evaluate_badugi,
    evaluate_deuce_seven,
    evaluate_low_8,
    evaluate_omaha,
    evaluate_omaha_low_8,
    evaluate_short_deck,
)
from pokerfloor.hand import (
    Award,
    Call,
    DealRequest,
    Event,
    Hand,
    HandRecord,
    Input,
    Legal,
    Post,
    Pot,
    Range,
    RecordError,
    Result,
    SeatView,
)
from pokerfloor.interpret import Ruling, interpret
from pokerfloor.rules import VARIANTS, Game, HouseRules, Variant
from pokerfloor.table import (
    Break,
    FloorEvent,
    KillGame,
    Level,
    LimitStakes,
    MultiTableTournament,
    Place,
    Rotation,
    Straddles,
    Table,
    TableOptions,
    Tournament,
)

__all__ = [
    "VARIANTS",
    "Award",
    "Break",
    "BuildInfo",
    "Call",
    "Card",
    "DealRequest",
    "Deck",
    "Event",
    "FloorEvent",
    "Game",
    "Hand",
    "HandRank",
    "HandRecord",
    "HouseRules",
    "IllegalAction",
    "Input",
    "InvalidArgument",
    "KillGame",
    "Legal",
    "Level",
    "LimitStakes",
    "MultiTableTournament",
    "Place",
    "PokerfloorError",
    "Post",
    "Pot",
    "Range",
    "Rank",
    "RecordError",
    "Result",
    "Rotation",
    "Ruling",
    "SeatView",
    "SeededShuffler",
    "Straddles",
    "Suit",
    "Table",
    "TableOptions",
    "Tournament",
    "Variant",
    "__version__",
    "build_info",
    "evaluate",
    "evaluate_ace_five",
    "evaluate_badugi",
    "evaluate_deuce_seven",
    "evaluate_low_8",
    "evaluate_omaha",
    "evaluate_omaha_low_8",
    "evaluate_short_deck",
    "format_cards",
    "interpret",
    "io",
    "parse_cards",
]
