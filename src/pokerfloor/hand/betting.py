"""The betting round and the chips: the one owner of each piece of state the rulebook keeps
during a hand's betting (docs/rules.md §1.5, §5.5, §5.6).

``Round`` keeps the bet level, the level of the last full bet or raise, the minimum raise
increment, the level each seat last acted at (its right to raise), the raises made against the
limit cap and the last aggressor: ``new_street`` is the one reset at a new street and
``count_full_bet`` the one place a full bet raises the level and counts a raise.

``Chips`` keeps the stacks, this round's bets, the live and dead money in the middle and its
total. Chips move from a stack to the middle only in ``put_in`` and back only in
``return_uncalled`` (TDA 2024 R15-B: an uncalled part of a bet is not in play) and ``pay_out``.
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

    def count_full_bet(self, to: int) -> bool:
        """A full bet or raise to ``to``: it sets the level a raise must clear and counts toward
        the cap. Returns whether it reached the cap."""
        self.full_level = to
        self.raises += 1
        return self.capped()

    def cap_multiway(self) -> None:
        """The cap was reached with three or more players not all-in: the round stays capped
        when it comes down to two (RROP11 Betting & Raising item 3)."""
        self.capped_multiway = True

    def raise_to(self, i: int, to: int, *, fixed_limit: bool) -> bool:
        """Seat ``i`` bets or raises to ``to``: a full raise (or, under the half-bet rule, half
        of one) counts (TDA 2024 R47); the minimum increment grows with the largest raise.
        Returns whether a full raise reached the cap."""
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
        capped = self.count_full_bet(to) if full else False
        self.level = to
        self.last_aggressor = i
        return capped

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

    def copy(self) -> Round:
        """A round of its own in the same state (``Hand.redeal``)."""
        twin = Round(len(self.acted), big_bet=self.big_bet, half_bet=self.half_bet, cap=self.cap)
        twin.level, twin.full_level, twin.min_inc, twin.raises = self.level, self.full_level, self.min_inc, self.raises
        twin.capped_multiway, twin.last_aggressor = self.capped_multiway, self.last_aggressor
        twin.acted = list(self.acted)
        return twin


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Chips:
    """Stacks, bets and money in the middle, by seat index in the hand's order of action."""

    def __init__(self, stacks: list[int]) -> None:
        n = len(stacks)
        self.start: list[int] = list(stacks)
        self.stack: list[int] = list(stacks)
        self.bet: list[int] = [0] * n
        self.live: list[int] = [0] * n
        self.dead: list[int] = [0] * n
        self.total = 0

    def put_in(self, i: int, chips: int, *, live: bool = True) -> None:
        """Seat ``i`` puts ``chips`` from its stack in the middle: live money counts toward its
        bet this round; dead money (antes, dead blinds) only feeds the pot."""
        # Written out: the compiled build adds to a list item in place through the generic
        # number protocol, and to a read item as machine integers.
        self.stack[i] = self.stack[i] - chips
        if live:
            self.bet[i] = self.bet[i] + chips
            self.live[i] = self.live[i] + chips
        else:
            self.dead[i] = self.dead[i] + chips
        self.total += chips

    def return_uncalled(self) -> tuple[int, int] | None:
        """At the end of a round, the part of the largest bet nobody called goes back to its
        seat: ``(seat index, chips)``, or ``None`` when every bet was called."""
        bets = self.bet
        i, top, called = -1, 0, 0  # the largest bet, its seat, and the largest of the others
        for j in range(len(bets)):
            if bets[j] > top:
                i, top, called = j, bets[j], top
            elif bets[j] > called:
                called = bets[j]
        if top == called:  # no bet, or two seats at the top
            return None
        excess = top - called
        self.stack[i] += excess
        self.bet[i] -= excess
        self.live[i] -= excess
        self.total -= excess
        return i, excess

    def buy(self, i: int, chips: int) -> None:
        """Chips bought during the hand (open stakes): on the stack and in the starting stack."""
        self.stack[i] += chips
        self.start[i] += chips

    def pay_out(self, won: list[int]) -> None:
        """The pots are awarded: each seat takes what it ``won`` and the middle is empty."""
        self.stack = [chips + more for chips, more in zip(self.stack, won)]
        self.total = 0

    def set_spot(self, stacks: list[int], paid: list[int]) -> None:
        """A spot (``Hand.from_spot``): ``stacks`` behind, ``paid`` already in the pot (live)."""
        n = len(stacks)
        self.start = [chips + more for chips, more in zip(stacks, paid)]
        self.stack = list(stacks)
        self.bet = [0] * n
        self.live = list(paid)
        self.dead = [0] * n
        self.total = sum(paid)

    def new_street(self) -> None:
        """A new betting round: nobody has bet in it yet."""
        self.bet = [0] * len(self.bet)

    def copy(self) -> Chips:
        """Chips of their own in the same state (``Hand.redeal``)."""
        twin = Chips(self.stack)
        twin.start, twin.bet, twin.live, twin.dead = list(self.start), list(self.bet), list(self.live), list(self.dead)
        twin.total = self.total
        return twin
