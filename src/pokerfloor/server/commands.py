"""The server's commands, one schema each: what a client may send and what a room may apply.

A client frame is parsed once, at the edge, into a typed value (``parse``): one frozen
dataclass per command type, each field with its type and range (``Rule``). A field that is
missing, of the wrong type or out of its range is refused ``bad_field`` naming the field,
before anything is stored or changed. Ranges that depend on the table (its seats, its buy-in)
are read from the table's ``Limits``. A room's own inputs, the JSON it stores and applies
(``INPUTS``), are checked against the same rules as they are applied, so that an input read
back from a store holds nothing a client could not have sent.

Why frozen dataclasses and a small rule of our own, not pydantic or msgspec: the ranges that
matter most (seats, buy-ins) belong to each table, not to the schema, and would be validators
with a context in either library; both coerce or accept more than the protocol says unless
told not to at every field (pydantic's lax mode turns ``"5"`` and ``5.0`` into ``5``; a ``bool``
is an ``int`` to JSON decoders); each command has at most five flat fields; and a dataclass
adds no dependency to the ``server`` extra and compiles and types as it is. The rules are also
what docs/protocol.md's schema table says (tests/server/test_commands.py checks both agree).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Literal

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
    ``field`` the frame's field at fault for a ``bad_field``."""

    def __init__(self, code: str, message: str, reason: str = "", rule: str = "", *, field: str = "") -> None:
        super().__init__(message)
        self.code, self.message, self.reason, self.rule, self.field = code, message, reason, rule, field


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


Bound = int | Callable[[Limits], int]


@dataclass(frozen=True)
class Rule:
    """One field's type and range: an integer between ``low`` and ``high``, a string of ``low``
    to ``high`` characters (after stripping the ends, with ``strip``), or a bool. ``optional``:
    absent or null is ``default``. ``words``: the range as docs/protocol.md says it."""

    kind: type
    low: Bound = 0
    high: Bound = MAX_CHIPS
    optional: bool = False
    default: Any = None
    strip: bool = False
    words: str = ""
    name: bool = False

    def check(self, name: str, value: object, limits: Limits) -> Any:
        if value is None:
            if self.optional:
                return self.default
            raise bad_field(name, "is missing")
        if self.kind is bool:
            if not isinstance(value, bool):
                raise bad_field(name, "is true or false")
            return value
        if self.kind is list:       # cards: a draw's discards, like ["Ah", "Td"]
            high = self.high(limits) if callable(self.high) else self.high
            if not isinstance(value, list) or len(value) > high:
                raise bad_field(name, f"is a list of at most {high} cards")
            if not all(isinstance(card, str) and len(card) == 2 for card in value):
                raise bad_field(name, 'holds cards like "Ah" and "Td"')
            return tuple(value)
        low = self.low(limits) if callable(self.low) else self.low
        high = self.high(limits) if callable(self.high) else self.high
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


def _rule(kind: type, low: Bound = 0, high: Bound = MAX_CHIPS, words: str = "", **more: Any) -> Any:
    """A dataclass field checked by a ``Rule`` (its metadata)."""
    return field(metadata={"rule": Rule(kind, low, high, words=words, **more)})


def _seats(limits: Limits) -> int:
    return limits.seats


def _low_buy_in(limits: Limits) -> int:
    return limits.lowest_buy_in


def _high_buy_in(limits: Limits) -> int:
    return limits.highest_buy_in


def seat_field() -> Any:
    return _rule(int, 1, _seats, "1 to the table's seats")


def _room_for_chips(limits: Limits) -> int:
    return limits.room_for_chips


def chips_field(words: str = f"1 to {TABLE_CHIPS:,} less the chips at the table") -> Any:
    return _rule(int, 1, _room_for_chips, words)


def flag_field() -> Any:
    return _rule(bool, optional=True, default=False, words="optional, default false")


def id_field(words: str = f"1 to {ID_LENGTH} characters") -> Any:
    return _rule(str, 1, ID_LENGTH, words)


Who = Literal["player", "host", "table", "anyone"]
"""Who may send a command: a seated player, the host, any client attached to the table, any
client at all (``hello``, ``create_table``)."""


@dataclass(frozen=True)
class Command:
    """One client command, parsed and checked (``parse``). ``TYPE`` is its frame's type, ``WHO``
    who may send it, ``INPUT`` the room input it becomes as it is (its fields, and the sender's
    ``player_id`` for a player command), or "" when the table task builds that input itself."""

    TYPE: ClassVar[str] = ""
    WHO: ClassVar[Who] = "player"
    INPUT: ClassVar[str] = ""

    def fields(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class Hello(Command):
    TYPE, WHO = "hello", "anyone"
    version: int | None = _rule(int, 0, MAX_CHIPS, "1 (another is refused ``version``)", optional=True)
    table_id: str = id_field()
    token: str | None = _rule(str, 1, SECRET_LENGTH, "optional", optional=True)
    spectate: bool = flag_field()


@dataclass(frozen=True)
class Join(Command):
    TYPE = "join"
    WHO = "table"
    name: str = _rule(str, 1, NAME_LENGTH, f"1 to {NAME_LENGTH} characters (ends stripped, NFC), printable, not "
                      "another player's at the table", strip=True, name=True)
    seat: int = seat_field()
    chips: int = _rule(int, _low_buy_in, _high_buy_in, "the table's buy-in: its minimum to its maximum, and at most "
                            f"{TABLE_CHIPS:,} less the chips at the table")
    seat_token: str | None = _rule(
        str, TOKEN_LENGTH[0], TOKEN_LENGTH[1], f"optional, {TOKEN_LENGTH[0]} to {TOKEN_LENGTH[1]} characters",
        optional=True,
    )


@dataclass(frozen=True)
class Act(Command):
    TYPE = "act"
    hand: int = _rule(int, 0, MAX_CHIPS, f"0 to {MAX_CHIPS}")
    action: str = id_field()
    to: int | None = _rule(int, 0, MAX_CHIPS, f"optional, 0 to {MAX_CHIPS}", optional=True)
    cards: tuple[str, ...] | None = _rule(list, 0, 6, "optional, a draw's discards, at most 6 cards", optional=True)
    turn_token: str = id_field()
    client_action_id: str = id_field()


@dataclass(frozen=True)
class TopUp(Command):
    """Chips added between hands (a rebuy with none left); at an approval table the host
    approves it (the table task asks: ``ask_top_up``)."""
    TYPE = "top_up"
    chips: int = chips_field()
    post: bool = flag_field()


@dataclass(frozen=True)
class SitOut(Command):
    TYPE, INPUT = "sit_out", "sit_out"


@dataclass(frozen=True)
class SitIn(Command):
    TYPE, INPUT = "sit_in", "sit_in"
    post: bool = flag_field()


@dataclass(frozen=True)
class Leave(Command):
    TYPE, INPUT = "leave", "leave"


@dataclass(frozen=True)
class Straddle(Command):
    TYPE, INPUT = "straddle", "straddle"
    amount: int | None = _rule(int, 1, MAX_CHIPS, f"optional, 1 to {MAX_CHIPS}", optional=True)


@dataclass(frozen=True)
class Chat(Command):
    """A chat line: a seated player's, or a spectator's (with the name they give) where the host
    lets spectators chat (``spectator_chat``)."""
    TYPE, WHO = "chat", "table"
    text: str = _rule(str, 1, CHAT_LENGTH, f"1 to {CHAT_LENGTH} characters")
    name: str | None = _rule(str, 1, NAME_LENGTH, f"optional, a spectator's name, 1 to {NAME_LENGTH} characters",
                             optional=True, strip=True)


@dataclass(frozen=True)
class Show(Command):
    """Between hands, show the hand you mucked unseen or won uncalled."""
    TYPE, INPUT = "show", "show"


@dataclass(frozen=True)
class RunIt(Command):
    TYPE, INPUT = "run_it", "run_it"
    twice: bool = _rule(bool, words="true or false")


@dataclass(frozen=True)
class AnswerDeal(Command):
    """A player still in a tournament accepts or declines the host's ICM deal (``offer_deal``):
    all accept and the deal ends the tournament, one declines and the offer is gone."""

    TYPE, INPUT = "answer_deal", "answer_deal"
    accept: bool = _rule(bool, words="true or false")


@dataclass(frozen=True)
class Resync(Command):
    TYPE, WHO = "resync", "table"
    last_seq: int = _rule(int, 0, MAX_CHIPS, f"0 to {MAX_CHIPS}")


@dataclass(frozen=True)
class Spectate(Command):
    TYPE, WHO = "spectate", "table"


@dataclass(frozen=True)
class Approve(Command):
    TYPE, WHO = "approve", "host"
    request_id: str = id_field()


@dataclass(frozen=True)
class RefuseSeat(Command):
    TYPE, WHO, INPUT = "refuse", "host", "refuse"
    request_id: str = id_field()


@dataclass(frozen=True)
class Start(Command):
    TYPE, WHO, INPUT = "start", "host", "start"


@dataclass(frozen=True)
class Pause(Command):
    TYPE, WHO, INPUT = "pause", "host", "pause"


@dataclass(frozen=True)
class Resume(Command):
    TYPE, WHO, INPUT = "resume", "host", "resume"


@dataclass(frozen=True)
class OfferDeal(Command):
    TYPE, WHO, INPUT = "offer_deal", "host", "offer_deal"


@dataclass(frozen=True)
class SetGame(Command):
    """New stakes, or a new game, from the next hand on (TDA 2024 R23)."""

    TYPE, WHO, INPUT = "set_game", "host", "set_game"
    small_blind: int = _rule(int, 0, MAX_CHIPS, f"0 to {MAX_CHIPS}")
    big_blind: int = _rule(int, 1, MAX_CHIPS, f"1 to {MAX_CHIPS}")
    ante: int = _rule(int, 0, MAX_CHIPS, f"optional, 0 to {MAX_CHIPS}", optional=True, default=0)
    variant: str | None = _rule(str, 1, ID_LENGTH, "optional, a variant's name (the game's own when absent)",
                                optional=True)


@dataclass(frozen=True)
class MoveSeat(Command):
    TYPE, WHO, INPUT = "move_seat", "host", "move_seat"
    seat: int = seat_field()
    to: int = seat_field()


CLOCK_SECONDS = 24 * 3600


@dataclass(frozen=True)
class SetClock(Command):
    """The action clock from the next turn on (at any moment)."""
    TYPE, WHO, INPUT = "set_clock", "host", "set_clock"
    seconds: int = _rule(int, 1, CLOCK_SECONDS, f"1 to {CLOCK_SECONDS}")
    time_bank: int = _rule(int, 0, CLOCK_SECONDS, f"0 to {CLOCK_SECONDS}")
    timeouts_to_away: int | None = _rule(int, 1, 10, "optional, 1 to 10 (absent: as it was)", optional=True)


@dataclass(frozen=True)
class FoldSeat(Command):
    """The host folds the seat whose turn it is."""
    TYPE, WHO, INPUT = "fold_seat", "host", "fold_seat"
    seat: int = seat_field()


@dataclass(frozen=True)
class SitOutSeat(Command):
    """The host sits a player out from the next hand."""
    TYPE, WHO, INPUT = "sit_out_seat", "host", "sit_out_seat"
    seat: int = seat_field()


@dataclass(frozen=True)
class SpectatorChat(Command):
    """The host lets spectators chat, or not."""
    TYPE, WHO, INPUT = "spectator_chat", "host", "spectator_chat"
    allow: bool = _rule(bool, words="true or false")


@dataclass(frozen=True)
class BetweenHands(Command):
    """The moment between hands, from the next hand's end on."""
    TYPE, WHO, INPUT = "between_hands", "host", "between_hands"
    seconds: int = _rule(int, 0, 60, "0 to 60")
    showdown: int = _rule(int, 0, 60, "0 to 60")


@dataclass(frozen=True)
class SetBuyIn(Command):
    TYPE, WHO, INPUT = "set_buy_in", "host", "set_buy_in"
    low: int = _rule(int, 1, MAX_CHIPS, f"1 to {MAX_CHIPS}")
    high: int | None = _rule(int, 1, MAX_CHIPS, f"optional, 1 to {MAX_CHIPS} (absent: no maximum)", optional=True)


@dataclass(frozen=True)
class EditStack(Command):
    TYPE, WHO, INPUT = "edit_stack", "host", "edit_stack"
    seat: int = seat_field()
    chips: int = chips_field()


@dataclass(frozen=True)
class Remove(Command):
    TYPE, WHO, INPUT = "remove", "host", "remove"
    seat: int = seat_field()


@dataclass(frozen=True)
class EndGame(Command):
    TYPE, WHO, INPUT = "end_game", "host", "end_game"


@dataclass(frozen=True)
class Spectators(Command):
    TYPE, WHO, INPUT = "spectators", "host", "spectators"
    allow: bool = _rule(bool, words="true or false")


@dataclass(frozen=True)
class BombPot(Command):
    """The host calls a bomb pot for the next hand (``pf.Table.call_bomb_pot``): every player
    dealt in antes ``ante``, no betting before the flop; ``boards`` 2 for a double board."""

    TYPE, WHO, INPUT = "bomb_pot", "host", "bomb_pot"
    ante: int = _rule(int, 1, MAX_CHIPS, f"1 to {MAX_CHIPS}")
    boards: int = _rule(int, 1, 2, "optional, 1 or 2, default 1", optional=True, default=1)


BOMB_EVERY = 1000
"""The most hands between the bomb pots of a table's rule (``bomb_pots.every``)."""
HANDS_LENGTH = 700
"""The longest list of chosen hands (``bomb_pots.hands``): all 169 hold'em hands, comma-separated."""


@dataclass(frozen=True)
class BombPots(Command):
    """The table's rule for bomb pots from now on (``pf.Table.bomb_pots``): every ``every``-th
    hand, and the hand after one where the button was dealt one of ``hands`` (hold'em hands,
    ``"72o, AA"``), are bomb pots of ``ante`` (``boards`` 2: a double board). With neither
    ``every`` nor ``hands`` the rule ends."""

    TYPE, WHO, INPUT = "bomb_pots", "host", "bomb_pots"
    every: int | None = _rule(int, 1, BOMB_EVERY, f"optional, 1 to {BOMB_EVERY} hands", optional=True)
    ante: int | None = _rule(int, 1, MAX_CHIPS, f"optional (needed with every or hands), 1 to {MAX_CHIPS}",
                             optional=True)
    boards: int = _rule(int, 1, 2, "optional, 1 or 2, default 1", optional=True, default=1)
    hands: str | None = _rule(str, 1, HANDS_LENGTH, f"optional, hold'em hands like \"72o, AA\", 1 to {HANDS_LENGTH}"
                              " characters", optional=True)


@dataclass(frozen=True)
class ChooseGame(Command):
    """Dealer's choice: the seat holding the choice names the next orbit's game by its name on
    the host's list (``pf.Table.choose_game``: ``"fixed_limit_razz"``...)."""

    TYPE, INPUT = "choose_game", "choose_game"
    game: str = id_field()


COMMANDS: dict[str, type[Command]] = {
    kind.TYPE: kind
    for kind in (
        Hello, Join, Act, TopUp, SitOut, SitIn, Leave, Straddle, Chat, RunIt, AnswerDeal, Resync, Spectate,
        Approve, RefuseSeat, Start, Pause, Resume, OfferDeal, SetGame, MoveSeat, SetClock, SetBuyIn, EditStack,
        Remove, EndGame, Spectators, BombPot, BombPots, ChooseGame, Show, FoldSeat, SitOutSeat, SpectatorChat,
        BetweenHands,
    )
}
"""Every client command but ``create_table`` (whose nested ``game`` and ``options`` are the
table's ``Config``), by frame type."""


def rules(kind: type[Command]) -> dict[str, Rule]:
    """A command's fields and their rules, in order."""
    return {f.name: f.metadata["rule"] for f in fields(kind)}


def parse(frame: Mapping[str, Any], limits: Limits = Limits()) -> Command:
    """The command a frame holds, checked whole (``Refused``: ``unknown_type``, ``bad_field``).
    Fields the command does not have are ignored, as are ``type`` and ``id``."""
    kind = COMMANDS.get(str(frame.get("type")))
    if kind is None:
        raise Refused("unknown_type", f"no message type {frame.get('type')!r}")
    values = {name: rule.check(name, frame.get(name), limits) for name, rule in rules(kind).items()}
    return kind(**values)


# ---------------------------------------------------------------------- the room's inputs
_PLAYER = Rule(str, 1, ID_LENGTH)
_REQUEST = Rule(str, 1, ID_LENGTH)
_HASH = Rule(str, 64, 64)


def _of(kind: type[Command], **more: Rule) -> dict[str, Rule]:
    return {**rules(kind), **more}


INPUTS: dict[str, dict[str, Rule]] = {
    "request": {
        "request_id": _REQUEST,
        **{name: rule for name, rule in rules(Join).items() if name != "seat_token"},
        "token_hash": _HASH,
    },
    "refuse": {"request_id": _REQUEST},
    "sit": {"request_id": _REQUEST, "player_id": _PLAYER},
    "leave": {"player_id": _PLAYER},
    "sit_out": {"player_id": _PLAYER},
    "sit_in": _of(SitIn, player_id=_PLAYER),
    "top_up": _of(TopUp, player_id=_PLAYER, request_id=Rule(str, 1, ID_LENGTH, optional=True)),
    "ask_top_up": _of(TopUp, player_id=_PLAYER, request_id=_REQUEST),
    "straddle": _of(Straddle, player_id=_PLAYER),
    "chat": {"text": rules(Chat)["text"], "player_id": _PLAYER},
    "rail_chat": {"text": rules(Chat)["text"], "name": Rule(str, 1, NAME_LENGTH + 16, strip=True)},
    "show": {"player_id": _PLAYER},
    "fold_seat": rules(FoldSeat),
    "sit_out_seat": rules(SitOutSeat),
    "spectator_chat": rules(SpectatorChat),
    "between_hands": rules(BetweenHands),
    "run_it": _of(RunIt, player_id=_PLAYER),
    "answer_deal": _of(AnswerDeal, player_id=_PLAYER),
    "choose_game": _of(ChooseGame, player_id=_PLAYER),
    "act": {
        "player_id": _PLAYER,
        "action": rules(Act)["action"],
        "to": rules(Act)["to"],
        "cards": rules(Act)["cards"],
        "client_action_id": rules(Act)["client_action_id"],
    },
    "start": {},
    "pause": {},
    "resume": {},
    "offer_deal": {},
    "set_game": rules(SetGame),
    "move_seat": rules(MoveSeat),
    "set_clock": rules(SetClock),
    "set_buy_in": rules(SetBuyIn),
    "end_game": {},
    "spectators": rules(Spectators),
    "edit_stack": rules(EditStack),
    "remove": rules(Remove),
    "bomb_pot": rules(BombPot),
    "bomb_pots": rules(BombPots),
    "deal": {"hand": rules(Act)["hand"], "seed": Rule(str, 2, 256)},
    "timeout": {"seat": rules(Remove)["seat"]},
    "offer_timeout": {},
}
"""Every input a room applies, by kind, and the rules of its fields (besides ``kind`` and ``at``,
the time it was applied)."""


def check_input(entry: Mapping[str, Any], limits: Limits) -> dict[str, Any]:
    """An input's fields checked against its kind's rules (``Refused``: ``unknown_type``,
    ``bad_field``), as the room applies them: optional fields filled in with their defaults."""
    kind = entry.get("kind")
    schema = INPUTS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise Refused("unknown_type", f"no input {kind!r}")
    checked = {name: rule.check(name, entry.get(name), limits) for name, rule in schema.items()}
    if "at" in entry:
        at = entry["at"]
        if isinstance(at, bool) or not isinstance(at, (int, float)) or at != at:
            raise bad_field("at", "is a time in seconds")
        checked["at"] = float(at)
    return {"kind": kind, **checked}
