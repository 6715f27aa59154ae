"""``pokerfloor play`` driven as a person would: through a pseudo-terminal, typing at its prompt."""

from __future__ import annotations

import io
import os
import pty
import random
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pokerfloor as pf

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
CTRL_C, CTRL_D = "<ctrl-c>", "<ctrl-d>"


def drive(
    tmp_path: Path, answer: list[str], *options: str, hands: int = 3, seed: int = 11, stop: str = ""
) -> tuple[str, Path]:
    """Run the game in a pty; at each prompt type the next scripted answer (then check or
    call); a rebuy offered is taken. ``stop`` (``CTRL_C`` or ``CTRL_D``) is pressed at the
    first prompt of the second hand."""
    save = tmp_path / "session.phhs"
    leader, follower = pty.openpty()
    command = [sys.executable, "-c", "from pokerfloor.cli import main; main()", "play", "--hands", str(hands),
               "--seed", str(seed), "--seats", "3", "--save", str(save), *options]
    env = dict(os.environ, COLUMNS="120", TERM="xterm")
    # Ctrl-C as a terminal sends it: SIGINT at its default in the game, even when this test runs
    # in a background job, whose children start with SIGINT ignored (and Python then never raises
    # KeyboardInterrupt).
    process = subprocess.Popen(command, stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # The follower stays open here until the end: once the game's process exits, a read of the
    # leader then waits for the last output rather than failing (EIO) while some is still in the
    # terminal's buffers, which lost the game's last lines on a loaded machine.
    seen, script = "", list(answer)
    answered = 0  # where the last prompt answered ends: an empty answer echoes only a newline
    interrupted: float | None = None    # when Ctrl-C was last pressed
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(leader, 4096).decode(errors="replace")
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
                if seen.rstrip().endswith(">") and len(seen.rstrip()) > answered:
                    last_turn = ANSI.sub("", seen).rsplit("Your turn", 1)[-1]
                    if "Buy in again" in seen.rsplit("\n", 1)[-1]:
                        reply = "y"
                    elif "for the next hand" in seen.rsplit("\n", 1)[-1]:
                        reply = ""
                    elif stop and "Hand 2 ·" in seen:
                        reply = stop
                    elif script:
                        reply = script.pop(0)
                    elif "discard up to" in last_turn:
                        reply = "d"
                    elif "bring in" in last_turn:
                        reply = "bring"
                    else:
                        reply = "check" if "| check" in last_turn or ": check" in last_turn else "call"
                    if reply == CTRL_C:
                        process.send_signal(signal.SIGINT)
                        interrupted = time.monotonic()
                    else:
                        os.write(leader, b"\x04" if reply == CTRL_D else (reply + "\n").encode())
                    answered = len(seen.rstrip())
                    seen += "\n"
            elif process.poll() is not None:
                break
            elif interrupted is not None and "Stopped" not in seen and time.monotonic() - interrupted > 5:
                # Ctrl-C again, as a person would: a SIGINT that lands just before Python's line
                # reader starts waiting is only seen once the reader wakes (a race in CPython's
                # readline, met on a loaded machine), so the first press can go unanswered.
                process.send_signal(signal.SIGINT)
                interrupted = time.monotonic()
    finally:
        process.kill() if process.poll() is None else None
        process.wait()
        os.close(follower)
        os.close(leader)
    return ANSI.sub("", seen), save


def replayed(save: Path) -> list[pf.io.phh.HandHistory]:
    """The saved hands, each replayed to its end, with the players' names."""
    histories = pf.io.phh.load(save)
    for history in histories:
        assert pf.io.replay.replay(history).hand.is_over
        assert history.players is not None and "You" in history.players
    return histories


def test_a_person_plays_three_hands_to_the_end_and_they_are_saved(tmp_path: Path) -> None:
    output, save = drive(tmp_path, ["raise 1", "dance", "call"])
    assert "Your turn" in output
    assert "Floor: the smallest raise is to" in output and "TDA 2024 Rule 43" in output
    assert "is not an action" in output
    assert output.count("Hand ") >= 3
    assert "3 hand(s) saved" in output
    assert len(replayed(save)) == 3


def test_the_table_view_shows_seats_stacks_cards_board_and_whose_turn(tmp_path: Path) -> None:
    output, _ = drive(tmp_path, [], hands=2)
    view = output.split("Your turn", 1)[0]
    for words in ("Hand 1 · Texas hold'em · no limit · blinds 50/100", "player", "stack", "You", "Rock",
                  "Station", "Total pot", "to act"):
        assert words in view
    assert re.search(r"\b(D|SB|BB)\b", view)
    assert re.search(r"You\s+\S*\s*\d{1,2},\d{3}", view), "stacks are written 9,950"
    your_cards = re.search(r"You .*?([2-9TJQKA][cdhs]) ([2-9TJQKA][cdhs])", view)
    assert your_cards is not None, "your cards are always shown"


def test_shortcuts_are_read_the_way_players_type(tmp_path: Path) -> None:
    output, _ = drive(tmp_path, ["help", "b 1k", "k"], hands=1)
    assert "f fold · k check · c call" in output
    assert "You raise to 1,000" in output, "b 1k facing the big blind is a raise to 1,000"
    assert "smallest" not in output


def test_pot_half_min_and_allin(tmp_path: Path) -> None:
    output, _ = drive(tmp_path, ["min"], hands=1)
    assert "You raise to 200" in output
    output, _ = drive(tmp_path, ["pot"], hands=1)
    assert "You raise to 400" in output, "pot from the small blind: call 50 into 250, raise the 300, to 400"
    output, _ = drive(tmp_path, ["allin"], hands=1)
    assert "You raise to 10,000, all-in" in output


def test_quit_folds_and_ends_the_session_at_once(tmp_path: Path) -> None:
    output, save = drive(tmp_path, ["quit"], hands=5)
    assert "You fold" in output
    assert "Hands played: 1" in output and "1 hand(s) saved" in output
    assert len(replayed(save)) == 1


def test_ctrl_c_keeps_every_finished_hand(tmp_path: Path) -> None:
    output, save = drive(tmp_path, [], hands=5, stop=CTRL_C)
    assert "Stopped" in output and "Every finished hand is saved" in output
    finished = int(re.search(r"(\d+) hand\(s\) saved", output).group(1))  # type: ignore[union-attr]
    assert finished == 1
    assert len(replayed(save)) == 1


def test_ctrl_d_keeps_every_finished_hand_and_an_old_file_is_not_overwritten(tmp_path: Path) -> None:
    old = tmp_path / "session.phhs"
    old.write_text("# an earlier session\n")
    output, _ = drive(tmp_path, [], hands=5, stop=CTRL_D)
    assert old.read_text() == "# an earlier session\n"
    assert "session-2.phhs" in output
    assert "Stopped" in output
    assert len(replayed(tmp_path / "session-2.phhs")) == 1


def test_busting_offers_a_rebuy_and_the_summary_counts_it(tmp_path: Path) -> None:
    output, save = drive(tmp_path, ["allin"] * 12, "--stack", "2000", hands=12, seed=5)
    assert "Buy in again for 2,000?" in output
    assert "You buy in again for 2,000" in output
    assert re.search(r"Net: (won|lost) [\d,]+ \(bought in [\d,]+\)", output)
    assert "Biggest pot:" in output
    assert len(replayed(save)) == 12


@pytest.mark.parametrize("game", ["27td", "stud", "plo"])
def test_other_games_play_to_the_end_at_the_terminal(tmp_path: Path, game: str) -> None:
    output, save = drive(tmp_path, [], "--game", game, hands=2)
    assert "is not an action" not in output and "Floor:" not in output
    assert "2 hand(s) saved" in output
    assert [h.variant for h in replayed(save)] == [{"27td": "F2L3D", "stud": "F7S", "plo": "PO"}[game]] * 2


def test_the_result_stays_on_the_screen_until_you_press_enter(tmp_path: Path) -> None:
    output, _ = drive(tmp_path, [], hands=2)
    first, _, _ = output.partition("Hand 2 ·")
    result = first.rsplit("Result", 1)[-1]
    assert "Enter for the next hand" in result, "the next hand waits for you"
    assert re.search(r"wins (the pot|the main pot|side pot \d+), [\d,]+", result), "each pot's winner and amount"
    assert re.search(r"You (won [\d,]+|lost [\d,]+|broke even) this hand", result), "your gain or loss"


def test_stopped_before_any_hand_ends_nothing_is_saved_and_it_says_so(tmp_path: Path) -> None:
    """Ctrl-C at the first prompt: no "0 hand(s) saved to ...", and no file (a hand is written
    only as it finishes)."""
    from rich.console import Console

    from pokerfloor.cli import play

    out = io.StringIO()
    save = tmp_path / "session.phhs"
    table = pf.Table(pf.Game.no_limit_holdem(50, 100), seats=3, rng=random.Random(1), button=3)
    for seat in (1, 2, 3):
        table.sit(seat, f"p{seat}", 10_000, post=True)
    table.start_hand()
    play.summary(Console(file=out, width=100), table, play.Session(bought_in=10_000), save, None)
    told = out.getvalue()
    assert "nothing was saved" in told and "0 hand(s)" not in told
    assert not save.exists()
