"""Table customs on top of the blinds: straddles, the mandatory straddle token, kill games.

The table turns each into ``Post``s for the hand (kinds ``straddle``, ``mississippi``,
``sleeper``, ``kill``); the hand plays them (action order, minimum raise, raised limits).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pokerfloor import citations as cite
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import Post
from pokerfloor.table.buttons import BlindPlan, next_seat

R_STRADDLE = cite.STRADDLE
R_MISSISSIPPI = cite.MISSISSIPPI
R_SLEEPER = cite.SLEEPER
R_ROCK = cite.ROCK
R_KILL = cite.KILL
LIMIT_STRUCTURES = frozenset({"fixed_limit", "spread_limit"})


@dataclass(frozen=True, kw_only=True)
class Straddles:
    """Which straddles the house allows (WIKI_BIP Straddle bets; RROP11 No-Limit item 2).

    ``live``: a live straddle from under the gun. ``mississippi``: a straddle from the button
    (``"button"``) or from any seat outside the blinds (``"any"``). ``restraddles``: how many
    re-straddles may follow, each by the next player on the left (most rooms allow one).
    ``multiple``: each straddle at least this many times the blind or straddle before it (exactly
    that in limit games, where a straddle is one raise). ``sleepers``: blind raises from other
    seats. ``mandatory``: the rock, a token whose holder must straddle twice the big blind when
    under the gun and which passes to each hand's winner.
    """

    live: bool = True
    mississippi: Literal["off", "button", "any"] = "off"
    restraddles: int = 1
    multiple: int = 2
    sleepers: bool = False
    mandatory: bool = False

    def __post_init__(self) -> None:
        if self.restraddles < 0 or self.multiple < 2:
            raise InvalidArgument("restraddles is 0 or more and multiple at least 2")


NO_STRADDLES = Straddles(live=False)


@dataclass(frozen=True, kw_only=True)
class KillGame:
    """A kill game (RROP11 Kill Pots; WIKI_BIP Kill game).

    ``trigger="legs"``: winning ``legs`` pots in a row, the last one worth at least a full bet
    that is not blind money. ``trigger="pot"``: scooping a pot bigger than ``pot_over``. The
    killer posts a kill blind of twice the big blind (``half=True``: one and a half) and the limits
    of the kill hand go up by the same factor.
    """

    trigger: Literal["legs", "pot"] = "legs"
    legs: int = 2
    pot_over: int = 0
    half: bool = False

    def kill_blind(self, big_blind: int) -> int:
        return 3 * big_blind // 2 if self.half else 2 * big_blind


@dataclass(frozen=True, kw_only=True)
class TableOptions:
    """The table's customs: what straddles it allows and whether it is a kill game."""

    straddles: Straddles = Straddles()
    kill: KillGame | None = None


# ---------------------------------------------------------------------------------- straddles
def check_straddle(
    rules: Straddles,
    plan: BlindPlan,
    chain: Sequence[Post],
    seat: int,
    amount: int | None,
    *,
    big_blind: int,
    chips: int,
    structure: str,
) -> Post:
    """The post a straddle declared by ``seat`` makes, after the straddles already in ``chain``
    (the rock's first); ``IllegalAction`` if the house or the seat's position does not allow it."""
    kind: Literal["straddle", "mississippi"]
    if not chain:
        if rules.live and seat == plan.under_the_gun:
            kind = "straddle"
        elif rules.mississippi == "any" or (rules.mississippi == "button" and seat == plan.button_seat):
            kind = "mississippi"
        else:
            where = "under the gun" if rules.mississippi == "off" else "under the gun or on the button"
            raise IllegalAction("invalid_action", f"a straddle here comes from {where}", R_STRADDLE)
        rule = R_STRADDLE if kind == "straddle" else R_MISSISSIPPI
    else:
        if len(chain) > rules.restraddles:
            raise IllegalAction("invalid_action", "no more re-straddles are allowed", R_STRADDLE)
        if seat != next_seat(chain[-1].seat, plan.dealt):
            raise IllegalAction("invalid_action", "a re-straddle comes from the next player on the left", R_STRADDLE)
        kind, rule = "straddle", R_STRADDLE
    _check_seat(plan, seat, rule)
    previous = chain[-1].amount if chain else big_blind
    return Post(seat, _amount(rules, previous, amount, chips, structure, rule), kind)


def check_sleeper(
    rules: Straddles,
    plan: BlindPlan,
    taken: Sequence[Post],
    seat: int,
    amount: int | None,
    *,
    big_blind: int,
    chips: int,
    structure: str,
) -> Post:
    """A sleeper: a blind raise from a seat other than under the gun (WIKI_BIP Sleepers)."""
    if not rules.sleepers:
        raise IllegalAction("invalid_action", "this table does not allow sleepers", R_SLEEPER)
    if seat == plan.under_the_gun or any(p.seat == seat for p in taken):
        raise IllegalAction("invalid_action", "a sleeper comes from a seat without a blind or straddle", R_SLEEPER)
    _check_seat(plan, seat, R_SLEEPER)
    return Post(seat, _amount(rules, big_blind, amount, chips, structure, R_SLEEPER), "sleeper")


def _check_seat(plan: BlindPlan, seat: int, rule: str) -> None:
    if len(plan.dealt) < 3:
        raise IllegalAction("invalid_action", "there are no straddles heads-up", rule)
    if seat not in plan.dealt:
        raise IllegalAction("invalid_action", f"seat {seat} is not dealt in next hand", rule)
    if seat in (plan.small_blind_seat, plan.big_blind_seat) or any(p.seat == seat for p in plan.posts):
        raise IllegalAction("invalid_action", "a player posting a blind cannot straddle", rule)


def _amount(rules: Straddles, previous: int, amount: int | None, chips: int, structure: str, rule: str) -> int:
    least = rules.multiple * previous
    if amount is None:
        amount = least
    if structure in LIMIT_STRUCTURES and amount != least:
        raise IllegalAction("wrong_limit_amount", f"in a limit game this straddle is exactly {least}", rule)
    if amount < least:
        raise IllegalAction("below_min_bet", f"a straddle here is at least {least}", rule)
    if amount > chips:
        raise IllegalAction("above_stack", f"a straddle of {amount} is more than the {chips} chips behind", rule)
    return amount


# ---------------------------------------------------------------------------------- the rock
def pass_rock(holder: int | None, winners: Sequence[int], button: int) -> int | None:
    """The winner takes the mandatory-straddle token; a split pot gives it to the winner nearest
    the previous holder's left (WIKI_BIP Mandatory straddle)."""
    if not winners:
        return holder
    return next_seat(button if holder is None else holder, winners)


# ---------------------------------------------------------------------------------- the kill
@dataclass(frozen=True, slots=True)
class KillButton:
    """Who has a leg up and who kills the next pot. Neutral at the start of a game and when the
    winner quits (RROP11 Kill Pots item 1)."""

    holder: str | None = None
    legs: int = 0
    killer: str | None = None


NEUTRAL = KillButton()


def after_hand(
    button: KillButton,
    rules: KillGame,
    winners: Sequence[str],
    *,
    scooped: bool,
    pot: int,
    voluntary: int,
    full_bet: int,
) -> KillButton:
    """The kill button after a hand (RROP11 Kill Pots items 1-4).

    ``winners`` won the main pot; ``scooped`` is true when one player took every pot, ``pot``
    their total; ``voluntary`` is what the winner took from opponents beyond blinds and antes.
    In a legs game a killer who wins again kills again, and a split pot keeps a leg for a player
    who had one and a kill for a killer who shares it. In a hi-lo kill game every kill, the
    killer's own included, is required by a scoop of a pot over the set size (rules.md §2.7).
    """
    killed_by = button.killer
    by_pot = rules.trigger == "pot"
    if len(winners) != 1:
        if killed_by is not None and killed_by in winners and not by_pot:
            return KillButton(holder=killed_by, legs=button.legs, killer=killed_by)
        if button.holder is not None and button.holder in winners:
            return KillButton(holder=button.holder, legs=button.legs)
        return NEUTRAL
    winner = winners[0]
    if by_pot:
        kills = scooped and pot > rules.pot_over
        return KillButton(holder=winner, legs=1, killer=winner if kills else None)
    if killed_by == winner:
        return KillButton(holder=winner, legs=button.legs, killer=winner)
    legs = 1
    if button.holder == winner:
        legs = button.legs + 1 if voluntary >= full_bet else button.legs
    return KillButton(holder=winner, legs=legs, killer=winner if legs >= rules.legs else None)
