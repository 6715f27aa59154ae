"""One hand as a deterministic state machine: forced bets, dealing, betting rounds, showdown.

``Hand`` runs the phases (``phase``): ``_go`` is the one place the phase moves, and each input
is checked whole at the edge (``checks``) before anything changes. Its state is declared, and
read out, in ``reading`` (``HandState``, the base of ``Hand``); what a seat may do is read in
``legality``. The steps live next to this module, none importing it: the set-up (``setup``), the
forced bets (``posting``, ``forced``), the deals (``streets``, ``dealing``, ``manual``), a
betting round (``turns``, ``betting``), the bring-in (``bringin``, ``stud``), the draw
(``draw``), actions out of turn and hands killed (``out_of_turn``), the run-outs (``runouts``),
the showdown and the awards (``ending``, ``awards``, ``showdown``) and a spot (``spots``). Each
takes the state it needs and returns its events and the next move; ``Hand`` writes its state.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from pokerfloor.cards import Card, CardsLike, Deck, SeededShuffler, Shuffler
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import (
    awards,
    checks,
    dealer,
    dealing,
    draw,
    ending,
    legality,
    manual,
    out_of_turn,
    posting,
    runouts,
    setup,
    spots,
    streets,
    turns,
)
from pokerfloor.hand.betting import Chips, Round
from pokerfloor.hand.phase import (
    BET,
    BETTING,
    BOARDS,
    BRING_IN,
    CARDS_DUE,
    CHOOSE,
    CLOSE,
    DEALT,
    DRAW,
    DRAWN,
    DRAWS,
    HOLES,
    OVER,
    RUN_OUT,
    RUNS,
    SETTLE,
    SHOWDOWN,
    STAY,
    STREET,
    WAIT,
)
from pokerfloor.hand.pots import Layer
from pokerfloor.hand.reading import HandState, Street
from pokerfloor.hand.record import RecordedDeck, as_record, replay_record, restore
from pokerfloor.hand.setup import SetUp, given_cards, set_up
from pokerfloor.hand.types import DEAD_HAND, Event, Input, Legal, Post, face_up
from pokerfloor.hand.view import SeatView, seat_view
from pokerfloor.rules import Game

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


# Named tuples built with one C call (``tuple.__new__``) in the per-decision paths (``legal`` and
# ``_record``), skipping their generated ``__new__``; the fields are given in full, in order.
# Final: the compiled build keeps it in a C static, not in the module's dictionary.
_new: Final = tuple.__new__


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Hand(HandState):
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
        terms, n = given.terms, len(given.seats)
        self._set_up = given._replace(spot=False) if given.spot else given
        self.game, self.variant, self._terms, self.button_seat = given.game, terms.variant, terms, given.button
        self._seats, self._pos = given.seats, given.pos
        self._chips = Chips([given.stacks[s] for s in given.seats])
        self._folded, self._mucked, self._shown = [False] * n, [False] * n, [False] * n
        self._holes, self._board, self.events, self._inputs = [[] for _ in range(n)], [], [], []
        drawn: bytes | None = None
        if rng is None:
            seeded = SeededShuffler(seed)
            rng, drawn = seeded, seeded.seed
        self._shoe = dealing.Shoe(deck if deck is not None else Deck(rng, cards=terms.cards), rng, drawn)
        self._street_index = 0
        self._street = Street()  # who opens the betting round (_start_round sets it), held actions
        self._round = Round(n, big_bet=terms.big_bet, half_bet=terms.half_bet, cap=terms.cap)
        self._forced = posting.Forced(terms.min_bet)
        self._to_act, self._phase, self._end = -1, BETTING, None  # the deal sets the phase
        self._drawing, self._runout = draw.Drawing(n), runouts.Runs(given.boards)
        if given.holes or given.board:
            for seat, hole in given.holes.items():
                self._holes[given.pos[seat]] = list(hole)
            known = given_cards(given)
            if known:
                dealer.check_deck(known, self.variant)
                self._shoe.deck.remove(known)
        if posted is None:
            self._post_forced_bets()
        else:  # what _post_forced_bets leaves, the same whatever the cards
            self._chips = posted._chips.copy()
            self._round = posted._round.copy()
            self.events = list(posted.events)  # the posts: dealing hole cards writes no event
            self._forced, self._street.first = posted._forced.copy(), posted._street.first
        self._go(self._dealt(streets.deal_holes(self)))

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
        untouched = not self._inputs and not self._set_up.spot and self._forced.sleeping is None
        # no betting before the flop (to_act < 0): all in from the posts
        plain = not (given.manual or self._terms.stud or given.bomb or given.boards != 1 or given.holes or given.board)
        copied = untouched and plain and not given.given_posts and self._to_act >= 0 and self._street_index == 0
        hand._start(given, rng, None, None, self if copied else None)
        return hand

    def _dealt_again(self, rng: Shuffler) -> Hand:
        """``redeal`` by the constructor, with the arguments this hand was dealt with."""
        given = self._set_up
        return type(self)(given.game, given.stacks, given.button, rng=rng, **setup.options(given))

    # ------------------------------------------------------------------ records
    def view(self, seat: object = None) -> SeatView:
        """What ``seat`` may see of the hand (``None``: a spectator), as an immutable ``SeatView``:
        its own cards, every upcard and card shown, the board, the chips and the events."""
        if seat is not None and not self._dealt_in(seat):
            raise InvalidArgument(f"seat {seat!r} is not dealt in to this hand")
        return seat_view(self, seat)

    def __copy__(self) -> Hand:
        """A copy is a hand of its own: acting on it leaves the original alone, and it deals the
        same cards as the original would."""
        return copy.deepcopy(self)

    @classmethod
    def from_record(cls, record: object, *, rng: Shuffler | None = None) -> Hand:
        """The hand a record describes (a ``HandRecord``, its ``to_dict()`` or its JSON, as
        ``Table.from_record`` takes), rebuilt input by input: from the record's seed when it
        has one, else dealing the record's cards first, then from ``rng`` (a CSPRNG by default)."""
        return replay_record(cls, as_record(record), rng)

    def undo(self) -> Input:
        """Take back the last input (a dealer's correction) and return it; the cards it dealt
        go back on top of the deck, so doing it again deals them again."""
        if not self._inputs:
            raise InvalidArgument("there is nothing to undo: the hand has taken no input")
        record = self.record()
        last = record.inputs[-1]
        deck = self._shoe.deck
        pending = deck.still_to_deal() if isinstance(deck, RecordedDeck) else []
        earlier = replay_record(type(self), record.before_last(pending), None if record.seed else self._shoe.rng)
        restore(self, earlier)
        return last

    # ------------------------------------------------------------------ dealing
    def deal(self, cards: CardsLike | Sequence[Card | None], seat: object = None) -> Event:
        """Supply the cards a manually dealt hand waits for (``seat=None`` deals the board)."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise InvalidArgument(f"cards are dealt to a seat number, not {seat!r}")
        event = self._deal_cards(cards, seat)
        self._inputs.append(Input("deal", seat, "", None, event.cards))
        return event

    # ------------------------------------------------------------------ betting round
    def _start_round(self, first: int | None) -> None:
        if self._terms.structure == "fixed_limit":
            self._round.min_inc = legality.unit(self)
        elif self._terms.structure == "spread_limit":
            assert self.game.spread is not None
            self._round.min_inc = max(self._round.min_inc if self._street_index == 0 else 0, self.game.spread[0])
        self._street.first = 0 if first is None else first

    def _go(self, move: int) -> None:
        """The one place the phase moves: each step returns the move that follows it (``phase``),
        until the hand rests in a phase (``STAY``)."""
        while move != STAY:
            if move == CLOSE:
                move = self._close_round()
            elif move == BET:
                move = self._begin_betting()
            elif move == DEALT:
                move = CLOSE if self._street.exposed else BET
            elif move == STREET:
                move = self._next_street()
            elif move == RUNS:
                move = self._dealt(streets.runs(self))
            elif move == SETTLE:
                move = self._settle_showdown()
            elif move == DRAWN:
                move = self._next_draw()
            elif move == HOLES:
                move = streets.next_holes(self)
            elif move == WAIT:  # manual dealing: the cards ``Shoe.awaiting`` names are due
                self._phase = CARDS_DUE
                self._to_act = -1
                move = STAY
            elif move == DRAWS:  # every seat still in draws, from the button's left
                self._drawing.start(self._folded)
                self._phase = DRAW
                move = self._next_draw()
            elif move == CHOOSE:  # the players may agree to run it more than once first
                self._phase = RUN_OUT
                move = STAY
            else:  # FINISH
                move = self._finish()

    def _dealt(self, step: tuple[list[Event], int]) -> int:
        """A deal's events (``streets``) written; the move after it."""
        events, move = step
        if events:
            self.events += events
        return move

    def _begin_betting(self) -> int:
        """Hand the action to the first seat that needs it, or move on when none does."""
        self._to_act = -1
        if self._set_up.bomb and self._street_index == 0:
            note = "bomb pot: no betting before the flop"
            self.events.append(Event("bomb_pot", None, self._set_up.bomb, street=self.street, note=note))
            return CLOSE
        self._phase = BETTING
        if self._terms.stud:  # who opens (``legality.stud_opening``); BRING_IN on third street with a bring-in
            first, bring_in, self._street.opening.open_pair = legality.stud_opening(self)
            self._street.first = first
            if bring_in:
                self._phase = BRING_IN
                self._street.opening.bring_in_seat = first if self._chips.stack[first] > 0 else -1
        killer = self._forced.killer
        nxt = legality.next_to_act(self, self._street.first - 1 if killer < 0 else killer)
        self._street.opening.opened = nxt
        return CLOSE if nxt < 0 else self._turn_to(nxt)

    def _post_forced_bets(self) -> None:
        """Put the forced bets in (``posting``) and open the first betting round behind them."""
        terms, rnd = self._terms, self._round
        events, order, live_amounts = posting.post_all(
            self._forced, self._set_up.posts, self.game.house, self._pos, self._chips, rnd, self.street,
            terms.blinds, terms.big_blind,
        )
        self.events += events
        rnd.min_inc = max(rnd.min_inc, terms.min_bet)
        self._start_round(first=None if order < 0 else (order + 1) % len(self._seats))
        opening = self._bb_level() if terms.structure == "spread_limit" else 0  # read by spread limit alone
        posting.count_opening_bets(rnd, terms.structure, live_amounts, opening)

    def _draw_act(self, i: int, action: str, discard: object) -> Event:
        """A seat's turn in the draw (``draw.take_turn``)."""
        shoe = self._shoe
        events = draw.take_turn(
            self._drawing, i, self._seats[i], action, discard, self._holes, shoe.deck, shoe.dealt, shoe.rng,
            manual=self._set_up.manual, street=self.street,
        )
        self.events += events
        self._go(self._next_draw())
        return events[0]

    def _next_draw(self) -> int:
        """The next seat to draw and the replacement cards due (``Drawing.next_up``); the betting
        once everyone has drawn and been served."""
        self._shoe.awaiting, self._to_act = self._drawing.next_up(self._seats)
        return DEALT if self._to_act < 0 and self._shoe.awaiting is None else STAY

    def _deal_cards(self, cards: CardsLike | Sequence[Card | None], seat: int | None) -> Event:
        """Manual dealing: the cards the hand waits for (``manual.serve``; see ``Hand.deal``)."""
        event, move, first = manual.serve(self, cards, seat)
        self.events.append(event)
        if move == BOARDS:
            move = self._dealt(streets.other_boards(self, first, len(event.cards)))
        self._go(move)
        return event

    def _settle_showdown(self) -> int:
        """The showdown (``ending.settle``): a seat asked to show or muck, or the pots awarded."""
        self._to_act = -1
        self._phase = SHOWDOWN
        events, asked, reached, ranks, pots = ending.settle(self)
        self.events += events
        if asked != awards.DONE:
            self._to_act = max(asked, -1)
            return STAY
        return self._finish(reached, ranks, pots)

    def _finish(
        self, reached: list[int] | None = None, ranks: ending.Ranks | None = None, pots: list[Layer] | None = None
    ) -> int:
        """End the hand (``ending.finish``): every pot awarded, the outcome and the closing events."""
        self._to_act = -1
        self._end, events = ending.finish(self, reached, ranks, pots)
        self._phase = OVER
        self.events += events
        return STAY

    def _bring_in_act(self, i: int, action: str, to: int | None) -> Event:
        """The first action of third street: the bring-in, or completing to the full bet."""
        kind, amount = legality.bring_in_decision(self, i, action, to)
        if kind == "fold":
            return self._fold(i)
        if kind == "bring_in":
            self._bring_in(i, amount)
            return self._record(i, "bring_in", amount)
        self._raise_to(i, amount)
        self._phase = BETTING
        return self._record(i, "complete", amount)

    def _bring_in(self, i: int, amount: int) -> None:
        """Seat ``i`` brings in ``amount`` (all it has, when short): the betting is open."""
        self._chips.put_in(i, amount)
        self._round.level = max(self._round.level, self.game.bring_in)
        self._phase = BETTING

    def _turn_to(self, j: int) -> int:
        """Hand the action to seat ``j``, settling first a sleeper held back until the action
        reaches it (house option ``sleeper_when_entered="returned"``, ``streets.settle_sleeper``)."""
        sleeper = self._forced.sleeping
        if sleeper is not None and j == self._pos[sleeper.seat]:
            event = streets.settle_sleeper(self, j)
            self.events.append(event)
            if event.kind == "post":
                j = legality.next_to_act(self, j)
            if j < 0:
                return CLOSE
        self._to_act = j
        return STAY

    def legal(self) -> Legal:
        """What the seat to act may do, with exact amounts (``legality.legal``)."""
        return legality.legal(self)

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
        """``act`` without keeping the input (a held action settled in turn is no new input): the
        input checked (``checks.act``), then a dispatch on the phase."""
        i, kind, amount, hold = checks.act(self, seat, action, to, discard)
        phase = self._phase
        if hold:
            return self._hold(i, kind, amount)
        if phase == SHOWDOWN:  # a seat asked whether it shows a hand that can no longer win (TDA 2024 R16-R18)
            return self._show(self._seats[i]) if kind == "show" else self._muck(self._seats[i])
        if phase == DRAW:
            return self._draw_act(i, kind, discard)
        if phase == BRING_IN:
            return self._bring_in_act(i, kind, amount)
        return self._bet(i, kind, amount)

    def _bet(self, i: int, action: str, amount: int | None) -> Event:
        """A seat's action in a betting round (``legality.bet_decision``)."""
        kind, to = legality.bet_decision(self, i, action, amount)
        if kind == "fold":
            return self._fold(i)
        if kind == "check" or kind == "call":
            bet = self._chips.bet[i]
            if to > bet:
                self._chips.put_in(i, to - bet)
        else:
            self._raise_to(i, to)
        return self._record(i, kind, to)

    def _raise_to(self, i: int, to: int) -> None:
        rnd = self._round
        # A completion is measured from no full bet, as in fixed limit: the bring-in is no bet.
        from_full = self._terms.structure == "fixed_limit" or legality.completing(self)
        if rnd.raise_to(i, to, fixed_limit=from_full) and turns.able(self._folded, self._chips.stack) > 2:
            rnd.cap_multiway()
        self._chips.put_in(i, to - self._chips.bet[i])

    def _hold(self, i: int, action: str, to: int | None) -> Event:
        """Keep an action seat ``i`` took out of turn, with the action it faced then, until its
        turn comes (house option ``oot_mode="hold"``, TDA 2024 R53-A/B)."""
        held = out_of_turn.Held(action, to, self._round.level, self._round.raises)
        self._street.held[i] = held
        event = out_of_turn.held_event(self._seats[i], held, self.street)
        self.events.append(event)
        return event

    def _settle_held(self, i: int) -> None:
        """At seat ``i``'s turn its held action is taken, or found void (``out_of_turn.stands``)."""
        held = self._street.held.pop(i, None)
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
        forced = self._forced
        if i == forced.killer:
            forced.killer = -1  # from here the order of action is the seating order again
        if self._folded.count(False) == 1:
            self._go(CLOSE)
            return event
        if forced.sleeping is not None and kind != "fold":
            forced.entered = True
        self._pass_on(i)
        return event

    def _pass_on(self, i: int) -> None:
        """The action passes on from seat ``i``: to the next seat that needs it, settling an
        action held for it, or the round is over."""
        nxt = legality.next_to_act(self, i)
        self._go(CLOSE if nxt < 0 else self._turn_to(nxt))
        if nxt >= 0 and self._street.held and self._to_act >= 0:
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
        i = checks.kill(self, seat)
        phase = self._phase
        self._street.held.pop(i, None)
        if i == self._to_act and phase in (BETTING, BRING_IN):
            if phase == BRING_IN and i == self._street.opening.bring_in_seat:  # the dead hand's bring-in is posted
                amount = min(self.game.bring_in, self._chips.stack[i])
                self._bring_in(i, amount)
                self.events.append(Event("bring_in", self._seats[i], amount, street=self.street))
            return self._fold(i, DEAD_HAND)
        self._folded[i] = True
        event = out_of_turn.kill_event(self._seats[i], self.street)
        self.events.append(event)
        if self._folded.count(False) == 1:  # the last live hand wins, as after folds
            self._shoe.awaiting = None
            self._drawing.owed.clear()
            self._go(CLOSE)
        elif phase == DRAW:
            self._drawing.drawn[i] = True
            self._go(self._next_draw())
        elif phase == CARDS_DUE:
            request = self._shoe.awaiting
            if request is not None and request.kind == "holes":
                self._go(streets.next_holes(self))  # a dead stud hand is dealt no more cards
        elif phase == BETTING and not turns.needs_to_act(self._to_act, self._folded, self._chips, self._round):
            self._pass_on(self._to_act)  # nobody is left for the seat to act to bet against
        return event

    # ------------------------------------------------------------------ streets
    def _close_round(self) -> int:
        """The betting round is over (``streets.close_round``): no seat acts, nothing is held or
        forced any more."""
        self._to_act = -1
        self._street.held.clear()
        self._forced.sleeping = None
        self._forced.killer = -1
        events, move, self._street.exposed = streets.close_round(self)
        self.events += events
        return move

    def _next_street(self) -> int:
        """The next street, its betting round open, and its first deal (``streets.next_deal``);
        after the last betting round the runs and the showdown."""
        self._street_index += 1
        if self._street_index >= self._terms.rounds:
            return RUNS
        self._round.new_street(self._forced.postflop_min_bet)
        self._start_round(first=0)
        return self._dealt(streets.next_deal(self))

    # ------------------------------------------------------------------ run it twice, rabbit hunting
    def run_it(self, times: object) -> Event:
        """Deal the rest of the board ``times`` times once no more betting can happen: each run
        shares the cards dealt so far, and each pot is split into ``times`` equal parts, one
        awarded by each run's board (chips that do not divide go to the first run). A home-game
        and cash-game custom the all-in players agree to, not a TDA rule (``citations.RUN_IT``)."""
        return self._run(checks.runs(times))

    def run_out(self) -> Event:
        """Deal the rest of the board once, as usual, in a hand that waits for its run-out
        (``wait_for_runout``): the players did not agree to run it more than once."""
        if self._phase != RUN_OUT:
            raise IllegalAction("cannot_run_it", "the hand is not waiting for its run-out", checks.R_RUN_IT)
        return self._run(1)

    def _run(self, times: int) -> Event:
        checks.run(self, times)
        event = runouts.choose(self._runout, times, self._board, self.street)
        self.events.append(event)
        self._inputs.append(Input("run_it", None, "", times))
        if self._phase == RUN_OUT:
            self._go(self._dealt(streets.deal_board(self, self.variant.board[self._street_index - 1])))
        return event

    def rabbit(self) -> tuple[Card, ...]:
        """After the hand, the cards that would have completed the board (rabbit hunting): the
        next cards of the same deck in deal order. It changes nothing: not the result, the
        record or the stacks. A home-game custom, never part of the hand."""
        checks.rabbit(self)
        return runouts.rabbit(self.variant, self._board, self._set_up.board, self._shoe.deck)

    # ------------------------------------------------------------------ open stakes
    def add_chips(self, seat: object, chips: object) -> Event:
        """Chips bought during the hand (open stakes, WIKI_BIP Open stakes): they join the stack
        behind and the starting stack, so ``result.net`` leaves the purchase out. Under table
        stakes nothing may be added during a hand (WIKI_BIP Table stakes)."""
        i, bought = checks.add_chips(self, seat, chips)
        self._chips.buy(i, bought)
        event = Event("add_chips", self._seats[i], bought, street=self.street, note="open stakes")
        self.events.append(event)
        self._inputs.append(Input("add_chips", self._seats[i], "", bought))
        return event

    # ------------------------------------------------------------------ showdown
    def show(self, seat: object, cards: CardsLike | Sequence[Card | None] | None = None) -> Event:
        """Reveal a hand: fills in unknown cards, or checks cards already known."""
        event = self._show(seat, cards)
        self._inputs.append(Input("show", event.seat, "", None, None if cards is None else event.cards))
        return event

    def _show(self, seat: object, cards: CardsLike | Sequence[Card | None] | None = None) -> Event:
        i, hole = checks.show(self, seat, cards)
        self._holes[i] = hole
        self._shown[i] = True
        event = Event("show", self._seats[i], cards=tuple(hole), street=self.street, seen_by=face_up(hole))
        self.events.append(event)
        self._maybe_resolve()
        return event

    def muck(self, seat: object) -> Event:
        """Give up a hand at showdown; it can win nothing."""
        event = self._muck(seat)
        self._inputs.append(Input("muck", event.seat))
        return event

    def _muck(self, seat: object) -> Event:
        i = checks.muck(self, seat)
        self._mucked[i] = True
        event = Event("muck", self._seats[i], street=self.street)
        self.events.append(event)
        self._maybe_resolve()
        return event

    def _maybe_resolve(self) -> None:
        if self._phase == SHOWDOWN:
            self._go(RUNS)

    # ------------------------------------------------------------------ spots
    def _set_up_spot(
        self, street: str, playing: Mapping[int, int], paid: Mapping[int, int], folded: object,
        board: CardsLike | None,
    ) -> None:
        """Turn a hand just dealt into the spot (``spots.place``), and open the street: its first
        deal, draw or betting."""
        self._board, self._street_index = spots.place(self, street, playing, paid, folded, board)
        self._start_round(first=0)
        if self._terms.stud:
            self._go(self._dealt(streets.stud_street(self)))  # the cards of the streets before, then the betting
        elif self.variant.family == "draw" and self._street_index:
            self._go(DRAWS)
        else:
            self._go(BET)

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
        hand._set_up = hand._set_up._replace(spot=True)
        return hand
