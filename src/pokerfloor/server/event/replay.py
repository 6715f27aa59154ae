"""An event's inputs (``EventCore.inputs``) read back and applied again (``go_on``).

Each input is ``{"at": the server's time, "op": [name, arguments...]}``, logged by the runner as
it made the change: a registration, a person's or a house bot's action, a clock run out, a hand
dealt or ended, the floor's rulings between hands, the host's commands. Applied in order to the
state they followed, at the times they were made (the event's clock reads ``at`` meanwhile),
they make the same changes, and the event goes on from its last input: nothing played is lost
and no hand is dealt again. An input that is not one the runner logs, or that the event refuses
as it is applied, makes the stored event ``Unreadable`` (it is not served), never half-applied
without a word.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pokerfloor.errors import PokerfloorError
from pokerfloor.server.event.core import EventCore
from pokerfloor.server.fields import Refused
from pokerfloor.typedjson import Unreadable


def _ready(runner: EventCore) -> None:
    runner.event.ready()


def _end_from(runner: Any, text: str) -> None:
    if not runner.end_from(text, runner.clock.now()):
        raise Refused("illegal", "a hand's end logged as applied that does not apply")


OPS: dict[str, tuple[tuple[type | tuple[type, ...], ...], Callable[..., Any]]] = {
    "register": ((str, str, str, bool), lambda r, name, token, bot, approved: r.register(
        name, token, bot=bot, approved=approved)),
    "approve": ((str,), lambda r, name: r.approve(name)),
    "start": ((), lambda r: r.start()),
    "act": ((int, int, str, (int, type(None)), (list, type(None)), str),
            lambda r, no, seat, action, to, cards, who: r.act_at(no, seat, action, to, cards, who=who)),
    "timeout": ((str,), lambda r, key: setattr(r.persons[key], "timeouts", r.persons[key].timeouts + 1)),
    "timeouts": ((str, int), lambda r, key, count: r.set_timeouts(key, count)),
    "deal": ((int,), lambda r, no: r.deal_at(no, away=False)),
    "deal_away": ((int,), lambda r, no: r.deal_at(no, away=True)),
    "end": ((int,), lambda r, no: r.end_hand_at(no, r.clock.now())),
    "end_from": ((str,), lambda r, text: _end_from(r, text)),
    "ready": ((), _ready),
    "moves": ((), lambda r: r.apply_moves()),
    "pause": ((), lambda r: r.pause()),
    "resume": ((), lambda r: r.resume()),
    "add_time": (((int, float),), lambda r, seconds: r.add_time(seconds)),
    "add_bots": ((int,), lambda r, count: r.add_bots(count)),
    "remove": ((str,), lambda r, name: r.remove(name)),
    "move": ((str, int, int), lambda r, name, table, seat: r.move(name, table, seat)),
    "payouts": ((list,), lambda r, payouts: r.set_payouts(payouts)),
    "deal_accepted": ((str,), lambda r, kind: r.deal(kind, True)),
    "buy": ((str, str), lambda r, key, kind: r.buy(key, kind)),
}
"""Each input's name: the kinds of its arguments and how it is applied to the runner."""


def _kind(value: object, kind: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool) and kind is not bool and not (isinstance(kind, tuple) and bool in kind):
        return False
    return isinstance(value, kind)


def read(seq: int, text: str) -> tuple[float, list[Any]]:
    """A stored input's time and call, checked whole (``Unreadable``)."""
    try:
        body = json.loads(text)
    except ValueError:
        body = None
    op = body.get("op") if isinstance(body, dict) else None
    at = body.get("at") if isinstance(body, dict) else None
    if not isinstance(op, list) or not op or op[0] not in OPS or not _kind(at, (int, float)):
        raise Unreadable(f"an event's input {seq} that is not one the server writes")
    kinds, _ = OPS[op[0]]
    if len(op) != len(kinds) + 1 or not all(_kind(v, k) for v, k in zip(op[1:], kinds, strict=True)):
        raise Unreadable(f"an event's input {seq} ({op[0]}) whose arguments are not the ones it takes")
    assert isinstance(at, int | float)
    return float(at), op


def go_on(runner: EventCore, rows: list[tuple[int, str]]) -> None:
    """Apply the stored inputs ``rows`` (seq, JSON text) that follow the runner's state, in
    order and at their times; ``Unreadable`` if one is missing, malformed or refused."""
    now = runner.clock.now
    runner.replaying = True
    try:
        for seq, text in rows:
            if seq != runner.seq + 1:
                raise Unreadable(f"an event's inputs that skip from {runner.seq} to {seq}")
            at, op = read(seq, text)
            runner.clock.now = lambda at=at: at      # type: ignore[misc]
            try:
                OPS[op[0]][1](runner, *op[1:])
            except (Refused, PokerfloorError, ValueError, KeyError, TypeError, IndexError) as refused:
                raise Unreadable(f"an event's input {seq} ({op[0]}) that it refuses: {str(refused)[:200]}") from None
            runner.seq = seq
            runner.take_events()
    finally:
        runner.clock.now, runner.replaying = now, False
