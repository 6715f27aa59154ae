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


PAGES = sorted(p for p in DOCS.glob("*.md") if script_blocks(p))


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_python_block_runs(page: Path) -> None:
    blocks = script_blocks(page)
    namespace: dict[str, object] = {}
    for number, block in enumerate(blocks, 1):
        exec(compile(block, f"{page.name} block {number}", "exec"), namespace)
