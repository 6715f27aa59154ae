"""``pokerfloor replay`` and ``pokerfloor verify`` on real and broken hand histories."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pokerfloor.cli.histories  # noqa: F401 - registers the commands
from pokerfloor.cli import app

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "phh"
needs_corpus = pytest.mark.usefixtures("corpus_present")
ONGAME = "ONG-2009-07-01_2009-07-23_1000NLH_OBFU__10__ong_NLH_handhq_1-OBFUSCATED.part.phhs"

runner = CliRunner()

HAND = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 2c7h', 'p3 f', 'p1 cbr 300', 'p2 cc',
           'd db 2s3s9c', 'p1 cbr 400', 'p2 f']
finishing_stacks = [10300, 9700, 10000]
"""


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.output


def test_replay_tells_the_hand(tmp_path: Path) -> None:
    path = tmp_path / "h.phh"
    path.write_text(HAND)
    code, out = run("replay", str(path))
    assert code == 0, out
    for line in ("p1 posts the small blind 50", "p1 raises to 300", "Flop [2s3s9c]  pot 600", "p2 folds",
                 "uncalled 400 returned to p1", "p1 wins 600 (uncontested)", "finishing stacks as recorded"):
        assert line in out


def test_replay_stops_at_an_illegal_action_with_the_rule(tmp_path: Path) -> None:
    path = tmp_path / "h.phh"
    path.write_text(HAND.replace("'p1 cbr 300'", "'p1 cbr 150'"))
    code, out = run("replay", str(path))
    assert code == 1
    assert "stopped at actions[4] 'p1 cbr 150'" in out
    assert "TDA 2024 Rule 43" in out
    assert "below_min_raise" in out


def test_replay_json(tmp_path: Path) -> None:
    path = tmp_path / "h.phh"
    path.write_text(HAND)
    code, out = run("replay", str(path), "--json")
    assert code == 0
    (report,) = json.loads(out)
    assert report["verdict"]["status"] == "matched"
    assert [p["finishing_stack"] for p in report["players"]] == [10300, 9700, 10000]
    assert report["actions"][4]["events"] == [{"kind": "raise", "player": "p1", "amount": 300, "street": "preflop"}]
    assert report["result"]["pots"][0]["winners"] == {"p1": 600}


@needs_corpus
def test_replay_one_hand_of_a_bulk_file_as_json() -> None:
    code, out = run("replay", str(CORPUS / "dev" / "handhq" / ONGAME), "--hand", "2", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["hand"] == "2"
    assert report["verdict"]["cause"] == "dead_blind+rake"
    assert report["players"][2]["seat"] == 4


@needs_corpus
def test_replay_explains_who_won_and_why() -> None:
    code, out = run("replay", str(CORPUS / "dev" / "historical" / "dwan-ivey-2009.phh"))
    assert code == 0
    assert "Tom Dwan wins 1,109,500 (Tom Dwan with straight, seven high)" in out  # names from the file


@needs_corpus
def test_verify_the_dev_corpus() -> None:
    code, out = run("verify", str(CORPUS / "dev"))
    assert code == 0, out
    assert "matched the recorded finishing stacks" in out
    assert "missing_action" in out
    assert "half_chips" in out
    assert "All 277 hands agree" in out


def test_verify_fails_on_an_unexplained_difference_and_keeps_the_other_hands(tmp_path: Path) -> None:
    good = HAND
    wrong = HAND.replace("[10300, 9700, 10000]", "[10400, 9600, 10000]")
    broken = HAND.replace("min_bet = 100", "min_bet = = 100")
    (tmp_path / "hands.phhs").write_text(f"[1]\n{good}\n[2]\n{wrong}\n[3]\n{broken}\n[4]\n{good}")
    code, out = run("verify", str(tmp_path))
    assert code == 1
    assert "Unexplained" in out
    assert "hands.phhs [2]" in out
    assert "finishing stacks differ: p1 +100 in the file, p2 -100 in the file" in out
    assert "hands.phhs [3]" in out
    assert "│ hands                                   │     4 │" in out
    assert "matched the recorded finishing stacks   │     2" in out


def test_verify_a_path_with_no_hands_fails_with_a_clear_message(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("no hands here")
    code, out = run("verify", str(tmp_path))
    assert code == 1
    assert "No hand histories" in out


def test_replay_names_the_players_of_the_file_and_lists_the_hands_when_one_is_missing(tmp_path: Path) -> None:
    path = tmp_path / "named.phhs"
    named = HAND + "players = ['Ann', 'Bob', 'Cy']\n"
    path.write_text(f"[1]\n{named}\n[2]\n{named}")
    code, out = run("replay", str(path), "--hand", "2")
    assert code == 0, out
    assert "Ann raises to 300" in out and "Bob folds" in out
    code, out = run("replay", str(path), "--hand", "7")
    assert code != 0
    assert "no hand [7]" in out and "its hands: 1, 2" in out


def test_replay_shows_the_whole_path_and_the_hand_number(tmp_path: Path) -> None:
    folder = tmp_path / ("a-folder-with-a-long-name-" * 4)
    folder.mkdir()
    path = folder / "hands.phhs"
    path.write_text(f"[1]\n{HAND}\n[17]\n{HAND}")
    result = CliRunner().invoke(app, ["replay", str(path), "--hand", "17"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "hand 17" in result.output
    assert f"{path} [17]" in result.output.replace("\n", "")
