"""Spots: a hand set up at the start of a later street, like a chess position (``Hand.from_spot``).

The chips each seat has already put in are in the pot, dead to the new round; the seats that
folded are out; the board holds the street's cards (given, or dealt from the deck). These
functions check a spot's inputs and lay it out (``place``); ``Hand.from_spot`` sets the hand up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pokerfloor.cards import Card, CardsLike
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand.given import cards_or_unknown
from pokerfloor.hand.reading import HandState
from pokerfloor.rules import Game, Variant, chips_problem


def seats_in_play(
    game: object, street: object, stacks: object, contributions: object
) -> tuple[dict[int, int], dict[int, int]]:
    """The chips behind of the seats in the spot (any seat with chips behind or in the pot) and
    the chips each has put in; refuses a street the game does not have."""
    if not isinstance(game, Game):
        raise InvalidArgument(f"a spot is dealt at a Game, not {game!r}")
    streets = game.variant_spec.streets
    if not isinstance(street, str) or street not in streets:
        raise InvalidArgument(f"{street!r} is not a street of {game.variant}; streets: {', '.join(streets)}")
    paid = chips_by_seat("contributions", contributions or {})
    behind = chips_by_seat("stacks", stacks)
    for seat in paid:
        if seat not in behind:
            raise InvalidArgument(f"seat {seat} has contributions but no stack")
    playing = {s: c for s, c in behind.items() if c > 0 or paid.get(s, 0) > 0}
    return playing, paid


def chips_by_seat(name: str, chips: object) -> dict[int, int]:
    """``{seat: chips}`` with whole seat numbers and whole, non-negative chips (negative
    contributions would make chips out of nothing)."""
    if not isinstance(chips, Mapping):
        raise InvalidArgument(f"{name} are {{seat: chips}}, not {chips!r}")
    checked: dict[int, int] = {}
    for seat, amount in chips.items():
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidArgument(f"seats are whole numbers, not {seat!r}")
        if chips_problem(name, amount) or not isinstance(amount, int):
            raise InvalidArgument(
                f"{name} of seat {seat} must be a whole, non-negative number of chips, not {amount!r}"
            )
        checked[seat] = amount
    return checked


def folded_seats(folded: object, seats: Iterable[int]) -> frozenset[int]:
    """The seats given as folded: each must be a seat of the spot."""
    if isinstance(folded, (str, bytes)) or not isinstance(folded, Iterable):
        raise InvalidArgument(f"folded seats are a list of seat numbers, not {folded!r}")
    out = frozenset(folded)
    strangers = out - set(seats)
    if strangers:
        raise InvalidArgument(f"seat {sorted(strangers, key=repr)[0]!r} is folded but not dealt in to the spot")
    return out


def board_cards(variant: Variant, street: str) -> int:
    """How many board cards a spot at ``street`` holds: those of the streets before it."""
    if variant.family != "flop":
        return 0
    return sum((0, *variant.board)[: variant.streets.index(street) + 1])


def arrange(
    variant: Variant, street: str, folded: object, seats: list[int], board: CardsLike | None
) -> tuple[list[bool], list[Card | None], int]:
    """A spot at ``street``: each seat's folded flag (by index), the board's cards given, and how
    many board cards the deck deals (when none were given); refuses a board of the wrong size and
    a spot with fewer than two seats still in."""
    out = folded_seats(folded, seats)
    flags = [seat in out for seat in seats]
    given = cards_or_unknown(board) if board is not None else []
    need = board_cards(variant, street)
    if given and len(given) != need:
        raise InvalidArgument(f"the {street} board has {need} cards, {len(given)} were given")
    if flags.count(False) < 2:
        raise InvalidArgument("a spot needs at least two seats still in the hand")
    return flags, given, 0 if given else need


def place(
    h: HandState, street: str, playing: Mapping[int, int], paid: Mapping[int, int], folded: object,
    board: CardsLike | None,
) -> tuple[list[Card | None], int]:
    """Turn a hand just dealt into the spot (``arrange``): the seats folded, the stacks and the pot
    as given, no forced bet left, a new betting round; returns the board (the earlier streets'
    cards, given or dealt) and the street's index, which ``Hand`` sets before the street opens."""
    flags, cards, missing = arrange(h.variant, street, folded, h._seats, board)
    h.events.clear()
    h._folded[:] = flags
    h._chips.set_spot([playing[s] for s in h._seats], [paid.get(s, 0) for s in h._seats])
    h._forced.short_blinds = 0
    if missing:
        cards += h._shoe.deal(missing)
    h._round.new_street(h._forced.postflop_min_bet)
    h._street.exposed = False
    h._shoe.awaiting = None
    return cards, h.variant.streets.index(street)
