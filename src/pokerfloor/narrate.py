"""A hand told in plain words: one line per event, as a dealer would call it."""

from __future__ import annotations

from pokerfloor.cards import format_cards
from pokerfloor.hand import Event, Hand
from pokerfloor.hand.view import seen_by

_POSTS = {
    "sb": "posts the small blind",
    "bb": "posts the big blind",
    "button_blind": "posts the button blind",
    "straddle": "straddles",
    "mississippi": "posts a Mississippi straddle",
    "sleeper": "posts a sleeper",
    "kill": "posts a kill blind",
    "new_player": "posts to come in",
    "missed_bb": "posts the missed big blind",
    "missed_sb": "posts the missed small blind (dead)",
    "ante": "antes",
    "bb_ante": "posts the big-blind ante",
    "bring_in": "brings it in",
}


def describe(event: Event, name: str | None = None) -> str:
    """One event as a sentence; ``name`` replaces "seat N" when given."""
    who = name or (f"seat {event.seat}" if event.seat is not None else "")
    kind, amount = event.kind, event.amount
    if kind == "post":
        return f"{who} {_POSTS.get(event.post or '', 'posts')} {amount}"
    if kind in ("deal_board",):
        return f"{event.street}: [{format_cards(event.cards)}]"
    if kind == "deal_hole":
        return f"{who} is dealt {format_cards(event.cards)}"
    if kind in ("bet", "raise", "complete"):
        verb = {"bet": "bets", "raise": "raises to", "complete": "completes to"}[kind]
        return f"{who} {verb} {amount}"
    if kind == "call":
        return f"{who} calls ({amount} in this round)"
    if kind in ("check", "fold"):
        return f"{who} {kind}s"
    if kind == "return":
        return f"{amount} uncalled returned to {who}"
    if kind == "expose":
        return event.note
    if kind == "show":
        return f"{who} shows {format_cards(event.cards)}"
    if kind == "muck":
        return f"{who} mucks"
    if kind == "win":
        how = "uncontested" if event.note == "uncontested" else event.note
        return f"{who} wins {amount} ({how})"
    text = f"{who} {kind}"
    return f"{text} {amount}" if amount is not None else text


def narrate(
    hand: Hand, names: dict[int, str] | None = None, *, seat: int | None = None, full: bool | None = None
) -> list[str]:
    """Every event of the hand, in order, in words: as ``seat`` (``None``: a spectator) sees a
    hand in progress unless ``full``, the whole of a finished hand unless ``full=False``."""
    names = names or {}
    events, _ = seen_by(hand, seat, full)
    return [describe(e, names.get(e.seat) if e.seat is not None else None) for e in events]
