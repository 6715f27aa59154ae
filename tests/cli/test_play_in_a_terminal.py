"""``pokerfloor play`` driven as a person would: through a pseudo-terminal, typing at its prompt."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pokerfloor as pf

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def drive(tmp_path: Path, answer: list[str], hands: int = 3) -> tuple[str, Path]:
    """Run the game in a pty; at each prompt type the next scripted answer (then check/call)."""
    save = tmp_path / "session.phhs"
    leader, follower = pty.openpty()
    command = [
        sys.executable,
        "-c",
        "from pokerfloor.cli import main; main()",
        "play",
        "--hands",
        str(hands),
        "--seed",
        "11",
        "--seats",
        "3",
        "--save",
        str(save),
    ]
    env = dict(os.environ, COLUMNS="120", TERM="xterm")
    process = subprocess.Popen(command, stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True)
    os.close(follower)
    seen, script = "", list(answer)
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
                if seen.rstrip().endswith(">"):
                    last_turn = ANSI.sub("", seen).rsplit("Your turn", 1)[-1]
                    reply = (
                        script.pop(0)
                        if script
                        else ("check" if "| check" in last_turn or ": check" in last_turn else "call")
                    )
                    os.write(leader, (reply + "\n").encode())
                    seen += "\n"
            elif process.poll() is not None:
                break
    finally:
        process.kill() if process.poll() is None else None
        process.wait()
        os.close(leader)
    return ANSI.sub("", seen), save


def test_a_person_plays_three_hands_to_the_end_and_they_are_saved(tmp_path: Path) -> None:
    output, save = drive(tmp_path, ["raise 1", "dance", "call"])
    assert "Your turn" in output
    assert "Floor: the smallest raise is to" in output and "TDA 2024 Rule 43" in output
    assert "is not an action" in output
    assert output.count("Hand ") >= 3
    assert "3 hand(s) saved" in output
    histories = pf.io.phh.load(save)
    assert len(histories) == 3
    for history in histories:
        replay = pf.io.replay.replay(history)
        assert replay.hand.is_over
