"""``pokerfloor bench --only serve`` runs: a tiny load (one table, three bots) against a real
``pokerfloor serve`` process, with every figure filled in and no error (no timing asserted)."""

from __future__ import annotations

import math

from pokerfloor.bench.serve import run_serve


def test_the_serve_bench_runs_a_tiny_load_clean() -> None:
    got = run_serve(tables=1, players=3, hands=2, think=0, timeout=60)
    assert got.errors == 0, got.problems
    assert got.hands_played >= 2 and got.actions > 0
    assert not math.isnan(got.p50_ms) and got.p50_ms <= got.p99_ms <= got.max_ms
    assert got.server_cpu_seconds > 0 and got.rss_mb > 0


def test_an_action_is_timed_to_the_update_its_ack_names_whatever_came_between() -> None:
    """Another input (a bot buying in again) may take the sequence number after the update an
    action answered: the action is timed to the update its ``ack`` names, heard by every bot
    before or after the ack arrives; an action never acknowledged is not timed."""
    from pokerfloor.bench.serve import _Table

    table = _Table(players=2)
    table.sent("a")
    table.heard(11)            # a rebuy's update, sequence 11, reaches both bots first
    table.heard(11)
    table.heard(12)            # the action's own update reaches one bot
    table.acked("a", 12)
    assert table.latencies == [] and table.waiting
    table.heard(12)            # ... and then the other: now it is timed
    assert len(table.latencies) == 1 and not table.waiting and not table.sent_at
    table.sent("b")
    table.heard(13)
    table.heard(13)
    table.acked("b", 13)       # heard by everyone before its ack came
    table.sent("c")            # never acknowledged
    assert len(table.latencies) == 2 and table.sent_at == {"c": table.sent_at["c"]}
    assert all(x >= 0 for x in table.latencies)


def test_spectators_watch_the_first_tables_and_every_update_reaches_them() -> None:
    """``spectators`` clients join over the protocol (``hello`` without a token, ``spectate``),
    one a table here; they hold every update the bots held, and the rail's latency is timed."""
    got = run_serve(tables=2, players=3, hands=2, think=0, timeout=60, spectators=2)
    assert got.errors == 0, got.problems
    assert got.spectators == 2 and got.rail_tables == 2
    # Each spectator holds at least one update per timed action of its table.
    assert got.spectator_updates >= got.hands_played
    assert not math.isnan(got.rail_p50_ms) and got.rail_p50_ms <= got.rail_p99_ms <= got.rail_max_ms


def test_spectators_spread_over_the_first_ten_tables() -> None:
    from pokerfloor.bench.serve import spread

    assert spread(200, 50) == [20] * 10 + [0] * 40
    assert spread(40, 10) == [4] * 10
    assert spread(2, 2) == [1, 1]
    assert spread(23, 12) == [3, 3, 3] + [2] * 7 + [0, 0]
    assert spread(0, 5) == [0] * 5
    assert sum(spread(7, 3)) == 7


def test_a_missed_update_is_counted_once_every_spectator_watched() -> None:
    """An update every bot held but not every spectator (after they all watched) is missed; the
    rail is timed from the action's sending to the last spectator's copy."""
    from pokerfloor.bench.serve import _Table

    table = _Table(players=1, spectators=2)
    table.rail_from = 4
    table.sent("a")
    table.heard(4)             # before every spectator watched: not missed
    table.heard(5)
    table.acked("a", 5)
    table.watched(5)
    assert table.rail_missed() == 1 and table.rail_latencies() == []
    table.watched(5)
    assert table.rail_missed() == 0 and len(table.rail_latencies()) == 1
    assert table.spectator_updates == 2 and table.rail_latencies()[0] >= 0
