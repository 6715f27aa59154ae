"""The soak: random hands of every variant, structure, forced-bet set-up, player count and
smallest chip, played to the end by random legal actions, with every rule a server relies on
checked as they go (``pokerfloor bench --only soak``; a small sample runs in the tests).

After every action the chips are conserved (stacks plus the pot are what the seats sat down
with); at random decisions the refusals are probed against ``legal()``: every amount a range
offers is accepted (on a copy) and every other amount near it is refused with ``IllegalAction``,
the hand unchanged. A hand that raises anything else is a crash; a hand with nobody to act and
nothing due that is not over is stuck. The target is none of either, and no violation.
"""

from __future__ import annotations

import copy
import random
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field

from pokerfloor.cards import Card
from pokerfloor.errors import IllegalAction
from pokerfloor.hand import Hand, Post
from pokerfloor.rules import STRUCTURES, VARIANTS, Game

CHIPS = (1, 1, 5, 25)
"""Smallest chips to play with (1 most often)."""


@dataclass
class SoakReport:
    """What a soak found: counts, and the first few problems of each kind, reproducible by seed."""

    hands: int = 0
    actions: int = 0
    probes: int = 0
    refused_setups: int = 0
    crashes: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    seconds: float = 0.0
    seen: dict[str, int] = field(default_factory=dict)
    """How often each option was exercised (the table soak: bomb pots, double boards, runs...)."""

    @property
    def clean(self) -> bool:
        return not (self.crashes or self.stuck or self.violations)

    def merge(self, other: SoakReport) -> None:
        self.hands += other.hands
        self.actions += other.actions
        self.probes += other.probes
        self.refused_setups += other.refused_setups
        self.crashes += other.crashes
        self.stuck += other.stuck
        self.violations += other.violations
        self.seconds += other.seconds
        for name, count in other.seen.items():
            self.seen[name] = self.seen.get(name, 0) + count


def random_game(rng: random.Random) -> Game:
    """A game of any variant and structure, with forced bets in whole smallest chips."""
    variant = rng.choice(sorted(VARIANTS))
    structure = rng.choice(STRUCTURES)
    unit = rng.choice(CHIPS)
    ante = unit * rng.choice((0, 0, 1, 2))
    if VARIANTS[variant].family == "stud":
        bring_in = unit * rng.choice((1, 2))
        small = bring_in * 2
        kw: dict[str, object] = {"bring_in": bring_in, "ante": ante}
    else:
        small = unit * rng.choice((1, 2, 5))
        layout = rng.choice(("two", "two", "one", "three", "button"))
        if layout == "one":
            kw = {"blinds": (small,)}
        elif layout == "three":
            kw = {"blinds": (small, small, 2 * small)}
        elif layout == "button":
            kw = {"blinds": (small,), "first_blind_on_button": True}
        else:
            kw = {"small_blind": small, "big_blind": 2 * small}
        extra = rng.choice(("ante", "bb_ante", "button_ante", "none", "none"))
        if extra != "none" and ante:
            kw[extra] = ante
    if structure == "fixed_limit":
        kw.update(small_bet=2 * small, big_bet=4 * small)
    elif structure == "spread_limit":
        kw["spread"] = (small, 4 * small, 8 * small)
    return Game(variant=variant, structure=structure, min_chip=unit, **kw)  # type: ignore[arg-type]


def random_hand(rng: random.Random) -> Hand:
    """A hand of a random game at 2 up to the most players its deck can deal, with uneven
    stacks (some short of the blinds), a random button and sometimes a straddle."""
    game = random_game(rng)
    players = rng.randint(2, game.variant_spec.max_players)
    seats = sorted(rng.sample(range(1, players + 4), players))
    base = max(game.big_blind, game.small_bet, game.bring_in, game.min_chip)
    stacks = {s: rng.choice((1, 3, 20, 100, 100, 400)) * base + rng.randrange(game.min_chip) for s in seats}
    button = rng.choice(seats)
    posts = None
    if game.variant_spec.family != "stud" and len(seats) > 3 and rng.random() < 0.1:
        hand = Hand(game, stacks, button, rng=random.Random(0))
        order = hand.seats
        posts = [Post(order[2 % len(order)], 2 * game.big_blind, "straddle")]
    return Hand(game, stacks, button, rng=random.Random(rng.getrandbits(32)), posts=posts)


def random_action(hand: Hand, rng: random.Random) -> tuple[str, int | None, list[Card | None] | None]:
    """A random legal action for the seat to act: its name, amount and discards (a draw)."""
    legal = hand.legal()
    seat = hand.to_act
    assert seat is not None
    if legal.draw is not None:
        held = hand.holes[seat]
        return "draw", None, rng.sample(held, rng.randint(0, len(held)))
    options: list[tuple[str, int | None]] = []
    if legal.bring_in is not None:
        options += [("bring_in", None)] * 3
    elif legal.check or legal.call is not None:
        options += [("check", None) if legal.check else ("call", None)] * 3
    if legal.fold:
        options.append(("fold", None))
    all_in_to = hand.bets[seat] + hand.stacks[seat]
    for name, amounts in (("bet", legal.bet), ("raise", legal.raise_), ("complete", legal.complete)):
        if amounts is not None:
            inner = rng.randint(amounts.min_to, amounts.max_to)
            inner -= (inner - amounts.min_to) % amounts.step
            options += [(name, amounts.min_to), (name, amounts.max_to), (name, inner)]
            if amounts.max_to == all_in_to:
                options.append(("all_in", None))
    if legal.call is not None and legal.call.to == all_in_to:
        options.append(("all_in", None))
    action, to = rng.choice(options)
    return action, to, None


def _state(hand: Hand) -> tuple[object, ...]:
    return (len(hand.events), hand.stacks, hand.bets, hand.to_act, hand.street)


def _probe(hand: Hand, rng: random.Random, report: SoakReport, tag: str) -> None:
    """Every amount near each offered range: accepted exactly when ``to in range``."""
    legal = hand.legal()
    seat = hand.to_act
    for name, amounts in (("bet", legal.bet), ("raise", legal.raise_), ("complete", legal.complete)):
        if amounts is None:
            continue
        lo, hi, step = amounts
        near = {lo - 1, lo, lo + 1, lo + step, hi - 1, hi, hi + 1, rng.randint(lo, hi), lo - step}
        for to in sorted(a for a in near if a > 0):
            report.probes += 1
            if to in amounts:
                trial = copy.copy(hand)
                try:
                    trial.act(seat, name, to=to)
                except IllegalAction as refused:
                    report.violations.append(f"{tag}: {name} to {to} in {amounts} refused: {refused}")
                continue
            before = _state(hand)
            try:
                hand.act(seat, name, to=to)
            except IllegalAction:
                if _state(hand) != before:
                    report.violations.append(f"{tag}: a refused {name} to {to} changed the hand")
                continue
            report.violations.append(f"{tag}: {name} to {to} not in {amounts} was accepted")
            return


def soak_hand(seed: int, report: SoakReport, probe_rate: float = 0.2) -> None:
    """Play one random hand (all of it decided by ``seed``) and add what it found to ``report``."""
    rng = random.Random(seed)
    tag = f"seed {seed}"
    try:
        hand = random_hand(rng)
    except ValueError:
        report.refused_setups += 1
        return
    report.hands += 1
    total = sum(hand.starting_stacks.values())
    try:
        for _ in range(2_000):
            if hand.is_over:
                break
            if hand.to_act is None:
                report.stuck.append(f"{tag}: nobody to act on {hand.street}, nothing due, not over")
                return
            if rng.random() < probe_rate:
                _probe(hand, rng, report, tag)
                if len(report.violations) > 50:
                    return
            action, to, discard = random_action(hand, rng)
            hand.act(hand.to_act, action, to=to, discard=discard)
            report.actions += 1
            if sum(hand.stacks.values()) + (0 if hand.is_over else hand.total_pot) != total:
                report.violations.append(f"{tag}: chips not conserved after {action} {to}")
                return
        else:
            report.stuck.append(f"{tag}: no end after 2,000 actions")
            return
        result = hand.result
        if result is None or sum(result.stacks.values()) != total or sum(result.net.values()) != 0:
            report.violations.append(f"{tag}: the result does not add up")
    except Exception as error:  # a soak reports every crash, whatever it is
        where = traceback.extract_tb(error.__traceback__)[-1]
        report.crashes.append(f"{tag}: {type(error).__name__}: {error} ({where.filename}:{where.lineno})")


def soak(hands: int, *, seed: int = 0, progress: Callable[[int], None] | None = None) -> SoakReport:
    """Soak ``hands`` random hands, seeds ``seed`` to ``seed + hands - 1``."""
    report = SoakReport()
    started = time.perf_counter()
    for k in range(hands):
        soak_hand(seed + k, report)
        if progress is not None and k % 1_000 == 999:
            progress(1_000)
    report.seconds = time.perf_counter() - started
    return report


__all__ = ["SoakReport", "random_game", "random_hand", "soak", "soak_hand"]
