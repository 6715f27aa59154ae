"""Issue 38, done when 1: a 30-entry event of bots run through the server to the end, over its
WebSocket (``/event/ws``): the host opens it and fills it with house bots, two people register
by the event's link and play their own turns, the host starts it, and the floor runs itself:
tables broken and balanced, a re-entry, bounties, levels changing while several tables are in a
hand, hand-for-hand at the bubble. Every entry is placed once, chips are conserved at every
hand's end, the prizes add up to the pool, and the bounties to what was put on heads. Every
table's hands are downloaded as PHH and OHH, and ``pokerfloor verify`` replays them."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from pokerfloor.cli import app as cli
from pokerfloor.cli import histories  # noqa: F401 - registers verify
from pokerfloor.io import phh
from pokerfloor.server import create_app
from pokerfloor.server.event.runner import EventRunner
from pokerfloor.server.event.service import Events

LEVELS = [{"small_blind": 10 * 2**k, "big_blind": 20 * 2**k, "ante": 2**k, "hands": 4} for k in range(14)]
EVENT = {"name": "Friday thirty", "levels": LEVELS, "starting_stack": 1_500, "seats": 6, "buy_in": 1_000,
         "bounty": 500, "late_until": 3, "reentries": 1, "payouts": [30, 20, 15, 10, 8, 7, 5, 5],
         "hand_for_hand": 5, "between_hands": 0, "action_seconds": 5}


def served(tmp_path: Any, *, bot_seconds: float = 0.003) -> tuple[Any, Events]:
    app = create_app(f"sqlite:///{tmp_path / 'events.db'}", seeds=lambda: "5e" * 32)
    events: Events = app.state.events
    events.bot_seconds = bot_seconds
    return app, events


def play(ws: Any, seen: list[dict[str, Any]]) -> None:
    """A person at the event: on their turn they check, else call a small bet, else fold."""
    while True:
        try:
            frame = ws.receive_json()
        except WebSocketDisconnect:
            return
        seen.append(frame)
        if frame["type"] == "event_seat" and frame["over"]:
            return
        hand = frame.get("table") and frame["table"]["hand"]
        if frame["type"] != "event_seat" or not hand or frame["table"]["hand_over"]:
            continue
        if hand["to_act"] != frame["you"]["seat"] or not hand["legal"]:
            continue
        legal = hand["legal"]
        call = legal.get("call")
        action = "check" if legal.get("check") else "call" if call and call[0] <= 4 * LEVELS[0]["big_blind"] else "fold"
        ws.send_json({"type": "event_act", "action": action})


def test_a_thirty_entry_event_of_bots_runs_through_the_server_to_the_end(tmp_path: Any,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(EventRunner, "audit", True)     # each hand's end counts every chip (``checks``)
    app, events = served(tmp_path)
    with TestClient(app) as http, http.websocket_connect("/event/ws") as host:
        host.send_json({"type": "open_event", "event": EVENT})
        opened = host.receive_json()
        assert opened["type"] == "event_opened"
        event_id = opened["event_id"]
        host.send_json({"type": "add_bots", "count": 28})
        people: list[Any] = []
        seen: dict[str, list[dict[str, Any]]] = {}
        for name in ("Ada", "Bo"):
            ws = http.websocket_connect("/event/ws").__enter__()
            ws.send_json({"type": "event_hello", "event_id": event_id, "view": "player"})
            ws.send_json({"type": "register", "name": name})
            people.append(ws)
            seen[name] = []
        host.send_json({"type": "start_event"})
        threads = [threading.Thread(target=play, args=(ws, seen[name])) for ws, name in zip(people, seen)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=240)
        assert not any(thread.is_alive() for thread in threads)
        runner = events.tasks[event_id].runner
        event = runner.event
        results = http.get(f"/event/{event_id}/results.json").json()
        for ws in people:
            ws.__exit__(None, None, None)
        # every table's hands, as PHH and OHH, built in the worker process; pokerfloor verify replays them
        dealt = Counter(no for no, _, _ in runner.deals)
        phhs = {no: http.get(f"/event/{event_id}/tables/{no}/hands.phhs") for no in dealt}
        ohhs = {no: http.get(f"/event/{event_id}/tables/{no}/hands.ohh.json") for no in dealt}
        assert http.get(f"/event/{event_id}/tables/{max(dealt) + 1}/hands.phhs").status_code == 404
    assert event.is_over and results["over"]
    kinds = [e.kind for e in event.events]
    places = event.standings()
    # every entry placed once, places 1..N (players sharing a place, TDA 2024 RP-8-A, take the
    # places below it), prizes adding up to the pool
    assert sorted(p.entry for p in places) == sorted(event.entries) and len(event.entries) > 30
    ranks = sorted(p.place for p in places)
    assert all(rank == 1 + sum(other < rank for other in ranks) for rank in ranks)
    assert sum(p.prize for p in places) == event.prize_pool == 1_000 * len(event.entries)
    assert sum(p["prize"] for p in results["places"]) == results["prize_pool"]
    # chips conserved at every hand's end
    assert runner.checks and all(on == issued for on, issued in runner.checks)
    # a re-entry (a house bot out in late registration enters again), bounties paid in full
    assert any(len(p.entries) == 2 for p in runner.persons.values()) and "seat" in kinds
    assert "bounty" in kinds
    still = sum(e.bounty for e in event.entries.values())
    assert sum(p.bounties for p in places) + still == 500 * len(event.entries)
    # tables broken, balanced, hand-for-hand at the bubble, the final table redrawn
    assert "break_table" in kinds and "hand_for_hand" in kinds and "final_table" in kinds
    assert any(e.kind == "move" and "balanc" in e.rule.lower() for e in event.events) or "move" in kinds
    # a level began while several tables were in a hand; each dealt its next hand at the new level
    switched = [(level, mid) for level, mid in runner.level_switches if len(mid) >= 2]
    assert switched
    level, mid = switched[0]
    for no in mid:
        later = [lv for table, lv, _ in runner.deals if table == no]
        assert level in later or no not in event.tables
    # the people played their own turns, and heard in words where they sat
    assert all(any(f["type"] == "event_seat" for f in frames) for frames in seen.values())
    path = tmp_path / "tables.phhs"
    path.write_text("\n".join(answer.text for answer in phhs.values()))
    read = [h for h in phh.read_file_entries(path) if isinstance(h, phh.HandHistory)]
    assert len(read) == sum(dealt.values()) == runner.hands
    assert all(len(ohhs[no].json()) == count for no, count in dealt.items())
    ran = CliRunner().invoke(cli, ["verify", str(path)])
    assert ran.exit_code == 0 and "mismatch" not in ran.output.lower(), ran.output
    assert results["seed"] == "5e" * 32
