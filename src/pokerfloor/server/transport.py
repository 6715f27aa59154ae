"""The WebSocket side of ``pokerfloor serve``: one ``Client`` a socket, frames parsed and capped,
flood control, the error budget, and which web origins may connect (docs/protocol.md)."""

from __future__ import annotations

import contextlib
import json
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import orjson
from starlette.websockets import WebSocket

from pokerfloor.server.commands import Refused

if TYPE_CHECKING:
    from pokerfloor.server.actor import TableTask

MAX_FRAME = 16 * 1024
# The WebSocket layer's own cap: a frame up to this size is read and refused (``too_large``),
# the connection kept; a bigger one closes the connection (1009) before the app sees it.
MAX_MESSAGE = 1024 * 1024
FLOOD_PER_SECOND = 40
STRIKES = 20          # a connection's error budget: at this many errors it is closed (1008)
STRIKE_SECONDS = 3.0  # one error of the budget earned back every this many seconds


@dataclass(eq=False)
class Client:
    """One WebSocket: who it is at which table, and how it behaves."""

    socket: WebSocket
    table: TableTask | None = None
    host: bool = False
    token_hash: str = ""
    spectating: bool = False
    strikes: float = 0.0
    struck_at: float = 0.0
    recent: deque[float] = field(default_factory=deque)
    seen: int = 0

    async def send(self, frame: dict[str, Any]) -> None:
        await self.send_text(encode(frame))

    async def send_text(self, text: str) -> None:
        with contextlib.suppress(Exception):
            await self.socket.send_text(text)


def encode(frame: dict[str, Any]) -> str:
    """A frame as sent: compact JSON (orjson: a server encodes one update per audience on
    every broadcast)."""
    return orjson.dumps(frame).decode()


def parse_frame(text: str) -> dict[str, Any]:
    """A client's frame: one JSON object with a type, at most ``MAX_FRAME`` characters."""
    if len(text) > MAX_FRAME:
        raise Refused("too_large", f"a frame is at most {MAX_FRAME} characters")
    try:
        frame = json.loads(text)
    except ValueError:
        raise Refused("bad_json", "a frame is one JSON object") from None
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        raise Refused("bad_json", "a frame is one JSON object with a type")
    return frame


def check_flood(client: Client, flood: int) -> None:
    """``Refused`` once the client has sent more than ``flood`` frames in the last second."""
    now = time.monotonic()
    client.recent.append(now)
    while client.recent and now - client.recent[0] > 1.0:
        client.recent.popleft()
    if len(client.recent) > flood:
        raise Refused("flood", f"at most {flood} frames a second")


async def send_error(client: Client, refused: Refused, frame: dict[str, Any] | None, *, now: float, seq: int) -> None:
    """Send the error frame; the error comes out of the connection's budget, which recovers
    over time (one error every ``STRIKE_SECONDS``): a slip now and then never closes a
    connection, errors that keep coming do (docs/protocol.md, errors)."""
    client.strikes = max(0.0, client.strikes - (now - client.struck_at) / STRIKE_SECONDS) + 1
    client.struck_at = now
    await client.send(
        {
            "type": "error",
            "seq": seq,
            "code": refused.code,
            "message": refused.message,
            "reason": refused.reason,
            "rule": refused.rule,
            "field": refused.field or None,
            "reply_to": None if frame is None else frame.get("id"),
        }
    )
    if client.strikes >= STRIKES:
        with contextlib.suppress(Exception):
            await client.socket.close(code=1008)


def origin_allowed(socket: WebSocket, origins: Iterable[str]) -> bool:
    """A browser's socket from the server's own origin or one of ``origins``; any other client."""
    origin = socket.headers.get("origin")
    if origin is None:
        return True
    if origin in origins:
        return True
    return urlsplit(origin).netloc == socket.headers.get("host", "")
