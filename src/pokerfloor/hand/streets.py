"""The end of a betting round and the start of the next street (docs/rules.md §1.5): the uncalled
part of a bet goes back (TDA 2024 R15-B), a hand left alone wins, the hands are faced up once no
more betting can happen (R16), and the next street is dealt, drawn to, or waits for its run-out
choice. The functions take the state they need and return their events and the move that
follows (``phase``); ``Hand`` writes its state.
"""

from __future__ import annotations

from typing import Final

from pokerfloor.hand.betting import Chips
from pokerfloor.hand.phase import FINISH, STREET
from pokerfloor.hand.types import Event

_new: Final = tuple.__new__
"""Builds an ``Event`` with one C call, its eight fields in order (state.py does the same)."""

EXPOSE_NOTE: Final = "no more betting is possible: all hands face up (TDA 2024 R16)"

def close_round(
    chips: Chips, folded: list[bool], seats: list[int], street: str, exposed: bool, draws_to_come: bool
) -> tuple[list[Event], int, bool]:
    """Close the betting round: the uncalled part of a bet goes back to its seat, the bets go in
    the middle. Returns the events, the move after it (``FINISH`` when one hand is left, else
    ``STREET``) and whether the hands are face up now: once fewer than two live hands have chips
    behind, unless draws (decisions still to come, house option ``draw_all_in_tabling``) remain."""
    events: list[Event] = []
    returned = chips.return_uncalled()
    if returned is not None:
        note = "uncalled bet returned"
        events.append(_new(Event, ("return", seats[returned[0]], returned[1], (), street, note, (), None)))
    chips.new_street()
    live = [j for j in range(len(seats)) if not folded[j]]
    if len(live) == 1:
        return events, FINISH, exposed
    if sum(1 for j in live if chips.stack[j] > 0) < 2 and not exposed and not draws_to_come:
        exposed = True
        events.append(_new(Event, ("expose", None, None, (), "", EXPOSE_NOTE, (), None)))
    return events, STREET, exposed

