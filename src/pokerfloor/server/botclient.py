"""A bot at a served table: a client of the same protocol as people (docs/protocol.md).

It takes a seat, and on each of its turns builds the ``SeatView`` the server sent and asks a
``pokerfloor.bots`` style what to do. It sees exactly what a person in that seat sees.
"""

from __future__ import annotations

import json
import random
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

from websockets.sync.client import connect

from pokerfloor.bots import make_bot
from pokerfloor.hand.view import SeatView

# How each style answers the run-it-twice offer (docs/protocol.md, run it twice): the rock and
# the pro take the smaller swings, the station agrees to anything; the maniac wants one board.
RUN_IT_TWICE = {"rock": True, "pro": True, "station": True, "maniac": False}


def run_it_answer(frame: dict[str, Any], style: str) -> dict[str, Any] | None:
    """The ``run_it`` frame answering the update's open offer, when it asks this seat and the
    seat has not answered yet; None otherwise. A style not listed in ``RUN_IT_TWICE`` agrees."""
    offer, seat = frame.get("offer"), frame["you"]["seat"]
    if not offer or seat not in offer["seats"] or str(seat) in offer["answers"]:
        return None
    return {"type": "run_it", "twice": RUN_IT_TWICE.get(style, True)}


def parse_table_url(url: str) -> tuple[str, str]:
    """``(websocket URL, table id)`` from a table's link: ``http://host:port/?table=ID`` or
    ``ws://host:port/ws?table=ID`` (the id may also be the fragment, ``#ID``)."""
    parts = urlsplit(url)
    table = parse_qs(parts.query).get("table", [""])[0] or parts.fragment.removeprefix("table=")
    if not table:
        raise ValueError(f"no table id in {url!r}: give ?table=ID")
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
    return urlunsplit((scheme, parts.netloc, "/ws", "", "")), table


def play(
    url: str,
    *,
    name: str,
    seat: int,
    chips: int,
    style: str = "pro",
    rng: random.Random | None = None,
    token: str | None = None,
) -> dict[str, Any]:
    """Sit at the table and play until it ends, or is paused between hands; returns the last
    update."""
    ws_url, table_id = parse_table_url(url)
    bot = make_bot(style, name, rng if rng is not None else random.Random())
    last: dict[str, Any] = {}
    done: set[str] = set()
    answered: set[int] = set()
    with connect(ws_url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "table_id": table_id, "token": token}))
        if token is None:
            ws.send(json.dumps({"type": "join", "name": name, "seat": seat, "chips": chips}))
        while True:
            frame = json.loads(ws.recv(timeout=60))
            if frame["type"] == "error" and frame["code"] in ("no_table", "bad_token", "closed"):
                raise RuntimeError(f"{name}: {frame['message']}")
            if frame["type"] != "update":
                continue
            last = frame
            table = frame["table"]
            you, hand = frame["you"], frame["hand"]
            between = hand is None or hand["is_over"]
            if (table["ended"] or table["paused"]) and between:
                return last
            answer = run_it_answer(frame, style)
            if answer is not None and frame["offer"]["hand"] not in answered:
                answered.add(frame["offer"]["hand"])
                ws.send(json.dumps(answer))
            if not you["turn_token"] or hand is None:
                continue
            view = SeatView.from_dict(hand)
            key = f"{table['hand_number']}-{len(view.events)}"
            if key in done:
                continue
            done.add(key)
            action, to = bot.choose(view)
            ws.send(json.dumps({"type": "act", "hand": table["hand_number"], "action": action, "to": to,
                                "turn_token": you["turn_token"], "client_action_id": key}))


def house_table(url: str, bots: int, *, style: str = "pro", chips: int = 200) -> tuple[str, str]:
    """Open a table with ``bots`` house bots at ``url`` (the server's ``http://host:port``):
    returns the table's link and its host token. The bots play in threads of this process."""
    import threading

    ws_url = urlunsplit(("ws", urlsplit(url).netloc, "/ws", "", ""))
    with connect(ws_url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "create_table", "seats": 9,
                            "game": {"variant": "holdem", "structure": "no_limit", "small_blind": 1, "big_blind": 2}}))
        created = json.loads(ws.recv(timeout=10))
    link = f"{url}/?table={created['table_id']}"
    for n in range(bots):
        threading.Thread(
            target=play, args=(link,), kwargs={"name": f"bot{n + 1}", "seat": n + 1, "chips": chips, "style": style},
            daemon=True,
        ).start()
    return link, str(created["host_token"])
