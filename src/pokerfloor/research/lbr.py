"""Local best response (Lisý and Bowling 2017, "Equilibrium Approximation Quality of Current
No-Limit Poker Bots"): a lower bound on how much a heads-up no-limit bot can be beaten, from
playing it.

LBR keeps the bot's range: every pair of hole cards the bot could hold, weighted by how likely
the bot was to act as it did with each (the bot is asked, for each pair, what it would do with
those cards in its seat's view). At each of its own decisions after the flop, LBR takes its
equity against that range (the project's equity) and, for each bet it could make, the share of
the range that would fold to it (the bot asked again, for each pair), and plays the move of the
highest expected value as if the hand were then checked down:

- calling is worth ``WP × pot − (1 − WP) × asked``;
- a bet of ``b`` more is worth ``fp × pot + (1 − fp) × (WP × (pot + b) − (1 − WP) × (asked + b))``;
- and folding nothing, so LBR folds when nothing is worth more than zero.

Before the flop LBR calls (one of the paper's settings: the pre-flop rollouts are what make the
full version slow). Its bets here are the pot and all in. The score is what LBR wins, in
milli-big-blinds a hand, with a 95% interval: a lower bound on the bot's exploitability. Each
hand's winnings are scored less AIVAT's chance terms (``pokerfloor.research.aivat``): the same
expectation, without the luck of the cards that all-in bets of 100 big blinds bring. A bot
that draws at random is asked once per pair, so its range is read as if it played as it
happened to choose: LBR is then weaker, and the bound lower, not wrong.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from dataclasses import dataclass, replace

from pokerfloor.bots import Bot, decide
from pokerfloor.cards import Card
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import Hand
from pokerfloor.match import Z_95
from pokerfloor.research.aivat import ChanceWatch
from pokerfloor.rules import Game

Holding = tuple[Card, Card]
ALL_HOLDINGS: tuple[Holding, ...] = tuple(
    (Card(a), Card(b)) for a, b in itertools.combinations(range(52), 2)
)


@dataclass(frozen=True)
class LbrScore:
    """What LBR won from the bot: milli-big-blinds a hand and its 95% interval."""

    hands: int
    mbb_per_hand: float
    low: float
    high: float

    def __str__(self) -> str:
        return (f"LBR wins {self.mbb_per_hand:+,.0f} mbb/hand (95% interval {self.low:+,.0f} to "
                f"{self.high:+,.0f}) over {self.hands} hands")


class _Range:
    """The bot's hole cards as LBR believes them: each pair's weight."""

    def __init__(self, known: set[Card]) -> None:
        self.weights = {h: 1.0 for h in ALL_HOLDINGS if h[0] not in known and h[1] not in known}

    def remove(self, cards: set[Card]) -> None:
        for holding in [h for h in self.weights if h[0] in cards or h[1] in cards]:
            del self.weights[holding]

    def share(self, bot: Bot, hand: Hand, seat: int, matches: tuple[str, int | None] | None) -> float:
        """The weighted share of the range whose choice matches (``matches``, else a fold);
        with ``matches`` the range keeps only those pairs."""
        view = hand.view(seat)
        total = kept = 0.0
        keep: dict[Holding, float] = {}
        for holding, weight in self.weights.items():
            kind, to, _ = decide(bot, replace(view, holes={**view.holes, seat: holding}))
            total += weight
            if (kind, to) == matches if matches is not None else kind == "fold":
                kept += weight
                keep[holding] = weight
        if matches is not None and keep:
            self.weights = keep
        return kept / total if total else 0.0


def _win_probability(mine: Holding, weights: dict[Holding, float], board: list[Card]) -> float:
    from pokerfloor.equity import Range, equity

    them = Range("the bot's range", tuple((h, w) for h, w in weights.items()))
    found = equity(["".join(str(c) for c in mine), them], board="".join(str(c) for c in board), precision=0.005)
    return found.players[0].equity


def _lbr_move(bot: Bot, hand: Hand, lbr: int, seat: int, belief: _Range) -> tuple[str, int | None]:
    legal = hand.legal()
    board = [c for c in hand.board if c is not None]
    passive: tuple[str, int | None] = ("check", None) if legal.check else ("call", None)
    if not board or not belief.weights:
        return passive
    first, second = hand.holes[lbr]
    assert first is not None and second is not None
    wp = _win_probability((first, second), belief.weights, board)
    pot = hand.total_pot
    asked = legal.call.cost if legal.call is not None else 0
    best, value = (passive, wp * pot - (1 - wp) * asked)
    span = legal.bet or legal.raise_
    if span is not None:
        level = legal.call.to if legal.call is not None else 0
        kind = "bet" if legal.bet else "raise"
        for to in sorted({min(span.max_to, max(span.min_to, level + pot + asked)), span.max_to}):
            more = to - hand.bets.get(lbr, 0) - asked
            hand.act(lbr, kind, to)
            fp = belief.share(bot, hand, seat, None) if hand.to_act == seat else 0.0
            hand.undo()
            worth = fp * pot + (1 - fp) * (wp * (pot + more) - (1 - wp) * (asked + more))
            if worth > value:
                best, value = (kind, to), worth
    if value < 0 and asked > 0:
        return "fold", None
    return best


def lbr_hand(bot: Bot, game: Game, stack: int, rng: random.Random, lbr: int) -> float:
    """One hand of LBR in seat ``lbr`` (seat 2 on the button) against the bot: LBR's winnings
    less the hand's chance terms (``aivat``), an unbiased estimate with far less variance."""
    seat = 3 - lbr
    hand = Hand(game, {1: stack, 2: stack}, button=2, rng=rng)
    mine = {c for c in hand.holes[lbr] if c is not None}
    belief = _Range(mine)
    watch = ChanceWatch(hand)
    seen = 0
    while not hand.is_over:
        board = [c for c in hand.board if c is not None]
        if len(board) > seen:
            belief.remove(set(board[seen:]))
            seen = len(board)
        actor = hand.to_act
        assert actor is not None
        if actor == seat:
            kind, to, _ = decide(bot, hand.view(seat))
            belief.share(bot, hand, seat, (kind, to))
            hand.act(seat, kind, to)
        else:
            kind_lbr, to_lbr = _lbr_move(bot, hand, lbr, seat, belief)
            hand.act(lbr, kind_lbr, to_lbr)
        watch.seen()
    assert hand.result is not None
    return hand.result.net[lbr] - watch.terms(lbr)


def local_best_response(bot: Bot, hands: int, *, seed: int = 0, game: Game | None = None,
                        stack: int = 10_000) -> LbrScore:
    """LBR against ``bot`` over ``hands`` hands, LBR on the button every other hand. The game
    defaults to no-limit hold'em 50/100, stacks of 100 big blinds, as ``pokerfloor match``."""
    game = game or Game.no_limit_holdem(50, 100)
    if game.variant != "holdem" or game.structure != "no_limit":
        raise InvalidArgument("local best response is for heads-up no-limit hold'em")
    if hands < 2:
        raise InvalidArgument("LBR plays at least two hands")
    won = [lbr_hand(bot, game, stack, random.Random(f"{seed}:{n}"), 1 + n % 2) * 1000 / game.big_blind
           for n in range(hands)]
    mean = statistics.fmean(won)
    spread = Z_95 * statistics.stdev(won) / math.sqrt(hands)
    return LbrScore(hands, mean, mean - spread, mean + spread)
