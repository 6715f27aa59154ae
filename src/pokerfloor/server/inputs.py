"""The inputs a room applies that no client sends as they are: the table task makes them, from a
command (a ``join`` becomes ``AskSeat`` then ``Sit``; an ``act`` becomes ``Action``) or by
itself (``NextHand``, ``Timeout``). With the commands that are inputs as they are
(``commands.SitIn``...), they are every input a room applies (``INPUTS``), each stored as its
JSON (``Input.json``) and read back into the same value (``read_input``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokerfloor.server.commands import PLAYER_ID, Act, Chat, name_field
from pokerfloor.server.fields import (
    ID_LENGTH,
    NAME_LENGTH,
    Input,
    Limits,
    Refused,
    Rule,
    buy_in_field,
    chips_field,
    client_rules,
    flag_field,
    rule_field,
    seat_field,
    server_field,
    subclasses,
)

REQUEST_ID = Rule(str, 1, ID_LENGTH)
TOKEN_HASH = Rule(str, 64, 64)
SEED = Rule(str, 2, 256)


def like(rule: Rule, *, omit_none: bool = False) -> Any:
    """A field checked by this rule (``omit_none``: left out of the JSON when ``None``)."""
    if omit_none:
        return server_field(rule, omit_none=True)
    return rule_field(rule.kind, rule.low, rule.high, rule.words, optional=rule.optional, default=rule.default,
                      strip=rule.strip, name=rule.name)


@dataclass(frozen=True)
class AskSeat(Input):
    """A seat asked for (``join``): taken by ``Sit`` at once, or once the host approves it."""

    KIND, MOMENT = "request", "seat_change"
    request_id: str = like(REQUEST_ID)
    name: str = name_field()
    seat: int = seat_field()
    chips: int = buy_in_field()
    token_hash: str = like(TOKEN_HASH)


@dataclass(frozen=True)
class Sit(Input):
    """A seat request granted: its player sits down as ``player_id``."""

    KIND, MOMENT = "sit", "seat_change"
    request_id: str = like(REQUEST_ID)
    player_id: str = like(PLAYER_ID)


@dataclass(frozen=True)
class AskTopUp(Input):
    """A top-up asked for at a table whose seats need approval: it waits for the host, who
    approves it (``commands.TopUp`` with its ``request_id``) or refuses it."""

    KIND = "ask_top_up"
    player_id: str = like(PLAYER_ID)
    chips: int = chips_field()
    post: bool = flag_field()
    request_id: str = like(REQUEST_ID)


@dataclass(frozen=True)
class ChatLine(Input):
    """A seated player's chat line."""

    KIND = "chat"
    player_id: str = like(PLAYER_ID)
    text: str = like(client_rules(Chat)["text"])


@dataclass(frozen=True)
class RailChat(Input):
    """A chat line from the rail: the host's without a seat, or a spectator's (named, marked
    "(watching)") where the host lets spectators chat."""

    KIND = "rail_chat"
    text: str = like(client_rules(Chat)["text"])
    name: str = like(Rule(str, 1, NAME_LENGTH + 16, strip=True))


_ACT = client_rules(Act)


@dataclass(frozen=True)
class Action(Input):
    """A seated player's action in the hand (``act``, its turn checked by the table task)."""

    KIND, MOMENT = "act", "play"
    player_id: str = like(PLAYER_ID)
    action: str = like(_ACT["action"])
    to: int | None = like(_ACT["to"])
    cards: tuple[str, ...] | None = like(_ACT["cards"], omit_none=True)
    client_action_id: str = like(_ACT["client_action_id"])


@dataclass(frozen=True)
class NextHand(Input):
    """The next hand dealt, its deck shuffled from ``seed`` (``deal.hand_seed``)."""

    KIND, MOMENT = "deal", "deal"
    hand: int = like(_ACT["hand"])
    seed: str = like(SEED)


@dataclass(frozen=True)
class Timeout(Input):
    """The seat to act ran out of time (the action clock)."""

    KIND, MOMENT = "timeout", "play"
    seat: int = seat_field()


@dataclass(frozen=True)
class OfferTimeout(Input):
    """The run-it-twice question ran out of time: the board runs once."""

    KIND = "offer_timeout"


INPUTS: dict[str, type[Input]] = {kind.KIND: kind for kind in subclasses(Input) if kind.KIND}
"""Every input a room applies, by the ``kind`` its JSON names it by."""


def read_input(plain: Mapping[str, object], limits: Limits) -> Input:
    """The input a stored JSON object holds, checked whole against its type's rules with this
    table's limits (``Refused``: ``unknown_type``, ``bad_field``)."""
    kind = plain.get("kind")
    found = INPUTS.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise Refused("unknown_type", f"no input {kind!r}")
    return found.read(plain, limits)
