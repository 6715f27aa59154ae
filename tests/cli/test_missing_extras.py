"""Issue 25, item 9: after ``make run`` (the cli extra only) ``pokerfloor equity`` and ``pokerfloor
sim`` crashed with 60 lines of traceback ending ``No module named 'numpy'``. A command that needs
an extra not installed says in one line which extra to install and exits with status 2.

No second virtual environment is built: each command runs in a subprocess whose import system
refuses the extras' modules (a meta-path finder put first), as a venv without them would."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from pokerfloor.cli import EXTRAS, LIGHTER

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
EVERY_EXTRA_MODULE = sorted(EXTRAS)

RUN_WITHOUT = """
import sys

BLOCKED = set(sys.argv[1].split(","))


class Blocker:
    def find_spec(self, name, path=None, target=None):
        if any(name == blocked or name.startswith(blocked + ".") for blocked in BLOCKED):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Blocker())
sys.path.insert(0, sys.argv[2])
sys.argv = ["pokerfloor", *sys.argv[3:]]
from pokerfloor.cli import main

main()
"""


def pokerfloor_without(blocked: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUN_WITHOUT, ",".join(blocked), str(SRC), *args],
        capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    ("args", "extra", "package"),
    [
        (["equity", "AhAs", "KdKc"], "equity", "numpy"),
        (["equity", "AhAs", "KdKc", "--board", "2c3c4c"], "equity", "numpy"),
        (["sim", "--hands", "100"], "fast", "numpy"),
        (["bot", "--url", "http://127.0.0.1:9/t/none"], "bot", "websockets"),
        (["serve", "--port", "9"], "server", ""),
    ],
    ids=["equity", "equity on a board", "sim", "bot", "serve"],
)
def test_a_command_needing_a_missing_extra_says_which_in_one_line(args: list[str], extra: str, package: str) -> None:
    run = pokerfloor_without(EVERY_EXTRA_MODULE, *args)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "Traceback" not in run.stderr and "Traceback" not in run.stdout
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert f"pip install 'pokerfloor[{extra}]'" in lines[0] and f"pokerfloor {args[0]}" in lines[0]
    assert package in lines[0]


def test_the_plot_of_stats_names_its_extra(tmp_path: Path) -> None:
    log = ROOT / "tests" / "io" / "data" / "imports" / "pokernow_log_001.csv"
    run = pokerfloor_without(EVERY_EXTRA_MODULE, "stats", str(log), "--plot", str(tmp_path / "net.png"))
    assert run.returncode == 2 and "pip install 'pokerfloor[plot]'" in run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1


def test_commands_that_need_no_extra_still_run_without_them(tmp_path: Path) -> None:
    """Issue 40: these are what a bare ``pip install pokerfloor`` runs (typer and rich only);
    ``verify-deal`` reads the server's deal module, which needs nothing of the server extra."""
    empty = tmp_path / "hands.json"
    empty.write_text("[]")
    for args in (["--help"], ["--version"], ["demo", "--hands", "1"], ["match", "pro", "rock", "--hands", "2"],
                 ["verify-deal", str(empty)]):
        run = pokerfloor_without(EVERY_EXTRA_MODULE, *args)
        assert run.returncode == 0, (args, run.stderr)


def test_a_missing_module_no_extra_brings_is_not_disguised() -> None:
    """A module of pokerfloor's own that cannot be imported is a fault: its traceback stays."""
    run = pokerfloor_without(["pokerfloor.equity"], "equity", "AhAs", "KdKc")
    assert run.returncode == 1 and "ModuleNotFoundError" in run.stderr


def test_every_module_named_comes_with_the_extra_named() -> None:
    """The table of extras agrees with pyproject.toml, and so does each lighter extra a command
    is sent to instead."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]

    def packages(extra: str) -> set[str]:
        return {re.split(r"[\[<>=~ ;]", requirement, maxsplit=1)[0].lower() for requirement in extras[extra]}

    for module, (package, extra) in EXTRAS.items():
        assert package.lower() in packages(extra), (module, package, extra)
    for (command, module), extra in LIGHTER.items():
        assert EXTRAS[module][0] in packages(extra), (command, module, extra)
