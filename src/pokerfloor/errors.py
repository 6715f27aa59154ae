"""The library's errors: ``PokerfloorError``, the base of every error pokerfloor raises (docs/api.md
lists them), and the one error a floor person gives: an action refused, with the rule it breaks."""

from __future__ import annotations

from typing import Literal

Reason = Literal[
    "not_your_turn",
    "cannot_check_facing_bet",
    "below_min_bet",
    "below_min_raise",
    "above_stack",
    "above_pot_limit",
    "betting_not_reopened",
    "cap_reached",
    "no_opponent_can_call",
    "wrong_limit_amount",
    "above_spread_max",
    "must_call_full_big_blind",
    "not_chip_multiple",
    "chips_change_during_hand",
    "binding_declaration",
    "below_min_buy_in",
    "above_max_buy_in",
    "must_return_with_amount_taken",
    "hand_over",
    "cannot_run_it",
    "no_rabbit_hunt",
    "not_your_choice",
    "game_not_offered",
    "not_a_blind_game",
    "invalid_action",
]

REASONS: frozenset[str] = frozenset(Reason.__args__)  # type: ignore[attr-defined]


RULEBOOKS = {
    "TDA2024": "TDA 2024",
    "RROP11": "Robert's Rules of Poker,",
    "WIKI_BIP": "Wikipedia, Betting in poker:",
}
"""The source keys the code cites by, and the rulebook each names (docs/rules.md lists them)."""


def in_words(citation: str) -> str:
    """A citation as a player reads it: ``"WIKI_BIP Table stakes"`` becomes ``"Wikipedia,
    Betting in poker: Table stakes"``; ``"TDA 2024 Rule 43"`` stays as it is."""
    for key, name in RULEBOOKS.items():
        citation = citation.replace(key, name)
    return citation.replace(":;", ";").replace(",;", ";").rstrip(":,")


class PokerfloorError(Exception):
    """The base of every error the library raises, so one ``except PokerfloorError`` catches them
    all. Each error also keeps the built-in base it had before (``IllegalAction`` is still a
    ``ValueError``, ``LedgerError`` still an ``AssertionError``): docs/api.md has the table."""


class InvalidArgument(PokerfloorError, ValueError):
    """A value the library cannot take: a game, stack, card, range or option outside what the
    function accepts (a ``ValueError``, as before). Rulings on actions are ``IllegalAction``."""


class IllegalAction(PokerfloorError, ValueError):
    """An action the rules do not allow. The hand or table is unchanged after it.

    ``reason`` is a stable code for programs, ``rule`` the rule it breaks (``"TDA 2024 Rule 43"``),
    and ``str(error)`` a sentence a player understands, citing the rulebook by name (``in_words``).
    """

    def __init__(self, reason: Reason, message: str, rule: str = "") -> None:
        if reason not in REASONS:
            raise InvalidArgument(f"unknown reason code {reason!r}")
        self.reason: Reason = reason
        self.rule = rule
        self.message = message
        super().__init__(f"{message} ({in_words(rule)})" if rule else message)
