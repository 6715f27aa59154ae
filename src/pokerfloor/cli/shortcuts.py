"""What a player types at the terminal table, read the forgiving way players type it.

``r 300``, ``b 1k``, ``c``, ``k``, ``f``, ``pot``, ``half``, ``min``, ``allin``: every word becomes
an action ``Hand.act`` takes. A "bet" facing a bet is read as a raise to that total, as the floor
reads it (``pokerfloor.interpret``: "raise N" and "bet N" name the total, TDA 2024 R40-A).
"""

from __future__ import annotations

import difflib
import re
from typing import NamedTuple

from pokerfloor.cards import parse_cards
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import Legal, Range

HELP = (
    "f fold · k check · c call · b/r N bet or raise to N (300, 1k, 2.5k) · pot · half · min · "
    "allin · d CARDS discard (draw games) · help · quit"
)
_AMOUNT = re.compile(r"^(\d+(?:\.\d+)?)(k|m)?$")
_FOLD = {"f", "fold"}
_CHECK = {"k", "x", "check"}
_CALL = {"c", "call"}
_AGGRESSIVE = {"b", "bet", "r", "raise", "raiseto", "complete", "to"}
_ALL_IN = {"a", "allin", "all-in", "all", "shove", "jam"}
_QUIT = {"q", "quit", "exit"}
_HELP = {"h", "help", "?"}
_WORDS = ("fold", "check", "call", "bet", "raise", "allin", "pot", "half", "min", "max", "discard", "help", "quit")
"""The words a mistyped one is matched against for a "did you mean"."""


class Typed(NamedTuple):
    """A typed command: an action for ``Hand.act`` (``to``, ``discard``) or ``help``/``quit``."""

    action: str
    to: int | None = None
    discard: tuple[str, ...] = ()


def amount(word: str) -> int:
    """``"1k"`` is 1,000, ``"2.5k"`` is 2,500, ``"9,950"`` is 9,950; ``ValueError`` otherwise."""
    found = _AMOUNT.match(word.replace(",", "").replace("_", ""))
    if found is None:
        raise InvalidArgument(f"{word!r} is not an amount")
    number, scale = found.groups()
    value = float(number) * {"k": 1_000, "m": 1_000_000, None: 1}[scale]
    if value != int(value):
        raise InvalidArgument(f"{word!r} is not a whole number of chips")
    return int(value)


def _raise_kind(legal: Legal) -> tuple[str, Range]:
    """The aggressive action open now: bet, complete or raise (one of them at most)."""
    for kind, span in (("bet", legal.bet), ("complete", legal.complete), ("raise", legal.raise_)):
        if span is not None:
            return kind, span
    raise InvalidArgument("you cannot bet or raise now")


def pot_sized(legal: Legal, pot: int, current_bet: int, fraction: float) -> int:
    """The total a bet or raise of ``fraction`` of the pot makes: after calling, the pot grows by
    the call, and the raise adds that fraction of it (the pot-limit arithmetic, TDA 2024 R54)."""
    cost = legal.call.cost if legal.call is not None else 0
    level = legal.call.to if legal.call is not None else current_bet
    return level + round((pot + cost) * fraction)


def read(text: str, legal: Legal, *, pot: int, current_bet: int) -> Typed:
    """The action ``text`` asks for at this point; ``ValueError`` with help if it is unclear.

    ``pot`` is every chip in the middle (this round's bets included), ``current_bet`` the
    player's own bet this round; ``pot``/``half`` sizes are brought within the legal range.
    """
    words = text.lower().replace("all in", "allin").split()
    if not words:
        raise InvalidArgument(HELP)
    verb, rest = words[0], words[1:]
    if verb in _HELP:
        return Typed("help")
    if verb in _QUIT:
        return Typed("quit")
    if verb in _FOLD:
        return Typed("fold")
    if verb in _CHECK or (verb in _CALL and legal.call is None and legal.check):
        return Typed("check")
    if verb in _CALL:
        return Typed("call")
    if verb in _ALL_IN:
        return Typed("all_in")
    if verb in ("bring", "bring-in", "bi"):
        return Typed("bring_in")
    if verb in ("d", "draw", "discard", "stand", "pat"):
        return Typed("draw", discard=tuple(str(card) for card in parse_cards("".join(rest))))
    if verb in ("pot", "half", "min", "max", "third", "quarter") or (verb in _AGGRESSIVE and rest):
        kind, span = _raise_kind(legal)
        word = rest[0] if verb in _AGGRESSIVE else verb
        if word == "to" and len(rest) > 1:
            word = rest[1]
        fractions = {"pot": 1.0, "half": 0.5, "third": 1 / 3, "quarter": 0.25}
        if word in fractions:
            to = min(span.max_to, max(span.min_to, pot_sized(legal, pot, current_bet, fractions[word])))
        elif word == "min":
            to = span.min_to
        elif word == "max":
            to = span.max_to
        else:
            to = amount(word)
        return Typed(kind, to)
    if _AMOUNT.match(verb.replace(",", "")):
        return Typed(_raise_kind(legal)[0], amount(verb))
    guess = difflib.get_close_matches(verb, _WORDS, n=1, cutoff=0.6)
    hint = f" Did you mean {guess[0]}?" if guess else ""
    raise InvalidArgument(f"{text!r} is not an action.{hint} {HELP}")
