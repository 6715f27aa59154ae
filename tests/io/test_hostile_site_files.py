"""Issue 25, items 12 and 13: site histories from strangers. Every site reader and importer
holds a hand to the limits the PHH reader has (docs/io-needs.md: amounts below 10**15 with at
most 6 decimals, 2,000 actions, 64 players, 256 KiB a hand, 64 MiB a file), and raises or
returns only ``HistoryImportError``, with a message under 300 characters."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from pokerfloor.io import imports, ohh, phh, pokernow, pokerstars, sitehand
from pokerfloor.io.sitehand import HistoryImportError
from pokerfloor.io.verify import verify_history

DATA = Path(__file__).parent / "data" / "imports"
HOLDEM = (DATA / "pokerstars_cash_holdem.txt").read_text(encoding="utf-8-sig")
TOURNAMENT = (DATA / "pokerstars_tournament_holdem.txt").read_text(encoding="utf-8-sig")
POKERNOW = (DATA / "pokernow_log_001.csv").read_text(encoding="utf-8")


def refused(entries: list[object], *, within: str = "") -> HistoryImportError:
    """The one refusal among a reader's entries, its message short and saying ``within``."""
    errors = [e for e in entries if isinstance(e, HistoryImportError)]
    assert errors, entries
    assert all(isinstance(e, phh.HandHistory | HistoryImportError) for e in entries)
    assert all(len(str(e)) < 300 for e in errors), [len(str(e)) for e in errors]
    assert within in str(errors[0])
    return errors[0]


# -- item 12: amounts and sizes


@pytest.mark.parametrize("stack", ["$1e999999", "$1e99999", "$" + "9" * 50, "$1000000000000000", "$1.0000001",
                                   "$nan", "$Infinity", "$-5", "$1_000"])
def test_a_pokerstars_stack_beyond_the_phh_limits_is_refused_at_once(stack: str) -> None:
    """``$1e999999`` (9 bytes) took pokerstars.read 60 s and verify_history 22 s more."""
    text = HOLDEM.replace("($35.21 in chips)", f"({stack} in chips)", 1)
    for entry in pokerstars.read(HOLDEM):  # the first replay imports and builds what it needs: not timed
        verify_history(entry)  # type: ignore[arg-type]
    started = time.perf_counter()
    entries = pokerstars.read(text, "hostile.txt")
    for entry in entries:
        if isinstance(entry, phh.HandHistory):
            verify_history(entry)
    assert time.perf_counter() - started < 1.0
    assert "is not an amount" in str(refused(entries, within="hand 247743239964"))


def test_the_largest_amounts_the_limits_allow_still_read() -> None:
    text = TOURNAMENT.replace("755175 in chips", "999999999000000 in chips", 1)
    (hand,) = pokerstars.read(text, "big.txt")
    assert isinstance(hand, phh.HandHistory) and 999999999000000 in hand.starting_stacks
    assert verify_history(hand).status == "matched"


def test_a_pokernow_stack_of_5000_digits_is_refused_with_a_short_message() -> None:
    text = POKERNOW.replace("(104)", "(" + "9" * 5_000 + ")", 1)
    assert "(" + "9" * 5_000 + ")" in text
    refused(pokernow.read(text, "big.csv"), within="not an amount")


@pytest.mark.parametrize("stack", ["1e999999", 1e308, 10**5_000, float("inf"), True, [1], "12.1234567"],
                         ids=["text 1e999999", "1e308", "5,000 digits", "inf", "true", "list", "7 decimals"])
def test_an_ohh_amount_beyond_the_limits_is_refused(stack: object) -> None:
    data = json.loads(json.dumps(_ohh_hand()))
    data["ohh"]["players"][0]["starting_stack"] = stack
    with pytest.raises(HistoryImportError) as caught:
        ohh.read_ohh(data, "big.json")
    assert len(str(caught.value)) < 300


def test_a_site_hand_with_more_actions_than_a_phh_file_may_hold_is_refused() -> None:
    flop = HOLDEM.index("*** TURN ***")
    text = HOLDEM[:flop] + "omgmuffins: checks\nNutritionalFact: checks\n" * 1_001 + HOLDEM[flop:]
    refused(pokerstars.read(text, "long.txt"), within="the most a hand may have is 2000")


def test_a_site_hand_with_more_players_than_a_phh_file_may_hold_is_refused() -> None:
    seats = "".join(f"Seat {n}: player{n} ($10 in chips)\n" for n in range(7, 72))
    text = HOLDEM.replace("Seat 6: omgmuffins ($49.50 in chips)\n", "Seat 6: omgmuffins ($49.50 in chips)\n" + seats, 1)
    refused(pokerstars.read(text, "crowd.txt"), within="entries")


def test_a_pokerstars_hand_over_256_kib_is_refused_at_once() -> None:
    text = HOLDEM.replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\n" + "x" * 300_000 + "\n", 1)
    refused(pokerstars.read(text, "padded.txt"), within="KiB")


def test_files_over_64_mib_are_refused_by_every_importer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit itself is phh.MAX_FILE_BYTES; made small here, so the test builds no 64 MiB text."""
    for module in (sitehand, pokernow, imports):
        monkeypatch.setattr(module, "MAX_FILE_BYTES", 1_000)
    refused(pokerstars.read(HOLDEM, "big.txt"), within="KiB")
    refused(pokernow.read(POKERNOW, "big.csv"), within="KiB")
    with pytest.raises(HistoryImportError, match="KiB"):
        imports.read_text(HOLDEM, "big.txt")


# -- item 13: one error type, short messages


@pytest.mark.parametrize("data", [{"ohh": True}, [], [1], 5, "text", None, {"ohh": {"players": 3}},
                                  {"ohh": {"game_type": "Holdem", "bet_limit": {"bet_type": "NL"}, "players": [1]}}])
def test_read_ohh_refuses_what_is_not_an_ohh_hand_with_its_error(data: object) -> None:
    """``{"ohh": True}``, a list and a player that is a number raised AttributeError."""
    with pytest.raises(HistoryImportError):
        ohh.read_ohh(data, "bad.json")  # type: ignore[arg-type]


def test_an_ohh_list_holding_a_number_gives_an_error_for_that_entry() -> None:
    entries = imports.read_text(json.dumps([_ohh_hand(), 7]), "list.json")
    assert isinstance(entries[0], phh.HandHistory)
    refused(entries, within="not 7")


@pytest.mark.parametrize(
    ("row", "reason"),
    [('"-- starting hand #1 --",2022-01-13T19:53:17.974Z\n', "order"),   # a row with no order: TypeError
     ('"-- starting hand #1 --",2022-01-13T19:53:17.974Z,soon\n', "order"),  # a bare ValueError
     ('"-- starting hand #1 --",2022-01-13T19:53:17.974Z,' + "1" * 5_000 + "\n", "order")],
)
def test_a_pokernow_row_without_a_numeric_order_is_refused(row: str, reason: str) -> None:
    text = POKERNOW.rstrip("\n") + "\n" + row
    refused(pokernow.read(text, "rows.csv"), within=reason)
    refused(imports.read_text(text, "rows.csv"), within=reason)


@pytest.mark.parametrize("data", [[1, 2], {"logs": [{"msg": ["x"], "order": 1}]}, {"logs": "x"},
                                  {"logs": [{"msg": "x", "order": None}]}, {"logs": [{"msg": "x", "order": 1.5}]}])
def test_a_pokernow_json_log_of_the_wrong_shape_is_refused(data: object) -> None:
    refused(pokernow.read(json.dumps(data), "log.json"))


@pytest.mark.parametrize("text", ["{not json", "[1, 2", '{"ohh": }', "[" * 100_000 + "]" * 100_000,
                                  '{"logs": [' + "9" * 5_000 + "]}"])
def test_malformed_json_is_a_history_import_error(text: str) -> None:
    """It escaped imports.detect and imports.read_text as JSONDecodeError (RecursionError nested)."""
    with pytest.raises(HistoryImportError) as caught:
        imports.detect(text, "bad.json")
    assert len(str(caught.value)) < 300
    with pytest.raises(HistoryImportError):
        imports.read_text(text, "bad.json")
    refused(pokernow.read(text, "bad.json"))


def test_read_paths_reports_a_malformed_file_as_one_error(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "bad.txt").write_bytes(b"PokerStars Hand #1: \xff\xfe")
    entries = imports.read_paths([tmp_path])
    assert len(entries) == 2 and all(isinstance(e, HistoryImportError) for e in entries)


@pytest.mark.parametrize("line", ["mhuggins: ", "mhuggins: calls", "mhuggins: raises to", "mhuggins: bets",
                                  "Seat 9999999999999999999999: x (5 in chips)"])
def test_a_pokerstars_line_cut_short_is_refused_or_read(line: str) -> None:
    text = TOURNAMENT.replace("mhuggins: calls 24000\n", line + "\n", 1)
    for entry in pokerstars.read(text, "cut.txt"):
        assert isinstance(entry, phh.HandHistory | HistoryImportError)
        assert len(str(entry)) < 300 or isinstance(entry, phh.HandHistory)


def _ohh_hand() -> dict[str, object]:
    (history,) = pokerstars.read(TOURNAMENT, "t.txt")
    assert isinstance(history, phh.HandHistory)
    from pokerfloor.io.replay import replay

    return ohh.replay_to_ohh(replay(history))
