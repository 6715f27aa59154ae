"""The state of one hand and what it reads out (``HandState``, the base of ``Hand``): every
attribute a hand keeps, declared and explained in one place, and the read-only properties and
methods that answer from them (the seats, chips, pots, cards, limits, result, view and
record). ``Hand`` (state.py) adds what changes them: the inputs and the steps they run.
"""

from __future__ import annotations

from typing import Any, Final, TypeGuard

from pokerfloor.cards import Card
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import awards, out_of_turn, runouts, stud
from pokerfloor.hand.betting import Chips, Round
from pokerfloor.hand.dealing import Shoe
from pokerfloor.hand.draw import Drawing
from pokerfloor.hand.given import cards_or_unknown
from pokerfloor.hand.phase import OVER, RUN_OUT
from pokerfloor.hand.posting import Forced
from pokerfloor.hand.pots import Layer, pot_layers
from pokerfloor.hand.record import HandRecord
from pokerfloor.hand.setup import SetUp
from pokerfloor.hand.terms import Terms
from pokerfloor.hand.types import BLIND_KINDS, Award, DealRequest, Event, Input, Post, Pot, Result
from pokerfloor.rules import Game, Variant

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


_NO_SEATS: Final[frozenset[int]] = frozenset()

@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Street:
    """The facts of the street in play besides its betting (``betting.Round``): the seat (by
    index) that opens the betting round (``first``), the actions held out of turn (``held``), who
    opened a stud round and by which rule (``opening``), and whether the hands are face up
    (``exposed``: no more betting can happen, for the rest of the hand)."""

    def __init__(self) -> None:
        self.first = 0
        self.exposed = False
        self.held: dict[int, out_of_turn.Held] = {}
        self.opening = stud.Opening()


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class HandState:
    """A hand's state and its reads; ``Hand`` sets every attribute in ``Hand._start``. Seats are
    kept by index in the order of action after the flop (``seats``)."""

    game: Game
    variant: Variant
    button_seat: int
    events: list[Event]
    _set_up: SetUp             # everything fixed at the deal
    _terms: Terms              # the game's terms (its structure, streets, rounds)
    _seats: list[int]
    _pos: dict[int, int]       # seat number -> index (``SetUp.pos``, read on every input)
    _chips: Chips              # stacks, bets, the money in the middle
    _round: Round              # the betting round's levels and rights to raise
    _street: Street            # the street's other facts: who opens it, actions held, hands face up
    _forced: Forced            # what the forced bets left (posting.py)
    _folded: list[bool]
    _mucked: list[bool]
    _shown: list[bool]
    _holes: list[list[Card | None]]
    _board: list[Card | None]
    _shoe: Shoe                # the deck, its randomness and seed, every card dealt, the cards due
    _inputs: list[Input]
    _street_index: int
    _to_act: int               # -1 while no seat may act
    _phase: int                # what the hand waits for (phase.py)
    _end: awards.Outcome | Result | None
    _drawing: Drawing
    _runout: runouts.Runs

    @property
    def seed(self) -> bytes | None:
        """The 256-bit seed this hand's deck is shuffled from (``SeededShuffler``): drawn with
        ``secrets`` unless given, ``None`` when the hand was given its own ``rng``. It deals the
        hand again, so it stays secret until the hand is over."""
        return self._shoe.seed

    @property
    def seats(self) -> tuple[int, ...]:
        """Seats dealt in, in order of action after the flop (from the button's left)."""
        return tuple(self._seats)

    @property
    def posts(self) -> tuple[Post, ...]:
        return tuple(self._set_up.posts)

    @property
    def small_blind_seat(self) -> int | None:
        """The seat that posts the small blind, ``None`` in a game or hand without one."""
        return self._set_up.small_blind_seat

    @property
    def big_blind_seat(self) -> int | None:
        """The seat that posts the big blind, ``None`` in a game or hand without one."""
        return self._set_up.big_blind_seat

    @property
    def street(self) -> str:
        streets = self._terms.streets
        return "showdown" if self._street_index >= len(streets) else streets[self._street_index]

    @property
    def to_act(self) -> int | None:
        return None if self._to_act < 0 else self._seats[self._to_act]

    @property
    def stacks(self) -> dict[int, int]:
        return dict(zip(self._seats, self._chips.stack))

    @property
    def starting_stacks(self) -> dict[int, int]:
        return dict(zip(self._seats, self._chips.start))

    @property
    def bets(self) -> dict[int, int]:
        """Each seat's wager in the current betting round."""
        return dict(zip(self._seats, self._chips.bet))

    def chip_counts(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each seat's stack and its wager in the current betting round, in the order of
        ``seats``: the numbers of ``stacks`` and ``bets`` without building dictionaries (read
        once per step by the training environments)."""
        chips = self._chips
        return tuple(chips.stack), tuple(chips.bet)

    @property
    def contributions(self) -> dict[int, int]:
        """All chips each seat has put in this hand, dead money included."""
        return {s: self._chips.live[i] + self._chips.dead[i] for i, s in enumerate(self._seats)}

    @property
    def folded(self) -> frozenset[int]:
        if True not in self._folded:
            return _NO_SEATS  # most reads, before anyone folds: no set built
        return frozenset([s for i, s in enumerate(self._seats) if self._folded[i]])

    @property
    def all_in(self) -> frozenset[int]:
        return frozenset([s for i, s in enumerate(self._seats) if not self._folded[i] and self._chips.stack[i] == 0])

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Seats that have not folded or mucked."""
        return tuple([s for i, s in enumerate(self._seats) if not self._folded[i] and not self._mucked[i]])

    @property
    def board(self) -> list[Card | None]:
        return list(self._board)

    @property
    def bomb_pot(self) -> int:
        """The ante of a bomb pot (``bomb_pot=``), 0 in a hand dealt as usual."""
        return self._set_up.bomb

    @property
    def limits(self) -> tuple[int, int]:
        """The limits this hand is played at: in fixed limit the small and the big bet, raised in
        a kill pot by the kill blind's multiple of the big blind (RROP11 Kill Pots: a full kill
        doubles the limits, a half kill raises them by half); in other structures the smallest
        bet before and after the first round (a kill blind or straddle may raise the second)."""
        if self._terms.structure == "fixed_limit":
            num, den = self._forced.unit_scale
            return self.game.small_bet * num // den, self.game.big_bet * num // den
        return self._terms.min_bet, self._forced.postflop_min_bet

    @property
    def runs(self) -> int:
        """How many times the board is run: 1 unless ``run_it`` was called."""
        return self._runout.times

    @property
    def boards(self) -> tuple[tuple[Card | None, ...], ...]:
        """The board of each run, first run first: each holds the cards dealt before ``run_it``
        and its own cards after them; with one run just the board."""
        return (tuple(self._board), *(tuple(board) for board in self._runout.boards))

    @property
    def awaiting_runout(self) -> bool:
        """Whether the hand, dealt with ``wait_for_runout``, waits for ``run_it`` or
        ``run_out`` before dealing the rest of the board (no more betting can happen). It waits
        only when the deck can deal the rest of the board at least twice (``max_runs``): a
        hand whose deck cannot is run out at once, so running it twice is never offered."""
        return self._phase == RUN_OUT

    @property
    def max_runs(self) -> int:
        """The most times the rest of the board can be run from the deck now (1 when it can be
        dealt only once, 0 when the board is complete or the game has none)."""
        return runouts.max_runs(self.variant, self._holes, self._board, self._set_up.board)

    @property
    def holes(self) -> dict[int, list[Card | None]]:
        return {s: list(self._holes[i]) for i, s in enumerate(self._seats)}

    @property
    def upcards(self) -> dict[int, list[Card | None]]:
        """The cards each seat shows face up: in stud its third to sixth card; none in other games."""
        dealt = stud.cards_due(min(self._street_index, len(self.variant.streets) - 1))
        return {s: stud.upcards(self._holes[i], dealt) if self._terms.stud else [] for i, s in enumerate(self._seats)}

    @property
    def opener(self) -> tuple[int, str] | None:
        """In stud, who opened the betting round in play and by which rule (``stud.opening``):
        ``(seat, "bring_in")`` on third street with a bring-in, the lowest door card (the
        highest in razz), or ``(seat, "showing")``, the best hand showing (the lowest in razz);
        ``(seat, "left_of_all_in")`` when the seat the rule names is all in (for the ante, say):
        the betting starts on its left, with a seat that need not bring in (TDA 2024 RP-10-E,
        docs/rules.md §2.6). ``None`` in other games and while no one is to act (the showdown,
        a run-out, the end)."""
        terms = self._terms
        if not terms.stud or self._phase == OVER or self._to_act < 0 or self._street_index >= len(terms.streets):
            return None
        if self._street.opening.opened != self._street.first:
            return self._seats[self._street.opening.opened], "left_of_all_in"
        bring_in = self._street_index == 0 and bool(self.game.bring_in)
        return self._seats[self._street.first], "bring_in" if bring_in else "showing"

    @property
    def pots(self) -> list[Pot]:
        """Every chip in the middle, this round's bets included, main pot first; empty once the
        hand is over and the pots are awarded (see ``result.awards``)."""
        if self._phase == OVER:
            return []
        return [Pot(amount, eligible) for amount, eligible in self._pot_layers()]

    def _pot_layers(self) -> list[Layer]:
        """The pots now as (chips, seats that can win them), main pot first (``pots``)."""
        return pot_layers(self._seats, self._chips.live, self._chips.dead, self._folded, self._all_in_flags())

    @property
    def total_pot(self) -> int:
        """Every chip in the middle, this round's bets included."""
        return self._chips.total

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def result(self) -> Result | None:
        """How the hand ended, once it is over (built when first read)."""
        end = self._end
        if end is None or isinstance(end, Result):
            return end
        awards, returned, stacks, net, order, shown = end
        result = Result(tuple([Award(*fields) for fields in awards]), returned, stacks, net, order, shown)
        self._end = result
        return result

    @property
    def awaiting_deal(self) -> DealRequest | None:
        """What a manually dealt hand waits for, or ``None``."""
        return self._shoe.awaiting

    @property
    def min_raise_increment(self) -> int:
        """The last full bet or raise increment of this round (TDA 2024 R43-A)."""
        return self._round.min_inc

    @property
    def current_bet(self) -> int:
        """The bet level of this round: the total wager a seat must reach to call."""
        return self._round.level

    @property
    def raises_made(self) -> int:
        """Full raises made this round after the opening bet; a live blind is the opening bet
        (RROP11 Betting & Raising item 3)."""
        limit = self._terms.structure == "fixed_limit" or self._terms.structure == "spread_limit"
        if limit or self._street_index > 0 or self._bb_level() == 0:
            return max(self._round.raises - 1, 0)
        return self._round.raises

    @property
    def raise_cap(self) -> int | None:
        """Raises allowed after the opening bet in this limit game, ``None`` when uncapped
        (house option ``raise_cap``, RROP11 Betting & Raising item 3); the cap is lifted heads-up
        under ``cap_lifted_heads_up``."""
        if self._terms.structure not in ("fixed_limit", "spread_limit"):
            return None
        return self._round.cap

    def record(self) -> HandRecord:
        """The hand so far as a ``HandRecord``: how it started, the cards dealt and every input,
        enough for ``Hand.from_record`` to rebuild it."""
        if self._set_up.spot:
            raise InvalidArgument("a spot (Hand.from_spot) has no record: it did not start from the deal")
        return HandRecord(
            game=self.game,
            stacks=dict(self._set_up.stacks),
            button=self.button_seat,
            posts=tuple(self._set_up.placed_posts),
            holes={s: tuple(cards_or_unknown(c)) for s, c in self._set_up.holes.items()},
            board=tuple(self._set_up.board),
            dealing="manual" if self._set_up.manual else "auto",
            auto_muck=self._set_up.auto_muck,
            dealt=tuple(self._shoe.dealt),
            inputs=tuple(self._inputs),
            seed=None if self._shoe.seed is None else self._shoe.seed.hex(),
            wait_for_runout=self._set_up.wait_for_runout,
            bomb_pot=self._set_up.bomb,
            boards=self._set_up.boards,
        )

    def _dealt_in(self, seat: object) -> TypeGuard[int]:
        """Whether ``seat`` is the number of a seat dealt in to this hand (``True`` is not)."""
        return not isinstance(seat, bool) and isinstance(seat, int) and seat in self._pos

    def _bb_level(self) -> int:
        """The largest live blind posted (0 for none). Read only where it decides something: a
        loop, as a generator under ``max`` costs the compiled build a Python call."""
        level = 0
        for post in self._set_up.posts:
            if post.live and post.kind in BLIND_KINDS and post.amount > level:
                level = post.amount
        return level

    def _all_in_flags(self) -> list[bool]:
        return [s == 0 for s in self._chips.stack]

    def __repr__(self) -> str:
        state = "over" if self._phase == OVER else f"{self.street}, to act: {self.to_act}"
        return f"<Hand {self.game.variant} {self.game.structure} {state}>"

