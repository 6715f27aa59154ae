"""Any hand history pokerfloor reads, by its content: PHH, PokerStars, GGPoker, Winamax, 888poker
and partypoker text, iPoker XML, PokerNow logs (CSV or JSON) and Open Hand History JSON, each hand
as a PHH ``HandHistory`` (or the error that hand raised, so one bad hand does not hide the rest).
``verify.verify_history`` replays each one on the engine and reports any amount that disagrees with
the rules, with the rule."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from pokerfloor.io import ggpoker, ipoker, ohh, pacific, partypoker, phh, pokernow, pokerstars, winamax
from pokerfloor.io.phh import MAX_FILE_BYTES, HandHistory, PHHFormatError
from pokerfloor.io.pokernow import json_value
from pokerfloor.io.sitehand import HistoryImportError, too_big

Entry = HandHistory | PHHFormatError | HistoryImportError

SITES: dict[str, tuple[Callable[[str], bool], Callable[[str, str], list[HandHistory | HistoryImportError]]]] = {
    "pokerstars": (pokerstars.opens_a_hand, pokerstars.read),
    "ggpoker": (ggpoker.opens_a_hand, ggpoker.read),
    "winamax": (winamax.opens_a_hand, winamax.read),
    "888poker": (pacific.opens_a_hand, pacific.read),
    "partypoker": (partypoker.opens_a_hand, partypoker.read),
}
"""The sites whose text histories are read, each by whether a file's head opens one of its
hands and its reader (iPoker's XML is told by its ``<session>``)."""
SUFFIXES = (".phh", ".phhs", ".txt", ".csv", ".json", ".xml")
"""The files a folder is searched for."""


def detect(text: str, name: str = "") -> str:
    """The format of a file: ``phh``, a site of ``SITES``, ``ipoker``, ``pokernow`` or ``ohh``;
    raises only ``HistoryImportError`` (for text in none of them, JSON that is not valid, or a file over
    ``phh.MAX_FILE_BYTES``)."""
    head = text.lstrip("\ufeff \n\r\t")
    if name.endswith((".phh", ".phhs")):
        return "phh"
    refused = too_big(text, MAX_FILE_BYTES, "a file", name)
    if refused is not None:
        raise refused
    for site, (opens, _) in SITES.items():
        if opens(head[:2000]):
            return site
    if head.startswith("<") and ipoker.opens_a_hand(head[:2000]):
        return "ipoker"
    if head.startswith("entry,at,order"):
        return "pokernow"
    if head[:1] in "[{":
        data = _json(text, name)
        first = data[0] if isinstance(data, list) and data else data
        if isinstance(first, dict) and "ohh" in first:
            return "ohh"
        return "pokernow"
    raise HistoryImportError("not a history pokerfloor reads (PHH, PokerStars, GGPoker, Winamax, 888poker,"
                             " partypoker, iPoker, PokerNow, OHH)", source=name)


def _json(text: str, source: str) -> Any:
    try:
        return json_value(text)
    except HistoryImportError as error:
        raise HistoryImportError(error.message, source=source) from None


def read_text(text: str, source: str = "") -> list[Entry]:
    """Every hand of one file's text: each a ``HandHistory``, or the ``PHHFormatError`` or
    ``HistoryImportError`` that hand raised; raises only ``HistoryImportError`` (``detect``)."""
    kind = detect(text, source)
    if kind == "phh":
        return [*phh.read_entries(text, source=source, bulk=source.endswith(".phhs"))]
    if kind in SITES:
        return [*SITES[kind][1](text, source)]
    if kind == "ipoker":
        return [*ipoker.read(text, source)]
    if kind == "pokernow":
        return [*pokernow.read(text, source)]
    data: Any = _json(text, source)
    out: list[Entry] = []
    for item in data if isinstance(data, list) else [data]:
        try:
            out.append(ohh.read_ohh(item, source))
        except HistoryImportError as error:
            out.append(error)
    return out


def read_paths(paths: Iterable[str | Path]) -> list[Entry]:
    """Every hand of the files named (folders are searched for files of any known format); a
    file that cannot be read (over ``phh.MAX_FILE_BYTES``, not UTF-8, missing) is one error."""
    return list(stream_paths(paths))


def stream_paths(paths: Iterable[str | Path]) -> Iterator[Entry]:
    """``read_paths`` one hand at a time: a ``.phhs`` file is read as a stream (its hands are
    never all in memory at once); the other formats' files are read whole, as their hands
    refer to each other's lines."""
    for path in _files(paths):
        if phh.is_bulk(path):
            yield from phh.stream_file_entries(path)
            continue
        try:
            yield from read_text(_text(path), str(path))
        except HistoryImportError as error:
            yield HistoryImportError(error.message, source=str(path), hand=error.hand)


def history_entries(paths: Iterable[str | Path]) -> Iterator[Entry]:
    """Every hand of the PHH and OHH files named (``pokerfloor verify``): a ``.phh`` or
    ``.phhs`` file is PHH, any other file is read by its content and must hold OHH (a table's
    ``hands.ohh.json``; one ``HistoryImportError`` otherwise: convert it first). A folder is
    searched for ``.phh``, ``.phhs`` and ``.json`` files, and passes over a JSON file that holds
    another format."""
    for given in map(Path, paths):
        searched = given.is_dir()
        found = sorted(p for p in given.rglob("*") if p.suffix in (".phh", ".phhs", ".json")) if searched else [given]
        for path in found:
            if path.suffix in (".phh", ".phhs"):
                yield from phh.read_file_entries(path)
                continue
            try:
                text = _text(path)
                kind = detect(text, str(path))
                if kind == "ohh":
                    yield from read_text(text, str(path))
                elif not searched:
                    raise HistoryImportError(f"holds {kind}, not PHH or OHH: `pokerfloor convert` it to PHH first")
            except HistoryImportError as error:
                yield HistoryImportError(error.message, source=str(path), hand=error.hand)


def _text(path: Path) -> str:
    """A file's text (a UTF-8 byte-order mark skipped); raises only ``HistoryImportError`` (over
    ``phh.MAX_FILE_BYTES``, not UTF-8, missing)."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise HistoryImportError(f"cannot be read: {error}", source=str(path)) from None
    if len(data) > MAX_FILE_BYTES:
        raise HistoryImportError(f"is over the {MAX_FILE_BYTES // 1024:,} KiB a file may hold", source=str(path))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise HistoryImportError(f"cannot be read: {error}", source=str(path)) from None


def _files(paths: Iterable[str | Path]) -> Iterable[Path]:
    for given in paths:
        path = Path(given)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES)
        else:
            yield path
