"""GGPoker text hand histories (cash and tournament; hold'em, pot-limit Omaha of four and five
cards) as PHH.

Built from the format as GGPoker publishes it in its hand-history downloads (the same lines
open-source trackers document): a hand opens ``Poker Hand #HD123:`` (``#RC``, ``#OM``, ``#TM``
... by game), then the game and stakes, ``($0.05/$0.1)`` or in a tournament
``Tournament #N, name Hold'em No Limit - Level4 (90/180)``. The lines after the header are
PokerStars' (``Seat N: name ($5 in chips)``, ``name: raises $0.2 to $0.3``, ``Uncalled bet``,
``name collected $1 from pot``), with ``*** SHOWDOWN ***`` for PokerStars' ``SHOW DOWN``, so
``pokerstars.LineReader`` reads them. A board run two or three times (``*** FIRST FLOP ***``)
and all-in insurance (``pay premium of all-in insurance``) are refused with the reason: PHH has
no form for either yet. Short deck and the "NL postflop" Omaha are refused as games.
"""

from __future__ import annotations

import re

from pokerfloor.io.phh import EXTENSION_FIELD, HandHistory
from pokerfloor.io.pokerstars import LineReader, set_stakes
from pokerfloor.io.sitehand import HistoryImportError, SiteHand, date_in, guarded, money, opening, read_each

GAMES: tuple[tuple[str, str], ...] = (
    ("Hold'em No Limit", "NT"),
    ("PLO-5 ", "PO5"),
    ("PLO ", "PO"),
    ("Omaha Pot Limit", "PO"),
)
"""GGPoker's game names that have a PHH variant (``PO5``: five-card pot-limit Omaha, a PHH
extension code written with ``_pokerfloor_variant``)."""

_START = re.compile(r"^Poker Hand #[A-Z]{2}[0-9]+: ", re.MULTILINE)
_HEADER = re.compile(r"^Poker Hand #(?P<id>[A-Z]{2}[0-9]+):\s*(?P<rest>.*)$")
_STAKES = re.compile(r"\((?P<small>[$€]?[0-9][0-9,.]*)/(?P<big>[$€]?[0-9][0-9,.]*)(?:\([^()]*\))?\)")
_TOURNAMENT = re.compile(r"^Tournament #(?P<number>[0-9]+),\s*(?P<name>.*?)\s*(?:Hold'em|Omaha|PLO)")
_LEVEL = re.compile(r"- Level\s*(?P<level>[0-9]{1,4})\b")


def opens_a_hand(text: str) -> bool:
    """Whether ``text`` holds the opening line of a GGPoker hand."""
    return _START.search(text) is not None


def read_hand(text: str, source: str = "") -> HandHistory:
    """One GGPoker hand as a PHH history (raises ``HistoryImportError``)."""
    lines = [line.rstrip() for line in text.strip().splitlines()]
    header = opening(lines, _HEADER, "a GGPoker hand opens with 'Poker Hand #'", source)
    hand_id = header.group("id")
    return guarded(text, source, hand_id, lambda: _read(lines, hand_id, header.group("rest"), source))


def _read(lines: list[str], hand_id: str, header: str, source: str) -> HandHistory:
    reader = LineReader(lines, _hand(hand_id, header))
    hand = reader.read()
    if hand.event and reader.big_blind is not None and hand.min_bet is not None:
        hand.min_bet = reader.big_blind    # a tournament's header may name the next level's blinds
    return hand.history(source)


def read(text: str, source: str = "") -> list[HandHistory | HistoryImportError]:
    """Every hand of a GGPoker file: a history, or the error that hand raised."""
    return read_each(text, source, _START, read_hand)


def _hand(hand_id: str, header: str) -> SiteHand:
    game = next((code for words, code in GAMES if words in header + " "), None)
    if game is None:
        raise HistoryImportError(f"no PHH variant for the game of {header[:80]!r}")
    stakes = _STAKES.search(header)
    if stakes is None:
        raise HistoryImportError(f"no stakes in {header[:80]!r}")
    hand = SiteHand(game, hand_id=hand_id, venue="GGPoker")
    date_in(header, hand)
    if game == "PO5":
        hand.extra[EXTENSION_FIELD] = "pot_limit omaha5"
    set_stakes(hand, money(stakes.group("small")), money(stakes.group("big")))
    tournament = _TOURNAMENT.match(header)
    if tournament is not None:
        hand.event = f"Tournament #{tournament.group('number')}"
        hand.extra["_tournament_name"] = tournament.group("name").rstrip(",")
        level = _LEVEL.search(header)
        hand.level = int(level.group("level")) if level is not None else None
    elif "$" in stakes.group("big"):
        hand.currency = "USD"
    return hand
