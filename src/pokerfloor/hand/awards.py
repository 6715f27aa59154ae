"""The showdown step of a hand: which hands are tabled or mucked, in which order, and who wins
each pot with how many chips (TDA 2024 R16-R21; RROP11 Ties). The functions take the state they
read and return their decisions; ``Hand`` writes them into its state and its events. Seats are
given by index, in the order of action after the flop (``Hand.seats``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pokerfloor.cards import Card
from pokerfloor.hand import showdown, stud
from pokerfloor.hand.betting import Chips
from pokerfloor.hand.pots import Layer
from pokerfloor.hand.types import Event, face_up
from pokerfloor.rules import Variant

_new: Final = tuple.__new__
"""Builds an ``Event`` with one C call, its eight fields in order (state.py does the same)."""

Ranks = dict[int, int | None]
"""The rank of each seat's hand (by index) for one half of the pot, ``None``: no hand."""

AwardFields = tuple[
    int, int, frozenset[int], dict[int, int], tuple[int, ...], tuple[int, ...], str, int | None, int | None,
    tuple[str, str], int,
]
"""An ``Award``'s fields, in order: how one pot was won, kept so until the result is read."""

Outcome = tuple[
    list[AwardFields],
    dict[int, int],
    dict[int, int],
    dict[int, int],
    tuple[int, ...],
    dict[int, tuple[Card | None, ...]],
]
"""A ``Result``'s fields, in order, its awards as ``AwardFields``: the end of a hand until its
``result`` is read. The frozen dataclasses cost more to build than the rest of awarding the pots,
and a training environment never reads them (it takes its rewards from the stacks)."""

_UNRANKED = ("high", "none")
"""``Award.ranked_by`` of a pot won uncontested (the field's default)."""


def hand_ranks(variant: Variant, holes: list[list[Card | None]], seats: list[int], board: Sequence[Card | None]) -> (
    tuple[Ranks, Ranks]
):
    """The high and low ranks of the seats' hands (by index) on ``board``; ``None`` for no hand
    or an unknown one."""
    high_of, low_of = showdown.rankers(variant)
    known = [c for c in board if c is not None]
    highs: Ranks = {}
    lows: Ranks = {}
    for j in seats:
        hole = holes[j]
        if None in hole:
            highs[j] = lows[j] = None
            continue
        cards: list[int] = [c for c in hole if c is not None]
        highs[j] = high_of(cards, known) if high_of else None
        lows[j] = low_of(cards, known) if low_of else None
    return highs, lows


def showdown_order(n: int, aggressor: int, first: int, contenders: list[int]) -> list[int]:
    """Last aggressor of the final round first, else the first seat left of the button
    (TDA 2024 R17-A), then clockwise."""
    start = aggressor if aggressor in contenders else first
    return [j for j in [(start + k) % n for k in range(n)] if j in contenders]


def can_still_win(j: int, shown: list[int], pots: list[Layer], ranks: tuple[Ranks, Ranks], seats: list[int]) -> bool:
    """Whether seat ``j``'s hand ties or beats, for a half of some pot it is in, every hand
    shown so far that is in that pot."""
    seat = seats[j]
    for _amount, eligible in pots:
        if seat not in eligible:
            continue
        rivals = [k for k in shown if seats[k] in eligible]
        for half in ranks:
            mine = half.get(j)
            if mine is None:
                continue
            shown_ranks = [r for r in (half.get(k) for k in rivals) if r is not None]
            if not shown_ranks or mine >= max(shown_ranks):
                return True
        if not rivals:
            return True
    return False


def tabling(
    order: list[int],
    shown: list[bool],
    tabled: bool,
    auto_muck: bool,
    pots: list[Layer],
    boards: list[tuple[Ranks, Ranks]],
    seats: list[int],
) -> tuple[list[tuple[int, bool]], int]:
    """The hands tabled in showdown ``order``: every hand when a player is all-in (``tabled``,
    TDA 2024 R16), else the hands that can still win (R17-A; on any board of a double board); a
    hand that can no longer win is mucked under ``auto_muck``, else its seat is asked (R18).
    Returns each seat's decision in order, ``(j, shows)``, and the seat asked now (-1: none)."""
    decisions: list[tuple[int, bool]] = []
    shown_now: list[int] = []
    for j in order:
        if shown[j]:
            shown_now.append(j)
            continue
        if tabled or any(can_still_win(j, shown_now, pots, ranks, seats) for ranks in boards):
            decisions.append((j, True))
            shown_now.append(j)
        elif auto_muck:
            decisions.append((j, False))
        else:
            return decisions, j
    return decisions, -1


def odd_chip_order(
    group: list[int], seats: list[int], *, low: bool, variant: Variant, five_card: bool,
    holes: list[list[Card | None]] | None, board: Sequence[Card | None],
) -> list[int]:
    """Tied winners (by index) as seats, in the order they take odd chips: clockwise from the
    button (TDA 2024 R20-A), in stud (``holes`` given) by the high card by suit (R20-B; house
    option ``odd_chip_stud``: ``five_card`` by the best five cards)."""
    if holes is None:
        return [seats[j] for j in sorted(group)]
    high_of, low_of = showdown.rankers(variant)
    ranker = low_of if low else high_of
    known = [c for c in board if c is not None]
    hands: dict[int, list[Card]] = {}
    for j in group:
        cards = [c for c in holes[j] if c is not None] + known
        if five_card and ranker is not None:
            cards = stud.best_five(cards, ranker, ace_low=low)
        hands[seats[j]] = cards
    return stud.odd_chip_order(hands, ace_low=low)


def award_pot(
    index: int,
    pot: Layer,
    eligible: list[int],
    ranks: tuple[Ranks, Ranks],
    unit: int,
    run: int,
    contested: bool,
    seats: list[int],
    variant: Variant,
    odd: tuple[bool, list[list[Card | None]] | None, Sequence[Card | None]],
) -> AwardFields:
    """Who wins pot ``index`` (or its part for ``run``) among the ``eligible`` seats (by index),
    and how many chips each takes: the high and low halves, ties split, odd chips in order
    (``odd``: ``odd_chip_order``'s ``five_card``, ``holes`` and ``board``). A pot left to one
    seat is ``uncontested`` unless it was ``contested`` at the showdown."""
    highs, lows = ranks
    amount, in_pot = pot
    if len(eligible) == 1 and not contested:
        winner = {seats[eligible[0]]: amount}
        return (index, amount, in_pot, winner, (), (), "uncontested", None, None, _UNRANKED, run)
    ranked_high = {j: highs.get(j) for j in eligible}
    ranked_low = {j: lows.get(j) for j in eligible}
    high_winners = showdown.best(ranked_high)
    low_winners = showdown.best(ranked_low)
    if not high_winners and not low_winners:
        high_winners = list(eligible)  # no hand can be read: the pot is shared
    if high_winners and sorted(high_winners) == sorted(low_winners):
        # The same hands tie for high and for low: the pot is split as evenly as possible, no
        # player taking both halves' odd units (RROP11 Ties item 5c; TDA_FORUM_19).
        high_amount, low_amount = amount, 0
    elif high_winners and low_winners:
        high_amount, low_amount = showdown.halves(amount, unit)
    elif high_winners:
        high_amount, low_amount = amount, 0
    else:
        high_amount, low_amount = 0, amount
    winners: dict[int, int] = {}
    five_card, holes, board = odd
    for group, half in ((high_winners, high_amount), (low_winners, low_amount)):
        if not group or not half:
            continue
        ordered = odd_chip_order(
            group, seats, low=group is low_winners, variant=variant, five_card=five_card, holes=holes, board=board
        )
        for seat, chips in showdown.split(half, ordered, unit).items():
            winners[seat] = winners.get(seat, 0) + chips
    reason = "split" if len(winners) > 1 else "best hand"
    return (
        index,
        amount,
        in_pot,
        winners,
        tuple([seats[j] for j in sorted(high_winners)]),
        tuple([seats[j] for j in sorted(low_winners)]),
        reason,
        ranked_high[high_winners[0]] if high_winners else None,
        ranked_low[low_winners[0]] if low_winners else None,
        (variant.high, variant.low),
        run,
    )


def award_pots(
    pots: list[Layer],
    order: list[int],
    by_run: list[tuple[Ranks, Ranks]],
    mucked: list[bool],
    seats: list[int],
    unit: int,
    variant: Variant,
    odd: tuple[bool, list[list[Card | None]] | None, Sequence[Card | None]],
) -> tuple[list[AwardFields], list[int]]:
    """Every pot awarded, from the last side pot to the main pot, each split into one part per
    run (``by_run``: the ranks on each run's board; ``showdown.run_parts``), and the chips each
    seat (by index) wins. ``order`` holds the seats that reached the showdown."""
    runs = len(by_run)
    n = len(seats)
    awards: list[AwardFields] = []
    won = [0] * n
    for index in range(len(pots) - 1, -1, -1):
        amount, in_pot = pots[index]
        eligible = [j for j in range(n) if seats[j] in in_pot and not mucked[j]]
        if not eligible:
            eligible = [j for j in range(n) if seats[j] in in_pot]
        # A pot two or more of its players took to the showdown is won at the showdown, named
        # by the hand shown, however the others gave up their cards (TDA 2024 Rule 17).
        contested = len([j for j in order if seats[j] in in_pot]) >= 2
        parts = showdown.run_parts(amount, runs, unit) if runs > 1 else [amount]
        for run, part in enumerate(parts):
            award = award_pot(index, (part, in_pot), eligible, by_run[run], unit, run, contested, seats, variant, odd)
            for seat, chips in award[3].items():  # AwardFields: pot, amount, eligible, winners, ...
                won[seats.index(seat)] += chips
            awards.append(award)
    return awards, won


def closing_events(
    won: list[AwardFields], order: list[int], holes: list[list[Card | None]], shown: list[bool], mucked: list[bool],
    seats: list[int], runs: int, double_board: bool,
) -> list[Event]:
    """The last events of a hand: the hands in the showdown ``order`` not shown or mucked yet,
    shown, then each winner of each pot (of each run's part of it, when the board was run more
    than once, a part of no chips left out)."""
    events = [
        _new(Event, ("show", seats[j], None, tuple(holes[j]), "showdown", "", face_up(holes[j]), None))
        for j in order if not shown[j] and not mucked[j]
    ]
    run_word = "board" if double_board else "run"
    for _pot, _amount, _eligible, winners, _high, _low, reason, _high_rank, _low_rank, _by, run in won:
        note = reason if runs == 1 else f"{reason}, {run_word} {run + 1}"
        for seat, chips in winners.items():
            if chips or runs == 1:
                events.append(_new(Event, ("win", seat, chips, (), "", note, (), None)))
    return events


def tabled_events(
    decisions: list[tuple[int, bool]], holes: list[list[Card | None]], shown: list[bool], mucked: list[bool],
    seats: list[int],
) -> list[Event]:
    """The hands tabled and mucked at the showdown by ``tabling``'s decisions, each marked shown or
    mucked, and their events."""
    events: list[Event] = []
    for j, shows in decisions:
        if shows:
            hole = holes[j]
            shown[j] = True
            events.append(_new(Event, ("show", seats[j], None, tuple(hole), "showdown", "", face_up(hole), None)))
        else:
            mucked[j] = True
            events.append(_new(Event, ("muck", seats[j], None, (), "showdown", "can no longer win", (), None)))
    return events


def finish(
    variant: Variant,
    holes: list[list[Card | None]],
    board: list[Card | None],
    other_boards: list[list[Card | None]],
    showdown_seats: list[int] | None,
    order: list[int],
    ranks: tuple[Ranks, Ranks] | None,
    pots: list[Layer],
    chips: Chips,
    events: list[Event],
    marks: tuple[list[bool], list[bool]],
    seats: list[int],
    unit: int,
    odd_chip: tuple[bool, bool],
    double_board: bool,
) -> tuple[Outcome, list[Event]]:
    """The end of a hand: the hands shown down in showdown ``order`` ranked (``ranks`` when the
    showdown ranked them already) on each run's board, every pot awarded from the last side pot to
    the main pot and paid into the stacks (``chips``). A board run more than once splits each pot
    into one part per run, each awarded by its run's board (``showdown.run_parts``). Returns the
    outcome (``Outcome``; ``events`` so far give the chips returned) and the closing events.
    ``marks`` are the seats' shown and mucked flags; ``odd_chip`` whether stud's odd chip goes by
    the best five cards, and whether the game is stud."""
    shown, mucked = marks
    runs = len(other_boards) + 1
    by_run: list[tuple[Ranks, Ranks]] = [({}, {})]
    if showdown_seats:
        by_run = [ranks if ranks is not None else hand_ranks(variant, holes, showdown_seats, board)]
    if runs > 1:
        boards = [board, *other_boards]
        by_run = [hand_ranks(variant, holes, order, boards[run]) if order else by_run[0] for run in range(runs)]
    five_card, stud_game = odd_chip
    odd = (five_card, holes if stud_game else None, board)
    won_awards, won = award_pots(pots, order, by_run, mucked, seats, unit, variant, odd)
    chips.pay_out(won)
    final = dict(zip(seats, chips.stack))
    returned = {e.seat: e.amount for e in events if e.kind == "return" and e.seat is not None and e.amount}
    outcome = (
        won_awards,
        returned,
        final,
        {s: final[s] - chips.start[i] for i, s in enumerate(seats)},
        tuple([seats[j] for j in order]),
        {seats[j]: tuple(holes[j]) for j in order if not mucked[j]},
    )
    return outcome, closing_events(won_awards, order, holes, shown, mucked, seats, runs, double_board)


WAIT: Final = -2
"""``settle``'s answer while a replay still owes a show or a muck."""
DONE: Final = -1
"""``settle``'s answer when the hand is ready to end (``finish``)."""


def settle(
    variant: Variant,
    holes: list[list[Card | None]],
    board: list[Card | None],
    other_boards: list[list[Card | None]],
    folded: list[bool],
    marks: tuple[list[bool], list[bool]],
    stacks: list[int],
    pots: list[Layer],
    how: tuple[bool, bool, bool],
    seats: list[int],
    aggressor: int,
    first: int,
) -> tuple[list[Event], int, list[int] | None, tuple[Ranks, Ranks] | None]:
    """The showdown, once the last betting round is over. A replay (``how``: manual dealing, hands
    face up, ``auto_muck``) first waits for every unknown hand to be shown or mucked (``WAIT``); a
    dealt hand tables its hands in showdown order (``tabling``) and asks the first seat whose hand
    can no longer win whether it shows or mucks. Returns the events, the seat asked (or ``WAIT``,
    or ``DONE``: the pots are awarded now), the seats that reached the showdown (``None``: the
    pot was folded to the last hand) and the ranks on the first board."""
    shown, mucked = marks
    manual, exposed, auto_muck = how
    contenders = [j for j in range(len(seats)) if not folded[j] and not mucked[j]]
    if manual and any(None in holes[j] and not shown[j] for j in contenders):
        return [], WAIT, None, None
    reached = [j for j in range(len(seats)) if not folded[j]]
    if len(contenders) <= 1:
        # One hand left because the others mucked at the showdown: a showdown win (TDA 2024
        # Rule 17), unlike a pot everyone else folded to.
        return [], DONE, reached if contenders and len(reached) > 1 else None, None
    ranks = hand_ranks(variant, holes, contenders, board)
    events: list[Event] = []
    if not manual:
        boards = [ranks] + [hand_ranks(variant, holes, contenders, b) for b in other_boards]
        tabled = exposed or any(stacks[j] == 0 for j in contenders)
        order = showdown_order(len(seats), aggressor, first, contenders)
        decisions, asked = tabling(order, shown, tabled, auto_muck, pots, boards, seats)
        events = tabled_events(decisions, holes, shown, mucked, seats)
        if asked >= 0:
            return events, asked, None, None
    return events, DONE, reached, ranks
