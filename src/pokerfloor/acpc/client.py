"""An ACPC client: connects to a dealer, follows each MATCHSTATE on a ``pf.Hand`` and answers
when its position is to act, with the action a policy picks on that hand.

The hand it keeps is dealt by hand from what the state shows (``??`` for the cards it may not
see), so a policy sees exactly what the seat sees, and the rules tell it what it may do.
"""

from __future__ import annotations

import random
import socket
from collections.abc import Callable

from pokerfloor.acpc.channel import VERSION, Channel, deadline_in
from pokerfloor.acpc.gamedef import Gamedef
from pokerfloor.acpc.matchstate import MatchState, MatchStateError, hand_of, parse_matchstate, text_of_action
from pokerfloor.bots import Decision, decide, make_bot
from pokerfloor.hand import Hand

Policy = Callable[[MatchState, Hand], Decision]
"""Picks an action for the seat to act: ``(state, hand) -> (kind, to)`` in the hand API's terms."""


def style_policy(style: str, seed: int = 0) -> Policy:
    """One of ``pokerfloor.bots``' styles as a policy, its randomness seeded from the match seed
    and the hand number, so a resumed match plays the same."""

    def choose(state: MatchState, hand: Hand) -> Decision:
        rng = random.Random(f"{seed}:{state.hand_number}:{state.betting}")
        action, to, _ = decide(make_bot(style, style, rng), hand.view(hand.to_act))     # (no draws in ACPC's games)
        return action, to

    return choose


def play(gamedef: Gamedef, port: int, policy: Policy, *, host: str = "127.0.0.1", timeout: float = 60.0) -> int:
    """Play every hand the dealer deals until it closes the connection (or is silent for
    ``timeout`` seconds); returns how many hands were seen."""
    channel = Channel(socket.create_connection((host, port), timeout=timeout))
    seen: set[int] = set()
    try:
        channel.send(VERSION)
        while (line := channel.read_line(deadline_in(timeout))) is not None:
            if not line.startswith("MATCHSTATE:"):
                continue
            state = parse_matchstate(line)
            seen.add(state.hand_number)
            reply = answer(gamedef, state, policy)
            if reply is not None:
                channel.send(f"{line}:{reply}")
    finally:
        channel.close()
    return len(seen)


def answer(gamedef: Gamedef, state: MatchState, policy: Policy) -> str | None:
    """The action text to send for ``state``, or None when it is not this position's turn."""
    hand = hand_of(gamedef, state.betting, state.holes, state.board)
    if hand.to_act != state.seat:
        return None
    kind, to = policy(state, hand)
    try:
        return text_of_action(hand, state.seat, kind, to)
    except MatchStateError:
        return "c"
