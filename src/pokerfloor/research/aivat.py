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
players' chances are exchangeable, the mean equity is exactly one half.

AIVAT's action terms cover the decisions of a bot that says what it would do: a bot with a
``strategy(view)`` method (a ``StrategyBot``: ``PushFoldBot``, the push-or-fold equilibrium) gives
the probability of each of its moves, and at each of its decisions the term is the value after
the move it made less the mean, under its strategy, of the value after each move it could have
made. The value there is ``called_down``: exact equity times the pot once every live player has
called the bet in front of them, less the seat's chips (the result itself when the move ends
the hand); a move drawn from the strategy leaves the term's mean zero whatever value is used, so
the score stays unbiased. A bot of ``pokerfloor.bots`` exposes no strategy, and its decisions
keep their variance. ``Scores.narrowing`` measures what AIVAT removes: how many times narrower
its interval is than the duplicate score's; ``Scores.chance_only`` is the score with the chance
terms alone, to measure what the action terms add.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from pokerfloor.bots import Bot, bot_act
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import Hand
from pokerfloor.hand.view import SeatView
from pokerfloor.match import MatchScore, score_samples
from pokerfloor.rules import Game


@dataclass(frozen=True)
class Scores:
    """Bot A's plain score (each hand a sample), duplicate score (each pair of hands with the
    seats swapped a sample) and AIVAT score (each hand less its terms, each pair a sample: its
    two hands share their cards), all over the same hands."""

    plain: MatchScore
    duplicate: MatchScore
    aivat: MatchScore
    chance_only: MatchScore | None = None
    """The AIVAT score with the chance terms alone, when action terms were used."""
    decisions: int = 0
    """The decisions that had an action term (those of a bot with a ``strategy``)."""

    @property
    def narrowing(self) -> float:
        """How many times narrower the AIVAT interval is than the duplicate one."""
        return (self.duplicate.high - self.duplicate.low) / (self.aivat.high - self.aivat.low)

    @property
    def action_narrowing(self) -> float:
        """How many times narrower the action terms make the interval of the chance terms
        alone (1 when no decision had an action term)."""
        if self.chance_only is None:
            return 1.0
        return (self.chance_only.high - self.chance_only.low) / (self.aivat.high - self.aivat.low)

    def __str__(self) -> str:
        text = (f"plain {self.plain}\nduplicate {self.duplicate}\naivat {self.aivat}\n"
                f"the AIVAT interval is {self.narrowing:.2f} times narrower than the duplicate one")
        if self.chance_only is not None:
            text += (f"\n{self.decisions} decisions had action terms; with the chance terms alone {self.chance_only},"
                     f" {self.action_narrowing:.2f} times wider")
        return text


Move = tuple[float, str, "int | None"]
"""A move a bot may make and its probability: ``(probability, action, to)``."""


@runtime_checkable
class StrategyBot(Protocol):
    """A bot that says what it would do: the probability of each move open to it, the moves
    ``choose`` draws from."""

    def strategy(self, view: SeatView) -> list[Move]: ...


def called_down(hand: Hand, seat: int) -> float:
    """``seat``'s value in a heads-up hand, the cards known: its winnings when the hand is over,
    else its exact equity on the board so far times the pot once the live players have called
    the bet in front of them (as far as their chips go), less its chips in that pot."""
    from pokerfloor.equity import equity

    result = hand.result
    if result is not None:
        return float(result.net[seat])
    live = [s for s in hand.seats if s not in hand.folded]
    chips = hand.contributions
    stacks = hand.stacks
    top = max(chips[s] for s in live)
    called = {s: min(top, chips[s] + stacks[s]) for s in live}
    matched = min(called.values())
    pot = sum(min(called[s], matched) if s in called else chips[s] for s in hand.seats)
    other = next(s for s in live if s != seat)
    board = "".join(str(c) for c in hand.board if c is not None)
    cards = ["".join(str(c) for c in hand.holes[s]) for s in (seat, other)]
    share = equity(cards, board=board, exact=True).players[0].equity
    return share * pot - min(called[seat], matched)


def expected_after(hand: Hand, actor: int, moves: list[Move], seat: int) -> float:
    """The mean, under ``moves``, of ``seat``'s ``called_down`` value after ``actor`` moves."""
    total = 0.0
    for probability, kind, to in moves:
        if probability > 0:
            trial = copy.copy(hand)
            trial.act(actor, kind, to)
            total += probability * called_down(trial, seat)
    return total


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


@dataclass(frozen=True)
class ScoredHand:
    """One hand scored for a seat: its winnings, the sum of its chance terms and of its action
    terms, and how many decisions had an action term."""

    won: int
    chance: float
    action: float = 0.0
    decisions: int = 0


def play_scored_hand(game: Game, bots: dict[int, Bot], stack: int, rng: random.Random, seat: int) -> ScoredHand:
    """One heads-up hand (seat 2 on the button) scored for ``seat``: every chance event's term,
    and an action term at every decision of a bot that gives its strategy."""
    hand = Hand(game, dict.fromkeys(bots, stack), button=2, rng=rng)
    watch = ChanceWatch(hand)
    action, decisions = 0.0, 0
    while not hand.is_over:
        actor = hand.to_act
        assert actor is not None
        bot = bots[actor]
        legal = hand.legal()
        if isinstance(bot, StrategyBot) and not (legal.show or legal.muck):
            expected = expected_after(hand, actor, bot.strategy(hand.view(actor)), seat)
            bot_act(bot, hand, actor)
            action += called_down(hand, seat) - expected
            decisions += 1
        else:
            bot_act(bot, hand, actor)
        watch.seen()
    assert hand.result is not None
    return ScoredHand(hand.result.net[seat], watch.terms(seat), action, decisions)


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
    chance_only: list[float] = []
    decisions = 0
    for number in range(hands // 2):
        deal = f"{seed}:{number}"
        pair = [0.0, 0.0, 0.0]
        for a_seat in (1, 2):
            scored = play_scored_hand(game, {a_seat: a, 3 - a_seat: b}, stack, random.Random(deal), a_seat)
            plain.append(scored.won)
            for i, sample in enumerate((scored.won, scored.won - scored.chance,
                                        scored.won - scored.chance - scored.action)):
                pair[i] += sample
            decisions += scored.decisions
        pairs.append(round(pair[0]))
        chance_only.append(pair[1])
        corrected.append(pair[2])
    # The two hands of a pair share their cards: a pair is one sample, for AIVAT as for duplicate.
    big = game.big_blind
    return Scores(score_samples(plain, 1, big), score_samples(pairs, 2, big), score_samples(corrected, 2, big),
                  score_samples(chance_only, 2, big) if decisions else None, decisions)
