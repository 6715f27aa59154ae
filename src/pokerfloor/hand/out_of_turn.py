"""Action out of turn under the house option ``oot_mode="hold"`` (TDA 2024 R53-A/B): the action
is kept until the seat's turn comes, then stands or is void. (The default, ``"reject"``,
refuses it in ``Hand.act``.) The hand keeps the held actions; these functions decide.
"""

from __future__ import annotations

from typing import NamedTuple

from pokerfloor.hand.types import Event


class Held(NamedTuple):
    """An action taken out of turn, with the bet level and raise count it faced then."""

    action: str
    to: int | None
    level: int
    raises: int


def held_event(seat: int, held: Held, street: str) -> Event:
    """The event of an action held out of turn."""
    return Event("held", seat, held.to, street=street, note=f"{held.action} out of turn, held")


def stands(held: Held, level: int, raises: int) -> bool:
    """At its turn, a held action stands if the action facing the seat has not changed (the
    seats between only checked, called or folded) and is void otherwise; a fold always
    stands (TDA 2024 R53-A/B)."""
    return held.action == "fold" or (held.level, held.raises) == (level, raises)


def void_event(seat: int, held: Held, street: str, why: str = "") -> Event:
    """The event of a held action found void at the seat's turn: the action changed (the seat
    has every option), or ``why`` the action is not legal now."""
    reason = why or "the action changed, so the seat has every option"
    return Event("void", seat, street=street, note=f"held {held.action} void: {reason}")
