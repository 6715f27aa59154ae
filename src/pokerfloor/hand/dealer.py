"""The dealer: the cards a hand is given up front, the deck checks, the hole cards, the board and
the stud streets, from the hand's deck or, in manual dealing, by ``Hand.deal`` as a replay
supplies them (the hand then says what it waits for in ``awaiting_deal``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pokerfloor.cards import FULL_DECK, Card, CardsLike
from pokerfloor.errors import IllegalAction
from pokerfloor.hand import draw, stud
from pokerfloor.hand.given import cards_or_unknown
from pokerfloor.hand.types import DealRequest, Event, face_down, face_up

if TYPE_CHECKING:
    from pokerfloor.hand.state import Hand


def take_given_cards(hand: Hand, holes: Mapping[int, CardsLike] | None, board: CardsLike | None) -> None:
    """Hole cards and board cards given to the hand: checked, held, and taken out of the deck."""
    known: list[Card] = []
    for seat, cards in (holes or {}).items():
        if seat not in hand._pos:
            raise ValueError(f"cards given for seat {seat}, which is not dealt in")
        parsed = cards_or_unknown(cards)
        if len(parsed) != hand.variant.hole_cards and hand.variant.family == "flop":
            raise ValueError(f"seat {seat} needs {hand.variant.hole_cards} hole cards, got {len(parsed)}")
        hand._holes[hand._pos[seat]] = parsed
        known += [c for c in parsed if c is not None]
    hand._given_board = cards_or_unknown(board) if board is not None else []
    known += [c for c in hand._given_board if c is not None]
    check_deck(hand, known)
    hand._deck.remove(known)


def check_deck(hand: Hand, cards: Sequence[Card]) -> None:
    """Refuse cards the deck cannot hold: a card twice, or a card below the six in short deck."""
    if len(set(cards)) != len(cards):
        raise ValueError("a card is dealt twice")
    if hand.variant.short_deck:
        bad = [c for c in cards if c.rank < 6]
        if bad:
            raise ValueError(f"{bad[0]} is not in the short deck (6 to ace)")


def merge_shown(seat: int, held: Sequence[Card | None], shown: Sequence[Card | None]) -> list[Card | None]:
    """The seat's cards once ``shown`` (in the order held) is revealed: as many cards as it
    holds, each agreeing with any card already known; an unknown card shown stays as held.
    ``Hand.show`` and the PHH replay check a show with this one rule."""
    if len(shown) != len(held):
        raise ValueError(f"seat {seat} holds {len(held)} cards, {len(shown)} were shown")
    merged: list[Card | None] = []
    for dealt, card in zip(held, shown):
        if dealt is not None and card is not None and dealt != card:
            raise ValueError(f"seat {seat} was dealt {dealt}, not {card}")
        merged.append(dealt if card is None else card)
    return merged


def deal_holes(hand: Hand) -> None:
    """The first deal: hole cards (a stud game's third street), then the first betting round."""
    if hand._stud:
        deal_stud_street(hand)
        return
    count = hand.variant.hole_cards
    if hand._manual:
        request_next_deal(hand)
        return
    for i in range(hand._n):
        missing = count - len(hand._holes[i])
        if missing > 0:
            cards = hand._deck.deal(missing)
            hand._dealt += cards
            hand._holes[i] += cards
    hand._begin_betting()


def request_next_deal(hand: Hand) -> None:
    """Manual dealing: wait for the hole cards of the first seat still short of them, or go on."""
    for i in range(hand._n):
        missing = hand._cards_due(i) - len(hand._holes[i])
        if missing > 0:
            hand._awaiting = DealRequest("holes", hand._seats[i], missing)
            hand._to_act = -1
            return
    hand._awaiting = None
    hand._after_board_dealt()


def deal_stud_street(hand: Hand) -> None:
    """Deal a stud street: three cards to each seat (two down, one up) on third street, then
    one to each seat still in, the last one down; on seventh street a single community card
    instead when the stub cannot give everyone a card (TDA 2024 RP-10-H)."""
    live = [i for i in range(hand._n) if not hand._folded[i]]
    short = [i for i in live if hand._cards_due(i) > len(hand._holes[i])]
    if hand._street_index == len(hand.variant.streets) - 1 and short:
        undealt = len(FULL_DECK) - sum(len(h) for h in hand._holes)
        if stud.needs_community_card(undealt, len(short)):
            deal_board(hand, 1)
            return
    if hand._manual:
        request_next_deal(hand)
        return
    for i in short:
        position, missing = len(hand._holes[i]), hand._cards_due(i) - len(hand._holes[i])
        cards = hand._deck.deal(missing)
        hand._dealt += cards
        hand._holes[i] += cards
        note, faces = stud.deal_note(position, missing), stud.faces(position, missing)
        hand.events.append(
            Event("deal_hole", hand._seats[i], cards=tuple(cards), street=hand.street, note=note, seen_by=faces)
        )
    hand._after_board_dealt()


def deal(hand: Hand, cards: CardsLike | Sequence[Card | None], seat: int | None) -> Event:
    """Manual dealing: the cards the hand waits for (see ``Hand.deal``)."""
    request = hand._awaiting
    if request is None:
        raise IllegalAction("invalid_action", "no cards are due now")
    parsed = cards_or_unknown(cards)
    known = [c for c in parsed if c is not None]
    boards = [hand._board, *hand._run_boards]
    dealt = {c for h in hand._holes for c in h if c is not None} | {c for b in boards for c in b if c is not None}
    clash = [c for c in known if c in dealt]
    if clash:
        raise ValueError(f"{clash[0]} is dealt twice")
    check_deck(hand, known)
    if request.kind == "draw":
        return draw.deal_replacements(hand, seat, parsed)
    if request.kind == "holes":
        if seat is None or seat not in hand._pos:
            raise ValueError(f"hole cards need a seat dealt in, not {seat!r}")
        i = hand._pos[seat]
        need = hand._cards_due(i) - len(hand._holes[i])
        if len(parsed) != need:
            raise ValueError(f"seat {seat} needs {need} hole cards, got {len(parsed)}")
        note = stud.deal_note(len(hand._holes[i]), need) if hand._stud else ""
        faces = stud.faces(len(hand._holes[i]), need) if hand._stud else face_down(parsed)
        hand._holes[i] += parsed
        event = Event("deal_hole", seat, cards=tuple(parsed), street=hand.street, note=note, seen_by=faces)
        hand.events.append(event)
        request_next_deal(hand)
        return event
    if seat is not None:
        raise ValueError(f"the board is due now, not cards for seat {seat}")
    if len(parsed) != request.count:
        raise ValueError(f"the board needs {request.count} cards now, got {len(parsed)}")
    if request.run:
        hand._run_boards[request.run - 1] += parsed
        event = run_event(hand, request.run, parsed)
        hand._awaiting = None
        hand._showdown()
        return event
    hand._board += parsed
    event = Event("deal_board", None, cards=tuple(parsed), street=hand.street, seen_by=face_up(parsed))
    hand.events.append(event)
    hand._awaiting = None
    hand._after_board_dealt()
    return event


def deal_board(hand: Hand, count: int) -> None:
    """Deal ``count`` board cards: the given board's first, then the deck's (or, in manual
    dealing, wait for them)."""
    given = hand._given_board[len(hand._board) : len(hand._board) + count]
    cards: list[Card | None] = list(given)
    if len(cards) < count:
        if hand._manual:
            hand._awaiting = DealRequest("board", None, count)
            hand._to_act = -1
            return
        fresh = hand._deck.deal(count - len(cards))
        hand._dealt += fresh
        cards += fresh
    hand._board += cards
    hand.events.append(Event("deal_board", None, cards=tuple(cards), street=hand.street, seen_by=face_up(cards)))
    hand._after_board_dealt()


def deal_runs(hand: Hand) -> bool:
    """Deal the boards of the second and later runs (``Hand.run_it``), run by run and street by
    street, after the first run's board. Returns whether a manually dealt hand waits for a
    run's cards (``DealRequest.run`` says which run)."""
    ends = [sum(hand.variant.board[: k + 1]) for k in range(len(hand.variant.board))]
    for run in range(1, hand._runs):
        board = hand._run_boards[run - 1]
        for end in ends:
            count = end - len(board)
            if count <= 0:
                continue
            if hand._manual:
                hand._awaiting = DealRequest("board", None, count, run)
                hand._to_act = -1
                return True
            cards: list[Card | None] = list(hand._deck.deal(count))
            hand._dealt += [c for c in cards if c is not None]
            board += cards
            run_event(hand, run, cards)
    return False


def run_event(hand: Hand, run: int, cards: Sequence[Card | None]) -> Event:
    """The deal of a later run's street: face up, its street named and its run in the note."""
    streets = hand.variant.streets
    ends = [sum(hand.variant.board[: k + 1]) for k in range(len(hand.variant.board))]
    dealt = len(hand._run_boards[run - 1])
    street = streets[1 + ends.index(dealt)] if dealt in ends else ""
    event = Event("deal_board", None, cards=tuple(cards), street=street, note=f"run {run + 1}", seen_by=face_up(cards))
    hand.events.append(event)
    return event
