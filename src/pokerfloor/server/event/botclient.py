"""A bot that registers for an event by its link and plays its turns as a person's page does
(``pokerfloor bot --url http://host:port/event.html?e=ID``), over the event's WebSocket; and
``open_event``, which ``pokerfloor serve --tournament TEMPLATE --bots N`` uses to open an event
and fill it with house bots. Needs only websockets (the ``bot`` extra)."""

from __future__ import annotations

import json
import random
import secrets
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pokerfloor.bots import Bot, decide, make_bot
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand.view import SeatView

RECONNECTS = 8          # the connections made again in a row, at most, before the bot gives up
RECONNECT_MOST = 5.0    # the longest wait between two


def event_url(url: str) -> tuple[str, str]:
    """The event WebSocket's URL and the event's id from its link; ``InvalidArgument`` otherwise."""
    parts = urlsplit(url)
    event_id = parse_qs(parts.query).get("e", [""])[0]
    if parts.scheme not in ("http", "https") or not parts.netloc or not event_id:
        raise InvalidArgument(f"an event's link is http://host:port/event.html?e=ID, not {url!r}")
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}/event/ws", event_id


def is_event_link(url: str) -> bool:
    return "/event.html" in urlsplit(url).path


def play_event(url: str, *, name: str, style: str = "pro", rng: random.Random | None = None,
               think: float = 0.0, timeout: float = 24 * 3600.0, reconnects: int = RECONNECTS) -> dict[str, Any]:
    """Register ``name`` by the event's link and play every turn until the event is over (or the
    bot is out and the event ends); returns the last ``event_seat`` frame. A connection that
    drops (its server restarted, or the process behind the link died) is made again, as a page
    does, with the seat token (``event_hello``): ``reconnects`` times running at most, a growing
    wait between (``InvalidArgument`` after that)."""
    ws_url, event_id = event_url(url)
    rng = rng if rng is not None else random.Random()
    bot = make_bot(style, name, rng)
    token = secrets.token_urlsafe(24)
    last: dict[str, Any] = {}
    ends = time.monotonic() + timeout
    entered, failed = False, 0
    while time.monotonic() < ends:
        try:
            with connect(ws_url, open_timeout=10, proxy=None) as ws:
                ws.send(json.dumps({"type": "event_hello", "event_id": event_id, "view": "player",
                                    **({"token": token} if entered else {})}))
                if not entered:
                    ws.send(json.dumps({"type": "register", "name": name, "token": token}))
                while time.monotonic() < ends:
                    frame = json.loads(ws.recv(timeout=max(0.1, ends - time.monotonic())))
                    failed = 0
                    if frame["type"] == "error" and frame["code"] in ("bad_field", "closed", "illegal"):
                        raise InvalidArgument(f"the event refused {name}: {frame['message']}")
                    entered = entered or frame["type"] in ("registered", "event_seat")
                    if frame["type"] == "event_seat":
                        last = frame
                        if frame["over"]:
                            return dict(frame)
                        table = frame["table"]
                        hand = None if table is None else table["hand"]
                        if (hand is not None and not table["hand_over"] and hand["legal"]
                                and hand["to_act"] == frame["you"]["seat"]):
                            _act(ws, bot, SeatView.from_dict(hand), rng, think)
        except (ConnectionClosed, OSError) as lost:
            failed += 1
            if failed > reconnects:
                raise InvalidArgument(f"the event's server cannot be reached ({lost})") from None
            time.sleep(min(RECONNECT_MOST, 0.2 * 2 ** failed))
    return last


def _act(ws: Any, bot: Bot, view: SeatView, rng: random.Random, think: float) -> None:
    """The bot's action on its turn (after a think, if it thinks)."""
    if think:
        time.sleep(rng.uniform(0, 2 * think))
    action, to, cards = decide(bot, view)
    ws.send(json.dumps({"type": "event_act", "action": action, "to": to, "cards": cards}))


def open_event(base: str, template: str, bots: int) -> tuple[str, str]:
    """Open an event of ``template`` at the server ``base`` (http://host:port) with ``bots``
    house bots; returns (the event's id, its host token)."""
    scheme = "wss" if base.startswith("https") else "ws"
    with connect(f"{scheme}://{urlsplit(base).netloc}/event/ws", open_timeout=10, proxy=None) as ws:
        ws.send(json.dumps({"type": "open_event", "template": template}))
        opened = _answer(ws, "event_opened")
        if bots:
            ws.send(json.dumps({"type": "add_bots", "count": bots}))
            _answer(ws, "event_done")
    return opened["event_id"], opened["host_token"]


def _answer(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        frame = json.loads(ws.recv(timeout=30))
        if frame["type"] == "error":
            raise InvalidArgument(frame["message"])
        if frame["type"] == kind:
            return dict(frame)
