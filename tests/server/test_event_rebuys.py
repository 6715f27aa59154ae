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
    stored = [(seq, json.dumps(body.json())) for seq, body in event.inputs if seq > state["seq"]]
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


def test_a_players_page_is_told_which_buys_are_open_to_them() -> None:
    """The player's page shows a rebuy or add-on button only where the event sells it and while it
    is open to them (``event_seat``'s ``you.rebuy`` and ``you.add_on``)."""
    from pokerfloor.server.event.views import seat_json

    plain, _ = runner(levels=LEVELS)
    plain.register("Ann", "a" * 64)
    you = seat_json(plain, "ann")["you"]
    assert you["rebuy"] is None and you["add_on"] is None
    event, now = runner(levels=LEVELS, rebuys_until=1, rebuy_price=100, add_on_level=2, add_on_stack=500,
                        add_on_price=50)
    event.register("Ann", "a" * 64)
    event.add_bots(3)
    you = seat_json(event, "ann")["you"]
    assert you["rebuy"] == {"open": True, "declared": False, "stack": 1_000, "price": 100}
    assert you["add_on"] == {"open": False, "stack": 500, "price": 50, "level": 2}     # not seated yet
    event.start()
    event.buy("ann", "rebuy")
    assert seat_json(event, "ann")["you"]["rebuy"]["declared"]
    while event.event.level_number < 2 and not event.event.is_over:
        event.step(now.t)
        now.t += 1
    you = seat_json(event, "ann")["you"]
    entry = event.entry_of("ann")
    in_play = entry is not None and not event.event.entries[entry].out and not event.event.is_over
    assert you["rebuy"]["open"] is False                    # rebuys closed after level 1
    assert in_play and event.event.level_number == 2        # (the seeded event: Ann is still in at level 2)
    assert you["add_on"]["open"] is True
