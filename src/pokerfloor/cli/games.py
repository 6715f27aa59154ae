"""The games ``pokerfloor play --game`` deals, by the short names players use.

A name is a shorthand (``nlhe``, ``plo``, ``stud``, ``razz``, ``27td``...) or any variant of
``pokerfloor.VARIANTS`` with an optional structure before it (``pot_limit:holdem``); stakes come
from ``--blinds``. Stud games use antes and a bring-in, limit games bet the big blind and twice it.
"""

from __future__ import annotations

from typing import cast

from pokerfloor.cli.shortcuts import amount
from pokerfloor.errors import InvalidArgument
from pokerfloor.rules import STRUCTURES, VARIANTS, Game, Structure

SHORT_NAMES: dict[str, tuple[str, str]] = {
    "nlhe": ("no_limit", "holdem"),
    "holdem": ("no_limit", "holdem"),
    "plhe": ("pot_limit", "holdem"),
    "lhe": ("fixed_limit", "holdem"),
    "plo": ("pot_limit", "omaha"),
    "plo5": ("pot_limit", "omaha5"),
    "plo6": ("pot_limit", "omaha6"),
    "plo8": ("pot_limit", "omaha_hilo"),
    "o8": ("fixed_limit", "omaha_hilo"),
    "short_deck": ("no_limit", "short_deck"),
    "stud": ("fixed_limit", "stud"),
    "stud8": ("fixed_limit", "stud_hilo"),
    "razz": ("fixed_limit", "razz"),
    "5cd": ("no_limit", "five_card_draw"),
    "27sd": ("no_limit", "deuce_seven_single"),
    "27td": ("fixed_limit", "deuce_seven_triple"),
    "a5td": ("fixed_limit", "ace_five_triple"),
    "badugi": ("fixed_limit", "badugi"),
}
"""Shorthands and the (structure, variant) each deals."""


def blinds(text: str) -> tuple[int, int]:
    """``"50/100"`` or ``"1k/2k"`` as (small blind, big blind)."""
    parts = text.replace("-", "/").split("/")
    if len(parts) != 2:
        raise InvalidArgument(f"blinds are written small/big, like 50/100, not {text!r}")
    small, big = (amount(part) for part in parts)
    if not 0 < small <= big:
        raise InvalidArgument(f"the small blind is above zero and not above the big blind: {text!r}")
    return small, big


def game(name: str, small_blind: int, big_blind: int) -> Game:
    """The game ``name`` at these stakes; ``ValueError`` naming the choices if unknown."""
    key = name.lower().replace("-", "_").replace(" ", "_")
    if key in SHORT_NAMES:
        structure, variant = SHORT_NAMES[key]
    elif ":" in key:
        structure, _, variant = key.partition(":")
    else:
        structure, variant = "no_limit", key
        if variant in VARIANTS and VARIANTS[variant].family == "stud":
            structure = "fixed_limit"
    if variant not in VARIANTS or structure not in STRUCTURES:
        raise InvalidArgument(
            f"unknown game {name!r}: try {', '.join(SHORT_NAMES)}, a variant ({', '.join(VARIANTS)}) "
            f"or structure:variant ({', '.join(STRUCTURES)})"
        )
    return _dealt(variant, cast(Structure, structure), small_blind, big_blind)


def _dealt(variant: str, structure: Structure, small_blind: int, big_blind: int) -> Game:
    if VARIANTS[variant].family == "stud":
        return Game(
            variant=variant,
            structure=structure,
            ante=max(1, big_blind // 10),
            bring_in=max(1, small_blind // 2),
            small_bet=big_blind,
            big_bet=2 * big_blind,
        )
    if variant == "short_deck":
        return Game(
            variant=variant, structure=structure, ante=small_blind, blinds=(big_blind,), first_blind_on_button=True
        )
    spread = (big_blind, 2 * big_blind, 4 * big_blind) if structure == "spread_limit" else None
    return Game(variant=variant, structure=structure, small_blind=small_blind, big_blind=big_blind, spread=spread)
