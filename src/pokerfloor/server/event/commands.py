"""The event's commands (``/event/ws``, docs/protocol.md "Tournaments over many tables"): one
frozen dataclass each, read whole from the frame at the edge (``receive``) with the server's
field rules (``fields``: the same fields as the table's commands, from one definition) and
refused with the server's one error (``Refused``: ``unknown_type``, ``bad_field``) before the
event hears of them. The typed value goes on the event's queue (``Received``) and to its handler
(``service.HANDLERS``, keyed by type); no handler sees the frame. ``WHO``: ``anyone`` (no event
needed), ``watcher`` (attached to an event), ``player`` (registered in it) or ``host`` (its host
token).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal, TypeVar

from pokerfloor.server.event.config import EventConfig, event_config, weights_field
from pokerfloor.server.fields import (
    Refused,
    bad_field,
    cards_field,
    flag_field,
    id_field,
    name_field,
    rule_field,
    seat_token_field,
    secret_field,
    to_field,
)

Who = Literal["anyone", "watcher", "player", "host"]
VIEWS = ("lobby", "clock", "player")
DEALS = ("icm", "chip_chop")

E = TypeVar("E", bound="EventCommand")


@dataclass(frozen=True)
class EventCommand:
    TYPE: ClassVar[str] = ""
    WHO: ClassVar[Who] = "host"

    @classmethod
    def read(cls: type[E], frame: Mapping[str, Any]) -> E:
        """The command a frame holds, every field checked by its rule (``Refused`` at the first
        wrong one); fields the command does not have are ignored."""
        return cls(**{f.name: f.metadata["rule"].check(f.name, frame.get(f.name), None) for f in fields(cls)})

    def frame(self, reply_to: object = None) -> dict[str, object]:
        """The frame a client sends for this command (``read`` reads it back into the same
        value): a relayed client's, written again for the event's owner."""
        values = {f.name: getattr(self, f.name) for f in fields(self) if "rule" in f.metadata}
        return {"type": self.TYPE, **({} if reply_to is None else {"id": reply_to}),
                **{name: list(v) if isinstance(v, tuple) else v for name, v in values.items()}}


@dataclass(frozen=True)
class OpenEvent(EventCommand):
    """Open an event: the frame's ``template`` and ``event`` are read whole into the event's
    settings (``config.event_config``)."""

    TYPE, WHO = "open_event", "anyone"
    config: EventConfig

    @classmethod
    def read(cls, frame: Mapping[str, Any]) -> OpenEvent:
        return cls(event_config(frame))


@dataclass(frozen=True)
class EventHello(EventCommand):
    TYPE, WHO = "event_hello", "anyone"
    event_id: str = id_field()
    token: str | None = secret_field()
    view: str = rule_field(str, 1, 8, "optional: lobby, clock or player", optional=True, default="lobby")

    def __post_init__(self) -> None:
        if self.view not in VIEWS:
            raise bad_field("view", f"is one of {', '.join(VIEWS)}")


@dataclass(frozen=True)
class Register(EventCommand):
    TYPE, WHO = "register", "watcher"
    name: str = name_field()
    token: str | None = seat_token_field()


@dataclass(frozen=True)
class EventAct(EventCommand):
    TYPE, WHO = "event_act", "player"
    action: str = rule_field(str, 1, 16)
    to: int | None = to_field()
    cards: tuple[str, ...] | None = cards_field(7)


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
    seconds: int = rule_field(int, 1, 3600)


@dataclass(frozen=True)
class AddBots(EventCommand):
    TYPE = "add_bots"
    count: int = rule_field(int, 1, 500)


@dataclass(frozen=True)
class ApproveEntry(EventCommand):
    TYPE = "approve_entry"
    name: str = name_field()


@dataclass(frozen=True)
class RemoveEntry(EventCommand):
    TYPE = "remove_entry"
    name: str = name_field()


@dataclass(frozen=True)
class MoveEntry(EventCommand):
    TYPE = "move_entry"
    name: str = name_field()
    table: int = rule_field(int, 1, 10_000)
    seat: int = rule_field(int, 1, 10)


@dataclass(frozen=True)
class SetPayouts(EventCommand):
    """``payouts``: weights for first, second... (``config.weights_field``, as an event opens with)."""

    TYPE = "set_payouts"
    payouts: tuple[int, ...] = weights_field()

    def __post_init__(self) -> None:
        if sum(self.payouts) < 1:
            raise bad_field("payouts", "name one place at least")


@dataclass(frozen=True)
class OfferDeal(EventCommand):
    TYPE = "event_deal"
    kind: str = rule_field(str, 1, 16)
    accept: bool = flag_field()

    def __post_init__(self) -> None:
        if self.kind not in DEALS:
            raise bad_field("kind", f"is one of {', '.join(DEALS)}")


COMMANDS: dict[str, type[EventCommand]] = {kind.TYPE: kind for kind in EventCommand.__subclasses__()}


@dataclass(frozen=True)
class Received:
    """A client's frame as the edge read it (``receive``), on the event's queue: its command,
    the ``id`` its answer is ``reply_to``, and when it was read (``perf_counter``)."""

    command: EventCommand
    reply_to: object = None
    at: float = 0.0


def parse(frame: Mapping[str, Any]) -> EventCommand:
    """The command a frame holds, checked whole; ``Refused`` otherwise (``unknown_type`` for a
    type not known)."""
    kind = COMMANDS.get(str(frame.get("type")))
    if kind is None:
        raise Refused("unknown_type", f"no message type {frame.get('type')!r}")
    return kind.read(frame)


def receive(frame: Mapping[str, Any], at: float = 0.0) -> Received:
    """A frame read whole at the edge into its typed command (``parse``), with its reply id."""
    return Received(parse(frame), frame.get("id"), at)
