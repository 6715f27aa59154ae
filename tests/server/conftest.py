"""Clients of the server for the protocol tests, through Starlette's test client."""

from __future__ import annotations

import contextlib
import itertools
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerfloor.hand import Hand
from pokerfloor.server import create_app
from pokerfloor.server.deal import master_seed
from pokerfloor.server.room import Room

pytest.importorskip("starlette")

GAME = {"variant": "holdem", "structure": "no_limit", "small_blind": 1, "big_blind": 2}
_ids = itertools.count(1)
OPEN: list[Peer] = []


CARD = re.compile(r'"([2-9TJQKA][cdhs])"')


def hand_updates(peer: Peer, hands: dict[int, Hand]) -> Iterator[tuple[dict[str, Any], Hand]]:
    """Each update ``peer`` got that shows a hand, with that hand as the table dealt it."""
    for frame in peer.frames:
        if frame["type"] == "update" and frame["hand"] is not None:
            hand = hands.get(frame["table"]["hand_number"])
            if hand is not None:
                yield frame, hand


def leaks(peer: Peer, hands: dict[int, Hand], mine: int | None) -> tuple[list[str], int]:
    """The hole cards of another seat that reached ``peer`` though that seat never showed them
    (hand N's cards in an update of hand N), and how many updates were checked."""
    found, checked = [], 0
    for frame, hand in hand_updates(peer, hands):
        shown = {str(c) for cards in hand.view(None).holes.values() for c in cards if c is not None}
        hidden = {str(c) for s, cards in hand.holes.items() if s != mine for c in cards} - shown
        seen = set(CARD.findall(json.dumps(frame)))
        found += [f"{peer.name} saw {c} in hand {frame['table']['hand_number']}" for c in seen & hidden]
        others = {str(c) for s, cards in frame["hand"]["holes"].items() if int(s) != mine for c in cards if c}
        found += [f"{peer.name} was dealt another seat's unshown {c}" for c in others - shown]
        checked += 1
    return found, checked


class FakeClock:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


class Peer:
    """One WebSocket client: it keeps every frame it got and the latest update."""

    def __init__(self, http: TestClient, name: str = "") -> None:
        self.name = name
        self.cm = http.websocket_connect("/ws")
        self.ws = self.cm.__enter__()
        self.open = True
        OPEN.append(self)
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self.token: str | None = None

    def send(self, frame: dict[str, Any]) -> str:
        frame.setdefault("id", f"m{next(_ids)}")
        self.ws.send_json(frame)
        return str(frame["id"])

    def receive(self) -> dict[str, Any]:
        frame: dict[str, Any] = self.ws.receive_json()
        self.frames.append(frame)
        if frame["type"] == "update":
            self.state = frame
        return frame

    def reply(self, frame: dict[str, Any]) -> dict[str, Any]:
        """Send a frame and read up to the server's reply to it."""
        wanted = self.send(frame)
        while True:
            got = self.receive()
            if got.get("reply_to") == wanted and got["type"] != "update":
                return got
            if got.get("reply_to") == wanted and frame["type"] == "resync":
                return got

    def sync(self) -> dict[str, Any]:
        """Everything the server sent so far, then a fresh update."""
        return self.reply({"type": "resync", "last_seq": self.state.get("seq", 0)})

    def close(self) -> None:
        if self.open:
            self.open = False
            with contextlib.suppress(Exception):     # the server may have closed it already
                self.cm.__exit__(None, None, None)

    @property
    def turn_token(self) -> str | None:
        you = self.state.get("you") or {}
        return you.get("turn_token")


class Session:
    """A table with a host and players, played through the protocol."""

    def __init__(self, http: TestClient, *, game: dict[str, Any] | None = None, seats: int = 6, **options: Any) -> None:
        """``seed``: the table's master seed, given to the server (``Server.seeds``), never in
        the frame: no client chooses a deal."""
        self.http = http
        self.host = Peer(http, "host")
        seed = options.pop("seed", None)
        server = http.app.state.server  # type: ignore[attr-defined]
        if seed is not None:
            server.seeds = lambda: seed
        try:
            created = self.host.reply(
                {"type": "create_table", "game": game or GAME, "seats": seats, "options": options}
            )
        finally:
            server.seeds = master_seed
        assert created["type"] == "table_created", created
        self.table_id = created["table_id"]
        self.host.token = created["host_token"]
        self.players: list[Peer] = []

    @property
    def room(self) -> Room:
        server = self.http.app.state.server  # type: ignore[attr-defined]
        return server.tables[self.table_id].room  # type: ignore[no-any-return]

    def store_inputs(self) -> list[dict[str, Any]]:
        server = self.http.app.state.server  # type: ignore[attr-defined]
        return server.store.inputs(self.table_id)  # type: ignore[no-any-return]

    def join(self, name: str, seat: int, chips: int = 200) -> Peer:
        peer = Peer(self.http, name)
        assert peer.reply({"type": "hello", "version": 1, "table_id": self.table_id})["type"] == "welcome"
        got = peer.reply({"type": "join", "name": name, "seat": seat, "chips": chips})
        assert got["type"] == "seat_requested", got
        peer.token = got["seat_token"]
        self.players.append(peer)
        return peer

    def everyone(self) -> list[Peer]:
        return [self.host, *self.players]

    def sync(self) -> None:
        for peer in self.everyone():
            peer.sync()

    def to_act(self) -> Peer | None:
        self.sync()
        return next((p for p in self.players if p.turn_token), None)

    def act(self, peer: Peer, action: str, to: int | None = None) -> dict[str, Any]:
        frame = {
            "type": "act",
            "hand": peer.state["table"]["hand_number"],
            "action": action,
            "turn_token": peer.turn_token,
            "client_action_id": f"a{next(_ids)}",
        }
        if to is not None:
            frame["to"] = to
        return peer.reply(frame)

    def play_hand(self, choose: Any = None) -> int:
        """Play the current hand to its end (call or check unless ``choose`` says otherwise);
        returns the number of the hand played."""
        number = self.room.table.hand_number
        while (peer := self.to_act()) is not None and peer.state["table"]["hand_number"] == number:
            legal = peer.state["hand"]["legal"]
            action, to = choose(peer, legal) if choose else ("check" if legal.get("check") else "call", None)
            got = self.act(peer, action, to)
            assert got["type"] == "ack", got
        return number

    def close(self) -> None:
        for peer in self.everyone():
            peer.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def http(tmp_path: Any, clock: FakeClock) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'serve.db'}", clock=clock, flood=10_000, between_hands=0)
    with TestClient(app) as client:
        try:
            yield client
        finally:
            while OPEN:
                OPEN.pop().close()
