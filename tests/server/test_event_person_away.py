"""Issue 38, any process serves any table: a person's table dealt away like a house bots' one
(server/event/seated.py, seatlink.py, tableplay.py). In one process on SQLite: the floor sends a
person's action on to the table's player (``SeatAct``), which takes it only from the seat's
token-holder on their turn and on the hand as their page saw it, times the turn and acts for the
seat whose time ran out (TDA 2024 Rule 30), and sends its views back, from which the person's page
is built. The two-process PostgreSQL run is test_event_spread_persons.py."""

from __future__ import annotations

import asyncio
import json
import secrets
from pathlib import Path
from typing import Any, cast

import pytest

from pokerfloor.server.event import away, seatlink
from pokerfloor.server.event import commands as ec
from pokerfloor.server.event.config import EventConfig
from pokerfloor.server.event.hands import table_key
from pokerfloor.server.event.seated import PERSON, TIMEOUT, SeatAct, Seats, Sitter, read_act, read_views, to_text
from pokerfloor.server.event.service import Events, Watch, digest
from pokerfloor.server.event.tableplay import TablePlays
from pokerfloor.server.store import Store
from pokerfloor.server.transport import Client
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.typedjson import Unreadable

EVENT = {"name": "Person away", "starting_stack": 600, "seats": 6, "between_hands": 0, "action_seconds": 1,
         "buy_in": 100, "payouts": [70, 30], "late_until": 0,
         "levels": [{"small_blind": 25 * 2**k, "big_blind": 50 * 2**k, "hands": 2} for k in range(14)]}


def table_player(events: Events) -> tuple[TablePlays, list[list[Any]]]:
    """The process's player of the hands dealt away, telling the floor its views, and the
    tables' own inputs as it writes them (dropped from the store once their hand is applied)."""
    store = events.store
    plays = events.plays = TablePlays(store, store.owner, dict, bot_seconds=0.0, tell=events.wake,
                                      views=lambda e, text: seatlink.to_floor(events, e, text))
    rows: list[list[Any]] = []
    write_many = store.write_many

    def written(writes: Any, **kwargs: Any) -> Any:
        rows.extend(body["op"] for _, _, body, _ in writes)
        return write_many(writes, **kwargs)
    store.write_many = written      # type: ignore[method-assign]
    return plays, rows


def frames(client: Client) -> list[dict[str, Any]]:
    """What the client was sent since last asked (its outbox, emptied)."""
    out = [json.loads(text) for text in client.outbox if isinstance(text, str)]
    client.outbox.clear()
    client.queued = 0
    return out


def test_a_persons_table_is_played_away_their_actions_sent_on_and_their_clock_run_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> dict[str, Any]:
        store = Store(f"sqlite:///{tmp_path / 'person.db'}", synchronous="normal")
        events = Events(store, bot_seconds=0.0, spread=True)
        task, _ = events.open(EventConfig.from_json(EVENT))
        runner, event_id = task.runner, task.runner.event_id
        token = secrets.token_urlsafe(24)
        runner.register("Ada", digest(token))
        runner.add_bots(5)
        runner.start()
        key = runner.person_of(digest(token))
        logged: list[tuple[Any, ...]] = []
        log = runner.log

        def logs(*op: Any) -> None:
            logged.append(op)
            log(*op)
        runner.log = logs      # type: ignore[method-assign]
        assert key is not None
        client = Client(cast(Any, None))
        task.clients[client] = Watch("player", key, False, token)
        plays, rows = table_player(events)
        player = asyncio.create_task(plays.run())
        done: set[tuple[int, int, int]] = set()
        seen: dict[str, Any] = {"turns": 0, "silent": 0, "refused": [], "forged": 0, "twice": 0}
        try:
            for _ in range(20_000):
                if runner.event.is_over:
                    break
                await asyncio.sleep(0.002)
                for frame in frames(client):
                    if frame["type"] == "error":
                        seen["refused"].append(frame["code"])
                    if frame["type"] != "event_seat" or frame["table"] is None:
                        continue
                    hand, seat = frame["table"]["hand"], frame["you"]["seat"]
                    if hand is None or frame["table"]["hand_over"] or hand["to_act"] != seat or hand["is_over"]:
                        continue
                    no = frame["table"]["table"]
                    assert all(card is None for s, cards in hand["holes"].items() if s != str(seat) for card in cards)
                    assert all(card is not None for card in hand["holes"][str(seat)])     # their own cards only
                    turn = (no, hand["button"], len(hand["events"]))
                    if turn in done:            # (a page sent again of a turn already taken)
                        continue
                    done.add(turn)
                    seen["turns"] += 1
                    if seen["turns"] == 2:
                        seen["silent"] = no         # silent this turn: timed out
                        continue
                    if not seen["forged"] and table_key(event_id, no) in plays.playing:   # another token: refused
                        live = runner.live.get(no)
                        plays.seat_act(to_text(SeatAct(event_id, no, runner.event.tables[no].hand_number, seat,
                                                       "not-the-token", 0 if live is None else live.acts, "fold")))
                        seen["forged"] = 1
                    act = "check" if hand["legal"].get("check") else "call" if hand["legal"].get("call") else "fold"
                    frame_out = {"type": "event_act", "action": act}
                    await task.queue.put((client, ec.receive(frame_out)))
                    if not seen["twice"] and table_key(event_id, no) in plays.playing:   # sent twice: made once
                        await task.queue.put((client, ec.receive(frame_out)))
                        seen["twice"] = 1
            else:
                raise AssertionError("the event did not end")
        finally:
            player.cancel()
            await asyncio.gather(player, return_exceptions=True)
        state = runner.state()
        await events.close()
        store.close()
        return {**seen, "rows": rows, "logged": logged, "state": state, "key": key}

    seen = asyncio.run(run())
    assert seen["turns"] >= 3 and seen["silent"]
    person_acts = [op for op in seen["rows"] if op[0] == away.ACT and op[6:] == [PERSON]]
    timeouts = [op for op in seen["rows"] if op[0] == away.ACT and op[6:] == [TIMEOUT]]
    assert person_acts and timeouts          # their actions made at the table's player, under its lease
    assert timeouts[0][3] in ("check", "fold")
    assert "bad_token" in seen["refused"] and "not_your_turn" in seen["refused"]
    late = seen["refused"].count("not_your_turn") - 1     # (the action sent twice; and any on a page gone stale)
    assert seen["turns"] - 1 - late <= len(person_acts) <= seen["turns"] - 1     # every other turn's action made
    assert not any(op[0] == "act" and op[-1] == seen["key"] for op in seen["logged"])   # none at the floor
    assert any(op[0] == "timeouts" and op[1] == seen["key"] for op in seen["logged"])  # their count, told back
    event = MultiTableTournament.from_record(seen["state"]["event"])
    places = event.standings()
    assert sorted(p.entry for p in places) == sorted(event.entries) and len(event.entries) == 6
    assert sum(p.prize for p in places) == event.prize_pool
    assert event.chips_on_tables() == event.chips_issued == 6 * 600


def test_a_deals_seats_and_the_messages_read_back_whole() -> None:
    seats = Seats({1: "tight"}, {2: Sitter("ab" * 32, 1)}, 12.0)
    assert Seats.from_json(seats.to_json()) == seats
    assert Seats.from_json('{"3": "pro"}') == Seats({3: "pro"})     # a deal of house bots only, as before
    for wrong in ('[]', '{"x": "pro"}', '{"persons": {"1": {"token_hash": 3}}}', "nope"):
        with pytest.raises(Unreadable):
            Seats.from_json(wrong)
    act = SeatAct("ev", 1, 4, 2, "t", 3, "raise", 200, None)
    assert read_act(to_text(act)) == act
    with pytest.raises(Unreadable):
        read_act(to_text(act).replace('"seen":3', '"seen":"3"'))
    with pytest.raises(Unreadable):
        read_views('{"event_id": "ev"}')


def test_a_persons_clock_at_a_table_played_away_stands_while_the_event_is_paused(tmp_path: Path) -> None:
    """The floor answers the table's views with ``Held`` while paused: no timeout then; once the
    event resumes, the clock runs out (the time before the pause counted, as on the floor's own
    tables)."""

    async def run() -> tuple[list[list[Any]], list[list[Any]]]:
        store = Store(f"sqlite:///{tmp_path / 'paused.db'}", synchronous="normal")
        events = Events(store, bot_seconds=0.0, spread=True)
        task, _ = events.open(EventConfig.from_json({**EVENT, "action_seconds": 2}))
        runner, token = task.runner, secrets.token_urlsafe(24)
        runner.register("Ada", digest(token))
        runner.add_bots(2)
        runner.start()
        plays, rows = table_player(events)
        player = asyncio.create_task(plays.run())
        try:
            for _ in range(2_000):          # until Ada is to act at a hand played away
                await asyncio.sleep(0.005)
                if any(p.hand.to_act in p.persons for p in plays.playing.values()):
                    break
            runner.pause()
            await asyncio.sleep(3.5)        # past her 2 s: held
            paused = [op for op in rows if op[6:] == [TIMEOUT]]
            runner.resume()
            for _ in range(1_000):
                await asyncio.sleep(0.01)
                if any(op[6:] == [TIMEOUT] for op in rows):
                    break
        finally:
            player.cancel()
            await asyncio.gather(player, return_exceptions=True)
            await events.close()
            store.close()
        return paused, [op for op in rows if op[6:] == [TIMEOUT]]

    paused, after = asyncio.run(run())
    assert paused == [] and after       # none while paused; once resumed, her clock ran out
