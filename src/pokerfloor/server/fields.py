"""The fields of the server's commands and inputs: their types and ranges (``Rule``), the table's
ranges they depend on (``Limits``), the one error they are refused with (``Refused``), and the two
kinds of value every command is (docs/protocol.md, the schema).

A ``Command`` is what a client may send, read once at the edge (``commands.receive``). An
``Input`` is what a room applies and the store keeps: its JSON is ``Input.json()``, read back
into the same value by ``Input.read`` (checked against the same rules, so that an input read
back from a store holds nothing a client could not have sent). Many commands are inputs as they
are (``SitIn``: its fields, and the sender's ``player_id``, which the table task fills in).

Why frozen dataclasses and a small rule of our own, not pydantic or msgspec: the ranges that
matter most (seats, buy-ins) belong to each table, not to the schema, and would be validators
with a context in either library; both coerce or accept more than the protocol says unless
told not to at every field (pydantic's lax mode turns ``"5"`` and ``5.0`` into ``5``; a ``bool``
is an ``int`` to JSON decoders); each command has at most six flat fields; and a dataclass
adds no dependency to the ``server`` extra and compiles and types as it is.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, TypeVar

from pokerfloor.errors import PokerfloorError

MAX_CHIPS = 2**53 - 1
"""The most chips any field may hold: every JSON reader (JavaScript's numbers among them) reads
integers up to this exactly, and the server's JSON encoder takes no integer beyond 64 bits."""

TABLE_CHIPS = 10**12
"""The most chips a table holds, all its seats together (``Limits.chips_at_table``): a join, a
top-up, a rebuy or a stack edited by the host that would take the table past it is refused
``bad_field`` ``chips``. Chips only move between the seats after that, so no stack, pot or award
of any hand can pass it either, far below ``MAX_CHIPS`` (a limit game, which has no highest
buy-in, included)."""

NAME_LENGTH = 32
CHAT_LENGTH = 500
ID_LENGTH = 64           # request ids, client action ids, turn tokens, actions
TOKEN_LENGTH = (22, 128)  # a seat token a client chooses (22: 128 random bits in base64)
SECRET_LENGTH = 256       # a host or seat token given in hello


class Refused(PokerfloorError):
    """A command the room will not take; ``code`` is the protocol's error code (docs/protocol.md),
    ``field`` the frame's field at fault for a ``bad_field``. ``strike``: the frame was refused at
    the edge (not read whole, a field outside its rules, too many frames, a hello the server cannot
    attach), so the error comes out of the connection's budget (``transport.send_error``); a
    well-formed command refused as things stand (not your turn, an illegal action) does not."""

    def __init__(self, code: str, message: str, reason: str = "", rule: str = "", *, field: str = "") -> None:
        super().__init__(message)
        self.code, self.message, self.reason, self.rule, self.field = code, message, reason, rule, field
        self.strike = False


def bad_field(name: str, message: str) -> Refused:
    return Refused("bad_field", f"{name}: {message}", field=name)


@dataclass(frozen=True)
class Limits:
    """What a table allows, for the ranges that depend on it: its seats and its buy-in (the
    highest ``None`` when the structure has no maximum)."""

    seats: int = 10
    buy_in: tuple[int, int | None] = (1, None)
    chips_at_table: int = 0

    @property
    def lowest_buy_in(self) -> int:
        return max(1, self.buy_in[0])

    @property
    def highest_buy_in(self) -> int:
        high = self.buy_in[1]
        return min(self.room_for_chips, MAX_CHIPS if high is None else min(high, MAX_CHIPS))

    @property
    def room_for_chips(self) -> int:
        """The most chips the table takes in now (``TABLE_CHIPS``, less what its seats hold)."""
        return max(0, TABLE_CHIPS - self.chips_at_table)


NO_LIMITS = Limits()
"""The ranges of a command outside any table (``hello``): ten seats, any buy-in."""

Bound = int | Callable[[Limits], int]


@dataclass(frozen=True)
class Rule:
    """One field's type and range: an integer between ``low`` and ``high``, a string of ``low``
    to ``high`` characters (after stripping the ends, with ``strip``), or a bool. ``optional``:
    absent or null is ``default``; a ``list``: cards (``high`` at most); a ``tuple``: ``low`` to
    ``high`` whole numbers. ``words``: the range as docs/protocol.md says it."""

    kind: type
    low: Bound = 0
    high: Bound = MAX_CHIPS
    optional: bool = False
    default: Any = None
    strip: bool = False
    words: str = ""
    name: bool = False

    @property
    def ranged(self) -> bool:
        """Whether the range depends on the table (``Limits``: its seats, its buy-in)."""
        return callable(self.low) or callable(self.high)

    def check(self, name: str, value: object, limits: Limits | None) -> Any:
        """The value checked whole; with ``limits`` None, a range that depends on the table is
        left for ``Command.within`` (the type alone is checked)."""
        if value is None:
            if self.optional:
                return self.default
            raise bad_field(name, "is missing")
        if self.kind is bool:
            if not isinstance(value, bool):
                raise bad_field(name, "is true or false")
            return value
        if self.kind is list:       # cards: a draw's discards, like ["Ah", "Td"]
            high = self.high(limits or NO_LIMITS) if callable(self.high) else self.high
            if not isinstance(value, list) or len(value) > high:
                raise bad_field(name, f"is a list of at most {high} cards")
            if not all(isinstance(card, str) and len(card) == 2 for card in value):
                raise bad_field(name, 'holds cards like "Ah" and "Td"')
            return tuple(value)
        if limits is None and self.ranged:
            if self.kind is not int:
                raise TypeError(f"{name}: only a whole number's range may depend on the table")
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad_field(name, "is a whole number")
            return value
        limits = NO_LIMITS if limits is None else limits
        low = self.low(limits) if callable(self.low) else self.low
        high = self.high(limits) if callable(self.high) else self.high
        if self.kind is tuple:      # whole numbers, like payout weights [50, 30, 20]
            if (not isinstance(value, list) or not low <= len(value) <= high
                    or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= MAX_CHIPS for x in value)):
                raise bad_field(name, f"is a list of {low} to {high} whole numbers, 0 to {MAX_CHIPS}")
            return tuple(value)
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad_field(name, "is a whole number")
            if not low <= value <= high:
                raise bad_field(name, f"is {low} to {high}")
            return value
        if not isinstance(value, str):
            raise bad_field(name, "is a string")
        text = value.strip() if self.strip else value
        if self.name:
            text = display_name(name, text)
        if not low <= len(text) <= high:
            raise bad_field(name, f"is {low} to {high} characters")
        return text


UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""The Unicode categories no name may hold: control and format characters (the bidirectional
overrides and isolates, U+202A-U+202E and U+2066-U+2069, and the zero-width ones are format
characters), surrogates, private use, unassigned code points, line and paragraph separators."""


def display_name(field_name: str, text: str) -> str:
    """A player's name as the table shows it: NFC-normalised (one way to write each letter),
    every character printable (``UNPRINTABLE``) and every space a plain one; ``Refused``
    (``bad_field``) naming the field otherwise."""
    text = unicodedata.normalize("NFC", text)
    for char in text:
        if unicodedata.category(char) in UNPRINTABLE:
            raise bad_field(field_name, f"has no control, format or invisible characters (U+{ord(char):04X})")
        if char.isspace() and char != " ":
            raise bad_field(field_name, f"has no spaces but plain ones (U+{ord(char):04X})")
    return text


def name_key(name: str) -> str:
    """What two names must not share at one table: the name NFC-normalised and case-folded
    (``"Bob"``, ``"BOB"`` and ``"bob"`` are one name; ``"ﬀ"`` and ``"ff"`` too)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def rule_field(kind: type, low: Bound = 0, high: Bound = MAX_CHIPS, words: str = "", **more: Any) -> Any:
    """A dataclass field checked by a ``Rule`` (its metadata)."""
    return field(metadata={"rule": Rule(kind, low, high, words=words, **more)})


def _seats(limits: Limits) -> int:
    return limits.seats


def _low_buy_in(limits: Limits) -> int:
    return limits.lowest_buy_in


def _high_buy_in(limits: Limits) -> int:
    return limits.highest_buy_in


def seat_field() -> Any:
    return rule_field(int, 1, _seats, "1 to the table's seats")


def buy_in_field() -> Any:
    return rule_field(int, _low_buy_in, _high_buy_in, "the table's buy-in: its minimum to its maximum, and at most "
                      f"{TABLE_CHIPS:,} less the chips at the table")


def _room_for_chips(limits: Limits) -> int:
    return limits.room_for_chips


def chips_field(words: str = f"1 to {TABLE_CHIPS:,} less the chips at the table") -> Any:
    return rule_field(int, 1, _room_for_chips, words)


def flag_field() -> Any:
    return rule_field(bool, optional=True, default=False, words="optional, default false")


def id_field(words: str = f"1 to {ID_LENGTH} characters") -> Any:
    return rule_field(str, 1, ID_LENGTH, words)


def name_field() -> Any:
    """A player's name (``display_name``)."""
    return rule_field(str, 1, NAME_LENGTH, f"1 to {NAME_LENGTH} characters (ends stripped, NFC), printable, not "
                      "another player's at the table", strip=True, name=True)


def secret_field() -> Any:
    """A host or seat token given in a hello."""
    return rule_field(str, 1, SECRET_LENGTH, "optional", optional=True)


def seat_token_field() -> Any:
    """A seat token a client chooses."""
    return rule_field(str, TOKEN_LENGTH[0], TOKEN_LENGTH[1], f"optional, {TOKEN_LENGTH[0]} to {TOKEN_LENGTH[1]} "
                      "characters", optional=True)


def to_field() -> Any:
    """What a bet or raise is to."""
    return rule_field(int, 0, MAX_CHIPS, f"optional, 0 to {MAX_CHIPS}", optional=True)


def cards_field(most: int = 6) -> Any:
    """A draw's discards."""
    return rule_field(list, 0, most, f"optional, a draw's discards, at most {most} cards", optional=True)



Who = Literal["player", "host", "table", "anyone"]
"""Who may send a command: a seated player, the host, any client attached to the table, any
client at all (``hello``, ``create_table``)."""
Moment = Literal["other", "seat_change", "deal", "play"]
"""Where an input falls in the game (the named points of ``Server.hook``): it changes the seats,
deals a hand, plays one (an action or a timeout: ``mid_street``, ``street_end`` or
``hand_end`` as it turns out), or something else."""


def server_field(rule: Rule, *, omit_none: bool = False) -> Any:
    """A field of an input that no client sends: the table task fills it in (the sender's
    ``player_id``, say). ``omit_none``: left out of the input's JSON when ``None``."""
    default = None if rule.optional else ""
    return field(default=default, kw_only=True, metadata={"rule": rule, "server": True, "omit_none": omit_none})


@dataclass(frozen=True)
class Command:
    """A value of the protocol. ``TYPE`` is the frame type a client sends it as ("": none),
    ``WHO`` who may send it; each field's ``Rule`` is its metadata."""

    TYPE: ClassVar[str] = ""
    WHO: ClassVar[Who] = "player"

    def fields(self) -> dict[str, Any]:
        """The fields a client sends, by name."""
        return {name: getattr(self, name) for name in client_rules(type(self))}

    def frame(self, reply_to: object = None) -> dict[str, object]:
        """The frame a client sends for this command (``commands.receive`` reads it back into
        the same value): its type, its ``id`` when it has one, its fields (a relayed hello)."""
        fields = {name: list(value) if isinstance(value, tuple) else value for name, value in self.fields().items()}
        return {"type": self.TYPE, **({} if reply_to is None else {"id": reply_to}), **fields}

    def within(self, limits: Limits) -> None:
        """``Refused`` (``bad_field``) unless each field whose range depends on the table is in
        this table's range now (``limits``)."""
        in_range(type(self), self.fields().items(), limits)


def in_range(kind: type[Command], values: Iterable[tuple[str, object]], limits: Limits) -> None:
    """``Refused`` (``bad_field``) for the first of these fields of a ``kind`` (checked but for
    their ranges: ``Rule.check`` without limits) whose range depends on the table and which is
    out of this table's range now."""
    rules = client_rules(kind)
    for name, value in values:
        rule = rules[name]
        if rule.ranged:
            rule.check(name, value, limits)


@dataclass(frozen=True)
class Received:
    """A client's frame as the edge read it (``commands.receive``), on its table's queue: its
    command's type, the ``id`` its answer is ``reply_to``, its ``client_action_id`` when it has
    one (an ack echoes it, whatever the command), and the command, or the fields read before
    the one refused and that refusal. The ranges that depend on the table are checked when the
    table task carries it out (``command_in``), against the table as it is then."""

    kind: type[Command]
    reply_to: object = None
    action_id: tuple[object, ...] = ()
    command: Command | None = None
    checked: tuple[tuple[str, object], ...] = ()
    refused: Refused | None = None

    def command_in(self, limits: Limits) -> Command:
        """The command, its ranges checked against this table's ``limits`` (``Refused``
        otherwise: the first field at fault, as the frame read whole with them says)."""
        if self.refused is not None:      # (a field outside its rules: the frame's fault, a strike)
            try:
                in_range(self.kind, self.checked, limits)
            except Refused as first:
                first.strike = True
                raise
            self.refused.strike = True
            raise self.refused
        assert self.command is not None
        self.command.within(limits)
        return self.command


def client_rules(kind: type[Command]) -> dict[str, Rule]:
    """The fields a client sends of a command and their rules, in order."""
    return {f.name: f.metadata["rule"] for f in dataclasses.fields(kind)
            if "rule" in f.metadata and not f.metadata.get("server")}


def stored_rules(kind: type[Command]) -> dict[str, Rule]:
    """The fields an input holds in its JSON (besides ``kind`` and ``at``) and their rules."""
    return {f.name: f.metadata["rule"] for f in dataclasses.fields(kind) if "rule" in f.metadata}


C = TypeVar("C", bound=Command)


def subclasses(kind: type[C]) -> list[type[C]]:
    """Every class derived from ``kind``, in the order they were defined (a command or input
    type is known by being defined: ``commands.COMMANDS``, ``inputs.INPUTS``)."""
    found: list[type[C]] = []
    for sub in kind.__subclasses__():
        found += [sub, *subclasses(sub)]
    return list(dict.fromkeys(found))


In = TypeVar("In", bound="Input")


@dataclass(frozen=True)
class Input(Command):
    """A change to a room (``Room.apply``), stored as its JSON (``json``): ``KIND`` names it
    there, ``at`` is when it was applied (absent in some early inputs). ``MOMENT`` is where in
    the game it falls."""

    KIND: ClassVar[str] = ""
    MOMENT: ClassVar[Moment] = "other"
    at: float | None = field(default=None, kw_only=True)

    def json(self) -> dict[str, object]:
        """The input as the store keeps it: ``kind``, its fields, ``at``."""
        plain: dict[str, object] = {"kind": self.KIND}
        for f in dataclasses.fields(self):
            if "rule" not in f.metadata:
                continue
            value = getattr(self, f.name)
            if value is None and f.metadata.get("omit_none"):
                continue
            plain[f.name] = list(value) if isinstance(value, tuple) else value
        if self.at is not None:
            plain["at"] = self.at
        return plain

    @classmethod
    def read(cls: type[In], plain: Mapping[str, object], limits: Limits) -> In:
        """The input its JSON holds, every field checked by its rule with this table's limits
        (``Refused``: ``bad_field``); optional fields absent are their defaults."""
        values = {name: rule.check(name, plain.get(name), limits) for name, rule in stored_rules(cls).items()}
        at = plain.get("at")
        if at is not None and (isinstance(at, bool) or not isinstance(at, (int, float)) or at != at):
            raise bad_field("at", "is a time in seconds")
        return cls(**values, at=None if at is None else float(at))
