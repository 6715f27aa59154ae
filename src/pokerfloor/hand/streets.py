"""The end of a betting round and the start of the next street (docs/rules.md §1.5): the uncalled
part of a bet goes back (TDA 2024 R15-B), a hand left alone wins, the hands are faced up once no
more betting can happen (R16), and the next street is dealt, drawn to, or waits for its run-out
choice. The functions take the state they need and return their events and the move that
follows (``phase``); ``Hand`` writes its state.
"""

from __future__ import annotations

from typing import Final

from pokerfloor.cards import Card
from pokerfloor.hand import dealing, posting, stud
from pokerfloor.hand.legality import cards_due
from pokerfloor.hand.phase import BET, CHOOSE, DEALT, DRAWS, FINISH, SETTLE, STREET, WAIT
from pokerfloor.hand.reading import HandState
from pokerfloor.hand.types import DealRequest, Event

_new: Final = tuple.__new__
"""Builds an ``Event`` with one C call, its eight fields in order (state.py does the same)."""

EXPOSE_NOTE: Final = "no more betting is possible: all hands face up (TDA 2024 R16)"

def close_round(h: HandState) -> tuple[list[Event], int, bool]:
    """Close the betting round: the uncalled part of a bet goes back to its seat, the bets go in
    the middle. Returns the events, the move after it (``FINISH`` when one hand is left, else
    ``STREET``) and whether the hands are face up now: once fewer than two live hands have chips
    behind, unless draws (decisions still to come, house option ``draw_all_in_tabling``) remain:
    the hands stay hidden until they are made."""
    chips, folded, seats, exposed = h._chips, h._folded, h._seats, h._street.exposed
    draws_to_come = h._terms.draw and h._street_index < h._terms.rounds - 1 and (
        h.game.house.draw_all_in_tabling == "after_draws"
    )
    events: list[Event] = []
    returned = chips.return_uncalled()
    if returned is not None:
        note = "uncalled bet returned"
        events.append(_new(Event, ("return", seats[returned[0]], returned[1], (), h.street, note, (), None)))
    chips.new_street()
    live = [j for j in range(len(seats)) if not folded[j]]
    if len(live) == 1:
        return events, FINISH, exposed
    if sum(1 for j in live if chips.stack[j] > 0) < 2 and not exposed and not draws_to_come:
        exposed = True
        events.append(_new(Event, ("expose", None, None, (), "", EXPOSE_NOTE, (), None)))
    return events, STREET, exposed


def settle_sleeper(h: HandState, j: int) -> Event:
    """The sleeper held back until the action reaches seat ``j`` (``posting.settle_sleeper``)."""
    game = h.game
    return posting.settle_sleeper(
        h._forced, j, h._chips, h._round, h._terms.structure, game.house, game.big_blind, h.street
    )


# The deals of a street. Each takes the hand's state, deals into its cards (or, in manual
# dealing, names the cards due in ``Shoe.awaiting`` and returns ``WAIT``) and returns the events
# and the move after it; ``Hand`` writes the events and makes the move.


def next_deal(h: HandState) -> tuple[list[Event], int]:
    """A later street's first step, its betting round open: a stud street's cards, the draw
    (``DRAWS``), the wait for the run-out choice (``CHOOSE``: the players may agree to run the rest
    of the board more than once, when the deck can deal it twice), or the board's cards."""
    if h._terms.stud:
        return stud_street(h)
    if h._terms.draw:
        return [], DRAWS
    set_up = h._set_up
    waits = h._street.exposed and set_up.wait_for_runout and not h._runout.chosen and set_up.boards == 1
    if waits and h.max_runs >= 2:
        return [], CHOOSE
    return deal_board(h, h._terms.board[h._street_index - 1])


def deal_holes(h: HandState) -> tuple[list[Event], int]:
    """The first deal: hole cards (a stud game's third street), then the first betting round."""
    if h._terms.stud:
        return stud_street(h)
    if h._set_up.manual:
        return [], next_holes(h)
    dealing.deal_holes(h._shoe, h._holes, h._terms.hole_cards)
    return [], BET


def next_holes(h: HandState) -> int:
    """Manual dealing: wait for the hole cards of the first seat still short of them, or go on."""
    for i in range(len(h._seats)):
        missing = cards_due(h, i) - len(h._holes[i])
        if missing > 0:
            h._shoe.awaiting = DealRequest("holes", h._seats[i], missing)
            return WAIT
    h._shoe.awaiting = None
    return DEALT


def stud_street(h: HandState) -> tuple[list[Event], int]:
    """Deal a stud street: three cards to each seat (two down, one up) on third street, then one
    to each seat still in, the last one down; on seventh street a single community card instead
    when the stub cannot give everyone a card (TDA 2024 RP-10-H)."""
    live = [i for i in range(len(h._seats)) if not h._folded[i]]
    short = [i for i in live if cards_due(h, i) > len(h._holes[i])]
    if h._street_index == len(h.variant.streets) - 1 and short:
        undealt = len(h.variant.cards) - sum(len(hole) for hole in h._holes)
        if stud.needs_community_card(undealt, len(short)):
            return deal_board(h, 1)
    if h._set_up.manual:
        return [], next_holes(h)
    due = [cards_due(h, i) for i in short]
    return dealing.deal_stud(h._shoe, h._holes, short, due, h._seats, h.street), DEALT


def deal_board(h: HandState, count: int) -> tuple[list[Event], int]:
    """Deal ``count`` board cards: the given board's first, then the deck's (or, in manual
    dealing, wait for them); then the other boards of a double board."""
    cards: list[Card | None] = list(h._set_up.board[len(h._board) : len(h._board) + count])
    if len(cards) < count:
        if h._set_up.manual:
            h._shoe.awaiting = DealRequest("board", None, count)
            return [], WAIT
        cards += h._shoe.deal(count - len(cards))
    h._board.extend(cards)
    event = dealing.board_event(cards, h.street)
    if h._set_up.boards == 1:
        return [event], DEALT
    events, move = other_boards(h, 1, count)
    return [event, *events], move


def other_boards(h: HandState, first: int, count: int) -> tuple[list[Event], int]:
    """A double board: this street's cards on the other boards, from board ``first`` on
    (``dealing.deal_other_boards``), or the wait for them in manual dealing."""
    if h._set_up.boards == 1:
        return [], DEALT
    set_up = h._set_up
    events, request = dealing.deal_other_boards(
        h._shoe, h.variant, h._runout.boards, first, set_up.boards, count, set_up.manual
    )
    if request is None:
        return events, DEALT
    h._shoe.awaiting = request
    return events, WAIT


def runs(h: HandState) -> tuple[list[Event], int]:
    """The last betting round is over: the boards of the other runs (``run_it``) are dealt, or
    waited for, then the showdown."""
    if h._runout.times <= 1:
        return [], SETTLE
    set_up = h._set_up
    events, request = dealing.deal_runs(
        h._shoe, h.variant, h._runout.boards, h._runout.times, set_up.manual, set_up.boards > 1
    )
    if request is None:
        return events, SETTLE
    h._shoe.awaiting = request
    return events, WAIT
