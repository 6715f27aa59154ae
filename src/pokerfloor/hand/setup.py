"""Everything a hand is dealt with, checked once and fixed at the deal: one frozen ``SetUp``.

``Hand(...)`` checks its arguments here (``set_up``) and deals from the value it gets back;
``Hand.redeal`` deals the same value again from a new deck, and ``Hand.record`` writes it down,
so nothing about the deal is restated field by field anywhere else (issue 36).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, NamedTuple, TypedDict

from pokerfloor.cards import Card
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import bomb, forced
from pokerfloor.hand.given import cards_or_unknown
from pokerfloor.hand.terms import Terms, terms_of
from pokerfloor.hand.types import Post
from pokerfloor.rules import Game, chips_problem

_new: Final = tuple.__new__
"""Builds a named tuple with one C call, its fields in order (state.py does the same)."""

class SetUp(NamedTuple):
    """A hand's deal: the game and its terms, the seats in order of action after the flop (from
    the button's left), the forced bets as given (``given_posts``), as placed and as charged, the
    cards given, and the options. The lists and dictionaries in it are never changed. A named
    tuple: immutable, and copied and pickled alike by the pure and the compiled build (a frozen
    dataclass compiled by mypyc cannot be rebuilt by ``copy.deepcopy``)."""

    game: Game
    terms: Terms
    stacks: dict[int, int]
    button: int
    seats: list[int]
    pos: dict[int, int]
    given_posts: list[Post]
    placed_posts: list[Post]
    posts: list[Post]
    holes: dict[int, tuple[Card | None, ...]]
    board: tuple[Card | None, ...]
    manual: bool
    auto_muck: bool
    wait_for_runout: bool
    bomb: int
    boards: int
    small_blind_seat: int | None
    big_blind_seat: int | None
    spot: bool = False
    """Set up by ``Hand.from_spot`` at a later street: the hand has no record."""


def set_up(
    game: object,
    stacks: object,
    button: object,
    *,
    two_decks: bool,
    posts: object,
    holes: object,
    board: object,
    dealing: object,
    auto_muck: object,
    wait_for_runout: object,
    bomb_pot: object,
    boards: object,
) -> SetUp:
    """The set-up of ``Hand(...)`` with these arguments, refused with ``InvalidArgument`` (the
    first problem found) unless it is one; ``two_decks``: both a seed and a randomness object
    were given."""
    if not isinstance(game, Game):
        raise InvalidArgument(f"a hand is dealt at a Game, not {game!r}")
    if dealing not in ("auto", "manual"):
        raise InvalidArgument("dealing is 'auto' or 'manual'")
    if type(stacks) is not dict and not isinstance(stacks, Mapping):
        raise InvalidArgument(f"stacks are {{seat: chips}}, not {stacks!r}")
    if len(stacks) < 2:
        raise InvalidArgument("a hand needs at least two seats dealt in")
    for seat, chips in stacks.items():
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidArgument(f"seats are whole numbers, not {seat!r}")
        if not (type(chips) is int and chips >= 1) and chips_problem("chips", chips, least=1):
            raise InvalidArgument(f"seat {seat} needs a whole, positive number of chips, not {chips!r}")
    if isinstance(button, bool) or not isinstance(button, int):
        raise InvalidArgument(f"the button is a seat number, not {button!r}")
    terms = terms_of(game)
    most = terms.max_players
    if len(stacks) > most:
        raise InvalidArgument(
            f"one deck deals {game.variant_spec.title or game.variant} to at most {most} players, not {len(stacks)}"
        )
    if two_decks:
        raise InvalidArgument("give the deck a seed or a randomness object, not both")
    if holes is not None and not isinstance(holes, Mapping):
        raise InvalidArgument(f"hole cards are given as {{seat: cards}}, not {holes!r}")
    given_posts: list[Post] = []
    for post in [] if posts is None else posts if isinstance(posts, Iterable) else [posts]:
        if not isinstance(post, Post):
            raise InvalidArgument(f"forced bets are given as pf.Post values, not {post!r}")
        given_posts.append(post)
    if type(bomb_pot) is int and bomb_pot == 0 and type(boards) is int and boards == 1:
        ante, count = 0, 1  # the usual hand, which check_bomb_pot allows in every game
    else:
        ante, count = bomb.check_bomb_pot(game, bomb_pot, boards)
        problem = bomb.deck_problem(game, len(stacks), count)
        if problem:
            raise InvalidArgument(problem)
    ordered: list[int] = sorted(stacks)  # whole numbers, checked above: compared as such
    seats: list[int] = [s for s in ordered if s > button] + [s for s in ordered if s <= button]
    pos: dict[int, int] = {s: i for i, s in enumerate(seats)}
    if ante:
        placed = bomb.bomb_posts(seats, ante, given_posts)
    else:
        placed = forced.forced_posts(game, seats, button, given_posts)
    charged = forced.charged(placed)
    small: int | None = None
    big: int | None = None
    for paid in charged:  # a loop: the compiled build makes a generator object for next(...)
        if paid.kind == "sb" and small is None:
            small = paid.seat
        elif paid.kind == "bb" and big is None:
            big = paid.seat
    given_holes: dict[int, tuple[Card | None, ...]] = {}
    for seat, cards in (holes or {}).items():
        if seat not in pos:
            raise InvalidArgument(f"cards given for seat {seat}, which is not dealt in")
        parsed = cards_or_unknown(cards)
        if len(parsed) != terms.variant.hole_cards and terms.variant.family == "flop":
            raise InvalidArgument(f"seat {seat} needs {terms.variant.hole_cards} hole cards, got {len(parsed)}")
        given_holes[seat] = tuple(parsed)
    given_board = tuple(cards_or_unknown(board)) if board is not None else ()
    # SetUp(game, terms, stacks, button, seats, pos, given_posts, placed_posts, posts, holes, board,
    # manual, auto_muck, wait_for_runout, bomb, boards, small_blind_seat, big_blind_seat, spot), built
    # with one C call: the named tuple's own constructor is a Python function (one a hand)
    return _new(SetUp, (
        game, terms, dict(stacks), button, seats, pos, given_posts, placed, charged, given_holes, given_board,
        dealing == "manual", bool(auto_muck), bool(wait_for_runout), ante, count, small, big, False,
    ))


def given_cards(given: SetUp) -> list[Card]:
    """The known cards the set-up gives (hole cards and board), which the deck must not deal."""
    known = [c for cards in given.holes.values() for c in cards if c is not None]
    return known + [c for c in given.board if c is not None]


class Options(TypedDict):
    """The keyword arguments of ``Hand(...)`` that deal a hand as ``given`` was dealt (``options``)."""

    posts: list[Post] | None
    holes: dict[int, list[Card | str]] | None
    board: list[Card | str] | None
    dealing: str
    auto_muck: bool
    wait_for_runout: bool
    bomb_pot: int
    boards: int


def options(given: SetUp) -> Options:
    """The options a hand was dealt with, as ``Hand(...)`` takes them (``Hand.redeal`` of a
    subclass deals by its constructor); an unknown card given is ``"??"``."""
    holes = {seat: ["??" if c is None else c for c in cards] for seat, cards in given.holes.items()}
    board: list[Card | str] = ["??" if c is None else c for c in given.board]
    return Options(
        posts=given.given_posts or None, holes=holes or None, board=board or None,
        dealing="manual" if given.manual else "auto", auto_muck=given.auto_muck,
        wait_for_runout=given.wait_for_runout, bomb_pot=given.bomb, boards=given.boards,
    )
