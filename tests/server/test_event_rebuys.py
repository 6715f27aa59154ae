"""Issue 38: rebuys and add-ons on the server (``rebuy``, ``add_on``). A rebuy is declared and made
when the player busts while rebuys are open (TDA 2024 Rule 27), refused once they are closed; an
add-on is taken between the player's hands at the add-on level, its chips issued and its price
in the pool, refused at another level. Both are inputs: the event rebuilt from its state and the
inputs after it is where it was."""

from __future__ import annotations

import json

import pytest

from pokerfloor.server.event.clock import EventClock
from pokerfloor.server.event.runner import EventRunner
from pokerfloor.server.fields import Refused
from tests.server.test_event_runner import runner

LEVELS = [{"small_blind": 10 * 2**k, "big_blind": 20 * 2**k, "hands": 2} for k in range(10)]


def test_a_rebuy_and_an_add_on_are_made_by_the_rules_and_replayed() -> None:
    event, now = runner(levels=LEVELS, rebuys_until=1, rebuy_price=100, add_on_level=1, add_on_stack=500,
                        add_on_price=50)
    event.register("Ann", "a" * 64)
    event.add_bots(7)
    state = event.state()
    with pytest.raises(Refused) as early:
        event.buy("ann", "add_on")      # not seated before the start
    assert early.value.code in ("not_seated", "illegal")
    event.start()
    entry = event.entry_of("ann")
    assert entry is not None
    no, seat = event.event.seat_of(entry) or (0, 0)
    chips, pool, issued = event.event.tables[no].seats[seat].chips, event.event.prize_pool, event.event.chips_issued
    event.buy("ann", "add_on")          # level 1, before her first hand: between hands
    assert event.event.tables[no].seats[seat].chips == chips + 500
    assert event.event.chips_issued == issued + 500 and event.event.prize_pool > pool
    event.buy("ann", "rebuy")
    assert event.event.entries[entry].rebuy
    assert any("add-on" in text for text in event.persons["ann"].notices) or any(
        f.kind == "add_on" for f in event.event.events)
    stored = [(seq, json.dumps(body)) for seq, body in event.inputs if seq > state["seq"]]
    again = EventRunner.from_state("ev", event.config, event.host_hash, json.loads(json.dumps(state)),
                                   EventClock(now), stored)
    assert again.state() == event.state()
    while event.event.level_number <= 1:
        event.step(now.t)
        now.t += 1
    with pytest.raises(Refused) as closed:
        event.buy("ann", "rebuy") if not event.event.entries[entry].out else event.buy("bot 1", "rebuy")
    assert closed.value.code in ("illegal", "not_seated")
    with pytest.raises(Refused):
        event.buy(event.by_entry[next(e for e, s in event.event.entries.items() if not s.out)], "add_on")
