"""The small games research papers start on, Kuhn poker (Kuhn 1950) and Leduc hold'em (Southey
et al. 2005), in the numbering the solvers and OpenSpiel's ``kuhn_poker`` and ``leduc_poker``
use: card ``c`` is the ``c``-th card of the variant's deck, a move is ``fold``, ``call`` (a check
when nothing is owed) or ``raise`` (a bet when nothing has been bet).

The rules are not here: they are the variants ``kuhn`` and ``leduc`` of ``pf.Hand``
(``Game.kuhn()``, ``Game.leduc()``: their deck, one hole card, the few-cards ranking, the fixed
bets and caps, a fold only facing a bet), and a ``SmallHand`` is a ``pf.Hand`` of one of them
read in this numbering, for the solvers' tree, the small environments and the tests. Player 0
is the seat left of the button and acts first in every round.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Literal

from pokerfloor.cards import Card
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.evaluation.rankings import RANKINGS
from pokerfloor.hand import Hand
from pokerfloor.rules import Game

SmallAction = Literal["fold", "call", "raise"]
"""A move in a small game: ``call`` is a check when nothing is owed, ``raise`` a bet when
nothing has been bet (OpenSpiel's fold, call and raise)."""

ACTIONS: tuple[SmallAction, ...] = ("fold", "call", "raise")
LETTERS = {"fold": "f", "call": "c", "raise": "r"}
_OURS: dict[str, SmallAction] = {"fold": "fold", "check": "call", "call": "call", "bet": "raise", "raise": "raise"}
"""A ``pf.Hand`` action as a small game's move."""


@dataclass(frozen=True)
class SmallGame:
    """A small game: its ``pf.Game`` (``Game.kuhn()``, ``Game.leduc()``) and what the solvers
    read of it, worked out from that game: the deck, the ante, the bet of each round, the most
    bets and raises a round."""

    name: str
    game: Game
    deck: tuple[Card, ...] = field(init=False)
    ante: int = field(init=False)
    bets: tuple[int, ...] = field(init=False)
    max_raises: int = field(init=False)

    def __post_init__(self) -> None:
        spec = self.game.variant_spec
        rounds = spec.betting_rounds
        small = spec.small_bet_rounds
        cap = self.game.house.raises_allowed(rounds)
        object.__setattr__(self, "deck", spec.cards)
        object.__setattr__(self, "ante", self.game.ante)
        object.__setattr__(self, "bets", tuple(self.game.small_bet if r < small else self.game.big_bet
                                               for r in range(rounds)))
        object.__setattr__(self, "max_raises", 1 + (cap if cap is not None else 99))

    @property
    def cards(self) -> int:
        return len(self.deck)

    @property
    def rounds(self) -> int:
        return len(self.bets)

    def card_name(self, card: int) -> str:
        """``J``, ``Q``, ``K`` in Kuhn (one suit); ``Js``, ``Jh`` ... in Leduc."""
        text = str(self.deck[card])
        return text[0] if len({c.suit for c in self.deck}) == 1 else text

    def strength(self, card: int, board: tuple[int, ...]) -> int:
        """A showdown rank, greater for the better hand: the variant's own ranking (in Leduc a
        pair with the board above every unpaired card, then the card's rank)."""
        ranking = RANKINGS[self.game.variant_spec.high]
        value = ranking.rank([self.deck[card], *(self.deck[b] for b in board)])
        return -1 if value is None else value


KUHN = SmallGame("kuhn", Game.kuhn())
LEDUC = SmallGame("leduc", Game.leduc())
SMALL_GAMES = {"kuhn": KUHN, "leduc": LEDUC}


def small_game(name: str) -> SmallGame:
    """The small game of that name (``kuhn`` or ``leduc``), or ``InvalidArgument``."""
    try:
        return SMALL_GAMES[name]
    except KeyError:
        raise InvalidArgument(f"no small game {name!r}: choose one of {', '.join(SMALL_GAMES)}") from None


class SmallHand:
    """One hand of a small game, a ``pf.Hand`` (``hand``) read as the solvers and OpenSpiel
    number it: ``to_act``, ``legal()``, ``act()``, and when over ``returns`` (each player's chips
    won or lost)."""

    def __init__(
        self, game: SmallGame, *, rng: random.Random | None = None, cards: tuple[int, ...] | None = None
    ) -> None:
        """Dealt from ``rng``, or from ``cards``: the two private cards, then the board cards
        in order. Given only the private cards, the hand waits at each board card for
        ``deal_board``; given no cards at all, it is the public walk the solvers take (no
        private card known, any board card may come)."""
        self.game = game
        need = 2 + sum(game.game.variant_spec.board)
        if cards is None:
            cards = tuple((rng or random.Random()).sample(range(game.cards), need))
        in_deck = all(0 <= c < game.cards for c in cards)
        if len(cards) not in (0, 2, need) or len(set(cards)) != len(cards) or not in_deck:
            raise InvalidArgument(f"{game.name} deals {need} different cards of 0 to {game.cards - 1}")
        self.holes = (cards[0], cards[1]) if cards else (-1, -1)
        self._to_come = list(cards[2:])
        self.board: tuple[int, ...] = ()
        self.history: list[list[SmallAction]] = [[]]
        self.hand = Hand(game.game, {0: 1_000, 1: 1_000}, button=1, dealing="manual")
        for seat, card in enumerate(self.holes):
            self.hand.deal([game.deck[card] if card >= 0 else None], seat)
        self._deal_due()

    def copy(self) -> SmallHand:
        """An independent copy, to try moves on."""
        other = SmallHand.__new__(SmallHand)
        other.game, other.holes, other.board = self.game, self.holes, self.board
        other._to_come = list(self._to_come)
        other.history = [list(moves) for moves in self.history]
        other.hand = copy.copy(self.hand)
        return other

    @property
    def to_act(self) -> int | None:
        return self.hand.to_act

    @property
    def board_due(self) -> int:
        """Board cards the hand waits for (dealt with ``deal_board``)."""
        due = self.hand.awaiting_deal
        return due.count if due is not None and due.kind == "board" else 0

    def legal(self) -> tuple[SmallAction, ...]:
        """The moves open to the player to act (none once the hand is over)."""
        if self.hand.to_act is None:
            return ()
        return tuple(dict.fromkeys(_OURS[a] for a in self.hand.legal().actions))

    def act(self, player: int, move: SmallAction) -> None:
        if self.over:
            raise IllegalAction("hand_over", "the hand is over")
        if self.to_act is None:
            raise IllegalAction("invalid_action", "a board card is due")
        if player != self.to_act:
            raise IllegalAction("not_your_turn", f"player {self.to_act} is to act")
        legal = self.hand.legal()
        action = next((a for a in legal.actions if _OURS[a] == move), None)
        if action is None:
            raise IllegalAction("invalid_action", f"{move} is not open: {', '.join(self.legal())}")
        amount = legal.bet if action == "bet" else legal.raise_ if action == "raise" else None
        self.hand.act(player, action, None if amount is None else amount.min_to)
        self.history[-1].append(move)
        if self.board_due:  # a board card opens the next round
            self.history.append([])
        self._deal_due()

    def _deal_due(self) -> None:
        while self.board_due and self._to_come:
            self.deal_board(self._to_come.pop(0))

    def deal_board(self, card: int) -> None:
        """Deal the next board card (the hand waits for it when dealt without its board)."""
        if not self.board_due:
            raise InvalidArgument("no board card is due")
        if card in self.board or card in self.holes or not 0 <= card < self.game.cards:
            raise InvalidArgument(f"card {card} is not in the deck")
        self.hand.deal([self.game.deck[card]])
        self.board += (card,)

    @property
    def contributed(self) -> tuple[int, int]:
        """Each player's chips in the pot (an uncalled bet back with its owner)."""
        chips = self.hand.contributions
        return chips[0], chips[1]

    @property
    def folded(self) -> int | None:
        """The player who folded, if one did."""
        return next(iter(self.hand.folded), None)

    @property
    def over(self) -> bool:
        return self.hand.to_act is None and self.hand.awaiting_deal is None

    @property
    def returns(self) -> tuple[int, int]:
        """Each player's winnings (negative for a loss) once the hand is over."""
        if not self.over:
            raise InvalidArgument("the hand is not over")
        result = self.hand.result
        if result is not None:
            return result.net[0], result.net[1]
        # the public walk reaches a showdown of unknown cards: the hand waits for them, so the
        # winner is settled here, by the variant's ranking
        a, b = (self.game.strength(card, self.board) for card in self.holes)
        pot = self.contributed[0]
        return (pot, -pot) if a > b else (-pot, pot) if b > a else (0, 0)

    def infoset(self, player: int) -> str:
        """What ``player`` knows: their card, the board, and the moves so far by round
        (``"Qh|Ks:rc/r"``), the key of a saved strategy."""
        cards = self.game.card_name(self.holes[player])
        if self.board:
            cards += "|" + "".join(self.game.card_name(c) for c in self.board)
        return cards + ":" + self.moves_so_far

    @property
    def moves_so_far(self) -> str:
        """The moves by round, a letter each (``f``, ``c``, ``r``), rounds split by ``/``."""
        return "/".join("".join(LETTERS[m] for m in moves) for moves in self.history)
