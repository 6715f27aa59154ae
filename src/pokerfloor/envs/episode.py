"""An AEC environment's episodes: the hand or the table session, the agents' dictionaries, and
``reset``, ``step``, ``last`` and the infos, compiled with the observer.

``PokerAECEnv`` is a shell over one ``Episodes``, because mypyc cannot compile a subclass of
PettingZoo's untyped ``AECEnv``: a step or a ``last`` is one call into compiled code. The
environment's ``agents``, ``rewards``, ``_cumulative_rewards``, ``terminations`` and
``truncations`` are this object's, changed in place within an episode; ``reset`` makes new ones.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

import numpy as np

from pokerfloor.envs.observer import Choices, Observer
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import Hand, Legal, Range
from pokerfloor.hand.view import SeatView
from pokerfloor.rules import Game
from pokerfloor.table import Table
from pokerfloor.table.buttons import NotEnoughPlayers

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


class Abstraction(Protocol):
    """Bet sizes standing for the exact amounts: ``sizes`` of them, each a raise-to total that
    ``to`` works out from the view and the legal range (then clamped into the range)."""

    sizes: int

    def to(self, index: int, view: SeatView, span: Range) -> int: ...


_NO_INFO: dict[str, Any] = {}
"""An agent's info before its first step (never handed out: ``selected`` marks it stale)."""


# Serializable for copy and pickle; open to interpreted subclasses, without which mypyc's
# serializable class skips __init__ when interpreted code (PokerAECEnv) calls it.
@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Episodes:
    """One environment's episodes: one hand each, or ``hands`` hands at a table with
    ``rebuy_after`` hands broke before a busted seat rebuys. Agents ``agents[i]`` sit in seat
    ``i + 1``."""

    def __init__(
        self,
        game: Game,
        stacks: list[int],
        hands: int | None,
        rebuy_after: int,
        abstraction: Abstraction | None,
        observer: Observer,
        agents: list[str],
    ) -> None:
        self.game = game
        self.stacks = stacks
        self.hands, self.rebuy_after = hands, rebuy_after
        self.abstraction = abstraction
        self.observer = observer
        self.possible_agents = agents
        self.seat_of = {agent: i + 1 for i, agent in enumerate(agents)}
        self.agents: list[str] = []
        self.agent_selection = agents[0]
        self.rewards: dict[str, float] = {}
        self.cumulative: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self._infos: dict[str, dict[str, Any]] = {}
        self._stale: list[str] = []  # the agents whose infos are not yet of the last step
        self._views: dict[str, SeatView] = {}
        self.hand: Hand | None = None
        self._dealt_from: Hand | None = None  # a hand never played: each episode's is redealt from it
        self.table: Table | None = None
        self._seeded = random.Random()
        self._rng: random.Random = random.SystemRandom()
        self._start = {i + 1: s for i, s in enumerate(stacks)}  # each hand's stacks by seat (read only)
        self._choices: Choices = observer.choices(Legal())
        self._acting: int | None = None  # the seat to act (None: nobody)
        self._paid = False  # whether some reward is not zero
        self.played = 0
        self._broke: dict[int, int] = {}
        self._skip: str | None = None  # the live agent to select again once the dead have stepped

    # ------------------------------------------------------------------ episodes
    def reset(self, seed: int | None) -> None:
        """Deal a new hand (or seat a new table session); ``seed`` makes the deals repeatable.
        Without a seed the deals go on from the last seed given, as Gymnasium's ``reset`` does
        (seed once, then reset every episode), or come from a CSPRNG if none was ever given."""
        if seed is not None:
            self._seeded.seed(seed)  # as random.Random(seed), without a new generator per episode
            self._rng = self._seeded
        agents = self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in agents}  # compiled comprehensions, not calls of dict.fromkeys
        self._paid = False
        self.cumulative = {agent: 0.0 for agent in agents}
        self.terminations = {agent: False for agent in agents}
        self.truncations = {agent: False for agent in agents}
        self._infos = {agent: _NO_INFO for agent in agents}  # each filled in by selected (when read)
        self.played = 0
        self._broke = {}
        self._skip = None
        if self.hands is None:
            self.table = None
            if self._dealt_from is None:
                self._dealt_from = Hand(self.game, self._start, button=len(self._start), rng=random.Random(0))
            self.hand = self._dealt_from.redeal(self._rng)  # as Hand(...) deals it, at a fraction of the cost
        else:
            table = self.table = Table(self.game, len(self.stacks), rng=self._rng, button=len(self.stacks))
            for i, chips in enumerate(self.stacks):
                table.sit(i + 1, self.possible_agents[i], chips, post=True)
            self.hand = table.start_hand()
        self._select()

    def _select(self) -> None:
        """After a change: ``selected`` with the hand's legal choices now."""
        hand = self.hand
        assert hand is not None
        self._selected(self.observer.select(hand))

    def _selected(self, choices: Choices) -> None:
        """After a change, given the legal choices now: select the agent to act, forget the
        views seen so far and mark every agent's info for refreshing (done when it is read)."""
        if self._views:
            self._views = {}
        self._choices = choices
        self._acting = seat = choices.seat
        self._stale = list(self._infos)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat - 1]

    # ------------------------------------------------------------------ reading
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info, brought up to the last step in place (built when first read)."""
        stale = self._stale
        if stale:
            self._stale = []
            infos, info = self._infos, self.observer.info
            acting, choices, number = self._acting, self._choices, self.played + 1
            for agent in stale:
                if agent in infos:
                    infos[agent] = info(self.seat_of[agent] == acting, choices, number)
        return self._infos

    def set_infos(self, infos: dict[str, dict[str, Any]]) -> None:
        """Replace the infos (none is stale)."""
        self._infos, self._stale = infos, []

    def _info(self, agent: str) -> dict[str, Any]:
        """The legal range (for the agent to act) and where the session stands."""
        return self.observer.info(self._acting == self.seat_of[agent], self._choices, self.played + 1)

    def last(self, observe: bool) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (unless ``observe`` is false), cumulative reward,
        termination, truncation and info (building only this agent's info)."""
        agent = self.agent_selection
        seat = self.seat_of[agent]
        stale, infos = self._stale, self._infos
        if agent in stale:
            stale.remove(agent)
            infos[agent] = self.observer.info(self._acting == seat, self._choices, self.played + 1)
        hand = self.hand
        assert hand is not None
        return (
            self.observer.observe(hand, seat, self._choices) if observe else None,
            self.cumulative[agent],
            self.terminations[agent],
            self.truncations[agent],
            infos[agent],
        )

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation and action mask (zeros when not its turn)."""
        hand = self.hand
        assert hand is not None
        return self.observer.observe(hand, self.seat_of[agent], self._choices)

    def view(self, agent: str) -> SeatView:
        """What the agent may see of the hand now (a spectator's view when not dealt in)."""
        view = self._views.get(agent)
        if view is None:
            hand = self.hand
            assert hand is not None
            seat = self.seat_of[agent]
            view = self._views[agent] = hand.view(seat if seat in hand.seats else None)
        return view

    # ------------------------------------------------------------------ acting
    def decode(self, action: int) -> tuple[str, int | None, list[str] | None]:
        """The action code as ``Hand.act``'s (action, to, discards) for the agent to act."""
        hand = self.hand
        assert hand is not None and hand.to_act is not None
        observer, abstraction = self.observer, self.abstraction
        if abstraction is None or action < observer.raise_to:
            return observer.decode(hand, self._choices, action)
        open_ = self._choices.aggressive
        kind, span = open_ if open_ is not None else ("raise", Range(0, 0))
        wanted = abstraction.to(action - observer.raise_to, hand.view(hand.to_act), span)
        chip = self.game.min_chip
        return kind, min(span.max_to, max(span.min_to, wanted - wanted % chip)), None

    def step(self, action: object) -> str:
        """Take the action for the selected agent; an illegal one is refused (nothing changes,
        the agent acts again) with the reason and rule in its ``info['refused']``. Returns the
        agent selected now."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(action)
            return self.agent_selection
        hand = self.hand
        assert hand is not None
        self.cumulative[agent] = 0.0
        rewards = self.rewards
        if self._paid:  # else every reward is still zero
            for name in rewards:
                rewards[name] = 0.0
            self._paid = False
        observer = self.observer
        try:
            if self.abstraction is None:  # the codes are exact: the observer decodes and plays them
                after = observer.play(hand, self.seat_of[agent], self._choices, action)
            else:
                kind, to, discard = self.decode(observer.code(action))
                hand.act(self.seat_of[agent], kind, to, discard)
                after = None
        except IllegalAction as refused:
            self.infos()[agent] = {
                **self._info(agent),
                "refused": {"reason": refused.reason, "rule": refused.rule, "message": str(refused)},
            }
            return agent
        if after is not None:  # the hand goes on: the observer has its legal choices now
            self._selected(after)
        else:
            if hand.is_over:
                self._finish_hand(hand)
            self._select()
        if self._paid:
            cumulative = self.cumulative
            for name, reward in rewards.items():
                cumulative[name] += reward
        if self.terminations[self.agent_selection]:  # the dead step first, as AECEnv._deads_step_first
            dead = self._dead()
            if dead:
                self._skip = self.agent_selection
                self.agent_selection = dead[0]
        return self.agent_selection

    def _dead(self) -> list[str]:
        """The agents terminated or truncated, in the agents' order."""
        terminations, truncations = self.terminations, self.truncations
        return [name for name in self.agents if terminations[name] or truncations[name]]

    def _dead_step(self, action: object) -> None:
        """A terminated agent's step (``None``), as ``AECEnv._was_dead_step``: it leaves the
        agents and their dictionaries, then the next dead agent steps, then the live one."""
        if action is not None:
            raise InvalidArgument("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        for entries in (self.terminations, self.truncations, self.rewards, self.cumulative):
            del entries[agent]
        del self._infos[agent]
        if agent in self._stale:
            self._stale.remove(agent)
        self.agents.remove(agent)
        dead = self._dead()
        if dead:
            if self._skip is None:
                self._skip = agent
            self.agent_selection = dead[0]
        else:
            if self._skip is not None:
                self.agent_selection = self._skip
            self._skip = None
        rewards = self.rewards
        for name in rewards:
            rewards[name] = 0.0

    def _finish_hand(self, hand: Hand) -> None:
        """Pay the hand's net chips as rewards; in a session deal on (a hand over at once, all
        in from the blinds, is paid too) until the session's hands are played."""
        self._paid = True
        rewards, agents = self.rewards, self.possible_agents
        while True:
            assert hand.is_over
            start = hand.starting_stacks  # the net chips from the stacks: the result is built when read
            for seat, chips in hand.stacks.items():
                rewards[agents[seat - 1]] += float(chips - start[seat])
            self.played += 1
            table = self.table
            if table is None or self.played >= (self.hands or 0):
                terminations = self.terminations
                for name in self.agents:
                    terminations[name] = True
                return
            hand = self._next_hand(table)
            if not hand.is_over:
                return

    def _next_hand(self, table: Table) -> Hand:
        table.end_hand()
        for seat in list(table.seats):
            if table.seats[seat].busted:
                self._broke[seat] = self._broke.get(seat, 0) + 1
                if self._broke[seat] > self.rebuy_after:
                    self._rebuy(table, seat)
        try:
            hand = table.start_hand()
        except NotEnoughPlayers:  # too few left to wait: the broke rebuy at once
            for seat in list(self._broke):
                self._rebuy(table, seat)
            hand = table.start_hand()
        self.hand = hand
        return hand

    def _rebuy(self, table: Table, seat: int) -> None:
        """A broke seat buys its starting stack again, owing the blinds it missed (posted by
        waiting for the big blind, RROP11 Button & Blind Use)."""
        table.rebuy(seat, self.stacks[seat - 1])
        del self._broke[seat]
