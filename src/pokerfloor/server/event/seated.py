"""A person's seat at a table played away from its floor (issue 38: any process serves any
table; ``away.py`` says how a hand is dealt away, ``tableplay.py`` how it is played).

With ``Events.spread`` every table is dealt away, a person's too. A person's page may reach any
process (a load balancer chooses); that process relays it to the event's floor, as it relays every
event page (``bus.Bus.relay``). The floor stays the one place a page talks to, and it passes a
person's turn on to the process playing their table:

- **Their action.** The floor checks who sent it (the page's token, read at its ``event_hello``, is
  the seat's: ``EventTask.hello``) and that their table's hand is played away, and sends it on as a
  ``SeatAct``: the seat, the token as the page gave it, and ``seen``, the count of the hand's
  actions the page was shown. The process playing the table (the holder of its lease) takes it only
  from the seat's token-holder (its digest is in the deal: ``Seats``), only on that seat's turn and
  only if no action came since the one the page saw (so a page's action sent twice, or on an old
  view, is refused ``not_your_turn``, never made twice). It writes it as the table's own input,
  under the lease, as it writes a house bot's.
- **The views.** Once its inputs are committed, the playing process sends the floor the hand as each
  person's seat sees it and as a spectator does (``Views``); the floor sends each player their page
  (``views.seat_json``) from them, their own cards to their own connections only, as for a hand
  played on its own table. While a person is to act the views are sent again every
  ``AGAIN_SECONDS``, so that a floor started again (or a message lost on the bus) catches up.
- **Their clock.** The playing process times the turn (``turn_seconds``: ``action_seconds``, 1 s once
  the person timed out twice running, until they act) and acts for a seat whose time ran out (TDA
  2024 Rule 30: a tournament seat is dealt in whether its player is there or not). The count of
  timeouts comes with the deal and goes back with the views; the floor logs it. As the event
  pauses, and with each views while it stays paused, the floor sends a ``Held``, which stops the
  persons' clocks there.
- **Nothing lost.** An action the next views show neither made nor refused (lost on the bus, sent
  before any process took the table, or to one killed before it stored it) is sent again by the
  floor (``seatlink.take_views``), and made once at most (``seen``).

Why the floor and not the page's own process, or the table's: a page cannot choose its process, and
a table's hands are played by one process while its player moves between tables and the tables
change hands at each deal (and when a process dies). The floor already serves every page of the
event and rules every move; routed through it, a page follows its player with no new connection,
nothing waits for a page to reconnect, and a SIGKILL of the process playing the table touches no
page: another process takes the lease and goes on from the deal and the stored inputs, and its
views reach the same pages. The cost: each action crosses the bus twice more.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

import orjson

from pokerfloor.hand import Hand, RecordError
from pokerfloor.hand.view import SeatView
from pokerfloor.typedjson import Unreadable, load

SHORT_SECONDS = 1.0     # a person's time to act once they timed out twice running (until they act again)
AGAIN_SECONDS = 1.0     # how often the views of a hand waiting on a person are sent again
HELD_SECONDS = 2.0      # a ``Held`` stops a person's clock this long (the floor sends it again while paused)
TIMEOUT, PERSON = "timeout", "person"   # how a table's own input marks a person's action (else a house bot's)


def turn_seconds(action_seconds: float, timeouts: int) -> float:
    """A person's time to act: ``action_seconds``, ``SHORT_SECONDS`` once they timed out twice
    running (until they act again), on the floor's tables and those played away alike."""
    return action_seconds if timeouts < 2 else SHORT_SECONDS


@dataclass(frozen=True)
class Sitter:
    """A person at a table dealt away: their token's digest and their timeouts running."""

    token_hash: str
    timeouts: int = 0


@dataclass(frozen=True)
class Seats:
    """Who sits at a table dealt away, stored with the deal (``pf_event_hands.bots``): the house
    bots' styles by seat, the persons by seat, and the event's ``action_seconds``. A deal of
    house bots only is written as the bots' styles alone (``{"seat": style}``), as before."""

    bots: dict[int, str]
    persons: dict[int, Sitter] = field(default_factory=dict)
    action_seconds: float = 30.0

    def to_json(self) -> str:
        data: dict[str, Any] = {str(seat): style for seat, style in sorted(self.bots.items())}
        if self.persons:
            data["persons"] = {str(seat): asdict(s) for seat, s in sorted(self.persons.items())}
            data["action_seconds"] = self.action_seconds
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str) -> Seats:
        """``Unreadable`` for anything but what ``to_json`` writes."""
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            raise Unreadable("a deal's seats that are not a JSON object")
        persons = load(dict[str, Sitter], data.pop("persons", {}), "a deal's persons", defaults=True)
        seconds = load(float, data.pop("action_seconds", 30.0), "a deal's action_seconds")
        bots = load(dict[str, str], data, "a deal's bots")
        if not all(seat.isdigit() for seat in (*bots, *persons)):
            raise Unreadable("a deal's seats that are not seat numbers")
        return cls({int(s): style for s, style in bots.items()}, {int(s): p for s, p in persons.items()}, seconds)


@dataclass(frozen=True)
class SeatAct:
    """A person's action, from the floor to the process playing their table (``table``: the
    table's number in ``event_id``; ``number``: the hand's there)."""

    event_id: str
    table: int
    number: int
    seat: int
    token: str
    seen: int
    action: str
    to: int | None = None
    cards: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Held:
    """The event is paused: the persons' clocks at table ``table`` (hand ``number``) stop for
    ``HELD_SECONDS``; the floor says it as it pauses and again with each ``Views`` it gets while paused, so that
    they run again within that time of the event's resuming."""

    event_id: str
    table: int
    number: int


@dataclass(frozen=True)
class Refusal:
    """A ``SeatAct`` refused, told to that seat's pages with the server's error frame."""

    seat: int
    code: str
    message: str


@dataclass(frozen=True)
class Views:
    """A hand played away as it stands after ``acts`` actions (all of them stored), from the
    process playing it to the floor: each person's seat's view and a spectator's (``SeatView``
    JSON), the persons' timeouts running, and the actions just refused."""

    event_id: str
    table: int
    number: int
    acts: int
    seats: dict[str, dict[str, Any]]
    public: dict[str, Any]
    timeouts: dict[str, int]
    refused: tuple[Refusal, ...] = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (a seat not dealt in, or ``None``: what a spectator sees)."""
        return self.seats.get(str(seat), self.public)

    @classmethod
    def of(cls, event_id: str, table: int, number: int, acts: int, hand: Hand, persons: dict[int, int],
           refused: tuple[Refusal, ...] = ()) -> Views:
        """The views of ``hand`` for the seats of ``persons`` (seat -> timeouts running)."""
        return cls(event_id, table, number, acts, {str(s): hand.view(s).to_dict() for s in persons},
                   hand.view(None).to_dict(), {str(s): n for s, n in persons.items()}, refused)


def to_text(message: SeatAct | Views | Held) -> str:
    """The message as JSON (orjson writes the dataclass as it stands: ``asdict`` deep-copied
    every view, 2 ms a ``Views`` of nine seats against 0.01)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def read_act(text: str) -> SeatAct:
    """A ``SeatAct`` read whole (``Unreadable`` otherwise)."""
    return load(SeatAct, _json(text), "a seat's action", defaults=True)


def read_held(text: str) -> Held:
    """A ``Held`` read whole (``Unreadable`` otherwise)."""
    return load(Held, _json(text), "a held clock")


def read_views(text: str) -> Views:
    """``Views`` read whole, every view a ``SeatView`` (``Unreadable`` otherwise)."""
    views = load(Views, _json(text), "a table's views", defaults=True)
    try:
        for view in (*views.seats.values(), views.public):
            SeatView.from_dict(view)
    except RecordError as wrong:
        raise Unreadable(f"a table's views: {str(wrong)[:200]}") from None
    return views


def _json(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        raise Unreadable("a message that is not JSON") from None
