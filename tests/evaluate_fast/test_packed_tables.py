"""The packed tables of the one-call path hold every value of the dict they were packed from."""

from __future__ import annotations

import pytest

from pokerfloor.evaluate.high import high_tables, short_deck_tables
from pokerfloor.evaluate.lookup import ROW_SHIFT, packed
from pokerfloor.evaluate.low import ace_five_tables


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
