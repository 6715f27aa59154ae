"""Decisions per second of training environments: heads-up no-limit hold'em, random legal play.

pokerfloor's batched environment (``pokerfloor.envs.HoldemEnv``: thousands of hands in lockstep,
the full action space, auto-reset) against PettingZoo's ``texas_holdem_no_limit_v6`` (an AEC
environment with rlcard inside) and rlcard's own ``no-limit-holdem`` environment, both of which
step one decision of one hand at a time over five abstract actions. Every engine picks uniformly
among its own legal actions (pokerfloor's raises go to the minimum or all-in). The unit is a
decision: one action taken in one hand.
"""

from __future__ import annotations

import random
from typing import Any

from pokerfloor.bench.core import NOT_INSTALLED, Benchmark, Config, Contender, Step, Unavailable

STACK, BLINDS = 200, (1, 2)
BATCH = 16384
"""Hands the batched environment steps at once (256 in a quick run)."""
WARM_UP = 12
"""Untimed steps of the batched environment before it is measured: by then hands have reached
showdowns, and the first showdown's one-off costs are paid (without them one round of five
measured a twentieth of the others' rate)."""


def _pokerfloor(config: Config) -> Contender:
    batch = 256 if config.quick else BATCH

    def prepare() -> Step:
        try:
            import numpy as np

            from pokerfloor.envs.holdem import FOLD, RAISE, HoldemEnv
        except ImportError as exc:
            raise Unavailable(NOT_INSTALLED, f"the environment needs numpy, the fast extra ({exc})") from None
        env = HoldemEnv(2, stack=STACK, blinds=BLINDS)
        env.reset(batch, seed=config.seed)
        rng = np.random.default_rng(config.seed + 1)

        def step() -> int:
            mask = env.legal_mask
            choice = rng.random((batch, 3)) * mask
            codes = choice.argmax(axis=1)
            codes = np.where(mask[np.arange(batch), codes], codes, FOLD + 1)
            to = np.where(rng.random(batch) < 0.5, env.min_to, env.max_to)
            env.step(codes, np.where(codes == RAISE, to, 0))
            return batch

        for _ in range(WARM_UP):  # past the first showdowns, whose ranking tables load lazily
            step()
        return step

    return Contender("pokerfloor", f"envs.HoldemEnv, {batch} hands in lockstep", prepare, reference=True)


def _load(name: str) -> Any:
    import importlib

    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise Unavailable(NOT_INSTALLED, f"{name} is not installed ({exc})") from None


def _aec_hand(env: Any, rng: random.Random, seed: int) -> int:
    """One hand of an AEC environment, uniform over the action mask; the decisions taken."""
    import numpy as np

    env.reset(seed=seed)
    decisions = 0
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])  # the policy's cost, alike for both
        env.step(int(legal[rng.randrange(len(legal))]))
        decisions += 1
    return decisions


def _pettingzoo(config: Config) -> Contender:
    def prepare() -> Step:
        classic = _load("pettingzoo.classic")
        env = classic.texas_holdem_no_limit_v6.env()
        rng = random.Random(config.seed + 1)
        seeds = iter(range(config.seed, config.seed + 10**9))
        return lambda: _aec_hand(env, rng, next(seeds))

    return Contender(_version_name("PettingZoo", "pettingzoo"), "texas_holdem_no_limit_v6 AEC", prepare)


def _pokerfloor_aec(config: Config) -> Contender:
    def prepare() -> Step:
        _load("pettingzoo")
        from pokerfloor.envs.aec import aec_env

        env = aec_env(players=2, stack=STACK)
        rng = random.Random(config.seed + 1)
        seeds = iter(range(config.seed, config.seed + 10**9))
        return lambda: _aec_hand(env, rng, next(seeds))

    method = f"envs.PokerAECEnv, exact raise-to amounts ({2 * STACK + 7} action codes)"
    return Contender("pokerfloor", method, prepare, reference=True)


def _rlcard(config: Config) -> Contender:
    def prepare() -> Step:
        rlcard = _load("rlcard")
        env = rlcard.make("no-limit-holdem", config={"seed": config.seed})
        rng = random.Random(config.seed + 1)

        def step() -> int:
            state, _player = env.reset()
            decisions = 0
            while not env.is_over():
                state, _player = env.step(rng.choice(list(state["legal_actions"])))
                decisions += 1
            return decisions

        return step

    return Contender(_version_name("rlcard", "rlcard"), "no-limit-holdem Env", prepare)


def _version_name(title: str, dist: str) -> str:
    import importlib.metadata

    try:
        return f"{title} {importlib.metadata.version(dist)}"
    except importlib.metadata.PackageNotFoundError:
        return title


def contenders(config: Config) -> list[Contender]:
    return [_pokerfloor(config), _pettingzoo(config), _rlcard(config)]


BENCHMARK = Benchmark(
    name="env-batch",
    title="Training environment, heads-up NLHE, random legal actions, pokerfloor batched (peers per decision)",
    unit="decisions/s",
    contenders=contenders,
)


AEC = Benchmark(
    name="env-aec",
    title="PettingZoo AEC environment, heads-up NLHE, random legal actions (per decision)",
    unit="decisions/s",
    contenders=lambda config: [_pokerfloor_aec(config), _pettingzoo(config)],
)
