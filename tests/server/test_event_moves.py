"""Issue 38: a director's move is never dropped without a word. A move waits until both tables
are between hands (``director.apply_moves``); if by then it can no longer be made (the seat taken
meanwhile, by the floor balancing after a bust, TDA 2024 Rule 11, or by another move; the player
out; the table broken) it is dropped, not made to another seat, and the host's pages are sent a
``move_dropped`` frame saying why in words (docs/protocol.md). A move to the player's own table
is refused as it is asked."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerfloor.server.event.core import Dropped
from pokerfloor.server.event.runner import EventRunner
from pokerfloor.server.fields import Refused
from tests.server.test_event_runner import runner
from tests.server.test_event_served import served


def _dealt() -> tuple[EventRunner, Any]:
    """Nine house bots on two tables of six, each table's first hand played out but not yet
    taken back by the floor (neither table is between hands)."""
    event, now = runner()
    event.add_bots(9)
    event.start()
    event.step(now.t)
    assert sorted(event.event.tables) == [1, 2]
    assert not any(event.event.between_hands(no) for no in event.event.tables)
    return event, now


def _at(event: EventRunner, no: int) -> list[str]:
    return [event.event.entries[s.player_id].player for _, s in sorted(event.event.tables[no].seats.items())]


def _free(event: EventRunner, no: int) -> int:
    table = event.event.tables[no]
    return min(set(range(1, table.size + 1)) - set(table.seats))


def test_a_move_whose_seat_is_taken_meanwhile_is_dropped_and_the_host_told_why() -> None:
    event, now = _dealt()
    big, small = (1, 2) if len(event.event.tables[1].seats) == 5 else (2, 1)
    first, second = _at(event, big)[:2]
    seat = _free(event, small)
    event.move(first, small, seat)          # both wait for the hands to end: the seat is free as each is asked
    event.move(second, small, seat)
    assert len(event.moves) == 2 and not event.dropped
    for _ in range(3):
        event.step(now.t)
        now.t += 1
        if not event.moves:
            break
    assert not event.moves
    assert event.event.seat_of(event.persons[first.lower()].entries[-1]) == (small, seat)
    assert event.event.seat_of(event.persons[second.lower()].entries[-1])[0] == big
    [dropped] = event.dropped
    assert (dropped.name, dropped.table, dropped.seat, dropped.reason) == (second, small, seat, "seat_taken")
    assert f"{first} sits there now" in dropped.text and dropped.text.startswith(f"The move of {second} ")
    assert dropped.json() == {"type": "move_dropped", "name": second, "table": small, "seat": seat,
                              "reason": "seat_taken", "text": dropped.text}


def test_a_move_of_a_player_out_meanwhile_is_dropped_and_the_host_told() -> None:
    event, now = _dealt()
    big, small = (1, 2) if len(event.event.tables[1].seats) == 5 else (2, 1)
    name = _at(event, big)[0]
    event.move(name, small, _free(event, small))
    event.event.end_hand(big)           # her table's hand ends first: the director removes her there
    event.remove(name)
    event.step(now.t)
    assert not event.moves
    assert [(d.name, d.reason) for d in event.dropped] == [(name, "out")]
    assert "is no longer in the event" in event.dropped[0].text


def test_a_move_to_the_players_own_table_is_refused_as_it_is_asked() -> None:
    event, _ = _dealt()
    name = _at(event, 1)[0]
    with pytest.raises(Refused) as refused:
        event.move(name, 1, _free(event, 1))
    assert (refused.value.code, refused.value.field) == ("bad_field", "table")
    assert not event.moves


def test_a_move_dropped_in_a_replay_is_not_told_again() -> None:
    event, now = _dealt()
    big, small = (1, 2) if len(event.event.tables[1].seats) == 5 else (2, 1)
    first, second = _at(event, big)[:2]
    seat = _free(event, small)
    event.move(first, small, seat)
    event.move(second, small, seat)
    event.replaying = True
    event.apply_moves()
    event.step(now.t)
    event.apply_moves()
    event.replaying = False
    assert not event.moves and not event.dropped


def _until(ws: Any, kind: str) -> list[dict[str, Any]]:
    """The frames ``ws`` receives up to the first of ``kind`` (or an error)."""
    frames = [ws.receive_json()]
    while frames[-1]["type"] not in (kind, "error"):
        frames.append(ws.receive_json())
    return frames


def test_the_hosts_pages_are_sent_a_dropped_move_and_the_players_are_not(tmp_path: Any) -> None:
    app, events = served(tmp_path, bot_seconds=0.5)
    with TestClient(app) as http, http.websocket_connect("/event/ws") as host, \
            http.websocket_connect("/event/ws") as watcher:
        host.send_json({"type": "open_event", "event": {"levels": [{"small_blind": 10, "big_blind": 20, "hands": 9}],
                                                        "starting_stack": 1_000, "seats": 6}})
        event_id = _until(host, "event_opened")[-1]["event_id"]
        watcher.send_json({"type": "event_hello", "event_id": event_id, "view": "lobby"})
        _until(watcher, "event_welcome")
        dropped = Dropped("bot 1", 2, 3, "seat_taken", "The move of bot 1 to table 2, seat 3 is dropped: bot 4 sits"
                          " there now. Move them again if you still want it.")
        runner = events.tasks[event_id].runner      # (as ``apply_moves`` does, on the event's loop)
        assert http.portal is not None
        http.portal.call(runner.dropped.append, dropped)
        host.send_json({"type": "add_bots", "count": 2})           # (a command: its updates are sent after it)
        host.send_json({"type": "add_bots", "count": 1})
        frames = _until(host, "event_done") + _until(host, "event_done")
        assert frames.count(dropped.json()) == 1, frames
        watcher.send_json({"type": "add_bots", "count": 1})        # (not_host: after the updates above)
        seen = _until(watcher, "error")
        assert seen[-1]["code"] == "not_host" and all(f["type"] != "move_dropped" for f in seen), seen
