"""The action a seat takes when its player does not choose (``Legal.unattended``): one home for
the cash table's clock, the host's fold, a removed player, the event's clock and a house bot's
refused choice. In stud the bring-in is posted, as for a player away (TDA 2024 Rule 30); in a
draw the seat stands pat; at a showdown question the hand is mucked (TDA 2024 R18); in a betting
round a free check, else a fold. Before, the event and the cash table folded a bring-in or a draw
(illegal), and the event's step failed on it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

import pokerfloor as pf
from pokerfloor.bots import STYLES, decide, make_bot
from pokerfloor.server.event.clock import EventClock
from pokerfloor.server.event.config import event_config
from pokerfloor.server.event.runner import EventRunner
from tests.server.conftest import FakeClock, Session
from tests.server.test_event_runner import Now

STUD = {"variant": "stud", "structure": "fixed_limit", "ante": 1, "bring_in": 2, "small_bet": 4}


def _game(variant: str) -> pf.Game:
    if pf.VARIANTS[variant].family == "stud":
        return pf.Game(variant=variant, structure="fixed_limit", ante=5, bring_in=10, small_bet=20)
    structure = "pot_limit" if variant.startswith("omaha") else "fixed_limit"
    return pf.Game(variant=variant, structure=structure, small_blind=10, big_blind=20, small_bet=20)


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(sorted(pf.VARIANTS)), seed=st.integers(0, 2**32), seats=st.integers(2, 6),
       fold=st.booleans(), asked=st.booleans())
def test_an_unattended_seat_always_takes_a_legal_action_and_the_hand_ends(
        variant: str, seed: int, seats: int, fold: bool, asked: bool) -> None:
    game = _game(variant)
    seats = min(seats, game.variant_spec.max_players)
    hand = pf.Hand(game, stacks=dict.fromkeys(range(1, seats + 1), 400), button=1, rng=random.Random(seed),
                   auto_muck=not asked)
    before = sum(hand.stacks.values()) + hand.total_pot
    for _ in range(200):
        if hand.is_over or hand.to_act is None:
            break
        legal = hand.legal()
        action, discard = legal.unattended(fold=fold)
        assert action.rstrip("_") in legal.actions
        hand.act(hand.to_act, action, None, discard)
    assert hand.is_over
    assert sum(hand.stacks.values()) == before


@pytest.mark.parametrize("frame", [
    {"template": "horse", "event": {"action_seconds": 5}},
    {"event": {"game": {"variant": "deuce_seven_triple", "structure": "fixed_limit", "small_bet": 40},
               "action_seconds": 5, "levels": [{"small_blind": 10, "big_blind": 20, "minutes": 60}],
               "starting_stack": 1_000}},
])
def test_an_event_of_silent_players_plays_on_through_stud_and_draw(frame: dict[str, Any]) -> None:
    now = Now()
    event = EventRunner("ev", event_config(frame), "h" * 64, seed="7" * 64, clock=EventClock(now))
    for name in ("Ann", "Bob", "Cy"):
        event.register(name, "t" * 64, approved=True)
    event.add_bots(3)           # they call: the silent players reach the draws
    event.start()
    for _ in range(120):
        event.step(now.t)
        now.t += 6
    silent = {seat for no, table in event.event.tables.items() for seat, s in table.seats.items()
              if not event.persons[event.by_entry[s.player_id]].bot}
    played = {logged.op[3] for _, logged in event.inputs if logged.op[0] == "act" and logged.op[2] in silent}
    print(event.hands, played)
    assert event.hands >= 5 and played & {"bring_in", "draw"}


def test_a_cash_stud_tables_clock_posts_the_bring_in_of_a_silent_seat(http: TestClient, clock: FakeClock) -> None:
    game = Session(http, game=STUD, clock={"seconds": 10, "time_bank": 0, "timeouts_to_away": 3})
    for name, seat in (("ann", 1), ("bob", 2), ("cy", 3)):
        game.join(name, seat)
    game.host.reply({"type": "start"})
    turn = game.to_act()
    assert turn is not None and turn.state["hand"]["legal"].get("bring_in")
    seat = turn.state["you"]["seat"]
    clock.now += 11
    game.sync()
    hand = game.room.table.hand
    assert hand is not None
    assert any(e.kind == "bring_in" and e.seat == seat for e in hand.events)
    assert game.to_act() is not None           # the table plays on
    game.close()


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(sorted(pf.VARIANTS)), seed=st.integers(0, 2**32), style=st.sampled_from(STYLES))
def test_a_house_bot_chooses_a_legal_action_in_every_variant(variant: str, seed: int, style: str) -> None:
    """The house bot (the event's, the tables played away, ``pokerfloor bot``) draws in a draw and
    brings in in stud: before, it asked for a call that was not there and failed."""
    hand = pf.Hand(_game(variant), stacks=dict.fromkeys(range(1, 4), 400), button=1, rng=random.Random(seed))
    bot = make_bot(style, "house", random.Random(seed))
    while not hand.is_over and hand.to_act is not None:
        action, to, discard = decide(bot, hand.view(hand.to_act))
        hand.act(hand.to_act, action, to, discard)      # refused: IllegalAction fails the test
    assert hand.is_over


def test_an_eight_game_event_of_house_bots_and_silent_players_plays_to_its_end() -> None:
    """Every game of the rotation's, stud's bring-ins and the draws included, by the house bots and
    the clock, to the last place."""
    now = Now()
    frame = {"template": "horse", "event": {"action_seconds": 5, "late_until": 0,
                                            "rotation": {"name": "8game", "small_bet": 40, "per": "orbit"}}}
    event = EventRunner("ev", event_config(frame), "h" * 64, seed="7" * 64, clock=EventClock(now))
    for name in ("Ann", "Bob"):
        event.register(name, "t" * 64, approved=True)
    event.add_bots(14)
    event.start()
    for _ in range(5_000):
        if event.event.is_over:
            break
        event.step(now.t)
        now.t += 3
    assert event.event.is_over
    played = {logged.op[3] for _, logged in event.inputs if logged.op[0] == "act"}
    assert {"bring_in", "draw", "complete"} <= played
    places = event.event.standings()
    assert sorted(p.entry for p in places) == sorted(event.event.entries)
    assert sum(p.prize for p in places) == event.event.prize_pool
