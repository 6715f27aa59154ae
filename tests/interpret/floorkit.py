"""Spots the interpret tests share: the rulebook's examples set up as hands."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

import pokerfloor as pf
from pokerfloor.interpret import interpret


def preflop(
    game: pf.Game, stacks: Mapping[int, int], actions: Iterable[tuple[Any, ...]] = (), **kwargs: Any
) -> pf.Hand:
    """A hand dealt with the button on the highest seat (seat 1 small blind, seat 2 big blind),
    then ``(seat, action)`` or ``(seat, action, to)`` played in order."""
    hand = pf.Hand(game, stacks=stacks, button=max(stacks), rng=random.Random(7), **kwargs)
    return play(hand, actions)


def postflop(
    game: pf.Game,
    stacks: Mapping[int, int],
    actions: Iterable[tuple[Any, ...]] = (),
    *,
    pot: int = 0,
    street: str = "flop",
) -> pf.Hand:
    """A spot at the start of ``street`` with ``pot`` chips in the middle (shared equally), seat
    1 first to act, then the actions played."""
    share = pot // len(stacks)
    hand = pf.Hand.from_spot(
        game,
        stacks=stacks,
        button=max(stacks),
        street=street,
        contributions={seat: share for seat in stacks},
        rng=random.Random(7),
    )
    return play(hand, actions)


def play(hand: pf.Hand, actions: Iterable[tuple[Any, ...]]) -> pf.Hand:
    for seat, action, *to in actions:
        hand.act(seat, action, to=to[0] if to else None)
    return hand


def state(hand: pf.Hand) -> tuple[object, ...]:
    """Everything interpret must leave as it found it."""
    return (list(hand.events), hand.stacks, hand.bets, hand.pots, hand.to_act, hand.street, hand.legal())


def ruled(hand: pf.Hand, **said: Any) -> tuple[str, int | None]:
    """The ruling for the seat to act as ``(action, to)``, checked to leave the hand unchanged and
    to be accepted by ``Hand.act`` (applied last)."""
    seat = hand.to_act
    assert seat is not None
    before = state(hand)
    ruling = interpret(hand, seat, **said)
    assert state(hand) == before, "interpret changed the hand"
    assert ruling.rule and ruling.explanation
    hand.act(seat, ruling.action, to=ruling.to)
    return ruling.action, ruling.to


def refused(hand: pf.Hand, **said: Any) -> tuple[str, str]:
    """The reason and rule of an interpretation that must be refused, the hand unchanged."""
    seat = hand.to_act
    assert seat is not None
    before = state(hand)
    try:
        interpret(hand, seat, **said)
    except pf.IllegalAction as error:
        assert state(hand) == before
        return error.reason, error.rule
    raise AssertionError(f"{said} was ruled on")
