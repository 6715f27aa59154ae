"""Seeded random episodes of the AEC environment written as lines (a digest of every agent's
observation, the mask, the infos and the rewards at every step), for comparing the compiled
observation builder (envs/observer.py) with the pure source. Run as a script it prints them."""

from __future__ import annotations

import hashlib
import random
import sys

import numpy as np

from pokerfloor.cli.games import game
from pokerfloor.envs.aec import PotFractions, aec_env

SETUPS = (
    ("nlhe", {"players": 3, "stack": 60}),
    ("stud", {"players": 4, "stack": 40}),
    ("27td", {"players": 3, "stack": 60}),
    ("plo", {"players": 3, "stack": 40, "hands": 6, "rebuy_after": 1, "history": 8}),
    ("nlhe", {"players": 2, "stack": 100, "abstraction": PotFractions()}),
)


def trace(steps: int) -> list[str]:
    """``steps`` steps of each set-up, every observation digested."""
    lines: list[str] = []
    for name, options in SETUPS:
        env = aec_env(game(name, 1, 2), **options)  # type: ignore[arg-type]
        rng = random.Random(name)
        env.reset(seed=1)
        for _ in range(steps):
            digest = hashlib.sha256()
            for agent in env.possible_agents:
                seen = env.observe(agent)
                digest.update(seen["observation"].tobytes() + seen["action_mask"].tobytes())
            obs, reward, done, cut, info = env.last()
            plain = {k: np.flatnonzero(v).tolist() if isinstance(v, np.ndarray) else v for k, v in sorted(info.items())}
            lines.append(f"{name} {env.agent_selection} {digest.hexdigest()} {reward} {done} {plain!r}")
            if done or cut:
                env.step(None)
                if not env.agents:
                    env.reset(seed=rng.randrange(1 << 30))
                continue
            codes = np.flatnonzero(obs["action_mask"]).tolist()
            env.step(rng.choice(codes) if rng.random() < 0.95 else rng.randrange(env.codes.n))  # some refused
    return lines


def main() -> None:
    sys.stdout.write("\n".join(trace(int(sys.argv[1]))) + "\n")


if __name__ == "__main__":
    main()
