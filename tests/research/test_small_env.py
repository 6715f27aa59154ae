"""Kuhn and Leduc as PettingZoo AEC environments: PettingZoo's own API test, the action mask,
what each agent may see, and rewards that sum to zero."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test

from pokerfloor.errors import IllegalAction
from pokerfloor.research.env import SmallGameEnv


@pytest.mark.parametrize("game", ["kuhn", "leduc"])
def test_pettingzoos_api_test(game: str) -> None:
    api_test(SmallGameEnv(game), num_cycles=200)


def test_an_episode_masks_moves_hides_the_other_card_and_pays_both() -> None:
    env = SmallGameEnv("leduc")
    rng = np.random.default_rng(0)
    totals = np.zeros(2)
    for episode in range(300):
        env.reset(seed=episode)
        assert env.hand is not None
        for agent in env.agent_iter():
            observation, reward, terminated, _, _ = env.last()
            player = env.possible_agents.index(agent)
            other = env.hand.holes[1 - player]
            assert observation["observation"][other] == 0 or other == env.hand.holes[player]
            if terminated:
                totals[player] += reward
                env.step(None)
                continue
            mask = observation["action_mask"]
            assert mask[1] == 1                         # a check or call is always open
            env.step(int(rng.choice(np.flatnonzero(mask))))
    assert totals.sum() == 0


def test_a_move_not_open_is_refused() -> None:
    env = SmallGameEnv("kuhn")
    env.reset(seed=1)
    with pytest.raises(IllegalAction):
        env.step(0)                                     # nothing to call: no fold
