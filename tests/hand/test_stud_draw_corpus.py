"""Real hands: every stud, stud hi-lo, razz, 2-7 and badugi hand of the dev corpus plays to the
end through the hand API, every action legal, and ends with the recorded ``finishing_stacks``
(design.md, "Correctness": every hand in ../corpus/phh/ replays with the recorded final stacks)."""

from __future__ import annotations

import csv

import pytest
from studkit import CORPUS, STUD_DRAW_CODES, replay

from pokerfloor.io.phh import load


def corpus_files() -> list[str]:
    with open(CORPUS / "dev" / "INDEX.csv", newline="") as index:
        return sorted({row["hand"] for row in csv.DictReader(index) if row["variant"] in STUD_DRAW_CODES})


FILES = corpus_files()


def test_the_corpus_has_every_stud_and_draw_code() -> None:
    """The dev corpus holds hands of all six stud and draw codes (its README)."""
    codes = {history.variant for name in FILES for history in load(CORPUS / name)}
    assert codes == STUD_DRAW_CODES
    assert len(FILES) >= 25


@pytest.mark.parametrize("name", FILES)
def test_corpus_hand_plays_to_the_end_with_the_recorded_stacks(name: str) -> None:
    for history in load(CORPUS / name):
        hand = replay(history)
        assert hand.is_over, f"{name}: the hand did not end ({hand!r}, waiting for {hand.awaiting_deal})"
        assert hand.result is not None
        final = [hand.result.stacks[seat] for seat in range(1, history.player_count + 1)]
        if history.finishing_stacks is not None:
            assert final == [int(chips) for chips in history.finishing_stacks]
        assert sum(final) == sum(int(chips) for chips in history.starting_stacks)
