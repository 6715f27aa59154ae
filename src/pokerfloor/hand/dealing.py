"""Dealing, a step of the hand: the deck a hand deals from (``Shoe``: the deck, its randomness
and every card dealt, in order, for the record), the hole cards of the first deal, a stud
street's cards with how each lies, the board's cards (the given board's first), the events of a
later run's or board's cards, and the checks of cards dealt by hand (``Hand.deal``).

The functions take the cards they change (the seats' holes, the shoe) and return the events;
``Hand`` decides what comes next (betting, a card due, the showdown).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from pokerfloor.cards import Card, CardsLike, Deck, Shuffler
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import dealer, stud
from pokerfloor.hand.given import cards_or_unknown
from pokerfloor.hand.types import DealRequest, Event, face_down, face_up
from pokerfloor.rules import Variant

_new: Final = tuple.__new__
"""Builds an ``Event`` with one C call, its eight fields in order (state.py does the same)."""

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Shoe:
    """The deck a hand deals from, the randomness that shuffles it (a draw's reshuffle too), the
    seed it was drawn from when the hand drew its own (``Hand.seed``), every card it dealt, in
    order (``HandRecord.dealt``), and the cards a manually dealt hand waits for (``awaiting``)."""

    def __init__(self, deck: Deck, rng: Shuffler, seed: bytes | None) -> None:
        self.deck = deck
        self.rng = rng
        self.seed = seed
        self.dealt: list[Card] = []
        self.awaiting: DealRequest | None = None

    def deal(self, count: int) -> list[Card]:
        cards = self.deck.deal(count)
        self.dealt += cards
        return cards


def cards_due(variant: Variant, stud_game: bool, folded: bool, held: int, street_index: int, board: int) -> int:
    """How many cards a seat holding ``held`` holds once the deal under way is done: the hole
    cards of a flop or draw game; in stud its cards of the street (a folded hand gets none, and
    a community card on seventh street counts for every seat)."""
    if not stud_game:
        return variant.hole_cards
    if folded:
        return held
    return stud.cards_due(min(street_index, len(variant.streets) - 1)) - board


def deal_holes(shoe: Shoe, holes: list[list[Card | None]], count: int) -> None:
    """The first deal of a flop or draw game: each seat up to ``count`` hole cards, those it was
    given first (one call to the deck deals what a call per seat would)."""
    missing = [max(0, count - len(hole)) for hole in holes]
    cards = shoe.deal(sum(missing))
    at = 0
    for i in range(len(holes)):
        if missing[i] > 0:
            holes[i] += cards[at : at + missing[i]]
            at += missing[i]


def deal_stud(
    shoe: Shoe, holes: list[list[Card | None]], short: list[int], due: list[int], seats: list[int], street: str
) -> list[Event]:
    """A stud street: each seat of ``short`` (by index) dealt up to its ``due`` cards, with how they
    lie (third street two down and one up, the last card down; STUD_PAGES)."""
    events: list[Event] = []
    for i, count in zip(short, due):
        position, missing = len(holes[i]), count - len(holes[i])
        cards = shoe.deal(missing)
        holes[i] += cards
        note, faces = stud.deal_note(position, missing), stud.faces(position, missing)
        events.append(_new(Event, ("deal_hole", seats[i], None, tuple(cards), street, note, faces, None)))
    return events


def checked(
    cards: CardsLike | Sequence[Card | None], holes: list[list[Card | None]], boards: list[list[Card | None]],
    variant: Variant,
) -> list[Card | None]:
    """Cards dealt by hand (``Hand.deal``), read (``??`` is a card nobody saw) and checked: none
    dealt already, all of the game's deck."""
    parsed = cards_or_unknown(cards)
    known = [c for c in parsed if c is not None]
    dealt = {c for h in holes for c in h if c is not None} | {c for b in boards for c in b if c is not None}
    clash = [c for c in known if c in dealt]
    if clash:
        raise InvalidArgument(f"{clash[0]} is dealt twice")
    dealer.check_deck(known, variant)
    return parsed


def hole_event(seat: int, cards: list[Card | None], position: int, stud_game: bool, street: str) -> Event:
    """Hole cards dealt by hand to ``seat``, which held ``position`` cards: face down, or in stud
    as the street deals them."""
    note = stud.deal_note(position, len(cards)) if stud_game else ""
    faces = stud.faces(position, len(cards)) if stud_game else face_down(cards)
    return _new(Event, ("deal_hole", seat, None, tuple(cards), street, note, faces, None))


def board_event(cards: Sequence[Card | None], street: str) -> Event:
    """Board cards, face up."""
    return _new(Event, ("deal_board", None, None, tuple(cards), street, "", face_up(cards), None))


def street_ends(variant: Variant) -> list[int]:
    """How many board cards there are once each street is dealt (3, 4, 5 in hold'em)."""
    return [sum(variant.board[: k + 1]) for k in range(len(variant.board))]


def run_event(variant: Variant, run: int, cards: Sequence[Card | None], dealt: int, double_board: bool) -> Event:
    """A later run's (or a double board's second board's) street, its ``dealt`` cards now out:
    face up, its street named and its run or board in the note."""
    ends = street_ends(variant)
    street = variant.streets[1 + ends.index(dealt)] if dealt in ends else ""
    note = f"{'board' if double_board else 'run'} {run + 1}"
    return _new(Event, ("deal_board", None, None, tuple(cards), street, note, face_up(cards), None))


def deal_other_boards(
    shoe: Shoe, variant: Variant, boards: list[list[Card | None]], first: int, total: int, count: int, manual: bool
) -> tuple[list[Event], DealRequest | None]:
    """A double board: this street's ``count`` cards on the other boards (``boards``, those after
    the first), from board ``first`` on (by index; 0 is the first board) up to board ``total``.
    Returns their events and, in a manually dealt hand, the request for the cards it waits for."""
    events: list[Event] = []
    for board in range(first, total):
        if manual:
            return events, DealRequest("board", None, count, board)
        cards: list[Card | None] = list(shoe.deal(count))
        boards[board - 1] += cards
        events.append(run_event(variant, board, cards, len(boards[board - 1]), True))
    return events, None


def deal_runs(
    shoe: Shoe, variant: Variant, boards: list[list[Card | None]], times: int, manual: bool, double_board: bool
) -> tuple[list[Event], DealRequest | None]:
    """Deal the boards of the second and later runs (``Hand.run_it``; ``boards``, those after the
    first), run by run and street by street, after the first run's board. Returns their events
    and, in a manually dealt hand, the request for the run's cards it waits for
    (``DealRequest.run`` says which run)."""
    events: list[Event] = []
    ends = street_ends(variant)
    for run in range(1, times):
        board = boards[run - 1]
        for end in ends:
            count = end - len(board)
            if count <= 0:
                continue
            if manual:
                return events, DealRequest("board", None, count, run)
            cards: list[Card | None] = list(shoe.deal(count))
            board += cards
            events.append(run_event(variant, run, cards, len(board), double_board))
    return events, None
