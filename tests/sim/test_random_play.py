"""The batched simulator gives the reference engine's results (design.md: a faster path must
give identical results, and a test must prove it).

Every hand ``pokerfloor.sim.play_random`` plays is replayed through ``pf.Hand`` with the same
cards and stacks. At every decision the seat to act must be the engine's, the bet or raise range
the simulator offered must be the one ``legal()`` gives, the action must be legal there and
leave the seat's wager where the simulator says; at the end the final stacks must be equal.
The samples are thousands of hands: full 200-big-blind stacks, and uneven short stacks that
make short all-ins, side pots and short blinds common.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

import pokerfloor as pf
from pokerfloor.sim import Batch, play_random


def _uneven(seed: int, hands: int, seats: int, high: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(1, high, size=(hands, seats))


DEEP = ("showdown", "uncalled bet returned", "split pot", "odd chip")
SHORT = (*DEEP, "side pots", "all-in call for less", "all-in short of a full raise", "a short all-in does not reopen")
REOPEN = (*SHORT, "short all-ins adding up to a full raise reopen")

# name: (play_random's arguments, the cases the sample must meet at least once)
SAMPLES: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "six-max, 200 big blinds": (dict(hands=5000, seats=6, stack=400, blinds=(1, 2), seed=1), DEEP),
    "six-max, uneven short stacks": (
        dict(hands=5000, seats=6, stack=_uneven(2, 5000, 6, 60), blinds=(1, 2), seed=2),
        SHORT,
    ),
    "heads-up, short stacks": (
        dict(hands=2000, seats=2, stack=_uneven(3, 2000, 2, 40), blinds=(1, 2), seed=3),
        ("showdown", "uncalled bet returned", "split pot", "all-in short of a full raise"),
    ),
    "nine-handed, blinds 5/10, up to 8 big blinds": (
        dict(hands=3000, seats=9, stack=_uneven(4, 3000, 9, 80), blinds=(5, 10), seed=4),
        REOPEN,
    ),
    "three-handed, blinds 1/1": (
        dict(hands=2000, seats=3, stack=_uneven(5, 2000, 3, 30), blinds=(1, 1), seed=5),
        SHORT,
    ),
}


def _range(legal: pf.Legal) -> tuple[int, int]:
    offered = legal.raise_ or legal.bet
    return (-1, -1) if offered is None else (offered.min_to, offered.max_to)


def replay(batch: Batch, h: int, seen: Counter[str]) -> None:
    """Replay hand ``h`` through ``pf.Hand``, checking every step; count the cases it met."""
    game = pf.Game.no_limit_holdem(*batch.blinds)
    hand = pf.Hand(
        game,
        stacks=batch.stacks(h),
        button=batch.button,
        holes=batch.hole_cards(h),
        board=batch.board_cards(h),
        rng=random.Random(0),
    )
    street = ""
    full_raise_since: dict[int, bool] = {}  # per seat that acted this round: a full raise came since
    for step, (seat, action, to) in enumerate(batch.actions(h)):
        where = f"hand {h}, decision {step}: {seat} {action} {to}"
        assert hand.to_act == seat, where
        legal = hand.legal()
        offered = (int(batch.raise_min[h, step]), int(batch.raise_max[h, step]))
        assert offered == _range(legal), where
        if hand.street != street:
            street, full_raise_since = hand.street, {}
        bet, behind = hand.bets[seat], hand.stacks[seat]
        level = max(*hand.bets.values(), game.big_blind if street == "preflop" else 0)
        if seat in full_raise_since and not full_raise_since[seat] and legal.raise_ is not None:
            seen["short all-ins adding up to a full raise reopen"] += 1
        if seat in full_raise_since and legal.call is not None and legal.raise_ is None and legal.call.cost < behind:
            seen["a short all-in does not reopen"] += 1
        if action == "fold":
            assert legal.fold, where
        elif action == "check":
            assert legal.check, where
        elif action == "call":
            assert legal.call is not None and legal.call.to == to, where
            seen["all-in call for less"] += legal.call.cost == behind and to < level
        else:
            offer = legal.bet if action == "bet" else legal.raise_
            assert offer is not None and to in offer, where
            if to - level >= hand.min_raise_increment:
                full_raise_since = dict.fromkeys(full_raise_since, True)
            elif to - bet == behind:
                seen["all-in short of a full raise"] += 1
        hand.act(seat, action, to=to)
        full_raise_since[seat] = False
        if not hand.is_over and hand.street == street:
            assert hand.bets[seat] == (bet if to is None else to), where
    assert hand.is_over and hand.to_act is None, f"hand {h} is not over after its actions"
    result = hand.result
    assert result is not None
    assert result.stacks == batch.final(h), f"hand {h}: final stacks"
    seen["side pots"] += len(result.awards) > 1
    seen["split pot"] += any(len(a.winners) > 1 for a in result.awards)
    seen["odd chip"] += any(len(set(a.winners.values())) > 1 and len(a.winners) > 1 for a in result.awards)
    seen["uncalled bet returned"] += bool(result.returned)
    seen["showdown"] += bool(result.showdown_order)


@pytest.mark.parametrize("name", list(SAMPLES))
def test_every_hand_replays_step_by_step_through_the_hand_engine(name: str) -> None:
    arguments, cases = SAMPLES[name]
    batch = play_random(**arguments)
    seen: Counter[str] = Counter()
    for h in range(len(batch)):
        replay(batch, h, seen)
    missing = [case for case in cases if not seen[case]]
    assert not missing, f"the sample never met {missing}: {dict(seen)}"
