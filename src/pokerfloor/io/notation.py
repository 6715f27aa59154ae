"""The PHH action notation: one line of a hand's ``actions`` array, parsed and written back.

Grammar (PHH spec, "Actions"): ``[[actor action[ arguments...]][ # commentary]]``. The actor is
``d`` (the dealer) or ``pN``; ``N`` counts players from 1 in dealing order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from pokerfloor.cards import Card
from pokerfloor.errors import PokerfloorError

Money = int | Decimal
"""A sum of money as a PHH file writes it: an integer, or an exact decimal (``2.50``)."""

Move = Literal[
    "comment",
    "deal_hole",
    "deal_board",
    "bring_in",
    "complete_bet_raise",
    "check_call",
    "fold",
    "stand_pat_discard",
    "show_muck",
]

_PLAYER = re.compile(r"p([1-9][0-9]*)")
_AMOUNT = re.compile(r"[0-9]{1,15}(\.[0-9]{1,6})?")
"""An amount in an action: up to 15 digits, and up to 6 decimals (the reader's limits, phh.py)."""
_RANKS = "23456789TJQKA?"
_SUITS = "cdhs?"


class NotationError(PokerfloorError, ValueError):
    """An action string that does not follow the PHH action grammar."""


@dataclass(frozen=True, kw_only=True)
class Action:
    """One parsed action notation.

    ``player`` is the ``N`` of ``pN``: the actor of a player action, the player dealt to in
    ``d dh``, ``None`` for a board deal or a comment. ``cards`` holds ``None`` for an unknown
    card (``??``). For ``sm``: ``cards is None`` means mucking, ``show_dealt`` the ``-`` form.
    """

    text: str
    move: Move
    player: int | None = None
    cards: tuple[Card | None, ...] | None = None
    amount: Money | None = None
    show_dealt: bool = False
    comment: str = ""

    @property
    def actor(self) -> str:
        """``d`` for the dealer, ``pN`` for a player, ``""`` for a comment."""
        if self.move == "comment":
            return ""
        if self.move in ("deal_hole", "deal_board"):
            return "d"
        return f"p{self.player}"


def parse_cards(text: str) -> tuple[Card | None, ...]:
    """PHH cards: two characters each, concatenated; any card with a ``?`` is unknown."""
    if not text or len(text) % 2:
        raise NotationError(f"{text!r} is not a run of two-character cards")
    cards: list[Card | None] = []
    for i in range(0, len(text), 2):
        rank, suit = text[i], text[i + 1]
        if rank.upper() not in _RANKS or suit not in _SUITS:
            raise NotationError(f"{text[i:i + 2]!r} is not a card (rank 2-9 T J Q K A or ?, suit c d h s or ?)")
        cards.append(None if "?" in (rank, suit) else Card(rank.upper() + suit))
    return tuple(cards)


def format_cards(cards: tuple[Card | None, ...]) -> str:
    return "".join("??" if card is None else str(card) for card in cards)


def parse_amount(text: str) -> Money:
    """An amount as written in a ``cbr``: digits, optionally with decimals, read exactly."""
    if not _AMOUNT.fullmatch(text):
        raise NotationError(f"{text[:40]!r} is not an amount (up to 15 digits, optionally with up to 6 decimals)")
    return Decimal(text) if "." in text else int(text)


def parse_action(text: str) -> Action:
    """Parse one entry of ``actions``; raises ``NotationError`` when it breaks the grammar."""
    body, hash_sign, comment = text.partition("#")
    comment = comment.strip() if hash_sign else ""
    words = body.split()
    if not words:
        return Action(text=text, move="comment", comment=comment)
    actor, verb, args = words[0], words[1] if len(words) > 1 else "", words[2:]
    if actor == "d":
        return _parse_dealer(text, verb, args, comment)
    match = _PLAYER.fullmatch(actor)
    if match is None:
        raise NotationError(f"{actor!r} is not an actor: write d for the dealer or pN for player N")
    return _parse_player(text, int(match.group(1)), verb, args, comment)


def _expect(verb: str, args: list[str], low: int, high: int) -> None:
    if not low <= len(args) <= high:
        wanted = str(low) if low == high else f"{low} or {high}"
        raise NotationError(f"{verb!r} takes {wanted} argument(s), not {len(args)}")


def _parse_dealer(text: str, verb: str, args: list[str], comment: str) -> Action:
    if verb == "dh":
        _expect(verb, args, 2, 2)
        match = _PLAYER.fullmatch(args[0])
        if match is None:
            raise NotationError(f"{args[0]!r} is not a player (p1, p2, ...)")
        return Action(text=text, move="deal_hole", player=int(match.group(1)),
                      cards=parse_cards(args[1]), comment=comment)
    if verb == "db":
        _expect(verb, args, 1, 1)
        return Action(text=text, move="deal_board", cards=parse_cards(args[0]), comment=comment)
    raise NotationError(f"the dealer deals hole cards (dh) or board cards (db), not {verb!r}")


def _parse_player(text: str, player: int, verb: str, args: list[str], comment: str) -> Action:
    simple: dict[str, Move] = {"pb": "bring_in", "cc": "check_call", "f": "fold"}
    if verb in simple:
        _expect(verb, args, 0, 0)
        return Action(text=text, move=simple[verb], player=player, comment=comment)
    if verb == "cbr":
        _expect(verb, args, 1, 1)
        amount = parse_amount(args[0])
        if not amount:
            raise NotationError("a complete, bet or raise is to a positive amount")
        return Action(text=text, move="complete_bet_raise", player=player, amount=amount,
                      comment=comment)
    if verb == "sd":
        _expect(verb, args, 0, 1)
        cards = parse_cards(args[0]) if args else ()
        return Action(text=text, move="stand_pat_discard", player=player, cards=cards,
                      comment=comment)
    if verb == "sm":
        _expect(verb, args, 0, 1)
        if args and args[0] == "-":
            return Action(text=text, move="show_muck", player=player, cards=(), show_dealt=True,
                          comment=comment)
        shown = parse_cards(args[0]) if args else None
        return Action(text=text, move="show_muck", player=player, cards=shown, comment=comment)
    known = "pb, cbr, cc, f, sd, sm"
    raise NotationError(f"{verb!r} is not a player action (one of {known})" if verb
                        else "a player action is missing after the actor")


def write_action(action: Action) -> str:
    """The canonical notation of an action (its ``text`` is what the file said)."""
    comment = f" # {action.comment}" if action.comment else ""
    if action.move == "comment":
        return f"# {action.comment}" if action.comment else ""
    cards = format_cards(action.cards) if action.cards else ""
    if action.move == "deal_hole":
        words = ["d", "dh", f"p{action.player}", cards]
    elif action.move == "deal_board":
        words = ["d", "db", cards]
    else:
        verb = {"bring_in": "pb", "complete_bet_raise": "cbr", "check_call": "cc", "fold": "f",
                "stand_pat_discard": "sd", "show_muck": "sm"}[action.move]
        words = [f"p{action.player}", verb]
        if action.amount is not None:
            words.append(str(action.amount))
        if action.show_dealt:
            words.append("-")
        elif cards:
            words.append(cards)
    return " ".join(words) + comment
