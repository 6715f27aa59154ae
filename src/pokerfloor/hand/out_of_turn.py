"""Action out of turn under the house option ``oot_mode="hold"`` (TDA 2024 R53-A/B): the action
is kept until the seat's turn comes, then stands or is void. (The default, ``"reject"``,
refuses it in ``Hand.act``.) The hand keeps the held actions; these functions decide. And the
one thing done to a hand out of turn by the floor, not the player: killing it (``Hand.kill``).
"""

from __future__ import annotations

from typing import NamedTuple

from pokerfloor import citations as cite
from pokerfloor.errors import IllegalAction
from pokerfloor.hand.types import DEAD_HAND, Event


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


def kill_refusal(seat: int, *, folded: bool, all_in: bool, betting_over: bool) -> IllegalAction | None:
    """Why ``seat``'s hand cannot be killed now (``Hand.kill``), or ``None``: a hand is killed
    while it is live and can still bet. A folded hand is dead already; an all-in hand has no
    decision left and plays to the showdown with the chips it put in; once no more betting can
    happen (the hands are faced up, or the showdown has come) the hand plays itself out, and a
    seat asked to show or muck mucks (TDA 2024 Rules 30 and 31)."""
    if folded:
        return IllegalAction("invalid_action", f"seat {seat}'s hand is dead already: it has folded", cite.DEAD_HAND)
    if all_in:
        return IllegalAction(
            "invalid_action", f"seat {seat} is all in: its hand plays to the showdown", cite.DEAD_HAND
        )
    if betting_over:
        return IllegalAction(
            "invalid_action", "no more betting can happen: the hand plays out (a seat asked to show mucks)",
            cite.DEAD_HAND,
        )
    return None


def kill_event(seat: int, street: str) -> Event:
    """The event of a hand killed out of turn: a fold, noted ``DEAD_HAND``."""
    return Event("fold", seat, street=street, note=DEAD_HAND)
