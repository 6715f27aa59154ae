"""What a server asks of the table about the hand in play, answered by ``Table`` itself (issue 22:
the server plays only through ``Table``'s public API): what the seat to act may do
(``Table.legal``), whether the hand waits for its run-out and who is still in it
(``awaiting_runout``, ``live_seats``), and whether the last hand is a bomb pot (``bomb_pot``)."""

from __future__ import annotations

import random

import pytest

import pokerfloor as pf
from pokerfloor.table import Table

NL = pf.Game.no_limit_holdem(1, 2)


def seated(players: int = 3, chips: int = 100) -> Table:
    table = Table(NL, seats=6, rng=random.Random(7), button=1)
    for seat in range(1, players + 1):
        table.sit(seat, f"p{seat}", chips)
    return table


def test_legal_is_what_the_seat_to_act_may_do_with_exact_amounts() -> None:
    """Three-handed the button acts first preflop facing the big blind of 2: a call of 2, a
    raise to at least 4 (rules.md §3, the minimum raise) and up to the whole stack."""
    table = seated()
    hand = table.start_hand()
    assert table.to_act == hand.to_act == 1
    legal = table.legal()
    assert legal == hand.legal()
    assert legal.seat == 1 and legal.call == pf.Call(to=2, cost=2) and not legal.check
    assert legal.raise_ is not None and (legal.raise_.min_to, legal.raise_.max_to) == (4, 100)
    table.act(1, "fold")
    assert table.legal() == hand.legal()
    assert table.legal().seat == 2 and table.legal().call == pf.Call(to=2, cost=1)     # the small blind's turn


def test_legal_is_nothing_between_hands() -> None:
    table = seated()
    assert table.legal() == pf.Legal()
    hand = table.start_hand()
    table.act(hand.to_act, "fold")
    table.act(table.to_act, "fold")
    assert hand.is_over and table.to_act is None
    assert table.legal() == pf.Legal() and not table.legal().fold


def test_a_hand_dealt_to_wait_for_its_run_out_says_so_and_who_is_in_it() -> None:
    """All in before the board, the hand stops for the players to run it once or twice; the
    seats asked are the ones that did not fold (citations.RUN_IT)."""
    table = seated(3)
    hand = table.start_hand(wait_for_runout=True)
    assert not table.awaiting_runout and table.live_seats == hand.seats == (2, 3, 1)    # from the button's left
    table.act(1, "fold")
    assert table.live_seats == (2, 3)
    table.act(2, "raise", 100)
    table.act(3, "call")
    assert table.awaiting_runout and hand.awaiting_runout
    assert table.live_seats == (2, 3)
    table.act(None, "run_it", 2)
    assert not table.awaiting_runout and hand.is_over
    assert table.live_seats == ()


def test_a_hand_dealt_as_usual_never_waits_for_its_run_out() -> None:
    table = seated(2)
    table.start_hand()
    table.act(table.to_act, "raise", 100)
    table.act(table.to_act, "call")
    assert not table.awaiting_runout and not table.in_play


def test_bomb_pot_says_the_ante_and_boards_of_the_last_hand() -> None:
    table = seated(3)
    assert table.bomb_pot is None
    table.call_bomb_pot(5, boards=2)
    hand = table.start_hand()
    assert table.bomb_pot == (hand.bomb_pot, len(hand.boards)) == (5, 2)
    while table.in_play:
        seat = table.to_act
        assert seat is not None
        table.act(seat, "check" if table.legal().check else "call")
    assert table.bomb_pot == (5, 2)       # the last hand, over, until the next is dealt
    table.end_hand()
    table.start_hand()
    assert table.bomb_pot is None


def test_kill_folds_a_seat_at_once_and_it_leaves_with_its_chips_when_the_hand_ends() -> None:
    """The host's "remove player" (issue 35): ``Table.kill`` kills the hand of a seat out of turn
    (a dead hand, TDA 2024 Rules 30 and 31); the event stream has it at once; the seat leaves,
    cashed out, once the hand has ended, and the ledger balances. The table record, written
    mid-hand, replays the kill."""
    table = seated()
    table.start_hand()
    assert table.to_act == 1
    event = table.kill(3)  # the big blind, not its turn
    assert event.kind == "fold" and event.note == "dead hand"
    assert table.events[-1].event == event and table.to_act == 1 and 3 not in table.live_seats
    again = Table.from_record(table.record().to_json())
    assert again.hand is not None and again.hand.events == table.hand.events  # type: ignore[union-attr]
    table.act(1, "fold")
    assert table.hand is not None and table.hand.is_over     # the small blind is the one live hand left
    table.end_hand()
    gone = table.seats[3].player_id
    assert table.leave(3) == 99    # its big blind was called by the small blind's 1: 1 lost, 1 back
    table.verify()
    assert table.ledger.taken_away(gone) == 99 and table.ledger.results()[gone] == -1


def test_kill_is_refused_with_no_hand_in_play() -> None:
    table = seated()
    before = table.events
    with pytest.raises(pf.IllegalAction) as refused:
        table.kill(1)
    assert refused.value.reason == "invalid_action" and table.events == before
