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

from websockets.sync.client import connect

from pokerfloor.bots import decide, make_bot
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand.view import SeatView


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
               think: float = 0.0, timeout: float = 24 * 3600.0) -> dict[str, Any]:
    """Register ``name`` by the event's link and play every turn until the event is over (or the
    bot is out and the event ends); returns the last ``event_seat`` frame."""
    ws_url, event_id = event_url(url)
    rng = rng if rng is not None else random.Random()
    bot = make_bot(style, name, rng)
    token = secrets.token_urlsafe(24)
    last: dict[str, Any] = {}
    with connect(ws_url, open_timeout=10, proxy=None) as ws:
        ws.send(json.dumps({"type": "event_hello", "event_id": event_id, "view": "player"}))
        ws.send(json.dumps({"type": "register", "name": name, "token": token}))
        ends = time.monotonic() + timeout
        while time.monotonic() < ends:
            frame = json.loads(ws.recv(timeout=max(0.1, ends - time.monotonic())))
            if frame["type"] == "error" and frame["code"] in ("bad_field", "closed", "illegal"):
                raise InvalidArgument(f"the event refused {name}: {frame['message']}")
            if frame["type"] != "event_seat":
                continue
            last = frame
            if frame["over"]:
                return dict(frame)
            table = frame["table"]
            hand = None if table is None else table["hand"]
            if hand is None or table["hand_over"] or hand["to_act"] != frame["you"]["seat"] or not hand["legal"]:
                continue
            if think:
                time.sleep(rng.uniform(0, 2 * think))
            action, to, cards = decide(bot, SeatView.from_dict(hand))
            ws.send(json.dumps({"type": "event_act", "action": action, "to": to, "cards": cards}))
    return last


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
