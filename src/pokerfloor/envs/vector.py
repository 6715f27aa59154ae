"""A Gymnasium ``VectorEnv`` over ``HoldemEnv``: one policy plays every seat (self-play).

Each sub-environment is a hand of no-limit hold'em; the agent acts for whichever player is to
act (``obs["player"]``). The action is one integer: 0 folds, 1 checks or calls, and any larger
number ``k`` bets or raises to a total of ``k`` chips this round, so the whole no-limit action
space is there; ``infos["action_mask"]`` marks the legal ones. The reward of a step is the
acting player's chips won or lost when its hand ends there (0 before); ``infos["rewards"]``
has every player's, shape ``(num_envs, players)``. A finished hand is replaced by a new one in
the same step (Gymnasium's same-step autoreset), so ``terminations`` marks those rows.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from pokerfloor.envs.holdem import CALL, FOLD, RAISE, HoldemEnv, Observation


class HoldemVectorEnv(gym.vector.VectorEnv[dict[str, Any], Any, Any]):
    """``num_envs`` hands of no-limit hold'em as a Gymnasium vector environment."""

    def __init__(self, num_envs: int, players: int = 2, *, stack: int = 200, blinds: tuple[int, int] = (1, 2),
                 seed: int = 0) -> None:
        self.env = HoldemEnv(players, stack=stack, blinds=blinds)
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}
        self.num_envs = num_envs
        self._seed = seed
        self._amounts = np.arange(stack + 1)
        self.single_action_space = spaces.Discrete(stack + 1)
        self.single_observation_space = spaces.Dict({
            "player": spaces.Discrete(players),
            "hole": spaces.Box(0, 51, (2,), np.int16),
            "board": spaces.Box(-1, 51, (5,), np.int16),
            "stacks": spaces.Box(0, stack * players, (players,), np.int64),
            "bets": spaces.Box(0, stack, (players,), np.int64),
            "contributions": spaces.Box(0, stack, (players,), np.int64),
            "folded": spaces.MultiBinary(players),
            "street": spaces.Discrete(4),
        })
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, stack + 1))
        self.observation_space = gym.vector.utils.batch_space(self.single_observation_space, num_envs)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        del options
        seen = self.env.reset(self.num_envs, self._seed if seed is None else seed)
        return _as_dict(seen), self._infos()

    def step(self, actions: npt.ArrayLike) -> tuple[dict[str, npt.NDArray[Any]], npt.NDArray[np.float64],
                                                    npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        chosen = np.asarray(actions, dtype=np.int64)
        acting = self.env.current_player
        codes = np.where(chosen >= 2, RAISE, np.where(chosen == 0, FOLD, CALL))
        seen = self.env.step(codes, np.where(codes == RAISE, chosen, 0))
        rewards = self.env.rewards[np.arange(self.num_envs), acting].astype(np.float64)
        truncated = np.zeros(self.num_envs, dtype=bool)
        return _as_dict(seen), rewards, self.env.terminated.copy(), truncated, self._infos()

    def _infos(self) -> dict[str, Any]:
        """The legal actions as a mask over the action integers, and every player's rewards."""
        env = self.env
        legal = env.legal_mask
        amounts = self._amounts
        mask = legal[:, RAISE, None] & (amounts >= env.min_to[:, None]) & (amounts <= env.max_to[:, None])
        mask[:, 0] = legal[:, FOLD]
        mask[:, 1] = legal[:, CALL]
        return {"action_mask": mask, "rewards": env.rewards.copy()}


def _as_dict(seen: Observation) -> dict[str, npt.NDArray[Any]]:
    return {
        "player": seen.player.astype(np.int64),
        "hole": seen.hole,
        "board": seen.board,
        "stacks": seen.stacks,
        "bets": seen.bets,
        "contributions": seen.contributions,
        "folded": seen.folded.astype(np.int8),
        "street": seen.street,
    }
