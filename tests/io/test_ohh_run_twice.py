"""A hand whose board is run more than once (``Hand.run_it``) in OHH and PHH (issue 35's
leftover): OHH deals one board, so the rounds deal the first run and pokerfloor's documented
extension field ``pokerfloor_boards`` every run's board (docs/hand-api.md, "Run it twice");
PHH has the user fields ``_runs`` and ``_boards``. ``read_ohh`` and ``replay`` run the board
that many times, so the hand replays exactly: each pot is split between the runs, each part
awarded by its run's board (``citations.RUN_IT``, Apollonia Casino's "Run it twice")."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

import pokerfloor as pf
from pokerfloor.io import ohh, phh
from pokerfloor.io.export import history_of
from pokerfloor.io.replay import ReplayError, replay
from pokerfloor.io.sitehand import HistoryImportError
from pokerfloor.io.verify import verify_history

VIEWS: list[dict[str, Any]] = [{"full": True}, {"seat": None, "full": False}, {"seat": 1, "full": False}]
GAMES = [pf.Game(variant="holdem", structure="no_limit", small_blind=5, big_blind=10),
         pf.Game(variant="omaha", structure="pot_limit", small_blind=5, big_blind=10),
         pf.Game(variant="short_deck", structure="no_limit", small_blind=5, big_blind=10),
         pf.Game(variant="omaha_hilo", structure="fixed_limit", small_blind=5, big_blind=10)]


def _run_twice(game: pf.Game, seed: int) -> pf.Hand:
    """A seeded hand played to a run-out (random all-ins, calls and folds) and run 2 or 3 times."""
    pick = random.Random(seed)
    hand = pf.Hand(game, stacks={1: 300, 2: 120, 4: 500}, button=4, rng=random.Random(seed + 99),
                   wait_for_runout=True)
    while not hand.is_over and not hand.awaiting_runout:
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        span = legal.raise_ or legal.bet
        if span is not None and pick.random() < 0.5:
            hand.act(seat, "raise" if legal.raise_ else "bet", to=span.max_to)
        elif legal.call is not None:
            hand.act(seat, "call")
        elif legal.check:
            hand.act(seat, "check")
        else:
            hand.act(seat, "fold")
    if hand.awaiting_runout:
        hand.run_it(pick.randint(2, min(3, hand.max_runs)))
    while not hand.is_over:   # a show or muck the showdown may still ask for
        seat = hand.to_act
        assert seat is not None
        hand.act(seat, "show" if hand.legal().show else "muck")
    return hand


def _hands() -> list[pf.Hand]:
    hands = []
    for game in GAMES:
        seed = 0
        while sum(h.game is game for h in hands) < 4:
            hand = _run_twice(game, seed)
            seed += 1
            if hand.runs > 1:
                hands.append(hand)
    return hands


HANDS = _hands()


def _split(hand: pf.Hand) -> bool:
    """Whether the runs' boards gave some pot to different players."""
    winners = {a.run: frozenset(a.winners) for a in hand.result.awards if a.pot == 0}
    return len(set(winners.values())) > 1


def test_the_hands_include_runs_that_split_the_pot() -> None:
    """Otherwise a reader that ignored every later run would still match."""
    assert sum(_split(hand) for hand in HANDS) >= 3
    assert {hand.runs for hand in HANDS} == {2, 3}


@pytest.mark.parametrize("index", range(len(HANDS)))
def test_a_hand_run_more_than_once_reads_back_from_ohh_and_replays_exactly(index: int) -> None:
    hand = HANDS[index]
    for view in VIEWS:
        data = json.loads(ohh.dumps(ohh.to_ohh(hand, **view)))
        assert data["ohh"][ohh.BOARDS_FIELD] == [[str(c) for c in board] for board in hand.boards]
        assert len(data["ohh"]["pots"]) == len(hand.result.awards)
        history = ohh.read_ohh(data, "engine")
        verdict = verify_history(history)
        assert verdict.status == "matched", (index, view, verdict.detail, phh.dumps(history))
        state = replay(history)
        assert state.hand.boards == hand.boards
        assert state.hand.result is not None
        assert [(a.run, a.pot, a.winners) for a in state.hand.result.awards] == \
            [(a.run, a.pot, a.winners) for a in hand.result.awards]


@pytest.mark.parametrize("index", range(len(HANDS)))
def test_a_hand_run_more_than_once_replays_exactly_from_its_phh(index: int) -> None:
    hand = HANDS[index]
    (history,) = phh.loads(phh.dumps(history_of(hand)))
    assert verify_history(history).status == "matched"
    assert replay(history).hand.boards == hand.boards


def test_a_board_dealt_once_has_no_boards_field() -> None:
    game = GAMES[0]
    once = pf.Hand(game, stacks={1: 100, 2: 100}, button=2, seed=1)
    once.act(2, "all_in")
    once.act(1, "call")
    assert ohh.BOARDS_FIELD not in ohh.to_ohh(once)["ohh"]


def test_a_boards_field_that_is_not_a_list_of_boards_is_refused() -> None:
    hand = next(h for h in HANDS if _split(h))
    data = ohh.to_ohh(hand)
    for bad in ("5sKc2h", [3, 4], {"a": 1}):
        spoiled = json.loads(json.dumps(data))
        spoiled["ohh"][ohh.BOARDS_FIELD] = bad
        with pytest.raises(HistoryImportError):
            ohh.read_ohh(spoiled)


def test_a_later_run_that_contradicts_its_pots_does_not_match() -> None:
    """Another run's board (one the first run's cards could not have made) is a mismatch or a
    refusal, never a silent match."""
    hand = next(h for h in HANDS if _split(h) and h.runs == 2)
    data = json.loads(json.dumps(ohh.to_ohh(hand)))
    first = data["ohh"][ohh.BOARDS_FIELD][0]
    data["ohh"][ohh.BOARDS_FIELD] = [first, first]
    assert verify_history(ohh.read_ohh(data)).status != "matched"
    history = history_of(hand)
    with pytest.raises(ReplayError):
        replay(replace(history, extra={**history.extra, phh.RUNS_FIELD: 2, phh.BOARDS_FIELD: ["5s"]}))
