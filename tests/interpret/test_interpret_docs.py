"""docs/interpret.md: its examples run as written (python -m doctest)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "interpret.md"


def test_the_examples_in_docs_interpret_md_run() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "doctest", str(DOC)], capture_output=True, text=True, cwd=DOC.parent.parent, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
