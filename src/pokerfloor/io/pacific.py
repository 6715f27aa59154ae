"""888poker (Pacific Poker; the "Cassava" skin) text hand histories, cash and tournament, hold'em
no-limit and limit and pot-limit Omaha, as PHH.

Built from the format as 888poker writes it (documented by open-source trackers' parsers): a hand
opens ``#Game No : N`` and ``***** 888poker Hand History for Game N *****``, then
``$0.50/$1 Blinds No Limit Holdem - *** 06 01 2014 10:56:05``, the table (``Table Name 6 Max
(Real Money)``, or ``Tournament #N $2.50 + $0.25 - Table #3 (Real Money)``), ``Seat 6 is the
button``, ``Seat 1: name ( $100 )``, and actions with their amount in brackets:
``name raises [$3]``, where a raise, a call and a bet give the chips that action puts in. Cards
are ``[ 4h, Kc, 3s ]``; the showdown and ``collected [ $197.50 ]`` follow ``** Summary **``.
888poker writes no uncalled-bet line: the part of a bet no one matched goes back to its owner as
the betting round ends (rules.md, TDA R15-B). A limit game is named by its blinds: the small bet
is the big blind. Amounts written with a comma for the decimal point (``3.530 $``, the 888.ro
skin) and dead blinds (``posts dead blind [$1 + $2]``) are refused with the reason.
"""

from __future__ import annotations

import re

from pokerfloor.io.phh import HandHistory
from pokerfloor.io.pokerstars import LineReader, set_stakes
from pokerfloor.io.sitehand import HistoryImportError, SiteHand, date_in, guarded, money, opening, read_each

GAMES: tuple[tuple[str, str], ...] = (
    ("No Limit Holdem", "NT"),
    ("Fix Limit Holdem", "FT"),
    ("Pot Limit Omaha", "PO"),
)
"""888poker's game names that have a PHH variant."""

_START = re.compile(r"^(?:#Game No : [0-9]+\s*\n)?\*\*\*\*\* (?:888poker|Cassava) Hand History for Game ",
                    re.MULTILINE)
_HEADER = re.compile(r"^\*\*\*\*\* (?:888poker|Cassava) Hand History for Game (?P<id>[0-9]{1,30}) \*\*\*\*\*$")
_GAME = re.compile(r"^(?P<small>[^ /]+)/(?P<big>[^ /]+) Blinds (?P<game>.+?) - \*\*\*")
_TOURNAMENT = re.compile(r"^Tournament #(?P<number>[0-9]+) (?P<buy_in>.*?) - Table #?(?P<table>.*?) "
                         r"\((?:Real Money|Practice Play)\)$")
_TABLE = re.compile(r"^Table (?P<table>.+?)(?: (?P<max>[0-9]+) Max)? \((?:Real Money|Practice Play)\)$")
_BUTTON = re.compile(r"^Seat (?P<button>[0-9]+) is the button$")
_SEAT = re.compile(r"^Seat (?P<seat>[0-9]+): (?P<name>.+) \( ?(?P<stack>[^()]+?) ?\)$")
_ACTION = re.compile(r"^(?P<name>.+?) (?P<verb>posts (?:small blind|big blind|ante|dead blind)|calls|bets|raises|"
                     r"checks|folds|shows|mucks|collected) ?(?P<rest>.*)$")
_DEALING = re.compile(r"^\*\* Dealing (?P<street>down cards|flop|turn|river) \*\*(?: \[(?P<cards>[^\]]*)\])?$")
_DEALT = re.compile(r"^Dealt to (?P<name>.+) \[(?P<cards>[^\]]*)\]$")
_DAY = re.compile(r"\*\*\* ([0-9]{2}) ([0-9]{2}) ([0-9]{4}) ([0-9]{1,2}:[0-9]{2}:[0-9]{2})")
_POSTS = {"posts small blind": "posts small blind", "posts big blind": "posts big blind",
          "posts ante": "posts the ante"}


def opens_a_hand(text: str) -> bool:
    """Whether ``text`` holds the opening line of an 888poker hand."""
    return _START.search(text) is not None


def read_hand(text: str, source: str = "") -> HandHistory:
    """One 888poker hand as a PHH history (raises ``HistoryImportError``)."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if lines and lines[0].startswith("#Game No"):
        lines = lines[1:]
    header = opening(lines, _HEADER, "an 888poker hand opens with '***** 888poker Hand History for Game'", source)
    hand_id = header.group("id")
    return guarded(text, source, hand_id, lambda: _read(lines, hand_id, source))


def read(text: str, source: str = "") -> list[HandHistory | HistoryImportError]:
    """Every hand of an 888poker file: a history, or the error that hand raised."""
    return read_each(text, source, _START, read_hand)


def _read(lines: list[str], hand_id: str, source: str) -> HandHistory:
    found = _GAME.match(lines[1]) if len(lines) > 1 else None
    if found is None:
        raise HistoryImportError("no stakes and game in the second line")
    game = next((code for name, code in GAMES if name == found.group("game")), None)
    if game is None:
        raise HistoryImportError(f"no PHH variant for 888poker's {found.group('game')[:40]!r} (or not read yet)")
    hand = SiteHand(game, hand_id=hand_id, venue="888poker")
    day = _DAY.search(lines[1])                                   # "*** 20 11 2026 20:00:00": day month year
    if day is not None:
        date_in("{2}/{1}/{0} {3}".format(*day.groups()), hand)
    small, big = money(_amount(found.group("small"))), money(_amount(found.group("big")))
    if game == "FT":
        set_stakes(hand, big, 2 * big)
    else:
        set_stakes(hand, small, big)
    tournament = _TOURNAMENT.match(lines[2]) if len(lines) > 2 else None
    if tournament is not None:
        hand.event = f"Tournament #{tournament.group('number')}"
        hand.extra["_buy_in"] = tournament.group("buy_in")
    elif "$" in found.group("big"):
        hand.currency = "USD"
    return LineReader(_in_stars_words(lines, lines[0]), hand, writes_uncalled=False).read().history(source)


def _amount(text: str) -> str:
    """An amount's text, refused when written the European way (``3.530 $``: a point between
    thousands, which would read as a fraction)."""
    text = text.strip()
    if text.endswith(("$", "€")) or ("," in text and "." in text and text.index(",") > text.index(".")):
        raise HistoryImportError(f"{text[:20]!r} is written with a decimal comma, which is not read yet")
    return text


def _cards(text: str) -> str:
    """``[ 4h, Kc, 3s ]``'s cards as PokerStars writes them: ``4h Kc 3s``."""
    return " ".join(card.strip() for card in text.split(",") if card.strip())


def _in_stars_words(lines: list[str], header: str) -> list[str]:
    """The hand's lines as PokerStars writes them (what ``LineReader`` reads)."""
    out = ["PokerStars Hand #0: " + header]
    table, size, button = "", "", ""
    summary = False
    for line in lines[2:]:
        if (found := _TOURNAMENT.match(line) or _TABLE.match(line)) is not None:
            table = found.group("table")
            size = f" {found.group('max')}-max" if "max" in found.groupdict() and found.group("max") else ""
        elif (found := _BUTTON.match(line)) is not None:
            button = found.group("button")
            out.append(f"Table '{table}'{size} Seat #{button} is the button")
        elif (found := _SEAT.match(line)) is not None:
            out.append(f"Seat {found.group('seat')}: {found.group('name')} ({_amount(found.group('stack'))} in chips)")
        elif line.startswith("Seat ") and not summary:
            raise HistoryImportError(f"a seat line that is not read: {line[:60]!r}")
        elif (found := _DEALING.match(line)) is not None:
            street = found.group("street")
            cards = _cards(found.group("cards") or "")
            out.append("*** HOLE CARDS ***" if street == "down cards" else f"*** {street.upper()} *** [{cards}]")
        elif (found := _DEALT.match(line)) is not None:
            out.append(f"Dealt to {found.group('name')} [{_cards(found.group('cards'))}]")
        elif line == "** Summary **":
            summary = True
            out.append("*** SHOW DOWN ***")
        elif (found := _ACTION.match(line)) is not None:
            out.append(_action(found.group("name"), found.group("verb"), found.group("rest")))
    if not summary:
        raise HistoryImportError("the hand has no '** Summary **': it is cut short")
    return out


def _action(name: str, verb: str, rest: str) -> str:
    inside = rest.strip()[1:-1].strip() if rest.strip().startswith("[") else ""
    if verb in _POSTS:
        return f"{name}: {_POSTS[verb]} {_amount(inside)}"
    if verb == "posts dead blind":
        return f"{name}: posts dead blind {inside}"           # refused by the reader: no PHH form
    if verb in ("calls", "bets"):
        return f"{name}: {verb} {_amount(inside)}"
    if verb == "raises":
        return f"{name}: raises by {_amount(inside)}"
    if verb == "shows":
        return f"{name}: shows [{_cards(inside)}]"
    if verb == "collected":
        return f"{name} collected {_amount(inside)} from pot"
    return f"{name}: {verb}"
