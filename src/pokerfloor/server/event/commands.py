"""The event's commands (``/event/ws``, docs/protocol.md "Tournaments over many tables"): one
frozen dataclass each, its fields checked whole at the edge with the server's ``Rule`` and
refused with the server's one error (``Refused``: ``unknown_type``, ``bad_field``) before the
event hears of them. ``WHO``: ``anyone`` (no event needed), ``watcher`` (attached to an event),
``player`` (registered in it) or ``host`` (its host token).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from pokerfloor.server.fields import ID_LENGTH, NAME_LENGTH, SECRET_LENGTH, TOKEN_LENGTH, Limits, Refused, rule_field

Who = Literal["anyone", "watcher", "player", "host"]
VIEWS = ("lobby", "clock", "player")
DEALS = ("icm", "chip_chop")


def _rule(kind: type, low: int = 0, high: int = 10**9, **more: Any) -> Any:
    return rule_field(kind, low, high, **more)


@dataclass(frozen=True)
class EventCommand:
    TYPE: ClassVar[str] = ""
    WHO: ClassVar[Who] = "host"


@dataclass(frozen=True)
class OpenEvent(EventCommand):
    """Open an event: ``template`` and ``event`` are checked whole by ``config.event_config``."""

    TYPE, WHO = "open_event", "anyone"
    template: str | None = _rule(str, 1, 16, optional=True)


@dataclass(frozen=True)
class EventHello(EventCommand):
    TYPE, WHO = "event_hello", "anyone"
    event_id: str = _rule(str, 1, ID_LENGTH)
    token: str | None = _rule(str, 1, SECRET_LENGTH, optional=True)
    view: str | None = _rule(str, 1, 8, optional=True, default="lobby")


@dataclass(frozen=True)
class Register(EventCommand):
    TYPE, WHO = "register", "watcher"
    name: str = _rule(str, 1, NAME_LENGTH, strip=True, name=True)
    token: str | None = _rule(str, TOKEN_LENGTH[0], TOKEN_LENGTH[1], optional=True)


@dataclass(frozen=True)
class EventAct(EventCommand):
    TYPE, WHO = "event_act", "player"
    action: str = _rule(str, 1, 16)
    to: int | None = _rule(int, 0, 2**53 - 1, optional=True)
    cards: tuple[str, ...] | None = _rule(list, 0, 7, optional=True)


@dataclass(frozen=True)
class Rebuy(EventCommand):
    """The player will rebuy if they bust, while rebuys are open (TDA 2024 Rule 27)."""

    TYPE, WHO = "rebuy", "player"


@dataclass(frozen=True)
class AddOn(EventCommand):
    """The player's add-on, at the add-on level (or the break before it), between hands."""

    TYPE, WHO = "add_on", "player"


@dataclass(frozen=True)
class StartEvent(EventCommand):
    TYPE = "start_event"


@dataclass(frozen=True)
class PauseEvent(EventCommand):
    TYPE = "pause_event"


@dataclass(frozen=True)
class ResumeEvent(EventCommand):
    TYPE = "resume_event"


@dataclass(frozen=True)
class AddTime(EventCommand):
    TYPE = "add_time"
    seconds: int = _rule(int, 1, 3600)


@dataclass(frozen=True)
class AddBots(EventCommand):
    TYPE = "add_bots"
    count: int = _rule(int, 1, 500)


@dataclass(frozen=True)
class ApproveEntry(EventCommand):
    TYPE = "approve_entry"
    name: str = _rule(str, 1, NAME_LENGTH, strip=True, name=True)


@dataclass(frozen=True)
class RemoveEntry(EventCommand):
    TYPE = "remove_entry"
    name: str = _rule(str, 1, NAME_LENGTH, strip=True, name=True)


@dataclass(frozen=True)
class MoveEntry(EventCommand):
    TYPE = "move_entry"
    name: str = _rule(str, 1, NAME_LENGTH, strip=True, name=True)
    table: int = _rule(int, 1, 10_000)
    seat: int = _rule(int, 1, 10)


@dataclass(frozen=True)
class SetPayouts(EventCommand):
    """``payouts``: weights for first, second... (checked by ``runner.set_payouts``)."""

    TYPE = "set_payouts"


@dataclass(frozen=True)
class OfferDeal(EventCommand):
    TYPE = "event_deal"
    kind: str = _rule(str, 1, 16)
    accept: bool | None = _rule(bool, optional=True, default=False)


COMMANDS: dict[str, type[EventCommand]] = {kind.TYPE: kind for kind in EventCommand.__subclasses__()}


def parse(frame: Mapping[str, Any]) -> EventCommand:
    """The command a frame holds, checked whole; ``Refused`` otherwise. Fields a command does
    not have are ignored (``open_event``'s ``event`` and ``set_payouts``' ``payouts`` are checked
    where they are used, whole)."""
    kind = COMMANDS.get(str(frame.get("type")))
    if kind is None:
        raise Refused("unknown_type", f"no message type {frame.get('type')!r}")
    limits = Limits()
    values = {f.name: f.metadata["rule"].check(f.name, frame.get(f.name), limits) for f in fields(kind)}
    command = kind(**values)
    if isinstance(command, EventHello) and command.view not in VIEWS:
        raise Refused("bad_field", f"view: is one of {', '.join(VIEWS)}", field="view")
    if isinstance(command, OfferDeal) and command.kind not in DEALS:
        raise Refused("bad_field", f"kind: is one of {', '.join(DEALS)}", field="kind")
    return command
