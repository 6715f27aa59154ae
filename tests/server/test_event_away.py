"""Issue 38, any process serves any table: an event's tables of house bots dealt away from its
floor (``Events.spread``; server/event/away.py, tableplay.py). The floor stores each deal with
the input that dealt it; a table's player (``TablePlays``) plays the hand under the table's lease,
stores each action as the table's own input and the end in the commit of the last one; the floor
applies each end once. Here in one process on SQLite (the two-process PostgreSQL run with a
SIGKILL is test_event_spread.py): the floor and the tables' player are both stopped in the
middle of the event, without a word, and started again from the store; the event ends with
every entry placed once, the prizes adding up to the pool, and every chip accounted for."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from pokerfloor.server.event import away, tableplay
from pokerfloor.server.event.clock import EventClock
from pokerfloor.server.event.config import EventConfig
from pokerfloor.server.event.hands import table_key
from pokerfloor.server.event.runner import EventRunner
from pokerfloor.server.event.service import Events
from pokerfloor.server.event.tableplay import TablePlays, first_choice
from pokerfloor.server.store import Store
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.table.event_deals import HandDeal, HandEnd

EVENT = {"name": "Away", "starting_stack": 1_000, "seats": 6, "between_hands": 0, "action_seconds": 30,
         "buy_in": 100, "payouts": [50, 30, 20], "late_until": 0,
         "levels": [{"small_blind": 25 * 2**k, "big_blind": 50 * 2**k, "hands": 2} for k in range(14)]}


def mid_hand(plays: TablePlays) -> bool:
    """Whether a hand played here has actions stored and is not over."""
    return any(p.seq and not p.hand.is_over and not p.unwritten and p.hand.record().inputs
               for p in plays.playing.values())


async def play(events: Events, plays: TablePlays, event_id: str, *, until_hands: int | None = None) -> None:
    """Run the event's task and the tables' player until the event is over (or ``until_hands``
    hands were played away and another is in the middle of its play)."""
    player = asyncio.create_task(plays.run())
    try:
        for _ in range(6_000):
            task = events.tasks[event_id]
            if task.runner.event.is_over or (until_hands is not None and plays.played >= until_hands
                                             and mid_hand(plays)):
                return
            await asyncio.sleep(0.01)
        raise AssertionError("the event did not end")
    finally:
        player.cancel()
        await asyncio.gather(player, return_exceptions=True)


def test_an_event_of_bots_is_played_away_and_goes_on_after_both_sides_stop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(away, "POLL_SECONDS", 0.002)         # (both sides look often: a quick test)
    monkeypatch.setattr(tableplay, "POLL_SECONDS", 0.002)
    async def run() -> tuple[dict[str, object], int]:
        store = Store(f"sqlite:///{tmp_path / 'away.db'}", synchronous="normal")
        events = Events(store, bot_seconds=0.0)
        events.spread = True
        task, _ = events.open(EventConfig.from_json(EVENT))
        event_id = task.runner.event_id
        task.runner.add_bots(20)
        task.runner.start()
        await play(events, TablePlays(store, store.owner, dict, bot_seconds=0.002), event_id, until_hands=12)
        await events.close()             # the floor stops (its inputs stored), its tables' hands mid-play
        again = Events(store, bot_seconds=0.0)
        again.spread = True
        found = again.get(event_id)     # rebuilt from its state and inputs: the hands away still away
        assert found is not None and found.runner.away
        plays = TablePlays(store, "another", dict, bot_seconds=0.0)
        await play(again, plays, event_id)
        assert plays.resumed > 0        # a hand begun by the first player went on from its stored actions
        runner = again.tasks[event_id].runner
        state = runner.state()
        await again.close()
        who = away.played_by(store, event_id)
        store.close()
        return state, len(who)

    state, away_hands = asyncio.run(run())
    assert away_hands > 12
    event = MultiTableTournament.from_record(state["event"])  # type: ignore[arg-type]
    places = event.standings()
    assert sorted(p.entry for p in places) == sorted(event.entries) and len(event.entries) == 20
    assert sum(p.prize for p in places) == event.prize_pool == 2_000
    assert event.chips_on_tables() == event.chips_issued == 20_000
    assert any(e.kind == "move" for e in event.events) or any(e.kind == "break_table" for e in event.events)


def played(deal: HandDeal) -> str:
    """The end of ``deal``'s hand, every seat checking or calling (JSON)."""
    hand = deal.hand_to_play()
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.view(seat).to_dict()["legal"] or {}
        hand.act(seat, "check" if legal.get("check") else "call" if legal.get("call") else "fold")
    return HandEnd.of(deal, hand).to_json()


def test_the_floor_applies_an_end_once_and_replays_it_from_its_log() -> None:
    clock = EventClock(lambda: 1000.0)
    runner = EventRunner("ev", EventConfig.from_json(EVENT), "h" * 64, seed="ab" * 16, clock=clock)
    runner.spread = True
    runner.add_bots(12)
    runner.start()
    runner.step(1000.0)
    assert runner.away and len(runner.sent) == len(runner.away) == 2
    key, _, deal_text, bots = runner.sent[0]
    assert json.loads(bots) and key == table_key("ev", int(key.rsplit(".", 1)[1]))
    state = runner.state()
    deal = HandDeal.from_json(deal_text)
    end = played(deal)
    assert runner.end_from(end, 1001.0) and deal.table not in runner.away
    assert not runner.end_from(end, 1002.0)        # applied once
    made = [(seq, json.dumps(logged.json())) for seq, logged in runner.inputs]
    again = EventRunner.from_state("ev", runner.config, runner.host_hash, state, EventClock(lambda: 1000.0),
                                   [(seq, text) for seq, text in made if seq > state["seq"]])
    assert again.event.record() == runner.event.record() and again.away == runner.away


def test_an_events_tables_are_dealt_in_turn_to_the_processes_that_live() -> None:
    alive = ["a1", "b2", "c3"]
    keys = [table_key("ev", n) for n in range(1, 7)]
    chosen = [first_choice(k, alive) for k in keys]
    assert sorted(chosen) == sorted(alive * 2)                  # each process its share
    assert chosen == [first_choice(k, list(reversed(alive))) for k in keys]    # the same whoever asks
    assert {first_choice(k, ["a1", "c3"]) for k in keys} == {"a1", "c3"}      # one gone: the others share


@pytest.mark.parametrize("spread", [False, True])
def test_a_hand_over_at_its_deal_is_ended_before_another_table_deals(spread: bool) -> None:
    """Every stack all in on the blinds: each hand is over as it is dealt. Ended by the floor as
    it dealt the next table (unlogged), it could break a table ``ready`` had listed, and the
    step failed; each is ended by the next step, logged, before another table deals."""
    config = {**EVENT, "starting_stack": 40, "seats": 6,
              "levels": [{"small_blind": 25, "big_blind": 50, "ante": 50, "hands": 50}]}
    now = [1000.0]
    runner = EventRunner("ev", EventConfig.from_json(config), "h" * 64, seed="cd" * 16,
                         clock=EventClock(lambda: now[0]))
    runner.spread = spread
    runner.add_bots(30)
    runner.start()
    state = runner.state()
    for _ in range(500):
        if runner.event.is_over:
            break
        runner.step(now[0], bot_seconds=0.0)
        sent, runner.sent = runner.sent, []
        for _, _, text, _ in sent:          # (the few hands not over at their deal, played away)
            assert runner.end_from(played(HandDeal.from_json(text)), now[0])
        now[0] += 0.5
    assert runner.event.is_over
    places = runner.event.standings()
    assert sorted(p.entry for p in places) == sorted(runner.event.entries)
    made = [(seq, json.dumps(logged.json())) for seq, logged in runner.inputs]
    again = EventRunner.from_state("ev", runner.config, runner.host_hash, state, EventClock(lambda: now[0]),
                                   [(seq, text) for seq, text in made if seq > state["seq"]])
    assert again.event.record() == runner.event.record()
