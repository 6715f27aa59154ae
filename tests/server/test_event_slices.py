"""Issue 38: what a person's action waits on in a served event is kept short. The event's one
task moves the floor on in slices (``EventRunner.step``'s ``slice_seconds``): once its time is
up a slice ends no more hands, deals no more and plays no more bots' turns, so a client's command
waits for one slice, not for every table's work; the event so played (hand-for-hand included)
still ends with every entry placed once and the prizes adding up to the pool, and its logged
inputs rebuild it exactly. And
while the store is behind (``Pipe.unwritten`` over ``service.BACKLOG``) the task makes no step
(no house bot adds to what a person's action is written after) but still carries out the
clients' commands."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

from pokerfloor.server.event import commands as ec
from pokerfloor.server.event import service
from pokerfloor.server.event.clock import EventClock
from pokerfloor.server.event.pipe import Pipe, Work
from pokerfloor.server.event.runner import EventRunner
from pokerfloor.server.store import Store
from pokerfloor.server.transport import Client
from tests.server.test_event_runner import runner


def test_a_sliced_step_ends_deals_or_plays_one_at_a_time_and_the_event_still_ends_right() -> None:
    event, now = runner(bounty=50, hand_for_hand=5, starting_stack=600, payouts=[30, 20, 15, 10, 8, 7, 5, 5])
    event.add_bots(30)
    first = event.state()
    event.start()
    ends = steps = 0
    while not event.event.is_over and steps < 50_000:
        before = len(event.inputs)
        event.step(now.t, slice_seconds=0.0)    # every slice's time is up at once
        steps += 1
        ops = [body["op"][0] for _, body in event.inputs[before:]]
        assert ops.count("end") <= 1 and ops.count("deal") <= 1 and ops.count("act") <= 1, ops
        if "end" in ops:        # the floor is asked which tables deal once every finished hand is ended
            assert "deal" not in ops and "act" not in ops, ops
            ends += 1
        now.t += 0.01
    assert event.event.is_over and ends == event.hands
    assert any(ruling.kind == "hand_for_hand" for ruling in event.event.events)
    assert len({no for no, _, _ in event.deals}) >= 5        # (five tables at the start, dealt one a step)
    places = event.event.standings()
    assert sorted(p.entry for p in places) == sorted(event.event.entries)
    assert sum(p.prize for p in places) == event.event.prize_pool
    rows = [(seq, json.dumps(body, sort_keys=True)) for seq, body in event.inputs if seq > first["seq"]]
    again = EventRunner.from_state("ev", event.config, event.host_hash, json.loads(json.dumps(first)),
                                   EventClock(now), rows)
    assert again.state() == event.state()


def test_the_task_holds_the_bots_back_while_the_store_is_behind_and_still_carries_out_commands(
        tmp_path: Any) -> None:
    async def main() -> None:
        events = service.Events(Store(f"sqlite:///{tmp_path / 'e.db'}"), bot_seconds=0.0)
        event, _ = runner()
        event.add_bots(12)
        event.start()
        task = service.EventTask(events, event)
        release = threading.Event()
        written: list[int] = []

        def slow(works: list[Work]) -> None:       # the store, slow to commit
            release.wait(10)
            written.extend(len(work.made) for work in works)

        task.pipe = Pipe("ev", slow, task.lost)
        steps = 0
        step = event.step

        def counted(*args: Any, **kwargs: Any) -> float:
            nonlocal steps
            steps += 1
            return step(*args, **kwargs)

        event.step = counted            # type: ignore[method-assign]
        task.start()
        for _ in range(500):
            await asyncio.sleep(0.005)
            if task.pipe.unwritten > service.BACKLOG:
                break
        assert task.pipe.unwritten > service.BACKLOG
        held, made = steps, event.seq
        for _ in range(20):
            await asyncio.sleep(0.005)
        assert steps == held and event.seq == made      # no step while the store is behind
        watcher = Client(socket=None)  # type: ignore[arg-type]  (its frames queue in its outbox)
        await task.queue.put((watcher, ec.Received(ec.EventHello(event_id="ev", token=None, view="lobby"))))
        for _ in range(100):
            await asyncio.sleep(0.005)
            if watcher in task.clients:
                break
        assert watcher in task.clients and steps == held      # carried out, still no step
        release.set()
        for _ in range(400):
            await asyncio.sleep(0.005)
            if steps > held:
                break
        assert steps > held and sum(written) >= made      # written, the steps go on
        await task.queue.put(None)
        assert task.task is not None
        await asyncio.wait_for(task.task, 10)

    asyncio.run(main())
