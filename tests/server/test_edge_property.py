"""Random and hostile frames at a served table (issue 34, done when): every command with every
kind of field value, ids, names, nesting, sizes and binary frames, from the host, seated
players, a guest and a stranger, over real sockets (uvicorn on 127.0.0.1: ``served.py``). After
each frame the table still answers, its stored inputs rebuild exactly the room in memory, and no
answer anywhere was ``internal``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed

from pokerfloor.server.commands import COMMANDS, rules

from .conftest import GAME
from .served import Served, Sock, serving
from .test_edge import rebuilds_alike

ACTORS = ("host", "ann", "bob", "guest", "stranger")
NAMES = ["ann", "ANN", "Ann\u0301", "\u202eytsoH", "bell\x07", "Eve\ud800", "=HYPERLINK(1)", "x" * 40, " ", "zoë"]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(Path(tmp_path_factory.mktemp("hostile")) / "hostile.db") as running:
        yield running


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = st.one_of(
    st.none(), st.booleans(),
    st.integers(-(2**70), 2**70), st.sampled_from([0, 1, 2, 6, 100, 2**53 - 1, 2**53, 2**63, 2**64, -1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12), st.sampled_from(NAMES), st.just("\ud800"), st.just("x" * 20_000),
    st.integers(0, 300).map(nested), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
IDS = st.one_of(st.none(), st.integers(-(2**66), 2**66), st.text(max_size=70), st.just("\ud800"),
                st.integers(1, 300).map(nested), st.floats(allow_nan=False))


@st.composite
def frames(draw: st.DrawFn) -> tuple[str, str | bytes]:
    """Who sends it, and the frame: a command with each field good or hostile, or raw junk."""
    actor = draw(st.sampled_from(ACTORS))
    if draw(st.integers(0, 15)) == 0:
        return actor, draw(st.one_of(st.binary(max_size=20), st.text(max_size=20), st.just("[" * 1000 + "]" * 1000)))
    kind = draw(st.sampled_from([*sorted(COMMANDS), "create_table", "teleport"]))
    frame: dict[str, Any] = {"type": kind}
    for name in rules(COMMANDS[kind]) if kind in COMMANDS else ("game", "seats", "options"):
        if draw(st.booleans()):
            frame[name] = draw(HOSTILE)
    if kind == "join" and draw(st.booleans()):
        frame.update(name=draw(st.sampled_from(NAMES)), seat=draw(st.integers(1, 7)), chips=draw(st.integers(1, 300)))
    if kind == "create_table" and draw(st.booleans()):
        frame.update(game=GAME, options={"seed": "00"} if draw(st.booleans()) else {})
    identity = draw(IDS)
    if identity is not None:
        frame["id"] = identity
    return actor, json.dumps(frame)


class Table:
    """A table with its host, two seated players, a guest and a stranger, each on a socket."""

    def __init__(self, served: Served, started: bool) -> None:
        self.served = served
        self.socks: dict[str, Sock] = {}
        self.hellos: dict[str, dict[str, Any]] = {}
        host = self.socks["host"] = served.client()
        created = host.reply({"type": "create_table", "game": GAME, "seats": 6})
        self.table_id = created["table_id"]
        self.hellos["host"] = {"type": "hello", "version": 1, "table_id": self.table_id, "token": created["host_token"]}
        for seat, name in enumerate(("ann", "bob"), start=1):
            sock = self.socks[name] = self.attach(name, {"type": "hello", "version": 1, "table_id": self.table_id})
            joined = sock.reply({"type": "join", "name": name, "seat": seat, "chips": 100})
            assert joined["type"] == "seat_requested", joined
            self.hellos[name] = {**self.hellos[name], "token": joined["seat_token"]}
        self.socks["guest"] = self.attach("guest", {"type": "hello", "version": 1, "table_id": self.table_id})
        self.socks["stranger"] = served.client()
        if started:
            assert host.reply({"type": "start"})["type"] == "ack"

    def attach(self, name: str, hello: dict[str, Any]) -> Sock:
        sock = self.served.client()
        self.hellos[name] = hello
        assert sock.reply(hello)["type"] == "welcome"
        return sock

    def reopen(self, actor: str) -> Sock:
        """A socket the server closed (a binary frame, its error budget) is opened again."""
        self.socks[actor].close()
        hello = self.hellos.get(actor)
        self.socks[actor] = self.served.client() if hello is None else self.attach(actor, hello)
        return self.socks[actor]

    def send(self, actor: str, frame: str | bytes, n: int) -> list[dict[str, Any]]:
        """Send the frame, then a probe (``resync``) from the same socket: every frame before the
        probe's answer is the frame's. The socket is opened again if the server closed it."""
        sock = self.socks[actor]
        before = len(sock.got)
        probe = f"probe-{n}"
        try:
            sock.ws.send(frame)
            answer = sock.answer(json.dumps({"type": "resync", "last_seq": 0, "id": probe}), probe)
            assert answer["type"] in ("update", "error"), answer
            got = sock.got[before:]
        except ConnectionClosed:
            got = sock.got[before:]
            sock = self.reopen(actor)
        return got

    def close(self) -> None:
        for sock in self.socks.values():
            sock.close()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(started=st.booleans(), script=st.lists(frames(), min_size=1, max_size=8))
def test_hostile_frames_never_stop_break_or_desync_a_table(served: Served, started: bool,
                                                           script: list[tuple[str, str | bytes]]) -> None:
    table = Table(served, started)
    try:
        for n, (actor, frame) in enumerate(script):
            got = table.send(actor, frame, n)
            internal = [f for f in got if f.get("code") == "internal"]
            assert internal == [], (frame, internal)
            answer = table.socks["host"].reply({"type": "resync", "last_seq": 0})     # the table answers
            assert answer["type"] == "update", answer
            assert rebuilds_alike(served, table.table_id)
        every = [f for sock in table.socks.values() for f in sock.got]
        assert not [f for f in every if f.get("code") == "internal"]
    finally:
        table.close()
