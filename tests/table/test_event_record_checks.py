"""Issue 37, finding 7 for events: "A record that loads is one that plays on, and conserves." An
event record whose parts disagree (an entry that is not where its table seats it, a seat that
holds no entry, entries out but not placed, a hand dealt that is not the table's hand, chips the
event did not issue) was read and broke later, or created chips; each is now refused with
``RecordError`` (``table/event_record.event_problem``), and a record the event wrote still loads."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import pokerfloor as pf
from pokerfloor.bench.fuzz_records import play_event_on
from pokerfloor.bench.tournament import play_hand
from pokerfloor.hand import RecordError
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.table.tournament import Level


def saved(mid_hand: bool = True) -> dict[str, Any]:
    """A 20-entry event after a few hands, two tables, one busted player, a hand in play."""
    ev = MultiTableTournament(pf.Game.no_limit_holdem(25, 50, min_chip=25),
                              [Level(25 * 2**k, 50 * 2**k, hands=4) for k in range(30)], starting_stack=2000,
                              rng=random.Random(3), buy_in=100, seats=10)
    for k in range(20):
        ev.register(f"p{k}")
    ev.start()
    driver = random.Random(4)
    while not any(e.out for e in ev.entries.values()):
        for no in ev.ready():
            ev.deal(no)
            play_hand(ev, no, driver)
            ev.end_hand(no)
    if mid_hand:
        ev.deal(ev.ready()[0])
    data: dict[str, Any] = json.loads(json.dumps(ev.record()))
    return data


def in_play(data: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in data["entries"] if not e["out"])


def test_a_record_the_event_wrote_loads_and_plays_to_the_end() -> None:
    for mid_hand in (True, False):
        event = MultiTableTournament.from_record(json.dumps(saved(mid_hand)))
        play_event_on(event, random.Random(1))
        assert event.is_over


def _moved(data: dict[str, Any]) -> None:
    entry = in_play(data)
    entry["seat"] = next(s for s in range(1, 11) if all(
        seat["number"] != s for seat in data["tables"][str(entry["table"])]["seats"]))


def _renamed_seat(data: dict[str, Any]) -> None:
    entry = in_play(data)
    table = data["tables"][str(entry["table"])]
    seat = next(s for s in table["seats"] if s["player_id"] == entry["entry"])
    seat["player_id"] = "stranger"


def _out_not_placed(data: dict[str, Any]) -> None:
    data["state"]["out"] = data["state"]["out"][1:]


def _placed_twice(data: dict[str, Any]) -> None:
    data["state"]["out"].append(data["state"]["out"][0])


def _out_but_seated(data: dict[str, Any]) -> None:
    in_play(data)["out"] = True


def _dealt_seats(data: dict[str, Any]) -> None:
    seats = next(iter(data["state"]["dealt"].values()))
    seats.pop(next(iter(seats)))


def _dealt_elsewhere(data: dict[str, Any]) -> None:
    data["state"]["dealt"]["99"] = {"1": "e1"}


def _issued(data: dict[str, Any]) -> None:
    data["state"]["issued"] += 25


def _level(data: dict[str, Any]) -> None:
    data["state"]["level"] = 30


def _pool(data: dict[str, Any]) -> None:
    data["state"]["pool"] = -100


def _bounty(data: dict[str, Any]) -> None:
    data["entries"][0]["bounty"] = "lots"


def _next_entry(data: dict[str, Any]) -> None:
    data["state"]["next_entry"] = 3


def _round_open(data: dict[str, Any]) -> None:
    data["state"]["round_open"] = [42]


def _level_hands(data: dict[str, Any]) -> None:
    data["state"]["level_hands"] = {no: "3" for no in data["tables"]}


def _table_level(data: dict[str, Any]) -> None:
    data["state"]["table_level"] = {no: 99 for no in data["tables"]}


def _raced(data: dict[str, Any]) -> None:
    data["state"]["raced"] = {no: "x" for no in data["tables"]}


def _announced(data: dict[str, Any]) -> None:
    data["state"]["announced"] = ["1"]


def _shared(data: dict[str, Any]) -> None:
    data["state"]["shared"] = [len(data["state"]["out"])]


BROKEN: dict[str, Callable[[dict[str, Any]], None]] = {
    "an entry in play is not where its table seats it": _moved,
    "a seat holds no entry": _renamed_seat,
    "an entry out is not placed": _out_not_placed,
    "an entry is placed twice": _placed_twice,
    "an entry out still sits at its table": _out_but_seated,
    "the hand dealt is not the table's hand": _dealt_seats,
    "a hand dealt at a table the event does not have": _dealt_elsewhere,
    "chips the event did not issue": _issued,
    "a level after the last": _level,
    "a negative prize pool": _pool,
    "a bounty that is not a number": _bounty,
    "an entry numbered after the next entry": _next_entry,
    "a hand-for-hand round at a table the event does not have": _round_open,
    "hands counted at a table that are not a number (the fuzz, seed 13)": _level_hands,
    "a table at a level after the last": _table_level,
    "a table's chip race that is not a level": _raced,
    "a hand being finished at hand-for-hand's announcement that is not a table's": _announced,
    "a shared group of places the event does not have": _shared,
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_an_event_record_whose_parts_disagree_is_refused_whole(name: str) -> None:
    data = saved()
    BROKEN[name](data)
    with pytest.raises(RecordError):
        MultiTableTournament.from_record(json.dumps(data))


def test_a_record_nested_too_deep_is_refused_with_the_documented_error() -> None:
    with pytest.raises(RecordError):
        MultiTableTournament.from_record("[" * 100_000 + "]" * 100_000)


def test_a_randomness_state_out_of_range_is_refused_with_the_documented_error() -> None:
    """Found by the fuzz run (``pokerfloor bench --only fuzz-records``): a negative number in the
    event's saved randomness raised ``OverflowError`` from ``random.setstate``."""
    data = saved()
    data["rng"]["state"][5] = -1
    with pytest.raises(RecordError):
        MultiTableTournament.from_record(json.dumps(data))
