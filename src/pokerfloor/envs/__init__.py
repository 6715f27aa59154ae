"""Environments for training poker agents (``pip install 'pokerfloor[envs]'``).

- ``holdem``: ``HoldemEnv``, a batched no-limit hold'em environment shaped like pgx's, on
  ``pokerfloor.sim``'s lockstep arrays (numpy);
- ``vector``: ``HoldemVectorEnv``, a Gymnasium ``VectorEnv`` on top of it (gymnasium);
- ``aec``: ``PokerAECEnv`` / ``aec_env(game)``, a PettingZoo AEC environment for every game
  (pettingzoo), with the ``PotFractions`` and ``FixedSizes`` bet abstractions.

Nothing here is imported by ``import pokerfloor``, and each module imports only what it needs
(``HoldemEnv`` works without gymnasium). See docs/envs.md.
"""

from __future__ import annotations

from typing import Any

from pokerfloor.envs.holdem import ACTIONS, CALL, FOLD, RAISE, HoldemEnv, IllegalBatchAction, Observation

_AEC = ("PokerAECEnv", "aec_env", "PotFractions", "FixedSizes", "Abstraction", "ActionCodes")


def __getattr__(name: str) -> Any:
    """``HoldemVectorEnv`` is imported on first use, so ``HoldemEnv`` works without gymnasium."""
    if name == "HoldemVectorEnv":
        from pokerfloor.envs.vector import HoldemVectorEnv

        return HoldemVectorEnv
    if name in _AEC:
        from pokerfloor.envs import aec

        return getattr(aec, name)
    raise AttributeError(f"module 'pokerfloor.envs' has no attribute {name!r}")


__all__ = [
    "ACTIONS",
    "CALL",
    "FOLD",
    "RAISE",
    "Abstraction",
    "ActionCodes",
    "FixedSizes",
    "HoldemEnv",
    "HoldemVectorEnv",
    "IllegalBatchAction",
    "Observation",
    "PokerAECEnv",
    "PotFractions",
    "aec_env",
]
