"""The server's commands, one typed value each: what a client may send, and the input a room
applies when the command is one as it is (docs/protocol.md).

A client frame is read once, at the edge (``receive``), into one frozen dataclass per frame
type, each field with its type and range (``fields.Rule``). A field that is missing, of the
wrong type or out of its range is refused ``bad_field`` naming the field, before anything is
stored or changed. Ranges that depend on the table (its seats, its buy-in) are checked against
the table's ``Limits`` as the table task carries the command out (``Received.command_in``).
A command that is an ``Input`` (``KIND``) is stored and applied as it is, the sender's
``player_id`` filled in by the table task; the others (``hello``, ``join``, ``act``...) the
table task carries out with steps of its own (``actor.STEPS``), which make the room's inputs
(``inputs``). Adding a command is one class here and one handler: a room's
(``room.HANDLERS``) for an input, a step of the table task's for the others; docs/protocol.md's
schema table says what the rules say (tests/server/test_commands.py checks all three).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pokerfloor.server.fields import CHAT_LENGTH as CHAT_LENGTH
from pokerfloor.server.fields import ID_LENGTH as ID_LENGTH
from pokerfloor.server.fields import MAX_CHIPS as MAX_CHIPS
from pokerfloor.server.fields import NAME_LENGTH as NAME_LENGTH
from pokerfloor.server.fields import (
    NO_LIMITS,
    buy_in_field,
    cards_field,
    chips_field,
    client_rules,
    flag_field,
    id_field,
    rule_field,
    seat_field,
    seat_token_field,
    secret_field,
    server_field,
    subclasses,
    to_field,
)
from pokerfloor.server.fields import SECRET_LENGTH as SECRET_LENGTH
from pokerfloor.server.fields import TABLE_CHIPS as TABLE_CHIPS
from pokerfloor.server.fields import TOKEN_LENGTH as TOKEN_LENGTH
from pokerfloor.server.fields import Command as Command
from pokerfloor.server.fields import Input as Input
from pokerfloor.server.fields import Limits as Limits
from pokerfloor.server.fields import Received as Received
from pokerfloor.server.fields import Refused as Refused
from pokerfloor.server.fields import Rule as Rule
from pokerfloor.server.fields import bad_field as bad_field
from pokerfloor.server.fields import display_name as display_name
from pokerfloor.server.fields import name_field as name_field
from pokerfloor.server.fields import name_key as name_key

PLAYER_ID = Rule(str, 1, ID_LENGTH)


@dataclass(frozen=True)
class PlayerInput(Input):
    """An input of a seated player's: ``player_id`` is whose (the table task fills it in)."""

    player_id: str = server_field(PLAYER_ID)


@dataclass(frozen=True)
class Hello(Command):
    TYPE, WHO = "hello", "anyone"
    version: int | None = rule_field(int, 0, MAX_CHIPS, "1 (another is refused ``version``)", optional=True)
    table_id: str = id_field()
    token: str | None = secret_field()
    spectate: bool = flag_field()


@dataclass(frozen=True)
class Join(Command):
    TYPE = "join"
    WHO = "table"
    name: str = name_field()
    seat: int = seat_field()
    chips: int = buy_in_field()
    seat_token: str | None = seat_token_field()


@dataclass(frozen=True)
class Act(Command):
    TYPE = "act"
    hand: int = rule_field(int, 0, MAX_CHIPS, f"0 to {MAX_CHIPS}")
    action: str = id_field()
    to: int | None = to_field()
    cards: tuple[str, ...] | None = cards_field()
    turn_token: str = id_field()
    client_action_id: str = id_field()


@dataclass(frozen=True)
class TopUp(PlayerInput):
    """Chips added between hands (a rebuy with none left); at an approval table the host
    approves it (the table task asks: ``AskTopUp``), and the top-up it approves is this input
    with the request's id."""
    TYPE = KIND = "top_up"
    MOMENT = "seat_change"
    chips: int = chips_field()
    post: bool = flag_field()
    request_id: str | None = server_field(Rule(str, 1, ID_LENGTH, optional=True), omit_none=True)


@dataclass(frozen=True)
class SitOut(PlayerInput):
    TYPE = KIND = "sit_out"
    MOMENT = "seat_change"


@dataclass(frozen=True)
class SitIn(PlayerInput):
    TYPE = KIND = "sit_in"
    MOMENT = "seat_change"
    post: bool = flag_field()


@dataclass(frozen=True)
class Leave(PlayerInput):
    TYPE = KIND = "leave"
    MOMENT = "seat_change"


@dataclass(frozen=True)
class Straddle(PlayerInput):
    TYPE = KIND = "straddle"
    amount: int | None = rule_field(int, 1, MAX_CHIPS, f"optional, 1 to {MAX_CHIPS}", optional=True)


@dataclass(frozen=True)
class Chat(Command):
    """A chat line: a seated player's, or a spectator's (with the name they give) where the host
    lets spectators chat (``spectator_chat``)."""
    TYPE, WHO = "chat", "table"
    text: str = rule_field(str, 1, CHAT_LENGTH, f"1 to {CHAT_LENGTH} characters")
    name: str | None = rule_field(str, 1, NAME_LENGTH, f"optional, a spectator's name, 1 to {NAME_LENGTH} characters",
                             optional=True, strip=True)


@dataclass(frozen=True)
class Show(PlayerInput):
    """Between hands, show the hand you mucked unseen or won uncalled."""
    TYPE = KIND = "show"


@dataclass(frozen=True)
class RunIt(PlayerInput):
    TYPE = KIND = "run_it"
    twice: bool = rule_field(bool, words="true or false")


@dataclass(frozen=True)
class AnswerDeal(PlayerInput):
    """A player still in a tournament accepts or declines the host's ICM deal (``offer_deal``):
    all accept and the deal ends the tournament, one declines and the offer is gone."""

    TYPE = KIND = "answer_deal"
    accept: bool = rule_field(bool, words="true or false")


@dataclass(frozen=True)
class Resync(Command):
    TYPE, WHO = "resync", "table"
    last_seq: int = rule_field(int, 0, MAX_CHIPS, f"0 to {MAX_CHIPS}")


@dataclass(frozen=True)
class Spectate(Command):
    TYPE, WHO = "spectate", "table"


@dataclass(frozen=True)
class Approve(Command):
    TYPE, WHO = "approve", "host"
    request_id: str = id_field()


@dataclass(frozen=True)
class RefuseSeat(Input):
    TYPE, WHO, KIND = "refuse", "host", "refuse"
    MOMENT = "seat_change"
    request_id: str = id_field()


@dataclass(frozen=True)
class Start(Input):
    TYPE, WHO, KIND = "start", "host", "start"


@dataclass(frozen=True)
class Pause(Input):
    TYPE, WHO, KIND = "pause", "host", "pause"


@dataclass(frozen=True)
class Resume(Input):
    TYPE, WHO, KIND = "resume", "host", "resume"


@dataclass(frozen=True)
class OfferDeal(Input):
    TYPE, WHO, KIND = "offer_deal", "host", "offer_deal"


def unless_none(kind: type, low: int, high: int, words: str) -> Any:
    """An optional field left out of the input's JSON when absent (a field added to an input
    that was stored without it: the stored JSON of the older inputs stays as it was)."""
    return field(metadata={"rule": Rule(kind, low, high, words=words, optional=True), "omit_none": True})


@dataclass(frozen=True)
class SetGame(Input):
    """New stakes, or a new game, from the next hand on (TDA 2024 R23): a game with blinds takes
    ``small_blind`` and ``big_blind``, a stud game (stud, stud hi-lo, razz) ``bring_in`` and
    ``small_bet`` (``big_bet`` twice it unless given), as ``create_table``'s ``game`` does."""

    TYPE, WHO, KIND = "set_game", "host", "set_game"
    small_blind: int | None = unless_none(int, 0, MAX_CHIPS, f"a game with blinds: 0 to {MAX_CHIPS}")
    big_blind: int | None = unless_none(int, 1, MAX_CHIPS, f"a game with blinds: 1 to {MAX_CHIPS}")
    ante: int = rule_field(int, 0, MAX_CHIPS, f"optional, 0 to {MAX_CHIPS}", optional=True, default=0)
    variant: str | None = rule_field(str, 1, ID_LENGTH, "optional, a variant's name (the game's own when absent)",
                                optional=True)
    structure: str | None = unless_none(str, 1, ID_LENGTH, "optional, a betting structure (the game's own when "
                                        "absent, or the new game's usual one when it changes to or from stud)")
    bring_in: int | None = unless_none(int, 1, MAX_CHIPS, f"a stud game: 1 to {MAX_CHIPS}")
    small_bet: int | None = unless_none(int, 1, MAX_CHIPS, f"a stud game: 1 to {MAX_CHIPS}")
    big_bet: int | None = unless_none(int, 1, MAX_CHIPS, f"optional, a stud game: 1 to {MAX_CHIPS}")


@dataclass(frozen=True)
class MoveSeat(Input):
    TYPE, WHO, KIND = "move_seat", "host", "move_seat"
    seat: int = seat_field()
    to: int = seat_field()


CLOCK_SECONDS = 24 * 3600


@dataclass(frozen=True)
class SetClock(Input):
    """The action clock from the next turn on (at any moment)."""
    TYPE, WHO, KIND = "set_clock", "host", "set_clock"
    seconds: int = rule_field(int, 1, CLOCK_SECONDS, f"1 to {CLOCK_SECONDS}")
    time_bank: int = rule_field(int, 0, CLOCK_SECONDS, f"0 to {CLOCK_SECONDS}")
    timeouts_to_away: int | None = rule_field(int, 1, 10, "optional, 1 to 10 (absent: as it was)", optional=True)


@dataclass(frozen=True)
class FoldSeat(Input):
    """The host folds the seat whose turn it is."""
    TYPE, WHO, KIND = "fold_seat", "host", "fold_seat"
    seat: int = seat_field()


@dataclass(frozen=True)
class SitOutSeat(Input):
    """The host sits a player out from the next hand."""
    TYPE, WHO, KIND = "sit_out_seat", "host", "sit_out_seat"
    seat: int = seat_field()


@dataclass(frozen=True)
class SpectatorChat(Input):
    """The host lets spectators chat, or not."""
    TYPE, WHO, KIND = "spectator_chat", "host", "spectator_chat"
    allow: bool = rule_field(bool, words="true or false")


@dataclass(frozen=True)
class BetweenHands(Input):
    """The moment between hands, from the next hand's end on."""
    TYPE, WHO, KIND = "between_hands", "host", "between_hands"
    seconds: int = rule_field(int, 0, 60, "0 to 60")
    showdown: int = rule_field(int, 0, 60, "0 to 60")


@dataclass(frozen=True)
class SetBuyIn(Input):
    TYPE, WHO, KIND = "set_buy_in", "host", "set_buy_in"
    low: int = rule_field(int, 1, MAX_CHIPS, f"1 to {MAX_CHIPS}")
    high: int | None = rule_field(int, 1, MAX_CHIPS, f"optional, 1 to {MAX_CHIPS} (absent: no maximum)", optional=True)


@dataclass(frozen=True)
class EditStack(Input):
    TYPE, WHO, KIND = "edit_stack", "host", "edit_stack"
    MOMENT = "seat_change"
    seat: int = seat_field()
    chips: int = chips_field()


@dataclass(frozen=True)
class Remove(Input):
    """The host removes a player. ``at_once`` (the server's, never a client's): a hand the
    player is in is killed at once (``Table.kill``). A ``remove`` made now has it (true, the
    field's default), and stores it; one stored before it existed reads back without it (false,
    the rule's default), and is replayed as it was played: the hand folds at its turn."""

    TYPE, WHO, KIND = "remove", "host", "remove"
    MOMENT = "seat_change"
    seat: int = seat_field()
    at_once: bool = field(default=True, kw_only=True,
                          metadata={"rule": Rule(bool, optional=True, default=False), "server": True})


@dataclass(frozen=True)
class EndGame(Input):
    TYPE, WHO, KIND = "end_game", "host", "end_game"


@dataclass(frozen=True)
class Spectators(Input):
    TYPE, WHO, KIND = "spectators", "host", "spectators"
    allow: bool = rule_field(bool, words="true or false")


@dataclass(frozen=True)
class BombPot(Input):
    """The host calls a bomb pot for the next hand (``pf.Table.call_bomb_pot``): every player
    dealt in antes ``ante``, no betting before the flop; ``boards`` 2 for a double board."""

    TYPE, WHO, KIND = "bomb_pot", "host", "bomb_pot"
    ante: int = rule_field(int, 1, MAX_CHIPS, f"1 to {MAX_CHIPS}")
    boards: int = rule_field(int, 1, 2, "optional, 1 or 2, default 1", optional=True, default=1)


BOMB_EVERY = 1000
"""The most hands between the bomb pots of a table's rule (``bomb_pots.every``)."""
HANDS_LENGTH = 700
"""The longest list of chosen hands (``bomb_pots.hands``): all 169 hold'em hands, comma-separated."""


@dataclass(frozen=True)
class BombPots(Input):
    """The table's rule for bomb pots from now on (``pf.Table.bomb_pots``): every ``every``-th
    hand, and the hand after one where the button was dealt one of ``hands`` (hold'em hands,
    ``"72o, AA"``), are bomb pots of ``ante`` (``boards`` 2: a double board). With neither
    ``every`` nor ``hands`` the rule ends."""

    TYPE, WHO, KIND = "bomb_pots", "host", "bomb_pots"
    every: int | None = rule_field(int, 1, BOMB_EVERY, f"optional, 1 to {BOMB_EVERY} hands", optional=True)
    ante: int | None = rule_field(int, 1, MAX_CHIPS, f"optional (needed with every or hands), 1 to {MAX_CHIPS}",
                             optional=True)
    boards: int = rule_field(int, 1, 2, "optional, 1 or 2, default 1", optional=True, default=1)
    hands: str | None = rule_field(str, 1, HANDS_LENGTH, "optional, hold'em hands like \"72o, AA\", 1 to "
                                   f"{HANDS_LENGTH} characters", optional=True)


@dataclass(frozen=True)
class ChooseGame(PlayerInput):
    """Dealer's choice: the seat holding the choice names the next orbit's game by its name on
    the host's list (``pf.Table.choose_game``: ``"fixed_limit_razz"``...)."""

    TYPE = KIND = "choose_game"
    game: str = id_field()


COMMANDS: dict[str, type[Command]] = {kind.TYPE: kind for kind in subclasses(Command) if kind.TYPE}
"""Every client command but ``create_table`` (whose nested ``game`` and ``options`` are the
table's ``Config``), by frame type."""


def rules(kind: type[Command]) -> dict[str, Rule]:
    """A command's fields a client sends and their rules, in order."""
    return client_rules(kind)


def receive(frame: Mapping[str, Any]) -> Received:
    """A frame read whole at the edge (``Refused`` ``unknown_type`` for a type not known):
    every field checked by its rule, but for the ranges its table sets (``Received.command_in``
    checks them). Fields the command does not have are ignored, as are ``type`` and ``id``."""
    kind = COMMANDS.get(str(frame.get("type")))
    if kind is None:
        raise Refused("unknown_type", f"no message type {frame.get('type')!r}")
    echo = (frame["client_action_id"],) if "client_action_id" in frame else ()
    values: dict[str, object] = {}
    try:
        for name, rule in rules(kind).items():
            values[name] = rule.check(name, frame.get(name), None)
    except Refused as refused:
        return Received(kind, frame.get("id"), echo, checked=tuple(values.items()), refused=refused)
    return Received(kind, frame.get("id"), echo, command=kind(**values))


def written_again(received: Received) -> dict[str, object]:
    """A relayed client's frame written again from its command, for the table's owner (``Refused``:
    a field against its rules or any table's range), its ``id`` and ``client_action_id`` kept."""
    echo = {"client_action_id": received.action_id[0]} if received.action_id else {}
    return {**echo, **received.command_in(NO_LIMITS).frame(received.reply_to)}


def parse(frame: Mapping[str, Any], limits: Limits = NO_LIMITS) -> Command:
    """The command a frame holds, checked whole with a table's ``limits`` (``Refused``:
    ``unknown_type``, ``bad_field``): ``receive``, then ``Received.command_in``."""
    return receive(frame).command_in(limits)
