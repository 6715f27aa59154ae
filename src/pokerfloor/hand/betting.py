"""The betting round: the one owner of what the rulebook keeps during a round (docs/rules.md
§1.5, §5.5, §5.6): the bet level, the level of the last full bet or raise, the minimum raise
increment, the level each seat last acted at (its right to raise), the raises made against the
limit cap, and the last aggressor. ``new_street`` is the one reset at a new street and
``count_full_bet`` the one place a full bet raises the level and counts a raise.
"""

from __future__ import annotations

from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Round:
    """One betting round's state; seats are indexes in the hand's order of action."""

    def __init__(self, seats: int, *, big_bet: bool, half_bet: bool, cap: int | None) -> None:
        self.big_bet = big_bet
        self.half_bet = half_bet
        self.cap = cap
        self.level = 0
        self.full_level = 0
        self.min_inc = 0
        self.raises = 0
        self.capped_multiway = False
        self.last_aggressor = -1
        self.acted: list[int | None] = [None] * seats

    def new_street(self, min_inc: int) -> None:
        """A new betting round: no bet, no raise, nobody has acted, the minimum bet ``min_inc``."""
        self.acted = [None] * len(self.acted)
        self.level = self.full_level = self.raises = 0
        self.last_aggressor = -1
        self.capped_multiway = False
        self.min_inc = min_inc

    def count_full_bet(self, to: int, *, multiway: bool = False) -> None:
        """A full bet or raise to ``to``: it sets the level a raise must clear and counts toward
        the cap; a capped round with three or more players not all-in stays capped when it
        comes down to two (RROP11 Betting & Raising item 3)."""
        self.full_level = to
        self.raises += 1
        if multiway and self.cap is not None and self.raises >= self.cap + 1:
            self.capped_multiway = True

    def raise_to(self, i: int, to: int, *, fixed_limit: bool, multiway: bool) -> None:
        """Seat ``i`` bets or raises to ``to``: a full raise (or, under the half-bet rule, half
        of one) counts (TDA 2024 R47); the minimum increment grows with the largest raise."""
        if fixed_limit:
            over = to - self.full_level
            full = over >= self.min_inc or (self.half_bet and 2 * over >= self.min_inc)
            if over > self.min_inc:
                self.min_inc = over  # the big bet on fourth street with an open pair showing
        else:
            increment = to - self.level
            full = increment >= self.min_inc or (self.half_bet and 2 * increment >= self.min_inc)
            if increment >= self.min_inc:
                self.min_inc = increment
        if full:
            self.count_full_bet(to, multiway=multiway)
        self.level = to
        self.last_aggressor = i

    def reopened(self, i: int) -> bool:
        """Whether seat ``i`` may raise: it has not acted, or a full raise (or several short
        all-ins adding up to one, in big-bet games) has come since (TDA 2024 R47-A/B)."""
        acted = self.acted[i]
        if acted is None:
            return True
        if self.big_bet:
            return self.full_level > acted or self.level - acted >= self.min_inc
        # Limit: under the half-bet rule the raise that reopens is measured from what this seat
        # called, so a seat that called a short all-in needs half a bet more (TDA 2024 R47-B).
        return self.full_level > acted and (not self.half_bet or 2 * (self.level - acted) >= self.min_inc)

    def capped(self) -> bool:
        """Whether the bets and raises made have reached the cap."""
        return self.cap is not None and self.raises >= self.cap + 1
