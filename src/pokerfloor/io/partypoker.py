"""partypoker text hand histories, cash and tournament, hold'em no-limit and limit and pot-limit
Omaha, as PHH.

Built from the format as partypoker writes it (documented by open-source trackers' parsers), in
its two forms. Today's: ``***** Hand History For Game 1619386251564v9fyd *****``, then
``0.10/0.25 Omaha Hi Game Table (PL) - date`` (a tournament: ``350000/700000 Tourney Texas
Holdem Game Table (NL) (MTT Tournament #301084002) (Buyin $50.0 + $5.0) - date``),
``Table Table 7490030 (Real Money) -- Seat 1 is the button``, ``Seat 1: name ($113.97)``,
``name posts small blind (0.10)``, ``name raises 2.70 to 2.80``, ``name calls (2.55)``, and after
``** Summary **`` a line per player with the cards shown and what was ``collected``. The older
one: ``$0.05/$0.10 USD NL Texas Hold'em - date``, amounts in brackets (``raises [$0.08 USD]``,
the chips the action puts in), ``name is all-In [$1 USD]`` and ``name wins $0.65 USD from the main
pot``. Each line is put in PokerStars' words and read by ``pokerstars.LineReader``; partypoker
writes no uncalled-bet line, so the part of a bet no one matched goes back to its owner as the
betting round ends (rules.md, TDA R15-B). Stud is refused as a game (not read yet).
"""

from __future__ import annotations

import re

from pokerfloor.io.phh import HandHistory
from pokerfloor.io.pokerstars import LineReader, set_stakes
from pokerfloor.io.sitehand import HistoryImportError, SiteHand, date_in, guarded, money, opening, read_each

_START = re.compile(r"^\*\*\*\*\* Hand History [Ff]or Game ", re.MULTILINE)
_HEADER = re.compile(r"^\*\*\*\*\* Hand History [Ff]or Game (?P<id>[0-9A-Za-z]{1,40}) \*\*\*\*\*$")
_STAKES = re.compile(r"^(?P<small>[$€]?[0-9][0-9.,]*)(?:/(?P<big>[$€]?[0-9][0-9.,]*))?\s")
_TOURNAMENT = re.compile(r"\((?:MTT |STT |SNG )?Tournament #(?P<number>[0-9]+)\)(?: \(Buyin (?P<buy_in>[^()]*)\))?"
                         r"|(?P<old_buy_in>[$€]?[0-9][0-9.,]* [A-Z]{3}) Buy-in\s+Trny: ?(?P<old>[0-9]+)")
_TABLE = re.compile(r"^Table (?P<table>.+?) \((?:Real|Play) Money\)(?: -- Seat (?P<button>[0-9]+) is the button)?")
_BUTTON = re.compile(r"^Seat (?P<button>[0-9]+) is the button$")
_SEAT = re.compile(r"^Seat (?P<seat>[0-9]+): (?P<name>.+?) \( ?(?P<stack>[$€]?[0-9][0-9.,]*)(?: [A-Z]{3})? ?\)$")
_ACTION = re.compile(r"^(?P<name>.+?) (?P<verb>posts small blind|posts big blind|posts ante(?: of)?|calls|bets|"
                     r"raises|checks|folds|Forward Folds|is all-In|shows|wins|does not show) ?(?P<rest>.*)$")
_DEALING = re.compile(r"^\*\* Dealing (?P<street>down cards|Flop|Turn|River) \*\*(?: :)?\s*(?:\[(?P<cards>[^\]]*)\])?")
_DEALT = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$")
_BALANCE = re.compile(r"^(?P<name>.+?) balance ")
_COLLECTED = re.compile(r"collected (?P<won>[$€]?[0-9][0-9.,]*)")
_SHOWN = re.compile(r"\[(?P<cards>[^\]]*)\]")
_AMOUNT = re.compile(r"[$€]?[0-9][0-9.,]*")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_DATE = re.compile(r"(?P<month>" + "|".join(_MONTHS) + r")[a-z]* (?P<day>[0-9]{1,2}),? "
                   r"(?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2}) (?:(?P<zone>[A-Z]{2,5}) )?(?P<year>[0-9]{4})")
_POSTS = {"posts small blind": "posts small blind", "posts big blind": "posts big blind",
          "posts ante": "posts the ante", "posts ante of": "posts the ante"}


def opens_a_hand(text: str) -> bool:
    """Whether ``text`` holds the opening line of a partypoker hand."""
    return _START.search(text) is not None


def read_hand(text: str, source: str = "") -> HandHistory:
    """One partypoker hand as a PHH history (raises ``HistoryImportError``)."""
    lines = [" ".join(line.split()) for line in text.strip().splitlines() if line.strip()]
    header = opening(lines, _HEADER, "a partypoker hand opens with '***** Hand History For Game'", source)
    hand_id = header.group("id")
    return guarded(text, source, hand_id, lambda: _read(lines, hand_id, source))


def read(text: str, source: str = "") -> list[HandHistory | HistoryImportError]:
    """Every hand of a partypoker file: a history, or the error that hand raised."""
    return read_each(text, source, _START, read_hand)


def _game(line: str) -> str:
    words = set(line.replace("(", " ").replace(")", " ").split())
    holdem = "Hold'em" in words or "Holdem" in words
    if holdem and "NL" in words:
        return "NT"
    if holdem and "FL" in words:
        return "FT"
    if "Omaha" in words and "PL" in words:
        return "PO"
    raise HistoryImportError(f"no PHH variant for partypoker's game {line[:60]!r} (or not read yet)")


def _read(lines: list[str], hand_id: str, source: str) -> HandHistory:
    if len(lines) < 2 or "Hi-Lo" in lines[1] or "Short" in lines[1] or "Double" in lines[1]:
        raise HistoryImportError(f"no PHH variant for partypoker's game {lines[1][:60] if len(lines) > 1 else ''!r}")
    hand = SiteHand(_game(lines[1]), hand_id=hand_id, venue="partypoker")
    stakes = _STAKES.match(lines[1])
    tournament = _TOURNAMENT.search(lines[1])
    if tournament is not None:
        hand.event = f"Tournament #{tournament.group('number') or tournament.group('old')}"
        if tournament.group("buy_in") or tournament.group("old_buy_in"):
            hand.extra["_buy_in"] = tournament.group("buy_in") or tournament.group("old_buy_in")
    elif "USD" in lines[1] or "$" in lines[1]:
        hand.currency = "USD"
    elif "EUR" in lines[1] or "€" in lines[1]:
        hand.currency = "EUR"
    when = _DATE.search(lines[1])        # "Fri Nov 20 20:00:00 EST 2026", "Monday, August 30, 16:08:09 EDT 2010"
    if when is not None:
        month = _MONTHS.index(when.group("month")) + 1
        date_in(f"{when.group('year')}/{month:02d}/{int(when.group('day')):02d} {when.group('time')} "
                f"{when.group('zone') or ''}".rstrip(), hand)
    reader = LineReader(_in_stars_words(lines), hand, writes_uncalled=False)
    if stakes is not None and stakes.group("big"):
        set_stakes(hand, money(stakes.group("small")), money(stakes.group("big")))
    reader.read()
    if stakes is None or not stakes.group("big"):                 # the older header names no blinds
        if reader.big_blind is None:
            raise HistoryImportError("neither the header nor a big blind gives the stakes")
        big = reader.big_blind
        set_stakes(hand, big, 2 * big if hand.variant == "FT" else big)  # limit: the small bet is the big blind
    return hand.history(source)


def _cards(text: str) -> str:
    return " ".join(card.strip() for card in text.split(",") if card.strip())


def _in_stars_words(lines: list[str]) -> list[str]:
    """The hand's lines as PokerStars writes them (what ``LineReader`` reads)."""
    out = ["PokerStars Hand #0: " + lines[1]]
    table = ""
    summary = False
    for line in lines[2:]:
        line = line.rstrip(".")
        if (found := _TABLE.match(line)) is not None:
            table = found.group("table")
            if found.group("button"):
                out.append(f"Table '{table}' Seat #{found.group('button')} is the button")
        elif (found := _BUTTON.match(line)) is not None:
            out.append(f"Table '{table}' Seat #{found.group('button')} is the button")
        elif (found := _SEAT.match(line)) is not None and not summary:
            out.append(f"Seat {found.group('seat')}: {found.group('name')} ({found.group('stack')} in chips)")
        elif line.startswith("Seat ") and ": " in line and not summary:
            raise HistoryImportError(f"a seat line that is not read: {line[:60]!r}")
        elif (found := _DEALING.match(line)) is not None:
            street = found.group("street")
            out.append("*** HOLE CARDS ***" if street == "down cards"
                       else f"*** {street.upper()} *** [{_cards(found.group('cards') or '')}]")
        elif (found := _DEALT.match(line)) is not None:
            out.append(f"Dealt to {found.group('name')} [{_cards(found.group('cards'))}]")
        elif line.startswith("** Summary **"):
            summary = True
            out.append("*** SHOW DOWN ***")
        elif summary and (found := _BALANCE.match(line)) is not None:
            shown, won = _SHOWN.search(line), _COLLECTED.search(line)
            if shown is not None and "folded" not in line:
                out.append(f"{found.group('name')}: shows [{_cards(shown.group('cards'))}]")
            if won is not None:
                out.append(f"{found.group('name')} collected {won.group('won')} from pot")
        elif (found := _ACTION.match(line)) is not None:
            out += _action(found.group("name"), found.group("verb"), found.group("rest"))
    return out


def _action(name: str, verb: str, rest: str) -> list[str]:
    amount = _AMOUNT.search(rest)
    value = amount.group(0) if amount is not None else ""
    if verb in _POSTS:
        return [f"{name}: {_POSTS[verb]} {value}"]
    if verb in ("calls", "bets"):
        return [f"{name}: {verb} {value}"]
    if verb == "raises":
        to = re.search(r" to ([$€]?[0-9][0-9.,]*)", rest)
        return [f"{name}: raises {value} to {to.group(1)}" if to is not None else f"{name}: raises by {value}"]
    if verb == "is all-In":
        return [f"{name}: puts in {value}"] if value else []
    if verb == "shows":
        found = re.match(r"\[([^\]]*)\]", rest.strip())
        return [f"{name}: shows [{_cards(found.group(1))}]"] if found is not None else []
    if verb == "wins":
        return [f"{name} collected {value} from pot"] if value else []
    if verb in ("checks", "folds", "Forward Folds"):
        return [f"{name}: {verb.lower().removeprefix('forward ')}"]
    return []
