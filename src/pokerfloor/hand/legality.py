"""What a seat may do now (``Hand.legal``) and the reads the hand's decisions share: the next seat
to act, the bet or raise open to a seat, what an action in a betting round or in the bring-in
comes to, the limit of the street, the cards a seat is due, who opens a stud round. Each function
takes the hand's state (``reading.HandState``), reads it and changes nothing: ``Hand`` plays what
they decide.
"""

from __future__ import annotations

from typing import Final

from pokerfloor.errors import IllegalAction
from pokerfloor.hand import bringin, dealing, stud, turns
from pokerfloor.hand.phase import BRING_IN, DRAW, SHOWDOWN
from pokerfloor.hand.reading import HandState
from pokerfloor.hand.types import Call, Legal, Range

_new: Final = tuple.__new__
"""Builds a named tuple with one C call, its fields in full and in order (``legal`` is read on
every decision)."""


def legal(h: HandState) -> Legal:
    """What the seat to act may do, with exact amounts (``Hand.legal``): a dispatch on the phase."""
    i = h._to_act
    if i < 0:  # the phases no seat acts in (CARDS_DUE, RUN_OUT, OVER), a replay's showdown
        return Legal()
    phase = h._phase
    if phase == SHOWDOWN:
        return Legal(seat=h._seats[i], show=True, muck=True)
    if phase == DRAW:
        return Legal(seat=h._seats[i], draw=len(h._holes[i]))
    if phase == BRING_IN:
        return bring_in_legal(h, i)
    return betting_legal(h, i)


def betting_legal(h: HandState, i: int) -> Legal:
    """``legal`` in a betting round: call, check or fold, and the bet or raise open."""
    seat = h._seats[i]
    chips = h._chips
    level, bet_now, stack = h._round.level, chips.bet[i], chips.stack[i]
    to_call = level - bet_now
    call = _new(Call, (min(level, bet_now + stack), min(to_call, stack))) if to_call > 0 else None
    option = aggression(h, i)
    bet = raise_ = complete = None
    reason = rule = ""
    if len(option) == 3:
        kind, lo, hi = option
        rng = amounts(h, lo, hi)
        if kind == "bet":
            bet = rng
        elif kind == "complete":
            complete = rng
        else:
            raise_ = rng
    else:
        reason = option[0]
        rule = turns.rule_for(reason)
    # Legal(seat, fold, check, call, bet, raise_, complete, bring_in, draw, show, muck, reason, rule)
    fold = to_call > 0 or h._terms.fold_free
    fields = (seat, fold, to_call <= 0, call, bet, raise_, complete, None, None, False, False, reason, rule)
    result: Legal = _new(Legal, fields)
    return result


def bring_in_legal(h: HandState, i: int) -> Legal:
    """Third street before anyone has bet: bring in or complete; a seat other than the one forced
    to bring in may also fold (TDA 2024 RP-10-E)."""
    bring_in = min(h.game.bring_in, h._chips.stack[i])
    option = aggression(h, i)
    complete = amounts(h, option[1], option[2]) if len(option) == 3 and option[1] > bring_in else None
    fold = i != h._street.opening.bring_in_seat
    return Legal(seat=h._seats[i], fold=fold, bring_in=bring_in, complete=complete)


def bet_decision(h: HandState, i: int, action: str, amount: int | None) -> tuple[str, int]:
    """What ``action`` (to ``amount``) comes to in a betting round (``turns.decide``): the kind of
    action and the wager it leaves, or the refusal raised. The bet or raise open is worked out
    only when it decides (it costs a scan of the seats; calls and checks skip it)."""
    chips, terms = h._chips, h._terms
    level, bet, stack = h._round.level, chips.bet[i], chips.stack[i]
    # only a call of a named amount before the flop asks whether it is of the full big blind
    full_bb = action == "call" and amount is not None and h._street_index == 0 and level == h._bb_level()
    structure, fold_free, unit = terms.structure, terms.fold_free, terms.min_chip
    decided = turns.decide(action, amount, level, bet, stack, fold_free, None, structure, unit, full_bb)
    if decided[0] == turns.ASK:  # the bet or raise open decides it
        option = aggression(h, i)
        decided = turns.decide(action, amount, level, bet, stack, fold_free, option, structure, unit, full_bb)
    return decided


def bring_in_decision(h: HandState, i: int, action: str, to: int | None) -> tuple[str, int]:
    """What ``action`` comes to in the bring-in (``bringin.decide``): ``fold``, ``bring_in`` or
    ``complete`` and its amount, or the refusal raised."""
    legal = bring_in_legal(h, i)
    chips, terms = h._chips, h._terms
    decided = bringin.decide(action, to, legal, chips.stack[i])
    if isinstance(decided, IllegalAction):
        raise decided
    kind, amount = decided
    complete = legal.complete
    if kind == "complete" and complete is not None:
        refusal = turns.amount_refusal(
            amount, "complete", complete.min_to, complete.max_to, chips.bet[i], chips.stack[i], terms.structure,
            terms.min_chip,
        )
        if refusal is not None:
            raise refusal
    return kind, amount


def aggression(h: HandState, i: int) -> turns.Aggression:
    """The bet or raise open to seat ``i`` (``turns.aggression``)."""
    return turns.aggression(
        i, h._folded, h._chips, h._round, h._terms, h._terms.min_chip, h._street_index,
        h._street_index == h._terms.rounds - 1, h._street.opening.open_pair, h._forced.postflop_min_bet,
        h._forced.short_blinds,
    )


def amounts(h: HandState, lo: int, hi: int) -> Range:
    """The amounts from ``lo`` to ``hi`` that ``act`` accepts: in fixed limit only the two ends (a
    limit bet, or the big bet of an open pair, or all-in), else every smallest chip; a single
    amount has the default step."""
    terms = h._terms
    step = 1 if hi == lo else hi - lo if terms.structure == "fixed_limit" else terms.min_chip
    result: Range = _new(Range, (lo, hi, step))
    return result


def next_to_act(h: HandState, after: int) -> int:
    """The next seat after ``after`` that needs to act this round, or -1 (``turns.next_to_act``)."""
    return turns.next_to_act(after, h._folded, h._chips, h._round, h._forced.killer, h._street.first)


def completing(h: HandState) -> bool:
    """Whether a raise now completes a stud bring-in (measured from no full bet)."""
    return turns.completing(h._round, h._terms.structure, h._street_index, h._terms.bring_in)


def unit(h: HandState) -> int:
    """The fixed-limit bet of this street, raised in a kill pot (RROP11 Kill Pots)."""
    game = h.game
    base = game.small_bet if h._street_index < h.variant.small_bet_rounds else game.big_bet
    num, den = h._forced.unit_scale
    return base * num // den


def cards_due(h: HandState, i: int) -> int:
    """How many cards seat ``i`` holds once the deal now under way is done."""
    held, street = len(h._holes[i]), h._street_index
    return dealing.cards_due(h.variant, h._terms.stud, h._folded[i], held, street, len(h._board))


def stud_opening(h: HandState) -> tuple[int, bool, bool]:
    """Who opens a stud round (``stud.opening``): the bring-in on third street, else the best hand
    showing; returns the seat (by index), whether it brings in and whether an open pair opens."""
    live = [i for i in range(len(h._seats)) if not h._folded[i]]
    showing = {i: stud.upcards(h._holes[i], cards_due(h, i) + len(h._board)) for i in live}
    house = h.game.house
    open_pair = h._street_index == 1 and h._terms.structure == "fixed_limit" and h.variant.low == "none"
    return stud.opening(
        showing, len(h._seats), bring_in=h._street_index == 0 and bool(h.game.bring_in),
        razz=h.variant.high == "none", tiebreak=house.bring_in_tiebreak,
        open_pair_rule=open_pair and house.stud_open_pair_option,
    )
