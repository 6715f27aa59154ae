"""The end of a hand, read from its state: the showdown (``awards.settle``: a replay waits for its
unknown hands, a dealt hand tables its hands in showdown order and asks a seat to show or muck)
and the awards (``awards.finish``: the hands ranked, every pot awarded and paid, the outcome).
Each function takes the hand's state and returns what ``Hand`` writes.
"""

from __future__ import annotations

from pokerfloor.hand import awards
from pokerfloor.hand.pots import Layer
from pokerfloor.hand.reading import HandState
from pokerfloor.hand.types import Event

Ranks = tuple[awards.Ranks, awards.Ranks]


def settle(h: HandState) -> tuple[list[Event], int, list[int] | None, Ranks | None, list[Layer]]:
    """The showdown, once the last betting round is over: the events, the seat asked to show or
    muck (or ``awards.WAIT``, or ``awards.DONE`` when the pots can be awarded), the seats that
    reached the showdown, their ranks and the pots."""
    pots = h._pot_layers()
    set_up, street = h._set_up, h._street
    events, asked, reached, ranks = awards.settle(
        h.variant, h._holes, h._board, h._runout.boards[: set_up.boards - 1], h._folded, (h._shown, h._mucked),
        h._chips.stack, pots, (set_up.manual, street.exposed, set_up.auto_muck), h._seats,
        h._round.last_aggressor, street.first,
    )
    return events, asked, reached, ranks, pots


def finish(
    h: HandState, showdown_seats: list[int] | None, ranks: Ranks | None, pots: list[Layer] | None
) -> tuple[awards.Outcome, list[Event]]:
    """End the hand: rank the hands shown down (if any), award every pot (``pots``, or the pots
    now), and return the outcome and the show and win events. The showdown order holds every seat
    that reached the showdown, mucked ones included."""
    if pots is None:
        pots = h._pot_layers()
    n, aggressor, first = len(h._seats), h._round.last_aggressor, h._street.first
    order = awards.showdown_order(n, aggressor, first, showdown_seats) if showdown_seats else []
    five_card = h.game.house.odd_chip_stud == "five_card_hand"
    return awards.finish(
        h.variant, h._holes, h._board, h._runout.boards, showdown_seats, order, ranks, pots, h._chips, h.events,
        (h._shown, h._mucked), h._seats, h._terms.min_chip, (five_card, h._terms.stud), h._set_up.boards > 1,
    )
