"""``pokerfloor.sim.play_random``: its arguments, its seed, its policy, and numpy kept optional."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from pokerfloor.sim import ACTION_NAMES, play_random
from pokerfloor.sim.weights import W_ALL_IN, W_CHECK_CALL, W_FOLD, W_MIN_RAISE


def test_the_same_seed_plays_the_same_hands_and_another_seed_others() -> None:
    first, again, other = play_random(300, seed=7), play_random(300, seed=7), play_random(300, seed=8)
    for name in ("holes", "board", "actor", "action", "to", "final_stacks"):
        assert np.array_equal(getattr(first, name), getattr(again, name)), name
    assert not np.array_equal(first.holes, other.holes)
    generator = np.random.default_rng(7)
    assert np.array_equal(play_random(300, seed=generator).final_stacks, first.final_stacks)


def test_every_hand_is_dealt_distinct_cards_and_conserves_chips() -> None:
    batch = play_random(2000, seats=9, stack=np.arange(1, 10) * 30, seed=3)
    cards = np.concatenate([batch.holes.reshape(len(batch), -1), batch.board], axis=1)
    assert all(len(set(row)) == cards.shape[1] for row in cards.tolist())
    assert (batch.final_stacks.sum(axis=1) == batch.starting_stacks.sum(axis=1)).all()
    assert (batch.final_stacks >= 0).all()


def test_actions_read_in_the_hand_api_terms() -> None:
    batch = play_random(50, seats=3, seed=2)
    for h in range(len(batch)):
        actions = batch.actions(h)
        assert len(actions) == batch.decisions[h] > 0
        assert actions[0][0] == 3  # three-handed, the button acts first before the flop
        for seat, action, to in actions:
            assert 1 <= seat <= 3 and action in ACTION_NAMES
            assert (to is None) == (action in ("fold", "check"))
    assert batch.stacks(0) == {1: 400, 2: 400, 3: 400} and sum(batch.final(0).values()) == 1200
    assert batch.button == batch.seats == 3


def test_the_moves_follow_the_benchmark_policy_weights() -> None:
    """Facing a bet with a raise open, the four moves come up in the ratio 25 : 50 : 20 : 5."""
    batch = play_random(20_000, seed=11)
    fold, call, raise_ = (ACTION_NAMES.index(name) for name in ("fold", "call", "raise"))
    facing = (batch.raise_min >= 0) & np.isin(batch.action, (fold, call, raise_)) & (batch.actor > 0)
    two_sizes = facing & (batch.action == raise_) & (batch.raise_min < batch.raise_max)
    total = W_FOLD + W_CHECK_CALL + W_MIN_RAISE + W_ALL_IN
    assert (facing & (batch.action == fold)).sum() / facing.sum() == pytest.approx(W_FOLD / total, abs=0.01)
    assert (facing & (batch.action == call)).sum() / facing.sum() == pytest.approx(W_CHECK_CALL / total, abs=0.01)
    min_raises = (two_sizes & (batch.to == batch.raise_min)).sum()
    all_ins = (two_sizes & (batch.to == batch.raise_max)).sum()
    assert min_raises / all_ins == pytest.approx(W_MIN_RAISE / W_ALL_IN, rel=0.1)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (dict(seats=1), "2 to 23 seats"),
        (dict(blinds=(2, 1)), "small blind"),
        (dict(stack=0), "at least one chip"),
        (dict(stack=[400, 400]), "broadcast"),
    ],
)
def test_arguments_out_of_range_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        play_random(10, **arguments)  # type: ignore[arg-type]


def test_importing_pokerfloor_and_its_simulator_does_not_need_numpy() -> None:
    code = "import sys, pokerfloor, pokerfloor.sim; assert 'numpy' not in sys.modules, 'numpy imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_without_numpy_the_simulator_says_which_extra_to_install() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import pokerfloor.sim\n"
        "try:\n"
        "    pokerfloor.sim.play_random(1)\n"
        "except ModuleNotFoundError as missing:\n"
        "    assert 'pokerfloor[fast]' in str(missing), missing\n"
        "else:\n"
        "    raise AssertionError('played without numpy')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
