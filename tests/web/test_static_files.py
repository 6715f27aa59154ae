"""The page ships inside the package: `pokerfloor serve` needs no build step and no checkout."""

from __future__ import annotations

import re
from importlib.resources import files

STATIC = files("pokerfloor.server") / "static"


def test_every_page_and_module_is_in_the_package() -> None:
    for name in ("index.html", "table.html", "ledger.html", "replay.html", "style.css", "favicon.svg",
                 "event.html", "tournament.html", "clock.html", "event.css"):
        assert (STATIC / name).is_file(), name


def test_every_module_a_page_or_module_imports_is_shipped() -> None:
    """Each `src="/js/x.js"` of a page and each `from "./x.js"` of a module is a file beside it."""
    wanted = set()
    pages = ("index.html", "table.html", "ledger.html", "replay.html", "event.html", "tournament.html", "clock.html")
    for page in pages:
        wanted |= set(re.findall(r'src="/(js/[\w.]+\.js)"', (STATIC / page).read_text()))
    for module in (STATIC / "js").iterdir():
        wanted |= {f"js/{m}" for m in re.findall(r'from "\./([\w.]+\.js)"', module.read_text())}
    assert wanted and all((STATIC / path).is_file() for path in wanted), wanted
