"""``event_host.mark`` is the served event's way to know whether the floor's ``ready`` changed
anything (a changed mark logs a "ready" input, which replay applies again: a change it missed
would make the replayed event go another way). It is cheap, and sound: over whole seeded events
(levels by the clock and by hands, breaks, hand-for-hand, halted tables, re-entries, rebuys,
tables ending their hands unevenly), around every call that changes the floor, the mark differs
exactly when the floor's state did, by the whole state's ``repr`` (what the mark was before)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor.bench.tournament import play_event
from pokerfloor.table import ManualClock
from pokerfloor.table.event import Break, MultiTableTournament
from pokerfloor.table.event_host import mark
from pokerfloor.table.tournament import Level

CALLS = ("ready", "deal", "end_hand", "settle", "register", "declare_rebuy", "start")


def whole(event: MultiTableTournament) -> tuple[int, int, str]:
    """The floor's whole state, as the mark was taken before it was made cheap."""
    return len(event.events), len(event.tables), repr(event.state)


class Watched:
    """Every call in ``CALLS`` on ``event`` checked: its mark changed iff its whole state did."""

    def __init__(self, event: MultiTableTournament) -> None:
        self.changed = self.same = 0
        for name in CALLS:
            setattr(event, name, self.checked(event, getattr(event, name)))

    def checked(self, event: MultiTableTournament, call: Callable[..., Any]) -> Callable[..., Any]:
        def made(*args: Any, **kwargs: Any) -> Any:
            before, cheap = whole(event), mark(event)
            try:
                return call(*args, **kwargs)
            finally:
                changed = whole(event) != before
                assert (mark(event) != cheap) == changed, (call.__name__, args)
                self.changed += changed
                self.same += not changed
        return made


def play(seed: int, entries: int, uneven: bool, by_clock: bool) -> Watched:
    rng = random.Random(seed)
    clock = ManualClock()
    levels: list[Level | Break] = [Level(25 * 2**k, 50 * 2**k, ante=5 * 2**k, **({"minutes": 3} if by_clock else
                                                                                   {"hands": 4})) for k in range(30)]
    levels.insert(3, Break(5))
    event = MultiTableTournament(
        pf.Game(variant="holdem", structure="no_limit", small_blind=25, big_blind=50, min_chip=5), levels,
        starting_stack=1500, rng=random.Random(seed + 1), clock=clock, buy_in=100, payouts=(40, 25, 15, 10, 10),
        late_until=2, reentries=1, rebuys_until=2, rebuy_price=100, seats=rng.choice((6, 9)),
        hand_for_hand=rng.choice((1, 3)))
    watched = Watched(event)
    for k in range(entries):
        event.register(f"p{k}")
    event.start()

    def tick(ev: MultiTableTournament) -> None:
        clock.advance(minutes=rng.choice((0, 0, 1)) if by_clock else 1)
        if ev.late_open():
            for e in list(ev.entries.values()):
                if e.out and rng.random() < 0.3 and sum(x.player == e.player for x in ev.entries.values()) < 2:
                    ev.register(e.player)
        if ev.level_number <= 2 and ev.left and rng.random() < 0.2:
            ev.declare_rebuy(rng.choice(ev.left))

    play_event(event, rng, tick=tick, asynchronous=uneven)
    assert event.is_over
    return watched


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32), entries=st.integers(12, 60), uneven=st.booleans(), by_clock=st.booleans())
def test_the_mark_changes_exactly_when_the_floors_state_does(seed: int, entries: int, uneven: bool,
                                                             by_clock: bool) -> None:
    watched = play(seed, entries, uneven, by_clock)
    assert watched.changed > 0 and watched.same > 0        # (both kinds of call were met)


def test_a_call_of_ready_that_changes_nothing_keeps_the_mark_and_one_that_does_changes_it() -> None:
    watched = play(5, 40, uneven=True, by_clock=True)
    assert watched.changed > 100 and watched.same > 10
