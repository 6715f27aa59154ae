"""PokerStars tournament lines (issue 41): the tournament, buy-in, level and bounties are read,
and ``convert --to pokerstars`` writes them back in PokerStars' own words."""

from __future__ import annotations

from pathlib import Path

from pokerfloor.io import phh, pokerstars
from pokerfloor.io.pokerstars import from_roman, to_roman
from pokerfloor.io.pokerstars_out import write
from pokerfloor.io.verify import verify_history

# A real PokerStars tournament hand (its origin is in data/imports/README.md).
TOURNAMENT = (Path(__file__).parent / "data" / "imports" / "pokerstars_tournament_holdem.txt").read_text()


def _hand(text: str) -> phh.HandHistory:
    (hand,) = pokerstars.read(text)
    assert isinstance(hand, phh.HandHistory)
    return hand


def test_the_tournament_line_is_read() -> None:
    hand = _hand(TOURNAMENT)
    assert hand.event == "Tournament #3429918960"
    assert hand.level == 26                                   # "Level XXVI"
    assert hand.extra["_buy_in"] == "$4.55+$4.55+$0.90 USD"   # buy-in, bounty, fee as written
    assert hand.players == ("hammy6955", "mhuggins")          # dealing order: the button is last
    assert hand.extra["_bounties"] == ["$38.62", "$148.95"]
    assert hand.currency is None                              # tournament chips, not dollars
    assert (hand.year, hand.month, hand.day, str(hand.time), hand.time_zone_abbreviation) == (
        2023, 12, 25, "18:48:09", "ET")
    assert verify_history(hand).status == "matched"


def test_roman_levels_both_ways() -> None:
    for number in (1, 4, 9, 14, 26, 40, 49, 90, 99):
        assert from_roman(to_roman(number)) == number
    assert (to_roman(26), to_roman(14), from_roman("XLIV")) == ("XXVI", "XIV", 44)


def test_a_tournament_hand_is_written_as_one_and_reads_back_the_same() -> None:
    hand = _hand(TOURNAMENT)
    text, refused = write([hand])
    assert refused == []
    first = text.splitlines()[0]
    assert first.startswith("PokerStars Hand #247678901194: Tournament #3429918960, $4.55+$4.55+$0.90 USD "
                            "Hold'em No Limit - Level XXVI (2000/4000) - 2023/12/25 18:48:09 ET")
    assert "Seat 1: mhuggins (755175 in chips, $148.95 bounty)" in text
    again = _hand(text)
    assert (again.event, again.level, again.extra) == (hand.event, hand.level, hand.extra)
    assert again.finishing_stacks == hand.finishing_stacks and again.antes == hand.antes
    assert verify_history(again).status == "matched"


def test_a_cash_hand_is_still_written_without_a_tournament_line() -> None:
    cash = (Path(__file__).parent / "data" / "imports" / "pokerstars_cash_holdem.txt").read_text()
    text, _ = write(h for h in pokerstars.read(cash) if isinstance(h, phh.HandHistory))
    assert "Tournament" not in text and " USD) - " in text.splitlines()[0]
