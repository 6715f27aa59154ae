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
import time
from typing import Any

from pokerfloor.bench.core import NOT_INSTALLED, Benchmark, Config, Contender, Step, Unavailable

STACK, BLINDS = 200, (1, 2)
BATCH = 16384
"""Hands the batched environment steps at once (256 in a quick run)."""
AEC_WARM_UP = 1.0
"""Untimed seconds of hands an AEC environment plays before it is measured (0.05 in a quick
run): a training loop runs for hours, and by a second pokerfloor's observer holds most of the
legal choices it meets again (their masks are kept, see envs/observer.py); PettingZoo's has
nothing that warms."""
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


class _Episodes:
    """Hands of an AEC environment seeded once, as a training loop seeds it, then reset without a
    seed every hand (a seeded reset makes PettingZoo's rlcard environments rebuild themselves,
    which is not what a training loop pays); uniform over the action mask. Counts hands and
    decisions, so the report can say both."""

    def __init__(self, env: Any, seed: int) -> None:
        self.env, self.rng = env, random.Random(seed + 1)
        self.hands = self.decisions = 0
        self.warm_up_hands = 0
        env.reset(seed=seed)
        self.seeded = True

    def warm_up(self, seconds: float) -> None:
        """Play hands, untimed, for ``seconds`` (at least one); the counts start after them."""
        end = time.perf_counter() + seconds
        self.hand()
        while time.perf_counter() < end:
            self.hand()
        self.warm_up_hands += self.hands
        self.hands = self.decisions = 0

    def hand(self) -> int:
        """One hand; the decisions taken."""
        import numpy as np

        env, rng = self.env, self.rng
        if not self.seeded:
            env.reset()
        self.seeded = False
        decisions = 0
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])  # the policy's cost, alike for both
            env.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
        self.hands += 1
        self.decisions += decisions
        return decisions

    def detail(self) -> str:
        per_hand = self.decisions / self.hands if self.hands else 0.0
        counted = f"{self.hands:,} hands, {self.decisions:,} decisions ({per_hand:.2f} a hand)"
        return f"seeded once, reset every hand, {self.warm_up_hands:,} hands untimed first: {counted}"


def _aec_contender(engine: str, method: str, make: Any, config: Config, *, reference: bool = False) -> Contender:
    episodes: list[_Episodes] = []

    def prepare() -> Step:
        episodes.append(_Episodes(make(), config.seed))
        episodes[-1].warm_up(0.05 if config.quick else AEC_WARM_UP)
        return episodes[-1].hand

    return Contender(engine, method, prepare, reference=reference, detail=lambda: episodes[-1].detail())


def _pettingzoo(config: Config) -> Contender:
    def make() -> Any:
        return _load("pettingzoo.classic").texas_holdem_no_limit_v6.env()

    return _aec_contender(_version_name("PettingZoo", "pettingzoo"), "texas_holdem_no_limit_v6 AEC", make, config)


def _pokerfloor_aec(config: Config) -> Contender:
    def make() -> Any:
        _load("pettingzoo")
        from pokerfloor.envs.aec import aec_env

        return aec_env(players=2, stack=STACK)

    method = f"envs.PokerAECEnv, exact raise-to amounts ({2 * STACK + 7} action codes)"
    return _aec_contender("pokerfloor", method, make, config, reference=True)


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
    warm_up=False,  # each environment warms up in its prepare (AEC_WARM_UP)
)
