"""Small helpers the hand tests share: seat layouts, playing a list of actions, snapshots."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

import pokerfloor as pf

# A board that plays for everyone: a royal flush, so every live hand ties.
ROYAL_BOARD = "AhKhQhJhTh"
# Hole cards that cannot improve on ROYAL_BOARD (no hearts, nothing above it).
LOW_HOLES = ("2c3d", "4c5d", "6c7d", "2d3c", "4d5c", "6d7c", "8c9d", "8d9c", "2s3s")


def seats(count: int, chips: int = 10_000) -> dict[int, int]:
    """Seats 1..count with equal stacks; with the button on the last seat, seat 1 is the small
    blind, seat 2 the big blind and seat 3 under the gun."""
    return {seat: chips for seat in range(1, count + 1)}


def deal(
    game: pf.Game,
    stacks: Mapping[int, int],
    button: int | None = None,
    *,
    seed: int = 1,
    **kwargs: Any,
) -> pf.Hand:
    """A hand with a seeded deck; the button defaults to the highest seat."""
    button = max(stacks) if button is None else button
    return pf.Hand(game, stacks=stacks, button=button, rng=random.Random(seed), **kwargs)


def play(hand: pf.Hand, actions: Iterable[tuple[Any, ...]]) -> pf.Hand:
    """Apply ``(seat, action)`` or ``(seat, action, to)`` tuples in order."""
    for seat, action, *amount in actions:
        hand.act(seat, action, to=amount[0] if amount else None)
    return hand


def checks_to_showdown(hand: pf.Hand) -> pf.Hand:
    """Check (or call) every remaining round down until the hand is over."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None, "the hand waits for something other than an action"
        hand.act(seat, "call")
    return hand


def low_holes(*table_seats: int) -> dict[int, str]:
    """Hole cards that all tie on ROYAL_BOARD, one pair per seat."""
    return dict(zip(table_seats, LOW_HOLES))


def snapshot(hand: pf.Hand) -> tuple[object, ...]:
    """Everything an illegal action must leave as it was."""
    return (
        list(hand.events),
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.pots,
        hand.to_act,
        hand.street,
        hand.legal(),
        hand.is_over,
        hand.result,
    )


def refused(hand: pf.Hand, seat: Any, action: Any, to: Any = None) -> str:
    """Try an action that must be refused; check the hand is unchanged and return the reason."""
    before = snapshot(hand)
    try:
        hand.act(seat, action, to=to)
    except pf.IllegalAction as error:
        assert snapshot(hand) == before, "an illegal action changed the hand"
        return error.reason
    raise AssertionError(f"seat {seat} {action} {to} was accepted")
