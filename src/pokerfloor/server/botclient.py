"""A bot at a served table: a client of the same protocol as people (docs/protocol.md).

It takes a seat, and on each of its turns builds the ``SeatView`` the server sent and asks a
``pokerfloor.bots`` style what to do. It sees exactly what a person in that seat sees.

A bot waits as long as the table is quiet (a person thinking, a game not started yet): the
socket's pings, not a timeout on the next frame, tell a live server from a lost one. A lost
connection is opened again with the seat token the bot chose when it joined, so it comes back
to its own seat (docs/protocol.md, reconnecting).
"""

from __future__ import annotations

import json
import random
import secrets
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from pokerfloor.bots import StyleBot, decide, make_bot
from pokerfloor.errors import InvalidArgument, PokerfloorError
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


# How each style answers the host's ICM deal in a sit-and-go (docs/protocol.md, tournaments): the
# rock, the pro and the station take the sure payout their chips are worth by ICM; the maniac
# plays on for first place. One decline withdraws the offer, so a maniac left in means no deal.
ICM_DEAL = {"rock": True, "pro": True, "station": True, "maniac": False}


def deal_answer(frame: dict[str, Any], style: str) -> dict[str, Any] | None:
    """The ``answer_deal`` frame answering the update's open ICM deal, when it is offered to this
    player and the player has not accepted it yet; None otherwise. A style not listed in
    ``ICM_DEAL`` accepts."""
    tournament, player = frame["table"].get("tournament"), frame["you"].get("player_id")
    if not tournament or not tournament["deal"] or player not in tournament["deal"]:
        return None
    if player in tournament["deal_accepted"]:
        return None
    return {"type": "answer_deal", "accept": ICM_DEAL.get(style, True)}


def house_action(bot: StyleBot, view: SeatView) -> dict[str, Any]:
    """A house bot's action in any variant, as an ``act`` frame's fields: the style bot's choice
    (its discards in a draw, none is standing pat; the bring-in in stud; show or muck)."""
    action, to, cards = decide(bot, view)
    return {"action": action, "to": to} if cards is None else {"action": action, "to": to, "cards": cards}


def parse_table_url(url: str) -> tuple[str, str]:
    """``(websocket URL, table id)`` from a table's link: the page's ``http://host:port/table.html?t=ID``
    (an invite link), ``http://host:port/?table=ID`` or ``ws://host:port/ws?table=ID`` (the id may
    also be the fragment, ``#ID``)."""
    parts = urlsplit(url)
    query = parse_qs(parts.query)
    table = (query.get("table", [""])[0] or query.get("t", [""])[0]
             or (parts.fragment.removeprefix("table=") if not parts.fragment.startswith("host=") else ""))
    if not table:
        raise InvalidArgument(f"no table id in {url!r}: give ?table=ID")
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
    return urlunsplit((scheme, parts.netloc, "/ws", "", "")), table


class SeatLost(PokerfloorError, RuntimeError):
    """The table will not have this bot (any more): it is unknown, its game has ended, or the
    host removed the bot's seat or refused its request."""


# The error codes that end a bot's play: there is nothing to come back to.
FATAL = frozenset({"no_table", "bad_token", "closed"})
# Seconds between attempts to reach a server that went away: doubling from the first to the last.
RETRY = (0.25, 5.0)


@dataclass
class _Seat:
    """One bot's hold on its seat, kept across connections."""

    name: str
    seat: int
    chips: int
    style: str
    bot: Any
    token: str                 # the seat token the bot chose (or the host token it was given)
    known: bool                # the server knows the token: hello with it, no join
    stay: bool
    rebuy: bool
    think: float
    rng: random.Random
    stop: threading.Event
    last: dict[str, Any] = field(default_factory=dict)
    had_seat: bool = False
    rebought: int = -1
    deal_answered: bool = False     # this connection answered the ICM deal open now

    def session(self, ws: ClientConnection, table_id: str) -> dict[str, Any] | None:
        """Play over one connection: the last update when the bot is done, None if the
        connection was asked to stop. A lost connection raises."""
        hello: dict[str, Any] = {"type": "hello", "version": 1, "table_id": table_id}
        if self.known:
            hello["token"] = self.token
        ws.send(json.dumps(hello))
        if not self.known:
            # The chosen seat token makes a join sent again (its answer lost with a connection)
            # an answer again, not a second seat.
            ws.send(json.dumps({"type": "join", "name": self.name, "seat": self.seat, "chips": self.chips,
                                "seat_token": self.token}))
        acted: set[str] = set()     # this connection's actions, by turn: after a drop the turn is asked again
        answered: set[int] = set()
        self.deal_answered = False
        # Until the welcome, the server holds the connection as a guest's: an update broadcast
        # meanwhile is a guest's (no seat), which says nothing of this bot's seat.
        welcomed = False
        while not self.stop.is_set():
            try:
                frame = json.loads(ws.recv(timeout=1))
            except TimeoutError:
                continue            # a quiet table: keep waiting (the pings watch the socket)
            kind = frame["type"]
            if kind == "welcome":
                welcomed = True
            elif kind == "seat_requested":
                self.known = True
            elif kind == "error" and frame["code"] in FATAL:
                raise SeatLost(f"{self.name}: {frame['message']}")
            elif kind == "error" and frame["code"] == "not_owner":
                raise ConnectionError(frame["message"])     # another server has the table: try again
            if kind != "update" or not welcomed:
                continue
            done = self.update(ws, frame, acted, answered)
            if done:
                return self.last
        return None

    def update(self, ws: ClientConnection, frame: dict[str, Any], acted: set[str], answered: set[int]) -> bool:
        """Answer one update; True when the bot's play is over."""
        self.last = frame
        table, you, hand = frame["table"], frame["you"], frame["hand"]
        between = hand is None or hand["is_over"]
        if you.get("seat") is not None:
            self.had_seat = True
        elif self.had_seat and you.get("role") != "host":
            raise SeatLost(f"{self.name}: the host removed this seat")
        deal = deal_answer(frame, self.style)
        if deal is not None and not self.deal_answered:
            ws.send(json.dumps(deal))     # before a pause sends the bot away: the offer waits on it
        # Once the offer is gone (declined, or the next hand dealt) a new one is answered again.
        self.deal_answered = deal is not None
        if between and (table["ended"] or (table["paused"] and not self.stay)):
            return True
        mine = (table.get("seats") or {}).get(str(you.get("seat")))
        if self.rebuy and between and mine and mine.get("chips") == 0 and self.rebought < table["hand_number"]:
            # Lost every chip: buy in again, once a hand, as friends at a home game do, posting the
            # blinds missed to be dealt the next hand (RROP11 Button & Blind Use).
            self.rebought = table["hand_number"]
            ws.send(json.dumps({"type": "top_up", "chips": self.chips, "post": True}))
        answer = run_it_answer(frame, self.style)
        if answer is not None and frame["offer"]["hand"] not in answered:
            answered.add(frame["offer"]["hand"])
            ws.send(json.dumps(answer))
        if not you["turn_token"] or hand is None or you["turn_token"] in acted:
            return False
        acted.add(you["turn_token"])
        view = SeatView.from_dict(hand)
        if self.think and self.stop.wait(self.think * self.rng.uniform(0.5, 1.5)):
            return False
        act: dict[str, Any] = {"type": "act", "hand": table["hand_number"], "turn_token": you["turn_token"],
                               "client_action_id": f"{table['hand_number']}-{len(view.events)}"}
        act.update(house_action(self.bot, view))
        ws.send(json.dumps(act))
        return False


def play(
    url: str,
    *,
    name: str,
    seat: int,
    chips: int,
    style: str = "pro",
    rng: random.Random | None = None,
    token: str | None = None,
    stay: bool = False,
    rebuy: bool = False,
    think: float = 0.0,
    stop: threading.Event | None = None,
    lost: Callable[[str], None] | None = None,
    seat_token: str | None = None,
) -> dict[str, Any]:
    """Sit at the table and play until its game ends, or (unless ``stay``) is paused between
    hands; returns the last update. ``token``: play with a token the table knows (the host's)
    instead of joining. ``rebuy``: buy ``chips`` again after losing every chip. ``think``: seconds
    to wait, on average, before each action. ``stop``: set it to end the play (the last update is
    returned). A lost connection is reopened with growing waits (``RETRY``), each told to ``lost``;
    ``SeatLost`` when the table refuses the bot. ``seat_token``: the seat token to join with
    (a house bot's, kept in the store: ``HouseBot``), instead of one chosen here."""
    ws_url, table_id = parse_table_url(url)
    rng = rng if rng is not None else random.Random()
    held = _Seat(name, seat, chips, style, make_bot(style, name, rng), token or seat_token or secrets.token_urlsafe(24),
                 token is not None, stay, rebuy, think, rng, stop or threading.Event())
    wait = RETRY[0]
    while not held.stop.is_set():
        began = time.monotonic()
        try:
            with connect(ws_url, open_timeout=10, proxy=None) as ws:
                done = held.session(ws, table_id)
            if done is not None:
                return done
        except (OSError, WebSocketException) as error:
            if held.stop.is_set():
                break               # told to stop (the server shutting down, say): nothing to tell
            if time.monotonic() - began > 10:
                wait = RETRY[0]     # it had been connected a while: a fresh drop, retried at once
            if lost is not None:
                lost(f"{name}: connection lost ({error or type(error).__name__}); again in {wait:.2g}s")
            if held.stop.wait(wait):
                break
            wait = min(RETRY[1], wait * 2)
    return held.last


@dataclass
class HouseTable:
    """A table the house opened with its bots: the bots play in threads of this process until
    ``stop`` is set (or the game ends)."""

    table_id: str
    host_token: str
    bots: list[threading.Thread]
    stop: threading.Event


def house_table(
    url: str,
    bots: int,
    *,
    style: str = "pro",
    chips: int = 200,
    seats: int = 9,
    approval: bool = False,
    think: float = 0.0,
    say: Callable[[str], None] | None = None,
    game: dict[str, Any] | None = None,
    rotation: dict[str, Any] | None = None,
    served: bool = False,
) -> HouseTable:
    """Open a table at ``url`` (the server's ``http://host:port``) with ``bots`` house bots in
    seats 2, 3...: the host's seat 1 stays free. With bots the game is started once they sit,
    so the table deals at once (the host may pause it); with approval the house approves its
    own bots. The bots rebuy when broke, wait out pauses and reconnect; ``say`` hears the lines
    worth telling (a lost connection, a bot that left). ``game``: the table's ``game`` object
    (no-limit hold'em 1/2 by default); ``rotation``: the mixed game it rotates instead (both as
    ``create_table`` takes them, docs/protocol.md). ``served``: the server plays the bots itself
    (the ``bots`` option: kept in its store, seated again after a restart; ``serve --bots``),
    and no thread here does."""
    ws_url = urlunsplit(("ws", urlsplit(url).netloc, "/ws", "", ""))
    tell = say or (lambda line: print(line, file=sys.stderr, flush=True))
    stop = threading.Event()
    names = {f"bot{n}": n + 1 for n in range(1, bots + 1)}
    with connect(ws_url, open_timeout=10, proxy=None) as ws:
        options: dict[str, Any] = {"approval": approval, **({"bots": bots} if served else {})}
        if rotation is not None:
            options["rotation"] = rotation
        ws.send(json.dumps({"type": "create_table", "seats": seats, "options": options,
                            "game": game or {"variant": "holdem", "structure": "no_limit",
                                             "small_blind": 1, "big_blind": 2}}))
        created = _reply(ws, "table_created")
        link = f"{url}/?table={created['table_id']}"
        threads = [
            threading.Thread(target=_house_bot, args=(link, name, seat, chips, style, think, stop, tell),
                             name=f"pokerfloor-{name}", daemon=True)
            for name, seat in names.items() if not served
        ]
        for thread in threads:
            thread.start()
        if bots:
            _seat_bots(ws, names, approval and not served)      # a served table's house approves its own
            ws.send(json.dumps({"type": "start"}))
            _reply(ws, "ack")
    return HouseTable(str(created["table_id"]), str(created["host_token"]), threads, stop)


HOUSE_THINK = 0.6
"""Seconds a house bot waits, on average, before it acts (a table of people can follow it)."""


@dataclass(frozen=True)
class HouseBot:
    """One house bot of a table: its seat, name, buy-in and style, and the seat token it joins
    with (chosen by the house, kept in the store: ``server/house.py``), so that a restarted
    server seats it again in its own seat."""

    seat: int
    name: str
    token: str
    chips: int
    style: str = "pro"


def house_bots(url: str, table_id: str, bots: list[HouseBot], *, host_token: str | None = None,
               think: float = HOUSE_THINK, say: Callable[[str], None] | None = None) -> HouseTable:
    """House bots for a table already open (the lobby's ``bots`` option, docs/protocol.md), each
    joining with its own seat token (or, holding its seat already, coming back to it), playing
    in a thread of this process as ``house_table``'s do until ``stop`` is set. With
    ``host_token`` (a table whose seats need approval, just opened) the house approves its own
    bots with it, in a thread as well: nothing here waits."""
    ws_url = urlunsplit(("ws", urlsplit(url).netloc, "/ws", "", ""))
    tell = say or (lambda line: print(line, file=sys.stderr, flush=True))
    stop = threading.Event()
    link = f"{url}/?table={table_id}"
    threads = [threading.Thread(target=_house_bot, args=(link, bot.name, bot.seat, bot.chips, bot.style, think, stop,
                                                         tell, bot.token),
                                name=f"pokerfloor-{bot.name}", daemon=True) for bot in bots]
    if host_token is not None:
        names = {bot.name: bot.seat for bot in bots}
        threads.append(threading.Thread(target=_approve_bots, args=(ws_url, table_id, host_token, names, tell),
                                        name="pokerfloor-house-host", daemon=True))
    for thread in threads:
        thread.start()
    return HouseTable(table_id, host_token or "", threads, stop)


def _approve_bots(ws_url: str, table_id: str, host_token: str, names: dict[str, int],
                  tell: Callable[[str], None]) -> None:
    """As the table's host: approve the house bots' requests, then leave."""
    try:
        with connect(ws_url, open_timeout=10, proxy=None) as ws:
            ws.send(json.dumps({"type": "hello", "version": 1, "table_id": table_id, "token": host_token}))
            _seat_bots(ws, names, approval=True)
    except Exception as error:   # the bots wait for a person to approve them instead
        tell(f"the house could not approve its bots: {type(error).__name__}: {error}")


def _reply(ws: ClientConnection, kind: str, timeout: float = 10) -> dict[str, Any]:
    """The next frame of ``kind`` (errors raise)."""
    deadline = time.monotonic() + timeout
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=max(0.0, deadline - time.monotonic())))
        if frame["type"] == kind:
            return frame
        if frame["type"] == "error":
            raise RuntimeError(f"the server refused the house table: {frame['message']}")


def _seat_bots(ws: ClientConnection, names: dict[str, int], approval: bool, timeout: float = 30) -> None:
    """Wait, as the table's host, until every house bot sits (approving their requests)."""
    deadline, approved = time.monotonic() + timeout, set()
    while True:
        frame = json.loads(ws.recv(timeout=max(0.0, deadline - time.monotonic())))
        if frame["type"] != "update":
            continue
        table = frame["table"]
        seated = {p["name"] for p in (table.get("seats") or {}).values()}
        if set(names) <= seated:
            return
        for request in table.get("requests") or ():
            if approval and names.get(request["name"]) == request["seat"] and request["request_id"] not in approved:
                approved.add(request["request_id"])
                ws.send(json.dumps({"type": "approve", "request_id": request["request_id"]}))


def _house_bot(link: str, name: str, seat: int, chips: int, style: str, think: float, stop: threading.Event,
               tell: Callable[[str], None], seat_token: str | None = None) -> None:
    """One house bot's thread: it plays until the game ends or its seat is taken away, and says
    why it left; nothing it meets ends the thread with a traceback."""
    try:
        play(link, name=name, seat=seat, chips=chips, style=style, stay=True, rebuy=True, think=think,
             stop=stop, lost=tell, seat_token=seat_token)
    except SeatLost as gone:
        tell(f"{gone}: the bot left")
    except Exception as error:   # a fault of the bot's own: told in one line, the server goes on
        tell(f"{name} stopped: {type(error).__name__}: {error}")
