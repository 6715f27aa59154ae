"""One base error: every error class the library defines sits under ``pokerfloor.PokerfloorError``,
keeps the built-in base it had (callers catching ``ValueError`` do not break), and is listed, with
that base, in the one table of docs/api.md."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest

import pokerfloor
from pokerfloor import PokerfloorError

API = Path(__file__).resolve().parents[1] / "docs" / "api.md"
ROW = re.compile(r"^\| `(\w+)` \| `([\w.]+)` \| `(\w+)` \|", re.M)


def library_errors() -> dict[str, type[BaseException]]:
    """Every public exception class defined in a pokerfloor module, by name."""
    found: dict[str, type[BaseException]] = {}
    for module_info in pkgutil.walk_packages(pokerfloor.__path__, "pokerfloor."):
        if ".migrations" in module_info.name or module_info.name.endswith("__main__"):
            continue  # alembic's scripts and the command line's entry run when imported
        module = importlib.import_module(module_info.name)
        for name, value in vars(module).items():
            if (isinstance(value, type) and issubclass(value, BaseException)
                    and value.__module__ == module.__name__ and not name.startswith("_")):
                found[name] = value
    return found


ERRORS = library_errors()
SIGNALS = frozenset({"NotOwner"})
"""Classes that are signals, not errors (docs/api.md): a ``BaseException`` as
``asyncio.CancelledError`` is, so that every ``except Exception`` on its way lets it pass."""


def test_the_walk_finds_the_errors_it_must() -> None:
    assert {"IllegalAction", "LedgerError", "PHHFormatError", "HistoryImportError", "ReplayError",
            "RangeError", "Refused"} <= set(ERRORS)


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_every_error_is_a_pokerfloor_error(name: str) -> None:
    if name in SIGNALS:
        assert not issubclass(ERRORS[name], Exception)      # it must pass every `except Exception`
    else:
        assert issubclass(ERRORS[name], PokerfloorError)


def test_errors_keep_the_builtin_base_they_had() -> None:
    from pokerfloor.io.phh import PHHFormatError
    from pokerfloor.io.sitehand import HistoryImportError
    from pokerfloor.table import LedgerError

    for error in (pokerfloor.IllegalAction, PHHFormatError, HistoryImportError):
        assert issubclass(error, ValueError)
    assert issubclass(LedgerError, AssertionError)


def test_docs_api_lists_every_error_with_its_builtin_base() -> None:
    rows = {name: (where, base) for name, where, base in ROW.findall(API.read_text())}
    assert set(rows) == set(ERRORS)
    for name, (where, base) in rows.items():
        error = ERRORS[name]
        assert getattr(importlib.import_module(where), name) is error, name
        builtin = next(c for c in error.__mro__ if c.__module__ == "builtins")
        assert builtin.__name__ == base, (name, builtin)


def test_one_except_catches_a_refused_action_and_a_broken_ledger() -> None:
    import random

    game = pokerfloor.Game.no_limit_holdem(1, 2)
    hand = pokerfloor.Hand(game, stacks={1: 100, 2: 100}, button=1, rng=random.Random(1))
    with pytest.raises(PokerfloorError):
        hand.act(2, "check")  # seat 1, the button, acts first heads-up
    from pokerfloor.table import Ledger

    with pytest.raises(PokerfloorError):
        Ledger().verify({"p1": 1})  # a chip the book never saw


SOURCE = Path(pokerfloor.__file__).resolve().parent
BARE_RAISE = re.compile(r"raise (ValueError|TypeError|KeyError|LookupError)\(")


def test_no_module_raises_a_bare_value_error() -> None:
    """A wrong argument is an ``InvalidArgument`` (a ``ValueError`` and a ``PokerfloorError``),
    so one ``except PokerfloorError`` catches every refusal the library makes. (A ``TypeError``
    or ``KeyError`` raised inside a reader is caught there and turned into its one error.)"""
    bare = [f"{path.relative_to(SOURCE)}:{number}"
            for path in SOURCE.rglob("*.py")
            for number, line in enumerate(path.read_text().splitlines(), start=1)
            if BARE_RAISE.search(line) and "ValueError" in line]
    assert not bare, bare


@pytest.mark.parametrize(
    "wrong",
    [
        lambda: pokerfloor.Game(variant="nope", structure="no_limit", small_blind=1, big_blind=2),
        lambda: pokerfloor.Hand(pokerfloor.Game.no_limit_holdem(1, 2), {1: -5, 2: 100}, button=1),
        lambda: pokerfloor.parse_cards("Zz"),
        lambda: pokerfloor.evaluate("AhAh2c3d4s5h6c"),
        lambda: pokerfloor.Table(pokerfloor.Game.no_limit_holdem(1, 2), seats=1),
    ],
    ids=["game", "stack", "card", "evaluate", "table"],
)
def test_a_wrong_argument_is_a_pokerfloor_error_and_still_a_value_error(wrong: Any) -> None:
    with pytest.raises(pokerfloor.InvalidArgument) as refused:
        wrong()
    assert isinstance(refused.value, PokerfloorError) and isinstance(refused.value, ValueError)
