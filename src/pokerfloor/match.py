"""Two bots scored against each other heads-up: big blinds won per 100 hands, with a 95%
confidence interval.

Every hand starts from the same stacks and is dealt from the match seed and its deal number.
With ``duplicate``, each deal is played twice with the bots' seats swapped, so each bot holds
both seats' cards once: the luck of the cards cancels in each pair, and the pairs (independent
of each other) are what the interval is taken over. Without it each hand is one sample.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from pokerfloor.bots import Bot, bot_act
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import Hand
from pokerfloor.rules import Game

Z_95 = 1.959964
"""The two-sided 95% point of the normal distribution."""


@dataclass(frozen=True)
class MatchScore:
    """How bot A did against bot B: chips over the match and big blinds per 100 hands, with
    the 95% interval of the latter (``low``, ``high``)."""

    hands: int
    chips: int
    bb_per_100: float
    low: float
    high: float

    def __str__(self) -> str:
        interval = f"95% interval {self.low:+.1f} to {self.high:+.1f}"
        return f"{self.bb_per_100:+.1f} bb/100 ({interval}) over {self.hands} hands"


def play_hand(game: Game, bots: dict[int, Bot], stack: int, rng: random.Random) -> dict[int, int]:
    """One heads-up hand between the bots by seat (seat 2 is the button); chips won per seat."""
    hand = Hand(game, dict.fromkeys(bots, stack), button=2, rng=rng)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        bot_act(bots[seat], hand, seat)
    assert hand.result is not None
    return hand.result.net


def play_match(a: Bot, b: Bot, hands: int, *, duplicate: bool = False, seed: int = 0,
               game: Game | None = None, stack: int = 10_000) -> MatchScore:
    """Play ``hands`` hands (pairs of hands with ``duplicate``: ``hands`` must be even) and
    score bot ``a``. The game defaults to no-limit hold'em 50/100, stacks of 100 big blinds."""
    game = game or Game.no_limit_holdem(50, 100)
    if hands < 2 or (duplicate and hands % 2):
        raise InvalidArgument("a match has at least two hands, an even number when duplicate")
    samples: list[int] = []
    for number in range(hands // 2 if duplicate else hands):
        deal = f"{seed}:{number}"
        a_seat = 1 if duplicate or number % 2 == 0 else 2
        won = play_hand(game, {a_seat: a, 3 - a_seat: b}, stack, random.Random(deal))[a_seat]
        if duplicate:
            won += play_hand(game, {2: a, 1: b}, stack, random.Random(deal))[2]
        samples.append(won)
    per_sample = 2 if duplicate else 1
    return score_samples(samples, per_sample, game.big_blind)


def score_samples(samples: Sequence[float], per_sample: int, big_blind: int) -> MatchScore:
    """bb/100 and its 95% interval from independent samples of ``per_sample`` hands each (chips
    won, or an estimate of them such as AIVAT's)."""
    scale = 100 / (per_sample * big_blind)
    mean = statistics.fmean(samples) * scale
    spread = Z_95 * statistics.stdev(samples) / math.sqrt(len(samples)) * scale if len(samples) > 1 else math.inf
    return MatchScore(len(samples) * per_sample, round(sum(samples)), mean, mean - spread, mean + spread)
