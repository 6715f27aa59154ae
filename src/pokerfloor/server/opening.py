"""Who opens a stud street, in words for the page: "Seat 3 brings in: lowest up card 2♣",
"Seat 5 acts first: a pair of kings showing", "Seat 4 acts first: seat 3, lowest up card 2♣, is
all in" (the seat the rule names is all in, for the ante say: the betting starts on its left,
TDA 2024 RP-10-E).

The engine decides who and by which rule (``Table.opener``: the bring-in, or the best hand
showing; ``hand/stud.py``); this only says why, from the up cards everyone sees. Ties between
hands showing are named as the engine breaks them (TDA 2024 RP-10-D: the high card by suit; or
the house's ``bring_in_tiebreak="proximity"``), read with ``stud.showing_value``, the rule's own
measure of a hand showing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pokerfloor.cards import Card
from pokerfloor.hand import stud
from pokerfloor.hand.view import SeatView
from pokerfloor.server.showdown import RANK_WORDS
from pokerfloor.table import Table

SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
PLURALS = {"2": "deuces", "3": "threes", "4": "fours", "5": "fives", "6": "sixes", "7": "sevens", "8": "eights",
           "9": "nines", "T": "tens", "J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}


def card_words(card: Card) -> str:
    """``2♣``, ``10♦``: a card as the page shows it."""
    text = str(card)
    return ("10" if text[0] == "T" else text[0]) + SUITS[text[1]]


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "ae" else f"a {word}"


def hand_words(up: Sequence[Card], *, razz: bool) -> str:
    """What a seat's up cards make, as a dealer says it: "three kings", "two pair, kings and
    fives", "a pair of kings", "ace-king" (no pair, highest first; aces low in razz), "an ace"
    (one card). Only pairs, trips and quads count, never straights or flushes (STUD_PAGES)."""
    def rank(letter: str) -> int:
        return 1 if razz and letter == "A" else "23456789TJQKA".index(letter) + 2

    counts = Counter(str(card)[0] for card in up)
    groups = sorted(counts.items(), key=lambda item: (item[1], rank(item[0])), reverse=True)
    top, times = groups[0]
    if times == 4:
        return f"four {PLURALS[top]}"
    if times == 3:
        return f"three {PLURALS[top]}"
    if times == 2 and len(groups) > 1 and groups[1][1] == 2:
        return f"two pair, {PLURALS[top]} and {PLURALS[groups[1][0]]}"
    if times == 2:
        return f"a pair of {PLURALS[top]}"
    if len(groups) == 1:
        return _a(RANK_WORDS[top])
    return "-".join(RANK_WORDS[letter] for letter, _ in groups)


def upcards(view: SeatView) -> dict[int, list[Card]]:
    """Each live seat's up cards, from a view of the hand (the rail's shows them all): its third
    to sixth card (``stud.is_upcard``)."""
    live = [seat for seat in view.seats if seat not in view.folded]
    return {seat: [c for i, c in enumerate(view.holes[seat]) if stud.is_upcard(i) and c is not None] for seat in live}


def passed_over(view: SeatView) -> tuple[int, str]:
    """The seat the rule names to open the street in play, all in when the betting starts on its
    left (``Table.opener``'s ``"left_of_all_in"``), and that rule (``"bring_in"`` or
    ``"showing"``): the rule's own choice (``stud.opening``) from the up cards of ``view``, the
    rail's view of the hand."""
    shown = upcards(view)
    order = {seat: i for i, seat in enumerate(view.seats)}
    bring_in = view.street == "third" and bool(view.game.bring_in)
    first, _, _ = stud.opening(
        {order[seat]: cards for seat, cards in shown.items()}, len(view.seats),
        bring_in=bring_in, razz=view.game.variant_spec.high == "none",
        tiebreak=view.game.house.bring_in_tiebreak, open_pair_rule=False,
    )
    return view.seats[first], "bring_in" if bring_in else "showing"


def why(view: SeatView, seat: int, rule: str) -> str:
    """Why ``seat`` opens the street under ``rule`` (``Table.opener``), from the up cards of
    ``view``, the rail's view of the hand."""
    if rule == "left_of_all_in":
        passed, named = passed_over(view)
        return f"seat {passed}, {why(view, passed, named)}, is all in"
    razz = view.game.variant_spec.high == "none"
    shown = upcards(view)
    up = shown[seat]
    if rule == "bring_in":
        return f"{'highest' if razz else 'lowest'} up card {card_words(up[0])}"
    made = hand_words(up, razz=razz)
    said = f"lowest hand showing: {made}" if razz else f"{made}{' high' if '-' in made else ''} showing"
    value = stud.showing_value(up, razz=razz)
    tied = [other for other, cards in shown.items() if other != seat and stud.showing_value(cards, razz=razz) == value]
    if not tied:
        return said
    if view.game.house.bring_in_tiebreak == "proximity":
        return f"{said}, the first of the equal hands from the dealer's left"
    best = max(up, key=lambda card: stud.card_order(card, ace_low=razz))
    return f"{said}, {card_words(best)} the highest card by suit of the equal hands"


def opener_json(table: Table) -> dict[str, Any] | None:
    """``{seat, street, rule, why, words}`` for the stud street in play (``Table.opener``), or
    ``None``: "Seat 3 brings in: lowest up card 2♣", "Seat 5 acts first: a pair of kings
    showing", "Seat 4 acts first: seat 3, lowest up card 2♣, is all in" (docs/protocol.md, the
    update's ``opener``; ``None`` too once that seat has folded). Read through ``Table`` alone:
    its opener and the rail's view of the hand."""
    opened = table.opener
    view = None if opened is None else table.view(None)
    if opened is None or view is None:
        return None
    seat, rule = opened
    if seat in view.folded:  # the seat that opened the street has folded: its up cards are gone
        return None
    reason = why(view, seat, rule)
    verb = "brings in" if rule == "bring_in" else "acts first"
    return {"seat": seat, "street": view.street, "rule": rule, "why": reason, "words": f"Seat {seat} {verb}: {reason}"}
