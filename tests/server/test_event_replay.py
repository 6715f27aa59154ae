"""Issue 38: a restart resumes an event exactly. Every change the runner makes is an input,
logged as it is made (``EventRunner.inputs``); the last whole state with the inputs after it
(``replay.go_on``) is the event where it was, to the last action: the same hand in play with
the same actions, the same places, clock, notices and timeouts, nothing lost and nothing dealt
again. Stored inputs are read whole: one the runner never writes, one out of order, or one the
event refuses makes the stored event ``Unreadable``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pokerfloor.server.event.clock import EventClock
from pokerfloor.server.event.runner import EventRunner
from pokerfloor.typedjson import Unreadable
from tests.server.test_event_runner import runner


def rows(event: EventRunner, after: int) -> list[tuple[int, str]]:
    """The inputs the runner made after its ``after``-th, as the store holds them."""
    made, event.inputs = event.inputs, []
    rows.kept += [(seq, json.dumps(body.json(), sort_keys=True)) for seq, body in made]  # type: ignore[attr-defined]
    return [(seq, text) for seq, text in rows.kept if seq > after]      # type: ignore[attr-defined]


def restored(event: EventRunner, state: dict[str, Any], after: int) -> EventRunner:
    return EventRunner.from_state("ev", event.config, event.host_hash, json.loads(json.dumps(state)),
                                  EventClock(event.clock.now), rows(event, after))


def test_an_event_rebuilt_from_a_state_and_the_inputs_after_it_is_where_it_was() -> None:
    rows.kept = []      # type: ignore[attr-defined]
    event, now = runner(late_until=3, reentries=1, bounty=50, action_seconds=3, hand_for_hand=2, starting_stack=4_000,
                        levels=[{"small_blind": 10 * 2**k, "big_blind": 20 * 2**k, "minutes": 1} for k in range(12)])
    ann = event.register("Ann", "a" * 64)
    event.add_bots(17)
    event.start()
    for _ in range(6):
        event.step(now.t)
        now.t += 1.3
    state = event.state()           # a whole state mid-play; what follows is inputs only
    assert not event.event.is_over and 0 < state["seq"] == event.seq
    acted = hands = 0
    moved = False
    for k in range(400):
        if event.event.is_over:
            break
        event.step(now.t)
        now.t += 0.9
        if k == 20:
            event.pause()
            now.t += 30
            event.add_time(45)
            event.resume()
        where = event.event.seat_of(event.entry_of("ann") or "")
        hand = None if where is None else event.event.tables[where[0]].hand
        if k > 40 and where is not None and hand is not None and not hand.is_over and hand.events:
            break       # stopped in the middle of Ann's hand
        if where is not None and hand is not None and not hand.is_over and hand.to_act == where[1] and k % 3:
            legal = hand.view(where[1]).to_dict()["legal"]
            event.act("ann", "check" if legal.get("check") else "call" if legal.get("call") else "fold")
            acted += 1
        if not moved and len(event.event.tables) > 1:
            free = [(no, s) for no, t in event.event.tables.items() for s in range(1, t.size + 1)
                    if s not in t.seats and no != (event.event.seat_of("e2") or (0,))[0]]
            if free and event.event.seat_of("e2"):
                event.move(event.persons[event.by_entry["e2"]].name, *free[0])
                moved = True
        hands = event.hands
    assert ann and acted and moved and hands > state["hands"]
    again = restored(event, state, state["seq"])
    assert again.state() == event.state()       # the hands in play, places, clock, notices: all of it
    assert again.seq == event.seq and again.hands == event.hands
    mid = [no for no, t in event.event.tables.items() if t.hand is not None and not t.hand.is_over]
    assert mid and all(again.event.tables[no].hand.record().to_dict()   # type: ignore[union-attr]
                       == event.event.tables[no].hand.record().to_dict() for no in mid)  # type: ignore[union-attr]
    # and it plays on to the end from there
    while not again.event.is_over:
        again.step(now.t)
        now.t += 1
    places = again.event.standings()
    assert sorted(p.entry for p in places) == sorted(again.event.entries)
    assert sum(p.prize for p in places) == again.event.prize_pool


@pytest.mark.parametrize("spoil", [
    lambda r: r.append((r[-1][0] + 1, json.dumps({"at": 1.0, "op": ["shuffle"]}))),
    lambda r: r.append((r[-1][0] + 1, json.dumps({"at": 1.0, "op": ["deal", "one"]}))),
    lambda r: r.append((r[-1][0] + 1, json.dumps({"op": ["start"]}))),
    lambda r: r.append((r[-1][0] + 1, "not json")),
    lambda r: r.append((r[-1][0] + 2, r[-1][1])),                      # one missing
    lambda r: r.append((r[-1][0] + 1, json.dumps({"at": 1.0, "op": ["act", 1, 1, "fly", None, None, ""]}))),
    lambda r: r.append((r[-1][0] + 1, json.dumps({"at": 1.0, "op": ["deal", 99]}))),
])
def test_stored_inputs_are_read_whole_or_the_event_is_unreadable(spoil: Any) -> None:
    rows.kept = []      # type: ignore[attr-defined]
    event, now = runner()
    event.add_bots(8)
    state = event.state()
    event.start()
    for _ in range(3):
        event.step(now.t)
        now.t += 1
    stored = rows(event, state["seq"])
    assert restored(event, state, state["seq"]).state() == event.state()
    spoil(stored)
    with pytest.raises(Unreadable):
        EventRunner.from_state("ev", event.config, event.host_hash, json.loads(json.dumps(state)),
                               EventClock(now), stored)
