"""Draw games: what a seat may throw away, and where its replacement cards come from.

Each player in turn, from the button's left, discards any number of cards (none is standing
pat) and is dealt as many. The stub's last card is never dealt; when the stub cannot complete
a draw, the cards discarded so far by the other players are shuffled with it into a new stub
(RROP11 draw; POKERSTARS_RESHUFFLE: a player never gets back a card of their own discards).
The draw is a step of the hand (``Drawing`` and the functions after it): each seat's turn to
draw and, in manual dealing, its replacement cards as ``Hand.deal`` supplies them. They take
the cards and the ``Drawing`` they change and return the events; the hand moves on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from pokerfloor import citations as cite
from pokerfloor.cards import Card, Deck, Shuffler
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand.given import cards_or_unknown
from pokerfloor.hand.types import DealRequest, Event, face_down

_new: Final = tuple.__new__
"""Builds an ``Event`` with one C call, its eight fields in order (state.py does the same)."""

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls

R_DRAW = cite.DRAW


def kept_after_discard(
    held: Sequence[Card | None], discard: Sequence[Card | None], limit: int
) -> list[Card | None]:
    """The cards a seat keeps when it throws ``discard`` away; refuses a discard it cannot make.

    ``None`` in ``discard`` throws away one card nobody has seen (a replay that never saw the
    hand), which the seat must then hold.
    """
    if len(discard) > limit:
        raise IllegalAction(
            "invalid_action", f"you may discard at most {limit} cards, not {len(discard)}", R_DRAW
        )
    known = [c for c in discard if c is not None]
    twice = [c for c in known if known.count(c) > 1]
    if twice:
        raise IllegalAction("invalid_action", f"{twice[0]} is discarded twice", R_DRAW)
    kept = list(held)
    for card in discard:
        if card not in kept:
            what = "an unseen card" if card is None else str(card)
            raise IllegalAction("invalid_action", f"you cannot discard {what}: you do not hold it", R_DRAW)
        kept.remove(card)
    return kept


def in_held_order(held: Sequence[Card | None], shown: Sequence[Card | None]) -> list[Card | None]:
    """A draw hand shown in any order, lined up with the cards held: each known card held takes
    its own place, the other cards shown fill the rest in the order shown."""
    rest = list(shown)
    for card in held:
        if card is not None and card in rest:
            rest.remove(card)
    return [card if card is not None and card in shown else rest.pop(0) for card in held]


class Discards:
    """The cards thrown away in the draws, each with the seat (by index) that threw it in the
    draw under way (-1 for the discards of earlier draws)."""

    __slots__ = ("_cards",)

    def __init__(self) -> None:
        self._cards: list[tuple[int, Card]] = []

    def add(self, owner: int, cards: Sequence[Card | None]) -> None:
        self._cards += [(owner, c) for c in cards if c is not None]

    def next_draw(self) -> None:
        """A new draw: the discards of the earlier ones belong to no one drawing now."""
        self._cards = [(-1, c) for _, c in self._cards]

    def take_all_but(self, owner: int) -> list[Card]:
        """Take out every discard but the ones ``owner`` threw in this draw, to be shuffled into a
        new stub (RROP11 draw: the player drawing never gets back the cards just thrown)."""
        taken = [c for seat, c in self._cards if seat != owner]
        self._cards = [(seat, c) for seat, c in self._cards if seat == owner]
        return taken


def replacements(deck: Deck, count: int, discards: Discards, owner: int, rng: Shuffler) -> tuple[list[Card], bool]:
    """Deal ``count`` replacement cards to seat ``owner``; also says whether the stub ran short
    and the discards were shuffled in. The last card of a stub is dealt only when no discard is
    left to shuffle with it."""
    cards = deck.deal(min(count, max(len(deck) - 1, 0)))
    if len(cards) == count:
        return cards, False
    deck.add(discards.take_all_but(owner), rng)
    rest = count - len(cards)
    usable = len(deck) - 1 if len(deck) > rest else len(deck)
    cards += deck.deal(min(rest, usable))
    return cards, True


def discarded(discard: object) -> list[Card | None]:
    """The cards of a discard: ``"AsQs"``, ``["As", "Qs"]``, ``Card`` values; ``"??"`` is unseen.
    Anything else is refused with a ``ValueError``."""
    if discard is None or isinstance(discard, str):
        return cards_or_unknown(discard or "")
    if not isinstance(discard, Iterable):
        raise InvalidArgument(f"a discard is cards like 'AsQs' or ['As', 'Qs'], not {discard!r}")
    thrown: list[Card | None] = []
    for item in discard:
        single = item is None or isinstance(item, (str, int)) or not isinstance(item, Iterable)
        thrown += cards_or_unknown(item if isinstance(item, str) else [item] if single else item)
    return thrown


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Drawing:
    """The draw under way: which seats (by index) have drawn, the replacement cards still owed
    in manual dealing (seat index, count), earliest first, and every discard."""

    def __init__(self, seats: int) -> None:
        self.drawn: list[bool] = [True] * seats
        self.owed: list[tuple[int, int]] = []
        self.discards = Discards()

    def start(self, folded: list[bool]) -> None:
        """A new draw: every seat still in draws, from the button's left."""
        self.drawn = list(folded)
        self.discards.next_draw()

    def next_up(self, seats: Sequence[int]) -> tuple[DealRequest | None, int]:
        """What the draw waits for: the replacement cards of the earliest discard still
        unserved (manual dealing), and the next seat to draw (by index, -1 for none). In manual
        dealing a seat may discard before the seats ahead of it have their cards (PHH lists
        every discard first), so both may be due."""
        owed = self.owed
        request = DealRequest("draw", seats[owed[0][0]], owed[0][1]) if owed else None
        return request, next((j for j in range(len(self.drawn)) if not self.drawn[j]), -1)


def take_turn(
    state: Drawing, i: int, seat: int, action: str, discard: object, holes: list[list[Card | None]], deck: Deck,
    dealt: list[Card], rng: Shuffler, *, manual: bool, street: str,
) -> list[Event]:
    """Seat ``i``'s turn in the draw: discard cards (none is standing pat) and get as many
    replacements, dealt from ``deck`` at once (``dealt`` records them) or, in manual dealing,
    owed until ``Hand.deal`` gives them (RROP11 draw). The events, the draw first."""
    if action != "draw":
        message = f"it is the draw: discard cards or stand pat (draw), not {action}"
        raise IllegalAction("invalid_action", message, R_DRAW)
    try:
        thrown = discarded(discard)
    except ValueError as error:
        raise IllegalAction("invalid_action", str(error), R_DRAW) from None
    holes[i] = kept_after_discard(holes[i], thrown, len(holes[i]))
    state.discards.add(i, thrown)
    state.drawn[i] = True
    note = f"draws {len(thrown)}" if thrown else "stands pat"
    events = [_new(Event, ("draw", seat, len(thrown), tuple(thrown), street, note, face_down(thrown), None))]
    if thrown and manual:
        state.owed.append((i, len(thrown)))
    elif thrown:
        cards, reshuffled = replacements(deck, len(thrown), state.discards, i, rng)
        dealt += cards
        if reshuffled:
            events.append(Event("reshuffle", street=street, note="the stub ran short: the discards shuffled in"))
        holes[i] += cards
        events.append(_new(Event, ("deal_hole", seat, None, tuple(cards), street, "draw", face_down(cards), None)))
    return events


def serve(state: Drawing, seats: Sequence[int], seat: int | None, cards: list[Card | None],
          holes: list[list[Card | None]], street: str) -> Event:
    """Manual dealing: the replacement cards of the earliest discard still unserved, to its seat."""
    i, count = state.owed[0]
    if seat != seats[i]:
        raise InvalidArgument(f"the replacement cards due now are seat {seats[i]}'s, not seat {seat}'s")
    if len(cards) != count:
        raise InvalidArgument(f"seat {seat} discarded {count} cards and needs as many, got {len(cards)}")
    state.owed.pop(0)
    holes[i] += cards
    return Event("deal_hole", seat, cards=tuple(cards), street=street, note="draw", seen_by=face_down(cards))
