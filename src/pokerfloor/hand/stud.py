"""Seven-card stud rules that follow from the cards showing (docs/rules.md §2.6, §4, §6).

Who brings in, who acts first from fourth street, whether an open pair shows on fourth street,
whether seventh street needs a community card, and who takes the odd chip. Pure functions of
the cards; the hand (``state.py``) asks them at the start of each street and at the showdown,
and plays the bring-in.

Cards are dealt in order: the first two down, the third up (the door card), fourth to sixth
street up, seventh street down. So a seat's upcards are its cards 3 to 6, whatever was dealt.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any

from pokerfloor.cards import Card, Rank
from pokerfloor.hand.types import FACE_DOWN, FACE_UP, Seen

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Opening:
    """Who opens a stud betting round (``opening``), by index: the seat forced to bring in (-1
    for none: a bring-in all in on the ante), the seat that opened the round in play (``opened``,
    left of an all-in opener) and whether an open pair allows the big bet (``open_pair``)."""

    def __init__(self) -> None:
        self.bring_in_seat = -1
        self.opened = -1
        self.open_pair = False

FIRST_DEAL = 3
"""Third street: two cards down and one up."""
LAST_UPCARD = 6
"""Cards 3 to 6 (third to sixth street) are dealt face up."""


def cards_due(street_index: int) -> int:
    """How many cards a live seat holds once the street is dealt: 3 on third street, then one more."""
    return FIRST_DEAL + street_index


def is_upcard(position: int) -> bool:
    """Whether the card dealt at this position (0-based, in dealing order) is dealt face up."""
    return FIRST_DEAL - 1 <= position < LAST_UPCARD


def upcards(hole: Sequence[Card | None], dealt: int | None = None) -> list[Card | None]:
    """The cards a seat shows: its third to sixth card, of the first ``dealt`` it holds."""
    held = hole if dealt is None else hole[:dealt]
    return list(held[FIRST_DEAL - 1 : LAST_UPCARD])


def faces(position: int, count: int) -> tuple[Seen, ...]:
    """Who may see each card of one deal, dealt from this position on: upcards everyone, the
    rest only their seat."""
    return tuple(FACE_UP if is_upcard(p) else FACE_DOWN for p in range(position, position + count))


def deal_note(position: int, count: int) -> str:
    """How the cards of one deal lie, for its event: ``"2 down, 1 up"``, ``"up"``, ``"down"``."""
    faces = ["up" if is_upcard(p) else "down" for p in range(position, position + count)]
    runs: list[tuple[str, int]] = []
    for face in faces:
        if runs and runs[-1][0] == face:
            runs[-1] = (face, runs[-1][1] + 1)
        else:
            runs.append((face, 1))
    if len(runs) == 1 and runs[0][1] == 1:
        return runs[0][0]
    return ", ".join(f"{n} {face}" for face, n in runs)


def card_order(card: Card, *, ace_low: bool) -> tuple[int, int]:
    """A card's place when cards are compared by rank, then suit (clubs lowest, spades highest)."""
    rank = 1 if ace_low and card.rank == Rank.ACE else int(card.rank)
    return rank, int(card.suit)


def bring_in_index(doors: Sequence[Card | None], *, razz: bool, tiebreak: str) -> int | None:
    """Which door card brings in, as an index into ``doors`` (dealing order, from the dealer's left).

    The lowest upcard brings in, aces high, equal ranks broken by suit with clubs lowest; in razz
    the highest upcard, aces low, with the highest suit (RROP11 stud and razz; STUD_PAGES;
    docs/rules.md §2.6). House option ``bring_in_tiebreak="proximity"`` breaks equal ranks by seat
    instead: the first of them from the dealer's left. Unknown door cards (a replay that never
    saw them) cannot be compared and are passed over; ``None`` when no door card is known.
    """
    known = [(i, card) for i, card in enumerate(doors) if card is not None]
    if not known:
        return None
    sign = 1 if razz else -1

    def brings_in_first(item: tuple[int, Card]) -> tuple[int, int]:
        index, card = item
        rank, suit = card_order(card, ace_low=razz)
        second = -index if tiebreak == "proximity" else sign * suit
        return sign * rank, second

    return max(known, key=brings_in_first)[0]


def showing_value(up: Sequence[Card], *, razz: bool) -> tuple[int, ...]:
    """How good the upcards are for deciding who acts first: greater acts first.

    Only pairs, trips and quads count, never straights or flushes (STUD_PAGES). The best high
    hand showing acts first in stud and stud hi-lo; the best low hand, aces low and pairs bad,
    in razz (RROP11 stud; TDA 2024 R17-A).
    """
    counts = Counter(card_order(card, ace_low=razz)[0] for card in up)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    value = tuple(n for _, n in groups) + tuple(rank for rank, _ in groups)
    return tuple(-v for v in value) if razz else value


def first_to_act(showing: Mapping[int, Sequence[Card | None]], *, razz: bool, tiebreak: str) -> int:
    """Who acts first on fourth street and later, among the seats still in (by index, dealing order).

    Equal hands showing are broken by the high card by suit (TDA 2024 RP-10-D, in stud and razz
    alike) or, under ``bring_in_tiebreak="proximity"``, by the first of them from the dealer's
    left. Seats with an unknown upcard (replays) are passed over while any seat shows all of its.
    """
    order = sorted(showing)
    readable = {i: [c for c in showing[i] if c is not None] for i in order if None not in showing[i]}
    if not readable:
        return order[0]
    values = {i: showing_value(up, razz=razz) for i, up in readable.items()}
    best = max(values.values())
    tied = [i for i in readable if values[i] == best]
    if len(tied) == 1 or tiebreak == "proximity":
        return tied[0]
    return max(tied, key=lambda i: max(card_order(c, ace_low=razz) for c in readable[i]))


def open_pair(showing: Sequence[Sequence[Card | None]]) -> bool:
    """Whether any seat still in shows a pair on fourth street (docs/rules.md §4)."""
    for up in showing:
        ranks = [c.rank for c in up if c is not None]
        if len(ranks) != len(set(ranks)):
            return True
    return False


def needs_community_card(undealt: int, players: int) -> bool:
    """Whether seventh street is one community card instead of a card to each player.

    TDA 2024 RP-10-H counts the players, a burn card and the last card, which is never dealt,
    against the stub plus the three earlier burns; the engine deals no burn cards, so its
    undealt cards are exactly that stub plus burns. Not enough: one card face up in the middle
    plays for everyone (RP-10-H B/C; POKERSTARS_RESHUFFLE).
    """
    return undealt < players + 2


def best_five(
    cards: Sequence[Card], rank: Callable[[Sequence[Card], Sequence[Card]], int | None], *, ace_low: bool = False
) -> list[Card]:
    """The five cards that make a hand under ``rank(hole, board)`` (greater is better; ``None``
    is no hand).

    When several fives rank the same (equal ranks in other suits), the one holding the highest
    card by suit, which is the one that speaks for the player's odd chip.
    """
    if len(cards) <= 5:
        return list(cards)
    scored = [(rank(five, ()), five) for five in combinations(cards, 5)]
    made = [(value, five) for value, five in scored if value is not None]
    if not made:
        return list(cards)
    top = max(value for value, _ in made)
    fives = [five for value, five in made if value == top]
    return list(max(fives, key=lambda five: max(card_order(c, ace_low=ace_low) for c in five)))


def odd_chip_order(hands: Mapping[int, Sequence[Card]], *, ace_low: bool) -> list[int]:
    """Tied winners in the order they take odd chips: highest card by suit first.

    TDA 2024 R20-B reads the card from the player's 5-card hand, RROP11 from all of the player's
    cards (house option ``odd_chip_stud``); the caller passes the cards that count. In a low half
    (razz, the low of stud hi-lo) the ace counts low.
    """
    return sorted(hands, key=lambda seat: max(card_order(c, ace_low=ace_low) for c in hands[seat]), reverse=True)


def opening(
    showing: Mapping[int, Sequence[Card | None]],
    seats: int,
    *,
    bring_in: bool,
    razz: bool,
    tiebreak: str,
    open_pair_rule: bool,
) -> tuple[int, bool, bool]:
    """Who opens a stud round, by seat index, from the cards ``showing`` of the live seats:
    ``(first, bring_in, open_pair)``. On third street with a ``bring_in`` the lowest door card
    (highest in razz) brings in; otherwise the best hand showing (lowest in razz) acts first,
    and on fourth street in seven-card stud high only (``open_pair_rule``) an open pair makes
    the big bet an option (stud hi-lo and razz keep the small bet: "an open pair does not affect
    the limit"; RROP11 stud; TDA 2024 R17-A, RP-10; house options ``bring_in_tiebreak`` and
    ``stud_open_pair_option``). A game without a bring-in opens third street like the later
    ones, with the best door card (STUD_PAGES)."""
    if bring_in:
        doors = [showing[i][0] if showing.get(i) else None for i in range(seats)]
        low = bring_in_index(doors, razz=razz, tiebreak=tiebreak)
        return (0 if low is None else low), True, False
    first = first_to_act(showing, razz=razz, tiebreak=tiebreak)
    return first, False, open_pair_rule and open_pair(list(showing.values()))
