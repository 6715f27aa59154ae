"""The batched environment is the engine: every step of every hand is played through
``pf.Hand`` as well, with the same cards and stacks, and the seat to act, the legal actions,
the exact raise range and each finished hand's chips must agree (design.md: a faster path must
give identical results, and a test must prove it)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import pokerfloor as pf
from pokerfloor.cards import Card
from pokerfloor.envs.holdem import CALL, FOLD, RAISE, HoldemEnv, IllegalBatchAction

CASES: dict[str, dict[str, Any]] = {
    "heads-up, 100 big blinds": dict(players=2, stack=200, blinds=(1, 2)),
    "heads-up, short and uneven": dict(players=2, stack=[5, 13], blinds=(1, 2)),
    "three-handed, uneven short stacks": dict(players=3, stack=[20, 50, 9], blinds=(1, 2)),
    "six-max, side pots": dict(players=6, stack=[30, 80, 12, 200, 45, 7], blinds=(2, 4)),
    "nine-handed, blinds 5/10": dict(players=9, stack=[11, 40, 60, 25, 100, 33, 18, 80, 12], blinds=(5, 10)),
}


def _new_hand(env: HoldemEnv, row: int) -> pf.Hand:
    return pf.Hand(
        pf.Game.no_limit_holdem(*env.blinds).with_house(fold_facing_no_bet="refused"),  # the env's fold needs a bet
        stacks={k + 1: int(chips) for k, chips in enumerate(env.starting)},
        button=env.players,
        holes={k + 1: [Card(int(c)) for c in env.holes[row, k]] for k in range(env.players)},
        board=[Card(int(c)) for c in env.board[row]],
        rng=random.Random(0),
    )


def _same_options(env: HoldemEnv, row: int, hand: pf.Hand) -> None:
    legal = hand.legal()
    mask = env.legal_mask[row]
    assert hand.to_act == env.current_player[row] + 1
    assert bool(mask[FOLD]) == legal.fold and bool(mask[CALL])
    offered = legal.raise_ or legal.bet
    assert bool(mask[RAISE]) == (offered is not None)
    if offered is not None:
        assert (env.min_to[row], env.max_to[row]) == (offered.min_to, offered.max_to)


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_every_step_is_the_engines(case: str) -> None:
    env = HoldemEnv(**CASES[case])
    env.reset(24, seed=7)
    hands = [_new_hand(env, row) for row in range(24)]
    policy = np.random.default_rng(11)
    finished = 0
    for _ in range(300):
        mask = env.legal_mask
        codes = np.array([policy.choice(np.flatnonzero(m), p=None) for m in mask])
        low, high = env.min_to, env.max_to
        to = np.where(codes == RAISE, policy.integers(np.maximum(low, 0), np.maximum(high, 0) + 1), 0)
        for row, hand in enumerate(hands):
            _same_options(env, row, hand)
            seat = hand.to_act
            if codes[row] == FOLD:
                hand.act(seat, "fold")
            elif codes[row] == CALL:
                hand.act(seat, "check" if hand.legal().check else "call")
            else:
                hand.act(seat, "raise", to=int(to[row]))
        env.step(codes, to)
        for row, hand in enumerate(hands):
            assert hand.is_over == bool(env.terminated[row])
            if hand.is_over:
                assert hand.result is not None
                assert [hand.result.net[k + 1] for k in range(env.players)] == env.rewards[row].tolist()
                hands[row] = _new_hand(env, row)
                finished += 1
            else:
                assert not env.rewards[row].any()
    assert finished > 100


def test_rewards_add_up_to_zero_and_rows_are_always_in_a_hand() -> None:
    env = HoldemEnv(4, stack=100, blinds=(1, 2))
    env.reset(64, seed=3)
    total = np.zeros(4, dtype=np.int64)
    for _ in range(200):
        env.step(np.full(64, CALL))
        assert (env.rewards.sum(axis=1) == 0).all()
        assert (env.current_player >= 0).all()
        total += env.rewards.sum(axis=0)
    assert total.sum() == 0


def test_the_same_seed_plays_the_same_hands() -> None:
    first, second = HoldemEnv(3), HoldemEnv(3)
    first.reset(8, seed=5)
    second.reset(8, seed=5)
    for _ in range(20):
        first.step(np.full(8, CALL))
        second.step(np.full(8, CALL))
    assert (first.holes == second.holes).all() and (first.rewards == second.rewards).all()


def test_an_illegal_action_changes_nothing() -> None:
    env = HoldemEnv(2, stack=50)
    env.reset(4, seed=1)
    before = (env.current_player, env.min_to, env.observation().bets)
    with pytest.raises(IllegalBatchAction, match="hand 2"):
        env.step(np.array([CALL, CALL, RAISE, CALL]), np.array([0, 0, 3, 0]))   # the minimum raise is to 4
    with pytest.raises(IllegalBatchAction, match="hand 0"):
        env.step(np.array([5, CALL, CALL, CALL]))
    after = (env.current_player, env.min_to, env.observation().bets)
    for old, new in zip(before, after, strict=True):
        assert (old == new).all()


def test_the_board_is_hidden_until_dealt() -> None:
    env = HoldemEnv(2)
    seen = env.reset(3, seed=2)
    assert (seen.board == -1).all()
    assert (seen.hole == env.holes[np.arange(3), seen.player]).all()


def test_stacks_must_exceed_the_big_blind() -> None:
    with pytest.raises(ValueError, match="more than the big blind"):
        HoldemEnv(2, stack=[2, 100], blinds=(1, 2))
