"""iPoker network XML hand histories (cash and tournament; hold'em no-limit and limit, pot-limit
Omaha) as PHH.

Built from the format as the iPoker client writes it (documented by open-source trackers'
parsers): a ``<session sessioncode="...">`` holds a ``<general>`` (``<gametype>Holdem NL
$0.05/$0.10</gametype>``, a tournament's ``<tournamentcode>`` and ``<buyin>``) and one
``<game gamecode="...">`` per hand. A game's ``<player seat name chips dealer win bet/>`` give
the seats, stacks, button and winnings; its ``<round no="0">`` the forced bets and rounds 1 to 4
the cards (``<cards type="Pocket" player="...">HQ DQ</cards>``, suit first, ``X`` unseen) and
``<action no type sum player/>`` in the order of ``no``: type 0 fold, 1 small blind, 2 big
blind, 3 call (``sum`` the chips added), 4 check, 5 bet, 7 all-in (the chips added), 15 ante,
23 raise (to ``sum``). iPoker writes no uncalled-bet line: the part of a bet no one matched goes
back to its owner (rules.md, TDA R15-B). A document type or entity declaration is refused before
anything is parsed (an XML entity can grow a small file into a huge one).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from pokerfloor.io.notation import Money
from pokerfloor.io.phh import MAX_FILE_BYTES, MAX_HAND_BYTES, HandHistory
from pokerfloor.io.pokerstars import set_stakes
from pokerfloor.io.sitehand import HistoryImportError, SiteHand, date_in, money, too_big

GAMES: tuple[tuple[str, str], ...] = (
    ("Holdem NL", "NT"),
    ("Holdem L", "FT"),
    ("Holdem FL", "FT"),
    ("Omaha PL", "PO"),
)
"""The iPoker game types (the start of ``<gametype>``) that have a PHH variant."""

_START = re.compile(r"<session\s+sessioncode=")
_AMOUNT = re.compile(r"^[^0-9]*(?P<number>[0-9][0-9,]*(?:\.[0-9]+)?)[^0-9]*$")
_STAKES = re.compile(r"(?P<small>[^\s/]*[0-9][0-9.,]*)/(?P<big>[^\s/]*[0-9][0-9.,]*)")
_SUITS = {"H": "h", "D": "d", "C": "c", "S": "s"}
_STREETS = {"Flop": 3, "Turn": 1, "River": 1}


def opens_a_hand(text: str) -> bool:
    """Whether ``text`` holds an iPoker session."""
    return _START.search(text) is not None


def read(text: str, source: str = "") -> list[HandHistory | HistoryImportError]:
    """Every hand (``<game>``) of an iPoker session: a history, or the error that hand raised;
    a file that is not an iPoker session is one error."""
    refused = too_big(text, MAX_FILE_BYTES, "a file", source)
    if refused is not None:
        return [refused]
    head = text.lstrip("\ufeff \r\n\t")[:64]
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        return [HistoryImportError("an XML document type or entity declaration is not read", source=source)]
    try:
        root = ElementTree.fromstring(text.encode("utf-8", "surrogatepass") if head.startswith("<?xml") else text)
    except (ElementTree.ParseError, ValueError) as error:
        return [HistoryImportError(f"not well-formed XML: {str(error)[:80]}", source=source)]
    if root.tag != "session":
        return [HistoryImportError("an iPoker file is a <session>", source=source)]
    general = root.find("general")
    out: list[HandHistory | HistoryImportError] = []
    for game in root.iter("game"):
        code = (game.get("gamecode") or "")[:30]
        try:
            if len(ElementTree.tostring(game)) > MAX_HAND_BYTES:
                raise HistoryImportError(f"a hand is over the {MAX_HAND_BYTES // 1024:,} KiB it may hold")
            out.append(_game(general, game, code).history(source))
        except HistoryImportError as error:
            out.append(HistoryImportError(error.message, source=source, hand=error.hand or code))
        except (ValueError, LookupError, TypeError, ArithmeticError, RecursionError) as error:
            out.append(HistoryImportError(f"cannot be read: {error}", source=source, hand=code))
    return out


def _text(node: ElementTree.Element | None, tag: str) -> str:
    found = node.find(tag) if node is not None else None
    return (found.text or "").strip() if found is not None else ""


def _money(text: str | None) -> Money:
    found = _AMOUNT.match((text or "").strip())
    if found is None:
        raise HistoryImportError(f"{(text or '')[:20]!r} is not an amount")
    return money(found.group("number"))


def _card(text: str) -> str:
    if text in ("X", "x", ""):
        return "??"
    suit, rank = _SUITS.get(text[:1].upper()), text[1:].replace("10", "T").upper()
    if suit is None or len(rank) != 1:
        raise HistoryImportError(f"{text[:6]!r} is not a card")
    return rank + suit


def _game(general: ElementTree.Element | None, game: ElementTree.Element, code: str) -> SiteHand:
    gametype = _text(general, "gametype")
    variant = next((c for words, c in GAMES if gametype.startswith(words + " ") or gametype == words), None)
    if variant is None:
        raise HistoryImportError(f"no PHH variant for iPoker's {gametype[:40]!r} (or not read yet)")
    hand = SiteHand(variant, hand_id=code, venue="iPoker", table=_text(general, "tablename")[:80])
    date_in(_text(game.find("general"), "startdate"), hand)
    tournament = _text(general, "tournamentcode") or _text(general, "tournamentname")
    if tournament:
        hand.event = f"Tournament {tournament[:80]}"
        if _text(general, "buyin"):
            hand.extra["_buy_in"] = _text(general, "buyin")[:40]
    else:
        hand.currency = _text(general, "currency")[:3]
    players = game.findall("general/players/player")
    rounds = sorted(game.findall("round"), key=lambda r: int(r.get("no") or 0))
    playing = {c.get("player") for r in rounds for c in r.findall("cards") if c.get("type") == "Pocket"}
    if rounds:
        playing |= {a.get("player") for a in rounds[0].findall("action") if a.get("type") in ("1", "2", "15")}
    for player in players:
        name = player.get("name") or ""
        if name in playing:
            hand.sit(int(player.get("seat") or ""), name, _money(player.get("chips")))
        if player.get("dealer") == "1":                 # the button may sit out this hand
            hand.button = int(player.get("seat") or "")
    if hand.button is None:
        raise HistoryImportError("no player has the button (dealer=\"1\")")
    forced = [a.get("type") for r in rounds for a in r.findall("action")]
    if forced.count("1") > 1 or forced.count("2") > 1:
        raise HistoryImportError("a second small or big blind (a player coming in): PHH has no form for it")
    stakes = _STAKES.search(gametype)
    big_blind: Money | None = None
    for number, round_ in enumerate(rounds):
        if number > 1:                                   # round 0 the forced bets, 1 the first betting
            hand.return_uncalled()
            hand.street()
        for cards in round_.findall("cards"):
            kind, shown = cards.get("type"), [_card(c) for c in (cards.text or "").split()]
            if kind == "Pocket":
                if "??" not in shown:
                    hand.holes[cards.get("player") or ""] = shown
            elif kind in _STREETS:
                hand.board(shown)
        for action in sorted(round_.findall("action"), key=lambda a: int(a.get("no") or 0)):
            big_blind = _action(hand, action) or big_blind
    hand.return_uncalled()
    if stakes is not None:
        set_stakes(hand, _money(stakes.group("small")), _money(stakes.group("big")))
    elif big_blind is not None:
        set_stakes(hand, big_blind, 2 * big_blind if variant == "FT" else big_blind)
    else:
        raise HistoryImportError("neither the game type nor a big blind gives the stakes")
    for player in players:
        name = player.get("name") or ""
        won = _money(player.get("win")) if name in playing else 0
        if won:
            hand.collected(name, won)
    return hand


def _action(hand: SiteHand, action: ElementTree.Element) -> Money | None:
    """One action; the amount of a big blind (the stakes of a tournament hand)."""
    name, kind, amount = action.get("player") or "", action.get("type"), _money(action.get("sum") or "0")
    if kind == "1":
        hand.post(name, amount, "sb")
    elif kind == "2":
        hand.post(name, amount, "bb")
        return amount
    elif kind == "15":
        hand.post(name, amount, "ante")
    elif kind == "0":
        hand.fold(name)
    elif kind == "4":
        hand.check(name)
    elif kind == "3":
        hand.call(name, amount)
    elif kind == "5" or kind == "23":
        hand.raise_to(name, amount)
    elif kind == "7":
        hand.put_in(name, amount)
    elif kind not in ("8", "9"):
        raise HistoryImportError(f"an action of type {kind!r} is not read")
    return None
