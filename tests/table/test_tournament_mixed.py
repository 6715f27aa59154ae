"""Issue 37, finding 6: a tournament that deals a mixed game. A new level (TDA 2024 Rule 23: it
applies to the next hand) changes the stakes of every game of the rotation, and the rotation goes
on where it was (before the fix the level's ``set_game`` ended it: the tournament dealt hold'em
only from then on)."""

from __future__ import annotations

import random

from tests.table.test_mixed_rounds import fold_to_the_forced_bet

import pokerfloor as pf
from pokerfloor.table import Level, Tournament

LEVELS = (Level(10, 20, hands=4), Level(20, 40, hands=4), Level(40, 80))


def test_a_horse_tournament_keeps_its_rotation_through_the_levels() -> None:
    stakes = pf.LimitStakes(20)
    event = Tournament(stakes.game("holdem"), LEVELS, starting_stack=5000, seats=6, rng=random.Random(2), button=1)
    for seat in range(1, 5):
        event.register(seat, f"P{seat}")
    event.table.rotate_games(pf.Rotation.horse(stakes, per=3))
    hands = []
    for _ in range(12):
        hands.append(event.start_hand())
        fold_to_the_forced_bet(hands[-1])
    variants = [h.game.variant for h in hands]
    assert variants == [v for v in ("holdem", "omaha_hilo", "razz", "stud") for _ in range(3)]
    assert [h.game.small_bet for h in hands] == [20] * 4 + [40] * 4 + [80] * 4
    razz = hands[6]
    assert razz.game.variant == "razz" and razz.game.bring_in == 20 and razz.game.ante == 10
    rotation = event.table.rotation
    assert rotation is not None and rotation.game.variant == "stud"
