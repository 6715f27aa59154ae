"""PokerNow log exports (CSV and JSON) as PHH.

A PokerNow log is one line per event, newest first: ``entry`` (the text), ``at`` (the time) and
``order`` (a sortable number); the JSON export holds the same entries (``msg``, ``at``,
``created_at``) in a ``logs`` list. Players are written ``"name @ id"``; amounts of calls and
raises are the player's total wager this round; cards use suit symbols (``10♥``).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable
from typing import Any

from pokerfloor.hand.types import brief
from pokerfloor.io.phh import MAX_FILE_BYTES, HandHistory
from pokerfloor.io.sitehand import HistoryImportError, SiteHand, money, too_big

GAMES = {"No Limit Texas Hold'em": "NT", "Limit Texas Hold'em": "FT", "Pot Limit Omaha Hi": "PO"}
"""The PokerNow game names that have a PHH variant (Omaha hi-lo pot-limit has none)."""

_POSTS = {"posts a small blind of ": "sb", "posts a big blind of ": "bb", "posts a straddle of ": "straddle",
          "posts an ante of ": "ante"}
_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_RANKS = frozenset(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])
_NAME = r'"(?P<player>.*? @ [\w-]+)"'  # a name may hold quotes; the "@ id" ends it
_START = re.compile(r'^-- starting hand #(?P<number>\d+)\s*(?:\(id: (?P<id>\w+)\)\s*)?\((?P<game>[^)]*)\)'
                    r'\s*(?:\(dealer: "(?P<dealer>.*? @ [\w-]+)"\))?')
_STACK = re.compile(r'#(?P<seat>\d+) ' + _NAME + r' \((?P<stack>[\d.]+)\)')
_PLAYER = re.compile(r'^' + _NAME + r' (?P<rest>.*)$')
_RETURNED = re.compile(r'^Uncalled bet of (?P<amount>[\d.]+) returned to ' + _NAME)
_STREET = re.compile(r"^(?P<street>Flop|Turn|River):.*\[(?P<cards>[^\]]+)\]")


def card(text: str) -> str:
    """A PokerNow card (``10♥``, ``A♣``) in two characters (``Th``)."""
    text = text.strip()
    rank, suit = text[:-1], text[-1:]
    if suit not in _SUITS or rank not in _RANKS:
        raise HistoryImportError(f"{brief(text)} is not a PokerNow card (10♥, A♣)")
    return ("T" if rank == "10" else rank) + _SUITS[suit]


def entries_from_csv(text: str) -> list[str]:
    """The log lines of a CSV export, oldest first."""
    try:
        rows = list(csv.DictReader(io.StringIO(text)))
    except csv.Error as error:
        raise HistoryImportError(f"not a CSV log: {error}") from None
    if rows and not {"entry", "order"} <= set(rows[0]):
        raise HistoryImportError("a PokerNow CSV log has the columns entry, at, order")
    for number, row in enumerate(rows, start=1):
        order, entry = row.get("order"), row.get("entry")
        if not isinstance(order, str) or not (order.strip().isascii() and order.strip().isdigit()) or len(order) > 40:
            raise HistoryImportError(f"row {number}: the order is a whole number (up to 40 digits), not {brief(order)}")
        if not isinstance(entry, str):
            raise HistoryImportError(f"row {number} has no entry")
    return [row["entry"] for row in sorted(rows, key=lambda r: int(r["order"]))]


def entries_from_json(data: Any) -> list[str]:
    """The log lines of a JSON export (``{"logs": [...]}`` or a list), oldest first."""
    logs = data.get("logs", data) if isinstance(data, dict) else data
    if not isinstance(logs, list):
        raise HistoryImportError("a PokerNow JSON log is a list of entries, or {'logs': [...]}")

    keyed: list[tuple[tuple[int, int | str], str]] = []
    for number, entry in enumerate(logs):
        if not isinstance(entry, dict):
            raise HistoryImportError(f"log entry {number} is an object, not {brief(entry)}")
        when = entry.get("order", entry.get("created_at", entry.get("at", 0)))
        if isinstance(when, int) and not isinstance(when, bool):
            key: tuple[int, int | str] = (0, when)
        elif isinstance(when, str):
            key = (1, when)
        else:
            raise HistoryImportError(f"log entry {number}: its order or time is a number or a text, not {brief(when)}")
        text = entry.get("msg", entry.get("entry", ""))
        if not isinstance(text, str):
            raise HistoryImportError(f"log entry {number}: its message is a text, not {brief(text)}")
        keyed.append((key, text))
    return [text for _, text in sorted(keyed, key=lambda item: item[0])]


def read(text: str, source: str = "") -> list[HandHistory | HistoryImportError]:
    """Every hand of a PokerNow log (CSV, or JSON when the text is JSON); a log that cannot be
    read at all (not CSV or JSON, or over ``phh.MAX_FILE_BYTES``) is one ``HistoryImportError``."""
    refused = too_big(text, MAX_FILE_BYTES, "a file", source)
    if refused is not None:
        return [refused]
    stripped = text.lstrip("\ufeff \n\r\t")
    try:
        lines = entries_from_json(json_value(text)) if stripped[:1] in "[{" else entries_from_csv(text)
    except HistoryImportError as error:
        return [HistoryImportError(error.message, source=source)]
    return list(read_entries(lines, source))


def json_value(text: str) -> Any:
    """The JSON value of a log's text; ``HistoryImportError`` for text that is not JSON (or is
    nested too deep, or holds a number too long to read)."""
    try:
        return json.loads(text.lstrip("\ufeff"))
    except (ValueError, RecursionError) as error:  # JSONDecodeError, and int's digit limit
        raise HistoryImportError(f"not valid JSON: {brief(str(error), 100, quote=False)}") from None


def read_entries(lines: Iterable[str], source: str = "") -> Iterable[HandHistory | HistoryImportError]:
    """Histories from log lines in time order, one per ``-- starting hand`` ... ``-- ending hand``."""
    current: list[str] | None = None
    for line in lines:
        if line.startswith("-- starting hand"):
            current = [line]
        elif line.startswith("-- ending hand") and current is not None:
            yield _hand(current, source)
            current = None
        elif current is not None:
            current.append(line)


def _hand(lines: list[str], source: str) -> HandHistory | HistoryImportError:
    start = _START.match(lines[0])
    number = start.group("number") if start else ""
    try:
        if start is None:
            raise HistoryImportError(f"unreadable start of hand: {lines[0]!r}")
        game = GAMES.get(start.group("game"))
        if game is None:
            raise HistoryImportError(f"no PHH variant for PokerNow's {start.group('game')!r}")
        return _Reader(game, number, start.group("dealer")).read(lines[1:]).history(source)
    except HistoryImportError as error:
        return HistoryImportError(error.message, source=source, hand=number)
    except (ValueError, LookupError, TypeError, ArithmeticError, RecursionError) as error:  # nothing else leaves
        return HistoryImportError(f"cannot be read: {error}", source=source, hand=number)


class _Reader:
    def __init__(self, game: str, number: str, dealer: str | None) -> None:
        self.hand = SiteHand(game, hand_id=number, venue="PokerNow")
        self.dealer = dealer
        self.big_blind: Any = None

    def read(self, lines: list[str]) -> SiteHand:
        hand = self.hand
        for line in lines:
            if line.startswith("Player stacks:"):
                for m in _STACK.finditer(line):
                    hand.sit(int(m.group("seat")), m.group("player"), money(m.group("stack")))
                    if m.group("player") == self.dealer:
                        hand.button = int(m.group("seat"))
                continue
            street = _STREET.match(line)
            if street is not None:
                hand.street()
                hand.board([card(c) for c in street.group("cards").split(",")])
                continue
            returned = _RETURNED.match(line)
            if returned is not None:
                hand.returned(returned.group("player"), money(returned.group("amount")))
                continue
            acted = _PLAYER.match(line)
            if acted is not None:
                self._action(acted.group("player"), acted.group("rest"))
        if hand.button is None:
            raise HistoryImportError("the dealer has no seat in the stacks line")
        hand.min_bet = self.big_blind
        if hand.variant == "FT":
            hand.small_bet, hand.big_bet, hand.min_bet = self.big_blind, 2 * self.big_blind, None
        return hand

    def _action(self, name: str, text: str) -> None:
        hand = self.hand
        text = text.removesuffix(" and go all in").rstrip(".")
        words = text.split()
        if not words:
            return
        post = next((kind for words_, kind in _POSTS.items() if text.startswith(words_)), None)
        if post == "bb":
            self.big_blind = money(words[-1])
        if post is not None:
            hand.post(name, money(words[-1]), post)
        elif text.startswith("posts a missing") or text.startswith("posts a missed"):
            raise HistoryImportError(f"{name} posts a missed blind: no PHH form")
        elif text == "folds":
            hand.fold(name)
        elif text == "checks":
            hand.check(name)
        elif words[0] == "calls":
            hand.call_to(name, money(words[1]))
        elif words[0] == "bets":
            hand.raise_to(name, money(words[1]))
        elif text.startswith("raises to "):
            hand.raise_to(name, money(words[2]))
        elif words[0] == "shows":
            hand.show(name, [card(c) for c in text[len("shows a "):].split(",")])
        elif words[0] == "collected":
            hand.collected(name, money(words[1]))
