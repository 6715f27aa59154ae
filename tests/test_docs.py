"""The examples of docs/*.md run and hold: each page's python blocks, in order, in one namespace.
(Doctest-style blocks, with ``>>>``, are run by doctest in their own tests.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def script_blocks(page: Path) -> list[str]:
    return [block for block in BLOCK.findall(page.read_text()) if ">>>" not in block]


PAGES = sorted(p for p in DOCS.rglob("*.md") if script_blocks(p))


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_every_python_block_runs(page: Path) -> None:
    blocks = script_blocks(page)
    namespace: dict[str, object] = {}
    for number, block in enumerate(blocks, 1):
        exec(compile(block, f"{page.name} block {number}", "exec"), namespace)


COMMAND_PAGE = DOCS / "guide" / "cli.md"
CONSOLE = re.compile(r"```console\n(.*?)```", re.S)


def test_every_command_of_the_cli_page_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command-line page's commands, in order, in an empty folder, each ending well."""
    from typer.testing import CliRunner

    from pokerfloor.cli import app, demo, histories, play, stats  # noqa: F401 - registers the commands

    monkeypatch.chdir(tmp_path)
    commands = [line[2:].split()[1:] for block in CONSOLE.findall(COMMAND_PAGE.read_text())
                for line in block.splitlines() if line.startswith("$ pokerfloor")]
    assert len(commands) >= 5
    for arguments in commands:
        result = CliRunner().invoke(app, arguments)
        assert result.exit_code == 0, (arguments, result.output)
