"""The hand's values as plain JSON values (dicts, lists, strings, numbers), and back.

Seat views and hand records are written with these: a card is its two-character name
(``"Ah"``), an unknown card ``None``; a map keyed by seat has its seat numbers as strings, as
JSON objects need. Each ``*_from`` refuses what its ``*_json`` could not have written with a
``RecordError`` (a ``ValueError``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict, fields
from typing import Any, TypeVar, cast

from pokerfloor.cards import FULL_DECK, Card, parse_cards
from pokerfloor.hand.types import INPUT_KINDS, Call, Event, Input, Legal, Post, Pot, Range, RecordError, brief
from pokerfloor.rules import Game, HouseRules

Plain = Any
"""A JSON value: ``None``, ``bool``, ``int``, ``str``, a list of them or a dict keyed by ``str``."""
T = TypeVar("T")


def json_object(text: object, what: str) -> dict[str, Plain]:
    """The JSON object of ``text``; a ``RecordError`` names ``what`` it should have been (text
    that is not JSON, nested too deep, or a number too long included). ``text`` is typed
    ``object`` and checked: compiled, a typed parameter would raise ``TypeError`` at the call."""
    if not isinstance(text, str | bytes | bytearray):
        raise RecordError(f"{what} is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, and a number past int's digit limit
        raise RecordError(f"{what} is JSON: {brief(str(error), 120, quote=False)}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{what} is a JSON object")
    return data


# Each card's name by its number: a view writes every card it shows, after every action.
_CARD_NAMES: tuple[str, ...] = tuple(str(card) for card in FULL_DECK)


def card_json(card: Card | None) -> str | None:
    if card is None:
        return None
    return _CARD_NAMES[card] if type(card) is Card else str(card)


def card_from(text: object) -> Card | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise RecordError(f"a card is written like 'Ah', not {brief(text)}")
    return parse_cards(text)[0]


def cards_json(cards: Iterable[Card | None]) -> list[str | None]:
    names = _CARD_NAMES
    return [names[c] if type(c) is Card else card_json(c) for c in cards]


def cards_from(items: object) -> tuple[Card | None, ...]:
    return tuple(card_from(c) for c in _list(items, "cards"))


def seat_map_json(values: Mapping[int, T]) -> dict[str, T]:
    return {str(seat): value for seat, value in values.items()}


def seat_map_from(values: object, what: str) -> dict[int, Any]:
    if not isinstance(values, Mapping):
        raise RecordError(f"{what} is a JSON object keyed by seat number, not {brief(values)}")
    try:
        return {int(seat): value for seat, value in values.items()}
    except (TypeError, ValueError):
        raise RecordError(f"{what} is keyed by seat numbers, not {brief(list(values))}") from None


def _list(items: object, what: str) -> list[Any]:
    if not isinstance(items, list | tuple):
        raise RecordError(f"{what} is a JSON list, not {brief(items)}")
    return list(items)


def _tuples(value: Any) -> Any:
    """JSON lists back into the tuples a dataclass field holds."""
    return tuple(value) if isinstance(value, list) else value


# Each game's JSON, worked out once: a server writes the same game into every seat's view of
# every update. Kept for a (frozen, hashable) game by its identity (hashing a game hashes every
# field; the entry holds the game, so no other game can take its id), with the names of its
# fields that hold a list or a dict (the only ones a copy must copy), each with whether it
# holds any list or dict itself; cleared when it grows past a few games.
_GAME_JSON: dict[int, tuple[Game, dict[str, Plain], tuple[tuple[str, bool], ...]]] = {}
_GAMES_KEPT = 64
_CONTAINERS = (tuple, list, dict)


def game_json(game: Game) -> dict[str, Plain]:
    """A game with its house rules, every field as the game holds it (a fresh copy each call,
    the caller's to change)."""
    known = _GAME_JSON.get(id(game))
    if known is None or known[0] is not game:
        try:
            hash(game)
        except TypeError:       # a game given an unhashable value (a list) is not kept
            return cast(dict[str, Plain], _lists(_game_plain(game)))
        if len(_GAME_JSON) >= _GAMES_KEPT:
            _GAME_JSON.clear()
        fields_json = cast(dict[str, Plain], _lists(_game_plain(game)))
        nested = tuple(
            (name, any(isinstance(v, _CONTAINERS) for v in (value.values() if isinstance(value, dict) else value)))
            for name, value in fields_json.items()
            if isinstance(value, _CONTAINERS)
        )
        known = _GAME_JSON[id(game)] = (game, fields_json, nested)
    _, fields_json, nested = known
    copy = dict(fields_json)
    for name, deep in nested:
        value = fields_json[name]
        copy[name] = _lists(value) if deep else value.copy()
    return copy


def _game_plain(game: Game) -> dict[str, Any]:
    plain = game.inputs()
    plain["house"] = asdict(game.house)
    return plain


def _lists(value: Any) -> Any:
    """Plain values with every tuple a list, dicts and lists copied (the rest, strings and
    numbers, are shared: they cannot change; only containers are visited, for speed)."""
    if isinstance(value, dict):
        return {k: _lists(v) if isinstance(v, _CONTAINERS) else v for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_lists(v) if isinstance(v, _CONTAINERS) else v for v in value]
    return value


def game_from(plain: object) -> Game:
    if not isinstance(plain, Mapping):
        raise RecordError(f"a game is a JSON object, not {brief(plain)}")
    known = {f.name.removeprefix("given_") for f in fields(Game)}
    unknown = set(plain) - known
    if unknown:
        raise RecordError(f"a game has no field {brief(sorted(unknown)[0])}")
    values = {name: _tuples(value) for name, value in plain.items() if name != "house"}
    house = plain.get("house", {})
    if not isinstance(house, Mapping):
        raise RecordError(f"house rules are a JSON object, not {brief(house)}")
    return Game(house=HouseRules(**{k: _tuples(v) for k, v in house.items()}), **values)


def post_json(post: Post) -> dict[str, Plain]:
    return {"seat": post.seat, "amount": post.amount, "kind": post.kind, "live": post.live}


def post_from(plain: object) -> Post:
    if not isinstance(plain, Mapping):
        raise RecordError(f"a post is a JSON object, not {brief(plain)}")
    return Post(seat=plain["seat"], amount=plain["amount"], kind=plain["kind"], live=plain["live"])


def event_json(event: Event) -> dict[str, Plain]:
    """An event, leaving out the fields at their defaults."""
    plain: dict[str, Plain] = {"kind": event.kind}
    if event.seat is not None:
        plain["seat"] = event.seat
    if event.amount is not None:
        plain["amount"] = event.amount
    if event.cards:
        plain["cards"] = cards_json(event.cards)
        plain["seen_by"] = list(event.seen_by)
    if event.street:
        plain["street"] = event.street
    if event.note:
        plain["note"] = event.note
    if event.post:
        plain["post"] = event.post
    return plain


def event_from(plain: object) -> Event:
    if not isinstance(plain, Mapping):
        raise RecordError(f"an event is a JSON object, not {brief(plain)}")
    return Event(
        kind=plain["kind"],
        seat=plain.get("seat"),
        amount=plain.get("amount"),
        cards=cards_from(plain.get("cards", [])),
        street=plain.get("street", ""),
        note=plain.get("note", ""),
        seen_by=tuple(plain.get("seen_by", [])),
        post=plain.get("post"),
    )


def input_json(entry: Input) -> dict[str, Plain]:
    plain: dict[str, Plain] = {"kind": entry.kind, "seat": entry.seat}
    if entry.action:
        plain["action"] = entry.action
    if entry.to is not None:
        plain["to"] = entry.to
    if entry.cards is not None:
        plain["cards"] = cards_json(entry.cards)
    return plain


def input_from(plain: object) -> Input:
    if not isinstance(plain, Mapping) or plain.get("kind") not in INPUT_KINDS:
        kinds = ", ".join(sorted(INPUT_KINDS))
        raise RecordError(f"an input is a JSON object with a kind ({kinds}), not {brief(plain)}")
    cards = plain.get("cards")
    shown = None if cards is None else cards_from(cards)
    return Input(plain["kind"], plain.get("seat"), plain.get("action", ""), plain.get("to"), shown)


def legal_json(legal: Legal) -> dict[str, Plain]:
    """The legal actions, leaving out the ones not open (``None`` or ``False``)."""
    plain: dict[str, Plain] = {}
    for name, value in zip(legal._fields, legal):  # a named tuple: no dict built in between
        if value is None or value is False or value == "":
            continue
        plain[name] = list(value) if isinstance(value, tuple) else value
    return plain


def legal_from(plain: object) -> Legal:
    if not isinstance(plain, Mapping):
        raise RecordError(f"legal actions are a JSON object, not {brief(plain)}")
    values = dict(plain)
    if values.get("call") is not None:
        values["call"] = Call(*values["call"])
    for name in ("bet", "raise_", "complete"):
        if values.get(name) is not None:
            values[name] = Range(*values[name])
    return Legal(**values)


def pot_json(pot: Pot) -> dict[str, Plain]:
    return {"amount": pot.amount, "eligible": sorted(pot.eligible)}


def pot_from(plain: object) -> Pot:
    if not isinstance(plain, Mapping):
        raise RecordError(f"a pot is a JSON object, not {brief(plain)}")
    return Pot(plain["amount"], frozenset(plain["eligible"]))
