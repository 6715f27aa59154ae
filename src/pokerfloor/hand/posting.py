"""Posting the forced bets, a step of the hand: the blinds, antes, straddles, kills and
sleepers ``forced`` lists, put in in paying order before the first card, and what they leave
for the rest of the hand (``Forced``): the level and minimum raise they set, the short blinds,
a kill pot's limits, a kill blind that acts last and a sleeper held back until the action
reaches it (house option ``sleeper_when_entered="returned"``; docs/rules.md §2).

The functions take the chips, the round and the ``Forced`` value they change, and return the
events; the hand calls them and keeps the rest of its state itself.
"""

from __future__ import annotations

from typing import Any, Final

from pokerfloor.hand import forced as rules
from pokerfloor.hand.betting import Chips, Round
from pokerfloor.hand.types import ANTE_KINDS, BLIND_KINDS, ORDER_SETTING_KINDS, STRADDLE_KINDS, Event, Post
from pokerfloor.rules import HouseRules

_new: Final = tuple.__new__
"""Builds an ``Event`` with one C call, its eight fields in order (state.py does the same)."""

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


SLEEPER_WAITS = "sleeper waits: returned if a player in front of it enters the pot (house rule)"
SLEEPER_RETURNED = "sleeper returned: a player in front of it entered the pot (house rule)"


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Forced:
    """What the forced bets leave for the rest of the hand: the blinds short of their amount
    (``short_blinds``, a short all-in blind's part for the minimum bet), the kill pot's
    multiple of the limits (``unit_scale``), the smallest bet after the first round
    (``postflop_min_bet``, raised by a straddle or kill), the kill blind that acts last
    pre-flop (``killer``, by index; -1 for none), the sleeper held back (``sleeping``) and
    whether a player in front of it entered the pot (``entered``)."""

    def __init__(self, min_bet: int) -> None:
        self.short_blinds = 0
        self.unit_scale = (1, 1)
        self.postflop_min_bet = min_bet
        self.killer = -1
        self.sleeping: Post | None = None
        self.entered = False

    def copy(self) -> Forced:
        other = Forced(self.postflop_min_bet)
        other.short_blinds, other.unit_scale, other.killer = self.short_blinds, self.unit_scale, self.killer
        other.sleeping, other.entered = self.sleeping, self.entered
        return other


def post_all(
    state: Forced, posts: list[Post], house: HouseRules, pos: dict[int, int], chips: Chips, rnd: Round,
    street: str, blinds: int, big_blind: int,
) -> tuple[list[Event], int, list[int]]:
    """Put the forced bets in, in paying order: their events, the index of the seat whose post
    sets the order of action pre-flop (-1 for none: the action starts at the first seat), and
    the live amounts posted (``count_opening_bets``)."""
    events: list[Event] = []
    order_post: tuple[int, int] | None = None
    live_amounts: list[int] = []
    for post in rules.paying_order(house, posts):
        seat, amount, kind = post.seat, post.amount, post.kind
        i = pos[seat]
        if kind == "sleeper" and house.sleeper_when_entered == "returned":
            state.sleeping = post
            events.append(_new(Event, ("sleeper_waits", seat, amount, (), street, SLEEPER_WAITS, (), "sleeper")))
            continue
        paid = min(amount, chips.stack[i])
        live = post.live
        chips.put_in(i, paid, live=live)
        events.append(_new(Event, ("post", seat, paid, (), street, "", (), kind)))
        if not live or kind in ANTE_KINDS:
            continue
        if kind in BLIND_KINDS:
            state.short_blinds += amount - paid
        live_amounts.append(amount)
        raise_level(state, rnd, i, post, house, big_blind)
        if kind == "kill":
            # Both readings start the action left of the big blind (or the last straddle):
            # RROP11 kill item 2 has the killer act in turn; WIKI_BIP and WIKI_KILL have it act
            # last wherever it sits (house option killer_acts, rules.md §2.7).
            if house.killer_acts == "last":
                state.killer = i
        elif kind in ORDER_SETTING_KINDS:
            key = (amount, i)
            if order_post is None or key >= order_post:
                order_post = key
    state.short_blinds += rules.missing_blinds(blinds, posts)
    return events, -1 if order_post is None else order_post[1], live_amounts


def count_opening_bets(rnd: Round, structure: str, live_amounts: list[int], opening: int) -> None:
    """The full bets the live posts make toward a limit game's cap, and the level of the last
    full bet: in fixed limit each post a full bet above the one before; in spread limit the big
    blind (``opening``) is the opening bet and a blind raise above it a raise (RROP11 Betting &
    Raising item 3; docs/rules.md §1.5)."""
    if structure == "fixed_limit":
        rnd.full_level, rnd.raises = 0, 0
        for amount in sorted(set(live_amounts)):
            if amount - rnd.full_level >= rnd.min_inc:
                rnd.count_full_bet(amount)
    elif structure == "spread_limit":
        rnd.full_level, rnd.raises = 0, 0
        if opening:
            rnd.count_full_bet(opening)
        for amount in sorted(set(live_amounts)):
            if amount > opening and amount - rnd.full_level >= rnd.min_inc:
                rnd.count_full_bet(amount)
        rnd.full_level = rnd.level
    else:
        rnd.full_level = rnd.level


def raise_level(state: Forced, rnd: Round, i: int, post: Post, house: HouseRules, big_blind: int) -> None:
    """A live blind, straddle, sleeper or kill sets the bet to call; a straddle counts as a
    raise for the minimum raise (house option ``straddle_min_raise``, docs/rules.md §2.8)."""
    prior = rnd.level
    amount, kind = post.amount, post.kind
    if amount > rnd.level:
        rnd.level = amount
    if kind in STRADDLE_KINDS and amount > prior:
        if kind == "kill" or house.straddle_min_raise == "straddle_amount":
            rnd.min_inc = max(rnd.min_inc, amount)
        else:
            rnd.min_inc = max(rnd.min_inc, amount - prior)
        if house.straddle_postflop_min_bet == "straddle" or kind == "kill":
            state.postflop_min_bet = max(state.postflop_min_bet, amount)
    if kind == "kill" and big_blind:
        state.unit_scale = (amount, big_blind)
    if kind == "sleeper":
        rnd.acted[i] = rnd.level


def settle_sleeper(
    state: Forced, j: int, chips: Chips, rnd: Round, structure: str, house: HouseRules, big_blind: int, street: str
) -> Event:
    """The sleeper of seat ``j``, held back, once the action reaches it: returned (``void``) if a
    player in front of it entered the pot, else posted as the blind raise it is, its owner
    having no option. Returns its event."""
    sleeper = state.sleeping
    assert sleeper is not None
    state.sleeping = None
    if state.entered:
        return Event("void", sleeper.seat, sleeper.amount, street=street, note=SLEEPER_RETURNED)
    paid = min(sleeper.amount, chips.stack[j])
    chips.put_in(j, paid)
    raise_level(state, rnd, j, sleeper, house, big_blind)
    limit = structure == "fixed_limit" or structure == "spread_limit"
    if limit and sleeper.amount - rnd.full_level >= rnd.min_inc:
        rnd.count_full_bet(sleeper.amount)
    elif structure != "fixed_limit":
        rnd.full_level = rnd.level
    return Event("post", sleeper.seat, paid, street=street, post="sleeper")
