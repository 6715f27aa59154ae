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


FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9_-]*")
COMMAND = re.compile(r"pokerfloor ([a-z][a-z-]+)([^`\n|#]*)")


def test_every_option_the_docs_give_a_command_is_one_of_its_options() -> None:
    """``pokerfloor SUB ... --flag`` in docs/ and the README: SUB has that option (a renamed or
    dropped option fails here, not in a reader's terminal)."""
    import importlib

    import typer.main

    from pokerfloor.cli import app

    for name in ("acpc", "bench", "demo", "equity", "histories", "lbr", "match", "play", "serve", "sim", "solve",
                 "stats"):
        importlib.import_module(f"pokerfloor.cli.{name}")
    group = typer.main.get_command(app)
    options = {name: {flag for param in command.params for flag in (*param.opts, *param.secondary_opts)} | {"--help"}
               for name, command in group.commands.items()}   # type: ignore[attr-defined]
    pages = [*sorted(DOCS.rglob("*.md")), DOCS.parent / "README.md"]
    stale = [(page.name, match.group(0).strip(), flag)
             for page in pages for match in COMMAND.finditer(page.read_text()) if match.group(1) in options
             for flag in FLAG.findall(match.group(2)) if flag not in options[match.group(1)]]
    assert stale == []
    assert {"play", "serve", "equity", "bench"} <= {m.group(1) for p in pages for m in COMMAND.finditer(p.read_text())}
