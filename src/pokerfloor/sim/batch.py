"""What a batch of simulated hands hands back: the deal, every action, and the final stacks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pokerfloor.cards import Card

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

ACTION_NAMES = ("fold", "check", "call", "bet", "raise")
"""The action codes of ``Batch.action``, by number; the names are the hand API's."""


@dataclass(frozen=True, eq=False)
class Batch:
    """Hands played side by side, one row per hand (numpy arrays).

    Seats are numbered ``1..seats`` and the button is the last seat, so seat 1 posts the small
    blind (heads-up, the button does). Column ``k`` of the per-seat arrays is seat ``k + 1``.
    Per decision ``t`` of hand ``h``: ``actor[h, t]`` is the seat that acted (0 past the hand's
    last decision), ``action[h, t]`` its code in ``ACTION_NAMES``, ``to[h, t]`` the seat's total
    wager this round after it, and ``raise_min``/``raise_max`` the bet or raise range the seat
    had (``-1`` when it could not bet or raise).
    """

    blinds: tuple[int, int]
    starting_stacks: npt.NDArray[np.int64]
    holes: npt.NDArray[np.uint8]
    board: npt.NDArray[np.uint8]
    actor: npt.NDArray[np.int8]
    action: npt.NDArray[np.int8]
    to: npt.NDArray[np.int64]
    raise_min: npt.NDArray[np.int64]
    raise_max: npt.NDArray[np.int64]
    decisions: npt.NDArray[np.int64]
    final_stacks: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return int(self.starting_stacks.shape[0])

    @property
    def seats(self) -> int:
        return int(self.starting_stacks.shape[1])

    @property
    def button(self) -> int:
        return self.seats

    def stacks(self, hand: int) -> dict[int, int]:
        """Chips each seat started hand ``hand`` with."""
        return _by_seat(self.starting_stacks[hand].tolist())

    def final(self, hand: int) -> dict[int, int]:
        """Chips each seat ended hand ``hand`` with."""
        return _by_seat(self.final_stacks[hand].tolist())

    def hole_cards(self, hand: int) -> dict[int, list[Card]]:
        return {k + 1: [Card(c) for c in cards] for k, cards in enumerate(self.holes[hand].tolist())}

    def board_cards(self, hand: int) -> list[Card]:
        """The five board cards dealt for hand ``hand`` (the streets it reached show a prefix)."""
        return [Card(c) for c in self.board[hand].tolist()]

    def actions(self, hand: int) -> list[tuple[int, str, int | None]]:
        """Hand ``hand``'s actions as ``(seat, action, to)``, in the hand API's terms: ``to`` is
        the total wager of a call, bet or raise, ``None`` for a fold or a check."""
        count = int(self.decisions[hand])
        seats = self.actor[hand, :count].tolist()
        codes = self.action[hand, :count].tolist()
        totals = self.to[hand, :count].tolist()
        return [
            (seat, ACTION_NAMES[code], total if code > 1 else None)
            for seat, code, total in zip(seats, codes, totals, strict=True)
        ]


def _by_seat(values: list[Any]) -> dict[int, int]:
    return {k + 1: int(v) for k, v in enumerate(values)}
