"""Manual dealing (``dealing="manual"``): the cards a hand waits for, served by the dealer
(``Hand.deal``). ``serve`` checks the cards against the request (``Shoe.awaiting``) and the cards
already out, puts them where they belong (a seat's draw, its hole cards, the board or a run's
board) and returns the event and the move after it (``phase``); ``Hand`` writes its state.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerfloor.cards import Card, CardsLike
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import dealing, draw
from pokerfloor.hand.legality import cards_due
from pokerfloor.hand.phase import BOARDS, DRAWN, HOLES, RUNS
from pokerfloor.hand.reading import HandState
from pokerfloor.hand.types import Event


def serve(h: HandState, cards: CardsLike | Sequence[Card | None], seat: int | None) -> tuple[Event, int, int]:
    """The cards the hand waits for, dealt: the event, the move after it (``DRAWN``, ``HOLES``,
    ``RUNS`` or ``BOARDS``) and, for ``BOARDS``, the first of the other boards that are dealt the
    same street next (a double board)."""
    request = h._shoe.awaiting
    if request is None:
        raise IllegalAction("invalid_action", "no cards are due now")
    parsed = dealing.checked(cards, h._holes, [h._board, *h._runout.boards], h.variant)
    if request.kind == "draw":
        return draw.serve(h._drawing, h._seats, seat, parsed, h._holes, h.street), DRAWN, 0
    if request.kind == "holes":
        if seat is None or seat not in h._pos:
            raise InvalidArgument(f"hole cards need a seat dealt in, not {seat!r}")
        i = h._pos[seat]
        need = cards_due(h, i) - len(h._holes[i])
        if len(parsed) != need:
            raise InvalidArgument(f"seat {seat} needs {need} hole cards, got {len(parsed)}")
        event = dealing.hole_event(seat, parsed, len(h._holes[i]), h._terms.stud, h.street)
        h._holes[i].extend(parsed)
        return event, HOLES, 0
    if seat is not None:
        raise InvalidArgument(f"the board is due now, not cards for seat {seat}")
    if len(parsed) != request.count:
        raise InvalidArgument(f"the board needs {request.count} cards now, got {len(parsed)}")
    h._shoe.awaiting = None
    double = h._set_up.boards > 1
    if request.run:
        board = h._runout.boards[request.run - 1]
        board.extend(parsed)
        event = dealing.run_event(h.variant, request.run, parsed, len(board), double)
        return event, BOARDS if double else RUNS, request.run + 1
    h._board.extend(parsed)
    return dealing.board_event(parsed, h.street), BOARDS, 1
