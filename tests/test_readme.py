"""The README's example runs and prints what its comments say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

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


def test_the_commands_table_lists_every_pokerfloor_command() -> None:
    """Each command of ``pokerfloor --help`` has a row: ``pokerfloor NAME`` in the table."""
    pytest.importorskip("typer")
    import typer.main

    # The modules ``main`` imports, each registering its commands on ``app``.
    import pokerfloor.cli.acpc
    import pokerfloor.cli.bench
    import pokerfloor.cli.demo
    import pokerfloor.cli.equity
    import pokerfloor.cli.histories
    import pokerfloor.cli.match
    import pokerfloor.cli.play
    import pokerfloor.cli.serve
    import pokerfloor.cli.sim
    import pokerfloor.cli.stats  # noqa: F401
    from pokerfloor.cli import app

    names = sorted(typer.main.get_command(app).commands)    # type: ignore[attr-defined]
    table = README.read_text().split("## Commands", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    missing = [n for n in names if not any(f"`pokerfloor {n}" in row or f"/ `pokerfloor {n}`" in row for row in rows)]
    assert len(names) >= 15 and not missing, missing


def test_the_readme_says_what_pokerfloor_is_for_each_of_its_users() -> None:
    users = README.read_text().split("## What it is for", 1)[1].split("\n## ", 1)[0]
    for who, command in [("play in the terminal", "make run"), ("host a home game", "make serve"),
                         ("use the library", "import pokerfloor"), ("train a bot", "pokerfloor.envs"),
                         ("study hands", "pokerfloor replay")]:
        assert any(who in line and command in line for line in users.splitlines()), who


DOCS_SITE = "https://pokerfloor.readthedocs.io/"
LINK = re.compile(r"\]\(([^)\s]+)\)|(?<![(\[])(https?://[^\s)`|;,]*[^\s)`|;,.])")


def test_every_link_works_on_a_package_index_page() -> None:
    """Issue 40: the README is the package's long description, rendered on an index page where a
    relative ``docs/...`` link is dead. Every link is absolute, and each one into the docs site is
    a page the site builds (``docs/X.md`` is served at ``X/``, ``docs/index.md`` at the root)."""
    text = README.read_text()
    pages = {str(p.relative_to(README.parent / "docs").with_suffix("")) for p in (README.parent / "docs").rglob("*.md")}
    links = [a or b for a, b in LINK.findall(text)]
    assert len(links) >= 20
    for target in links:
        assert target.startswith("https://"), target
        if target.startswith(DOCS_SITE):
            path = target.removeprefix(DOCS_SITE).removeprefix("en/latest/").strip("/") or "index"
            assert path in pages, target
    assert not re.search(r"(?<!\[)`docs/[^`]*\.md`(?!\])", text), "a docs path that is not a link"


def test_the_package_metadata_points_at_the_docs_and_the_licence() -> None:
    import tomllib

    root = README.parent
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (root / "LICENSE").read_text().startswith("MIT License\n\nCopyright (c) 2026 the pokerfloor developers")
    assert "## 0.1.0" in (root / "CHANGELOG.md").read_text()
    assert all(url.startswith(DOCS_SITE) for url in project["urls"].values())
    assert {"typer", "rich"} <= {dependency.split(">")[0] for dependency in project["dependencies"]}
