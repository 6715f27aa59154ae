"""Any hand history pokerfloor reads, by its content: PHH, PokerStars text, PokerNow logs (CSV
or JSON) and Open Hand History JSON, each hand as a PHH ``HandHistory`` (or the error that hand
raised, so one bad hand does not hide the rest). ``verify.verify_history`` replays each one on
the engine and reports any amount that disagrees with the rules, with the rule."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pokerfloor.io import ohh, phh, pokernow, pokerstars
from pokerfloor.io.phh import HandHistory, PHHFormatError
from pokerfloor.io.sitehand import HistoryImportError

Entry = HandHistory | PHHFormatError | HistoryImportError


def detect(text: str, name: str = "") -> str:
    """The format of a file: ``phh``, ``pokerstars``, ``pokernow`` or ``ohh``."""
    head = text.lstrip("\ufeff \n\r\t")
    if name.endswith((".phh", ".phhs")):
        return "phh"
    if pokerstars.opens_a_hand(head[:2000]):
        return "pokerstars"
    if head.startswith("entry,at,order"):
        return "pokernow"
    if head[:1] in "[{":
        data = json.loads(text)
        first = data[0] if isinstance(data, list) and data else data
        if isinstance(first, dict) and "ohh" in first:
            return "ohh"
        return "pokernow"
    raise HistoryImportError("not a history pokerfloor reads (PHH, PokerStars, PokerNow, OHH)", source=name)


def read_text(text: str, source: str = "") -> list[Entry]:
    """Every hand of one file's text."""
    kind = detect(text, source)
    if kind == "phh":
        return [*phh.read_entries(text, source=source, bulk=source.endswith(".phhs"))]
    if kind == "pokerstars":
        return [*pokerstars.read(text, source)]
    if kind == "pokernow":
        return [*pokernow.read(text, source)]
    data: Any = json.loads(text)
    out: list[Entry] = []
    for item in data if isinstance(data, list) else [data]:
        try:
            out.append(ohh.read_ohh(item, source))
        except HistoryImportError as error:
            out.append(error)
    return out


def read_paths(paths: Iterable[str | Path]) -> list[Entry]:
    """Every hand of the files named (folders are searched for files of any known format)."""
    out: list[Entry] = []
    for path in _files(paths):
        try:
            out += read_text(path.read_text(encoding="utf-8-sig"), str(path))
        except HistoryImportError as error:
            out.append(error)
        except ValueError as error:
            out.append(HistoryImportError(str(error), source=str(path)))
    return out


def _files(paths: Iterable[str | Path]) -> Iterable[Path]:
    for given in paths:
        path = Path(given)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in (".phh", ".phhs", ".txt", ".csv", ".json"))
        else:
            yield path
