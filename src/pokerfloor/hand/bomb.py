"""Bomb pots and double boards, the home-game and cash-game customs a ``Hand`` can be dealt with.

A bomb pot (``Hand(..., bomb_pot=ante)``): every player dealt in puts in the agreed ante, no
blinds are posted, there is no betting before the flop, and the betting starts on the flop
with the first player left of the button (``citations.BOMB_POT``). A double board
(``boards=2``): two boards are dealt, street by street, and every pot is split between them,
each half awarded by the showdown rules on its own board (the high and low halves of a hi-lo
game on each); chips that do not divide go to the first board, as in a board run twice
(``citations.DOUBLE_BOARD``). Neither is a TDA rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerfloor.errors import InvalidArgument
from pokerfloor.hand.types import Post
from pokerfloor.rules import Game, chips_problem

MAX_BOARDS = 2


def check_bomb_pot(game: Game, bomb_pot: object, boards: object) -> tuple[int, int]:
    """The bomb pot's ante and the number of boards, refused with ``ValueError`` unless they fit
    the game: flop games only, an ante in whole smallest chips, one or two boards."""
    problem = chips_problem("the bomb pot's ante", bomb_pot)
    if problem or not isinstance(bomb_pot, int):
        raise InvalidArgument(problem or f"the bomb pot's ante is chips, not {bomb_pot!r}")
    if isinstance(boards, bool) or not isinstance(boards, int) or not 1 <= boards <= MAX_BOARDS:
        raise InvalidArgument(f"a hand is dealt one board or two, not {boards!r}")
    flop = game.variant_spec.family == "flop"
    if (bomb_pot or boards > 1) and not flop:
        raise InvalidArgument("bomb pots and double boards are for games with a flop")
    if bomb_pot and bomb_pot % game.min_chip:
        raise InvalidArgument(f"the bomb pot's ante {bomb_pot} is not a multiple of the smallest chip {game.min_chip}")
    return bomb_pot, boards


def deck_problem(game: Game, players: int, boards: int) -> str:
    """Why one deck cannot deal ``game`` to ``players`` with ``boards`` boards (``""`` when it
    can): every hole card and every board come from the one deck, so a double board at a large
    table runs it out (citations ``DOUBLE_BOARD``: each board is dealt in full)."""
    spec = game.variant_spec
    needed = players * spec.hole_cards + boards * sum(spec.board)
    if needed <= spec.deck_size:
        return ""
    return (
        f"one deck of {spec.deck_size} cards cannot deal {spec.title or spec.name} to {players} players with"
        f" {boards} boards: that takes {needed} cards"
    )


def bomb_posts(seats: Sequence[int], ante: int, given: Sequence[Post]) -> list[Post]:
    """Every seat dealt in antes the bomb pot, dead money (no blinds: nobody has a bet to call).
    Posts given with a bomb pot must be those antes (a record's); others are refused."""
    posts = [Post(seat, ante, "ante", live=False) for seat in seats]
    if given and list(given) != posts:
        raise InvalidArgument("a bomb pot's forced bets are its antes: give no other posts")
    return posts
