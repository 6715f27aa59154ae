"""Action out of turn under the house option ``oot_mode="hold"`` (TDA 2024 R53-A/B): the action
is kept until the seat's turn comes, then stands or is void. (The default, ``"reject"``,
refuses it in ``Hand.act``.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerfloor.errors import IllegalAction
from pokerfloor.hand.types import Event

if TYPE_CHECKING:
    from pokerfloor.hand.state import Hand


def hold(hand: Hand, i: int, action: str, to: int | None) -> Event:
    """Keep an action seat ``i`` took out of turn, with the action it faced then, until its turn
    comes (TDA 2024 R53-A/B)."""
    hand._held[i] = (action, to, hand._round.level, hand._round.raises)
    event = Event("held", hand._seats[i], to, street=hand.street, note=f"{action} out of turn, held")
    hand.events.append(event)
    return event


def settle(hand: Hand, i: int) -> None:
    """At its turn, a held action stands if the action facing the seat has not changed (the
    seats between only checked, called or folded) and is void otherwise; a fold always
    stands (TDA 2024 R53-A/B)."""
    held = hand._held.pop(i, None)
    if held is None:
        return
    action, to, level, raises = held
    seat = hand._seats[i]
    if action == "fold":
        hand._folded[i] = True
        hand._record(i, "fold", None)
        return
    if (level, raises) == (hand._round.level, hand._round.raises):
        try:
            hand._act(seat, action, to, None)
            return
        except IllegalAction as ruling:
            note = f"held {action} void: {ruling.message}"
    else:
        note = f"held {action} void: the action changed, so the seat has every option"
    hand.events.append(Event("void", seat, street=hand.street, note=note))
