"""Each client its own queue (docs/protocol.md, "Slow clients"): a socket that stops reading never
delays the table or another client; it is dropped once it has fallen behind, and resyncs when it
comes back. Played on a real server on 127.0.0.1 with a real client that stops reading."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

uvicorn = pytest.importorskip("uvicorn")
sync_client = pytest.importorskip("websockets.sync.client")

from pokerfloor.server import create_app, transport  # noqa: E402
from pokerfloor.server.limits import UNLIMITED  # noqa: E402
from tests.server.conftest import GAME  # noqa: E402

NO_PAUSE = {"seconds": 0, "showdown": 0}    # the next hand at once, as these runs assume (issue 35)

LINE = "x" * 480          # a chat line near the longest: every update carries it to everyone
WAIT = 5.0                # the longest any reply may take here (a stalled table never replies)


class Served:
    """``pokerfloor serve``'s app under uvicorn in a thread, on a free port of 127.0.0.1."""

    def __init__(self, db: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.app = create_app(f"sqlite:///{db}", flood=1_000_000, rates=UNLIMITED)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws_per_message_deflate=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


class Talker:
    """A well-behaved client: a thread reads every frame as it comes, with its arrival time."""

    def __init__(self, port: int) -> None:
        self.ws = sync_client.connect(f"ws://127.0.0.1:{port}/ws", open_timeout=WAIT, max_size=2**22).__enter__()
        self.frames: list[tuple[float, dict[str, Any]]] = []
        self.got = threading.Condition()
        self.ids = iter(range(1, 10**9))
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for text in self.ws:
                frame = json.loads(text)
                with self.got:
                    self.frames.append((time.monotonic(), frame))
                    self.got.notify_all()
        except Exception:    # the connection closed: the test reads what came
            pass

    def wait_for(self, test: Any, after: int = 0) -> tuple[float, dict[str, Any]]:
        """The first frame from index ``after`` on that passes ``test`` (fails after WAIT s)."""
        deadline = time.monotonic() + WAIT
        with self.got:
            while True:
                found = next((f for f in self.frames[after:] if test(f[1])), None)
                if found is not None:
                    return found
                left = deadline - time.monotonic()
                assert left > 0, f"no such frame within {WAIT} s: the table or this client was held up"
                self.got.wait(left)

    def reply(self, frame: dict[str, Any]) -> dict[str, Any]:
        frame["id"] = f"m{next(self.ids)}"
        self.ws.send(json.dumps(frame))
        resync = frame["type"] == "resync"      # its reply is the fresh update
        return self.wait_for(lambda f: f.get("reply_to") == frame["id"] and (resync or f["type"] != "update"))[1]

    def close(self) -> None:
        self.ws.close()


def _masked(text: str) -> bytes:
    """One client text frame (RFC 6455: a client masks what it sends)."""
    payload, mask = text.encode(), os.urandom(4)
    size = len(payload)
    head = bytes([0x81]) + (bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + size.to_bytes(2, "big"))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _stalled_spectator(port: int, table_id: str) -> socket.socket:
    """A WebSocket client that says hello as a spectator, then never reads again, with a small
    receive buffer: the server's sends to it soon find its socket full."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(WAIT)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while not head.endswith(b"\r\n\r\n"):      # a byte at a time: nothing read past the handshake
        head += sock.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    sock.sendall(_masked(json.dumps({"type": "hello", "version": 1, "table_id": table_id, "spectate": True})))
    return sock


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    # A small queue, so that the stalled client is dropped after a few hundred updates.
    monkeypatch.setattr(transport, "OUTBOX_BYTES", 256 * 1024, raising=False)
    running = Served(tmp_path / "slow.db")
    try:
        yield running
    finally:
        running.stop()


def test_a_client_that_stops_reading_delays_no_one_and_is_dropped(served: Served) -> None:
    host = Talker(served.port)
    created = host.reply({"type": "create_table", "game": GAME, "seats": 6, "options": {"between_hands": NO_PAUSE}})
    table_id = created["table_id"]
    ann, bob = Talker(served.port), Talker(served.port)
    for seat, (name, peer) in enumerate((("ann", ann), ("bob", bob)), 1):
        assert peer.reply({"type": "hello", "version": 1, "table_id": table_id})["type"] == "welcome"
        assert peer.reply({"type": "join", "name": name, "seat": seat, "chips": 200})["type"] == "seat_requested"
    assert host.reply({"type": "start"})["type"] == "ack"
    task = served.app.state.server.tables[table_id]  # type: ignore[attr-defined]
    stalled = _stalled_spectator(served.port, table_id)
    # The spectator is attached to the table at its hello, and spectating a moment later: wait for
    # the second (a client seen at the table may not be spectating yet).
    deadline = time.monotonic() + WAIT
    while (watcher := next((c for c in list(task.clients) if c.spectating), None)) is None:
        assert time.monotonic() < deadline, "the stalled spectator never joined the table"
        time.sleep(0.01)
    assert len(task.clients) == 4

    delays: list[float] = []
    sent = 0

    def say(text: str) -> None:
        nonlocal sent
        mark = len(bob.frames)
        start = time.monotonic()
        assert ann.reply({"type": "chat", "text": text})["type"] == "ack"
        heard, _ = bob.wait_for(lambda f: any(e.get("note") == text for e in f.get("events", ())), after=mark)
        delays.append(heard - start)
        sent += 1

    began = time.monotonic()
    while watcher in task.clients:       # until the server gives up on the stalled spectator
        assert sent < 5000 and time.monotonic() - began < 60, "the stalled client was never dropped"
        say(f"{sent} {LINE}")
    assert watcher.dropped and not watcher.outbox
    for n in range(20):                  # and the table goes on for everyone else
        say(f"after {n}")
    # Every line reached another player at once: none waited on the stalled socket.
    assert sent > 100 and max(delays) < 2.0, (sent, max(delays))     # 80 ms measured; stalled: never

    # The dropped spectator comes back on a new connection and resyncs.
    back = Talker(served.port)
    assert back.reply({"type": "hello", "version": 1, "table_id": table_id, "spectate": True})["role"] == "spectator"
    fresh = back.reply({"type": "resync", "last_seq": 3})
    assert fresh["type"] == "update" and fresh["resync"] == "fresh" and fresh["seq"] == task.room.seq
    for peer in (host, ann, bob, back):
        peer.close()
    stalled.close()


class _Socket:
    """A socket stand-in that records what is sent, or fails with ``fails``."""

    def __init__(self, fails: BaseException | None = None) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None
        self.fails = fails

    async def send_text(self, text: str) -> None:
        if self.fails is not None:
            raise self.fails
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed = code


def test_a_queue_past_its_bound_drops_its_client_and_a_failed_send_is_not_swallowed() -> None:
    import asyncio

    from starlette.websockets import WebSocketDisconnect

    from pokerfloor.server.transport import OUTBOX_FRAMES, Client

    async def run() -> None:
        socket = _Socket()
        client = Client(socket)  # type: ignore[arg-type]
        table = type("Table", (), {"clients": {client}})()
        client.table = table  # type: ignore[assignment]
        for n in range(OUTBOX_FRAMES):
            await client.send({"n": n})
        assert not client.dropped and len(client.outbox) == OUTBOX_FRAMES
        await client.send({"n": "one too many"})       # nobody waited: the client is dropped
        assert client.dropped and not client.outbox and client not in table.clients
        await asyncio.wait_for(client.deliver(), 1)   # its sender ends at once, sending nothing
        assert socket.sent == []
        # In order, then the close queued after them; a peer gone ends the sender quietly.
        ok = Client(_Socket())  # type: ignore[arg-type]
        for n in range(3):
            await ok.send({"n": n})
        await ok.close(1008)
        await ok.send({"n": "after the close"})
        await asyncio.wait_for(ok.deliver(), 1)
        assert ok.socket.sent == ['{"n":0}', '{"n":1}', '{"n":2}'] and ok.socket.closed == 1008  # type: ignore[attr-defined]
        gone = Client(_Socket(WebSocketDisconnect(1006)))  # type: ignore[arg-type]
        await gone.send({"n": 0})
        await asyncio.wait_for(gone.deliver(), 1)
        broken = Client(_Socket(ValueError("a bug")))  # type: ignore[arg-type]
        await broken.send({"n": 0})
        with pytest.raises(ValueError, match="a bug"):
            await asyncio.wait_for(broken.deliver(), 1)

    asyncio.run(run())


class _Stalled(_Socket):
    """A socket whose peer neither reads nor writes: every send and receive waits for ever."""

    headers: ClassVar[dict[str, str]] = {}

    async def accept(self) -> None:
        return None

    async def receive_text(self) -> str:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()


def test_an_event_client_dropped_for_falling_behind_is_closed_1013_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38: the event's route, like the table's, closes a client whose outbox overflowed
    (``transport.BEHIND``); it used to wait for that client's next frame, which a stalled client
    never sends, and kept its socket open."""
    from pokerfloor.server.event import routes
    from pokerfloor.server.transport import BEHIND, OUTBOX_FRAMES

    made: list[Any] = []

    class Recorded(routes.Client):
        def __init__(self, socket: Any) -> None:
            super().__init__(socket)
            made.append(self)

    monkeypatch.setattr(routes, "Client", Recorded)
    events = type("Events", (), {"bus": None})()

    async def run() -> None:
        socket = _Stalled()
        served = asyncio.create_task(routes.serve(events, socket))  # type: ignore[arg-type]
        while not made:
            await asyncio.sleep(0)
        client = made[0]
        for n in range(OUTBOX_FRAMES + 2):      # the first is taken by the stalled sender
            await client.send({"n": n})
        assert client.dropped
        await asyncio.wait_for(served, 2)
        assert socket.closed == BEHIND

    asyncio.run(run())
