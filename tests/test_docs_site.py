"""Issue 25, item 11: the docs site. Every page of docs/ is in the mkdocs navigation (equity,
envs, match and acpc were not), and ``make docs`` installs only the docs builder: it installed
the whole test toolchain (58 packages, Ray and mypy among them). mkdocstrings reads the API
from src/ without importing it, so the site builds with pokerfloor and every extra unimportable."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def nav_pages(entries: Any) -> set[str]:
    """Every page a mkdocs ``nav`` names, however deep its sections."""
    pages: set[str] = set()
    for entry in entries:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        if isinstance(value, list):
            pages |= nav_pages(value)
        else:
            pages.add(value)
    return pages


def test_every_docs_page_is_in_the_navigation() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    pages = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")}
    assert nav_pages(config["nav"]) == pages
    assert {"equity.md", "envs.md", "match.md", "acpc.md"} <= pages


def test_make_docs_installs_the_docs_extra_alone(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    clone.mkdir()
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, clone / name)
    (clone / "src").mkdir()
    run = subprocess.run(["make", "-n", "docs", f"PYTHON={sys.executable}"], cwd=clone, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    installs = [line for line in run.stdout.splitlines() if "pip install" in line and "--upgrade pip" not in line]
    assert installs == [".venv/bin/python -m pip install --quiet -e '.[docs]'"], run.stdout
    assert "mkdocs build --strict" in run.stdout


BLOCK_AND_BUILD = """
import sys

BLOCKED = set(sys.argv[1].split(","))


class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Blocker())
from mkdocs.__main__ import cli

cli(["build", "--strict", "--quiet", "-f", sys.argv[2], "-d", sys.argv[3]])
"""
NOT_DOCS = ("pokerfloor", "numpy", "numba", "typer", "rich", "matplotlib", "gymnasium", "pettingzoo", "starlette",
            "uvicorn", "sqlalchemy", "orjson", "ray", "pytest", "hypothesis", "mypy", "pokerkit")


def test_the_site_builds_without_importing_pokerfloor_or_any_other_extra(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-c", BLOCK_AND_BUILD, ",".join(NOT_DOCS), str(ROOT / "mkdocs.yml"), str(tmp_path / "site")],
        cwd=ROOT, capture_output=True, text=True, timeout=300, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "IllegalAction" in (tmp_path / "site" / "api" / "index.html").read_text(encoding="utf-8")
