"""A served table over a real socket, in this process: ``pokerfloor serve``'s app under uvicorn
in a thread on 127.0.0.1, and plain WebSocket clients with timeouts (a table that stops
answering fails a test, never hangs it). The tests read the server's own state, its rooms and
its store, through ``Served.call`` on the server's event loop."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from pokerfloor.server import create_app
from pokerfloor.server.app import Server
from pokerfloor.server.limits import UNLIMITED, Rates
from pokerfloor.server.transport import MAX_MESSAGE

T = TypeVar("T")
WAIT = 10.0         # the longest a test waits for an answer


class Served:
    """A running server: its address, its ``app.Server``, and its event loop."""

    def __init__(self, port: int, server: Server, loop: asyncio.AbstractEventLoop) -> None:
        self.port, self.server, self.loop = port, server, loop

    def url(self, path: str = "/ws") -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    def call(self, work: Callable[[], T]) -> T:
        """``work()`` run on the server's event loop, between two of its steps."""
        async def run() -> T:
            return work()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(WAIT)

    def client(self, **headers: str) -> Sock:
        return Sock(self, headers)


class Sock:
    """One WebSocket client: frames sent as text (or bytes), answers read with a timeout."""

    def __init__(self, served: Served, headers: dict[str, str] | None = None) -> None:
        self.ws: ClientConnection = connect(served.url(), open_timeout=WAIT, additional_headers=headers or {},
                                            max_size=2**24).__enter__()     # closed by close()
        self.n = 0
        self.got: list[dict[str, Any]] = []

    def send_text(self, text: str) -> None:
        self.ws.send(text)

    def receive(self) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=WAIT))
        self.got.append(frame)
        return frame

    def answer(self, text: str, reply_to: Any = None) -> dict[str, Any]:
        """Send a frame's text; return the first answer to it: the frame that is not an update
        (or, to a ``resync``, its update) with its ``reply_to``, or any error when ``reply_to``
        is None (a frame whose id the server refused)."""
        self.ws.send(text)
        while True:
            got = self.receive()
            if got["type"] == "update" and not ("resync" in got and got.get("reply_to") == reply_to):
                continue
            if got.get("reply_to") == reply_to or (reply_to is None and got["type"] == "error"):
                return got

    def reply(self, frame: dict[str, Any]) -> dict[str, Any]:
        self.n += 1
        frame = {**frame, "id": frame.get("id", f"s{self.n}")}
        return self.answer(json.dumps(frame), frame["id"])

    def closed_with(self) -> int | None:
        """The close code the server closed this connection with (waiting for it)."""
        try:
            while True:
                self.receive()
        except ConnectionClosed as closed:
            return None if closed.rcvd is None else closed.rcvd.code

    def close(self) -> None:
        self.ws.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(db: Path, *, rates: Rates = UNLIMITED, seed: str | None = None, **more: Any) -> Iterator[Served]:
    """``create_app`` on ``db`` served by uvicorn, as ``pokerfloor serve`` runs it, until the
    block ends. ``seed``: every table's master seed (a test's fixed deal)."""
    if seed is not None:
        more["seeds"] = lambda: seed
    app = create_app(f"sqlite:///{db}", rates=rates, flood=100_000, **more)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=MAX_MESSAGE,
                            ws_per_message_deflate=False)
    server = uvicorn.Server(config)
    loops: list[asyncio.AbstractEventLoop] = []

    def run() -> None:
        async def main() -> None:
            loops.append(asyncio.get_running_loop())
            await server.serve()

        asyncio.run(main())

    thread = threading.Thread(target=run, name="served", daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT * 3
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise AssertionError("the server did not start")
        time.sleep(0.01)
    try:
        yield Served(port, app.state.server, loops[0])
    finally:
        server.should_exit = True
        thread.join(WAIT * 3)
