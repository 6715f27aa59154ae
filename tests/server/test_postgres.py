"""The server on a real PostgreSQL (a throwaway cluster): a session through the protocol, the
fault test, and two processes sharing the database with one owner per table (advisory lock),
which serves the clients of the other process too (server/bus.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pokerfloor.server import create_app
from pokerfloor.server.store import Store
from tests.server.conftest import FakeClock, Session
from tests.server.postgres import cluster
from tests.server.test_faults import COMPILED_BUILD, GAME, POINTS, Client, Server, check_crashed_like_calm

OPTIONS = {"between_hands": {"seconds": 0, "showdown": 0}}     # dealt at once (issue 35)


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with cluster() as url:
        yield url


def test_a_session_on_postgresql_balances_and_survives_a_rebuild(postgres: str) -> None:
    app = create_app(postgres, clock=FakeClock(), flood=10_000)
    with TestClient(app) as http:
        game = Session(http)
        for seat in (1, 2, 3):
            game.join(f"p{seat}", seat)
        game.host.reply({"type": "start"})
        for _ in range(3):
            game.play_hand()
        game.sync()
        rebuilt = app.state.server.rebuild(game.table_id)
        assert rebuilt.seq == game.room.seq and rebuilt.table.hand_number == game.room.table.hand_number
        assert [h.result for h in rebuilt.hands] == [h.result for h in game.room.hands]
        game.close()


def test_killed_on_postgresql_the_session_is_the_same(postgres: str, tmp_path: Path) -> None:
    """The fault test on PostgreSQL: every named point twice (POINTS; once on the compiled
    build), against the same session run without a crash (on SQLite: the PHH is the same)."""
    check_crashed_like_calm(tmp_path / "calm.db", postgres, len(POINTS) * (1 if COMPILED_BUILD else 2))


def test_one_owner_per_table_and_a_takeover_when_it_dies(postgres: str) -> None:
    first, second = Server(postgres, seed="ab" * 16), Server(postgres, seed="ab" * 16)
    first.start()
    second.start()
    try:
        host = Client(first)
        created = host.reply({"type": "create_table", "game": GAME, "seats": 6, "options": OPTIONS})
        table_id, token = created["table_id"], created["host_token"]
        for seat in (1, 2):
            player = Client(first)
            player.reply({"type": "hello", "version": 1, "table_id": table_id})
            player.reply({"type": "join", "name": f"p{seat}", "seat": seat, "chips": 100})
        host.reply({"type": "start"})
        before = host.reply({"type": "resync", "last_seq": 0})
        assert before["table"]["hand_number"] == 1
        relayed = Client(second)     # the process that does not own the table serves it all the same
        assert relayed.reply({"type": "hello", "version": 1, "table_id": table_id, "token": token})["type"] == "welcome"
        assert relayed.reply({"type": "resync", "last_seq": 0})["seq"] == before["seq"]
        probe = Store(postgres)
        assert not probe.claim(table_id)                 # through its owner (server/bus.py): still one owner
        probe.close()
        relayed.ws.close()
        first.stop()                                     # the owner dies; its lock goes with it
        assert second.hello(table_id, token)["type"] == "welcome"
        after = Client(second)
        after.reply({"type": "hello", "version": 1, "table_id": table_id, "token": token})
        state = after.reply({"type": "resync", "last_seq": 0})
        assert state["seq"] == before["seq"] and state["hand"]["events"] == before["hand"]["events"]
    finally:
        first.stop()
        second.stop()
    Store(postgres).close()
