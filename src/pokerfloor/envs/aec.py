"""A PettingZoo AEC environment for every pokerfloor game (``pip install 'pokerfloor[envs]'``).

Agents ``player_0..player_{n-1}`` sit in seats ``1..n``. Each observes only its seat's
``SeatView`` (``Hand.view``): its own cards, upcards and cards shown, the board, the chips and the
whole action history, never a card it may not see. Actions are one ``Discrete`` space (see
``ActionCodes``): by default a bet or raise is to an exact total; an ``abstraction`` (pot
fractions, fixed sizes) replaces the exact amounts with a few sizes mapped onto legal ones.
An episode is one hand, or with ``hands=N`` a session of N hands at a ``pf.Table`` (the dead
button, missed blinds and rebuys are the table's). See docs/envs.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]

from pokerfloor.envs.episode import Abstraction, Episodes
from pokerfloor.envs.observer import ALL_IN, BRING_IN, CALL, FIXED, FOLD, HISTORY_KINDS, MUCK, SHOW, Observer
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import Hand, Range
from pokerfloor.hand.view import SeatView
from pokerfloor.rules import Game
from pokerfloor.table import Table


@dataclass(frozen=True)
class PotFractions:
    """Bets of these fractions of the pot: the amount to call, then the fraction of the pot
    after calling (a pot-sized raise at 1.0)."""

    fractions: tuple[float, ...] = (0.5, 1.0, 2.0)

    @property
    def sizes(self) -> int:
        return len(self.fractions)

    def to(self, index: int, view: SeatView, span: Range) -> int:
        legal = view.legal
        level = legal.call.to if legal is not None and legal.call is not None else max(view.bets.values(), default=0)
        cost = legal.call.cost if legal is not None and legal.call is not None else 0
        return level + int((view.total_pot + cost) * self.fractions[index])


@dataclass(frozen=True)
class FixedSizes:
    """Bets and raises to these totals in chips."""

    amounts: tuple[int, ...]

    @property
    def sizes(self) -> int:
        return len(self.amounts)

    def to(self, index: int, view: SeatView, span: Range) -> int:
        return self.amounts[index]


@dataclass(frozen=True)
class ActionCodes:
    """The layout of the ``Discrete`` action space: ``FOLD`` 0, ``CALL`` 1 (check or call),
    ``BRING_IN`` 2, ``SHOW`` 3, ``MUCK`` 4, ``ALL_IN`` 5, then ``draws`` discard codes from
    ``draw`` (code ``draw + m`` discards the hole cards whose bits are set in ``m``), then the
    sizes from ``raise_to``: exactly, code ``raise_to + t`` bets or raises to ``t`` chips; with an
    abstraction, code ``raise_to + k`` is its ``k``-th size."""

    draw: int
    draws: int
    raise_to: int
    sizes: int

    @cached_property
    def n(self) -> int:
        """How many codes there are."""
        return self.raise_to + self.sizes


class PokerAECEnv(AECEnv):  # type: ignore[misc, unused-ignore]  # pettingzoo has no type marker
    """A PettingZoo AEC environment for a pokerfloor game: one hand per episode, or ``hands``
    hands at a table with ``rebuy_after`` hands broke before a busted seat rebuys."""

    metadata: ClassVar[dict[str, Any]] = {"name": "pokerfloor_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: Game | None = None,
        players: int = 2,
        stack: int | Sequence[int] = 200,
        *,
        hands: int | None = None,
        rebuy_after: int = 0,
        abstraction: Abstraction | None = None,
        history: int = 128,
        max_chips: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = game or Game.no_limit_holdem(1, 2)
        if not 2 <= players <= 10:
            raise InvalidArgument("an environment seats 2 to 10 players")
        stacks = [stack] * players if isinstance(stack, int) else list(stack)
        forced = self.game.big_blind + self.game.ante + self.game.bb_ante + self.game.bring_in + self.game.small_bet
        if len(stacks) != players or any(s <= forced for s in stacks):
            raise InvalidArgument(
                f"give one stack above {forced} (the forced bets), or one for each of the {players} players"
            )
        if hands is not None and hands < 1:
            raise InvalidArgument("a session has at least one hand")
        self.stacks = stacks
        self.hands, self.rebuy_after = hands, rebuy_after
        self.abstraction = abstraction
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i + 1 for i, agent in enumerate(self.possible_agents)}
        self.max_chips = max_chips if max_chips is not None else sum(stacks)
        variant = self.game.variant_spec
        draws = 2**variant.hole_cards if variant.family == "draw" else 0
        sizes = abstraction.sizes if abstraction is not None else self.max_chips + 1
        self.codes = ActionCodes(FIXED, draws, FIXED + draws, sizes)
        self.history = history
        self._observer = Observer(
            players,
            (*variant.streets, "showdown"),
            history,
            self.codes.draw,
            draws,
            self.codes.raise_to,
            self.codes.n,
            self.max_chips,
            abstraction is None,
            variant.family == "stud",
        )
        high = float(2**24)  # chips are exact in float32 up to here
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, high, (self._observer.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.codes.n,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(self.codes.n)
        self._episodes = Episodes(
            self.game, stacks, hands, rebuy_after, abstraction, self._observer, self.possible_agents
        )
        self._seat = self._episodes.seat_of

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # ------------------------------------------------------------------ episodes
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (or seat a new table session); ``seed`` makes the deals repeatable.
        Without a seed the deals go on from the last seed given, as Gymnasium's ``reset`` does
        (seed once, then reset every episode), or come from a CSPRNG if none was ever given."""
        episodes = self._episodes
        episodes.reset(seed)
        self.agents, self.rewards, self._cumulative_rewards = episodes.agents, episodes.rewards, episodes.cumulative
        self.terminations, self.truncations = episodes.terminations, episodes.truncations
        self.agent_selection = episodes.agent_selection

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info: the legal range (for the agent to act) and where the session
        stands. Kept up to date in place, as of the last step; the dictionaries are built when
        first read after a step (``last`` builds only the selected agent's)."""
        return self._episodes.infos()

    @infos.setter
    def infos(self, infos: dict[str, dict[str, Any]]) -> None:
        self._episodes.set_infos(infos)

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (unless ``observe`` is false), cumulative reward,
        termination, truncation and info (``AECEnv.last``, building only this agent's info)."""
        return self._episodes.last(observe)

    # ------------------------------------------------------------------ observing
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's ``SeatView`` as numbers (``encode(view(agent))``, built incrementally),
        and its action mask (zeros when not its turn)."""
        return self._episodes.observe(agent)

    def view(self, agent: str) -> SeatView:
        """What the agent may see of the hand now (a spectator's view when not dealt in)."""
        return self._episodes.view(agent)

    def encode(self, view: SeatView) -> np.ndarray:
        """A ``SeatView`` as the observation vector, from scratch (``observe`` gives the same
        numbers for the view's seat, reading only what changed since the last step)."""
        return self._observer.encode(view)

    # ------------------------------------------------------------------ acting
    def decode(self, action: int) -> tuple[str, int | None, list[str] | None]:
        """The action code as ``Hand.act``'s (action, to, discards) for the agent to act."""
        return self._episodes.decode(action)

    def step(self, action: int | None) -> None:
        """Take the action for the agent to act; an illegal one is refused (nothing changes, the
        agent acts again) with the reason and rule in its ``info['refused']``. A terminated
        agent steps with ``None`` and leaves ``agents`` (``AECEnv._was_dead_step``)."""
        self.agent_selection = self._episodes.step(action)

    @property
    def _hand(self) -> Hand | None:
        """The hand being played."""
        return self._episodes.hand

    @property
    def table(self) -> Table | None:
        """The table of a session (``None`` when an episode is one hand)."""
        return self._episodes.table

    def render(self) -> str | None:
        hand = self._hand
        return None if hand is None else str(hand.view(None).to_dict())

    def close(self) -> None:
        pass


def aec_env(game: Game | None = None, **kwargs: Any) -> PokerAECEnv:
    """A ``PokerAECEnv`` for ``game`` (no-limit hold'em 1/2 by default); see ``PokerAECEnv``."""
    return PokerAECEnv(game, **kwargs)


__all__ = [  # the action codes and the history's event codes live in envs/observer.py
    "ALL_IN",
    "BRING_IN",
    "CALL",
    "FIXED",
    "FOLD",
    "HISTORY_KINDS",
    "MUCK",
    "SHOW",
    "Abstraction",
    "ActionCodes",
    "FixedSizes",
    "PokerAECEnv",
    "PotFractions",
    "aec_env",
]
