"""Any process serves any table (server/bus.py): two ``pokerfloor serve`` processes on one
throwaway PostgreSQL cluster, the clients of one table spread over both as a round-robin proxy
would spread them. A hand is played through, the owner is SIGKILLed mid-hand with an action
stored and not yet answered, every client reconnects to the process left (which takes the table
over), resyncs and resends, and the session goes on; a fresh process then joins in again. No
action is lost or applied twice."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from websockets.exceptions import ConnectionClosed, InvalidMessage

from pokerfloor.server.store import Store
from tests.server.postgres import cluster
from tests.server.test_faults import GAME, Client, Server, _choose

PLAYERS = {"ann": 1, "bob": 2, "cy": 4, "dee": 5}
HANDS = 4
KILL_AT = 12     # mid-street actions stored before the owner dies: 3 into hand 2 with this seed
LOST = (ConnectionClosed, OSError, TimeoutError, EOFError, InvalidMessage)


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with cluster() as url:
        yield url


class Seat:
    """A client that reconnects where it is sent (``servers``, round robin) when its
    connection is lost, with its token, and resends its unanswered action."""

    def __init__(self, name: str, token: str, table_id: str) -> None:
        self.name, self.token, self.table_id = name, token, table_id
        self.client: Client | None = None
        self.seq = 0

    def connect(self, server: Server) -> None:
        for _ in range(50):
            try:
                client = Client(server)
                client.seq = self.seq
                welcome = client.reply({"type": "hello", "version": 1, "table_id": self.table_id, "token": self.token})
            except LOST:
                time.sleep(0.1)          # the table is changing owner: its relayed clients are closed
                continue
            assert welcome["type"] == "welcome", (self.name, welcome)
            self.client = client
            return
        raise AssertionError(f"{self.name} could not reconnect")

    def reply(self, frame: dict[str, Any]) -> dict[str, Any]:
        assert self.client is not None
        got = self.client.reply(frame)
        self.seq = self.client.seq
        return got

    def close(self) -> None:
        if self.client is not None:
            self.client.ws.close()


def _play(seats: dict[str, Seat], until: int, servers: list[Server],
          killed: list[tuple[Server, int]] | None = None) -> tuple[dict[tuple[str, str], int], int]:
    """Play until hand ``until`` is over. If servers[0] (the owner) dies meanwhile (``killed``
    says it may), every client reconnects to the others, round robin, resyncs and resends its
    unanswered action. Returns each acknowledged action's count by (name, client action id) and
    how many actions were resent."""
    acked: dict[tuple[str, str], int] = {}
    unanswered: dict[str, dict[str, Any]] = {}
    resent = 0
    for _ in range(2000):
        try:
            for name, frame in list(unanswered.items()):
                got = seats[name].reply(dict(frame))
                assert got["type"] == "ack", got
                resent += 1
                acked[(name, frame["client_action_id"])] = acked.get((name, frame["client_action_id"]), 0) + 1
                del unanswered[name]
            state = seats["host"].reply({"type": "resync", "last_seq": seats["host"].seq})
            number = state["table"]["hand_number"]
            hand = state["hand"] or {}
            if number > until or (number == until and hand.get("is_over", True)):
                return acked, resent
            seat = None if hand.get("is_over", True) else hand.get("to_act")
            turn = next((n for n, s in PLAYERS.items() if s == seat), None)
            if turn is None:
                continue
            mine = seats[turn].reply({"type": "resync", "last_seq": seats[turn].seq})
            if not mine["you"]["turn_token"]:
                continue
            view = mine["hand"]
            action, to = _choose(number, view["legal"], len(view["events"]))
            frame = {"type": "act", "hand": number, "action": action, "to": to,
                     "turn_token": mine["you"]["turn_token"], "client_action_id": f"{number}-{len(view['events'])}"}
            unanswered[turn] = frame
            got = seats[turn].reply(dict(frame))
            assert got["type"] == "ack", got
            acked[(turn, frame["client_action_id"])] = acked.get((turn, frame["client_action_id"]), 0) + 1
            del unanswered[turn]
        except LOST:
            assert killed is not None, "a connection was lost with no server killed"
            for _ in range(400):
                if servers[0].dead():
                    break
                time.sleep(0.005)
            assert servers[0].dead(), "a connection failed but the owner lives"
            killed.append((servers.pop(0), number))
            for i, seat_ in enumerate(seats.values()):
                seat_.close()
                seat_.connect(servers[i % len(servers)])
            for frame in unanswered.values():     # the turn token died with the owner: asked again
                frame["turn_token"] = "stale"
            for name in list(unanswered):
                mine = seats[name].reply({"type": "resync", "last_seq": seats[name].seq})
                if mine["you"]["turn_token"]:
                    unanswered[name]["turn_token"] = mine["you"]["turn_token"]
                else:
                    # Its turn passed: the action was stored before the kill. The resend, with
                    # the same client action id, is answered as a duplicate, not applied again.
                    frame = unanswered.pop(name)
                    got = seats[name].reply(dict(frame))
                    assert got["type"] == "ack" and got["duplicate"], got
                    resent += 1
                    acked[(name, frame["client_action_id"])] = acked.get((name, frame["client_action_id"]), 0) + 1
    raise AssertionError("the session did not finish")


def test_clients_spread_over_two_processes_play_on_through_the_owners_death(postgres: str) -> None:
    owner, other = Server(postgres), Server(postgres)
    # The owner dies as an action of hand 2 is stored, before anyone hears of it (the kill
    # hook of ``pokerfloor serve``): an action in flight.
    owner.start(f"stored/mid_street:{KILL_AT}")
    other.start()
    seats: dict[str, Seat] = {}
    killed: list[tuple[Server, int]] = []
    third: Server | None = None
    try:
        creator = Client(owner)
        created = creator.reply({"type": "create_table", "game": GAME, "seats": 6, "options": {"seed": "ab" * 16}})
        table_id = created["table_id"]
        seats["host"] = Seat("host", created["host_token"], table_id)
        creator.ws.close()
        servers = [owner, other]
        for i, (name, seat) in enumerate(PLAYERS.items()):
            joining = Client(servers[(i + 1) % 2])     # bob and dee reach the process that does not own the table
            welcome = joining.reply({"type": "hello", "version": 1, "table_id": table_id})
            assert welcome["type"] == "welcome", welcome
            joined = joining.reply({"type": "join", "name": name, "seat": seat, "chips": 100 + 20 * seat})
            assert joined["type"] == "seat_requested", joined
            joining.ws.close()
            seats[name] = Seat(name, joined["seat_token"], table_id)
        for i, seat_ in enumerate(seats.values()):
            seat_.connect(servers[i % 2])              # host, bob, dee on the owner; ann and cy relayed
        assert seats["host"].reply({"type": "start"})["type"] == "ack"
        acked, resent = _play(seats, 3, servers, killed)
        assert [server for server, _ in killed] == [owner] and resent > 0
        assert killed[0][1] >= 2                  # hand 1 was played through before the owner died
        third = Server(postgres)                         # a fresh process joins in: clients spread again
        third.start()
        servers = [other, third]
        for i, seat_ in enumerate(seats.values()):
            seat_.close()
            seat_.connect(servers[i % 2])
        more, _ = _play(seats, HANDS, servers)
        for key, count in more.items():
            acked[key] = acked.get(key, 0) + count
        with urllib.request.urlopen(f"http://127.0.0.1:{third.port}/api/tables/{table_id}/hands.phhs") as answer:
            assert answer.read().decode().count("actions") == HANDS      # served by a process that does not own it
    finally:
        for seat_ in seats.values():
            seat_.close()
        for server in (owner, other, *([] if third is None else [third])):
            server.close()
    store = Store(postgres)
    try:
        inputs = store.inputs(table_id)
    finally:
        store.close()
    stored = [e for e in inputs if e["kind"] == "act"]
    ids = [e["client_action_id"] for e in stored]
    assert len(ids) == len(set(ids))                    # nothing applied twice...
    sent = {action_id for _, action_id in acked}
    assert sent == set(ids)                             # ...and every acknowledged action stored, no other


def test_a_long_message_goes_in_pieces_a_notification_can_carry() -> None:
    """NOTIFY carries at most 8000 bytes: a longer message (an update with a long chat line in
    any script) is cut in pieces, each within it, and put together again in order."""
    from pokerfloor.server.bus import Bus

    sender, receiver = Bus(cast(Any, None), "postgresql+psycopg://p@h/d"), Bus(cast(Any, None), "postgresql://p@h/d")
    assert sender.url == "postgresql://p@h/d" == receiver.url
    text = "\u00e9\u4e00\U0001f0a1 " * 6000
    sender.publish({"op": "send", "to": "x", "conn": "c", "text": text})
    sender.publish({"op": "close", "to": "x", "conn": "c", "code": 1000})
    payloads = [sender.outgoing.get_nowait() for _ in range(sender.outgoing.qsize())]
    assert len(payloads) > 2 and all(len(p.encode()) < 8000 for p in payloads)
    got = [m for m in map(receiver._assemble, payloads) if m is not None]
    assert [m["op"] for m in got] == ["send", "close"] and got[0]["text"] == text and got[0]["from"] == sender.inbox


def test_on_sqlite_there_is_no_bus(tmp_path: Path) -> None:
    from pokerfloor.server import create_app

    assert create_app(f"sqlite:///{tmp_path / 'one.db'}").state.server.bus is None


def test_the_clients_a_silent_process_relayed_are_dropped_at_the_owner() -> None:
    """A relaying process that died (SIGKILL: it said no goodbye) falls silent: once it has not
    been heard from for SILENT_SECONDS its clients end at the owner; another's stay."""
    from pokerfloor.server.bus import SILENT_SECONDS, Bus, BusSocket

    bus = Bus(cast(Any, None), "postgresql://p@h/d")
    dead, alive = BusSocket(bus, "dead", "c1", "10.0.0.1"), BusSocket(bus, "alive", "c2", "10.0.0.2")
    bus.served = {("dead", "c1"): dead, ("alive", "c2"): alive}
    bus.heard = {"dead": 100.0, "alive": 100.0 + SILENT_SECONDS}
    bus.drop_silent(100.0 + SILENT_SECONDS)
    assert list(bus.served) == [("dead", "c1"), ("alive", "c2")]         # not yet
    bus.drop_silent(100.0 + SILENT_SECONDS + 0.5)
    assert list(bus.served) == [("alive", "c2")]
    assert dead.closed and dead.incoming.get_nowait() is None and alive.incoming.empty()
