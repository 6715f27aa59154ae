"""Issue 37, finding 6: a misdeal declared and re-dealt at the table (TDA 2024 Rule 35), and the
raised limits of a kill pot read from the public API (RROP11 Kill Pots)."""

from __future__ import annotations

import json
import random

import pytest

import pokerfloor as pf
from pokerfloor import citations as cite
from pokerfloor.table.customs import KillGame, TableOptions


def seated(options: TableOptions | None = None, game: pf.Game | None = None) -> pf.Table:
    game = game or pf.Game.no_limit_holdem(5, 10)
    table = pf.Table(game, seats=6, rng=random.Random(7), button=1, options=options)
    for seat in range(1, 5):
        table.sit(seat, f"p{seat}", 1000)
    return table


def test_a_misdeal_before_substantial_action_is_re_dealt_as_an_exact_replay() -> None:
    """TDA 2024 Rule 35-C: the re-deal is an exact re-play: the button does not move, no new
    players are seated, the limits stay the same; the chips go back; it is the same hand."""
    table = seated()
    first = table.start_hand()
    first.act(first.to_act, "fold")                # one action: no substantial action yet
    number, holes, posts = table.hand_number, first.holes, first.posts
    table.sit(5, "late", 1000, post=True)          # waits: nobody new is seated in the re-deal
    again = table.misdeal()
    assert table.hand is again and again is not first
    assert table.hand_number == number
    assert again.button_seat == first.button_seat and again.posts == posts
    assert sorted(again.seats) == sorted(first.seats) and 5 not in again.seats
    assert again.starting_stacks == first.starting_stacks == {s: 1000 for s in first.seats}
    assert again.stacks == {s: 1000 for s in first.seats} | {p.seat: 1000 - p.amount for p in posts}
    assert again.holes != holes
    assert not any(e.kind == "fold" for e in again.events)
    misdeals = [e for e in table.events if e.kind == "misdeal"]
    assert len(misdeals) == 1 and misdeals[0].rule == cite.MISDEAL
    while not again.is_over:
        legal = again.legal()
        again.act(again.to_act, "check" if legal.check else "call")
    table.end_hand()
    table.verify()
    assert sum(table.stacks().values()) == 5000


def test_no_misdeal_after_substantial_action() -> None:
    """TDA 2024 Rule 35-D and 36: two actions in turn, one putting chips in, are substantial
    action: the hand must proceed, and nothing changes."""
    table = seated()
    hand = table.start_hand()
    hand.act(hand.to_act, "call")
    hand.act(hand.to_act, "fold")
    with pytest.raises(pf.IllegalAction) as refused:
        table.misdeal()
    assert refused.value.rule == cite.SUBSTANTIAL_ACTION
    assert table.hand is hand


def test_no_misdeal_without_a_hand_in_play() -> None:
    table = seated()
    with pytest.raises(pf.IllegalAction):
        table.misdeal()


def test_a_re_dealt_hand_survives_the_table_record() -> None:
    table = seated()
    table.start_hand()
    again = table.misdeal()
    copy = pf.Table.from_record(json.loads(json.dumps(table.record().to_dict())))
    assert copy.hand is not None and copy.hand.holes == again.holes and copy.hand.posts == again.posts


def test_the_raised_limits_of_a_kill_pot_are_public() -> None:
    """RROP11 Kill Pots: a full kill doubles the limits; ``Hand.limits`` and ``Table.limits`` say
    what the kill hand is played at (twice the game's)."""
    game = pf.Game.fixed_limit_holdem(2, 4)
    base = (game.small_bet, game.big_bet)
    table = seated(TableOptions(kill=KillGame(trigger="pot", pot_over=0)), game)
    assert table.limits == base
    hand = table.start_hand()
    assert hand.limits == base
    while not hand.is_over:                          # seat 2 calls everything, the others fold
        seat, legal = hand.to_act, hand.legal()
        hand.act(seat, "call" if seat == 2 and legal.call else "fold" if legal.call else "check")
    table.end_hand()
    assert table.kill_button.killer is not None
    killed = table.start_hand()
    assert any(p.kind == "kill" for p in killed.posts)
    assert killed.limits == table.limits == (2 * base[0], 2 * base[1])
