"""Kuhn poker and Leduc hold'em as PettingZoo AEC environments (``pip install
'pokerfloor[envs]'``), for training agents on the small games before the full one.

Agents ``player_0`` and ``player_1``. An action is ``0`` fold, ``1`` call (or check), ``2`` raise
(or bet), OpenSpiel's codes; ``action_mask`` marks those open. Each agent observes a vector in
the manner of OpenSpiel's information-state tensor: its own card (one-hot over the deck), the
board card (one-hot, zeros before it is dealt), and every move so far, one-hot by round and turn;
never the other's card. Rewards are the chips won or lost, given when the hand ends. One episode
is one hand, dealt from the seed of ``reset`` (or the environment's own stream).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]

from pokerfloor.errors import InvalidArgument
from pokerfloor.research.games import ACTIONS, SmallGame, SmallHand, small_game

MAX_MOVES = 4
"""The most moves a round can hold in these games: a check, a bet, a raise and a call."""


class SmallGameEnv(AECEnv):  # type: ignore[misc]
    """One small game as an AEC environment (``SmallGameEnv("leduc")``)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "pokerfloor_small_game_v0", "render_modes": ["ansi"],
                                          "is_parallelizable": False}

    def __init__(self, game: SmallGame | str = "leduc", render_mode: str | None = None) -> None:
        super().__init__()
        self.game = small_game(game) if isinstance(game, str) else game
        if render_mode not in (None, "ansi"):
            raise InvalidArgument("render_mode is None or 'ansi'")
        self.render_mode = render_mode
        self.possible_agents = ["player_0", "player_1"]
        self.agents = list(self.possible_agents)
        cards = self.game.cards
        self._size = cards * 2 + self.game.rounds * MAX_MOVES * len(ACTIONS)
        self.observation_spaces = {
            a: spaces.Dict({"observation": spaces.Box(0.0, 1.0, (self._size,), np.float32),
                            "action_mask": spaces.Box(0, 1, (len(ACTIONS),), np.int8)})
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(len(ACTIONS)) for a in self.possible_agents}
        self._rng = random.Random()
        self.hand: SmallHand | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.hand = SmallHand(self.game, rng=self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def _mask(self, player: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        hand = self.hand
        mask = np.zeros(len(ACTIONS), dtype=np.int8)
        if hand is not None and hand.to_act == player:
            for move in hand.legal():
                mask[ACTIONS.index(move)] = 1
        return mask

    def observe(self, agent: str) -> dict[str, Any]:
        hand = self.hand
        assert hand is not None
        player = self.possible_agents.index(agent)
        vector = np.zeros(self._size, dtype=np.float32)
        cards = self.game.cards
        vector[hand.holes[player]] = 1.0
        for card in hand.board:
            vector[cards + card] = 1.0
        start = 2 * cards
        for round_, moves in enumerate(hand.history):
            for turn, move in enumerate(moves[:MAX_MOVES]):
                vector[start + (round_ * MAX_MOVES + turn) * len(ACTIONS) + ACTIONS.index(move)] = 1.0
        return {"observation": vector, "action_mask": self._mask(player)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self.hand
        assert hand is not None
        player = self.possible_agents.index(agent)
        if action is None or not 0 <= int(action) < len(ACTIONS):
            raise InvalidArgument(f"an action is 0, 1 or 2, not {action!r}")
        hand.act(player, ACTIONS[int(action)])          # IllegalAction for a move not open
        self._cumulative_rewards[agent] = 0.0
        if hand.over:
            won = hand.returns
            for i, name in enumerate(self.possible_agents):
                self.rewards[name] = float(won[i])
                self.terminations[name] = True
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            assert hand.to_act is not None
            self.agent_selection = self.possible_agents[hand.to_act]
        self._accumulate_rewards()
        if hand.over:
            self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.hand is None:
            return None
        return " / ".join(self.hand.infoset(p) for p in (0, 1))

    def close(self) -> None:
        """Nothing to release."""
