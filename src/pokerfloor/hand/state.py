"""One hand as a deterministic state machine: forced bets, dealing, betting rounds, showdown.

The betting round keeps exactly what the rulebook keeps (docs/rules.md §1.5, §5.5, §5.6):
the current bet level, the last full increment (the minimum raise), the level each seat last
acted at (its right to raise), the level of the last full bet or raise, and in limit games the
number of bets, all kept by the round (``betting.Round``). Every rule of legality is decided in
``_aggression``; every chip moves in ``betting.Chips.put_in``.

The hand runs the phases; the rules around the betting live next to this module: which forced
bets are posted (``forced``; the hand posts them), the dealing (``dealer``), the draw
(``draw``), who brings in and acts first in stud (``stud``; the hand plays the bring-in),
actions held out of turn (``out_of_turn``), the showdown and the result (``showdown``) and the
set-up of a spot (``spots``).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, TypeGuard

from pokerfloor import citations as cite
from pokerfloor.cards import Card, CardsLike, Deck, SeededShuffler, Shuffler
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import awards, bringin, dealer, draw, forced, out_of_turn, runouts, spots, stud, turns
from pokerfloor.hand.betting import Chips, Round
from pokerfloor.hand.given import cards_or_unknown
from pokerfloor.hand.phase import BETTING, BRING_IN, CARDS_DUE, DRAW, OVER, RUN_OUT, SHOWDOWN
from pokerfloor.hand.pots import Layer, pot_layers
from pokerfloor.hand.record import HandRecord, RecordedDeck, replay_record, restore
from pokerfloor.hand.setup import SetUp, given_cards, set_up
from pokerfloor.hand.types import (
    ACTIONS,
    ANTE_KINDS,
    BLIND_KINDS,
    DEAD_HAND,
    ORDER_SETTING_KINDS,
    STRADDLE_KINDS,
    Award,
    Call,
    DealRequest,
    Event,
    Input,
    Legal,
    Post,
    Pot,
    Range,
    RecordError,
    Result,
    Seen,
    face_down,
    face_up,
)
from pokerfloor.hand.view import SeatView, seat_view
from pokerfloor.rules import Game, chips_problem

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


_NO_SEATS: Final[frozenset[int]] = frozenset()

# Named tuples built with one C call (``tuple.__new__``) in the per-decision paths (``legal`` and
# ``_record``), skipping their generated ``__new__``; the fields are given in full, in order.
# Final: the compiled build keeps it in a C static, not in the module's dictionary.
_new: Final = tuple.__new__

Outcome = tuple[
    list[awards.AwardFields],
    dict[int, int],
    dict[int, int],
    dict[int, int],
    tuple[int, ...],
    dict[int, tuple[Card | None, ...]],
]
"""A ``Result``'s fields, in order, its awards as ``AwardFields``: the end of a hand until its
``result`` is read. The frozen dataclasses cost more to build than the rest of awarding the pots,
and a training environment never reads them (it takes its rewards from the stacks)."""
R_TURN = cite.TURN
R_REOPEN = cite.REOPEN
R_ACTIONS = cite.ACTIONS
R_STACKS = cite.TABLE_STAKES
R_CAP = cite.CAP
R_FULL_BB = cite.FULL_BIG_BLIND
R_NO_CALLER = cite.REOPEN
R_SHOWDOWN = cite.SHOWDOWN
R_RUN_IT = cite.RUN_IT
R_DRAW = draw.R_DRAW
_CLOSING_RULES = {
    "betting_not_reopened": R_REOPEN,
    "cap_reached": R_CAP,
    "above_stack": R_STACKS,
    "no_opponent_can_call": R_NO_CALLER,
}
"""The rule behind each reason a bet or raise is closed."""


def _event(
    kind: str,
    seat: int | None = None,
    amount: int | None = None,
    *,
    cards: tuple[Card | None, ...] = (),
    street: str = "",
    note: str = "",
    seen_by: tuple[Seen, ...] = (),
    post: str | None = None,
) -> Event:
    """An ``Event`` as ``Event(...)`` makes it, in one C call (the hand makes several a step)."""
    result: Event = _new(Event, (kind, seat, amount, cards, street, note, seen_by, post))
    return result


def _chips(name: str, value: object) -> int:
    if type(value) is int and value >= 0:  # the usual amount, which chips_problem allows
        return value
    problem = chips_problem(name, value)
    if problem or not isinstance(value, int):
        raise IllegalAction("invalid_action", problem)
    return value


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Hand:
    """One hand of poker, played by the rules of its ``Game`` (docs/guide/hand.md).

    The module can be compiled with mypyc (``POKERFLOOR_COMPILE=1``, docs/performance.md);
    compiled or not, the class behaves the same: ``copy.deepcopy`` and ``pickle`` work, and
    values of the wrong type given to ``act`` and the other public methods are refused with
    ``IllegalAction`` or ``ValueError`` as in pure Python, never a ``TypeError``.
    """

    def __init__(
        self,
        game: Game,
        stacks: Mapping[int, int],
        button: object,
        *,
        rng: Shuffler | None = None,
        seed: object = None,
        posts: object = None,
        holes: Mapping[int, CardsLike] | None = None,
        board: CardsLike | None = None,
        dealing: object = "auto",
        auto_muck: bool = True,
        deck: Deck | None = None,
        wait_for_runout: bool = False,
        bomb_pot: object = 0,
        boards: object = 1,
    ) -> None:
        given = set_up(
            game, stacks, button, two_decks=rng is not None and seed is not None, posts=posts, holes=holes,
            board=board, dealing=dealing, auto_muck=auto_muck, wait_for_runout=wait_for_runout,
            bomb_pot=bomb_pot, boards=boards,
        )
        self._start(given, rng, seed, deck, None)

    def _start(self, given: SetUp, rng: Shuffler | None, seed: object, deck: Deck | None, posted: Hand | None) -> None:
        """Deal the hand ``given`` sets up: the state of a hand before its first card, the forced
        bets (or, from ``redeal``, the state the same bets left in ``posted``), then the cards.
        The one place every attribute of a hand is first set."""
        terms = given.terms
        self._set_up = given
        self.game = given.game
        self.variant = terms.variant
        self._terms = terms
        self._streets = terms.streets
        self._rounds = terms.rounds
        self._structure = terms.structure
        self._fold_free = terms.fold_free
        self._stud = terms.stud
        self.button_seat = given.button
        self._seats: list[int] = given.seats
        self._pos: dict[int, int] = given.pos
        n = len(given.seats)
        self._n = n
        self._chips = Chips([given.stacks[s] for s in given.seats])
        self._folded: list[bool] = [False] * n
        self._mucked: list[bool] = [False] * n
        self._shown: list[bool] = [False] * n
        self._holes: list[list[Card | None]] = [[] for _ in range(n)]
        self._board: list[Card | None] = []
        self.events: list[Event] = []
        if rng is None:
            shuffler = SeededShuffler(seed)
            self._seed: bytes | None = shuffler.seed
            self._rng: Shuffler = shuffler
        else:
            self._seed = None
            self._rng = rng
        cards = self.variant.cards
        self._deck = deck if deck is not None else Deck(self._rng, cards=cards)
        self._dealt: list[Card] = []
        self._inputs: list[Input] = []
        self._spot = False
        self._street_index = 0
        self._first = 0  # the seat (by index) that opens the betting round: _start_round sets it
        self._round = Round(n, big_bet=terms.big_bet, half_bet=terms.half_bet, cap=terms.cap)
        self._short_blinds = 0
        self._to_act = -1
        self._unit_scale = (1, 1)
        self._postflop_min_bet = terms.min_bet
        self._phase = BETTING  # what the hand waits for (phase.py); the deal sets it
        self._result: Result | None = None
        self._outcome: Outcome | None = None
        self._exposed = False
        self._awaiting: DealRequest | None = None
        self._held: dict[int, out_of_turn.Held] = {}
        self._sleeping: Post | None = None
        self._killer = -1
        self._entered = False
        self._bring_in_seat = -1
        self._opened = -1       # stud: the seat that opened the betting round in play (``opener``)
        self._open_pair = False
        self._drawn: list[bool] = [True] * n
        self._owed: list[tuple[int, int]] = []
        self._discards = draw.Discards()
        self._run_chosen = False
        self._runs = 1
        self._run_boards: list[list[Card | None]] = []
        if given.boards > 1:
            self._runs, self._run_chosen = given.boards, True
            self._run_boards = [[] for _ in range(given.boards - 1)]
        if given.holes or given.board:
            for seat, hole in given.holes.items():
                self._holes[given.pos[seat]] = list(hole)
            known = given_cards(given)
            if known:
                dealer.check_deck(known, self.variant)
                self._deck.remove(known)
        if posted is None:
            self._post_forced_bets()
        else:  # what _post_forced_bets leaves, the same whatever the cards
            self._chips = posted._chips.copy()
            self._round = posted._round.copy()
            self.events = list(posted.events)  # the posts: dealing hole cards writes no event
            self._short_blinds, self._unit_scale = posted._short_blinds, posted._unit_scale
            self._postflop_min_bet, self._killer, self._first = posted._postflop_min_bet, posted._killer, posted._first
        self._deal_holes()

    def redeal(self, rng: Shuffler) -> Hand:
        """The same hand dealt again from a new deck shuffled by ``rng``: the game, stacks,
        button, forced bets and options this hand was dealt with (its ``SetUp``), as
        ``Hand(...)`` with them would deal it. A training environment deals thousands of hands
        this way: the set-up is not checked and worked out again, and from a hand no one has
        acted in yet, of a game that deals only hole cards before the first betting round and
        posts only blinds and antes, the state the forced bets left is copied too (the posts
        leave every seat the same whatever the cards)."""
        if type(self) is not Hand:  # a subclass's __init__ may set up more than the copy knows
            return self._dealt_again(rng)
        given = self._set_up
        hand: Hand = Hand.__new__(Hand)
        untouched = not self._inputs and not self._spot and self._sleeping is None
        # no betting before the flop (to_act < 0): all in from the posts
        plain = not (given.manual or self._stud or given.bomb or given.boards != 1 or given.holes or given.board)
        copied = untouched and plain and not given.given_posts and self._to_act >= 0 and self._street_index == 0
        hand._start(given, rng, None, None, self if copied else None)
        return hand

    def _dealt_again(self, rng: Shuffler) -> Hand:
        """``redeal`` by the constructor, with the arguments this hand was dealt with."""
        given = self._set_up
        return type(self)(
            given.game,
            given.stacks,
            given.button,
            rng=rng,
            posts=given.given_posts or None,
            holes={seat: ["??" if c is None else c for c in cards] for seat, cards in given.holes.items()} or None,
            board=["??" if c is None else c for c in given.board] or None,
            dealing="manual" if given.manual else "auto",
            auto_muck=given.auto_muck,
            wait_for_runout=given.wait_for_runout,
            bomb_pot=given.bomb,
            boards=given.boards,
        )

    # ------------------------------------------------------------------ public state
    @property
    def seed(self) -> bytes | None:
        """The 256-bit seed this hand's deck is shuffled from (``SeededShuffler``): drawn with
        ``secrets`` unless given, ``None`` when the hand was given its own ``rng``. It deals the
        hand again, so it stays secret until the hand is over."""
        return self._seed

    def __copy__(self) -> Hand:
        """A copy is a hand of its own: acting on it leaves the original alone, and it deals the
        same cards as the original would."""
        return copy.deepcopy(self)

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
        streets = self._streets
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
        if self._structure == "fixed_limit":
            num, den = self._unit_scale
            return self.game.small_bet * num // den, self.game.big_bet * num // den
        return self._terms.min_bet, self._postflop_min_bet

    @property
    def runs(self) -> int:
        """How many times the board is run: 1 unless ``run_it`` was called."""
        return self._runs

    @property
    def boards(self) -> tuple[tuple[Card | None, ...], ...]:
        """The board of each run, first run first: each holds the cards dealt before ``run_it``
        and its own cards after them; with one run just the board."""
        return (tuple(self._board), *(tuple(board) for board in self._run_boards))

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
        return {s: stud.upcards(self._holes[i], dealt) if self._stud else [] for i, s in enumerate(self._seats)}

    @property
    def opener(self) -> tuple[int, str] | None:
        """In stud, who opened the betting round in play and by which rule (``stud.opening``):
        ``(seat, "bring_in")`` on third street with a bring-in, the lowest door card (the
        highest in razz), or ``(seat, "showing")``, the best hand showing (the lowest in razz);
        ``(seat, "left_of_all_in")`` when the seat the rule names is all in (for the ante, say):
        the betting starts on its left, with a seat that need not bring in (TDA 2024 RP-10-E,
        docs/rules.md §2.6). ``None`` in other games and while no one is to act (the showdown,
        a run-out, the end)."""
        if not self._stud or self._phase == OVER or self._to_act < 0 or self._street_index >= len(self._streets):
            return None
        if self._opened != self._first:
            return self._seats[self._opened], "left_of_all_in"
        bring_in = self._street_index == 0 and bool(self.game.bring_in)
        return self._seats[self._first], "bring_in" if bring_in else "showing"

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
        outcome = self._outcome
        if self._result is None and outcome is not None:
            awards, returned, stacks, net, order, shown = outcome
            self._result = Result(tuple([Award(*fields) for fields in awards]), returned, stacks, net, order, shown)
        return self._result

    @property
    def awaiting_deal(self) -> DealRequest | None:
        """What a manually dealt hand waits for, or ``None``."""
        return self._awaiting

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
        limit = self._structure == "fixed_limit" or self._structure == "spread_limit"
        if limit or self._street_index > 0 or self._bb_level() == 0:
            return max(self._round.raises - 1, 0)
        return self._round.raises

    @property
    def raise_cap(self) -> int | None:
        """Raises allowed after the opening bet in this limit game, ``None`` when uncapped
        (house option ``raise_cap``, RROP11 Betting & Raising item 3); the cap is lifted heads-up
        under ``cap_lifted_heads_up``."""
        if self._structure not in ("fixed_limit", "spread_limit"):
            return None
        return self._round.cap

    def view(self, seat: object = None) -> SeatView:
        """What ``seat`` may see of the hand (``None``: a spectator), as an immutable ``SeatView``:
        its own cards, every upcard and card shown, the board, the chips and the events."""
        if seat is not None and not self._dealt_in(seat):
            raise InvalidArgument(f"seat {seat!r} is not dealt in to this hand")
        return seat_view(self, seat)

    def record(self) -> HandRecord:
        """The hand so far as a ``HandRecord``: how it started, the cards dealt and every input,
        enough for ``Hand.from_record`` to rebuild it."""
        if self._spot:
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
            dealt=tuple(self._dealt),
            inputs=tuple(self._inputs),
            seed=None if self._seed is None else self._seed.hex(),
            wait_for_runout=self._set_up.wait_for_runout,
            bomb_pot=self._set_up.bomb,
            boards=self._set_up.boards,
        )

    @classmethod
    def from_record(cls, record: object, *, rng: Shuffler | None = None) -> Hand:
        """The hand a record describes (a ``HandRecord``, its ``to_dict()`` or its JSON, as
        ``Table.from_record`` takes), rebuilt input by input: from the record's seed when it
        has one, else dealing the record's cards first, then from ``rng`` (a CSPRNG by default)."""
        if isinstance(record, str | bytes):
            record = HandRecord.from_json(record)
        elif isinstance(record, Mapping):
            record = HandRecord.from_dict(record)
        if not isinstance(record, HandRecord):
            raise RecordError(f"a hand is rebuilt from a HandRecord, not {type(record).__name__}")
        return replay_record(cls, record, rng)

    def undo(self) -> Input:
        """Take back the last input (a dealer's correction) and return it; the cards it dealt
        go back on top of the deck, so doing it again deals them again."""
        if not self._inputs:
            raise InvalidArgument("there is nothing to undo: the hand has taken no input")
        record = self.record()
        last = record.inputs[-1]
        pending = self._deck.still_to_deal() if isinstance(self._deck, RecordedDeck) else []
        earlier = replay_record(type(self), record.before_last(pending), None if record.seed else self._rng)
        restore(self, earlier)
        return last

    def _dealt_in(self, seat: object) -> TypeGuard[int]:
        """Whether ``seat`` is the number of a seat dealt in to this hand (``True`` is not)."""
        return not isinstance(seat, bool) and isinstance(seat, int) and seat in self._pos

    def _all_in_flags(self) -> list[bool]:
        return [s == 0 for s in self._chips.stack]

    def __repr__(self) -> str:
        state = "over" if self._phase == OVER else f"{self.street}, to act: {self.to_act}"
        return f"<Hand {self.game.variant} {self.game.structure} {state}>"

    # ------------------------------------------------------------------ dealing
    def _cards_due(self, i: int) -> int:
        """How many cards seat ``i`` holds once the deal now under way is done."""
        if not self._stud:
            return self.variant.hole_cards
        if self._folded[i]:
            return len(self._holes[i])
        due = stud.cards_due(min(self._street_index, len(self.variant.streets) - 1))
        return due - len(self._board)

    def deal(self, cards: CardsLike | Sequence[Card | None], seat: object = None) -> Event:
        """Supply the cards a manually dealt hand waits for (``seat=None`` deals the board)."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise InvalidArgument(f"cards are dealt to a seat number, not {seat!r}")
        event = self._deal_cards(cards, seat)
        self._inputs.append(Input("deal", seat, "", None, event.cards))
        return event

    # ------------------------------------------------------------------ betting round
    def _unit(self) -> int:
        """The fixed-limit bet of this street, raised in a kill pot (RROP11 Kill Pots)."""
        game = self.game
        base = game.small_bet if self._street_index < self.variant.small_bet_rounds else game.big_bet
        num, den = self._unit_scale
        return base * num // den

    def _start_round(self, first: int | None) -> None:
        if self._structure == "fixed_limit":
            self._round.min_inc = self._unit()
        elif self._structure == "spread_limit":
            assert self.game.spread is not None
            self._round.min_inc = max(self._round.min_inc if self._street_index == 0 else 0, self.game.spread[0])
        self._first = 0 if first is None else first

    def _begin_betting(self) -> None:
        """Hand the action to the first seat that needs it, or move on when none does."""
        self._to_act = -1
        if self._set_up.bomb and self._street_index == 0:
            note = "bomb pot: no betting before the flop"
            self.events.append(_event("bomb_pot", None, self._set_up.bomb, street=self.street, note=note))
            self._close_round()
            return
        self._phase = BETTING
        if self._stud:
            self._open_stud_round()  # BRING_IN on third street with a bring-in
        nxt = self._next_to_act(self._first - 1 if self._killer < 0 else self._killer)
        self._opened = nxt
        if nxt < 0:
            self._close_round()
        else:
            self._turn_to(nxt)

    def _post_forced_bets(self) -> None:
        """Put the forced bets in and open the first betting round behind them."""
        house = self.game.house
        order_post: tuple[int, int] | None = None
        live_amounts: list[int] = []
        street = self.street
        for post in forced.paying_order(house, self._set_up.posts):
            seat, amount, kind = post.seat, post.amount, post.kind
            i = self._pos[seat]
            if kind == "sleeper" and house.sleeper_when_entered == "returned":
                self._sleeping = post
                note = "sleeper waits: returned if a player in front of it enters the pot (house rule)"
                self.events.append(_event("sleeper_waits", seat, amount, street=street, note=note, post="sleeper"))
                continue
            paid = min(amount, self._chips.stack[i])
            live = post.live
            self._chips.put_in(i, paid, live=live)
            self.events.append(_event("post", seat, paid, street=street, post=kind))
            if not live or kind in ANTE_KINDS:
                continue
            if kind in BLIND_KINDS:
                self._short_blinds += amount - paid
            live_amounts.append(amount)
            self._raise_level_by_post(i, post)
            if kind == "kill":
                # Both readings start the action left of the big blind (or the last straddle):
                # RROP11 kill item 2 has the killer act in turn; WIKI_BIP and WIKI_KILL have it act
                # last wherever it sits (house option killer_acts, rules.md §2.7).
                if house.killer_acts == "last":
                    self._killer = i
            elif kind in ORDER_SETTING_KINDS:
                key = (amount, i)
                if order_post is None or key >= order_post:
                    order_post = key
        self._short_blinds += forced.missing_blinds(self._terms.blinds, self._set_up.posts)
        rnd = self._round
        rnd.min_inc = max(rnd.min_inc, self._terms.min_bet)
        self._start_round(first=None if order_post is None else (order_post[1] + 1) % self._n)
        if self._structure == "fixed_limit":
            rnd.full_level, rnd.raises = 0, 0
            for amount in sorted(set(live_amounts)):
                if amount - rnd.full_level >= rnd.min_inc:
                    rnd.count_full_bet(amount)
        elif self._structure == "spread_limit":
            # The big blind is the opening bet toward the cap, a blind raise above it a raise, as
            # in fixed limit (RROP11 Betting & Raising item 3; docs/rules.md §1.5).
            rnd.full_level, rnd.raises = 0, 0
            opening = self._bb_level()
            if opening:
                rnd.count_full_bet(opening)
            for amount in sorted(set(live_amounts)):
                if amount > opening and amount - rnd.full_level >= rnd.min_inc:
                    rnd.count_full_bet(amount)
            rnd.full_level = rnd.level
        else:
            rnd.full_level = rnd.level

    def _raise_level_by_post(self, i: int, post: Post) -> None:
        """A live blind, straddle, sleeper or kill sets the bet to call; a straddle counts as a
        raise for the minimum raise (house option ``straddle_min_raise``, docs/rules.md §2.8)."""
        rnd = self._round
        prior = rnd.level
        amount, kind = post.amount, post.kind
        if amount > rnd.level:
            rnd.level = amount
        if kind in STRADDLE_KINDS and amount > prior:
            house = self.game.house
            if kind == "kill" or house.straddle_min_raise == "straddle_amount":
                rnd.min_inc = max(rnd.min_inc, amount)
            else:
                rnd.min_inc = max(rnd.min_inc, amount - prior)
            if house.straddle_postflop_min_bet == "straddle" or kind == "kill":
                self._postflop_min_bet = max(self._postflop_min_bet, amount)
        if kind == "kill" and self.game.big_blind:
            self._unit_scale = (amount, self.game.big_blind)
        if kind == "sleeper":
            rnd.acted[i] = rnd.level

    def _settle_sleeper(self, j: int, sleeper: Post) -> int:
        """The sleeper of seat ``j``, held back, once the action reaches it: returned if a player
        in front of it entered the pot, else posted as the blind raise it is, its owner having no
        option. Returns the seat to act now (``j`` itself, or the next one; -1 if none)."""
        self._sleeping = None
        if self._entered:
            note = "sleeper returned: a player in front of it entered the pot (house rule)"
            self.events.append(_event("void", sleeper.seat, sleeper.amount, street=self.street, note=note))
            return j
        paid = min(sleeper.amount, self._chips.stack[j])
        self._chips.put_in(j, paid)
        self.events.append(_event("post", sleeper.seat, paid, street=self.street, post="sleeper"))
        self._raise_level_by_post(j, sleeper)
        rnd = self._round
        limit = self._structure == "fixed_limit" or self._structure == "spread_limit"
        if limit and sleeper.amount - rnd.full_level >= rnd.min_inc:
            rnd.count_full_bet(sleeper.amount)
        elif self._structure != "fixed_limit":
            rnd.full_level = rnd.level
        return self._next_to_act(j)

    def _start_draw(self) -> None:
        """A draw street starts with its draw: every seat still in draws, from the button's left."""
        self._drawn = list(self._folded)
        self._phase = DRAW
        self._discards.next_draw()
        self._next_draw()

    def _draw_act(self, i: int, action: str, discard: object) -> Event:
        """A seat's turn in the draw: discard cards (none is standing pat) and get as many
        replacements, dealt at once or, in manual dealing, by ``deal`` (RROP11 draw)."""
        if self._phase != DRAW:
            raise IllegalAction("invalid_action", "there is no draw now: it is a betting round", R_DRAW)
        if action != "draw":
            raise IllegalAction(
                "invalid_action", f"it is the draw: discard cards or stand pat (draw), not {action}", R_DRAW
            )
        try:
            thrown = draw.discarded(discard)
        except ValueError as error:
            raise IllegalAction("invalid_action", str(error), R_DRAW) from None
        self._holes[i] = draw.kept_after_discard(self._holes[i], thrown, len(self._holes[i]))
        self._discards.add(i, thrown)
        self._drawn[i] = True
        note = f"draws {len(thrown)}" if thrown else "stands pat"
        seat, faces = self._seats[i], face_down(thrown)
        event = _event("draw", seat, len(thrown), cards=tuple(thrown), street=self.street, note=note, seen_by=faces)
        self.events.append(event)
        if thrown and self._set_up.manual:
            self._owed.append((i, len(thrown)))
        elif thrown:
            cards, reshuffled = draw.replacements(self._deck, len(thrown), self._discards, i, self._rng)
            self._dealt += cards
            if reshuffled:
                self.events.append(
                    _event("reshuffle", street=self.street, note="the stub ran short: the discards shuffled in")
                )
            self._holes[i] += cards
            self.events.append(
                _event(
                    "deal_hole",
                    self._seats[i],
                    cards=tuple(cards),
                    street=self.street,
                    note="draw",
                    seen_by=face_down(cards),
                )
            )
        self._next_draw()
        return event

    def _deal_replacements(self, seat: int | None, cards: list[Card | None]) -> Event:
        """Manual dealing: the replacement cards of the earliest discard still unserved."""
        i, count = self._owed[0]
        if seat != self._seats[i]:
            raise InvalidArgument(f"the replacement cards due now are seat {self._seats[i]}'s, not seat {seat}'s")
        if len(cards) != count:
            raise InvalidArgument(f"seat {seat} discarded {count} cards and needs as many, got {len(cards)}")
        self._owed.pop(0)
        self._holes[i] += cards
        faces = face_down(cards)
        event = _event("deal_hole", seat, cards=tuple(cards), street=self.street, note="draw", seen_by=faces)
        self.events.append(event)
        self._next_draw()
        return event

    def _next_draw(self) -> None:
        """The next seat to draw, from the button's left; the betting once everyone has drawn
        and been served. In manual dealing a seat may discard before the seats ahead of it have
        their cards (PHH lists every discard first), so ``awaiting_deal`` and ``to_act`` may
        both be set."""
        owed = self._owed
        self._awaiting = DealRequest("draw", self._seats[owed[0][0]], owed[0][1]) if owed else None
        self._to_act = next((j for j in range(self._n) if not self._drawn[j]), -1)
        if self._to_act < 0 and not owed:
            self._after_board_dealt()

    def _deal_holes(self) -> None:
        """The first deal: hole cards (a stud game's third street), then the first betting round."""
        if self._stud:
            self._deal_stud_street()
            return
        count = self.variant.hole_cards
        if self._set_up.manual:
            self._request_next_deal()
            return
        missing = [max(0, count - len(hole)) for hole in self._holes]
        cards = self._deck.deal(sum(missing))  # one call deals what a call per seat would
        self._dealt += cards
        at = 0
        for i in range(self._n):
            if missing[i] > 0:
                self._holes[i] += cards[at : at + missing[i]]
                at += missing[i]
        self._begin_betting()

    def _request_next_deal(self) -> None:
        """Manual dealing: wait for the hole cards of the first seat still short of them, or go on."""
        for i in range(self._n):
            missing = self._cards_due(i) - len(self._holes[i])
            if missing > 0:
                self._awaiting = DealRequest("holes", self._seats[i], missing)
                self._phase = CARDS_DUE
                self._to_act = -1
                return
        self._awaiting = None
        self._after_board_dealt()

    def _deal_stud_street(self) -> None:
        """Deal a stud street: three cards to each seat (two down, one up) on third street, then
        one to each seat still in, the last one down; on seventh street a single community card
        instead when the stub cannot give everyone a card (TDA 2024 RP-10-H)."""
        live = [i for i in range(self._n) if not self._folded[i]]
        short = [i for i in live if self._cards_due(i) > len(self._holes[i])]
        if self._street_index == len(self.variant.streets) - 1 and short:
            undealt = len(self.variant.cards) - sum(len(h) for h in self._holes)
            if stud.needs_community_card(undealt, len(short)):
                self._deal_board(1)
                return
        if self._set_up.manual:
            self._request_next_deal()
            return
        for i in short:
            position, missing = len(self._holes[i]), self._cards_due(i) - len(self._holes[i])
            cards = self._deck.deal(missing)
            self._dealt += cards
            self._holes[i] += cards
            note, faces = stud.deal_note(position, missing), stud.faces(position, missing)
            self.events.append(
                _event("deal_hole", self._seats[i], cards=tuple(cards), street=self.street, note=note, seen_by=faces)
            )
        self._after_board_dealt()

    def _deal_cards(self, cards: CardsLike | Sequence[Card | None], seat: int | None) -> Event:
        """Manual dealing: the cards the hand waits for (see ``Hand.deal``)."""
        request = self._awaiting
        if request is None:
            raise IllegalAction("invalid_action", "no cards are due now")
        parsed = cards_or_unknown(cards)
        known = [c for c in parsed if c is not None]
        boards = [self._board, *self._run_boards]
        dealt = {c for h in self._holes for c in h if c is not None} | {c for b in boards for c in b if c is not None}
        clash = [c for c in known if c in dealt]
        if clash:
            raise InvalidArgument(f"{clash[0]} is dealt twice")
        dealer.check_deck(known, self.variant)
        if request.kind == "draw":
            return self._deal_replacements(seat, parsed)
        if request.kind == "holes":
            if seat is None or seat not in self._pos:
                raise InvalidArgument(f"hole cards need a seat dealt in, not {seat!r}")
            i = self._pos[seat]
            need = self._cards_due(i) - len(self._holes[i])
            if len(parsed) != need:
                raise InvalidArgument(f"seat {seat} needs {need} hole cards, got {len(parsed)}")
            note = stud.deal_note(len(self._holes[i]), need) if self._stud else ""
            faces = stud.faces(len(self._holes[i]), need) if self._stud else face_down(parsed)
            self._holes[i] += parsed
            event = _event("deal_hole", seat, cards=tuple(parsed), street=self.street, note=note, seen_by=faces)
            self.events.append(event)
            self._request_next_deal()
            return event
        if seat is not None:
            raise InvalidArgument(f"the board is due now, not cards for seat {seat}")
        if len(parsed) != request.count:
            raise InvalidArgument(f"the board needs {request.count} cards now, got {len(parsed)}")
        if request.run:
            self._run_boards[request.run - 1] += parsed
            event = self._run_event(request.run, parsed)
            self._awaiting = None
            if self._set_up.boards == 1:
                self._showdown()
            elif not self._deal_other_boards(request.run + 1, len(parsed)):
                self._after_board_dealt()
            return event
        self._board += parsed
        event = _event("deal_board", None, cards=tuple(parsed), street=self.street, seen_by=face_up(parsed))
        self.events.append(event)
        self._awaiting = None
        if self._set_up.boards > 1 and self._deal_other_boards(1, len(parsed)):
            return event
        self._after_board_dealt()
        return event

    def _deal_board(self, count: int) -> None:
        """Deal ``count`` board cards: the given board's first, then the deck's (or, in manual
        dealing, wait for them)."""
        given = self._set_up.board[len(self._board) : len(self._board) + count]
        cards: list[Card | None] = list(given)
        if len(cards) < count:
            if self._set_up.manual:
                self._awaiting = DealRequest("board", None, count)
                self._phase = CARDS_DUE
                self._to_act = -1
                return
            fresh = self._deck.deal(count - len(cards))
            self._dealt += fresh
            cards += fresh
        self._board += cards
        self.events.append(_event("deal_board", None, cards=tuple(cards), street=self.street, seen_by=face_up(cards)))
        if self._set_up.boards > 1 and self._deal_other_boards(1, count):
            return
        self._after_board_dealt()

    def _deal_other_boards(self, first: int, count: int) -> bool:
        """A double board: this street's cards on the other boards, from board ``first`` on (by
        index; 0 is the first board). Returns whether a manually dealt hand waits for them."""
        for board in range(first, self._set_up.boards):
            if self._set_up.manual:
                self._awaiting = DealRequest("board", None, count, board)
                self._phase = CARDS_DUE
                self._to_act = -1
                return True
            cards: list[Card | None] = list(self._deck.deal(count))
            self._dealt += [c for c in cards if c is not None]
            self._run_boards[board - 1] += cards
            self._run_event(board, cards)
        return False

    def _deal_runs(self) -> bool:
        """Deal the boards of the second and later runs (``Hand.run_it``), run by run and street by
        street, after the first run's board. Returns whether a manually dealt hand waits for a
        run's cards (``DealRequest.run`` says which run)."""
        ends = [sum(self.variant.board[: k + 1]) for k in range(len(self.variant.board))]
        for run in range(1, self._runs):
            board = self._run_boards[run - 1]
            for end in ends:
                count = end - len(board)
                if count <= 0:
                    continue
                if self._set_up.manual:
                    self._awaiting = DealRequest("board", None, count, run)
                    self._phase = CARDS_DUE
                    self._to_act = -1
                    return True
                cards: list[Card | None] = list(self._deck.deal(count))
                self._dealt += [c for c in cards if c is not None]
                board += cards
                self._run_event(run, cards)
        return False

    def _run_event(self, run: int, cards: Sequence[Card | None]) -> Event:
        """The deal of a later run's street: face up, its street named and its run in the note."""
        streets = self.variant.streets
        ends = [sum(self.variant.board[: k + 1]) for k in range(len(self.variant.board))]
        dealt = len(self._run_boards[run - 1])
        street = streets[1 + ends.index(dealt)] if dealt in ends else ""
        note, faces = f"{'board' if self._set_up.boards > 1 else 'run'} {run + 1}", face_up(cards)
        event = _event("deal_board", None, cards=tuple(cards), street=street, note=note, seen_by=faces)
        self.events.append(event)
        return event

    def _settle_showdown(self) -> None:
        """The showdown, once the last betting round is over: the pots go to the best hands still
        in, or to the last one standing. A replay first waits for every unknown hand to be shown or
        mucked; a dealt hand tables its hands in showdown order, and asks each seat whose hand can
        no longer win whether it shows or mucks (or mucks it, under ``auto_muck``)."""
        self._to_act = -1
        self._phase = SHOWDOWN
        contenders = [j for j in range(self._n) if not self._folded[j] and not self._mucked[j]]
        if self._set_up.manual and any(None in self._holes[j] and not self._shown[j] for j in contenders):
            return  # a replay still owes a show or a muck
        if len(contenders) <= 1:
            reached = [j for j in range(self._n) if not self._folded[j]]
            # One hand left because the others mucked at the showdown: a showdown win (TDA 2024
            # Rule 17), unlike a pot everyone else folded to.
            self._finish(showdown_seats=reached if contenders and len(reached) > 1 else None)
            return
        ranks = self._hand_ranks(contenders, self._board)
        pots = self._pot_layers()
        if not self._set_up.manual:
            others = self._run_boards[: self._set_up.boards - 1]
            boards = [ranks] + [self._hand_ranks(contenders, b) for b in others]
            tabled = self._exposed or any(self._chips.stack[j] == 0 for j in contenders)
            order = self._showdown_order(contenders)
            decisions, asked = awards.tabling(
                order, self._shown, tabled, self._set_up.auto_muck, pots, boards, self._seats
            )
            for j, shows in decisions:
                if shows:
                    hole = self._holes[j]
                    self._shown[j] = True
                    self.events.append(
                        _event("show", self._seats[j], cards=tuple(hole), street="showdown", seen_by=face_up(hole))
                    )
                else:
                    self._mucked[j] = True
                    self.events.append(_event("muck", self._seats[j], street="showdown", note="can no longer win"))
            if asked >= 0:
                self._to_act = asked
                return
        reached = [j for j in range(self._n) if not self._folded[j]]
        self._finish(showdown_seats=reached, ranks=ranks, pots=pots)

    def _hand_ranks(self, seats: list[int], board: Sequence[Card | None]) -> tuple[awards.Ranks, awards.Ranks]:
        return awards.hand_ranks(self.variant, self._holes, seats, board)

    def _showdown_order(self, contenders: list[int]) -> list[int]:
        return awards.showdown_order(self._n, self._round.last_aggressor, self._first, contenders)

    def _finish(
        self,
        showdown_seats: list[int] | None = None,
        ranks: tuple[awards.Ranks, awards.Ranks] | None = None,
        pots: list[Layer] | None = None,
    ) -> None:
        """End the hand: rank the hands shown down (if any), award every pot from the last side
        pot to the main pot, and write the outcome and the show and win events. The showdown order
        holds every seat that reached the showdown, mucked ones included. A board run more than once
        splits each pot into one part per run, each awarded by its run's board (``run_parts``)."""
        self._to_act = -1
        if pots is None:
            pots = self._pot_layers()
        order: list[int] = []
        runs = self._runs
        by_run: list[tuple[awards.Ranks, awards.Ranks]] = [({}, {})]
        if showdown_seats:
            order = self._showdown_order(showdown_seats)
            by_run = [ranks if ranks is not None else self._hand_ranks(showdown_seats, self._board)]
        if runs > 1:
            boards = self.boards
            by_run = [self._hand_ranks(order, boards[run]) if order else by_run[0] for run in range(runs)]
        five_card = self.game.house.odd_chip_stud == "five_card_hand"
        odd = (five_card, self._holes if self._stud else None, self._board)
        won_awards, won = awards.award_pots(
            pots, order, by_run, self._mucked, self._seats, self._terms.min_chip, self.variant, odd
        )
        self._chips.pay_out(won)
        self._phase = OVER
        final = dict(zip(self._seats, self._chips.stack))
        returned = {e.seat: e.amount for e in self.events if e.kind == "return" and e.seat is not None and e.amount}
        self._outcome = (
            won_awards,
            returned,
            final,
            {s: final[s] - self._chips.start[i] for i, s in enumerate(self._seats)},
            tuple([self._seats[j] for j in order]),
            {self._seats[j]: tuple(self._holes[j]) for j in order if not self._mucked[j]},
        )
        for j in order:
            if not self._shown[j] and not self._mucked[j]:
                hole = self._holes[j]
                shown = _event("show", self._seats[j], cards=tuple(hole), street="showdown", seen_by=face_up(hole))
                self.events.append(shown)
        run_word = "board" if self._set_up.boards > 1 else "run"
        for _pot, _amount, _eligible, winners, _high, _low, reason, _high_rank, _low_rank, _by, run in won_awards:
            note = reason if runs == 1 else f"{reason}, {run_word} {run + 1}"
            for seat, chips in winners.items():
                if chips or runs == 1:
                    self.events.append(_event("win", seat, chips, note=note))

    def _open_stud_round(self) -> None:
        """Who opens a stud round (``stud.opening``): the bring-in on third street, else the
        best hand showing."""
        live = [i for i in range(self._n) if not self._folded[i]]
        showing = {i: stud.upcards(self._holes[i], self._cards_due(i) + len(self._board)) for i in live}
        first, bring_in, open_pair = stud.opening(
            showing,
            self._n,
            bring_in=self._street_index == 0 and bool(self.game.bring_in),
            razz=self.variant.high == "none",
            tiebreak=self.game.house.bring_in_tiebreak,
            open_pair_rule=self._street_index == 1
            and self._structure == "fixed_limit"
            and self.variant.low == "none"
            and self.game.house.stud_open_pair_option,
        )
        self._first = first
        if bring_in:
            self._phase = BRING_IN
        self._open_pair = open_pair
        if bring_in:
            self._bring_in_seat = first if self._chips.stack[first] > 0 else -1

    def _bring_in_legal(self, i: int) -> Legal:
        """Third street before anyone has bet: bring in or complete; a seat other than the one
        forced to bring in may also fold (TDA 2024 RP-10-E)."""
        bring_in = min(self.game.bring_in, self._chips.stack[i])
        option = self._aggression(i)
        complete = self._range(option[1], option[2]) if len(option) == 3 and option[1] > bring_in else None
        return Legal(seat=self._seats[i], fold=i != self._bring_in_seat, bring_in=bring_in, complete=complete)

    def _bring_in_act(self, i: int, action: str, to: int | None) -> Event:
        """The first action of third street: the bring-in, or completing to the full bet."""
        legal = self._bring_in_legal(i)
        decided = bringin.decide(action, to, legal, self._chips.stack[i])
        if isinstance(decided, IllegalAction):
            raise decided
        kind, amount = decided
        if kind == "fold":
            return self._fold(i)
        if kind == "bring_in":
            self._chips.put_in(i, amount)
            self._round.level = max(self._round.level, self.game.bring_in)
            self._phase = BETTING
            return self._record(i, "bring_in", amount)
        complete = legal.complete
        assert complete is not None
        self._check_amount(i, amount, "complete", complete.min_to, complete.max_to)
        self._raise_to(i, amount)
        self._phase = BETTING
        return self._record(i, "complete", amount)

    def _turn_to(self, j: int) -> None:
        """Hand the action to seat ``j``, settling first a sleeper held back until the action
        reaches it (house option ``sleeper_when_entered="returned"``)."""
        sleeper = self._sleeping
        if sleeper is not None and j == self._pos[sleeper.seat]:
            j = self._settle_sleeper(j, sleeper)
            if j < 0:
                self._close_round()
                return
        self._to_act = j

    def _can_act(self, i: int) -> bool:
        return not self._folded[i] and self._chips.stack[i] > 0

    def _next_to_act(self, after: int) -> int:
        return turns.next_to_act(after, self._folded, self._chips, self._round, self._killer, self._first)

    def _aggression(self, i: int) -> turns.Aggression:
        """The bet or raise open to seat ``i`` (``turns.aggression``)."""
        return turns.aggression(
            i, self._folded, self._chips, self._round, self.game, self._terms.min_chip, self._street_index,
            self._street_index == self._rounds - 1, self._open_pair, self._postflop_min_bet, self._short_blinds,
        )

    def _range(self, lo: int, hi: int) -> Range:
        """The amounts from ``lo`` to ``hi`` that ``act`` accepts: in fixed limit only the two
        ends (a limit bet, or the big bet of an open pair, or all-in), else every smallest chip;
        a single amount has the default step."""
        step = 1 if hi == lo else hi - lo if self._structure == "fixed_limit" else self._terms.min_chip
        return _new(Range, (lo, hi, step))

    def legal(self) -> Legal:
        """What the seat to act may do, with exact amounts."""
        i = self._to_act
        if i < 0:  # the phases no seat acts in (CARDS_DUE, RUN_OUT, OVER), a replay's showdown
            return Legal()
        phase = self._phase
        if phase == SHOWDOWN:
            return Legal(seat=self._seats[i], show=True, muck=True)
        if phase == DRAW:
            return Legal(seat=self._seats[i], draw=len(self._holes[i]))
        if phase == BRING_IN:
            return self._bring_in_legal(i)
        return self._betting_legal(i)

    def _betting_legal(self, i: int) -> Legal:
        """``legal`` in a betting round: call, check or fold, and the bet or raise open."""
        seat = self._seats[i]
        level, bet_now, stack = self._round.level, self._chips.bet[i], self._chips.stack[i]
        to_call = level - bet_now
        call = _new(Call, (min(level, bet_now + stack), min(to_call, stack))) if to_call > 0 else None
        option = self._aggression(i)
        bet = raise_ = complete = None
        reason = rule = ""
        if len(option) == 3:
            kind, lo, hi = option
            rng = self._range(lo, hi)
            if kind == "bet":
                bet = rng
            elif kind == "complete":
                complete = rng
            else:
                raise_ = rng
        else:
            reason = option[0]
            rule = self._rule_for(reason)
        # Legal(seat, fold, check, call, bet, raise_, complete, bring_in, draw, show, muck, reason, rule)
        fold = to_call > 0 or self._fold_free
        fields = (seat, fold, to_call <= 0, call, bet, raise_, complete, None, None, False, False, reason, rule)
        return _new(Legal, fields)

    # ------------------------------------------------------------------ acting
    def act(self, seat: object, action: object, to: object = None, discard: object = None) -> Event:
        """Take an action for ``seat``; amounts are the seat's total wager this round.

        Raises ``IllegalAction`` (hand unchanged) when the rules do not allow it. The
        parameters are typed ``object`` because anything may arrive here (a bot, a parsed
        line): a seat that is not a dealt-in seat number, an unknown action or an amount that
        is not a whole number of chips is refused with ``invalid_action``.
        """
        event = self._act(seat, action, to, discard)
        # Input(kind, seat, action, to, cards): a draw keeps its discards
        self._inputs.append(_new(Input, ("act", seat, action, to, event.cards if action == "draw" else None)))
        return event

    def _act(self, seat: object, action: object, to: object, discard: object) -> Event:
        """``act`` without keeping the input (a held action settled in turn is no new input)."""
        phase = self._phase
        if phase == OVER:
            raise IllegalAction("hand_over", "the hand is over")
        if not self._dealt_in(seat):
            raise IllegalAction("invalid_action", f"seat {seat!r} is not dealt in to this hand")
        if not isinstance(action, str) or action not in ACTIONS:
            raise IllegalAction(
                "invalid_action", f"{action!r} is not an action; use one of {', '.join(sorted(ACTIONS))}"
            )
        amount = None if to is None else _chips("the amount", to)
        if discard is not None and action != "draw":
            raise IllegalAction("invalid_action", f"only a draw discards cards, not a {action}")
        i = self._pos[seat]
        if i != self._to_act:
            if self._to_act < 0:
                why = ": cards are due" if self._awaiting else ""
                if phase == RUN_OUT:
                    why = ": the run-out waits for run_it or run_out"
                raise IllegalAction("not_your_turn", "no one may act now" + why, R_TURN)
            if self.game.house.oot_mode == "hold" and self._can_act(i) and phase != DRAW:
                return self._hold(i, action, amount)
            raise IllegalAction(
                "not_your_turn", f"it is seat {self._seats[self._to_act]}'s turn, not seat {seat}'s", R_TURN
            )
        if phase == SHOWDOWN:
            return self._show_or_muck(seat, action)
        if phase == DRAW or action == "draw":
            return self._draw_act(i, action, discard)
        all_in_to = self._chips.bet[i] + self._chips.stack[i]
        if action == "all_in" and amount is not None and amount != all_in_to:
            raise IllegalAction("invalid_action", f"all-in here is to {all_in_to}, not {amount}", R_STACKS)
        if phase == BRING_IN:
            return self._bring_in_act(i, action, amount)
        return self._bet(i, action, amount)

    def _bet(self, i: int, action: str, amount: int | None) -> Event:
        """A seat's action in a betting round (``act`` in the ``BETTING`` phase)."""
        level, bet, stack = self._round.level, self._chips.bet[i], self._chips.stack[i]
        to_call = level - bet
        if action == "fold":
            if to_call <= 0 and not self._fold_free:
                raise IllegalAction("invalid_action", "there is no bet to you: check instead of folding", R_ACTIONS)
            return self._fold(i)
        if action == "check" or (action == "call" and to_call <= 0):
            if to_call > 0:
                may_raise = len(self._aggression(i)) == 3
                raise IllegalAction(
                    "cannot_check_facing_bet",
                    f"you face a bet, {min(to_call, stack):,} to call: call{', raise' if may_raise else ''} or fold",
                    R_ACTIONS,
                )
            return self._record(i, "check", bet)
        if action == "call":
            target = min(level, bet + stack)
            if amount is not None and amount != target:
                if self._street_index == 0 and amount < target and level == self._bb_level():
                    raise IllegalAction(
                        "must_call_full_big_blind", f"the call is the full big blind: {target:,}", R_FULL_BB
                    )
                raise IllegalAction("invalid_action", f"a call here is to {target:,}, not {amount:,}")
            self._chips.put_in(i, target - bet)
            return self._record(i, "call", target)
        if action in ("bring_in", "draw", "show", "muck"):
            raise IllegalAction("invalid_action", f"{action} is not part of this game's betting now")
        if action == "all_in":
            amount = bet + stack
            if amount <= level:
                self._chips.put_in(i, stack)
                return self._record(i, "call", amount)
        option = self._aggression(i)
        if len(option) == 2:
            if action == "all_in":
                # Everything pushed in when no raise is open (no opponent can call more, the
                # betting was not reopened, the cap) is a call; the rest never leaves the stack
                # (TDA 2024 R15-B: an uncalled part of a bet is not in play).
                self._chips.put_in(i, level - bet)
                return self._record(i, "call" if level > bet else "check", level)
            raise IllegalAction(option[0], option[1], self._rule_for(option[0]))
        kind, lo, hi = option
        if action == "all_in":
            amount = min(bet + stack, hi)  # pot and fixed limits cut an over-bet down (TDA 2024 R52-B)
        if amount is None:
            between = f"{lo:,} or {hi:,}" if self._structure == "fixed_limit" else f"between {lo:,} and {hi:,}"
            raise IllegalAction(
                "invalid_action", f"say how much: {kind} to {between}" if lo != hi else f"{kind} to {lo:,}"
            )
        if action in ("bet", "raise", "complete") and action != kind and not (action == "raise" and kind == "complete"):
            if kind == "bet" and action in ("raise", "complete"):
                pass  # "raise" with no bet to face is a bet (TDA 2024 R41)
            elif action == "bet":
                raise IllegalAction("invalid_action", f"you face a bet, {to_call:,} to call: {kind} instead")
        self._check_amount(i, amount, kind, lo, hi)
        self._raise_to(i, amount)
        return self._record(i, kind, amount)

    def _show_or_muck(self, seat: int, action: str) -> Event:
        """A seat asked at the showdown whether it shows a hand that can no longer win (TDA 2024
        R16-R18)."""
        if action == "show":
            return self._show(seat)
        if action == "muck":
            return self._muck(seat)
        raise IllegalAction("invalid_action", "it is the showdown: show or muck your hand", R_SHOWDOWN)

    def _bb_level(self) -> int:
        return max((p.amount for p in self._set_up.posts if p.kind in BLIND_KINDS and p.live), default=0)

    def _rule_for(self, reason: str) -> str:
        return _CLOSING_RULES.get(reason, "")

    def _check_amount(self, i: int, to: int, kind: str, lo: int, hi: int) -> None:
        chips = self._chips
        unit = self._terms.min_chip
        refusal = turns.amount_refusal(to, kind, lo, hi, chips.bet[i], chips.stack[i], self._structure, unit)
        if refusal is not None:
            raise refusal

    def _completing(self) -> bool:
        return turns.completing(self._round, self._structure, self._street_index, self.game.bring_in)

    def _raise_to(self, i: int, to: int) -> None:
        rnd = self._round
        # A completion is measured from no full bet, as in fixed limit: the bring-in is no bet.
        from_full = self._structure == "fixed_limit" or self._completing()
        if rnd.raise_to(i, to, fixed_limit=from_full) and turns.able(self._folded, self._chips.stack) > 2:
            rnd.cap_multiway()
        self._chips.put_in(i, to - self._chips.bet[i])

    def _hold(self, i: int, action: str, to: int | None) -> Event:
        """Keep an action seat ``i`` took out of turn, with the action it faced then, until its
        turn comes (house option ``oot_mode="hold"``, TDA 2024 R53-A/B)."""
        held = out_of_turn.Held(action, to, self._round.level, self._round.raises)
        self._held[i] = held
        event = out_of_turn.held_event(self._seats[i], held, self.street)
        self.events.append(event)
        return event

    def _settle_held(self, i: int) -> None:
        """At seat ``i``'s turn its held action is taken, or found void (``out_of_turn.stands``)."""
        held = self._held.pop(i, None)
        if held is None:
            return
        seat = self._seats[i]
        why = ""
        if out_of_turn.stands(held, self._round.level, self._round.raises):
            if held.action == "fold":
                self._fold(i)
                return
            try:
                self._act(seat, held.action, held.to, None)
                return
            except IllegalAction as ruling:
                why = ruling.message
        self.events.append(out_of_turn.void_event(seat, held, self.street, why))

    def _fold(self, i: int, note: str = "") -> Event:
        self._folded[i] = True
        return self._record(i, "fold", None, note)

    def _record(self, i: int, kind: str, to: int | None, note: str = "") -> Event:
        # Event(kind, seat, amount, cards, street, note, seen_by, post)
        event = _new(Event, (kind, self._seats[i], to, (), self.street, note, (), None))
        self.events.append(event)
        self._round.acted[i] = self._round.level
        if i == self._killer:
            self._killer = -1  # from here the order of action is the seating order again
        if self._folded.count(False) == 1:
            self._close_round()
            return event
        if self._sleeping is not None and kind != "fold":
            self._entered = True
        self._pass_on(i)
        return event

    def _pass_on(self, i: int) -> None:
        """The action passes on from seat ``i``: to the next seat that needs it, settling an
        action held for it, or the round is over."""
        nxt = self._next_to_act(i)
        if nxt < 0:
            self._close_round()
        else:
            self._turn_to(nxt)
            if self._held and self._to_act >= 0:
                self._settle_held(self._to_act)

    # ------------------------------------------------------------------ dead hands
    def kill(self, seat: object) -> Event:
        """Kill ``seat``'s hand now, whether or not it is its turn: the floor's ruling on a player
        away from a live hand (TDA 2024 Rules 30 and 31), as when the host removes a player
        mid-hand. The hand is dead: its cards can win nothing, and the chips it put in stay in
        the pot (its forced bets too; a stud hand killed before it brings in posts the bring-in
        first, TDA 2024 Rule 30). The event is a ``fold`` noted ``DEAD_HAND``. In its turn the
        action passes on as after a fold; out of turn the seat to act keeps the action, unless
        no one is left for it to bet against; one live hand left wins the pot as after folds. At
        the end of the round the part of a dead hand's bet nobody called goes back to it, as any
        uncalled bet does (TDA 2024 Rule 15-B). Refused with ``IllegalAction``, the hand
        unchanged, when the hand is over (``hand_over``), or (``invalid_action``) the seat is not
        dealt in, has folded, is all in, or no more betting can happen (``out_of_turn.kill_refusal``)."""
        event = self._kill(seat)
        self._inputs.append(Input("kill", event.seat))
        return event

    def _kill(self, seat: object) -> Event:
        phase = self._phase
        if phase == OVER:
            raise IllegalAction("hand_over", "the hand is over")
        if not self._dealt_in(seat):
            raise IllegalAction("invalid_action", f"seat {seat!r} is not dealt in to this hand")
        i = self._pos[seat]
        betting_over = self._exposed or self._street_index >= self._rounds
        refusal = out_of_turn.kill_refusal(
            seat, folded=self._folded[i], all_in=self._chips.stack[i] == 0, betting_over=betting_over
        )
        if refusal is not None:
            raise refusal
        self._held.pop(i, None)
        if i == self._to_act and phase in (BETTING, BRING_IN):
            if phase == BRING_IN and i == self._bring_in_seat:  # the dead hand's bring-in is posted
                amount = min(self.game.bring_in, self._chips.stack[i])
                self._chips.put_in(i, amount)
                self._round.level = max(self._round.level, self.game.bring_in)
                self._phase = BETTING
                self.events.append(_event("bring_in", seat, amount, street=self.street))
            return self._fold(i, DEAD_HAND)
        self._folded[i] = True
        event = out_of_turn.kill_event(seat, self.street)
        self.events.append(event)
        if self._folded.count(False) == 1:  # the last live hand wins, as after folds
            self._awaiting = None
            self._owed.clear()
            self._close_round()
        elif phase == DRAW:
            self._drawn[i] = True
            self._next_draw()
        elif phase == CARDS_DUE:
            request = self._awaiting
            if request is not None and request.kind == "holes":
                self._request_next_deal()  # a dead stud hand is dealt no more cards
        elif phase == BETTING and not turns.needs_to_act(self._to_act, self._folded, self._chips, self._round):
            self._pass_on(self._to_act)  # nobody is left for the seat to act to bet against
        return event

    # ------------------------------------------------------------------ streets
    def _close_round(self) -> None:
        self._to_act = -1
        self._held.clear()
        self._sleeping = None
        self._killer = -1
        returned = self._chips.return_uncalled()
        if returned is not None:
            seat, excess = self._seats[returned[0]], returned[1]
            self.events.append(_event("return", seat, excess, street=self.street, note="uncalled bet returned"))
        self._chips.new_street()
        live = [j for j in range(self._n) if not self._folded[j]]
        if len(live) == 1:
            self._finish()
            return
        draws_to_come = self.variant.family == "draw" and self._street_index < self._rounds - 1 and (
            self.game.house.draw_all_in_tabling == "after_draws"
        )  # the draws are decisions still to come: the hands stay hidden until they are made
        if sum(1 for j in live if self._chips.stack[j] > 0) < 2 and not self._exposed and not draws_to_come:
            self._exposed = True
            self.events.append(_event("expose", note="no more betting is possible: all hands face up (TDA 2024 R16)"))
        self._street_index += 1
        if self._street_index >= self._rounds:
            self._showdown()
            return
        self._round.new_street(self._postflop_min_bet)
        self._start_round(first=0)
        if self._stud:
            self._deal_stud_street()
        elif self.variant.family == "draw":
            self._start_draw()
        elif self._exposed and self._set_up.wait_for_runout and not self._run_chosen and self._set_up.boards == 1 and (
            self.max_runs >= 2
        ):
            self._phase = RUN_OUT  # the players may agree to run it more than once first
        else:
            self._deal_board(self.variant.board[self._street_index - 1])

    def _showdown(self) -> None:
        """The last betting round is over: the other runs' boards are dealt (``run_it``), then
        the hands are shown and the pots awarded."""
        if self._runs > 1 and self._deal_runs():
            return  # a manually dealt hand waits for a run's cards
        self._settle_showdown()

    # ------------------------------------------------------------------ run it twice, rabbit hunting
    def run_it(self, times: object) -> Event:
        """Deal the rest of the board ``times`` times once no more betting can happen: each run
        shares the cards dealt so far, and each pot is split into ``times`` equal parts, one
        awarded by each run's board (chips that do not divide go to the first run). A home-game
        and cash-game custom the all-in players agree to, not a TDA rule (``citations.RUN_IT``)."""
        if isinstance(times, bool) or not isinstance(times, int):
            raise IllegalAction("invalid_action", f"the board is run a whole number of times, not {times!r}")
        if times < 2:
            raise IllegalAction(
                "cannot_run_it", f"run it at least twice, not {times} times: run_out runs it once", R_RUN_IT
            )
        return self._run(times)

    def run_out(self) -> Event:
        """Deal the rest of the board once, as usual, in a hand that waits for its run-out
        (``wait_for_runout``): the players did not agree to run it more than once."""
        if self._phase != RUN_OUT:
            raise IllegalAction("cannot_run_it", "the hand is not waiting for its run-out", R_RUN_IT)
        return self._run(1)

    def _run(self, times: int) -> Event:
        self._check_run(times)
        self._run_chosen = True
        self._runs = times
        self._run_boards = [list(self._board) for _ in range(times - 1)]
        note = "the board is run once" if times == 1 else f"the board is run {times} times"
        event = _event("run_it", None, times, street=self.street, note=note)
        self.events.append(event)
        self._inputs.append(Input("run_it", None, "", times))
        if self._phase == RUN_OUT:
            self._deal_board(self.variant.board[self._street_index - 1])
        return event

    def _check_run(self, times: int) -> None:
        """Refuse to run the board now unless it may be run ``times`` times (``runouts``)."""
        refusal = runouts.run_refusal(
            times, self.variant, self._holes, self._board, self._set_up.board, over=self._phase == OVER,
            boards=self._set_up.boards, runs_chosen=self._runs if self._run_chosen else 0,
            board_complete=self._street_index >= self._rounds, betting_possible=not self._exposed or self._to_act >= 0,
        )
        if refusal is not None:
            raise refusal

    def rabbit(self) -> tuple[Card, ...]:
        """After the hand, the cards that would have completed the board (rabbit hunting): the
        next cards of the same deck in deal order. It changes nothing: not the result, the
        record or the stacks. A home-game custom, never part of the hand."""
        over, manual = self._phase == OVER, self._set_up.manual
        refusal = runouts.rabbit_refusal(self.variant, self._board, over=over, manual=manual, runs=self._runs)
        if refusal is not None:
            raise refusal
        missing = sum(self.variant.board) - len(self._board)
        given = [c for c in self._set_up.board[len(self._board) : len(self._board) + missing] if c is not None]
        deck = copy.deepcopy(self._deck)  # the deck of the hand deals nothing
        return (*given, *deck.deal(missing - len(given)))

    def _after_board_dealt(self) -> None:
        if self._exposed:
            self._close_round()
        else:
            self._begin_betting()

    # ------------------------------------------------------------------ open stakes
    def add_chips(self, seat: object, chips: object) -> Event:
        """Chips bought during the hand (open stakes, WIKI_BIP Open stakes): they join the stack
        behind and the starting stack, so ``result.net`` leaves the purchase out. Under table
        stakes nothing may be added during a hand (WIKI_BIP Table stakes)."""
        if self._phase == OVER:
            raise IllegalAction("hand_over", "the hand is over")
        if not self._dealt_in(seat):
            raise IllegalAction("invalid_action", f"seat {seat!r} is not dealt in to this hand")
        bought = _chips("the chips bought", chips)
        if self.game.house.table_stakes:
            raise IllegalAction(
                "chips_change_during_hand", "only chips on the table at the start of a hand play in it", R_STACKS
            )
        if bought == 0:
            raise IllegalAction("invalid_action", "buy at least one chip")
        i = self._pos[seat]
        if self._folded[i]:
            raise IllegalAction("invalid_action", f"seat {seat} has folded")
        self._chips.buy(i, bought)
        event = _event("add_chips", seat, bought, street=self.street, note="open stakes")
        self.events.append(event)
        self._inputs.append(Input("add_chips", seat, "", bought))
        return event

    # ------------------------------------------------------------------ showdown
    def show(self, seat: object, cards: CardsLike | Sequence[Card | None] | None = None) -> Event:
        """Reveal a hand: fills in unknown cards, or checks cards already known."""
        event = self._show(seat, cards)
        self._inputs.append(Input("show", event.seat, "", None, None if cards is None else event.cards))
        return event

    def _show(self, seat: object, cards: CardsLike | Sequence[Card | None] | None = None) -> Event:
        if not self._dealt_in(seat):
            raise InvalidArgument(f"seat {seat} is not dealt in")
        i = self._pos[seat]
        if self._folded[i]:
            raise IllegalAction("invalid_action", f"seat {seat} has folded")
        if not (self._phase == OVER or self._exposed or self._street_index >= self._rounds):
            raise IllegalAction("invalid_action", "cards are shown at the showdown, not during the betting")
        if cards is not None:
            parsed = cards_or_unknown(cards)
            hole = self._holes[i]
            if self.variant.family == "draw" and len(parsed) == len(hole):
                parsed = draw.in_held_order(hole, parsed)
            merged = dealer.merge_shown(seat, hole, parsed)
            others = (c for j, h in enumerate(self._holes) if j != i for c in h)
            known = [c for c in [*merged, *self._board, *others] if c is not None]
            dealer.check_deck(known, self.variant)
            self._holes[i] = merged
        self._shown[i] = True
        hole = self._holes[i]
        event = _event("show", seat, cards=tuple(hole), street=self.street, seen_by=face_up(hole))
        self.events.append(event)
        self._maybe_resolve()
        return event

    def muck(self, seat: object) -> Event:
        """Give up a hand at showdown; it can win nothing."""
        event = self._muck(seat)
        self._inputs.append(Input("muck", event.seat))
        return event

    def _muck(self, seat: object) -> Event:
        if not self._dealt_in(seat):
            raise InvalidArgument(f"seat {seat} is not dealt in")
        i = self._pos[seat]
        if self._phase == OVER:
            raise IllegalAction("hand_over", "the hand is over")
        if self._folded[i] or not (self._exposed or self._street_index >= self._rounds):
            raise IllegalAction("invalid_action", "a hand can be mucked only at the showdown")
        self._mucked[i] = True
        event = _event("muck", seat, street=self.street)
        self.events.append(event)
        self._maybe_resolve()
        return event

    def _maybe_resolve(self) -> None:
        if self._phase == SHOWDOWN:
            self._showdown()

    # ------------------------------------------------------------------ spots
    def _set_up_spot(
        self,
        street: str,
        playing: Mapping[int, int],
        paid: Mapping[int, int],
        folded: Iterable[int],
        board: CardsLike | None,
    ) -> None:
        """Turn a hand just dealt into the spot: the stacks and the pot as given, the earlier
        streets' board, and the street's first deal, draw or betting."""
        out = spots.folded_seats(folded, self._seats)
        self.events.clear()
        for i, seat in enumerate(self._seats):
            self._folded[i] = seat in out
        self._chips.set_spot([playing[s] for s in self._seats], [paid.get(s, 0) for s in self._seats])
        self._short_blinds = 0
        variant = self.variant
        target = variant.streets.index(street)
        given = cards_or_unknown(board) if board is not None else []
        need = spots.board_cards(variant, street)
        if given and len(given) != need:
            raise InvalidArgument(f"the {street} board has {need} cards, {len(given)} were given")
        if not given and need:
            given = list(self._deck.deal(need))
            self._dealt += [c for c in given if c is not None]
        self._board = given
        self._street_index = target
        self._round.new_street(self._postflop_min_bet)
        self._exposed = False
        self._start_round(first=0)
        if sum(1 for j in range(self._n) if not self._folded[j]) < 2:
            raise InvalidArgument("a spot needs at least two seats still in the hand")
        self._awaiting = None
        if self._stud:
            self._deal_stud_street()  # the cards of the streets before, then the betting
        elif variant.family == "draw" and target:
            self._start_draw()
        else:
            self._begin_betting()

    @classmethod
    def from_spot(
        cls,
        game: Game,
        *,
        stacks: Mapping[int, int],
        button: object,
        street: object = "flop",
        contributions: Mapping[int, int] | None = None,
        folded: Iterable[int] = (),
        board: CardsLike | None = None,
        holes: Mapping[int, CardsLike] | None = None,
        rng: Shuffler | None = None,
        **kwargs: Any,
    ) -> Hand:
        """A hand set up at the start of a later street, like a chess position.

        ``stacks`` are the chips behind; ``contributions`` what each seat has already put in the
        pot; ``folded`` seats are out; the board must hold the street's cards if given.
        """
        playing, paid = spots.seats_in_play(game, street, stacks, contributions)
        hand = cls(
            game,
            {s: max(c, 1) for s, c in playing.items()},
            button,
            rng=rng,
            holes=holes,
            board=board,
            # zero-chip posts of a big blind and an ante: the hand posts no blinds or antes of its own
            posts=[Post(s, 0, "bb") for s in list(playing)[:1]] + [Post(s, 0, "ante") for s in list(playing)[:1]],
            **kwargs,
        )
        hand._set_up_spot(str(street), playing, paid, folded, board)
        hand._spot = True
        return hand
