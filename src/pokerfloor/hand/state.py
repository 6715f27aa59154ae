"""One hand as a deterministic state machine: forced bets, dealing, betting rounds, showdown.

The betting round keeps exactly what the rulebook keeps (design.md, "The betting round"):
the current bet level, the last full increment (the minimum raise), the level each seat last
acted at (its right to raise), the level of the last full bet or raise, and in limit games the
number of bets. Every rule of legality is decided in ``_aggression``; every chip moves in
``_put_in``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pokerfloor.cards import FULL_DECK, SHORT_DECK, Card, CardsLike, Deck, Shuffler, parse_cards
from pokerfloor.errors import IllegalAction, Reason
from pokerfloor.hand import draw, showdown, stud
from pokerfloor.hand.pots import side_pots
from pokerfloor.hand.types import (
    ACTIONS,
    ANTE_KINDS,
    BLIND_KINDS,
    ORDER_SETTING_KINDS,
    STRADDLE_KINDS,
    Award,
    Call,
    DealRequest,
    Event,
    Legal,
    Post,
    Pot,
    Range,
    Result,
)
from pokerfloor.rules import BIG_BET_STRUCTURES, Game

R_TURN = "TDA 2024 Rule 53"
R_MIN_RAISE = "TDA 2024 Rule 43"
R_REOPEN = "TDA 2024 Rule 47"
R_CHECK = "RROP11 Betting & Raising item 1"
R_STACKS = "WIKI_BIP Table stakes"
R_POT_LIMIT = "TDA 2024 Rule 54"
R_CAP = "RROP11 Betting & Raising item 3"
R_LIMIT = "WIKI_BIP Fixed limit"
R_SPREAD = "WIKI_BIP Spread limit"
R_CHIP = "RROP11 Betting & Raising (smallest chip)"
R_FULL_BB = "WIKI_BIP Blinds (callers owe the full big blind)"
R_BRING_IN = "RROP11 Seven-card stud (bring-in); TDA 2024 R30, RP-10-E"

_NO_CARDS: tuple[Card | None, ...] = ()


def _chips(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction("invalid_action", f"{name} must be a whole number of chips, not {value!r}")
    if value < 0:
        raise IllegalAction("invalid_action", f"{name} cannot be negative ({value})")
    return value


def _cards_or_unknown(cards: CardsLike | Sequence[Card | None]) -> list[Card | None]:
    """Cards that may include unknown ones written ``"??"`` (manual dealing, replays)."""
    if isinstance(cards, str):
        text = "".join(cards.split())
        if len(text) % 2:
            raise ValueError(f"{cards!r} is not a list of two-character cards")
        pairs = [text[i : i + 2] for i in range(0, len(text), 2)]
        return [None if p == "??" else parse_cards(p)[0] for p in pairs]
    return [None if c is None or c == "??" else parse_cards([c])[0] for c in cards]


def _discarded(discard: Iterable[CardsLike] | None) -> list[Card | None]:
    """The cards of a discard: ``"AsQs"``, ``["As", "Qs"]``, ``Card`` values; ``"??"`` is unseen."""
    if discard is None or isinstance(discard, str):
        return _cards_or_unknown(discard or "")
    thrown: list[Card | None] = []
    for item in discard:
        if isinstance(item, str):
            thrown += _cards_or_unknown(item)
        else:
            thrown += _cards_or_unknown([item] if item is None or isinstance(item, int) else list(item))
    return thrown


class Hand:
    """One hand of poker, played by the rules of its ``Game`` (design.md, the hand API)."""

    def __init__(
        self,
        game: Game,
        stacks: Mapping[int, int],
        button: int,
        *,
        rng: Shuffler | None = None,
        posts: Iterable[Post] | None = None,
        holes: Mapping[int, CardsLike] | None = None,
        board: CardsLike | None = None,
        dealing: str = "auto",
    ) -> None:
        if dealing not in ("auto", "manual"):
            raise ValueError("dealing is 'auto' or 'manual'")
        if len(stacks) < 2:
            raise ValueError("a hand needs at least two seats dealt in")
        for seat, chips in stacks.items():
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise ValueError(f"seats are whole numbers, not {seat!r}")
            if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
                raise ValueError(f"seat {seat} needs a whole, positive number of chips, not {chips!r}")
        self.game = game
        self.variant = game.variant_spec
        self._streets = self.variant.streets
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
        self._rng: Shuffler = rng if rng is not None else random.SystemRandom()
        self._deck = Deck(self._rng, cards=SHORT_DECK if self.variant.short_deck else FULL_DECK)
        self._street_index = 0
        self._structure = game.structure
        self._big_bet = game.structure in BIG_BET_STRUCTURES
        self._half_bet = game.house.incomplete_rule_for(game.structure) == "half_bet"
        self._cap = game.house.raises_allowed(self.variant.betting_rounds)
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
        self._betting_done = False
        self._exposed = False
        self._awaiting: DealRequest | None = None
        self._held: dict[int, tuple[str, int | None, int, int]] = {}
        self._sleeping: Post | None = None
        self._entered = False
        self._stud = self.variant.family == "stud"
        self._bring_in_open = False
        self._bring_in_seat = -1
        self._open_pair = False
        self._drawing = False
        self._drawn: list[bool] = [True] * n
        self._owed: list[tuple[int, int]] = []
        self._discards = draw.Discards()
        self._posts = self._forced_posts(list(posts) if posts is not None else [])
        self.small_blind_seat = next((p.seat for p in self._posts if p.kind == "sb"), None)
        self.big_blind_seat = next((p.seat for p in self._posts if p.kind == "bb"), None)
        self._take_given_cards(holes, board)
        self._post_forced_bets()
        self._deal_holes()

    # ------------------------------------------------------------------ public state
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

    def _all_in_flags(self) -> list[bool]:
        return [s == 0 for s in self._stack]

    def __repr__(self) -> str:
        state = "over" if self._over else f"{self.street}, to act: {self.to_act}"
        return f"<Hand {self.game.variant} {self.game.structure} {state}>"

    # ------------------------------------------------------------------ forced bets
    def _forced_posts(self, explicit: list[Post]) -> list[Post]:
        game, seats = self.game, self._seats
        for post in explicit:
            if post.seat not in self._pos:
                raise ValueError(f"seat {post.seat} posts but is not dealt in")
            if post.kind == "bring_in":
                raise ValueError("the bring-in is not posted ahead: its seat brings in with act(seat, 'bring_in')")
        kinds = {p.kind for p in explicit}
        posts: list[Post] = []
        blinds: list[Post] = []
        if not kinds & BLIND_KINDS and self.variant.family != "stud" and game.blinds:
            blinds = self._automatic_blinds()
        bb_seat = next((p.seat for p in (*blinds, *explicit) if p.kind == "bb"), None)
        if not kinds & ANTE_KINDS:
            if game.ante:
                posts += [Post(s, game.ante, "ante", live=False) for s in seats]
            if game.bb_ante and bb_seat is not None:
                posts.append(Post(bb_seat, game.bb_ante, "bb_ante", live=False))
            if game.button_ante and self.button_seat in self._pos:
                posts.append(Post(self.button_seat, game.button_ante, "ante", live=False))
        return posts + blinds + explicit

    def _automatic_blinds(self) -> list[Post]:
        game, n = self.game, self._n
        amounts = game.blinds
        button_in = self.button_seat in self._pos
        heads_up_button = n == 2 and len(amounts) == 2 and button_in
        start = self._pos[self.button_seat] if (game.first_blind_on_button or heads_up_button) and button_in else 0
        posts = []
        for k, amount in enumerate(amounts):
            seat = self._seats[(start + k) % n]
            if k == len(amounts) - 1:
                kind = "bb"
            elif k == 0 and game.first_blind_on_button:
                kind = "button_blind"
            else:
                kind = "sb"
            posts.append(Post(seat, amount, kind))  # type: ignore[arg-type]
        if len(amounts) == 1 and game.first_blind_on_button:
            posts[0] = Post(posts[0].seat, amounts[0], "button_blind")
        return posts

    def _post_order(self, post: Post) -> int:
        house = self.game.house
        if post.kind == "ante":
            return 0 if house.short_stack_forced_order == "ante_first" else 2
        if post.kind == "bb_ante":
            return 2 if house.bba_order == "big_blind_first" else 0
        return 1

    def _post_forced_bets(self) -> None:
        house = self.game.house
        order_post: tuple[int, int] | None = None
        live_amounts: list[int] = []
        for post in sorted(self._posts, key=self._post_order):
            i = self._pos[post.seat]
            if post.kind == "sleeper" and house.sleeper_when_entered == "returned":
                self._sleeping = post
                note = "sleeper waits: returned if a player in front of it enters the pot (house rule)"
                self.events.append(Event("sleeper_waits", post.seat, post.amount, street=self.street, note=note))
                continue
            paid = min(post.amount, self._stack[i])
            self._put_in(i, paid, live=post.live)
            self.events.append(Event("post", post.seat, paid, street=self.street, note=post.kind))
            if not post.live or post.kind in ANTE_KINDS:
                continue
            if post.kind in BLIND_KINDS:
                self._short_blinds += post.amount - paid
            live_amounts.append(post.amount)
            self._raise_level_by_post(i, post)
            if post.kind in ORDER_SETTING_KINDS and not (post.kind == "kill" and house.killer_acts == "in_turn"):
                key = (post.amount, i)
                if order_post is None or key >= order_post:
                    order_post = key
        self._min_inc = max(self._min_inc, self.game.min_bet)
        self._start_round(first=None if order_post is None else (order_post[1] + 1) % self._n)
        if self._structure == "fixed_limit":
            self._full_level, self._raises = 0, 0
            for amount in sorted(set(live_amounts)):
                if amount - self._full_level >= self._min_inc:
                    self._full_level, self._raises = amount, self._raises + 1
        else:
            self._full_level = self._level

    def _raise_level_by_post(self, i: int, post: Post) -> None:
        """A live blind, straddle, sleeper or kill sets the bet to call; a straddle counts as a
        raise for the minimum raise (house option ``straddle_min_raise``, rules.md §2.8)."""
        house = self.game.house
        prior = self._level
        if post.amount > self._level:
            self._level = post.amount
        if post.kind in STRADDLE_KINDS and post.amount > prior:
            if post.kind == "kill" or house.straddle_min_raise == "straddle_amount":
                self._min_inc = max(self._min_inc, post.amount)
            else:
                self._min_inc = max(self._min_inc, post.amount - prior)
            if house.straddle_postflop_min_bet == "straddle" or post.kind == "kill":
                self._postflop_min_bet = max(self._postflop_min_bet, post.amount)
        if post.kind == "kill" and self.game.big_blind:
            self._unit_scale = (post.amount, self.game.big_blind)
        if post.kind == "sleeper":
            self._acted[i] = self._level

    def _turn_to(self, j: int) -> None:
        """Hand the action to seat ``j``. A sleeper held back under ``sleeper_when_entered=
        "returned"`` is settled when the action reaches it: returned if a player in front of it
        entered the pot, else posted as the blind raise it is, its owner having no option."""
        sleeper = self._sleeping
        if sleeper is not None and j == self._pos[sleeper.seat]:
            self._sleeping = None
            if self._entered:
                note = "sleeper returned: a player in front of it entered the pot (house rule)"
                self.events.append(Event("void", sleeper.seat, sleeper.amount, street=self.street, note=note))
            else:
                paid = min(sleeper.amount, self._stack[j])
                self._put_in(j, paid)
                self.events.append(Event("post", sleeper.seat, paid, street=self.street, note="sleeper"))
                self._raise_level_by_post(j, sleeper)
                if self._structure == "fixed_limit" and sleeper.amount - self._full_level >= self._min_inc:
                    self._full_level, self._raises = sleeper.amount, self._raises + 1
                elif self._structure != "fixed_limit":
                    self._full_level = self._level
                j = self._next_to_act(j)
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

    # ------------------------------------------------------------------ dealing
    def _take_given_cards(self, holes: Mapping[int, CardsLike] | None, board: CardsLike | None) -> None:
        known: list[Card] = []
        for seat, cards in (holes or {}).items():
            if seat not in self._pos:
                raise ValueError(f"cards given for seat {seat}, which is not dealt in")
            parsed = _cards_or_unknown(cards)
            if len(parsed) != self.variant.hole_cards and self.variant.family == "flop":
                raise ValueError(f"seat {seat} needs {self.variant.hole_cards} hole cards, got {len(parsed)}")
            self._holes[self._pos[seat]] = parsed
            known += [c for c in parsed if c is not None]
        self._given_board: list[Card | None] = _cards_or_unknown(board) if board is not None else []
        known += [c for c in self._given_board if c is not None]
        self._check_deck(known)
        self._deck.remove(known)

    def _check_deck(self, cards: Sequence[Card]) -> None:
        if len(set(cards)) != len(cards):
            raise ValueError("a card is dealt twice")
        if self.variant.short_deck:
            bad = [c for c in cards if c.rank < 6]
            if bad:
                raise ValueError(f"{bad[0]} is not in the short deck (6 to ace)")

    def _cards_due(self, i: int) -> int:
        """How many cards seat ``i`` holds once the deal now under way is done."""
        if not self._stud:
            return self.variant.hole_cards
        if self._folded[i]:
            return len(self._holes[i])
        due = stud.cards_due(min(self._street_index, len(self.variant.streets) - 1))
        return due - len(self._board)

    def _deal_holes(self) -> None:
        if self._stud:
            self._deal_stud_street()
            return
        count = self.variant.hole_cards
        if self._manual:
            self._request_next_deal()
            return
        for i in range(self._n):
            missing = count - len(self._holes[i])
            if missing > 0:
                self._holes[i] += self._deck.deal(missing)
        self._begin_betting()

    def _request_next_deal(self) -> None:
        for i in range(self._n):
            missing = self._cards_due(i) - len(self._holes[i])
            if missing > 0:
                self._awaiting = DealRequest("holes", self._seats[i], missing)
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
            undealt = len(FULL_DECK) - sum(len(h) for h in self._holes)
            if stud.needs_community_card(undealt, len(short)):
                self._deal_board(1)
                return
        if self._manual:
            self._request_next_deal()
            return
        for i in short:
            position, missing = len(self._holes[i]), self._cards_due(i) - len(self._holes[i])
            cards = self._deck.deal(missing)
            self._holes[i] += cards
            note = stud.deal_note(position, missing)
            self.events.append(Event("deal_hole", self._seats[i], cards=tuple(cards), street=self.street, note=note))
        self._after_board_dealt()

    def deal(self, cards: CardsLike | Sequence[Card | None], seat: int | None = None) -> Event:
        """Supply the cards a manually dealt hand waits for (``seat=None`` deals the board)."""
        request = self._awaiting
        if request is None:
            raise IllegalAction("invalid_action", "no cards are due now")
        parsed = _cards_or_unknown(cards)
        known = [c for c in parsed if c is not None]
        dealt = {c for h in self._holes for c in h if c is not None} | {c for c in self._board if c is not None}
        clash = [c for c in known if c in dealt]
        if clash:
            raise ValueError(f"{clash[0]} is dealt twice")
        self._check_deck(known)
        if request.kind == "draw":
            return self._deal_replacements(seat, parsed)
        if request.kind == "holes":
            if seat is None or seat not in self._pos:
                raise ValueError(f"hole cards need a seat dealt in, not {seat!r}")
            i = self._pos[seat]
            need = self._cards_due(i) - len(self._holes[i])
            if len(parsed) != need:
                raise ValueError(f"seat {seat} needs {need} hole cards, got {len(parsed)}")
            note = stud.deal_note(len(self._holes[i]), need) if self._stud else ""
            self._holes[i] += parsed
            event = Event("deal_hole", seat, cards=tuple(parsed), street=self.street, note=note)
            self.events.append(event)
            self._request_next_deal()
            return event
        if seat is not None:
            raise ValueError(f"the board is due now, not cards for seat {seat}")
        if len(parsed) != request.count:
            raise ValueError(f"the board needs {request.count} cards now, got {len(parsed)}")
        self._board += parsed
        event = Event("deal_board", None, cards=tuple(parsed), street=self.street)
        self.events.append(event)
        self._awaiting = None
        self._after_board_dealt()
        return event

    def _deal_board(self, count: int) -> None:
        given = self._given_board[len(self._board) : len(self._board) + count]
        cards: list[Card | None] = list(given)
        if len(cards) < count:
            if self._manual:
                self._awaiting = DealRequest("board", None, count)
                self._to_act = -1
                return
            cards += self._deck.deal(count - len(cards))
        self._board += cards
        self.events.append(Event("deal_board", None, cards=tuple(cards), street=self.street))
        self._after_board_dealt()

    # ------------------------------------------------------------------ betting round
    def _unit(self) -> int:
        """The fixed-limit bet of this street, raised in a kill pot (RROP11 Kill Pots)."""
        game = self.game
        small_rounds = 2 if self._stud else (self.variant.betting_rounds + 1) // 2
        base = game.small_bet if self._street_index < small_rounds else game.big_bet
        num, den = self._unit_scale
        return base * num // den

    def _top_street(self) -> bool:
        return self._street_index == self.variant.betting_rounds - 1

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
        self._betting_done = False
        if self._stud:
            self._open_stud_round()
        nxt = self._next_to_act(self._first - 1, include_start=False)
        if nxt < 0:
            self._close_round()
        else:
            self._turn_to(nxt)

    def _open_stud_round(self) -> None:
        """Who opens a stud round: on third street the bring-in, the lowest door card (highest
        in razz); from fourth street the best hand showing (lowest in razz), with the big bet an
        option on fourth street when an open pair shows (RROP11 stud; TDA 2024 R17-A, RP-10;
        house options ``bring_in_tiebreak`` and ``stud_open_pair_option``). A game without a
        bring-in opens third street like the later ones, with the best door card (STUD_PAGES)."""
        razz = self.variant.high == "none"
        tiebreak = self.game.house.bring_in_tiebreak
        live = [i for i in range(self._n) if not self._folded[i]]
        showing = {i: stud.upcards(self._holes[i], self._cards_due(i) + len(self._board)) for i in live}
        self._open_pair = self._bring_in_open = False
        if self._street_index == 0 and self.game.bring_in:
            doors = [showing[i][0] if showing.get(i) else None for i in range(self._n)]
            low = stud.bring_in_index(doors, razz=razz, tiebreak=tiebreak)
            self._first = 0 if low is None else low
            self._bring_in_open = True
            self._bring_in_seat = self._first if self._stack[self._first] > 0 else -1
            return
        self._first = stud.first_to_act(showing, razz=razz, tiebreak=tiebreak)
        self._open_pair = (
            self._street_index == 1
            and self._structure == "fixed_limit"
            and self.game.house.stud_open_pair_option
            and stud.open_pair(list(showing.values()))
        )

    def _can_act(self, i: int) -> bool:
        return not self._folded[i] and self._stack[i] > 0

    def _needs_action(self, i: int, able: int) -> bool:
        """A seat acts while it is short of the bet or has not acted, unless nothing it could
        do would matter: every opponent is all-in and it already covers their bets. ``able`` is
        the number of seats that can act (not folded, chips behind), counted once per search."""
        if self._folded[i] or self._stack[i] == 0:
            return False
        bet = self._bet[i]
        others_can_act = able > 1  # seat i is one of them
        if bet < self._level:
            return others_can_act or any(b > bet for b, f in zip(self._bet, self._folded) if not f)
        return self._acted[i] is None and others_can_act

    def _next_to_act(self, after: int, include_start: bool = False) -> int:
        n = self._n
        able = sum(1 for f, s in zip(self._folded, self._stack) if not f and s > 0)
        for step in range(1, n + 1):
            j = (after + step) % n
            if self._needs_action(j, able):
                return j
        return -1

    def _reopened(self, i: int) -> bool:
        """Whether seat ``i`` may raise: it has not acted, or a full raise (or several short
        all-ins adding up to one, in big-bet games) has come since (TDA 2024 R47-A/B)."""
        acted = self._acted[i]
        if acted is None or self._full_level > acted:
            return True
        return self._big_bet and self._level - acted >= self._min_inc

    def _heads_up(self) -> bool:
        return sum(1 for f in self._folded if not f) == 2

    def _aggression(self, i: int) -> tuple[str, int, int] | tuple[Reason, str]:
        """The bet or raise open to seat ``i``: ``(kind, min_to, max_to)``, or why there is none."""
        level, bet, stack = self._level, self._bet[i], self._stack[i]
        all_in_to = bet + stack
        reach = [b + s for j, (b, s, f) in enumerate(zip(self._bet, self._stack, self._folded)) if j != i and not f]
        if not reach or max(reach) <= level:
            return ("invalid_action", "no opponent has chips to call more than the current bet: call or fold")
        if all_in_to <= level:
            return ("above_stack", f"you have {stack} chips, not enough to raise")
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

    def legal(self) -> Legal:
        """What the seat to act may do, with exact amounts."""
        i = self._to_act
        if i < 0:
            return Legal()
        seat = self._seats[i]
        if self._drawing:
            return Legal(seat=seat, draw=len(self._holes[i]))
        if self._bring_in_open:
            return self._bring_in_legal(i)
        to_call = self._level - self._bet[i]
        call = (
            Call(min(self._level, self._bet[i] + self._stack[i]), min(to_call, self._stack[i])) if to_call > 0 else None
        )
        option = self._aggression(i)
        bet = raise_ = complete = None
        if len(option) == 3:
            kind, lo, hi = option
            rng = Range(lo, hi)
            if kind == "bet":
                bet = rng
            elif kind == "complete":
                complete = rng
            else:
                raise_ = rng
        return Legal(
            seat=seat, fold=to_call > 0, check=to_call <= 0, call=call, bet=bet, raise_=raise_, complete=complete
        )

    def _bring_in_legal(self, i: int) -> Legal:
        """Third street before anyone has bet: bring in or complete; a seat other than the one
        forced to bring in may also fold (TDA 2024 RP-10-E)."""
        bring_in = min(self.game.bring_in, self._stack[i])
        option = self._aggression(i)
        complete = Range(option[1], option[2]) if len(option) == 3 and option[1] > bring_in else None
        return Legal(seat=self._seats[i], fold=i != self._bring_in_seat, bring_in=bring_in, complete=complete)

    def _bring_in_act(self, i: int, action: str, to: int | None) -> Event:
        """The first action of third street: the bring-in, or completing to the full bet."""
        bring_in = min(self.game.bring_in, self._stack[i])
        if action == "all_in":
            action, to = ("bring_in", None) if self._stack[i] <= bring_in else ("complete", self._stack[i])
        if action == "fold" and i != self._bring_in_seat:
            return self._fold(i)
        if action == "bring_in":
            if to is not None and to != bring_in:
                raise IllegalAction("invalid_action", f"the bring-in is {bring_in}, not {to}", R_BRING_IN)
            self._put_in(i, bring_in)
            self._level = max(self._level, self.game.bring_in)
            self._bring_in_open = False
            return self._record(i, "bring_in", bring_in)
        legal = self._bring_in_legal(i)
        choices = f"bring in {bring_in}" + (f" or complete to {legal.complete.min_to}" if legal.complete else "")
        if action not in ("complete", "bet", "raise"):
            if action == "fold":
                raise IllegalAction("invalid_action", f"the bring-in is forced: {choices}", R_BRING_IN)
            choices += ", or fold" if legal.fold else ""
            raise IllegalAction("invalid_action", f"no one has bet yet: {choices}", R_BRING_IN)
        if legal.complete is None or to is None:
            raise IllegalAction("invalid_action", choices, R_BRING_IN)
        self._check_amount(i, to, "complete", legal.complete.min_to, legal.complete.max_to)
        self._raise_to(i, to)
        self._bring_in_open = False
        return self._record(i, "complete", to)

    # ------------------------------------------------------------------ acting
    def act(self, seat: int, action: str, to: int | None = None, discard: Iterable[CardsLike] | None = None) -> Event:
        """Take an action for ``seat``; amounts are the seat's total wager this round.

        Raises ``IllegalAction`` (hand unchanged) when the rules do not allow it.
        """
        if self._over:
            raise IllegalAction("hand_over", "the hand is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in self._pos:
            raise IllegalAction("invalid_action", f"seat {seat!r} is not dealt in to this hand")
        if action not in ACTIONS:
            raise IllegalAction(
                "invalid_action", f"{action!r} is not an action; use one of {', '.join(sorted(ACTIONS))}"
            )
        if to is not None:
            to = _chips("the amount", to)
        i = self._pos[seat]
        if i != self._to_act:
            if self._to_act < 0:
                raise IllegalAction(
                    "not_your_turn", "no one may act now" + (": cards are due" if self._awaiting else ""), R_TURN
                )
            if self.game.house.oot_mode == "hold" and self._can_act(i) and not self._drawing:
                return self._hold_out_of_turn(i, action, to)
            raise IllegalAction(
                "not_your_turn", f"it is seat {self._seats[self._to_act]}'s turn, not seat {seat}'s", R_TURN
            )
        if self._drawing or action == "draw":
            return self._draw(i, action, discard)
        if self._bring_in_open:
            return self._bring_in_act(i, action, to)
        level, bet, stack = self._level, self._bet[i], self._stack[i]
        to_call = level - bet
        if action == "fold":
            if to_call <= 0:
                raise IllegalAction("invalid_action", "there is no bet to you: check instead of folding", R_CHECK)
            return self._fold(i)
        if action == "check" or (action == "call" and to_call <= 0):
            if to_call > 0:
                raise IllegalAction(
                    "cannot_check_facing_bet",
                    f"there is a bet of {level} to you: call {min(to_call, stack)}, raise or fold",
                    R_CHECK,
                )
            return self._record(i, "check", bet)
        if action == "call":
            target = min(level, bet + stack)
            if to is not None and to != target:
                if self._street_index == 0 and to < target and self._level == self._bb_level():
                    raise IllegalAction(
                        "must_call_full_big_blind", f"the call is the full big blind: {target}", R_FULL_BB
                    )
                raise IllegalAction("invalid_action", f"a call here is to {target}, not {to}")
            self._put_in(i, target - bet)
            return self._record(i, "call", target)
        if action in ("bring_in", "draw"):
            raise IllegalAction("invalid_action", f"{action} is not part of this game's betting now")
        if action == "all_in":
            to = bet + stack
            if to <= level:
                self._put_in(i, stack)
                return self._record(i, "call", to)
        option = self._aggression(i)
        if len(option) == 2:
            raise IllegalAction(option[0], option[1], self._rule_for(option[0]))
        kind, lo, hi = option
        if to is None:
            raise IllegalAction(
                "invalid_action", f"say how much: {kind} to between {lo} and {hi}" if lo != hi else f"{kind} to {lo}"
            )
        if action in ("bet", "raise", "complete") and action != kind and not (action == "raise" and kind == "complete"):
            if kind == "bet" and action in ("raise", "complete"):
                pass  # "raise" with no bet to face is a bet (TDA 2024 R41)
            elif action == "bet":
                raise IllegalAction("invalid_action", f"there is a bet of {level} already: {kind} instead")
        self._check_amount(i, to, kind, lo, hi)
        self._raise_to(i, to)
        return self._record(i, kind, to)

    def _bb_level(self) -> int:
        return max((p.amount for p in self._posts if p.kind in BLIND_KINDS and p.live), default=0)

    def _rule_for(self, reason: str) -> str:
        return {
            "betting_not_reopened": R_REOPEN,
            "cap_reached": R_CAP,
            "above_stack": R_STACKS,
        }.get(reason, "")

    def _check_amount(self, i: int, to: int, kind: str, lo: int, hi: int) -> None:
        all_in_to = self._bet[i] + self._stack[i]
        if to > all_in_to:
            raise IllegalAction(
                "above_stack", f"you have {self._stack[i]} chips: you can put in at most {all_in_to}", R_STACKS
            )
        if to % self.game.min_chip and to != all_in_to:
            raise IllegalAction("not_chip_multiple", f"bets are made in chips of {self.game.min_chip}", R_CHIP)
        structure = self._structure
        if structure == "fixed_limit":
            if to != lo and to != hi and not self._covers_every_opponent(i, to, lo):
                amounts = f"exactly {lo}" if lo == hi else f"{lo} or {hi}"
                raise IllegalAction("wrong_limit_amount", f"in this limit game the {kind} is to {amounts}", R_LIMIT)
            return
        if to < lo:
            if kind == "bet":
                raise IllegalAction("below_min_bet", f"the smallest bet is {lo}", R_MIN_RAISE)
            raise IllegalAction("below_min_raise", f"the smallest raise is to {lo}", R_MIN_RAISE)
        if to > hi:
            if structure == "spread_limit":
                raise IllegalAction("above_spread_max", f"the largest {kind} here is to {hi}", R_SPREAD)
            raise IllegalAction("above_pot_limit", f"the largest {kind} the pot allows is to {hi}", R_POT_LIMIT)

    def _covers_every_opponent(self, i: int, to: int, limit_to: int) -> bool:
        """A limit bet or raise cut down to exactly the most any opponent can still put in: the
        rest of the limit amount could only come back uncalled (rules.md §5.3)."""
        opponents = [j for j in range(self._n) if j != i and not self._folded[j]]
        reach = max((self._bet[j] + self._stack[j] for j in opponents), default=0)
        return self._level < to == reach < limit_to

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
        event = Event(kind, self._seats[i], to, street=self.street)
        self.events.append(event)
        self._acted[i] = self._level
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
                self._settle_held(self._to_act)
        return event

    def _hold_out_of_turn(self, i: int, action: str, to: int | None) -> Event:
        """House option ``oot_mode="hold"``: keep an action taken out of turn until the turn comes
        (TDA 2024 R53-A/B)."""
        self._held[i] = (action, to, self._level, self._raises)
        event = Event("held", self._seats[i], to, street=self.street, note=f"{action} out of turn, held")
        self.events.append(event)
        return event

    def _settle_held(self, i: int) -> None:
        """At its turn, a held action stands if the action facing the seat has not changed (the
        seats between only checked, called or folded) and is void otherwise; a fold always
        stands (TDA 2024 R53-A/B)."""
        held = self._held.pop(i, None)
        if held is None:
            return
        action, to, level, raises = held
        seat = self._seats[i]
        if action == "fold":
            self._folded[i] = True
            self._record(i, "fold", None)
            return
        if (level, raises) == (self._level, self._raises):
            try:
                self.act(seat, action, to=to)
                return
            except IllegalAction as ruling:
                note = f"held {action} void: {ruling.message}"
        else:
            note = f"held {action} void: the action changed, so the seat has every option"
        self.events.append(Event("void", seat, street=self.street, note=note))

    # ------------------------------------------------------------------ streets
    def _close_round(self) -> None:
        self._to_act = -1
        self._held.clear()
        self._sleeping = None
        self._return_uncalled()
        self._bet = [0] * self._n
        live = [j for j in range(self._n) if not self._folded[j]]
        if len(live) == 1:
            self._finish()
            return
        if sum(1 for j in live if self._stack[j] > 0) < 2 and not self._exposed:
            self._exposed = True
            self.events.append(Event("expose", note="no more betting is possible: all hands face up (TDA 2024 R16)"))
        self._street_index += 1
        if self._street_index >= self.variant.betting_rounds:
            self._showdown()
            return
        self._acted = [None] * self._n
        self._level = self._full_level = self._raises = 0
        self._last_aggressor = -1
        self._capped_multiway = False
        self._min_inc = self._postflop_min_bet
        self._start_round(first=0)
        if self._stud:
            self._deal_stud_street()
        elif self.variant.family == "draw":
            self._drawn = list(self._folded)
            self._drawing = True
            self._next_draw()
        else:
            self._deal_board(self.variant.board[self._street_index - 1])

    # ------------------------------------------------------------------ draws
    def _draw(self, i: int, action: str, discard: Iterable[CardsLike] | None) -> Event:
        """A seat's turn in the draw: discard cards (none is standing pat) and get as many
        replacements, dealt at once or, in manual dealing, by ``deal`` (RROP11 draw)."""
        if not self._drawing:
            raise IllegalAction("invalid_action", "there is no draw now: it is a betting round", draw.R_DRAW)
        if action != "draw":
            raise IllegalAction(
                "invalid_action", f"it is the draw: discard cards or stand pat (draw), not {action}", draw.R_DRAW
            )
        try:
            thrown = _discarded(discard)
        except ValueError as error:
            raise IllegalAction("invalid_action", str(error), draw.R_DRAW) from None
        self._holes[i] = draw.kept_after_discard(self._holes[i], thrown, len(self._holes[i]))
        self._discards.add(i, thrown)
        self._drawn[i] = True
        note = f"draws {len(thrown)}" if thrown else "stands pat"
        event = Event("draw", self._seats[i], len(thrown), cards=tuple(thrown), street=self.street, note=note)
        self.events.append(event)
        if thrown and self._manual:
            self._owed.append((i, len(thrown)))
        elif thrown:
            cards, reshuffled = draw.replacements(self._deck, len(thrown), self._discards, i, self._rng)
            if reshuffled:
                self.events.append(
                    Event("reshuffle", street=self.street, note="the stub ran short: the discards shuffled in")
                )
            self._holes[i] += cards
            self.events.append(Event("deal_hole", self._seats[i], cards=tuple(cards), street=self.street, note="draw"))
        self._next_draw()
        return event

    def _deal_replacements(self, seat: int | None, cards: list[Card | None]) -> Event:
        """Manual dealing: the replacement cards of the earliest discard still unserved."""
        i, count = self._owed[0]
        if seat != self._seats[i]:
            raise ValueError(f"the replacement cards due now are seat {self._seats[i]}'s, not seat {seat}'s")
        if len(cards) != count:
            raise ValueError(f"seat {seat} discarded {count} cards and needs as many, got {len(cards)}")
        self._owed.pop(0)
        self._holes[i] += cards
        event = Event("deal_hole", seat, cards=tuple(cards), street=self.street, note="draw")
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
            self._drawing = False
            self._after_board_dealt()

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

    # ------------------------------------------------------------------ showdown
    def add_chips(self, seat: int, chips: int) -> Event:
        """Chips bought during the hand (open stakes, WIKI_BIP Open stakes): they join the stack
        behind and the starting stack, so ``result.net`` leaves the purchase out. Under table
        stakes nothing may be added during a hand (WIKI_BIP Table stakes)."""
        if self._over:
            raise IllegalAction("hand_over", "the hand is over")
        if seat not in self._pos:
            raise IllegalAction("invalid_action", f"seat {seat!r} is not dealt in to this hand")
        chips = _chips("the chips bought", chips)
        if self.game.house.table_stakes:
            raise IllegalAction(
                "chips_change_during_hand", "only chips on the table at the start of a hand play in it", R_STACKS
            )
        if chips == 0:
            raise IllegalAction("invalid_action", "buy at least one chip")
        i = self._pos[seat]
        if self._folded[i]:
            raise IllegalAction("invalid_action", f"seat {seat} has folded")
        self._stack[i] += chips
        self._start[i] += chips
        event = Event("add_chips", seat, chips, street=self.street, note="open stakes")
        self.events.append(event)
        return event

    def show(self, seat: int, cards: CardsLike | Sequence[Card | None] | None = None) -> Event:
        """Reveal a hand: fills in unknown cards, or checks cards already known."""
        if seat not in self._pos:
            raise ValueError(f"seat {seat} is not dealt in")
        i = self._pos[seat]
        if self._folded[i]:
            raise IllegalAction("invalid_action", f"seat {seat} has folded")
        if cards is not None:
            parsed = _cards_or_unknown(cards)
            hole = self._holes[i]
            if len(parsed) != len(hole):
                raise ValueError(f"seat {seat} holds {len(hole)} cards, {len(parsed)} were shown")
            if self.variant.family == "draw":
                parsed = draw.in_held_order(hole, parsed)
            merged: list[Card | None] = []
            for held, shown in zip(hole, parsed):
                if held is not None and shown is not None and held != shown:
                    raise ValueError(f"seat {seat} was dealt {held}, not {shown}")
                merged.append(held if shown is None else shown)
            self._check_deck(
                [
                    c
                    for c in [*merged, *self._board, *(c for j, h in enumerate(self._holes) if j != i for c in h)]
                    if c is not None
                ]
            )
            self._holes[i] = merged
        self._shown[i] = True
        event = Event("show", seat, cards=tuple(self._holes[i]), street=self.street)
        self.events.append(event)
        self._maybe_resolve()
        return event

    def muck(self, seat: int) -> Event:
        """Give up a hand at showdown; it can win nothing."""
        if seat not in self._pos:
            raise ValueError(f"seat {seat} is not dealt in")
        i = self._pos[seat]
        if self._over:
            raise IllegalAction("hand_over", "the hand is over")
        if self._folded[i] or not (self._exposed or self._street_index >= self.variant.betting_rounds):
            raise IllegalAction("invalid_action", "a hand can be mucked only at the showdown")
        self._mucked[i] = True
        event = Event("muck", seat, street=self.street)
        self.events.append(event)
        self._maybe_resolve()
        return event

    def _maybe_resolve(self) -> None:
        if not self._over and self._street_index >= self.variant.betting_rounds and self._awaiting is None:
            self._showdown()

    def _showdown(self) -> None:
        self._to_act = -1
        contenders = [j for j in range(self._n) if not self._folded[j] and not self._mucked[j]]
        if self._manual and any(None in self._holes[j] and not self._shown[j] for j in contenders):
            return  # a replay still owes a show or a muck
        if len(contenders) <= 1:
            self._finish()
            return
        self._finish(showdown_seats=contenders)

    def _showdown_order(self, contenders: list[int]) -> list[int]:
        """Last aggressor of the final round first, else the first seat left of the button
        (TDA 2024 R17-A), then clockwise."""
        first = min(contenders, key=lambda j: (j - self._first) % self._n)
        start = self._last_aggressor if self._last_aggressor in contenders else first
        return sorted(contenders, key=lambda j: (j - start) % self._n)

    def _finish(self, showdown_seats: list[int] | None = None) -> None:
        self._to_act = -1
        pots = self.pots
        self._pot_total = 0
        high_of, low_of = showdown.rankers(self.variant)
        unit = self.game.min_chip
        highs: dict[int, int | None] = {}
        lows: dict[int, int | None] = {}
        order: list[int] = []
        if showdown_seats:
            order = self._showdown_order(showdown_seats)
            board = [c for c in self._board if c is not None]
            for j in showdown_seats:
                hole = self._holes[j]
                if None in hole:
                    highs[j] = lows[j] = None
                    continue
                cards: list[int] = [c for c in hole if c is not None]
                highs[j] = high_of(cards, board) if high_of else None
                lows[j] = low_of(cards, board) if low_of else None
        awards: list[Award] = []
        stacks = list(self._stack)
        for index in range(len(pots) - 1, -1, -1):
            pot = pots[index]
            eligible = [j for j in range(self._n) if self._seats[j] in pot.eligible and not self._mucked[j]]
            if not eligible:
                eligible = [j for j in range(self._n) if self._seats[j] in pot.eligible]
            award = self._award(index, pot, eligible, highs, lows, unit)
            for seat, chips in award.winners.items():
                stacks[self._pos[seat]] += chips
            awards.append(award)
        self._stack = stacks
        self._over = True
        final = dict(zip(self._seats, stacks))
        returned = {e.seat: e.amount for e in self.events if e.kind == "return" and e.seat is not None and e.amount}
        self._result = Result(
            awards=tuple(awards),
            returned=returned,
            stacks=final,
            net={s: final[s] - self._start[i] for i, s in enumerate(self._seats)},
            showdown_order=tuple(self._seats[j] for j in order),
            shown={self._seats[j]: tuple(self._holes[j]) for j in order},
        )
        for j in order:
            if not self._shown[j]:
                self.events.append(Event("show", self._seats[j], cards=tuple(self._holes[j]), street="showdown"))
        for award in awards:
            for seat, chips in award.winners.items():
                self.events.append(Event("win", seat, chips, note=award.reason))

    def _award(
        self,
        index: int,
        pot: Pot,
        eligible: list[int],
        highs: dict[int, int | None],
        lows: dict[int, int | None],
        unit: int,
    ) -> Award:
        seats = self._seats
        if len(eligible) == 1:
            return Award(index, pot.amount, pot.eligible, {seats[eligible[0]]: pot.amount}, reason="uncontested")
        ranked_high = {j: highs.get(j) for j in eligible}
        ranked_low = {j: lows.get(j) for j in eligible}
        high_winners = showdown.best(ranked_high)
        low_winners = showdown.best(ranked_low)
        if not high_winners and not low_winners:
            high_winners = list(eligible)  # no hand can be read: the pot is shared
        if high_winners and low_winners:
            high_amount, low_amount = showdown.halves(pot.amount, unit)
        elif high_winners:
            high_amount, low_amount = pot.amount, 0
        else:
            high_amount, low_amount = 0, pot.amount
        winners: dict[int, int] = {}
        for group, amount in ((high_winners, high_amount), (low_winners, low_amount)):
            if not group or not amount:
                continue
            ordered = self._odd_chip_order(group, low=group is low_winners)
            for seat, chips in showdown.split(amount, ordered, unit).items():
                winners[seat] = winners.get(seat, 0) + chips
        reason = "split" if len(winners) > 1 else "best hand"
        return Award(
            index,
            pot.amount,
            pot.eligible,
            winners,
            tuple(seats[j] for j in sorted(high_winners)),
            tuple(seats[j] for j in sorted(low_winners)),
            reason,
        )

    def _odd_chip_order(self, group: list[int], *, low: bool) -> list[int]:
        """Tied winners in the order they take odd chips: clockwise from the button (TDA 2024
        R20-A), in stud by the high card by suit (R20-B; house option ``odd_chip_stud``)."""
        if not self._stud:
            return [self._seats[j] for j in sorted(group)]
        high_of, low_of = showdown.rankers(self.variant)
        ranker = low_of if low else high_of
        board = [c for c in self._board if c is not None]
        hands: dict[int, list[Card]] = {}
        for j in group:
            cards = [c for c in self._holes[j] if c is not None] + board
            if self.game.house.odd_chip_stud == "five_card_hand" and ranker is not None:
                cards = stud.best_five(cards, ranker, ace_low=low)
            hands[self._seats[j]] = cards
        return stud.odd_chip_order(hands, ace_low=low)

    # ------------------------------------------------------------------ spots
    @classmethod
    def from_spot(
        cls,
        game: Game,
        *,
        stacks: Mapping[int, int],
        button: int,
        street: str = "flop",
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
        streets = game.variant_spec.streets
        if street not in streets:
            raise ValueError(f"{street!r} is not a street of {game.variant}; streets: {', '.join(streets)}")
        paid = dict(contributions or {})
        for seat in paid:
            if seat not in stacks:
                raise ValueError(f"seat {seat} has contributions but no stack")
        playing = {s: c for s, c in stacks.items() if c > 0 or paid.get(s, 0) > 0}
        hand = cls.__new__(cls)
        game_no_forced = game
        hand_stacks = {s: max(c, 1) for s, c in playing.items()}
        Hand.__init__(
            hand,
            game_no_forced,
            hand_stacks,
            button,
            rng=rng,
            holes=holes,
            board=board,
            posts=[Post(s, 0, "bb") for s in list(playing)[:1]] + [Post(s, 0, "ante") for s in list(playing)[:1]],
            **kwargs,
        )
        hand.events.clear()
        for i, seat in enumerate(hand._seats):
            hand._stack[i] = playing[seat]
            hand._start[i] = playing[seat] + paid.get(seat, 0)
            hand._live[i] = paid.get(seat, 0)
            hand._bet[i] = 0
            hand._dead[i] = 0
            hand._folded[i] = seat in set(folded)
        hand._pot_total = sum(hand._live)
        hand._short_blinds = 0
        target = streets.index(street)
        given = _cards_or_unknown(board) if board is not None else []
        board_counts = (0, *game.variant_spec.board)
        need = sum(board_counts[: target + 1]) if game.variant_spec.family == "flop" else 0
        if given and len(given) != need:
            raise ValueError(f"the {street} board has {need} cards, {len(given)} were given")
        if not given and need:
            given = list(hand._deck.deal(need))
        hand._board = given
        hand._street_index = target
        hand._acted = [None] * hand._n
        hand._level = hand._full_level = hand._raises = 0
        hand._min_inc = hand._postflop_min_bet
        hand._exposed = False
        hand._start_round(first=0)
        if sum(1 for j in range(hand._n) if not hand._folded[j]) < 2:
            raise ValueError("a spot needs at least two seats still in the hand")
        hand._awaiting = None
        if hand._stud:
            hand._deal_stud_street()  # the cards of the streets before, then the betting
        elif hand.variant.family == "draw" and target:
            hand._drawn = list(hand._folded)
            hand._drawing = True  # a draw street starts with its draw
            hand._next_draw()
        else:
            hand._begin_betting()
        return hand
