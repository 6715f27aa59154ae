"""The run-out step: when the rest of the board may be run more than once (``Hand.run_it``, a
cash-game and home-game custom, ``citations.RUN_IT``), how many times the deck allows, and when
the rabbit may be hunted. The functions read the cards dealt and the hand's facts they are given
and return a refusal (an ``IllegalAction`` for ``Hand`` to raise) or ``None``; ``Hand`` deals."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from pokerfloor import citations as cite
from pokerfloor.cards import Card, Deck
from pokerfloor.errors import IllegalAction
from pokerfloor.hand.types import Event
from pokerfloor.rules import Variant

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only the compiler reads the decorator; without mypy_extensions it does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


R_RUN_IT = cite.RUN_IT


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Runs:
    """How many times the board is run (``times``), whether that was settled (``chosen``: by
    ``run_it``, ``run_out`` or a double board dealt from the start) and the boards of the runs
    after the first (``boards``; a double board's second board likewise)."""

    def __init__(self, boards: int) -> None:
        self.chosen = boards > 1
        self.times = boards
        self.boards: list[list[Card | None]] = [[] for _ in range(boards - 1)]


def unseen(
    variant: Variant, holes: list[list[Card | None]], board: Sequence[Card | None], given: Sequence[Card | None]
) -> tuple[int, int]:
    """The cards still in the deck and the cards of the given board (``Hand(board=...)``) not dealt
    yet: together, the cards the rest of the board can be dealt from."""
    given_rest = max(len(given) - len(board), 0)
    deck = len(variant.cards)
    return deck - sum(len(h) for h in holes) - len(board) - given_rest, given_rest


def max_runs(
    variant: Variant, holes: list[list[Card | None]], board: Sequence[Card | None], given: Sequence[Card | None]
) -> int:
    """The most times the rest of the board can be run from the deck now (1 when it can be dealt
    only once, 0 when the board is complete or the game has none)."""
    if variant.family != "flop":
        return 0
    missing = sum(variant.board) - len(board)
    if missing <= 0:
        return 0
    left, given_rest = unseen(variant, holes, board, given)
    return (left + given_rest) // missing


def run_refusal(
    times: int,
    variant: Variant,
    holes: list[list[Card | None]],
    board: Sequence[Card | None],
    given: Sequence[Card | None],
    *,
    over: bool,
    boards: int,
    runs_chosen: int,
    board_complete: bool,
    betting_possible: bool,
) -> IllegalAction | None:
    """Why the board cannot be run ``times`` times now, or ``None``: it is run only when no more
    betting can happen, the board is not complete, no run was chosen yet (``runs_chosen``: the
    runs chosen, 0 for none) and the deck holds every run's cards."""
    if over:
        return IllegalAction("hand_over", "the hand is over")
    if variant.family != "flop":
        game = variant.title or variant.name
        return IllegalAction("cannot_run_it", f"{game} has no board to run more than once", R_RUN_IT)
    if boards > 1:
        return IllegalAction("cannot_run_it", "a double board is dealt once: each board is already a run", R_RUN_IT)
    if runs_chosen:
        return IllegalAction("cannot_run_it", f"the board is already run {runs_chosen} time(s)", R_RUN_IT)
    missing = sum(variant.board) - len(board)
    if board_complete or missing <= 0:
        return IllegalAction("cannot_run_it", "the board is complete: there is nothing left to run", R_RUN_IT)
    if betting_possible:
        return IllegalAction(
            "cannot_run_it",
            "the board is run more than once only when no more betting can happen (at most one player"
            " in the hand is not all-in and every bet is called)",
            R_RUN_IT,
        )
    left, given_rest = unseen(variant, holes, board, given)
    if missing * times - given_rest > left:
        why = f"the deck has {left} cards left: not enough to deal {missing} cards {times} times"
        return IllegalAction("cannot_run_it", why, R_RUN_IT)
    return None


def rabbit_refusal(variant: Variant, board: Sequence[Card | None], *, over: bool, manual: bool, runs: int) -> (
    IllegalAction | None
):
    """Why the rabbit cannot be hunted (the cards that would have completed the board), or ``None``:
    only after a hand dealt from a deck, with one board not complete."""
    if not over:
        return IllegalAction("no_rabbit_hunt", "rabbit hunting comes after the hand, which is not over")
    if variant.family != "flop":
        return IllegalAction("no_rabbit_hunt", f"{variant.title or variant.name} has no board")
    if manual:
        return IllegalAction("no_rabbit_hunt", "the hand was dealt by hand: there is no deck to hunt in")
    if runs > 1:
        return IllegalAction("no_rabbit_hunt", f"the board was run {runs} times: every run is complete")
    if sum(variant.board) - len(board) <= 0:
        return IllegalAction("no_rabbit_hunt", "the board is complete: there is no rabbit to hunt")
    return None


def choose(runs: Runs, times: int, board: list[Card | None], street: str) -> Event:
    """The board is run ``times`` times from here (``Hand.run_it``, ``Hand.run_out``): each later
    run starts from the cards dealt so far. Returns the event."""
    runs.chosen = True
    runs.times = times
    runs.boards = [list(board) for _ in range(times - 1)]
    note = "the board is run once" if times == 1 else f"the board is run {times} times"
    return Event("run_it", None, times, street=street, note=note)


def rabbit(
    variant: Variant, board: Sequence[Card | None], given: Sequence[Card | None], deck: Deck
) -> tuple[Card, ...]:
    """The cards that would have completed the board: the given board's next cards, then the next
    cards of a copy of ``deck`` in deal order (the hand's own deck deals nothing)."""
    missing = sum(variant.board) - len(board)
    rest = [c for c in given[len(board) : len(board) + missing] if c is not None]
    return (*rest, *copy.deepcopy(deck).deal(missing - len(rest)))
