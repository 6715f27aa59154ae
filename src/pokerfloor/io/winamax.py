"""Winamax text hand histories (cash, Go Fast and tournament; hold'em no-limit and limit,
pot-limit Omaha of four and five cards) as PHH.

Built from the format as Winamax writes it (documented by open-source trackers' parsers): a hand
opens ``Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.02€/0.05€) - date``
(``Tournament "name" buyIn: 9€ + 1€ level: 11``, and ante/small/big as ``(140/600/1200)``),
``Table: 'name' 9-max (real money) Seat #4 is the button``, ``Seat 1: name (1.60€)`` or
``(18694, 9€ bounty)``, then the forced bets under ``*** ANTE/BLINDS ***`` and the actions,
written ``name raises 0.10€ to 0.15€`` with no colon. Each line is put in PokerStars' words and
read by ``pokerstars.LineReader``. Winamax writes no uncalled-bet line: the part of a bet no one
called is in what its owner ``collected``, as the file's own amounts have it. Stud, razz and draw hands are
refused as games (not read yet).
"""

from __future__ import annotations

import re

from pokerfloor.io.phh import EXTENSION_FIELD, HandHistory
from pokerfloor.io.pokerstars import LineReader, set_stakes
from pokerfloor.io.sitehand import HistoryImportError, SiteHand, date_in, guarded, money, opening, read_each

GAMES: tuple[tuple[str, str], ...] = (
    ("Holdem no limit", "NT"),
    ("Holdem fixed limit", "FT"),
    ("Omaha pot limit", "PO"),
    ("Omaha5 pot limit", "PO5"),
    ("5 Card Omaha pot limit", "PO5"),
)
"""Winamax's game names that have a PHH variant."""

_START = re.compile(r"^Winamax Poker - ", re.MULTILINE)
_HEADER = re.compile(
    r"^Winamax Poker - (?P<kind>.*?) - HandId: #(?P<id>[0-9-]{1,60}) - (?P<game>[^()]+?) \((?P<stakes>[^()]*)\)"
)
_TOURNAMENT = re.compile(r'^Tournament "(?P<name>[^"]*)"(?: buyIn: (?P<buy_in>.*?))?'
                         r'(?: level: (?P<level>[0-9]{1,4}))?$')
_TABLE = re.compile(r"^Table: '(?P<table>[^']*)' (?P<max>[0-9]+)-max .*?Seat #(?P<button>[0-9]+) is the button")
_SEAT = re.compile(r"^Seat (?P<seat>[0-9]+): (?P<name>.+) \((?P<stack>[^,()]+)(?:, (?P<bounty>[^()]+) bounty)?\)$")
_STREETS = {"*** ANTE/BLINDS ***": "", "*** PRE-FLOP ***": "*** HOLE CARDS ***"}


def opens_a_hand(text: str) -> bool:
    """Whether ``text`` holds the opening line of a Winamax hand."""
    return _START.search(text) is not None


def read_hand(text: str, source: str = "") -> HandHistory:
    """One Winamax hand as a PHH history (raises ``HistoryImportError``)."""
    lines = [line.rstrip() for line in text.strip().splitlines()]
    header = opening(lines, _HEADER, "a Winamax hand opens with 'Winamax Poker - ... HandId: #'", source)
    hand_id = header.group("id")
    return guarded(text, source, hand_id, lambda: _read(lines, header, source))


def read(text: str, source: str = "") -> list[HandHistory | HistoryImportError]:
    """Every hand of a Winamax file: a history, or the error that hand raised."""
    return read_each(text, source, _START, read_hand)


def _read(lines: list[str], header: re.Match[str], source: str) -> HandHistory:
    hand = _hand(header)
    return LineReader(_in_stars_words(lines), hand).read().history(source)


def _hand(header: re.Match[str]) -> SiteHand:
    words = header.group("game").strip()
    game = next((code for name, code in GAMES if name == words), None)
    if game is None:
        raise HistoryImportError(f"no PHH variant for Winamax's {words[:40]!r} (or not read yet)")
    hand = SiteHand(game, hand_id=header.group("id"), venue="Winamax")
    date_in(header.string, hand)
    if game == "PO5":
        hand.extra[EXTENSION_FIELD] = "pot_limit omaha5"
    stakes = [money(part) for part in header.group("stakes").split("/")]
    if len(stakes) not in (2, 3):
        raise HistoryImportError(f"stakes {header.group('stakes')[:40]!r} are not small/big or ante/small/big")
    set_stakes(hand, stakes[-2], stakes[-1])       # the small and big bet in limit, the blinds otherwise
    kind = header.group("kind")
    tournament = _TOURNAMENT.match(kind)
    if tournament is not None:
        hand.event = f"Tournament {tournament.group('name')}"
        if tournament.group("buy_in"):
            hand.extra["_buy_in"] = tournament.group("buy_in")
        if tournament.group("level"):
            hand.level = int(tournament.group("level"))
    elif "€" in header.group("stakes"):
        hand.currency = "EUR"
    return hand


def _in_stars_words(lines: list[str]) -> list[str]:
    """The hand's lines as PokerStars writes them (what ``LineReader`` reads)."""
    out = [lines[0]]
    names: list[str] = []
    for line in lines[1:]:
        table = _TABLE.match(line)
        seat = _SEAT.match(line)
        if table is not None:
            out.append(f"Table '{table.group('table')}' {table.group('max')}-max Seat #{table.group('button')}"
                       " is the button")
        elif seat is not None and not out[-1].startswith("***"):
            bounty = f", {seat.group('bounty')} bounty" if seat.group("bounty") else ""
            out.append(f"Seat {seat.group('seat')}: {seat.group('name')} ({seat.group('stack')} in chips{bounty})")
            names = sorted([*names, seat.group("name")], key=len, reverse=True)
        elif line.startswith("Seat ") and not any(o.startswith("***") for o in out):
            raise HistoryImportError(f"a seat line that is not read: {line[:60]!r}")
        elif line in _STREETS:
            if _STREETS[line]:
                out.append(_STREETS[line])
        elif line.startswith(("***", "Dealt to ", "Seat ", "Total pot", "Board")):
            out.append(line.replace("][", "] ["))
        else:
            out.append(_action(line, names))
    return out


def _action(line: str, names: list[str]) -> str:
    name = next((n for n in names if line.startswith(n + " ")), None)
    if name is None:
        return line
    rest = line[len(name) + 1:]
    if rest.startswith("collected "):
        return line
    if rest.startswith("posts ante "):
        rest = "posts the ante " + rest[len("posts ante "):]
    rest = rest.removesuffix(" out of position")
    return f"{name}: {rest}"
