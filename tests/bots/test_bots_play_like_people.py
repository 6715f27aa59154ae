"""The built-in bots bet like people (pot fractions in round numbers) and their styles stay
within reason over a session: no style wins or loses thousands of big blinds in 200 hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import pokerfloor as pf
from pokerfloor.bots import STYLES, make_bot

BIG_BLIND = 100


def session(seed: int, hands: int = 200) -> tuple[Counter[str], list[tuple[int, int, int, bool]]]:
    """Net chips per style over ``hands`` hands at six seats with rebuys, and every bet or raise
    made: (total, pot before it, bet faced, all-in)."""
    table = pf.Table(pf.Game.no_limit_holdem(BIG_BLIND // 2, BIG_BLIND), seats=6, rng=random.Random(seed), button=6)
    styles = {seat: STYLES[(seat - 1) % len(STYLES)] for seat in range(1, 7)}
    bots = {seat: make_bot(style, style, random.Random(seed * 10 + seat)) for seat, style in styles.items()}
    for seat, style in styles.items():
        table.sit(seat, f"{style} {seat}", 10_000, post=True)
    bought = Counter({seat: 10_000 for seat in styles})
    bets: list[tuple[int, int, int, bool]] = []
    for _ in range(hands):
        for seat in styles:
            if table.stack(seat) == 0:
                table.rebuy(seat, 10_000, post=True)
                bought[seat] += 10_000
        hand = table.start_hand()
        while not hand.is_over:
            seat = hand.to_act
            legal = hand.legal()
            pot, faced = hand.total_pot, legal.call.to if legal.call else 0
            action, to = bots[seat].choose(hand.view(seat))
            hand.act(seat, action, to=to)
            if action in ("bet", "raise") and to is not None:
                bets.append((to, pot, faced, hand.stacks[seat] == 0))
    table.end_hand()
    net: Counter[str] = Counter()
    for seat, style in styles.items():
        net[style] += table.stack(seat) - bought[seat]
    return net, bets


@pytest.mark.parametrize("seed", [1, 2])
def test_no_style_wins_or_loses_thousands_of_big_blinds_in_200_hands(seed: int) -> None:
    net, _ = session(seed)
    for style, chips in net.items():
        assert abs(chips) < 2_500 * BIG_BLIND, (style, chips // BIG_BLIND)


def test_bets_are_round_pot_fractions() -> None:
    _, bets = session(3, hands=100)
    assert len(bets) > 50
    for to, pot, faced, all_in in bets:
        if all_in:
            continue
        digits = str(to).rstrip("0")
        assert len(digits) <= 2 or to == 2 * faced or to - faced == BIG_BLIND, f"{to} is not a round amount"
        assert to <= max(3 * max(faced, BIG_BLIND), faced + 2 * (pot + faced)), (to, pot, faced)
