"""The numbers the AEC environment hands out: observations, action masks and infos.

A plain class apart from ``PokerAECEnv`` so that mypyc can compile it (a compiled class cannot
derive from PettingZoo's ``AECEnv``; docs/performance.md). It reads the hand only through its
public attributes, and gives the same numbers compiled or not.
"""

from __future__ import annotations

from typing import Any, Final, Generic, TypeVar

import numpy as np

from pokerfloor.errors import IllegalAction
from pokerfloor.hand import Hand, Legal, Range
from pokerfloor.hand.plain import legal_json
from pokerfloor.hand.view import SeatView, visible_cards

FOLD: Final = 0
CALL: Final = 1
BRING_IN: Final = 2
SHOW: Final = 3
MUCK: Final = 4
ALL_IN: Final = 5
"""The fixed action codes: fold, check-or-call, bring in, show, muck, and bet or raise all the
way (to the legal maximum)."""
FIXED: Final = 6
HISTORY_KINDS: Final = ("fold", "check", "call", "bet", "raise", "complete", "bring_in", "draw", "show", "muck", "post")
"""The events of the history rows, coded 1.. in this order (0: an empty row)."""
_HISTORY_CODE: Final = {kind: code for code, kind in enumerate(HISTORY_KINDS, start=1)}
_CARDS_UNCHANGED: Final = frozenset(
    {"post", "check", "call", "bet", "raise", "complete", "bring_in", "return", "add_chips"}
)
"""Events after which every seat sees the same cards as before (on the same street)."""
_HOLES_UNCHANGED: Final = _CARDS_UNCHANGED | {"fold", "deal_board", "expose", "win"}
"""Events after which every seat holds the same hole cards as before."""
_FACES_UP: Final = frozenset({"show", "expose"})
"""Events after which some hole cards are public (with stud's upcards, the only way)."""
_UNSEEN: Final = frozenset({"fold", "muck", "draw", "win"})
"""Events that change no public card while no hole card is face up (only the board is public)."""
_NOTHING: Final = Legal()
_KEPT_BYTES: Final = 1 << 22
"""Bytes of action masks kept (one byte per action code); as many legal choices are kept."""
_KEPT_LEAST: Final = 64
"""Masks and legal choices kept however many action codes there are."""


def _objects(numbers: list[int]) -> list[Any]:
    """The same list, read as objects: compiled code then hands its ints on as they are, where
    as ints it would unbox each and box it again (an allocation above 256)."""
    return numbers


def aggressive(legal: Legal) -> tuple[str, Range] | None:
    """The bet, raise or completion open in ``legal`` and its range (at most one is)."""
    if legal.bet is not None:
        return "bet", legal.bet
    if legal.raise_ is not None:
        return "raise", legal.raise_
    if legal.complete is not None:
        return "complete", legal.complete
    return None


K = TypeVar("K")
V = TypeVar("V")


class Kept(Generic[K, V]):
    """Values kept by key, at most ``size`` of them: once full, a new one takes the place of the
    oldest, so the cache stops growing (a growing cache sets off the cyclic garbage collector,
    whose passes cost more than the values saved)."""

    def __init__(self, size: int) -> None:
        self.values: dict[K, V] = {}
        self.order: list[K | None] = [None] * size  # the keys in the order they came (None: free)
        self.next = 0

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` (new), dropping the oldest when full; returns ``value``."""
        order, at = self.order, self.next
        oldest = order[at]
        if oldest is not None:
            del self.values[oldest]
        order[at] = key
        self.next = at + 1 if at + 1 < len(order) else 0
        self.values[key] = value
        return value


class Choices:
    """What the env hands out about one ``Legal``: its action mask (read-only), its plain
    values (``info['legal']``) and its bet or raise range."""

    def __init__(
        self, legal: Legal, mask: np.ndarray, plain: dict[str, Any], aggressive: tuple[str, Range] | None
    ) -> None:
        self.legal = legal
        self.seat = legal.seat
        self.mask = mask
        self.plain = plain
        self.aggressive = aggressive
        self.min_to: int | None = None if aggressive is None else aggressive[1].min_to
        self.max_to: int | None = None if aggressive is None else aggressive[1].max_to
        self.lists = tuple([name for name, value in plain.items() if isinstance(value, list)])
        """The names of the plain values that are lists (copied for each info handed out)."""
        self.info: dict[str, Any] = {
            "legal": plain,
            "min_to": self.min_to,
            "max_to": self.max_to,
            "hand": 0,
            "action_mask": mask,
        }
        """The acting agent's info but for its copies and the hand's number (copied whole, then
        filled in: cheaper than building the dictionary)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled by its arguments (a compiled class has no ``__dict__``)."""
        return Choices, (self.legal, self.mask, self.plain, self.aggressive)


class Observer:
    """Observations, masks and infos of one environment, for ``players`` seats 1..n.

    The observation is a spectator's part, kept in one array and brought up to date once per
    step from the events since the last one, plus each agent's own hole cards and seat."""

    def __init__(
        self,
        players: int,
        streets: tuple[str, ...],
        history: int,
        draw: int,
        draws: int,
        raise_to: int,
        codes: int,
        max_chips: int,
        exact: bool,
        stud: bool,
    ) -> None:
        self.players = players
        self.streets = streets
        self.street_code = {street: code for code, street in enumerate(streets, start=1)}
        self.history = history
        self.draw, self.draws, self.raise_to, self.codes = draw, draws, raise_to, codes
        self.max_chips, self.exact, self.stud = max_chips, exact, stud
        self.cards_len = players * 52 + 52
        self.chips_len = 6 * players + 1 + len(streets)
        self.size = self.cards_len + self.chips_len + 4 * history
        self._pub = np.zeros(self.size, np.float32)  # a spectator's observation, kept up to date
        self._cells = self._pub.data  # its numbers one by one (a memoryview: a third of numpy's cost for one)
        # Each cell's index as an int object made once: a write through the memoryview then boxes
        # no index (most are above CPython's cached small ints, so each box was an allocation).
        self._slots: list[Any] = list(range(self.size))
        self._fresh = False  # whether _pub is of the hand now
        self._observed: Hand | None = None  # the hand the carried-over parts are of
        self._read = 0
        self._street_seen = ""
        self._faces_up = stud
        self._board_shown: list[int] = []  # the public card slots set so far
        self._rows: list[int] = []  # the hand's history rows so far, flat
        self._own: dict[int, list[int]] = {}  # each seat's own slots: hole cards, then seat
        self._chips_now: list[int] = [0] * self.chips_len  # the chips part as written
        self._order: tuple[int, ...] = ()  # the hand's seats in the order of its chip counts
        kept = max(_KEPT_LEAST, _KEPT_BYTES // codes)
        self._kept: Kept[Legal, Choices] = Kept(kept)
        # The masks by what they depend on: far fewer than the legal choices (whose amounts to call
        # differ), so a legal choice not kept mostly finds its mask.
        self._masks: Kept[tuple[object, ...], np.ndarray] = Kept(kept)
        self._idle = np.zeros(codes, np.int8)

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled by its arguments: the copy reads its hand afresh at the next
        observation (a compiled class has no ``__dict__``)."""
        arguments = (self.players, self.streets, self.history, self.draw, self.draws, self.raise_to)
        return Observer, (*arguments, self.codes, self.max_chips, self.exact, self.stud)

    # ------------------------------------------------------------------ observations
    def observe(self, hand: Hand, seat: int, choices: Choices) -> dict[str, np.ndarray]:
        """The seat's observation (the spectator's part with its own cards and seat) and its
        action mask (``choices``' when its turn, else zeros), both fresh arrays."""
        if not self._fresh:
            self._update(hand)
        out = self._pub.copy()
        own = self._own.get(seat)
        if own is not None:
            slots = self._slots
            for slot in own:  # a fresh array: numpy's item writes beat making it a memoryview
                out[slots[slot]] = 1
        mask = choices.mask if choices.legal.seat == seat else self._idle
        return {"observation": out, "action_mask": mask.copy()}

    def _update(self, hand: Hand) -> None:
        """Read only the events since the last update: new history rows; the cards everyone
        sees again after a deal, show or muck; the chips that changed. Single numbers are
        written through the memoryview ``_cells``."""
        pub = self._pub
        cells = self._cells
        cards_len, chips_len = self.cards_len, self.chips_len
        holes_dirty = hand is not self._observed
        if holes_dirty:
            self._observed, self._read, self._rows, self._street_seen = hand, 0, [], ""
            self._faces_up, self._board_shown = self.stud, []
            self._chips_now = [0] * chips_len
            self._order = hand.seats
            pub.fill(0)
        events = hand.events
        street = hand.street
        cards_dirty = street != self._street_seen
        if len(events) > self._read:
            rows = self._rows
            before = len(rows) // 4
            codes, streets = _HISTORY_CODE, self.street_code
            for i in range(self._read, len(events)):
                e = events[i]
                kind = e.kind
                code = codes.get(kind)
                if code is not None:
                    seat, amount = e.seat, e.amount
                    rows.append(0 if seat is None else seat)
                    rows.append(code)
                    rows.append(0 if amount is None else amount)
                    rows.append(streets.get(e.street, 0))
                if kind not in _CARDS_UNCHANGED:
                    if kind in _FACES_UP:
                        self._faces_up = True
                    if self._faces_up or kind not in _UNSEEN:
                        cards_dirty = True
                    if kind not in _HOLES_UNCHANGED:
                        holes_dirty = True
            self._read = len(events)
            used, history = len(rows) // 4, self.history
            at = cards_len + chips_len
            if before < used <= history:  # new rows in cells still zero since the hand began
                slots, values = self._slots, _objects(rows)
                for i in range(4 * before, 4 * used):
                    value = values[i]
                    if value:
                        cells[slots[at + i]] = value
            elif used > history:
                pub[at:] = rows[4 * (used - history) :]
        if cards_dirty:
            self._street_seen = street
            self._cards(hand, cells)
        if holes_dirty:
            viewer = cards_len - 1
            self._own = {
                seat: [(seat - 1) * 52 + c for c in cards if c is not None] + [viewer + seat]
                for seat, cards in hand.holes.items()
            }
        stacks, bets = hand.chip_counts()
        now = self.chips(hand.button_seat, hand.to_act, hand.folded, self._order, stacks, bets, hand.total_pot, street)
        was, slots, values = self._chips_now, self._slots, _objects(now)
        for i in range(chips_len):
            if now[i] != was[i]:
                cells[slots[cards_len + i]] = values[i]
        self._chips_now = now
        self._fresh = True

    def _cards(self, hand: Hand, cells: memoryview) -> None:
        """The public cards after they changed: the board, and once some hand is face up
        every card shown."""
        pub = self._pub
        n = self.players
        board = [n * 52 + c for c in hand.board if c is not None]
        shown = self._board_shown
        if not self._faces_up and board[: len(shown)] == shown:  # only new board cards
            slots = self._slots
            for slot in board[len(shown) :]:
                cells[slots[slot]] = 1
        else:
            if self._faces_up:
                seen = visible_cards(hand, None).items()  # hole cards shown, upcards, all in
                board += [(s - 1) * 52 + c for s, cards in seen for c in cards if c is not None]
            pub[: self.cards_len] = 0
            pub.put(board, 1)
        self._board_shown = board

    def chips(
        self,
        button: int,
        to_act: int | None,
        folded: frozenset[int],
        seats: tuple[int, ...],
        stacks: tuple[int, ...],
        bets: tuple[int, ...],
        total_pot: int,
        street: str,
    ) -> list[int]:
        """The public chips and positions as the chips part's numbers (the viewer's one-hot at
        its start left at zero); ``stacks`` and ``bets`` are those of ``seats``, in its order.
        A list, written into the array at once."""
        n = self.players
        out = [0] * self.chips_len
        out[n + button - 1] = 1
        if to_act is not None:
            out[2 * n + to_act - 1] = 1
        for seat in folded:
            out[3 * n + seat - 1] = 1
        for k in range(len(seats)):
            seat = seats[k]
            out[4 * n + seat - 1] = stacks[k]
            out[5 * n + seat - 1] = bets[k]
        out[6 * n] = total_pot
        out[6 * n + self.street_code.get(street, len(self.streets))] = 1
        return out

    def encode(self, view: SeatView) -> np.ndarray:
        """A ``SeatView`` as the observation vector, from scratch (``observe`` gives the same
        numbers for the view's seat, reading only what changed since the last step)."""
        n = self.players
        cards_len, chips_len = self.cards_len, self.chips_len
        out = np.zeros(self.size, np.float32)
        for seat, cards in view.holes.items():
            for card in cards:
                if card is not None:
                    out[(seat - 1) * 52 + card] = 1
        for card in view.board:
            if card is not None:
                out[n * 52 + card] = 1
        seats = tuple(view.stacks)
        stacks, bets = tuple([view.stacks[s] for s in seats]), tuple([view.bets.get(s, 0) for s in seats])
        out[cards_len : cards_len + chips_len] = self.chips(
            view.button, view.to_act, view.folded, seats, stacks, bets, view.total_pot, view.street
        )
        if view.seat is not None:
            out[cards_len + view.seat - 1] = 1
        codes, streets = _HISTORY_CODE, self.street_code
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

    # ------------------------------------------------------------------ legal choices
    def select(self, hand: Hand) -> Choices:
        """After the hand changed: the legal choices now (none when nobody may act)."""
        self._fresh = False
        return self.choices(hand.legal() if hand.to_act is not None else _NOTHING)

    def play(self, hand: Hand, seat: int, choices: Choices, action: object) -> Choices | None:
        """Take the action code (an exact raise-to amount for a bet size) for ``seat``, refused
        with ``IllegalAction`` as ``Hand.act`` refuses it, or when it is no code at all. Returns
        the legal choices after it (``select``), or ``None`` once the hand is over."""
        kind, to, discard = self.decode(hand, choices, self.code(action))
        hand.act(seat, kind, to, discard)
        return None if hand.is_over else self.select(hand)

    def code(self, action: object) -> int:
        """``action`` as an action code, refused with ``IllegalAction`` when it is none."""
        code = int(action) if isinstance(action, (int, np.integer)) else -1
        if not 0 <= code < self.codes:
            raise IllegalAction("invalid_action", f"{action!r} is not an action code below {self.codes}")
        return code

    def choices(self, legal: Legal) -> Choices:
        """The mask, plain values and bet or raise range of ``legal``. The same legal choices
        come back often, so they are kept by them (never handed out: only copies)."""
        kept = self._kept.values.get(legal)
        if kept is None:
            open_ = aggressive(legal)
            shape = (legal.fold, legal.check or legal.call is not None, legal.bring_in is not None, legal.show)
            key = (*shape, legal.muck, legal.draw, None if open_ is None else open_[1])
            mask = self._masks.values.get(key)
            if mask is None:  # read-only: over bytes
                mask = self._masks.put(key, np.frombuffer(self.mask_bytes(legal), np.int8))
            kept = self._kept.put(legal, Choices(legal, mask, legal_json(legal), open_))
        return kept

    def mask(self, legal: Legal) -> np.ndarray:
        """The exact action mask of ``legal``: one byte per action code."""
        return np.frombuffer(bytearray(self.mask_bytes(legal)), np.int8)

    def mask_bytes(self, legal: Legal) -> bytes:
        """The action mask of ``legal`` as bytes (built in a bytearray: a byte write is a
        fraction of a numpy item write)."""
        mask = bytearray(self.codes)
        mask[FOLD] = 1 if legal.fold else 0
        mask[CALL] = 1 if legal.check or legal.call is not None else 0
        mask[BRING_IN] = 1 if legal.bring_in is not None else 0
        mask[SHOW] = 1 if legal.show else 0
        mask[MUCK] = 1 if legal.muck else 0
        if legal.draw is not None:
            for m in range(self.draws):
                mask[self.draw + m] = 1 if m.bit_count() <= legal.draw else 0
        open_ = aggressive(legal)
        if open_ is not None:
            span = open_[1]
            mask[ALL_IN] = 1
            start = self.raise_to
            if self.exact:
                top = min(span.max_to, self.max_chips)
                if span.min_to <= top:
                    codes = range(start + span.min_to, start + top + 1, span.step)
                    mask[codes.start : codes.stop : codes.step] = b"\x01" * len(codes)
            else:
                mask[start:] = b"\x01" * (self.codes - start)
        return bytes(mask)

    def decode(self, hand: Hand, choices: Choices, action: int) -> tuple[str, int | None, list[str] | None]:
        """The action code as ``Hand.act``'s (action, to, discards), bet sizes taken as exact
        raise-to amounts."""
        legal = choices.legal
        if action == FOLD:
            return "fold", None, None
        if action == CALL:
            return ("check" if legal.check else "call"), None, None
        if action == BRING_IN:
            return "bring_in", None, None
        if action == SHOW:
            return "show", None, None
        if action == MUCK:
            return "muck", None, None
        if self.draw <= action < self.raise_to:
            bits = action - self.draw
            seat = hand.to_act
            hole = hand.holes[seat] if seat is not None else []
            return "draw", None, [str(c) for i, c in enumerate(hole) if c is not None and bits >> i & 1]
        open_ = choices.aggressive
        kind = open_[0] if open_ is not None else "raise"
        if action == ALL_IN:
            return kind, open_[1].max_to if open_ is not None else 0, None
        return kind, action - self.raise_to, None

    def info(self, acting: bool, choices: Choices, hand: int) -> dict[str, Any]:
        """One agent's info: the legal actions, range and mask when ``acting``. The mask is a
        read-only array shared by every info of the same legal choices (the observation's is a
        fresh copy, to write into)."""
        if not acting:
            return {"legal": {}, "min_to": None, "max_to": None, "hand": hand}
        legal = dict(choices.plain)
        for name in choices.lists:
            legal[name] = legal[name].copy()
        info = choices.info.copy()
        info["legal"] = legal
        info["hand"] = hand  # the mask stays the kept one, read-only: nobody can change it
        return info
