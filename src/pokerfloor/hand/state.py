"""One hand as a deterministic state machine: forced bets, dealing, betting rounds, showdown.

The betting round keeps exactly what the rulebook keeps (docs/rules.md §1.5, §5.5, §5.6):
the current bet level, the last full increment (the minimum raise), the level each seat last
acted at (its right to raise), the level of the last full bet or raise, and in limit games the
number of bets. Every rule of legality is decided in ``_aggression``; every chip moves in
``_put_in``.

The steps around the betting live next to this module, as functions of the hand: the forced
bets (``forced``), the dealing (``dealer``), the draw (``draw``), the stud bring-in and first
seat to act (``stud``), actions held out of turn (``out_of_turn``), the showdown and the result
(``showdown``) and the set-up of a spot (``spots``).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeGuard

from pokerfloor import citations as cite
from pokerfloor.cards import FULL_DECK, SHORT_DECK, Card, CardsLike, Deck, SeededShuffler, Shuffler
from pokerfloor.errors import IllegalAction, Reason
from pokerfloor.hand import dealer, draw, forced, out_of_turn, showdown, spots, stud
from pokerfloor.hand.given import cards_or_unknown
from pokerfloor.hand.pots import side_pots
from pokerfloor.hand.record import HandRecord, RecordedDeck, replay_record, restore
from pokerfloor.hand.types import (
    ACTIONS,
    BLIND_KINDS,
    Call,
    DealRequest,
    Event,
    Input,
    Legal,
    Post,
    Pot,
    Range,
    Result,
    face_up,
)
from pokerfloor.hand.view import SeatView, seat_view
from pokerfloor.rules import BIG_BET_STRUCTURES, Game, chips_problem

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


# Named tuples built with one C call (``tuple.__new__``) in the per-decision paths (``legal`` and
# ``_record``), skipping their generated ``__new__``; the fields are given in full, in order.
_new = tuple.__new__

R_TURN = cite.TURN
R_MIN_RAISE = cite.MIN_RAISE
R_REOPEN = cite.REOPEN
R_ACTIONS = cite.ACTIONS
R_STACKS = cite.TABLE_STAKES
R_POT_LIMIT = cite.POT_LIMIT
R_CAP = cite.CAP
R_LIMIT = cite.FIXED_LIMIT
R_SPREAD = cite.SPREAD_LIMIT
R_CHIP = cite.CHIP
R_FULL_BB = cite.FULL_BIG_BLIND
R_NO_CALLER = cite.REOPEN
R_SHOWDOWN = cite.SHOWDOWN
R_RUN_IT = cite.RUN_IT
_CLOSING_RULES = {
    "betting_not_reopened": R_REOPEN,
    "cap_reached": R_CAP,
    "above_stack": R_STACKS,
    "no_opponent_can_call": R_NO_CALLER,
}
"""The rule behind each reason a bet or raise is closed."""


def _chips(name: str, value: object) -> int:
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
    ) -> None:
        if not isinstance(game, Game):
            raise ValueError(f"a hand is dealt at a Game, not {game!r}")
        if dealing not in ("auto", "manual"):
            raise ValueError("dealing is 'auto' or 'manual'")
        if not isinstance(stacks, Mapping):
            raise ValueError(f"stacks are {{seat: chips}}, not {stacks!r}")
        if len(stacks) < 2:
            raise ValueError("a hand needs at least two seats dealt in")
        for seat, chips in stacks.items():
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise ValueError(f"seats are whole numbers, not {seat!r}")
            if chips_problem("chips", chips, least=1):
                raise ValueError(f"seat {seat} needs a whole, positive number of chips, not {chips!r}")
        if isinstance(button, bool) or not isinstance(button, int):
            raise ValueError(f"the button is a seat number, not {button!r}")
        most = game.variant_spec.max_players
        if len(stacks) > most:
            raise ValueError(
                f"one deck deals {game.variant_spec.title or game.variant} to at most {most} players,"
                f" not {len(stacks)}"
            )
        if rng is not None and seed is not None:
            raise ValueError("give the deck a seed or a randomness object, not both")
        if holes is not None and not isinstance(holes, Mapping):
            raise ValueError(f"hole cards are given as {{seat: cards}}, not {holes!r}")
        given_posts: list[Post] = []
        for post in posts if isinstance(posts, Iterable) else [] if posts is None else [posts]:
            if not isinstance(post, Post):
                raise ValueError(f"forced bets are given as pf.Post values, not {post!r}")
            given_posts.append(post)
        self.game = game
        self.variant = game.variant_spec
        self._streets = self.variant.streets
        self._rounds = self.variant.betting_rounds
        self.button_seat = button
        ordered = sorted(stacks)
        self._seats: list[int] = [s for s in ordered if s > button] + [s for s in ordered if s <= button]
        self._pos: dict[int, int] = {s: i for i, s in enumerate(self._seats)}
        n = len(self._seats)
        self._n = n
        self._start: list[int] = [stacks[s] for s in self._seats]
        self._stack: list[int] = list(self._start)
        self._bet: list[int] = [0] * n
        self._live: list[int] = [0] * n
        self._dead: list[int] = [0] * n
        self._folded: list[bool] = [False] * n
        self._mucked: list[bool] = [False] * n
        self._shown: list[bool] = [False] * n
        self._acted: list[int | None] = [None] * n
        self._holes: list[list[Card | None]] = [[] for _ in range(n)]
        self._board: list[Card | None] = []
        self.events: list[Event] = []
        self._manual = dealing == "manual"
        if rng is None:
            shuffler = SeededShuffler(seed)
            self._seed: bytes | None = shuffler.seed
            self._rng: Shuffler = shuffler
        else:
            self._seed = None
            self._rng = rng
        cards = SHORT_DECK if self.variant.short_deck else FULL_DECK
        self._deck = deck if deck is not None else Deck(self._rng, cards=cards)
        self._auto_muck = bool(auto_muck)
        self._dealt: list[Card] = []
        self._inputs: list[Input] = []
        self._spot = False
        self._street_index = 0
        self._structure = game.structure
        self._big_bet = game.structure in BIG_BET_STRUCTURES
        self._half_bet = game.house.incomplete_rule_for(game.structure) == "half_bet"
        self._cap = game.house.raises_allowed(self._rounds)
        self._fold_free = game.house.fold_facing_no_bet == "allowed"
        self._pot_total = 0
        self._short_blinds = 0
        self._to_act = -1
        self._last_aggressor = -1
        self._level = 0
        self._full_level = 0
        self._min_inc = 0
        self._raises = 0
        self._capped_multiway = False
        self._unit_scale = (1, 1)
        self._postflop_min_bet = game.min_bet
        self._over = False
        self._result: Result | None = None
        self._exposed = False
        self._awaiting: DealRequest | None = None
        self._held: dict[int, tuple[str, int | None, int, int]] = {}
        self._sleeping: Post | None = None
        self._killer = -1
        self._entered = False
        self._stud = self.variant.family == "stud"
        self._bring_in_open = False
        self._bring_in_seat = -1
        self._open_pair = False
        self._drawing = False
        self._drawn: list[bool] = [True] * n
        self._owed: list[tuple[int, int]] = []
        self._discards = draw.Discards()
        self._given_board: list[Card | None] = []
        self._wait_runout = bool(wait_for_runout)
        self._awaiting_runout = False
        self._run_chosen = False
        self._runs = 1
        self._run_boards: list[list[Card | None]] = []
        self._posts = forced.forced_posts(self, given_posts)
        self._given_stacks = dict(stacks)
        self.small_blind_seat = next((p.seat for p in self._posts if p.kind == "sb"), None)
        self.big_blind_seat = next((p.seat for p in self._posts if p.kind == "bb"), None)
        dealer.take_given_cards(self, holes, board)
        self._given_holes: dict[int, CardsLike] = dict(holes) if holes else {}
        forced.post_forced_bets(self)
        dealer.deal_holes(self)

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
        return tuple(self._posts)

    @property
    def street(self) -> str:
        streets = self._streets
        return "showdown" if self._street_index >= len(streets) else streets[self._street_index]

    @property
    def to_act(self) -> int | None:
        return None if self._to_act < 0 else self._seats[self._to_act]

    @property
    def stacks(self) -> dict[int, int]:
        return dict(zip(self._seats, self._stack))

    @property
    def starting_stacks(self) -> dict[int, int]:
        return dict(zip(self._seats, self._start))

    @property
    def bets(self) -> dict[int, int]:
        """Each seat's wager in the current betting round."""
        return dict(zip(self._seats, self._bet))

    @property
    def contributions(self) -> dict[int, int]:
        """All chips each seat has put in this hand, dead money included."""
        return {s: self._live[i] + self._dead[i] for i, s in enumerate(self._seats)}

    @property
    def folded(self) -> frozenset[int]:
        return frozenset(s for i, s in enumerate(self._seats) if self._folded[i])

    @property
    def all_in(self) -> frozenset[int]:
        return frozenset(s for i, s in enumerate(self._seats) if not self._folded[i] and self._stack[i] == 0)

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Seats that have not folded or mucked."""
        return tuple(s for i, s in enumerate(self._seats) if not self._folded[i] and not self._mucked[i])

    @property
    def board(self) -> list[Card | None]:
        return list(self._board)

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
        ``run_out`` before dealing the rest of the board (no more betting can happen)."""
        return self._awaiting_runout

    @property
    def holes(self) -> dict[int, list[Card | None]]:
        return {s: list(self._holes[i]) for i, s in enumerate(self._seats)}

    @property
    def upcards(self) -> dict[int, list[Card | None]]:
        """The cards each seat shows face up: in stud its third to sixth card; none in other games."""
        dealt = stud.cards_due(min(self._street_index, len(self.variant.streets) - 1))
        return {s: stud.upcards(self._holes[i], dealt) if self._stud else [] for i, s in enumerate(self._seats)}

    @property
    def pots(self) -> list[Pot]:
        """Every chip in the middle, this round's bets included, main pot first; empty once the
        hand is over and the pots are awarded (see ``result.awards``)."""
        if self._over:
            return []
        return side_pots(self._seats, self._live, self._dead, self._folded, self._all_in_flags())

    @property
    def total_pot(self) -> int:
        """Every chip in the middle, this round's bets included."""
        return self._pot_total

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def awaiting_deal(self) -> DealRequest | None:
        """What a manually dealt hand waits for, or ``None``."""
        return self._awaiting

    @property
    def min_raise_increment(self) -> int:
        """The last full bet or raise increment of this round (TDA 2024 R43-A)."""
        return self._min_inc

    @property
    def current_bet(self) -> int:
        """The bet level of this round: the total wager a seat must reach to call."""
        return self._level

    @property
    def raises_made(self) -> int:
        """Full raises made this round after the opening bet; a live blind is the opening bet
        (RROP11 Betting & Raising item 3)."""
        if self._structure == "fixed_limit" or self._street_index > 0 or self._bb_level() == 0:
            return max(self._raises - 1, 0)
        return self._raises

    @property
    def raise_cap(self) -> int | None:
        """Raises allowed after the opening bet in this limit game, ``None`` when uncapped
        (house option ``raise_cap``, RROP11 Betting & Raising item 3); the cap is lifted heads-up
        under ``cap_lifted_heads_up``."""
        if self._structure not in ("fixed_limit", "spread_limit"):
            return None
        return self._cap

    def view(self, seat: object = None) -> SeatView:
        """What ``seat`` may see of the hand (``None``: a spectator), as an immutable ``SeatView``:
        its own cards, every upcard and card shown, the board, the chips and the events."""
        if seat is not None and not self._dealt_in(seat):
            raise ValueError(f"seat {seat!r} is not dealt in to this hand")
        return seat_view(self, seat)

    def record(self) -> HandRecord:
        """The hand so far as a ``HandRecord``: how it started, the cards dealt and every input,
        enough for ``Hand.from_record`` to rebuild it."""
        if self._spot:
            raise ValueError("a spot (Hand.from_spot) has no record: it did not start from the deal")
        return HandRecord(
            game=self.game,
            stacks=dict(self._given_stacks),
            button=self.button_seat,
            posts=tuple(self._posts),
            holes={s: tuple(cards_or_unknown(c)) for s, c in self._given_holes.items()},
            board=tuple(self._given_board),
            dealing="manual" if self._manual else "auto",
            auto_muck=self._auto_muck,
            dealt=tuple(self._dealt),
            inputs=tuple(self._inputs),
            seed=None if self._seed is None else self._seed.hex(),
            wait_for_runout=self._wait_runout,
        )

    @classmethod
    def from_record(cls, record: object, *, rng: Shuffler | None = None) -> Hand:
        """The hand a record describes, rebuilt input by input: from the record's seed when it
        has one, else dealing the record's cards first, then from ``rng`` (a CSPRNG by default)."""
        if not isinstance(record, HandRecord):
            raise ValueError(f"a hand is rebuilt from a HandRecord, not {type(record).__name__}")
        return replay_record(cls, record, rng)

    def undo(self) -> Input:
        """Take back the last input (a dealer's correction) and return it; the cards it dealt
        go back on top of the deck, so doing it again deals them again."""
        if not self._inputs:
            raise ValueError("there is nothing to undo: the hand has taken no input")
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
        return [s == 0 for s in self._stack]

    def __repr__(self) -> str:
        state = "over" if self._over else f"{self.street}, to act: {self.to_act}"
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
            raise ValueError(f"cards are dealt to a seat number, not {seat!r}")
        event = dealer.deal(self, cards, seat)
        self._inputs.append(Input("deal", seat, "", None, event.cards))
        return event

    # ------------------------------------------------------------------ betting round
    def _unit(self) -> int:
        """The fixed-limit bet of this street, raised in a kill pot (RROP11 Kill Pots)."""
        game = self.game
        small_rounds = 2 if self._stud else (self._rounds + 1) // 2
        base = game.small_bet if self._street_index < small_rounds else game.big_bet
        num, den = self._unit_scale
        return base * num // den

    def _top_street(self) -> bool:
        return self._street_index == self._rounds - 1

    def _start_round(self, first: int | None) -> None:
        if self._structure == "fixed_limit":
            self._min_inc = self._unit()
        elif self._structure == "spread_limit":
            assert self.game.spread is not None
            self._min_inc = max(self._min_inc if self._street_index == 0 else 0, self.game.spread[0])
        self._first = 0 if first is None else first

    def _begin_betting(self) -> None:
        """Hand the action to the first seat that needs it, or move on when none does."""
        self._to_act = -1
        if self._stud:
            stud.open_round(self)
        nxt = self._next_to_act(self._first - 1 if self._killer < 0 else self._killer)
        if nxt < 0:
            self._close_round()
        else:
            self._turn_to(nxt)

    def _turn_to(self, j: int) -> None:
        """Hand the action to seat ``j``, settling first a sleeper held back until the action
        reaches it (house option ``sleeper_when_entered="returned"``)."""
        sleeper = self._sleeping
        if sleeper is not None and j == self._pos[sleeper.seat]:
            j = forced.settle_sleeper(self, j, sleeper)
            if j < 0:
                self._close_round()
                return
        self._to_act = j

    def _put_in(self, i: int, chips: int, *, live: bool = True) -> None:
        """The one place chips move from a stack to the middle."""
        self._stack[i] -= chips
        if live:
            self._bet[i] += chips
            self._live[i] += chips
        else:
            self._dead[i] += chips
        self._pot_total += chips

    def _can_act(self, i: int) -> bool:
        return not self._folded[i] and self._stack[i] > 0

    def _needs_action(self, i: int, able: int) -> bool:
        """A seat acts while it is short of the bet or has not acted, unless nothing it could
        do would matter: every opponent is all-in and it already covers every bet of the round
        (folded seats' included: to win those it must call them). ``able`` is the number of
        seats that can act (not folded, chips behind), counted once per search."""
        if self._folded[i] or self._stack[i] == 0:
            return False
        bet = self._bet[i]
        others_can_act = able > 1  # seat i is one of them
        if bet < self._level:
            return others_can_act or any(b > bet for b in self._bet)
        return self._acted[i] is None and others_can_act

    def _next_to_act(self, after: int) -> int:
        n = self._n
        able = sum(1 for f, s in zip(self._folded, self._stack) if not f and s > 0)
        if self._killer >= 0:
            return self._next_before_the_killer(after, able)
        for step in range(1, n + 1):
            j = (after + step) % n
            if self._needs_action(j, able):
                return j
        return -1

    def _next_before_the_killer(self, after: int, able: int) -> int:
        """The next seat to act while the kill blind waits to act last pre-flop (house option
        ``killer_acts="last"``): the order runs from the first seat as usual, passes over the
        killer and ends with it, as if it sat just before the first seat (WIKI_KILL)."""
        n, killer, first = self._n, self._killer, self._first
        order = [j for j in ((first + k) % n for k in range(n)) if j != killer] + [killer]
        start = order.index(after)
        for step in range(1, n + 1):
            j = order[(start + step) % n]
            if self._needs_action(j, able):
                return j
        return -1

    def _reopened(self, i: int) -> bool:
        """Whether seat ``i`` may raise: it has not acted, or a full raise (or several short
        all-ins adding up to one, in big-bet games) has come since (TDA 2024 R47-A/B)."""
        acted = self._acted[i]
        if acted is None:
            return True
        if self._big_bet:
            return self._full_level > acted or self._level - acted >= self._min_inc
        # Limit: under the half-bet rule the raise that reopens is measured from what this seat
        # called, so a seat that called a short all-in needs half a bet more (TDA 2024 R47-B).
        return self._full_level > acted and (not self._half_bet or 2 * (self._level - acted) >= self._min_inc)

    def _heads_up(self) -> bool:
        """Whether at most two players who are not all-in contest the pot: the limit cap binds
        only "a pot involving three or more players who are not all-in" (RROP11 B&R item 3)."""
        return sum(1 for f, s in zip(self._folded, self._stack) if not f and s > 0) <= 2

    def _aggression(self, i: int) -> tuple[str, int, int] | tuple[Reason, str]:
        """The bet or raise open to seat ``i``: ``(kind, min_to, max_to)``, or why there is none."""
        level, bet, stack = self._level, self._bet[i], self._stack[i]
        all_in_to = bet + stack
        reach = [b + s for j, (b, s, f) in enumerate(zip(self._bet, self._stack, self._folded)) if j != i and not f]
        if not reach or max(reach) <= level:
            answer = "call or fold" if level > bet else "check"
            return ("no_opponent_can_call", f"no opponent has chips to call more than the current bet: {answer}")
        if all_in_to <= level:
            return ("above_stack", f"you have {stack:,} chips, not enough to raise")
        if not self._reopened(i):
            return (
                "betting_not_reopened",
                "the all-in since you acted was not a full raise, so you may only call or fold",
            )
        structure = self._structure
        if structure == "fixed_limit" or structure == "spread_limit":
            cap = self._cap
            if cap is not None and self._raises >= cap + 1:
                lifted = self.game.house.cap_lifted_heads_up and self._heads_up() and not self._capped_multiway
                if not lifted:
                    return ("cap_reached", f"the betting is capped at a bet and {cap} raises")
        if level == 0:
            kind = "bet"
        elif structure == "fixed_limit" and self._full_level == 0:
            kind = "complete"
        else:
            kind = "raise"
        if structure == "fixed_limit":
            target = self._full_level + self._min_inc
            top = self._full_level + self.game.big_bet if self._open_pair else target
            return self._in_whole_chips(kind, target, min(max(target, top), all_in_to), all_in_to)
        if structure == "spread_limit":
            assert self.game.spread is not None
            low, high, last = self.game.spread
            top = last if self._top_street() else high
            if level == 0:
                lo, hi = low, top
            else:
                lo, hi = level + self._min_inc, level + top
            return self._in_whole_chips(kind, min(lo, hi), min(hi, all_in_to), all_in_to)
        min_to = (
            (self._postflop_min_bet if self._street_index else self._min_inc) if level == 0 else level + self._min_inc
        )
        max_to = all_in_to
        if structure != "no_limit":
            pot = self._pot_total + (self._short_blinds if self._street_index == 0 else 0)
            after_call = pot + level - bet
            room = after_call if structure == "pot_limit" else after_call // 2
            max_to = min(max_to, level + room)
        return self._in_whole_chips(kind, min_to, max_to, all_in_to)

    def _in_whole_chips(self, kind: str, min_to: int, max_to: int, all_in_to: int) -> tuple[str, int, int]:
        """The range in whole smallest chips (RROP11 Betting & Raising): both ends round inwards,
        except an all-in; a seat that cannot reach the minimum may still go all-in."""
        unit = self.game.min_chip
        min_to += -min_to % unit
        if max_to < all_in_to:
            max_to -= max_to % unit
        if all_in_to < min_to:
            return (kind, all_in_to, all_in_to)
        return (kind, min_to, max(min_to, max_to))

    def _range(self, lo: int, hi: int) -> Range:
        """The amounts from ``lo`` to ``hi`` that ``act`` accepts: in fixed limit only the two
        ends (a limit bet, or the big bet of an open pair, or all-in), else every smallest chip;
        a single amount has the default step."""
        step = 1 if hi == lo else hi - lo if self._structure == "fixed_limit" else self.game.min_chip
        return _new(Range, (lo, hi, step))

    def legal(self) -> Legal:
        """What the seat to act may do, with exact amounts."""
        i = self._to_act
        if i < 0:
            return Legal()
        seat = self._seats[i]
        if self._street_index >= self._rounds:
            return Legal(seat=seat, show=True, muck=True)
        if self._drawing:
            return Legal(seat=seat, draw=len(self._holes[i]))
        if self._bring_in_open:
            return stud.bring_in_legal(self, i)
        level, bet_now, stack = self._level, self._bet[i], self._stack[i]
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
        if self._over:
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
                if self._awaiting_runout:
                    why = ": the run-out waits for run_it or run_out"
                raise IllegalAction("not_your_turn", "no one may act now" + why, R_TURN)
            if self.game.house.oot_mode == "hold" and self._can_act(i) and not self._drawing:
                return out_of_turn.hold(self, i, action, amount)
            raise IllegalAction(
                "not_your_turn", f"it is seat {self._seats[self._to_act]}'s turn, not seat {seat}'s", R_TURN
            )
        if self._street_index >= self._rounds:
            return self._show_or_muck(seat, action)
        if self._drawing or action == "draw":
            return draw.act(self, i, action, discard)
        if action == "all_in" and amount is not None and amount != self._bet[i] + self._stack[i]:
            raise IllegalAction(
                "invalid_action", f"all-in here is to {self._bet[i] + self._stack[i]}, not {amount}", R_STACKS
            )
        if self._bring_in_open:
            return stud.bring_in_act(self, i, action, amount)
        level, bet, stack = self._level, self._bet[i], self._stack[i]
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
                if self._street_index == 0 and amount < target and self._level == self._bb_level():
                    raise IllegalAction(
                        "must_call_full_big_blind", f"the call is the full big blind: {target:,}", R_FULL_BB
                    )
                raise IllegalAction("invalid_action", f"a call here is to {target:,}, not {amount:,}")
            self._put_in(i, target - bet)
            return self._record(i, "call", target)
        if action in ("bring_in", "draw", "show", "muck"):
            raise IllegalAction("invalid_action", f"{action} is not part of this game's betting now")
        if action == "all_in":
            amount = bet + stack
            if amount <= level:
                self._put_in(i, stack)
                return self._record(i, "call", amount)
        option = self._aggression(i)
        if len(option) == 2:
            if action == "all_in":
                # Everything pushed in when no raise is open (no opponent can call more, the
                # betting was not reopened, the cap) is a call; the rest never leaves the stack
                # (TDA 2024 R15-B: an uncalled part of a bet is not in play).
                self._put_in(i, level - bet)
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
        return max((p.amount for p in self._posts if p.kind in BLIND_KINDS and p.live), default=0)

    def _rule_for(self, reason: str) -> str:
        return _CLOSING_RULES.get(reason, "")

    def _check_amount(self, i: int, to: int, kind: str, lo: int, hi: int) -> None:
        all_in_to = self._bet[i] + self._stack[i]
        if to > all_in_to:
            raise IllegalAction(
                "above_stack", f"you have {self._stack[i]:,} chips: you can put in at most {all_in_to:,}", R_STACKS
            )
        if to % self.game.min_chip and to != all_in_to:
            raise IllegalAction("not_chip_multiple", f"bets are made in chips of {self.game.min_chip:,}", R_CHIP)
        structure = self._structure
        if structure == "fixed_limit":
            if to != lo and to != hi:
                amounts = f"exactly {lo}" if lo == hi else f"{lo} or {hi}"
                raise IllegalAction("wrong_limit_amount", f"in this limit game the {kind} is to {amounts}", R_LIMIT)
            return
        if to < lo:
            if kind == "bet":
                raise IllegalAction("below_min_bet", f"the smallest bet is {lo:,}", R_MIN_RAISE)
            raise IllegalAction("below_min_raise", f"the smallest raise is to {lo:,}", R_MIN_RAISE)
        if to > hi:
            if structure == "spread_limit":
                raise IllegalAction("above_spread_max", f"the largest {kind} here is to {hi:,}", R_SPREAD)
            raise IllegalAction("above_pot_limit", f"the largest {kind} the pot allows is to {hi:,}", R_POT_LIMIT)

    def _raise_to(self, i: int, to: int) -> None:
        level = self._level
        increment = to - level
        if self._structure == "fixed_limit":
            over = to - self._full_level
            full = over >= self._min_inc or (self._half_bet and 2 * over >= self._min_inc)
            if over > self._min_inc:
                self._min_inc = over  # the big bet on fourth street with an open pair showing
        else:
            full = increment >= self._min_inc or (self._half_bet and 2 * increment >= self._min_inc)
            if increment >= self._min_inc:
                self._min_inc = increment
        if full:
            self._full_level = to
            self._raises += 1
            if self._cap is not None and self._raises >= self._cap + 1 and not self._heads_up():
                self._capped_multiway = True
        self._put_in(i, to - self._bet[i])
        self._level = to
        self._last_aggressor = i

    def _fold(self, i: int) -> Event:
        self._folded[i] = True
        return self._record(i, "fold", None)

    def _record(self, i: int, kind: str, to: int | None) -> Event:
        # Event(kind, seat, amount, cards, street, note, seen_by, post)
        event = _new(Event, (kind, self._seats[i], to, (), self.street, "", (), None))
        self.events.append(event)
        self._acted[i] = self._level
        if i == self._killer:
            self._killer = -1  # from here the order of action is the seating order again
        if self._folded.count(False) == 1:
            self._close_round()
            return event
        if self._sleeping is not None and kind != "fold":
            self._entered = True
        nxt = self._next_to_act(i)
        if nxt < 0:
            self._close_round()
        else:
            self._turn_to(nxt)
            if self._held and self._to_act >= 0:
                out_of_turn.settle(self, self._to_act)
        return event

    # ------------------------------------------------------------------ streets
    def _close_round(self) -> None:
        self._to_act = -1
        self._held.clear()
        self._sleeping = None
        self._killer = -1
        self._return_uncalled()
        self._bet = [0] * self._n
        live = [j for j in range(self._n) if not self._folded[j]]
        if len(live) == 1:
            showdown.finish(self)
            return
        if sum(1 for j in live if self._stack[j] > 0) < 2 and not self._exposed:
            self._exposed = True
            self.events.append(Event("expose", note="no more betting is possible: all hands face up (TDA 2024 R16)"))
        self._street_index += 1
        if self._street_index >= self._rounds:
            self._showdown()
            return
        self._acted = [None] * self._n
        self._level = self._full_level = self._raises = 0
        self._last_aggressor = -1
        self._capped_multiway = False
        self._min_inc = self._postflop_min_bet
        self._start_round(first=0)
        if self._stud:
            dealer.deal_stud_street(self)
        elif self.variant.family == "draw":
            draw.start(self)
        elif self._exposed and self._wait_runout and not self._run_chosen:
            self._awaiting_runout = True  # the players may agree to run it more than once first
        else:
            dealer.deal_board(self, self.variant.board[self._street_index - 1])

    def _showdown(self) -> None:
        """The last betting round is over: the other runs' boards are dealt (``run_it``), then
        the hands are shown and the pots awarded."""
        if self._runs > 1 and dealer.deal_runs(self):
            return  # a manually dealt hand waits for a run's cards
        showdown.settle(self)

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
        if not self._awaiting_runout:
            raise IllegalAction("cannot_run_it", "the hand is not waiting for its run-out", R_RUN_IT)
        return self._run(1)

    def _run(self, times: int) -> Event:
        self._check_run(times)
        self._run_chosen = True
        self._runs = times
        self._run_boards = [list(self._board) for _ in range(times - 1)]
        note = "the board is run once" if times == 1 else f"the board is run {times} times"
        event = Event("run_it", None, times, street=self.street, note=note)
        self.events.append(event)
        self._inputs.append(Input("run_it", None, "", times))
        if self._awaiting_runout:
            self._awaiting_runout = False
            dealer.deal_board(self, self.variant.board[self._street_index - 1])
        return event

    def _check_run(self, times: int) -> None:
        """Refuse to run the board now unless no more betting can happen, the board is not
        complete, no run was chosen yet and the deck holds every run's cards."""
        if self._over:
            raise IllegalAction("hand_over", "the hand is over")
        if self.variant.family != "flop":
            game = self.variant.title or self.variant.name
            raise IllegalAction("cannot_run_it", f"{game} has no board to run more than once", R_RUN_IT)
        if self._run_chosen:
            raise IllegalAction("cannot_run_it", f"the board is already run {self._runs} time(s)", R_RUN_IT)
        missing = sum(self.variant.board) - len(self._board)
        if self._street_index >= self._rounds or missing <= 0:
            raise IllegalAction("cannot_run_it", "the board is complete: there is nothing left to run", R_RUN_IT)
        if not self._exposed or self._to_act >= 0:
            raise IllegalAction(
                "cannot_run_it",
                "the board is run more than once only when no more betting can happen (at most one player"
                " in the hand is not all-in and every bet is called)",
                R_RUN_IT,
            )
        given_rest = max(len(self._given_board) - len(self._board), 0)
        deck = len(SHORT_DECK if self.variant.short_deck else FULL_DECK)
        unseen = deck - sum(len(h) for h in self._holes) - len(self._board) - given_rest
        if missing * times - given_rest > unseen:
            raise IllegalAction(
                "cannot_run_it",
                f"the deck has {unseen} cards left: not enough to deal {missing} cards {times} times",
                R_RUN_IT,
            )

    def rabbit(self) -> tuple[Card, ...]:
        """After the hand, the cards that would have completed the board (rabbit hunting): the
        next cards of the same deck in deal order. It changes nothing: not the result, the
        record or the stacks. A home-game custom, never part of the hand."""
        if not self._over:
            raise IllegalAction("no_rabbit_hunt", "rabbit hunting comes after the hand, which is not over")
        if self.variant.family != "flop":
            raise IllegalAction("no_rabbit_hunt", f"{self.variant.title or self.variant.name} has no board")
        if self._manual:
            raise IllegalAction("no_rabbit_hunt", "the hand was dealt by hand: there is no deck to hunt in")
        if self._runs > 1:
            raise IllegalAction("no_rabbit_hunt", f"the board was run {self._runs} times: every run is complete")
        missing = sum(self.variant.board) - len(self._board)
        if missing <= 0:
            raise IllegalAction("no_rabbit_hunt", "the board is complete: there is no rabbit to hunt")
        given = [c for c in self._given_board[len(self._board) : len(self._board) + missing] if c is not None]
        deck = copy.deepcopy(self._deck)  # the deck of the hand deals nothing
        return (*given, *deck.deal(missing - len(given)))

    def _after_board_dealt(self) -> None:
        if self._exposed:
            self._close_round()
        else:
            self._begin_betting()

    def _return_uncalled(self) -> None:
        bets = self._bet
        top = max(bets)
        if top == 0:
            return
        holders = [j for j in range(self._n) if bets[j] == top]
        if len(holders) != 1:
            return
        second = max(b for j, b in enumerate(bets) if j != holders[0])
        excess = top - second
        i = holders[0]
        self._stack[i] += excess
        self._bet[i] -= excess
        self._live[i] -= excess
        self._pot_total -= excess
        self.events.append(Event("return", self._seats[i], excess, street=self.street, note="uncalled bet returned"))

    # ------------------------------------------------------------------ open stakes
    def add_chips(self, seat: object, chips: object) -> Event:
        """Chips bought during the hand (open stakes, WIKI_BIP Open stakes): they join the stack
        behind and the starting stack, so ``result.net`` leaves the purchase out. Under table
        stakes nothing may be added during a hand (WIKI_BIP Table stakes)."""
        if self._over:
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
        self._stack[i] += bought
        self._start[i] += bought
        event = Event("add_chips", seat, bought, street=self.street, note="open stakes")
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
            raise ValueError(f"seat {seat} is not dealt in")
        i = self._pos[seat]
        if self._folded[i]:
            raise IllegalAction("invalid_action", f"seat {seat} has folded")
        if not (self._over or self._exposed or self._street_index >= self._rounds):
            raise IllegalAction("invalid_action", "cards are shown at the showdown, not during the betting")
        if cards is not None:
            parsed = cards_or_unknown(cards)
            hole = self._holes[i]
            if self.variant.family == "draw" and len(parsed) == len(hole):
                parsed = draw.in_held_order(hole, parsed)
            merged = dealer.merge_shown(seat, hole, parsed)
            dealer.check_deck(
                self,
                [
                    c
                    for c in [*merged, *self._board, *(c for j, h in enumerate(self._holes) if j != i for c in h)]
                    if c is not None
                ],
            )
            self._holes[i] = merged
        self._shown[i] = True
        hole = self._holes[i]
        event = Event("show", seat, cards=tuple(hole), street=self.street, seen_by=face_up(hole))
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
            raise ValueError(f"seat {seat} is not dealt in")
        i = self._pos[seat]
        if self._over:
            raise IllegalAction("hand_over", "the hand is over")
        if self._folded[i] or not (self._exposed or self._street_index >= self._rounds):
            raise IllegalAction("invalid_action", "a hand can be mucked only at the showdown")
        self._mucked[i] = True
        event = Event("muck", seat, street=self.street)
        self.events.append(event)
        self._maybe_resolve()
        return event

    def _maybe_resolve(self) -> None:
        if not self._over and self._street_index >= self._rounds and self._awaiting is None:
            self._showdown()

    # ------------------------------------------------------------------ spots
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
        spots.set_up(hand, str(street), playing, paid, folded, board)
        hand._spot = True
        return hand
