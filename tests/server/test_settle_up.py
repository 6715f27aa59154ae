"""Money by the table's rules (issue 35, finding 10): the ledger's Net and its settle-up agree at
every moment, mid-hand too (the page showed "Net -69" for a player the settle-up had pay 60),
and top-ups follow the buy-in's rules (GENRULES buy-in, seed 002) and the host's approval."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pokerfloor.server.downloads import results, session_summary, settle_up

from .conftest import Peer, Session
from .played import play


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), hands=st.integers(1, 6), more=st.integers(0, 12), players=st.integers(2, 6))
def test_the_net_and_the_settle_up_agree_at_every_moment(seed: int, hands: int, more: int, players: int) -> None:
    """A random session stopped anywhere (``more`` inputs into a hand): the results add up to
    zero, the settle-up pays each loser's loss and each winner's win exactly, and the summary's
    results are the same figures."""
    room, _ = play(hands, seed=seed, more=more, players=players)
    net = results(room)
    assert sum(net.values()) == 0
    paid: dict[str, int] = dict.fromkeys(net, 0)
    for payer, payee, chips in settle_up(net):
        assert chips > 0 and net[payer] < 0 < net[payee]
        paid[payer] -= chips
        paid[payee] += chips
    assert paid == net
    summary = {p["player_id"]: p["result"] for p in session_summary(room)["players"]}
    assert {p: r for p, r in summary.items() if p in net} == {p: net[p] for p in summary}
    ledger = room.table.ledger
    for player in net:      # the Net a page shows: what the book holds, taken away, less brought in
        assert net[player] == ledger.holding(player) + ledger.taken_away(player) - ledger.brought_in(player)


def _started(http: TestClient, **options: Any) -> tuple[Session, list[Peer]]:
    game = Session(http, **options)
    peers = [game.join(name, seat, chips=100) for seat, name in enumerate(("ann", "bob", "cy"), 1)]
    if options.get("approval"):
        game.host.sync()
        for request in game.host.state["table"]["requests"]:
            assert game.host.reply({"type": "approve", "request_id": request["request_id"]})["type"] == "ack"
    assert game.host.reply({"type": "pause"})["type"] == "ack"
    return game, peers


def test_a_top_up_is_at_least_the_minimum_buy_in_or_fills_the_stack_genrules(http: TestClient) -> None:
    """Finding 10: a player topped up 50 at a table whose minimum buy-in is more. At 1/2 no-limit
    the buy-in is 40 to 200 (GENRULES): a top-up adds at least 40, or brings the stack to 200."""
    game, peers = _started(http)
    small = peers[0].reply({"type": "top_up", "chips": 30})
    assert small["type"] == "error" and small["code"] == "illegal" and small["reason"] == "below_min_buy_in"
    assert "at least the minimum buy-in, 40" in small["message"]
    assert "100 to bring your stack to the maximum" in small["message"]
    assert "(" not in small["message"]
    over = peers[0].reply({"type": "top_up", "chips": 101})
    assert over["type"] == "error" and over["code"] == "illegal"
    assert peers[0].reply({"type": "top_up", "chips": 40})["type"] == "ack"
    assert peers[1].reply({"type": "top_up", "chips": 100})["type"] == "ack"
    assert game.room.table.stack(1) == 140 and game.room.table.stack(2) == 200
    topped = game.room.table.stack(1)
    assert peers[0].reply({"type": "top_up", "chips": 200 - topped})["type"] == "ack"   # 60: up to the maximum
    game.close()


def test_at_an_approval_table_the_host_approves_each_top_up(http: TestClient) -> None:
    """Finding 10: top-ups needed no approval where seats did."""
    game, peers = _started(http, approval=True)
    asked = peers[0].reply({"type": "top_up", "chips": 50})
    assert asked["type"] == "ack" and asked["request_id"]
    assert game.room.table.stack(1) == 100                  # not yet: the host approves it
    game.host.sync()
    waiting = [r for r in game.host.state["table"]["requests"] if r["kind"] == "top_up"]
    assert waiting == [{"request_id": asked["request_id"], "kind": "top_up", "name": "ann", "seat": 1, "chips": 50}]
    assert game.host.reply({"type": "approve", "request_id": asked["request_id"]})["type"] == "ack"
    assert game.room.table.stack(1) == 150 and game.room.top_ups == {}
    refused = peers[1].reply({"type": "top_up", "chips": 60})
    assert game.host.reply({"type": "refuse", "request_id": refused["request_id"]})["type"] == "ack"
    assert game.room.table.stack(2) == 100 and game.room.top_ups == {}
    game.close()
