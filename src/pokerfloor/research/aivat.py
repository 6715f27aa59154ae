"""A match scored with AIVAT's chance terms (Burch, Schmid, Moravčík, Morrill and Bowling 2018,
"AIVAT: A New Variance Reduction Technique for Agent Evaluation in Imperfect Information
Games"), beside the plain and the duplicate scores of the same hands.

AIVAT subtracts from each hand's winnings a control variate with expectation zero: at every
chance event (the deal of the hole cards, then each street's cards), the change it made to a
value estimate, minus that change's expectation over every card that could have come. Scored
after the match, with both players' cards known, the value estimate here is the project's
exact equity: a player's value at a moment is its equity times the pot, less its chips in the
pot. Exact equity is a martingale over the next card (its mean over every card that could come
is the equity before it), so the expected change at a street is zero and each street's term is
simply ``pot × (equity after − equity before)``; at the deal of the hole cards, where the two
players' chances are exchangeable, the mean equity is exactly one half. The terms for the
players' own decisions (AIVAT's action terms) need each bot's whole strategy, which a bot of
``pokerfloor.bots`` does not give; they are left out, so the score is unbiased but keeps the
variance of the decisions. ``Scores.narrowing`` measures what it removes: how many times
narrower its interval is than the duplicate score's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pokerfloor.bots import Bot, bot_act
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import Hand
from pokerfloor.match import MatchScore, score_samples
from pokerfloor.rules import Game


@dataclass(frozen=True)
class Scores:
    """Bot A's plain score (each hand a sample), duplicate score (each pair of hands with the
    seats swapped a sample) and AIVAT score (each hand a sample, less its chance terms), all
    over the same hands."""

    plain: MatchScore
    duplicate: MatchScore
    aivat: MatchScore

    @property
    def narrowing(self) -> float:
        """How many times narrower the AIVAT interval is than the duplicate one."""
        return (self.duplicate.high - self.duplicate.low) / (self.aivat.high - self.aivat.low)

    def __str__(self) -> str:
        return (f"plain {self.plain}\nduplicate {self.duplicate}\naivat {self.aivat}\n"
                f"the AIVAT interval is {self.narrowing:.2f} times narrower than the duplicate one")


def chance_terms(hand: Hand, seat: int, boards_seen: list[tuple[int, int]]) -> float:
    """The sum of a finished hand's chance terms for ``seat``: ``boards_seen`` holds, for each
    number of board cards the hand reached, the pot when those cards were dealt (the first
    entry, with no board, the pot at the deal of the hole cards)."""
    from pokerfloor.equity import equity

    other = next(s for s in hand.seats if s != seat)
    holes = hand.holes
    mine = "".join(str(c) for c in holes[seat])
    theirs = "".join(str(c) for c in holes[other])
    board = [str(c) for c in hand.board if c is not None]
    before = 0.5
    total = 0.0
    for cards, pot in boards_seen:
        after = equity([mine, theirs], board="".join(board[:cards]), exact=True).players[0].equity
        total += pot * (after - before)
        before = after
    return total


class ChanceWatch:
    """Watches one heads-up hand for its chance events (``seen`` after every action) and gives
    a seat's chance terms once it is over."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.boards = [(0, hand.total_pot)]

    def seen(self) -> None:
        dealt = sum(1 for c in self.hand.board if c is not None)
        if dealt > self.boards[-1][0]:
            # Every street dealt by one action (all of them at an all-in) came with the same pot.
            pot = sum(self.hand.contributions.values())
            self.boards.extend((cards, pot) for cards in (3, 4, 5) if self.boards[-1][0] < cards <= dealt)

    def terms(self, seat: int) -> float:
        return chance_terms(self.hand, seat, self.boards)


def play_scored_hand(game: Game, bots: dict[int, Bot], stack: int, rng: random.Random, seat: int) -> tuple[int, float]:
    """One heads-up hand (seat 2 on the button): ``seat``'s winnings and its chance terms."""
    hand = Hand(game, dict.fromkeys(bots, stack), button=2, rng=rng)
    watch = ChanceWatch(hand)
    while not hand.is_over:
        actor = hand.to_act
        assert actor is not None
        bot_act(bots[actor], hand, actor)
        watch.seen()
    assert hand.result is not None
    return hand.result.net[seat], watch.terms(seat)


def aivat_match(a: Bot, b: Bot, hands: int, *, seed: int = 0, game: Game | None = None,
                stack: int = 10_000) -> Scores:
    """Play ``hands`` hands as duplicate pairs (each deal twice, the seats swapped) and score
    bot ``a`` three ways. The game defaults to no-limit hold'em 50/100, stacks of 100 big
    blinds, as ``play_match``."""
    game = game or Game.no_limit_holdem(50, 100)
    if game.variant != "holdem":
        raise InvalidArgument("AIVAT's value estimate here is hold'em equity: the game must be hold'em")
    if hands < 4 or hands % 2:
        raise InvalidArgument("an AIVAT match has an even number of hands, at least four")
    plain: list[int] = []
    pairs: list[int] = []
    corrected: list[float] = []
    for number in range(hands // 2):
        deal = f"{seed}:{number}"
        pair = 0
        for a_seat in (1, 2):
            won, terms = play_scored_hand(game, {a_seat: a, 3 - a_seat: b}, stack, random.Random(deal), a_seat)
            plain.append(won)
            corrected.append(won - terms)
            pair += won
        pairs.append(pair)
    return Scores(score_samples(plain, 1, game.big_blind), score_samples(pairs, 2, game.big_blind),
                  score_samples(corrected, 1, game.big_blind))
