"""Spots: a hand set up at the start of a later street, like a chess position (``Hand.from_spot``).

The chips each seat has already put in are in the pot, dead to the new round; the seats that
folded are out; the board holds the street's cards (given, or dealt from the deck).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from pokerfloor.cards import CardsLike
from pokerfloor.hand import dealer, draw
from pokerfloor.hand.given import cards_or_unknown
from pokerfloor.rules import Game, chips_problem

if TYPE_CHECKING:
    from pokerfloor.hand.state import Hand


def seats_in_play(
    game: object, street: object, stacks: object, contributions: object
) -> tuple[dict[int, int], dict[int, int]]:
    """The chips behind of the seats in the spot (any seat with chips behind or in the pot) and
    the chips each has put in; refuses a street the game does not have."""
    if not isinstance(game, Game):
        raise ValueError(f"a spot is dealt at a Game, not {game!r}")
    streets = game.variant_spec.streets
    if not isinstance(street, str) or street not in streets:
        raise ValueError(f"{street!r} is not a street of {game.variant}; streets: {', '.join(streets)}")
    paid = chips_by_seat("contributions", contributions or {})
    behind = chips_by_seat("stacks", stacks)
    for seat in paid:
        if seat not in behind:
            raise ValueError(f"seat {seat} has contributions but no stack")
    playing = {s: c for s, c in behind.items() if c > 0 or paid.get(s, 0) > 0}
    return playing, paid


def chips_by_seat(name: str, chips: object) -> dict[int, int]:
    """``{seat: chips}`` with whole seat numbers and whole, non-negative chips (negative
    contributions would make chips out of nothing)."""
    if not isinstance(chips, Mapping):
        raise ValueError(f"{name} are {{seat: chips}}, not {chips!r}")
    checked: dict[int, int] = {}
    for seat, amount in chips.items():
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError(f"seats are whole numbers, not {seat!r}")
        if chips_problem(name, amount) or not isinstance(amount, int):
            raise ValueError(f"{name} of seat {seat} must be a whole, non-negative number of chips, not {amount!r}")
        checked[seat] = amount
    return checked


def folded_seats(folded: object, seats: Iterable[int]) -> frozenset[int]:
    """The seats given as folded: each must be a seat of the spot."""
    if isinstance(folded, (str, bytes)) or not isinstance(folded, Iterable):
        raise ValueError(f"folded seats are a list of seat numbers, not {folded!r}")
    out = frozenset(folded)
    strangers = out - set(seats)
    if strangers:
        raise ValueError(f"seat {sorted(strangers, key=repr)[0]!r} is folded but not dealt in to the spot")
    return out


def set_up(
    hand: Hand,
    street: str,
    playing: Mapping[int, int],
    paid: Mapping[int, int],
    folded: Iterable[int],
    board: CardsLike | None,
) -> None:
    """Turn a hand just dealt into the spot: the stacks and the pot as given, the earlier
    streets' board, and the street's first deal, draw or betting."""
    out = folded_seats(folded, hand._seats)
    hand.events.clear()
    for i, seat in enumerate(hand._seats):
        hand._folded[i] = seat in out
    hand._chips.set_spot([playing[s] for s in hand._seats], [paid.get(s, 0) for s in hand._seats])
    hand._short_blinds = 0
    variant = hand.variant
    target = variant.streets.index(street)
    given = cards_or_unknown(board) if board is not None else []
    board_counts = (0, *variant.board)
    need = sum(board_counts[: target + 1]) if variant.family == "flop" else 0
    if given and len(given) != need:
        raise ValueError(f"the {street} board has {need} cards, {len(given)} were given")
    if not given and need:
        given = list(hand._deck.deal(need))
        hand._dealt += [c for c in given if c is not None]
    hand._board = given
    hand._street_index = target
    hand._round.new_street(hand._postflop_min_bet)
    hand._exposed = False
    hand._start_round(first=0)
    if sum(1 for j in range(hand._n) if not hand._folded[j]) < 2:
        raise ValueError("a spot needs at least two seats still in the hand")
    hand._awaiting = None
    if hand._stud:
        dealer.deal_stud_street(hand)  # the cards of the streets before, then the betting
    elif variant.family == "draw" and target:
        draw.start(hand)
    else:
        hand._begin_betting()
