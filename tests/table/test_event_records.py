"""A whole event saved as versioned JSON mid-hand at every table and rebuilt goes on identically
(``MultiTableTournament.record``, ``MultiTableTournament.from_record``; table/event_record.py)."""

from __future__ import annotations

import copy
import json
import random

import pytest

import pokerfloor as pf
from pokerfloor.bench.tournament import play_event, play_hand
from pokerfloor.table import LimitStakes, Rotation
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.table.tournament import Level


def make(game: pf.Game | Rotation) -> MultiTableTournament:
    ev = MultiTableTournament(game, [Level(25 * 2**k, 50 * 2**k, hands=4) for k in range(30)], starting_stack=2000,
               rng=random.Random(1), buy_in=100, bounty=10, progressive=50, colour_ups=[(3, 25, 100)],
               late_until=2, reentries=1)
    for k in range(40):
        ev.register(f"p{k}")
    ev.start()
    return ev


@pytest.mark.parametrize("game", [pf.Game.no_limit_holdem(25, 50, min_chip=25),
                                  Rotation.horse(LimitStakes(50, min_chip=25))], ids=["holdem", "horse"])
def test_an_event_saved_mid_hand_goes_on_identically(game: pf.Game | Rotation) -> None:
    ev, driver = make(game), random.Random(5)
    for _ in range(5):
        ready = ev.ready()
        for no in ready:
            ev.deal(no)
        for no in ready:
            play_hand(ev, no, driver)
            ev.end_hand(no)
    ev.register("p0")                       # a re-entry, recorded too
    ready = ev.ready()
    for no in ready:
        ev.deal(no)
    text = json.dumps(ev.record())
    assert json.loads(text)["format"] == "pokerfloor-event" and json.loads(text)["version"] == 1
    again, driver_again = MultiTableTournament.from_record(text), copy.deepcopy(driver)
    assert json.loads(json.dumps(again.record())) == json.loads(text)

    def finish(event: MultiTableTournament, rng: random.Random) -> tuple[object, ...]:
        for no in ready:
            play_hand(event, no, rng)
            event.end_hand(no)
        play_event(event, rng)
        return event.standings(), [e.text for e in event.events], event.chips_issued

    assert finish(ev, driver) == finish(again, driver_again)


def test_an_event_saved_before_its_start_is_rebuilt_and_starts_identically() -> None:
    """Entries registered before the start wait unseated for the draw (TDA 2024 Rule 7): their
    record loads, and the rebuilt event draws the same seats."""
    ev = MultiTableTournament(pf.Game.no_limit_holdem(25, 50, min_chip=25), [Level(25, 50, hands=4)],
                              starting_stack=2000, rng=random.Random(3))
    for k in range(12):
        ev.register(f"p{k}")
    again = MultiTableTournament.from_record(json.dumps(ev.record()))
    ev.start()
    again.start()
    assert {k: ev.seat_of(k) for k in ev.entries} == {k: again.seat_of(k) for k in again.entries}
    spoiled = ev.record()
    spoiled["state"]["started"] = False         # seated, yet before the start: not an event that plays on
    with pytest.raises(ValueError, match="before the start but seated"):
        MultiTableTournament.from_record(json.dumps(spoiled))


@pytest.mark.parametrize("bad", ["{}", '{"format": "pokerfloor-event", "version": 2}',
                                 '{"format": "pokerfloor-event", "version": 1, "game": {}}', "[]"])
def test_a_record_that_is_not_an_event_is_refused(bad: str) -> None:
    with pytest.raises(pf.RecordError):
        MultiTableTournament.from_record(bad)
