"""Issue 11, items 7 to 9: the PHH reader raises only ``PHHFormatError``, refuses oversized
input and magnitudes at once, reads a UTF-8 byte-order mark, and ``verify``/``replay`` report a
poisoned file as one bad hand with a message and a non-zero exit, never a traceback."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from stranger_files import DRAW, STUD
from typer.testing import CliRunner

import pokerfloor.cli.histories  # noqa: F401 - registers the commands
from pokerfloor.cli import app
from pokerfloor.io import phh
from pokerfloor.io.verify import verify_history


def read_one(text: str, *, bulk: bool = False) -> phh.HandHistory | phh.PHHFormatError:
    entries = phh.read_entries(text, bulk=bulk, source="stranger.phh")
    assert len(entries) == 1
    return entries[0]


def test_the_test_files_are_good_hands() -> None:
    for text in (DRAW, STUD):
        entry = read_one(text)
        assert isinstance(entry, phh.HandHistory) and verify_history(entry).passed


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("small_bet = 2", "small_bet = " + "9" * 5_000),
        ("small_bet = 2", "small_bet = 1e999999"),
        ("small_bet = 2", "small_bet = 2e-999999"),
        ("small_bet = 2", "small_bet = 0.0000001"),
        ("starting_stacks = [100, 100]", "starting_stacks = [1e20, 100]"),
        ('"p2 cc",', '"p2 cbr ' + "9" * 5_000 + '",'),
        ("antes = [0, 0]", "antes = [" + "0, " * 500 + "0]"),
        ("actions = [", "actions = [" + '"p1 cc", ' * 3_000),
        ("variant", "x = " + "[" * 5_000 + "]" * 5_000 + "\nvariant"),
    ],
)
def test_a_poisoned_field_is_a_format_error_at_once(old: str, new: str) -> None:
    started = time.perf_counter()
    entry = read_one(DRAW.replace(old, new, 1))
    assert isinstance(entry, phh.PHHFormatError)
    if isinstance(entry, phh.HandHistory):  # pragma: no cover - the assertion above says why
        verify_history(entry)
    assert time.perf_counter() - started < 5


def test_oversized_input_is_refused_before_it_is_parsed() -> None:
    padding = "# " + "x" * phh.MAX_HAND_BYTES + "\n"
    entry = read_one(padding + DRAW)
    assert isinstance(entry, phh.PHHFormatError) and "KiB" in str(entry)


def test_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.phh"
    path.write_bytes(b"\xef\xbb\xbf" + DRAW.encode())
    assert phh.load(path)[0].variant == "F2L3D"
    assert isinstance(read_one("\ufeff" + DRAW), phh.HandHistory)


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        (STUD, '  "p1 pb",\n', ""),  # the bring-in deleted
        (DRAW, '  "p1 sd",\n', '  "p1 sd",\n  "p1 sd",\n'),  # a draw line twice
    ],
)
def test_verify_reports_a_broken_hand_without_raising(text: str, old: str, new: str) -> None:
    entry = read_one(text.replace(old, new))
    assert isinstance(entry, phh.HandHistory)
    verdict = verify_history(entry)
    assert not verdict.passed and verdict.detail


def test_verify_of_a_folder_reports_the_poisoned_file_and_goes_on(tmp_path: Path) -> None:
    (tmp_path / "a.phh").write_text(DRAW.replace("small_bet = 2", "small_bet = 1e999999"))
    (tmp_path / "b.phh").write_text(STUD.replace('  "p1 pb",\n', ""))
    (tmp_path / "c.phh").write_text(DRAW)
    result = CliRunner().invoke(app, ["verify", str(tmp_path)], env={"COLUMNS": "200"})
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and "3" in result.output
    for name in ("a.phh", "b.phh"):
        replayed = CliRunner().invoke(app, ["replay", str(tmp_path / name)], env={"COLUMNS": "200"})
        assert replayed.exit_code == 1 and "Traceback" not in replayed.output
        assert isinstance(replayed.exception, SystemExit), replayed.exception
