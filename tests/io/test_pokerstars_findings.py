"""The PokerStars reader on what real tournament and home-game histories hold (issue 41's
findings): a sitting-out seat that still posts, a fold that shows a card, the Home Game
header, amounts in ASCII digits only, and names that PHH can write back."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from pokerfloor.io import phh
from pokerfloor.io.imports import read_text
from pokerfloor.io.pokerstars import read, read_hand
from pokerfloor.io.sitehand import HistoryImportError
from pokerfloor.io.verify import verify_history

DATA = Path(__file__).parent / "data" / "imports"
TOURNAMENT = (DATA / "pokerstars_tournament_holdem.txt").read_text()
DEALT = "*** HOLE CARDS ***\nDealt to mhuggins [4s 2c]\n"
THREE_HANDED = TOURNAMENT.replace(
    "Seat 2: hammy6955 (184825 in chips, $38.62 bounty)",
    "Seat 2: hammy6955 (184825 in chips, $38.62 bounty)\nSeat 3: napping (50000 in chips) is sitting out",
).replace("hammy6955: posts the ante 600\n", "hammy6955: posts the ante 600\nnapping: posts the ante 600\n").replace(
    DEALT, DEALT + "napping: folds \n"
)


def _one(text: str) -> phh.HandHistory:
    return read_hand(text.split("*********** # 238 **************", 1)[-1].strip())


def test_a_seat_sitting_out_that_posts_an_ante_is_in_the_hand() -> None:
    hand = _one(THREE_HANDED)
    assert hand.players is not None and "napping" in hand.players
    assert verify_history(hand).passed
    # Before: the seat was dropped and its ante with it, so the pot was 600 short of the file's.
    assert hand.starting_stacks[list(hand.players).index("napping")] == 50000


def test_a_seat_sitting_out_that_does_nothing_is_left_out() -> None:
    quiet = TOURNAMENT.replace(
        "Seat 2: hammy6955 (184825 in chips, $38.62 bounty)",
        "Seat 2: hammy6955 (184825 in chips, $38.62 bounty)\nSeat 3: away (50000 in chips) is sitting out",
    )
    hand = _one(quiet)
    assert hand.players is not None and "away" not in hand.players


def test_a_fold_that_shows_a_card_is_a_fold() -> None:
    shown = THREE_HANDED.replace("napping: folds \n", "napping: folds [As]\n")
    hand = _one(shown)
    assert any(action.endswith(" f") for action in hand.actions)
    assert verify_history(hand).passed


def test_home_game_hands_are_read() -> None:
    plain = (DATA / "pokerstars_cash_holdem.txt").read_text()
    found = read(plain.replace("PokerStars Hand #", "PokerStars Home Game Hand #"))
    assert len(found) == len(read(plain)) and all(isinstance(h, phh.HandHistory) for h in found)


@pytest.mark.parametrize("amount", ["$١٠", "１０", "$1٠"])
def test_an_amount_in_other_digits_is_refused(amount: str) -> None:
    text = (DATA / "pokerstars_cash_holdem.txt").read_text()
    first = "PokerStars Hand #" + text.split("PokerStars Hand #")[1].split("**********")[0]
    assert isinstance(read_hand(first.strip()), phh.HandHistory)
    bad = first.replace("posts big blind $0.50", f"posts big blind {amount}", 1)
    assert bad != first
    with pytest.raises(HistoryImportError):
        read_hand(bad.strip())


def test_a_name_that_phh_cannot_hold_is_refused_when_read_and_when_written() -> None:
    ohh = {"ohh": {"spec_version": "1.4.6", "game_number": "1", "site_name": "x", "game_type": "Holdem",
                   "bet_limit": {"bet_type": "NL"}, "small_blind_amount": 1, "big_blind_amount": 2,
                   "dealer_seat": 1, "table_size": 2, "players": [
                       {"id": 1, "seat": 1, "name": "Eve\ud800", "starting_stack": 100},
                       {"id": 2, "seat": 2, "name": "Bob", "starting_stack": 100}], "rounds": [], "pots": []}}
    found = read_text(json.dumps(ohh), "hand.ohh.json")
    assert found and all(isinstance(entry, HistoryImportError) for entry in found)
    good = _one(TOURNAMENT)
    bad = dataclasses.replace(good, players=("mhuggins", "hammy\ud800"))
    with pytest.raises(phh.PHHFormatError):
        phh.dumps(bad)
