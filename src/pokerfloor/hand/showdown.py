"""Showdown: ranking the live hands, awarding each pot, splitting ties and odd chips.

Cards speak (TDA 2024 R12); suits never break a tie (RROP11 Ties item 1); each pot is split on
its own (R21); the odd chip goes one unit at a time to the first winners clockwise from the
button, never more than one to a player (RROP11; TDA 2024 R20-A), and in hi-lo games the high
half takes the odd chip of the whole pot (R20-C). The functions taking a ``Hand`` end that
hand: they award its pots and write its result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pokerfloor.cards import Card
from pokerfloor.evaluation.rankings import RANKINGS
from pokerfloor.hand import stud
from pokerfloor.hand.types import Award, Event, Pot, Result, face_up
from pokerfloor.rules import Variant

if TYPE_CHECKING:
    from pokerfloor.hand.state import Hand

Rank = int
Ranker = Callable[[Sequence[int], Sequence[int]], Rank | None]


def _ranker(name: str, omaha: bool) -> Ranker | None:
    """The showdown's ranking function for the ranking ``name`` (``RANKINGS``); ``None`` where
    that half does not play."""
    ranking = RANKINGS.get(name)
    if ranking is None:
        return None
    if omaha and ranking.omaha_rank is not None:
        return ranking.omaha_rank
    whole = ranking.rank

    def rank(hole: Sequence[int], board: Sequence[int]) -> Rank | None:
        return whole([*hole, *board])

    return rank


def rankers(variant: Variant) -> tuple[Ranker | None, Ranker | None]:
    """The (high, low) ranking functions of a variant; ``None`` where that half does not play."""
    return _ranker(variant.high, variant.omaha), _ranker(variant.low, variant.omaha)


def best(ranks: dict[int, Rank | None]) -> list[int]:
    """The seats holding the best rank (greater is better); none if nobody qualifies."""
    qualified = {seat: r for seat, r in ranks.items() if r is not None}
    if not qualified:
        return []
    top = max(qualified.values())
    return [seat for seat, r in qualified.items() if r == top]


def split(amount: int, winners: Sequence[int], unit: int) -> dict[int, int]:
    """Share ``amount`` among ``winners`` (given in odd-chip order) in whole units of the
    smallest chip; leftover units go one each to the first winners in that order, and any
    remainder smaller than a unit to the first winner."""
    count = len(winners)
    units, remainder = divmod(amount, unit)
    base, odd = divmod(units, count)
    shares = {seat: base * unit for seat in winners}
    for seat in winners[:odd]:
        shares[seat] += unit
    if remainder:
        shares[winners[0]] += remainder
    return shares


def run_parts(amount: int, runs: int, unit: int) -> list[int]:
    """A pot run ``runs`` times splits into that many equal parts in whole units of the smallest
    chip, one per run; the chips that do not divide evenly go to the first run (``Hand.run_it``)."""
    units, remainder = divmod(amount, unit)
    base, odd = divmod(units, runs)
    return [base * unit + (odd * unit + remainder if run == 0 else 0) for run in range(runs)]


def halves(amount: int, unit: int) -> tuple[int, int]:
    """Split a hi-lo pot: the high half takes the odd unit (TDA 2024 R20-C; RROP11)."""
    units, _remainder = divmod(amount, unit)
    low_units = units // 2
    return amount - low_units * unit, low_units * unit


def settle(hand: Hand) -> None:
    """The showdown, once the last betting round is over: the pots go to the best hands still
    in, or to the last one standing. A replay first waits for every unknown hand to be shown or
    mucked; a dealt hand tables its hands in showdown order, and asks each seat whose hand can
    no longer win whether it shows or mucks (or mucks it, under ``auto_muck``)."""
    hand._to_act = -1
    contenders = [j for j in range(hand._n) if not hand._folded[j] and not hand._mucked[j]]
    if hand._manual and any(None in hand._holes[j] and not hand._shown[j] for j in contenders):
        return  # a replay still owes a show or a muck
    if len(contenders) <= 1:
        finish(hand)
        return
    highs, lows = hand_ranks(hand, contenders)
    pots = hand.pots
    if not hand._manual:
        asked = table_in_order(hand, contenders, pots, highs, lows)
        if asked >= 0:
            hand._to_act = asked
            return
    reached = [j for j in range(hand._n) if not hand._folded[j]]
    finish(hand, showdown_seats=reached, ranks=(highs, lows), pots=pots)


def hand_ranks(
    hand: Hand, seats: list[int], on: Sequence[Card | None] | None = None
) -> tuple[dict[int, int | None], dict[int, int | None]]:
    """The high and low ranks of the seats' hands (by index) on the board (or the board ``on``
    of one run); ``None`` for no hand or an unknown one."""
    high_of, low_of = rankers(hand.variant)
    board = [c for c in (hand._board if on is None else on) if c is not None]
    highs: dict[int, int | None] = {}
    lows: dict[int, int | None] = {}
    for j in seats:
        hole = hand._holes[j]
        if None in hole:
            highs[j] = lows[j] = None
            continue
        cards: list[int] = [c for c in hole if c is not None]
        highs[j] = high_of(cards, board) if high_of else None
        lows[j] = low_of(cards, board) if low_of else None
    return highs, lows


def table_in_order(
    hand: Hand, contenders: list[int], pots: list[Pot], highs: dict[int, int | None], lows: dict[int, int | None]
) -> int:
    """Table the hands in showdown order: when a player is all-in every hand is (TDA 2024 R16),
    else the hands that can still win (R17-A); a hand that can no longer win is mucked under
    ``auto_muck``, else its seat is asked (R18). Returns the seat (by index) asked now, or -1
    when all are done."""
    shown: list[int] = []
    tabled = hand._exposed or any(hand._stack[j] == 0 for j in contenders)
    for j in showdown_order(hand, contenders):
        if hand._shown[j]:
            shown.append(j)
            continue
        if tabled or can_still_win(hand, j, shown, pots, highs, lows):
            hole = hand._holes[j]
            hand._shown[j] = True
            hand.events.append(
                Event("show", hand._seats[j], cards=tuple(hole), street="showdown", seen_by=face_up(hole))
            )
            shown.append(j)
        elif hand._auto_muck:
            hand._mucked[j] = True
            hand.events.append(Event("muck", hand._seats[j], street="showdown", note="can no longer win"))
        else:
            return j
    return -1


def can_still_win(
    hand: Hand, j: int, shown: list[int], pots: list[Pot], highs: dict[int, int | None], lows: dict[int, int | None]
) -> bool:
    """Whether seat ``j``'s hand ties or beats, for a half of some pot it is in, every hand
    shown so far that is in that pot."""
    seat = hand._seats[j]
    for pot in pots:
        if seat not in pot.eligible:
            continue
        rivals = [k for k in shown if hand._seats[k] in pot.eligible]
        for ranks in (highs, lows):
            mine = ranks.get(j)
            if mine is None:
                continue
            shown_ranks = [r for r in (ranks.get(k) for k in rivals) if r is not None]
            if not shown_ranks or mine >= max(shown_ranks):
                return True
        if not rivals:
            return True
    return False


def showdown_order(hand: Hand, contenders: list[int]) -> list[int]:
    """Last aggressor of the final round first, else the first seat left of the button
    (TDA 2024 R17-A), then clockwise."""
    first = min(contenders, key=lambda j: (j - hand._first) % hand._n)
    start = hand._last_aggressor if hand._last_aggressor in contenders else first
    return sorted(contenders, key=lambda j: (j - start) % hand._n)


def finish(
    hand: Hand,
    showdown_seats: list[int] | None = None,
    ranks: tuple[dict[int, int | None], dict[int, int | None]] | None = None,
    pots: list[Pot] | None = None,
) -> None:
    """End the hand: rank the hands shown down (if any), award every pot from the last side
    pot to the main pot, and write the result and the show and win events. The showdown order
    holds every seat that reached the showdown, mucked ones included. A board run more than once
    splits each pot into one part per run, each awarded by its run's board (``run_parts``)."""
    hand._to_act = -1
    if pots is None:
        pots = hand.pots
    hand._pot_total = 0
    unit = hand.game.min_chip
    highs: dict[int, int | None] = {}
    lows: dict[int, int | None] = {}
    order: list[int] = []
    runs = hand._runs
    if showdown_seats:
        order = showdown_order(hand, showdown_seats)
        highs, lows = ranks if ranks is not None else hand_ranks(hand, showdown_seats)
    by_run = [(highs, lows)]
    if runs > 1:
        boards = hand.boards
        by_run = [hand_ranks(hand, order, boards[run]) if order else (highs, lows) for run in range(runs)]
    awards: list[Award] = []
    stacks = list(hand._stack)
    for index in range(len(pots) - 1, -1, -1):
        pot = pots[index]
        eligible = [j for j in range(hand._n) if hand._seats[j] in pot.eligible and not hand._mucked[j]]
        if not eligible:
            eligible = [j for j in range(hand._n) if hand._seats[j] in pot.eligible]
        parts = run_parts(pot.amount, runs, unit) if runs > 1 else [pot.amount]
        for run, part in enumerate(parts):
            run_highs, run_lows = by_run[run]
            share = pot if runs == 1 else Pot(part, pot.eligible)
            award = award_pot(hand, index, share, eligible, run_highs, run_lows, unit, run)
            for seat, chips in award.winners.items():
                stacks[hand._pos[seat]] += chips
            awards.append(award)
    hand._stack = stacks
    hand._over = True
    final = dict(zip(hand._seats, stacks))
    returned = {e.seat: e.amount for e in hand.events if e.kind == "return" and e.seat is not None and e.amount}
    hand._result = Result(
        awards=tuple(awards),
        returned=returned,
        stacks=final,
        net={s: final[s] - hand._start[i] for i, s in enumerate(hand._seats)},
        showdown_order=tuple(hand._seats[j] for j in order),
        shown={hand._seats[j]: tuple(hand._holes[j]) for j in order if not hand._mucked[j]},
    )
    for j in order:
        if not hand._shown[j] and not hand._mucked[j]:
            hole = hand._holes[j]
            shown = Event("show", hand._seats[j], cards=tuple(hole), street="showdown", seen_by=face_up(hole))
            hand.events.append(shown)
    for award in awards:
        note = award.reason if runs == 1 else f"{award.reason}, run {award.run + 1}"
        for seat, chips in award.winners.items():
            if chips or runs == 1:
                hand.events.append(Event("win", seat, chips, note=note))


def award_pot(
    hand: Hand,
    index: int,
    pot: Pot,
    eligible: list[int],
    highs: dict[int, int | None],
    lows: dict[int, int | None],
    unit: int,
    run: int = 0,
) -> Award:
    """Who wins pot ``index`` (or its part for ``run``) among the ``eligible`` seats (by index),
    and how many chips each takes: the high and low halves, ties split, odd chips in order."""
    seats = hand._seats
    if len(eligible) == 1:
        return Award(index, pot.amount, pot.eligible, {seats[eligible[0]]: pot.amount}, reason="uncontested", run=run)
    ranked_high = {j: highs.get(j) for j in eligible}
    ranked_low = {j: lows.get(j) for j in eligible}
    high_winners = best(ranked_high)
    low_winners = best(ranked_low)
    if not high_winners and not low_winners:
        high_winners = list(eligible)  # no hand can be read: the pot is shared
    if high_winners and sorted(high_winners) == sorted(low_winners):
        # The same hands tie for high and for low: the pot is split as evenly as possible, no
        # player taking both halves' odd units (RROP11 Ties item 5c; TDA_FORUM_19).
        high_amount, low_amount = pot.amount, 0
    elif high_winners and low_winners:
        high_amount, low_amount = halves(pot.amount, unit)
    elif high_winners:
        high_amount, low_amount = pot.amount, 0
    else:
        high_amount, low_amount = 0, pot.amount
    winners: dict[int, int] = {}
    for group, amount in ((high_winners, high_amount), (low_winners, low_amount)):
        if not group or not amount:
            continue
        ordered = odd_chip_order(hand, group, low=group is low_winners)
        for seat, chips in split(amount, ordered, unit).items():
            winners[seat] = winners.get(seat, 0) + chips
    reason = "split" if len(winners) > 1 else "best hand"
    variant = hand.variant
    return Award(
        index,
        pot.amount,
        pot.eligible,
        winners,
        tuple(seats[j] for j in sorted(high_winners)),
        tuple(seats[j] for j in sorted(low_winners)),
        reason,
        ranked_high[high_winners[0]] if high_winners else None,
        ranked_low[low_winners[0]] if low_winners else None,
        (variant.high, variant.low),
        run,
    )


def odd_chip_order(hand: Hand, group: list[int], *, low: bool) -> list[int]:
    """Tied winners in the order they take odd chips: clockwise from the button (TDA 2024
    R20-A), in stud by the high card by suit (R20-B; house option ``odd_chip_stud``)."""
    if not hand._stud:
        return [hand._seats[j] for j in sorted(group)]
    high_of, low_of = rankers(hand.variant)
    ranker = low_of if low else high_of
    board = [c for c in hand._board if c is not None]
    hands: dict[int, list[Card]] = {}
    for j in group:
        cards = [c for c in hand._holes[j] if c is not None] + board
        if hand.game.house.odd_chip_stud == "five_card_hand" and ranker is not None:
            cards = stud.best_five(cards, ranker, ace_low=low)
        hands[hand._seats[j]] = cards
    return stud.odd_chip_order(hands, ace_low=low)
