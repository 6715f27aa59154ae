"""The chips of a hand: the one owner of the stacks, this round's bets, the live and dead money
in the middle and its total. Chips move from a stack to the middle only in ``put_in`` and back
only in ``return_uncalled`` (TDA 2024 R15-B: an uncalled part of a bet is not in play) and the
awards of the showdown.
"""

from __future__ import annotations

from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


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
        self.stack[i] -= chips
        if live:
            self.bet[i] += chips
            self.live[i] += chips
        else:
            self.dead[i] += chips
        self.total += chips

    def return_uncalled(self) -> tuple[int, int] | None:
        """At the end of a round, the part of the largest bet nobody called goes back to its
        seat: ``(seat index, chips)``, or ``None`` when every bet was called."""
        bets = self.bet
        top = max(bets)
        if top == 0:
            return None
        holders = [j for j in range(len(bets)) if bets[j] == top]
        if len(holders) != 1:
            return None
        i = holders[0]
        excess = top - max(b for j, b in enumerate(bets) if j != i)
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
