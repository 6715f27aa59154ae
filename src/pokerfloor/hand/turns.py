"""The turns of a betting round: who acts next, and which bet or raise is open to a seat at
which amounts (docs/rules.md §1.5, §5.5, §5.6). The functions read the round (``betting.Round``)
and the chips (``betting.Chips``) they are given and never change them; ``Hand`` acts on what
they return. Seats are given by index, in the order of action after the flop.
"""

from __future__ import annotations

from typing import Final

from pokerfloor import citations as cite
from pokerfloor.errors import IllegalAction, Reason
from pokerfloor.hand.betting import Chips, Round
from pokerfloor.hand.terms import Terms

Aggression = tuple[str, int, int] | tuple[Reason, str]
"""The bet or raise open to a seat: ``(kind, min_to, max_to)``, or ``(reason, why)`` none is."""


def able(folded: list[bool], stack: list[int]) -> int:
    """How many seats can still act: not folded, with chips behind."""
    count = 0
    for j in range(len(folded)):
        if not folded[j] and stack[j] > 0:
            count += 1
    return count


def next_to_act(after: int, folded: list[bool], chips: Chips, rnd: Round, killer: int, first: int) -> int:
    """The next seat after ``after`` that needs to act, -1 when none does. A seat acts while it is
    short of the bet or has not acted, unless nothing it could do would matter: every opponent is
    all-in and it already covers every bet of the round (folded seats' included: to win those it
    must call them). While a kill blind waits to act last pre-flop (``killer`` >= 0, house option
    ``killer_acts="last"``) the order runs from the ``first`` seat as usual, passes over the
    killer and ends with it, as if it sat just before the first seat (WIKI_KILL)."""
    n = len(folded)
    stack, bets, acted, level = chips.stack, chips.bet, rnd.acted, rnd.level
    can_act = -1  # the seats that can still act (``able``; the seat asked is one), counted once when needed
    order: list[int] | None = None  # built only while a kill blind waits to act last
    start = after
    if killer >= 0:
        order = [j for j in ((first + k) % n for k in range(n)) if j != killer] + [killer]
        start = order.index(after)
    for step in range(1, n + 1):
        j = (start + step) % n
        if order is not None:
            j = order[j]
        if folded[j] or stack[j] == 0:
            continue
        bet = bets[j]
        if bet < level:
            if any(b > bet for b in bets):
                return j
        elif acted[j] is not None:
            continue
        if can_act < 0:
            can_act = able(folded, stack)
        if can_act > 1:  # another seat can still act
            return j
    return -1


def needs_to_act(j: int, folded: list[bool], chips: Chips, rnd: Round) -> bool:
    """Whether seat ``j`` needs to act, by the test ``next_to_act`` makes of each seat it passes
    (asked again when a hand killed out of turn changes who can still act)."""
    stack, bets = chips.stack, chips.bet
    if folded[j] or stack[j] == 0:
        return False
    others_can_act = able(folded, stack) > 1
    if bets[j] < rnd.level:
        return others_can_act or any(b > bets[j] for b in bets)
    return rnd.acted[j] is None and others_can_act


def completing(rnd: Round, structure: str, street_index: int, bring_in: int) -> bool:
    """Whether the wager open is completing: in fixed limit no full bet yet, else a bring-in (and
    short all-ins over it) and no full bet yet (WIKI_BIP bring-in: the next players may call it
    or complete to a full bet, in every structure)."""
    if rnd.level == 0 or rnd.full_level != 0:
        return False
    return structure == "fixed_limit" or (street_index == 0 and bring_in > 0)


def in_whole_chips(kind: str, min_to: int, max_to: int, all_in_to: int, unit: int) -> tuple[str, int, int]:
    """The range in whole smallest chips (RROP11 Betting & Raising): both ends round inwards,
    except an all-in; a seat that cannot reach the minimum may still go all-in."""
    min_to += -min_to % unit
    if max_to < all_in_to:
        max_to -= max_to % unit
    if all_in_to < min_to:
        return (kind, all_in_to, all_in_to)
    return (kind, min_to, max(min_to, max_to))


def aggression(
    i: int,
    folded: list[bool],
    chips: Chips,
    rnd: Round,
    terms: Terms,
    unit: int,
    street_index: int,
    top_street: bool,
    open_pair: bool,
    postflop_min_bet: int,
    short_blinds: int,
) -> Aggression:
    """The bet or raise open to seat ``i``: ``(kind, min_to, max_to)``, or why there is none."""
    bets, stacks = chips.bet, chips.stack  # read once: the loop below runs on every decision
    level, bet, stack = rnd.level, bets[i], stacks[i]
    all_in_to = bet + stack
    opponent_can_call = False  # an opponent still in can wager more than the current bet
    for j in range(len(folded)):
        if j != i and not folded[j] and bets[j] + stacks[j] > level:
            opponent_can_call = True
            break
    if not opponent_can_call:
        answer = "call or fold" if level > bet else "check"
        return ("no_opponent_can_call", f"no opponent has chips to call more than the current bet: {answer}")
    if all_in_to <= level:
        return ("above_stack", f"you have {stack:,} chips, not enough to raise")
    if not rnd.reopened(i):
        return ("betting_not_reopened", "the all-in since you acted was not a full raise, so you may only call or fold")
    structure, game = terms.structure, terms.game
    if (structure == "fixed_limit" or structure == "spread_limit") and rnd.capped():
        # the cap binds only "a pot involving three or more players who are not all-in" (RROP11 B&R item 3)
        heads_up = able(folded, chips.stack) <= 2
        lifted = game.house.cap_lifted_heads_up and heads_up and not rnd.capped_multiway
        if not lifted:
            return ("cap_reached", f"the betting is capped at a bet and {rnd.cap} raises")
    completes = completing(rnd, structure, street_index, terms.bring_in)
    if level == 0:
        kind = "bet"
    elif completes:
        kind = "complete"
    else:
        kind = "raise"
    if structure == "fixed_limit":
        target = rnd.full_level + rnd.min_inc
        top = rnd.full_level + game.big_bet if open_pair else target
        return in_whole_chips(kind, target, min(max(target, top), all_in_to), all_in_to, unit)
    if structure == "spread_limit":
        assert game.spread is not None
        low, high, last = game.spread
        top = last if top_street else high
        if level == 0 or completes:
            lo, hi = low, top
        else:
            lo, hi = level + rnd.min_inc, level + top
        return in_whole_chips(kind, min(lo, hi), min(hi, all_in_to), all_in_to, unit)
    if level == 0:
        min_to = postflop_min_bet if street_index else rnd.min_inc
    elif completes:
        min_to = rnd.min_inc        # a bring-in is no full bet: completing it is the first one
    else:
        min_to = level + rnd.min_inc
    max_to = all_in_to
    if structure != "no_limit":
        pot = chips.total + (short_blinds if street_index == 0 else 0)
        after_call = pot + level - bet
        room = after_call if structure == "pot_limit" else after_call // 2
        max_to = min(max_to, level + room)
    return in_whole_chips(kind, min_to, max_to, all_in_to, unit)


def amount_refusal(
    to: int, kind: str, lo: int, hi: int, bet: int, stack: int, structure: str, unit: int
) -> IllegalAction | None:
    """Why a wager to ``to`` is refused when the amounts open are ``lo`` to ``hi``, or ``None``."""
    all_in_to = bet + stack
    if to > all_in_to:
        return IllegalAction(
            "above_stack",
            f"you have {stack:,} chips behind: the most you can {kind.replace('_', ' ')} to is {all_in_to:,} (all-in)",
            cite.TABLE_STAKES,
        )
    if to % unit and to != all_in_to:
        return IllegalAction("not_chip_multiple", f"bets are made in chips of {unit:,}", cite.CHIP)
    if structure == "fixed_limit":
        if to != lo and to != hi:
            amounts = f"exactly {lo}" if lo == hi else f"{lo} or {hi}"
            why = f"in this limit game the {kind} is to {amounts}"
            return IllegalAction("wrong_limit_amount", why, cite.FIXED_LIMIT)
        return None
    if to < lo:
        if kind == "bet":
            return IllegalAction("below_min_bet", f"the smallest bet is {lo:,}", cite.MIN_RAISE)
        return IllegalAction("below_min_raise", f"the smallest raise is to {lo:,}", cite.MIN_RAISE)
    if to > hi:
        if structure == "spread_limit":
            return IllegalAction("above_spread_max", f"the largest {kind} here is to {hi:,}", cite.SPREAD_LIMIT)
        return IllegalAction("above_pot_limit", f"the largest {kind} the pot allows is to {hi:,}", cite.POT_LIMIT)
    return None


CLOSING_RULES = {
    "betting_not_reopened": cite.REOPEN,
    "cap_reached": cite.CAP,
    "above_stack": cite.TABLE_STAKES,
    "no_opponent_can_call": cite.REOPEN,
}
"""The rule behind each reason a bet or raise is closed."""


def rule_for(reason: str) -> str:
    """The rule behind ``reason``, a reason a bet or raise is closed (``aggression``)."""
    return CLOSING_RULES.get(reason, "")


ASK: Final = ""
"""``decide``'s kind when it needs the bet or raise open to answer."""


def decide(
    action: str,
    amount: int | None,
    level: int,
    bet: int,
    stack: int,
    fold_free: bool,
    option: Aggression | None,
    structure: str,
    unit: int,
    full_big_blind: bool,
) -> tuple[str, int]:
    """What ``action`` (to ``amount``) is in a betting round, for a seat with ``bet`` in and
    ``stack`` behind at bet ``level``: ``("fold", 0)``, ``("check", to)``, ``("call", to)`` or
    ``(kind, to)`` for the bet or raise open (``option``, ``aggression``'s answer); its refusal is
    raised (``IllegalAction``). ``(ASK, 0)`` when the answer needs ``option`` and it was not given:
    ask again with it (most actions are decided without it). ``full_big_blind``: a short call here
    is of the big blind, which is called in full (TDA 2024 R46). A pair of a string and a number,
    never a union: the compiled build passes it back without building a tuple."""
    to_call = level - bet
    if action == "fold":
        if to_call <= 0 and not fold_free:
            raise IllegalAction("invalid_action", "there is no bet to you: check instead of folding", cite.ACTIONS)
        return ("fold", 0)
    if action == "check" or (action == "call" and to_call <= 0):
        if to_call <= 0:
            return ("check", bet)
        if option is None:
            return ASK, 0
        may_raise = ", raise" if len(option) == 3 else ""
        why = f"you face a bet, {min(to_call, stack):,} to call: call{may_raise} or fold"
        raise IllegalAction("cannot_check_facing_bet", why, cite.ACTIONS)
    if action == "call":
        target = min(level, bet + stack)
        if amount is not None and amount != target:
            if full_big_blind and amount < target:
                raise IllegalAction(
                    "must_call_full_big_blind", f"the call is the full big blind: {target:,}", cite.FULL_BIG_BLIND
                )
            raise IllegalAction("invalid_action", f"a call here is to {target:,}, not {amount:,}")
        return ("call", target)
    if action in ("bring_in", "draw", "show", "muck"):
        raise IllegalAction("invalid_action", f"{action} is not part of this game's betting now")
    if action == "all_in" and bet + stack <= level:
        return ("call", bet + stack)
    if option is None:
        return ASK, 0
    if len(option) == 2:
        if action == "all_in":
            # Everything pushed in when no raise is open (no opponent can call more, the betting
            # was not reopened, the cap) is a call; the rest never leaves the stack (TDA 2024
            # R15-B: an uncalled part of a bet is not in play).
            return ("call" if level > bet else "check", level)
        raise IllegalAction(option[0], option[1], rule_for(option[0]))
    kind, lo, hi = option
    if action == "all_in":
        amount = min(bet + stack, hi)  # pot and fixed limits cut an over-bet down (TDA 2024 R52-B)
    if amount is None:
        between = f"{lo:,} or {hi:,}" if structure == "fixed_limit" else f"between {lo:,} and {hi:,}"
        raise IllegalAction(
            "invalid_action", f"say how much: {kind} to {between}" if lo != hi else f"{kind} to {lo:,}"
        )
    if action == "bet" and kind != "bet":  # "raise" with no bet to face is a bet (TDA 2024 R41)
        raise IllegalAction("invalid_action", f"you face a bet, {to_call:,} to call: {kind} instead")
    refusal = amount_refusal(amount, kind, lo, hi, bet, stack, structure, unit)
    if refusal is not None:
        raise refusal
    return kind, amount
