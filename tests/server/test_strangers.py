"""No way in for strangers (docs/protocol.md, "Tokens" and "Errors"): a table's id is the secret
of its link, so no endpoint lists tables, ids and tokens carry 128 random bits or more, and
tables created, seats requested and chat lines are rate-limited."""

from __future__ import annotations

import base64
from types import SimpleNamespace
from typing import Any, cast

import pytest
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from pokerfloor.server import limits
from pokerfloor.server.limits import Limiter, Rate
from pokerfloor.server.room import Refused
from pokerfloor.server.transport import Client
from tests.server.conftest import GAME, Peer, Session


def _bits(text: str) -> int:
    """The random bits a base64url (or hex) token can carry."""
    if all(c in "0123456789abcdef" for c in text):
        return 4 * len(text)
    return 8 * len(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))


def test_no_endpoint_lists_the_running_tables(http: TestClient) -> None:
    """Every HTTP route that names no table is asked for: none answers with a table's id."""
    game = Session(http)
    game.join("ann", 1)
    routes = [r for r in http.app.routes if isinstance(r, Route) and "{" not in r.path]  # type: ignore[attr-defined]
    assert routes
    for route in routes:
        got = http.get(route.path)
        assert game.table_id not in got.text, route.path
    for path in ("/api/tables", "/api/tables/", "/api", "/tables", "/index.html"):
        assert game.table_id not in http.get(path).text, path
    assert any(isinstance(r, Mount) for r in http.app.routes)  # type: ignore[attr-defined]
    assert http.get("/api/tables").status_code == 404
    game.close()


def test_table_ids_and_every_token_carry_128_random_bits(http: TestClient) -> None:
    game = Session(http, seed="beef")
    ann = game.join("ann", 1)
    game.join("bob", 2)
    game.host.reply({"type": "start"})
    to_act = game.to_act()
    assert to_act is not None and to_act.turn_token is not None
    for name, secret in (("table id", game.table_id), ("host token", game.host.token),
                         ("seat token", ann.token), ("turn token", to_act.turn_token)):
        assert secret is not None and _bits(secret) >= 128, (name, secret)
    # A seat token the client chooses must be long enough to hold 128 bits.
    eve = Peer(http, "eve")
    eve.reply({"type": "hello", "version": 1, "table_id": game.table_id})
    short = eve.reply({"type": "join", "name": "eve", "seat": 3, "chips": 100, "seat_token": "x" * 21})
    assert short["type"] == "error" and short["code"] == "bad_field", short
    game.close()


def test_an_address_opens_at_most_the_burst_of_tables_at_once(http: TestClient) -> None:
    host = Peer(http, "host")
    burst = limits.DEFAULT_RATES.tables.burst  # type: ignore[union-attr]
    made = [host.reply({"type": "create_table", "game": GAME, "seats": 6}) for _ in range(burst + 2)]
    assert [m["type"] for m in made] == ["table_created"] * burst + ["error"] * 2
    assert made[-1]["code"] == "rate_limited"
    server = http.app.state.server  # type: ignore[attr-defined]
    assert len(server.tables) == burst


def test_an_address_requests_at_most_the_burst_of_seats_at_once(http: TestClient) -> None:
    game = Session(http, approval=True)
    burst = limits.DEFAULT_RATES.seat_requests.burst  # type: ignore[union-attr]
    asked = []
    for n in range(burst + 3):
        peer = Peer(http, f"p{n}")
        peer.reply({"type": "hello", "version": 1, "table_id": game.table_id})
        asked.append(peer.reply({"type": "join", "name": f"p{n}", "seat": 1 + n % 6, "chips": 100}))
    kinds = [a["type"] if a["type"] != "error" else a["code"] for a in asked]
    assert kinds.count("rate_limited") == 3 and "rate_limited" not in kinds[:burst], kinds
    assert len(game.room.requests) + len(game.room.players) <= burst
    game.close()


def test_the_limits_are_per_address(http: TestClient) -> None:
    server = http.app.state.server  # type: ignore[attr-defined]

    def client(address: str) -> Client:
        return Client(cast(Any, SimpleNamespace(client=SimpleNamespace(host=address))))

    here, there = client("10.0.0.1"), client("10.0.0.2")
    burst = limits.DEFAULT_RATES.tables.burst  # type: ignore[union-attr]
    for _ in range(burst):
        server._check_rate(here, "create_table")
    with pytest.raises(Refused) as refused:
        server._check_rate(here, "create_table")
    assert refused.value.code == "rate_limited"
    server._check_rate(there, "create_table")        # another address has its own bucket
    server._check_rate(here, "hello")                # and other frames are not counted


def test_chat_is_limited_per_seat(http: TestClient) -> None:
    """Of 24 lines a player sends at once, the burst reaches the table; another seat still chats."""
    game = Session(http)
    ann, bob = game.join("ann", 1), game.join("bob", 2)
    burst = limits.DEFAULT_RATES.chat.burst  # type: ignore[union-attr]
    replies = [ann.reply({"type": "chat", "text": f"line {n}"}) for n in range(24)]
    assert [r["type"] for r in replies] == ["ack"] * burst + ["error"] * (24 - burst)
    assert {r["code"] for r in replies[burst:]} == {"rate_limited"}
    assert bob.reply({"type": "chat", "text": "hi"})["type"] == "ack"
    said = [e["text"] for e in game.store_inputs() if e["kind"] == "chat"]
    assert said == [f"line {n}" for n in range(burst)] + ["hi"]
    game.close()


def test_a_bucket_earns_its_tokens_back_with_time_and_forgets_quiet_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    bucket = Limiter(Rate(burst=2, per_second=0.5), clock=lambda: now[0])
    assert [bucket.allow("a") for _ in range(3)] == [True, True, False]
    now[0] += 1.9
    assert not bucket.allow("a")
    now[0] += 0.2                        # two seconds: one back
    assert bucket.allow("a") and not bucket.allow("a")
    monkeypatch.setattr(limits, "KEEP", 4)
    for key in "bcdef":
        bucket.allow(key)
    assert len(bucket.buckets) <= 4      # bounded however many keys come
    now[0] += 100
    for key in "ghijk":
        bucket.allow(key)
    assert len(bucket.buckets) <= 4
