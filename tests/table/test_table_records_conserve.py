"""Issue 37, finding 7: ``Table.from_record`` loads only a record that plays on and conserves the
chips; anything else is refused with the module's error (``RecordError``, a ``ValueError``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import pokerfloor as pf
from pokerfloor.hand.types import RecordError


def table_in_a_hand() -> pf.Table:
    table = pf.Table(pf.Game.no_limit_holdem(5, 10), seats=4, rng=random.Random(1), button=1)
    for seat in range(1, 4):
        table.sit(seat, f"p{seat}", 500)
    hand = table.start_hand()
    hand.act(hand.to_act, "call")
    return table


def record_of(table: pf.Table) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(table.record().to_dict()))
    return loaded


def play_on(table: pf.Table) -> None:
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        hand.act(seat, "check" if legal.check else "call")
    table.end_hand()
    table.verify()


def test_a_true_record_loads_and_plays_on() -> None:
    copy = pf.Table.from_record(record_of(table_in_a_hand()))
    play_on(copy)
    assert sum(copy.stacks().values()) == 1500


def test_a_hand_in_progress_with_stacks_other_than_the_seats_chips_is_refused() -> None:
    """Before the fix this record loaded and ending its hand left the seats 6,000 chips of 1,500."""
    data = record_of(table_in_a_hand())
    data["hand"]["record"]["stacks"] = {seat: 2000 for seat in data["hand"]["record"]["stacks"]}
    with pytest.raises(RecordError, match="conserve"):
        pf.Table.from_record(data)


@pytest.mark.parametrize("where", ["bomb_called", "bomb_rule"])
def test_a_bomb_pot_the_table_cannot_deal_is_refused(where: str) -> None:
    """A bomb pot of three boards (one or two only: citations ``DOUBLE_BOARD``) loaded and broke
    at the next deal before the fix."""
    table = table_in_a_hand()
    play_on(table)
    data = record_of(table)
    data[where] = [10, 3] if where == "bomb_called" else [10, 3, 2]
    with pytest.raises(RecordError, match=where):
        pf.Table.from_record(data)


def test_a_ledger_whose_sums_disagree_with_its_holdings_is_refused() -> None:
    data = record_of(table_in_a_hand())
    totals = data["ledger"]["totals"]
    first = next(row for row in totals if row[0] == "brought_in" and row[1] is not None)
    first[2] += 100
    with pytest.raises(RecordError, match="ledger"):
        pf.Table.from_record(data)


def test_a_double_board_bomb_pot_the_deck_cannot_deal_is_refused_before_the_deal() -> None:
    """Omaha at eleven players with two boards takes 54 cards: refused when it is called (the
    table's every seat may be dealt in) and by ``Hand``, instead of running the deck out mid-hand."""
    omaha = pf.Game(variant="omaha", structure="pot_limit", small_blind=1, big_blind=2)
    table = pf.Table(omaha, seats=11, rng=random.Random(3))
    with pytest.raises(pf.IllegalAction, match="54 cards"):
        table.call_bomb_pot(2, boards=2)
    with pytest.raises(pf.IllegalAction, match="54 cards"):
        table.bomb_pots(5, 2, boards=2)
    assert table.next_bomb_pot is None
    table.call_bomb_pot(2)                       # one board deals
    with pytest.raises(pf.InvalidArgument, match="54 cards"):
        pf.Hand(omaha, {seat: 100 for seat in range(1, 12)}, 1, bomb_pot=2, boards=2)
    ten = pf.Hand(omaha, {seat: 100 for seat in range(1, 11)}, 1, bomb_pot=2, boards=2, rng=random.Random(4))
    while not ten.is_over:
        seat, legal = ten.to_act, ten.legal()
        assert seat is not None
        ten.act(seat, "check" if legal.check else "call")
    assert all(len(board) == 5 for board in ten.boards)


def test_run_it_twice_is_offered_only_when_the_deck_can_deal_it() -> None:
    """Five-card Omaha, nine players all in before the flop: 45 hole cards leave 7, not enough to
    run five cards twice. The hand does not wait for a run-it-twice it cannot deal (before the
    fix ``run_it(2)`` then raised); with fewer players it waits, and runs it twice."""
    plo5 = pf.Game(variant="omaha5", structure="pot_limit", small_blind=1, big_blind=2)

    def all_in(players: int) -> pf.Hand:
        hand = pf.Hand(plo5, {s: 2 for s in range(1, players + 1)}, 1, rng=random.Random(5), wait_for_runout=True)
        while hand.to_act is not None:
            legal = hand.legal()
            hand.act(hand.to_act, "call" if legal.call else "check")
        return hand

    full = all_in(9)
    # Not offered before the flop (7 cards left for 5 twice); the flop is dealt, and the turn and
    # river (2 cards, 4 left) can be run twice: that is offered, and deals.
    assert full.awaiting_runout and len(full.board) == 3 and full.max_runs == 2
    assert not any(e.kind == "run_it" for e in full.events)
    full.run_it(2)
    assert full.is_over and full.runs == 2
    few = all_in(4)
    assert few.awaiting_runout and few.max_runs >= 2
    few.run_it(2)
    assert few.is_over and few.runs == 2
