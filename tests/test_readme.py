"""The README's example runs and prints what its comments say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_example_prints_what_it_promises() -> None:
    text = README.read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S)
    assert code is not None
    source = code.group(1)
    expected = [line.split("# ", 1)[1] for line in source.splitlines() if "print(" in line and "# " in line]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, "README.md", "exec"), {})
    assert out.getvalue().splitlines() == expected


def test_readme_opens_with_the_two_commands() -> None:
    first_block = README.read_text().split("```")[1]
    assert "make run" in first_block and "make test" in first_block
