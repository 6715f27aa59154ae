"""``pokerfloor verify`` reads Open Hand History files as it reads PHH (issue 35's leftover): a
table's ``hands.ohh.json`` download or ``convert --to ohh``'s file is replayed hand by hand with
the same report, a file or hand that cannot be read is ``malformed`` with ``read_ohh``'s
``HistoryImportError`` message, and a file in another format is refused, never guessed at."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import pokerfloor as pf
import pokerfloor.cli.histories
import pokerfloor.cli.stats  # registers the commands (with histories)
from pokerfloor.cli import app
from pokerfloor.io import ohh
from pokerfloor.io.imports import history_entries
from pokerfloor.io.sitehand import HistoryImportError
from pokerfloor.io.verify import verify_paths

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.output


def _hands(count: int) -> list[dict[str, Any]]:
    """Finished seeded hands of three games as OHH objects, as a table's download holds them."""
    games = [pf.Game(variant="holdem", structure="no_limit", small_blind=5, big_blind=10),
             pf.Game(variant="razz", structure="fixed_limit", small_bet=10, big_bet=20, ante=1, bring_in=3),
             pf.Game(variant="badugi", structure="fixed_limit", small_blind=5, big_blind=10)]
    out = []
    for k in range(count):
        hand = pf.Hand(games[k % 3], stacks={1: 400, 2: 300, 5: 500}, button=5, rng=random.Random(k))
        pick = random.Random(k + 7)
        while not hand.is_over and hand.to_act is not None:
            seat, legal = hand.to_act, hand.legal()
            if legal.draw is not None:
                hand.act(seat, "draw", discard=pick.sample(list(hand.holes[seat]), pick.randint(0, 2)))
            elif legal.bring_in is not None:
                hand.act(seat, "bring_in")
            elif legal.call is not None and pick.random() < 0.8:
                hand.act(seat, "call")
            elif legal.check:
                hand.act(seat, "check")
            elif legal.show:
                hand.act(seat, "show")
            else:
                hand.act(seat, "fold")
        out.append(ohh.to_ohh(hand, names=[f"P{s}" for s in hand.seats], game_number=str(k + 1)))
    return out


def test_verify_reads_an_ohh_download_and_reports_it_as_it_reports_phh(tmp_path: Path) -> None:
    path = tmp_path / "hands.ohh.json"
    path.write_text(json.dumps(_hands(6)))
    code, out = run("verify", str(path))
    assert code == 0, out
    assert re.search(r"matched the recorded finishing stacks\W+6\b", out), out
    assert "All 6 hands agree with their files" in out


def test_convert_to_ohh_then_verify_the_ohh_file(tmp_path: Path) -> None:
    """The PHH a table writes, converted to OHH, verifies hand for hand as the PHH does."""
    (tmp_path / "one.json").write_text(json.dumps(_hands(3)))
    code, out = run("convert", str(tmp_path / "one.json"), "--out", str(tmp_path / "hands.phhs"))
    assert code == 0, out
    code, out = run("convert", str(tmp_path / "hands.phhs"), "--to", "ohh", "--out", str(tmp_path / "again.json"))
    assert code == 0 and "3 hands written" in out, out
    again = json.loads((tmp_path / "again.json").read_text())
    assert [h["ohh"]["game_type"] for h in again] == ["Holdem", "Stud", "Draw"]
    code, out = run("verify", str(tmp_path / "again.json"), str(tmp_path / "hands.phhs"))
    assert code == 0 and "All 6 hands agree" in out, out


def test_a_bad_ohh_hand_is_malformed_with_the_readers_message_and_the_rest_verify(tmp_path: Path) -> None:
    hands = _hands(3)
    del hands[1]["ohh"]["players"]
    path = tmp_path / "hands.ohh.json"
    path.write_text(json.dumps(hands))
    entries = list(history_entries([path]))
    assert [type(e).__name__ for e in entries] == ["HandHistory", "HistoryImportError", "HandHistory"]
    assert isinstance(entries[1], HistoryImportError) and entries[1].hand == "2"
    verdicts = list(verify_paths([path]))
    assert [v.status for v in verdicts] == ["matched", "malformed", "matched"]
    assert verdicts[1].cause == "import" and "no 'players'" in verdicts[1].detail
    code, out = run("verify", str(path))
    assert code == 1 and "not an OHH hand: no 'players'" in out, out


def test_a_file_in_another_format_or_broken_json_is_refused_with_the_reason(tmp_path: Path) -> None:
    stars = tmp_path / "stars.txt"
    stars.write_text("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 10:00:00 ET\n")
    broken = tmp_path / "broken.json"
    broken.write_text('{"ohh": {')
    for path, words in ((stars, "holds pokerstars, not PHH or OHH"), (broken, "not valid JSON")):
        (verdict,) = list(verify_paths([path]))
        assert verdict.status == "malformed" and words in verdict.detail, verdict
        code, out = run("verify", str(path))
        assert code == 1 and words in out, out


def test_a_folder_is_searched_for_ohh_json_and_passes_over_other_json(tmp_path: Path) -> None:
    (tmp_path / "hands.ohh.json").write_text(json.dumps(_hands(2)))
    (tmp_path / "log.json").write_text(json.dumps([{"entry": "a PokerNow log line"}]))
    (tmp_path / "notes.txt").write_text("not a history")
    verdicts = list(verify_paths([tmp_path]))
    assert [v.status for v in verdicts] == ["matched", "matched"]
    code, out = run("verify", str(tmp_path))
    assert code == 0 and "All 2 hands agree" in out, out
