"""What a hand reads of its game, worked out once per game.

``Game`` and its ``Variant`` are frozen dataclasses whose derived values (the streets, the
smallest bet, the house's incomplete-raise rule and cap) are properties, worked out again at
every read; a hand reads them as it is dealt and at its decisions. ``terms_of`` works them out
once for each game and keeps them beside it: a session or a training run deals many hands at
one game.
"""

from __future__ import annotations

from typing import Any, Final

from pokerfloor.cards import Card
from pokerfloor.rules import BIG_BET_STRUCTURES, Game, Variant

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


@mypyc_attr(serializable=True)
class Terms:
    """The values of one game a hand reads: its variant's streets and cards, its structure and
    stakes, and the house rules of its betting (docs/rules.md §1.5)."""

    def __init__(self, game: Game) -> None:
        variant: Variant = game.variant_spec
        self.game = game
        """The game itself, for the values read only now and then (a native attribute is read in a
        few instructions in the compiled build; a ``Game`` or ``Variant`` field or property takes
        a Python attribute lookup, and a property a Python call)."""
        self.variant = variant
        self.cards: tuple[Card, ...] = variant.cards
        self.board: tuple[int, ...] = variant.board
        self.hole_cards: int = variant.hole_cards
        self.draw: bool = variant.family == "draw"
        self.streets: tuple[str, ...] = variant.streets
        self.rounds: int = variant.betting_rounds
        self.stud: bool = variant.family == "stud"
        self.max_players: int = variant.max_players
        self.structure: str = game.structure
        self.big_bet: bool = game.structure in BIG_BET_STRUCTURES
        self.half_bet: bool = game.house.incomplete_rule_for(game.structure) == "half_bet"
        self.cap: int | None = game.house.raises_allowed(self.rounds)
        self.fold_free: bool = game.house.fold_facing_no_bet == "allowed"
        self.min_bet: int = game.min_bet
        self.min_chip: int = game.min_chip
        self.big_blind: int = game.big_blind
        self.bring_in: int = game.bring_in
        self.blinds: int = sum(game.blinds)
        """The game's blinds added up (``forced.missing_blinds``)."""


_KEPT: dict[int, tuple[Game, Terms]] = {}
"""The terms of recent games by the game's ``id`` (the game is kept beside them, so the ``id``
stays its own)."""
_KEEP: Final = 64


def terms_of(game: Game) -> Terms:
    """The terms of ``game``, worked out on its first hand."""
    kept = _KEPT.get(id(game))
    if kept is not None and kept[0] is game:
        return kept[1]
    terms = Terms(game)
    if len(_KEPT) >= _KEEP:
        _KEPT.clear()
    _KEPT[id(game)] = (game, terms)
    return terms
