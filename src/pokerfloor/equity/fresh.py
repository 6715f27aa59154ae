"""Hold'em asked afresh: ``calculate``'s sweep and its paths of fixed hands, without building a question.

A player studying a spot asks a new question each time: the same ranges on another board, or
another hand against the same range. ``calculate`` reads such a question into an ``EquitySpec``
(the ranges less the board's cards, each kept as a range of its own, the path chosen, the
arrays made), which costs as much as the counting on the turn and the river. ``answer`` takes a
shorter way for the commonest questions of hold'em with no dead cards:

- heads-up on a board, two ranges (not both one hand) whose path by ``choose`` is the sweep
  (``_headsup``): the ranges are read whole (each parsed range keeps its arrays in
  ``Range.memo``), the board is read by a table of the cards' names, and the kernels leave out
  the hands the board holds themselves (``kept.sweep_whole``, ``kernels.hand_against_range``);
- one hand a player, three to nine players on any street or two on a board (``_fixed``), whose
  path is ``fixed`` or ``boards``: the hands go straight into ``kernels.fixed_hands`` (by the
  ranks dealt), or ``kernels.boards_first`` where ``choose`` takes the boards' path or the
  ranks cannot settle it (a flush made with no card to come), as ``calculate`` then does.

The path is still ``choose``'s, looked up by the question's shape (``calculate.shape_key``) in
the paths chosen lately (the first question of a shape is read the long way to choose it); the
counts are the path's, so the answer is the one ``calculate``'s own path gives, to the last bit
(``tests/equity/test_fresh.py``).

Anything else (dead cards, another game, heads-up before the flop, ranges of three players, a
range made by ``Range.without``, a question that is wrong) goes the long way, which also raises
the errors: ``answer`` returns None and never raises. ``ask.calculate`` asks here first; this
module imports ``calculate`` and is imported by neither it nor anything below it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from pokerfloor.cards import Card, format_cards
from pokerfloor.equity import kernels
from pokerfloor.equity.calculate import (
    _CHOICES,
    MAX_PLAYERS,
    Equity,
    EquitySpec,
    Tally,
    _holdem_arrays,
    _lists_tally_of,
    _outcome_rows,
    _same_hands,
    _sweep_setup,
    _sweep_sums,
    _weighted,
    choose,
    make_equity,
    packed_tables,
    shape_key,
)
from pokerfloor.equity.kept import sweep_whole
from pokerfloor.equity.ranges import Range, RangeError, parse_range
from pokerfloor.errors import InvalidArgument

CARDS: dict[str, Card] = {format_cards([Card(c)]): Card(c) for c in range(52)}
"""Each card by its name as ``format_cards`` writes it (``"Ah"``): a board written so is read by
looking its names up; any other writing goes the long way (``parse_cards``)."""

_SAME: dict[tuple[int, int], tuple[Range, Range, Any]] = {}
"""For the pairs of whole ranges asked of lately (by identity): ``calculate._same_hands``."""

_GROUPS: dict[tuple[Any, ...], int] = {}
"""For the shapes of two ranges asked of lately: how ``kernels.sweep_headsup`` counts the boards
with no flush (``calculate._headsup_grouping``, as the question's own ranges gave it)."""

KEPT = 256
"""How many of each of the above are kept."""

HOLDEM = frozenset({2})
"""The ``Range.sizes`` of a hold'em range."""


def read_whole(asked: str | Range) -> Range | None:
    """The range asked of as read whole, or None (random, or made by ``Range.without``: the long
    way reads those)."""
    if type(asked) is str:
        try:
            given = parse_range(asked)
        except RangeError:
            return None
    elif type(asked) is Range:
        given = asked
    else:
        return None
    if given.random or "from" in given.memo or not len(given) or given.sizes != HOLDEM:
        return None
    return given


def _board(text: object) -> tuple[list[Card], int] | None:
    """The board's cards and their bit mask (none for an empty text), or None."""
    if type(text) is not str or len(text) > 10 or len(text) % 2:
        return None
    cards = []
    mask = 0
    for i in range(0, len(text), 2):
        card = CARDS.get(text[i : i + 2])
        if card is None:
            return None
        cards.append(card)
        mask |= 1 << card
    if mask.bit_count() != len(cards):
        return None
    return cards, mask


def _left(given: Range, cards: list[Card]) -> int:
    """How many hands of ``given`` hold none of ``cards``: its hands, less those holding each card,
    plus those holding two of them (counted twice), from what the range keeps (``_card_counts``)."""
    per_card, pairs = _card_counts(given)
    left = len(given)
    for i, a in enumerate(cards):
        left -= per_card[a]
        for b in cards[i + 1 :]:
            if (1 << a | 1 << b) in pairs:
                left += 1
    return left


def _left_of(given: Range, cards: list[Card]) -> int:
    """``_left``, for a range of one hand without the counts: 1 unless the board holds a card of it."""
    if len(given) != 1:
        return _left(given, cards)
    a, b = given.hands[0][0]
    return 0 if a in cards or b in cards else 1


def _at_least(given: Range, cards: list[Card]) -> int:
    """At least how many hands of ``given`` hold none of ``cards`` (``_left`` less its pairs)."""
    per_card = _card_counts(given)[0]
    return len(given) - sum([per_card[c] for c in cards])


def _card_counts(given: Range) -> tuple[list[int], frozenset[int]]:
    """How many of the range's hands hold each card, and its hands as bit masks; kept with it."""
    found: tuple[list[int], frozenset[int]] | None = given.memo.get("fresh")  # type: ignore[assignment]
    if found is None:
        per_card = [0] * 52
        for cards, _ in given.hands:
            for c in cards:
                per_card[c] += 1
        found = given.memo["fresh"] = (per_card, frozenset(given.bits))
    return found


def answer(ranges: Sequence[str | Range], board: object, dead: object, game: str, exact: bool | None,
           precision: float) -> Equity | None:
    """``calculate(ranges, board=board, dead=dead, game=game, exact=exact, precision=precision)``
    where it is hold'em with no dead cards, and either heads-up on a board, two listed ranges
    (not both one hand) whose path by ``choose`` is the sweep (``_headsup``), or one hand a player,
    three to nine players on any street or two on a board, whose path is ``fixed``
    (``_fixed``); None for any other question (``calculate`` answers it)."""
    if game != "holdem" or exact is False or dead not in ((), "") or not precision > 0:
        return None
    read = _board(board)
    if read is None:
        return None
    players = len(ranges)
    if players < 2 or players > MAX_PLAYERS:
        return None
    whole = []
    for asked in ranges:
        given = read_whole(asked)
        if given is None:
            return None
        whole.append(given)
    if all(len(given) == 1 for given in whole):
        if players == 2 and not read[0]:
            return None  # heads-up before the flop: the pre-flop table's
        return _fixed(whole, read, board, precision, exact)  # type: ignore[arg-type]
    if players != 2 or not read[0]:
        return None
    return _headsup(ranges, whole[0], whole[1], read, board, precision, exact)  # type: ignore[arg-type]


def _headsup(ranges: Sequence[str | Range], first: Range, second: Range, read: tuple[list[Card], int], board: str,
             precision: float, exact: bool | None) -> Equity | None:
    """Two listed ranges, not both one hand, on a board: the sweep's answer, or None."""
    found = headsup_lists(ranges, first, second, read, board, precision, exact)
    if found is None:
        return None
    groups, rows, counts, left = found
    return sweep_answer(first, second, board, groups, rows, counts, left, None)


def sweep_answer(first: Range, second: Range, board: str, groups: list[float], rows: list[int], counts: list[int],
                 left: tuple[int, int], tally: Tally | None) -> Equity:
    """The sweep's answer from ``headsup_lists`` (its tally, ``calculate._lists_tally_of`` of the
    lists, if made already): as ``calculate.result`` makes it."""
    players = ((first.text, left[0]), (second.text, left[1]))
    if len(groups) == 1:
        weight, n = groups[0], counts[0]
        sums, total = [weight * float(v) for v in rows], weight * float(n)
    else:
        if tally is None:
            tally = _lists_tally_of(2, groups, rows, counts)
        sums, total = _weighted(tally)
        n = tally.showdowns
    return make_equity("holdem", board, "", players, sums, total, n, exact=True, table=False,
                       method="sweep")


def headsup_lists(ranges: Sequence[str | Range], first: Range, second: Range, read: tuple[list[Card], int],
                  board: str, precision: float,
                  exact: bool | None) -> tuple[list[float], list[int], list[int], tuple[int, int]] | None:
    """``_headsup`` before its answer is made: ``calculate._sweep_lists``'s lists (the weight
    groups, each group's tally columns, each group's showdowns) and the hands each range keeps on
    the board; None where the path is not the sweep (or the question is not one the sweep of
    whole ranges counts). ``by_board`` asks it once a board."""
    cards, mask = read
    missing = 5 - len(cards)
    sizes = (len(first), len(second))
    if min(sizes) > 1:
        arrays = (_holdem_arrays(first), _holdem_arrays(second))
        if arrays[0][4] == arrays[1][4] and min(_at_least(first, cards), _at_least(second, cards)) >= 2:
            order = (0, 1)  # the order of the two matters not, and neither range is left one hand or none
        else:
            left = (_left(first, cards), _left(second, cards))
            if min(left) < 2:
                return None  # a range the board empties or leaves one hand of (that one hand is swept)
            order = (0, 1) if left[0] <= left[1] else (1, 0)  # ``sorted(ranges, key=len)``, as ``_shape``
        classes = (arrays[order[0]][4], arrays[order[1]][4])
        shape = shape_key("holdem", cards, (), sizes, (False, False), (), classes)
        path = _CHOICES.get((shape, precision, exact))
        if path is None:
            path = _choose_once(ranges, board, precision, exact)
        if path != "sweep":
            return None
    else:
        sweeps = hand_sweeps(ranges, first, second, cards, board, precision, exact)
        if sweeps is None:
            return None
        left = sweeps
    small, big, suits, at, _ = packed_tables()
    board_cards = np.array([*cards, *[0] * missing], dtype=np.uint8)
    if min(sizes) > 1:
        group = _group(shape, ranges, board) if missing in (1, 2) else 0
        if group is None:
            return None
        hands0, weights0, classes0, ranks0 = arrays[0][:4]
        hands1, weights1, classes1, ranks1 = arrays[1][:4]
        out = np.zeros((len(weights0), len(weights1), 4), dtype=np.int64)
        kept = np.zeros(2, dtype=np.int64)
        sweep_whole(hands0, classes0, ranks0, hands1, classes1, ranks1, _same(first, second), board_cards, mask,
                    missing, group, small, big, suits, at, out, kept)
        left = (int(kept[0]), int(kept[1]))
        swapped = False
    else:
        swapped = sizes[0] > 1
        hand, whole = (second, first) if swapped else (first, second)
        hands0, weights0 = _holdem_arrays(hand)[:2]
        hands1, weights1, classes1, ranks1 = _holdem_arrays(whole)[:4]
        held = mask | hand.bits[0]
        out = np.zeros((1, len(weights1), 4), dtype=np.int64)
        kernels.hand_against_range(hands0[0], hands1, classes1, ranks1, board_cards, held, missing, small, big, suits,
                                   at, out[0])
    found = _sweep_sums(out, swapped, weights0, weights1)
    if found is None:
        return None
    groups, rows, counts = found
    return groups, rows, counts, left


def hand_sweeps(ranges: Sequence[str | Range], first: Range, second: Range, cards: list[Card], board: str,
                precision: float, exact: bool | None) -> tuple[int, int] | None:
    """For a hand against a range (either first) on ``cards``: the hands each keeps on the board
    where ``choose`` takes the sweep for the question's shape, else None (a range the board
    empties or leaves one hand of, two single hands, another path)."""
    sizes = (len(first), len(second))
    left = (_left_of(first, cards), _left_of(second, cards))
    if min(left) < 1 or max(left) < 2 or (sizes[0] > 1 and left[0] == 1) or (sizes[1] > 1 and left[1] == 1):
        return None  # a range the board empties, two single hands, a range the board leaves one hand of
    single = first if sizes[0] == 1 else second
    shape = shape_key("holdem", cards, (), sizes, (False, False), (single.hands[0][0],), ())
    path = _CHOICES.get((shape, precision, exact))
    if path is None:
        path = _choose_once(ranges, board, precision, exact)
    return left if path == "sweep" else None


def _fixed(hands: list[Range], read: tuple[list[Card], int], board: str, precision: float,
           exact: bool | None) -> Equity | None:
    """One hand a player, on any street (two players only on a board): ``fixed_tally``'s answer
    where ``choose`` takes the ``fixed`` path for the question's shape, ``boards_tally``'s where it
    takes the ``boards`` path (or ``fixed_tally`` has none: a flush made with no card to come);
    None where it takes another."""
    cards, mask = read
    holes = [given.hands[0][0] for given in hands]
    held = mask
    for a, b in holes:
        held |= 1 << a | 1 << b
    if held.bit_count() != len(cards) + 2 * len(holes):
        return None  # two players hold a card, or one a card of the board: the long way says so
    players = len(hands)
    classes = (1, 1) if players == 3 else ()  # the sweep of a hand against two (single-hand) ranges
    shape = shape_key("holdem", cards, (), (1,) * players, (False,) * players, holes, classes)
    path = _CHOICES.get((shape, precision, exact))
    if path is None:
        path = _choose_once(hands, board, precision, exact)
    if path != "fixed" and path != "boards":
        return None
    small, big, suits, at, choose_table = packed_tables()
    missing = 5 - len(cards)
    board_cards = np.array([*cards, *[0] * missing], dtype=np.uint8)
    showdowns = -1
    if path == "fixed":
        outcomes = np.zeros((players, players + 1), dtype=np.int64)
        showdowns = int(kernels.fixed_hands(np.array(holes, dtype=np.int64), board_cards, held, missing,
                                            choose_table, small, big, suits, at, outcomes))
    if showdowns >= 0:
        rows = _outcome_rows(outcomes.tolist())
    else:  # the boards' path, or a player's flush needs no card to come: ``calculate`` then counts by ``boards_tally``
        tally = np.zeros((1, players, kernels.COLUMNS), dtype=np.int64)
        counts = np.zeros(1, dtype=np.int64)
        one = np.zeros(1, dtype=np.int64)
        kernels.boards_first(np.array(holes, dtype=np.uint8).reshape(players, 1, 2), np.ones(players, dtype=np.int64),
                             np.zeros((1, players), dtype=np.int64), one, np.zeros((players, 1), dtype=np.int64),
                             board_cards, held, missing, False, False, small, big, suits, at, tally, counts)
        rows, showdowns, path = tally[0].ravel().tolist(), int(counts[0]), "boards"
    weight = math.prod(given.hands[0][1] for given in hands)
    return make_equity("holdem", board, "", [(given.text, 1) for given in hands], [weight * float(v) for v in rows],
                       weight * float(showdowns), showdowns, exact=True, table=False, method=path)


def _same(first: Range, second: Range) -> Any:
    """``calculate._same_hands`` of two whole ranges, kept for the pairs asked of lately."""
    key = (id(first), id(second))
    found = _SAME.get(key)
    if found is not None and found[0] is first and found[1] is second:
        return found[2]
    same = _same_hands(_holdem_arrays(first)[0], _holdem_arrays(second)[0])
    if len(_SAME) >= KEPT:
        _SAME.clear()
    _SAME[key] = (first, second, same)  # the ranges held: their ids stay theirs
    return same


def _choose_once(ranges: Sequence[str | Range], board: object, precision: float, exact: bool | None) -> str | None:
    """The path ``choose`` takes for the question (and for every question of its shape after it:
    ``choose`` keeps it by shape), the question read the long way; None if it is wrong."""
    try:
        return choose(EquitySpec.make(ranges, board=board), precision, exact)  # type: ignore[arg-type]
    except (RangeError, InvalidArgument):
        return None


def _group(shape: tuple[Any, ...], ranges: Sequence[str | Range], board: object) -> int | None:
    """How the sweep of two ranges counts the boards with no flush for questions of ``shape``:
    as ``calculate`` chose it for the first such question asked here."""
    found = _GROUPS.get(shape)
    if found is None:
        try:
            spec = EquitySpec.make(ranges, board=board)  # type: ignore[arg-type]
            found = int(_sweep_setup(spec)[1][10])
        except (RangeError, InvalidArgument):
            return None
        if len(_GROUPS) >= KEPT:
            _GROUPS.clear()
        _GROUPS[shape] = found
    return found


def forget() -> None:
    """Empty what is kept here (``calculate.forget``)."""
    _SAME.clear()
    _GROUPS.clear()
