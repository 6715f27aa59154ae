"""The Gymnasium adapter: the spaces hold what it returns, the action mask is exactly the
legal amounts, and its rewards are the batched environment's."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence

from pokerfloor.envs import HoldemVectorEnv


def test_observations_are_in_the_observation_space() -> None:
    env = HoldemVectorEnv(8, players=3, stack=50)
    obs, infos = env.reset(seed=4)
    assert env.observation_space.contains(obs)
    assert infos["action_mask"].shape == (8, 51)


def test_the_action_mask_is_the_legal_amounts() -> None:
    env = HoldemVectorEnv(4, stack=100)
    _, infos = env.reset(seed=1)
    mask = infos["action_mask"][0]
    # heads-up, blinds 1/2: the small blind may fold, call, or raise to 4..100
    assert mask[0] and mask[1] and not mask[2:4].any() and mask[4:].all()


def test_self_play_keeps_the_chips_and_follows_the_mask() -> None:
    env = HoldemVectorEnv(16, players=2, stack=40)
    obs, infos = env.reset(seed=2)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(200):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in infos["action_mask"]])
        obs, rewards, terminated, truncated, infos = env.step(actions)
        assert env.observation_space.contains(obs)
        assert (infos["rewards"].sum(axis=1) == 0).all()
        assert not truncated.any()
        ended += int(terminated.sum())
        assert (rewards[~terminated] == 0).all()
    assert ended > 50


def test_an_illegal_amount_is_refused() -> None:
    env = HoldemVectorEnv(2, stack=100)
    env.reset(seed=1)
    with pytest.raises(ValueError, match="hand 0"):
        env.step(np.array([3, 1]))


def test_the_same_seed_gives_the_same_episode() -> None:
    one, two = HoldemVectorEnv(4), HoldemVectorEnv(4)
    assert data_equivalence(one.reset(seed=9)[0], two.reset(seed=9)[0])
