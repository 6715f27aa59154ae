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

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, NamedTuple, Protocol

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]

from pokerfloor.errors import IllegalAction
from pokerfloor.hand import Hand, Legal, Range
from pokerfloor.hand.plain import legal_json
from pokerfloor.hand.view import SeatView, visible_cards
from pokerfloor.rules import Game
from pokerfloor.table import Table
from pokerfloor.table.buttons import NotEnoughPlayers

FOLD, CALL, BRING_IN, SHOW, MUCK, ALL_IN = range(6)
"""The fixed action codes: fold, check-or-call, bring in, show, muck, and bet or raise all the
way (to the legal maximum)."""
FIXED = 6
HISTORY_KINDS = ("fold", "check", "call", "bet", "raise", "complete", "bring_in", "draw", "show", "muck", "post")
"""The events of the history rows, coded 1.. in this order (0: an empty row)."""
_HISTORY_CODE = {kind: code for code, kind in enumerate(HISTORY_KINDS, start=1)}
_CARDS_UNCHANGED = frozenset({"post", "check", "call", "bet", "raise", "complete", "bring_in", "return", "add_chips"})
"""Events after which every seat sees the same cards as before (on the same street)."""
_FACES_UP = frozenset({"show", "expose"})
"""Events after which some hole cards are public (with stud's upcards, the only way)."""
_NOTHING = Legal()
_KEPT_BYTES = 1 << 22
"""Bytes of action masks kept for legal choices seen before (one byte per action code)."""


class Abstraction(Protocol):
    """Bet sizes standing for the exact amounts: ``sizes`` of them, each a raise-to total that
    ``to`` works out from the view and the legal range (then clamped into the range)."""

    sizes: int

    def to(self, index: int, view: SeatView, span: Range) -> int: ...


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


def _aggressive(legal: Legal) -> tuple[str, Range] | None:
    for kind, span in (("bet", legal.bet), ("raise", legal.raise_), ("complete", legal.complete)):
        if span is not None:
            return kind, span
    return None


class _Choices(NamedTuple):
    """What the env hands out about one ``Legal``: its action mask (read-only), its plain
    values (``info['legal']``) and its bet or raise range."""

    mask: np.ndarray
    plain: dict[str, Any]
    min_to: int | None
    max_to: int | None
    aggressive: tuple[str, Range] | None


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
            raise ValueError("an environment seats 2 to 10 players")
        stacks = [stack] * players if isinstance(stack, int) else list(stack)
        forced = self.game.big_blind + self.game.ante + self.game.bb_ante + self.game.bring_in + self.game.small_bet
        if len(stacks) != players or any(s <= forced for s in stacks):
            raise ValueError(
                f"give one stack above {forced} (the forced bets), or one for each of the {players} players"
            )
        if hands is not None and hands < 1:
            raise ValueError("a session has at least one hand")
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
        self._streets = (*variant.streets, "showdown")
        self._street_code = {street: code for code, street in enumerate(self._streets, start=1)}
        n = players
        self._layout = (n * 52 + 52, 6 * n + 1 + len(self._streets), history * 4)
        high = float(2**24)  # chips are exact in float32 up to here
        size = sum(self._layout)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, high, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.codes.n,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(self.codes.n)
        self._hand: Hand | None = None
        self._table: Table | None = None
        self._observed: Hand | None = None  # the hand the carried-over observation parts are of
        self._read = 0
        self._street_seen = ""
        self._stud = self._faces_up = variant.family == "stud"
        self._board_shown: list[int] = []  # the public card slots set so far
        self._rows: list[int] = []  # the hand's history rows so far, flat
        self._pub = np.zeros(size, np.float32)  # a spectator's observation, kept up to date
        self._public: np.ndarray | None = None
        self._kept: dict[Legal, _Choices] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # ------------------------------------------------------------------ episodes
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (or seat a new table session); ``seed`` makes the deals repeatable."""
        self._rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._paid = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._played = 0
        self._broke: dict[int, int] = {}
        if self.hands is None:
            self._table = None
            seats = {i + 1: s for i, s in enumerate(self.stacks)}
            self._hand = Hand(self.game, seats, button=len(seats), rng=self._rng)
        else:
            self._table = Table(self.game, len(self.stacks), rng=self._rng, button=len(self.stacks))
            for i, chips in enumerate(self.stacks):
                self._table.sit(i + 1, self.possible_agents[i], chips, post=True)
            self._hand = self._table.start_hand()
        self._select()

    def _select(self) -> None:
        """After a change: point ``agent_selection`` at the seat to act, forget the views seen
        so far and refresh every agent's info."""
        hand = self._hand
        assert hand is not None
        self._views: dict[str, SeatView] = {}
        self._public = None
        seat = hand.to_act
        legal = hand.legal() if seat is not None else _NOTHING
        self._legal, self._choices = legal, self._choices_of(legal)
        self._legal_mask = self._choices.mask
        if seat is not None:
            self.agent_selection = self.possible_agents[seat - 1]
        for agent in self.agents:
            self.infos[agent] = self._info(agent)

    def _info(self, agent: str) -> dict[str, Any]:
        """The legal range (for the agent to act) and where the session stands."""
        if self._legal.seat != self._seat[agent]:
            return {"legal": {}, "min_to": None, "max_to": None, "hand": self._played + 1}
        choices = self._choices
        return {
            "legal": {
                name: value.copy() if isinstance(value, list) else value for name, value in choices.plain.items()
            },
            "min_to": choices.min_to,
            "max_to": choices.max_to,
            "hand": self._played + 1,
            "action_mask": choices.mask.copy(),
        }

    def _choices_of(self, legal: Legal) -> _Choices:
        """The mask, plain values and bet or raise range of ``legal``. The same legal choices
        come back often, so they are kept by them (never handed out: only copies)."""
        kept = self._kept.get(legal)
        if kept is None:
            if len(self._kept) * self.codes.n >= _KEPT_BYTES:
                self._kept.clear()
            mask = self._mask(legal)
            mask.flags.writeable = False
            open_ = _aggressive(legal)
            span = open_[1] if open_ is not None else None
            kept = self._kept[legal] = _Choices(
                mask,
                legal_json(legal),
                None if span is None else span.min_to,
                None if span is None else span.max_to,
                open_,
            )
        return kept

    # ------------------------------------------------------------------ observing
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's ``SeatView`` as numbers (``encode(view(agent))``, built incrementally),
        and its action mask (zeros when not its turn)."""
        hand = self._hand
        assert hand is not None
        public = self._public if self._public is not None else self._observe_public(hand)
        out = public.copy()
        seat = self._seat[agent]
        if seat in hand.seats:
            for card in hand.holes[seat]:
                if card is not None:
                    out[(seat - 1) * 52 + card] = 1
            out[self._layout[0] + seat - 1] = 1
        if self._legal.seat == seat:
            return {"observation": out, "action_mask": self._legal_mask.copy()}
        return {"observation": out, "action_mask": np.zeros(self.codes.n, np.int8)}

    def _observe_public(self, hand: Hand) -> np.ndarray:
        """A spectator's observation now, updated in place: only the events since the last step
        are read (new history rows; the cards everyone sees again after a deal, show or muck);
        the chips are read afresh."""
        pub = self._pub
        n = len(self.possible_agents)
        cards_len, chips_len, _ = self._layout
        if hand is not self._observed:
            self._observed, self._read, self._rows, self._street_seen = hand, 0, [], ""
            self._faces_up, self._board_shown = self._stud, []
            pub[:] = 0
        events = hand.events
        street = hand.street
        cards_dirty = street != self._street_seen
        if len(events) > self._read:
            rows = self._rows
            before = len(rows) // 4
            codes, streets = _HISTORY_CODE, self._street_code
            for e in events[self._read :]:
                code = codes.get(e.kind)
                if code is not None:
                    rows += (e.seat or 0, code, e.amount or 0, streets.get(e.street, 0))
                if e.kind not in _CARDS_UNCHANGED:
                    cards_dirty = True
                    if e.kind in _FACES_UP:
                        self._faces_up = True
            self._read = len(events)
            used, history = len(rows) // 4, self.history
            window = pub[cards_len + chips_len :]
            if before < used <= history:
                window[4 * before : 4 * used] = rows[4 * before :]
            elif used > history:
                window[:] = rows[4 * (used - history) :]
        if cards_dirty:
            self._street_seen = street
            board = [n * 52 + c for c in hand.board if c is not None]
            shown = self._board_shown
            if not self._faces_up and board[: len(shown)] == shown:  # only new board cards
                if len(board) > len(shown):
                    pub.put(board[len(shown) :], 1)
            else:
                if self._faces_up:
                    seen = visible_cards(hand, None).items()  # hole cards shown, upcards, all in
                    board += [(s - 1) * 52 + c for s, cards in seen for c in cards if c is not None]
                pub[:cards_len] = 0
                pub.put(board, 1)
            self._board_shown = board
        pub[cards_len : cards_len + chips_len] = self._chips(
            hand.button_seat, hand.to_act, hand.folded, hand.stacks, hand.bets, hand.total_pot, street
        )
        self._public = pub
        return pub

    def _chips(
        self,
        button: int,
        to_act: int | None,
        folded: frozenset[int],
        stacks: Mapping[int, int],
        bets: Mapping[int, int],
        total_pot: int,
        street: str,
    ) -> list[int]:
        """The public chips and positions as the chips part's numbers (the viewer's one-hot at
        its start left at zero); a list, written into the array at once."""
        n = len(self.possible_agents)
        out = [0] * self._layout[1]
        out[n + button - 1] = 1
        if to_act is not None:
            out[2 * n + to_act - 1] = 1
        for seat in folded:
            out[3 * n + seat - 1] = 1
        for seat, chips in stacks.items():
            out[4 * n + seat - 1] = chips
        for seat, chips in bets.items():
            out[5 * n + seat - 1] = chips
        out[6 * n] = total_pot
        out[6 * n + self._street_code.get(street, len(self._streets))] = 1
        return out

    def view(self, agent: str) -> SeatView:
        """What the agent may see of the hand now (a spectator's view when not dealt in)."""
        view = self._views.get(agent)
        if view is None:
            hand = self._hand
            assert hand is not None
            seat = self._seat[agent]
            view = self._views[agent] = hand.view(seat if seat in hand.seats else None)
        return view

    def encode(self, view: SeatView) -> np.ndarray:
        """A ``SeatView`` as the observation vector, from scratch (``observe`` gives the same
        numbers for the view's seat, reading only what changed since the last step)."""
        n = len(self.possible_agents)
        cards_len, chips_len, _ = self._layout
        out = np.zeros(sum(self._layout), np.float32)
        for seat, cards in view.holes.items():
            for card in cards:
                if card is not None:
                    out[(seat - 1) * 52 + card] = 1
        for card in view.board:
            if card is not None:
                out[n * 52 + card] = 1
        out[cards_len : cards_len + chips_len] = self._chips(
            view.button, view.to_act, view.folded, view.stacks, view.bets, view.total_pot, view.street
        )
        if view.seat is not None:
            out[cards_len + view.seat - 1] = 1
        codes, streets = _HISTORY_CODE, self._street_code
        rows = [
            (e.seat or 0, codes[e.kind], e.amount or 0, streets.get(e.street, 0))
            for e in view.events
            if e.kind in codes
        ]
        if rows:
            rows = rows[-self.history :]
            at = cards_len + chips_len
            out[at : at + 4 * len(rows)] = np.array(rows, np.float32).ravel()
        return out

    def _mask(self, legal: Legal) -> np.ndarray:
        mask = np.zeros(self.codes.n, np.int8)
        mask[FOLD] = legal.fold
        mask[CALL] = legal.check or legal.call is not None
        mask[BRING_IN] = legal.bring_in is not None
        mask[SHOW], mask[MUCK] = legal.show, legal.muck
        if legal.draw is not None:
            for m in range(self.codes.draws):
                mask[self.codes.draw + m] = m.bit_count() <= legal.draw
        open_ = _aggressive(legal)
        if open_ is not None:
            span = open_[1]
            mask[ALL_IN] = 1
            start = self.codes.raise_to
            if self.abstraction is None:
                top = min(span.max_to, self.max_chips)
                if span.min_to <= top:
                    mask[start + span.min_to : start + top + 1 : span.step] = 1
            else:
                mask[start:] = 1
        return mask

    # ------------------------------------------------------------------ acting
    def decode(self, action: int) -> tuple[str, int | None, list[str] | None]:
        """The action code as ``Hand.act``'s (action, to, discards) for the agent to act."""
        hand = self._hand
        assert hand is not None and hand.to_act is not None
        legal = self._legal
        if action == FOLD:
            return "fold", None, None
        if action == CALL:
            return ("check" if legal.check else "call"), None, None
        if action in (BRING_IN, SHOW, MUCK):
            return ("bring_in", "show", "muck")[action - BRING_IN], None, None
        if self.codes.draw <= action < self.codes.raise_to:
            bits = action - self.codes.draw
            hole = hand.holes[hand.to_act]
            return "draw", None, [str(c) for i, c in enumerate(hole) if c is not None and bits >> i & 1]
        open_ = self._choices.aggressive
        kind, span = open_ if open_ is not None else ("raise", Range(0, 0))
        if action == ALL_IN:
            return kind, span.max_to, None
        index = action - self.codes.raise_to
        if self.abstraction is None:
            return kind, index, None
        wanted = self.abstraction.to(index, hand.view(hand.to_act), span)
        chip = self.game.min_chip
        return kind, min(span.max_to, max(span.min_to, wanted - wanted % chip)), None

    def step(self, action: int | None) -> None:
        """Take the action for the agent to act; an illegal one is refused (nothing changes, the
        agent acts again) with the reason and rule in its ``info['refused']``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self._hand
        assert hand is not None
        self._cumulative_rewards[agent] = 0.0
        if self._paid:  # else every reward is still zero
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._paid = False
        try:
            if not isinstance(action, (int, np.integer)) or not 0 <= int(action) < self.codes.n:
                raise IllegalAction("invalid_action", f"{action!r} is not an action code below {self.codes.n}")
            kind, to, discard = self.decode(int(action))
            hand.act(self._seat[agent], kind, to, discard)
        except IllegalAction as refused:
            self.infos[agent] = {
                **self._info(agent),
                "refused": {"reason": refused.reason, "rule": refused.rule, "message": str(refused)},
            }
            return
        if hand.is_over:
            self._finish_hand(hand)
        self._select()
        if self._paid:
            self._accumulate_rewards()
        if self.terminations[self.agent_selection]:
            self._deads_step_first()

    def _finish_hand(self, hand: Hand) -> None:
        """Pay the hand's net chips as rewards; in a session deal on (a hand over at once, all
        in from the blinds, is paid too) until the session's hands are played."""
        self._paid = True
        while True:
            result = hand.result
            assert result is not None
            for seat, net in result.net.items():
                self.rewards[self.possible_agents[seat - 1]] += float(net)
            self._played += 1
            table = self._table
            if table is None or self._played >= (self.hands or 0):
                self.terminations = dict.fromkeys(self.agents, True)
                return
            hand = self._next_hand(table)
            if not hand.is_over:
                return

    def _next_hand(self, table: Table) -> Hand:
        table.collect()
        for seat in list(table.seats):
            if table.seats[seat].busted:
                self._broke[seat] = self._broke.get(seat, 0) + 1
                if self._broke[seat] > self.rebuy_after:
                    self._rebuy(table, seat)
        try:
            self._hand = table.start_hand()
        except NotEnoughPlayers:  # too few left to wait: the broke rebuy at once
            for seat in list(self._broke):
                self._rebuy(table, seat)
            self._hand = table.start_hand()
        return self._hand

    def _rebuy(self, table: Table, seat: int) -> None:
        """A broke seat buys its starting stack again, owing the blinds it missed (posted by
        waiting for the big blind, RROP11 Button & Blind Use)."""
        table.rebuy(seat, self.stacks[seat - 1])
        del self._broke[seat]

    @property
    def table(self) -> Table | None:
        """The table of a session (``None`` when an episode is one hand)."""
        return self._table

    def render(self) -> str | None:
        hand = self._hand
        return None if hand is None else str(hand.view(None).to_dict())

    def close(self) -> None:
        pass


def aec_env(game: Game | None = None, **kwargs: Any) -> PokerAECEnv:
    """A ``PokerAECEnv`` for ``game`` (no-limit hold'em 1/2 by default); see ``PokerAECEnv``."""
    return PokerAECEnv(game, **kwargs)
