"""The packed tables of the one-call path hold every value of the dict they were packed from."""

from __future__ import annotations

import random

import pytest

from pokerfloor.evaluation.cardkeys import SUIT_BITS, SUIT_MASK
from pokerfloor.evaluation.high import high_tables, short_deck_tables
from pokerfloor.evaluation.lookup import DOWN_KEYS, ROW_SHIFT, counted_down, packed
from pokerfloor.evaluation.low import ace_five_tables


@pytest.mark.parametrize("load", [high_tables, short_deck_tables, ace_five_tables])
@pytest.mark.parametrize("size", [5, 6, 7])
def test_every_key_finds_its_value_in_its_own_slot(load, size):
    table = load().unsuited[size]
    offsets, values = packed(table)
    slots = {key: key + offsets[key >> ROW_SHIFT] for key in table}
    assert len(set(slots.values())) == len(table)  # a perfect hash: no two keys share a slot
    assert all(values[slot] == table[key] for key, slot in slots.items())
    assert sum(1 for value in values if value) == len(table)  # the other slots hold 0
    assert len(values) < 3 * len(table)


def test_a_table_of_positive_keys_packs_too():
    table = {5: 1, 6: 2, 700: 3, 100_000: 4}
    offsets, values = packed(table)
    assert [values[key + offsets[key >> ROW_SHIFT]] for key in table] == [1, 2, 3, 4]


@pytest.mark.parametrize("size", [5, 7])
def test_counted_down_sums_stay_within_one_digit_and_mostly_above_zero(size):
    sums = counted_down(high_tables().unsuited[size], size)
    assert all(abs(key << SUIT_BITS) + SUIT_MASK < 1 << 30 for key in sums)  # one CPython digit
    rng = random.Random(size)
    hands = [rng.sample(range(52), size) for _ in range(10_000)]
    below = sum(1 for hand in hands if sum(DOWN_KEYS[card] for card in hand) < 0)
    assert below < 500  # a negative row index is correct, only slower
