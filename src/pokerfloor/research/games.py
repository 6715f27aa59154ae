"""The small games research papers start on, by their published rules: Kuhn poker (Kuhn 1950)
and Leduc hold'em (Southey et al. 2005), as OpenSpiel deals them (``kuhn_poker``,
``leduc_poker``), so that a strategy, a value or an exploitability compares with theirs.

Both are two-player, fixed-limit, one private card a player:

- **Kuhn**: a deck of J, Q, K; an ante of 1 each; one betting round with a bet of 1 and no
  raise; the higher card wins at the showdown.
- **Leduc**: a deck of two suits of J, Q, K; an ante of 1 each; two betting rounds, the bet 2 in
  the first and 4 in the second, at most one bet and one raise a round; one board card between
  the rounds; a card that pairs the board wins, else the higher card, and equal ranks split.

Player 0 acts first in every round. A player may fold only facing a bet (OpenSpiel's rule; a
check is always open). A ``SmallHand`` is one hand of either game, for play, tests and the
environments; ``pokerfloor.research.cfr`` solves them whole.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from pokerfloor.errors import IllegalAction, InvalidArgument

SmallAction = Literal["fold", "call", "raise"]
"""A move in a small game: ``call`` is a check when nothing is owed, ``raise`` a bet when
nothing has been bet (OpenSpiel's fold, call and raise)."""

ACTIONS: tuple[SmallAction, ...] = ("fold", "call", "raise")
LETTERS = {"fold": "f", "call": "c", "raise": "r"}


@dataclass(frozen=True)
class SmallGame:
    """One small game's rules: the deck (``ranks`` × ``suits`` cards, card ``c`` of rank
    ``c // suits``), the ante, the bet of each round, the most bets and raises a round, and how
    many board cards are dealt before each round after the first."""

    name: str
    ranks: int
    suits: int
    ante: int
    bets: tuple[int, ...]
    max_raises: int
    board_before: tuple[int, ...] = ()

    @property
    def cards(self) -> int:
        return self.ranks * self.suits

    @property
    def rounds(self) -> int:
        return len(self.bets)

    def rank_of(self, card: int) -> int:
        return card // self.suits

    def card_name(self, card: int) -> str:
        """``J``, ``Q``, ``K`` in Kuhn; ``Js``, ``Jh`` ... in Leduc (its two suits)."""
        rank = "JQK"[self.rank_of(card)]
        return rank if self.suits == 1 else rank + "sh"[card % self.suits]

    def strength(self, card: int, board: tuple[int, ...]) -> int:
        """A showdown rank, greater for the better hand: a pair with the board above every
        unpaired card, then the card's rank."""
        rank = self.rank_of(card)
        paired = any(self.rank_of(b) == rank for b in board)
        return rank + (self.ranks if paired else 0)


KUHN = SmallGame("kuhn", ranks=3, suits=1, ante=1, bets=(1,), max_raises=1)
LEDUC = SmallGame("leduc", ranks=3, suits=2, ante=1, bets=(2, 4), max_raises=2, board_before=(1,))
SMALL_GAMES = {"kuhn": KUHN, "leduc": LEDUC}


def small_game(name: str) -> SmallGame:
    """The small game of that name (``kuhn`` or ``leduc``), or ``InvalidArgument``."""
    try:
        return SMALL_GAMES[name]
    except KeyError:
        raise InvalidArgument(f"no small game {name!r}: choose one of {', '.join(SMALL_GAMES)}") from None


class SmallHand:
    """One hand of a small game, dealt from ``rng`` or from the cards given: ``to_act``,
    ``legal()``, ``act()``, and when over ``returns`` (each player's chips won or lost)."""

    def __init__(
        self, game: SmallGame, *, rng: random.Random | None = None, cards: tuple[int, ...] | None = None
    ) -> None:
        """Dealt from ``rng``, or from ``cards``: the two private cards, then the board cards
        in order. Given only the private cards, the hand waits at each board card for
        ``deal_board``; given no cards at all, it is the public walk the solvers take (no
        private card known, any board card may come)."""
        self.game = game
        need = 2 + sum(game.board_before)
        if cards is None:
            cards = tuple((rng or random.Random()).sample(range(game.cards), need))
        in_deck = all(0 <= c < game.cards for c in cards)
        if len(cards) not in (0, 2, need) or len(set(cards)) != len(cards) or not in_deck:
            raise InvalidArgument(f"{game.name} deals {need} different cards of 0 to {game.cards - 1}")
        self.holes = (cards[0], cards[1]) if cards else (-1, -1)
        self._to_come = list(cards[2:])
        self.board: tuple[int, ...] = ()
        self.contributed = [game.ante, game.ante]
        self.round = 0
        self.raises = 0
        self.history: list[list[SmallAction]] = [[]]
        self.to_act: int | None = 0
        self.folded: int | None = None
        self.board_due = 0

    def copy(self) -> SmallHand:
        """An independent copy, to try moves on."""
        other = SmallHand.__new__(SmallHand)
        other.__dict__.update(self.__dict__)
        other._to_come = list(self._to_come)
        other.contributed = list(self.contributed)
        other.history = [list(moves) for moves in self.history]
        return other

    def legal(self) -> tuple[SmallAction, ...]:
        """The moves open to the player to act (none once the hand is over)."""
        if self.to_act is None:
            return ()
        facing = self.contributed[1 - self.to_act] > self.contributed[self.to_act]
        moves: list[SmallAction] = ["fold"] if facing else []
        moves.append("call")
        if self.raises < self.game.max_raises:
            moves.append("raise")
        return tuple(moves)

    def act(self, player: int, move: SmallAction) -> None:
        if self.over:
            raise IllegalAction("hand_over", "the hand is over")
        if self.to_act is None:
            raise IllegalAction("invalid_action", "a board card is due")
        if player != self.to_act:
            raise IllegalAction("not_your_turn", f"player {self.to_act} is to act")
        if move not in self.legal():
            raise IllegalAction("invalid_action", f"{move} is not open: {', '.join(self.legal())}")
        other = 1 - player
        self.history[-1].append(move)
        if move == "fold":
            self.folded, self.to_act = player, None
            return
        owed = self.contributed[other] - self.contributed[player]
        if move == "raise":
            self.contributed[player] += owed + self.game.bets[self.round]
            self.raises += 1
            self.to_act = other
            return
        self.contributed[player] += owed
        if owed or len(self.history[-1]) >= 2:
            self._next_round()
        else:
            self.to_act = other

    def _next_round(self) -> None:
        self.round += 1
        if self.round == self.game.rounds:
            self.to_act = None
            return
        self.raises = 0
        self.history.append([])
        self.to_act = None
        self.board_due = self.game.board_before[self.round - 1]
        while self.board_due and self._to_come:
            self.deal_board(self._to_come.pop(0))

    def deal_board(self, card: int) -> None:
        """Deal the next board card (the hand waits for it when dealt without its board)."""
        if not self.board_due:
            raise InvalidArgument("no board card is due")
        if card in self.board or card in self.holes or not 0 <= card < self.game.cards:
            raise InvalidArgument(f"card {card} is not in the deck")
        self.board += (card,)
        self.board_due -= 1
        if not self.board_due:
            self.to_act = 0

    @property
    def over(self) -> bool:
        return self.to_act is None and not self.board_due

    @property
    def returns(self) -> tuple[int, int]:
        """Each player's winnings (negative for a loss) once the hand is over."""
        if not self.over:
            raise InvalidArgument("the hand is not over")
        if self.folded is not None:
            won = self.contributed[self.folded]
            return (-won, won) if self.folded == 0 else (won, -won)
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
