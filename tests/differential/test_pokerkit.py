"""A second opinion: random hands played through pokerfloor and PokerKit agree on who acts, the
call, the legal bet/raise range and the final stacks, except for the known disagreements listed
in ``pokerkit_twin.KNOWN``, each justified by a rule in docs/rules.md (design.md, Correctness)."""

from __future__ import annotations

import pytest

from tests.differential.pokerkit_twin import KNOWN, play_both

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

HANDS_PER_STRUCTURE = 300
RARE = {"antes_in_main_pot", "odd_chips_to_one_winner", "short_all_ins_reopen"}


@pytest.mark.parametrize("structure", ["no_limit", "pot_limit", "fixed_limit"])
def test_random_hands_agree_with_pokerkit(structure: str) -> None:
    seen: set[str] = set()
    compared = 0
    for seed in range(HANDS_PER_STRUCTURE):
        outcome = play_both(seed, structure)
        assert not outcome.disagreements, (seed, outcome.spec, outcome.disagreements)
        assert outcome.known <= KNOWN.keys()
        seen |= outcome.known
        if outcome.pokerfloor_stacks:
            compared += 1
            assert outcome.pokerfloor_stacks == outcome.pokerkit_stacks, (seed, outcome.spec)
            assert sum(outcome.pokerfloor_stacks) == sum(outcome.spec.stacks)
    assert compared > HANDS_PER_STRUCTURE * 0.9


def test_every_listed_disagreement_still_happens() -> None:
    """A listed disagreement that no longer shows up must leave the list. (Three rare ones are
    checked on the hands that meet them in tests/io/test_pokerkit_reads_our_files.py: the odd
    chips of split pots, antes layered into side pots, short all-ins reopening the betting.)"""
    seen: set[str] = set()
    for structure in ("no_limit", "pot_limit", "fixed_limit"):
        for seed in range(HANDS_PER_STRUCTURE):
            seen |= play_both(seed, structure).known
    assert set(KNOWN) - RARE <= seen <= set(KNOWN)
