"""``make run`` from a clean copy: a fresh ``.venv`` with only what playing needs, then five hands.

This is the first thing a new user types; it needs PyPI (typer, rich and the build backend).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pokerfloor as pf

ROOT = Path(__file__).resolve().parents[2]
NOT_FOR_PLAYING = ("pytest", "mypy", "ruff", "hypothesis", "pokerkit", "numba", "numpy", "mkdocs")


def test_make_run_builds_a_lean_venv_and_plays_five_hands(tmp_path: Path) -> None:
    clone = tmp_path / "pokerfloor"
    shutil.copytree(ROOT / "src", clone / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for name in ("pyproject.toml", "setup.py", "Makefile", "README.md", "LICENSE", "CHANGELOG.md", "MANIFEST.in"):
        shutil.copy(ROOT / name, clone / name)
    run = subprocess.run(
        ["make", "run", f"PYTHON={sys.executable}"],
        cwd=clone, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "5 hand(s) saved to pokerfloor-hands.phhs" in run.stdout
    assert "Hands played: 5" in run.stdout
    assert "Warning" not in run.stderr and "SetuptoolsDeprecationWarning" not in run.stderr
    found = subprocess.run(
        [str(clone / ".venv/bin/python"), "-c",
         f"import importlib.util as u; print(' '.join(m for m in {NOT_FOR_PLAYING!r} if u.find_spec(m)))"],
        capture_output=True, text=True, check=True,
    ).stdout.split()
    assert found == [], f"make run installed what only the tests need: {found}"
    assert len(pf.io.phh.load(clone / "pokerfloor-hands.phhs")) == 5


def _makefile_only(tmp_path: Path) -> Path:
    clone = tmp_path / "clone"
    clone.mkdir()
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, clone / name)
    (clone / "src").mkdir()
    return clone


def _fake_python(path: Path, says: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\necho '{says}'\n")
    path.chmod(0o755)
    return path


def test_make_refuses_a_python_older_than_3_11_before_creating_anything(tmp_path: Path) -> None:
    clone = _makefile_only(tmp_path)
    old = _fake_python(tmp_path / "bin" / "python3.9", "0")
    run = subprocess.run(["make", "-n", "run", f"PYTHON={old}"], cwd=clone, capture_output=True, text=True)
    assert run.returncode != 0
    assert "pokerfloor needs Python 3.11 or newer" in run.stderr
    assert not (clone / ".venv").exists()


def test_make_rebuilds_a_venv_made_by_another_python(tmp_path: Path) -> None:
    clone = _makefile_only(tmp_path)
    _fake_python(clone / ".venv" / "bin" / "python", "/usr/other 3.10.0")
    (clone / ".venv" / ".run-installed").touch()
    run = subprocess.run(["make", "-n", "run", f"PYTHON={sys.executable}"], cwd=clone, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert ".venv was made by another Python: rebuilding it" in run.stdout
    assert f"{sys.executable} -m venv .venv" in run.stdout
    assert not (clone / ".venv").exists()


def test_make_serve_installs_the_server_extra_only_then_serves_with_three_bots(tmp_path: Path) -> None:
    """``make serve`` (dry run): what ``make run`` installs, then the server extra, then the
    server with three house bots; nothing of the test toolchain."""
    clone = _makefile_only(tmp_path)
    run = subprocess.run(["make", "--no-print-directory", "-n", "serve", f"PYTHON={sys.executable}"], cwd=clone,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    installs = [line for line in run.stdout.splitlines() if "pip install" in line and "-e" in line]
    assert [line.split()[-1] for line in installs] == ["'.[cli]'", "'.[cli,server]'"]
    # Only this computer by default; `make serve HOST=0.0.0.0` lets the home network in (issue 35).
    assert run.stdout.splitlines()[-1] == ".venv/bin/pokerfloor serve --bots 3 --host 127.0.0.1"
    lan = subprocess.run(["make", "--no-print-directory", "-n", "serve", f"PYTHON={sys.executable}", "HOST=0.0.0.0"],
                         cwd=clone, capture_output=True, text=True)
    assert lan.stdout.splitlines()[-1] == ".venv/bin/pokerfloor serve --bots 3 --host 0.0.0.0"
