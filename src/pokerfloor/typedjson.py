"""Typed values as JSON and back, by their type hints alone: a frozen dataclass is a JSON object
of its fields, a tuple a list, a ``dict[str, X]`` an object; ``load`` checks every value against
its field's type as it reads it (``Unreadable`` otherwise), so a record's one definition, its
dataclass, gives its writing, its reading and its checking (the server's ``RoomRecord``, the
table's ``TableRecord``).

The types it reads: ``bool``, ``int`` (no bool; within 64 bits), ``float`` (finite; an int too,
kept as it is, as Python's typing takes an int for a float, so that a record reads back to the
same JSON), ``str``, ``None``, ``Literal`` choices, unions (``X | None``), ``tuple[X, ...]``,
``tuple[A, B]``, ``dict[str, X]``, dataclasses of these (with ``defaults``, a field with a
default may be missing: it takes its default), ``object`` (any JSON value, taken as it is: a
part its own reader checks), and the types given their own JSON by ``codec`` (a value of the
library whose home writes and reads it, such as a ``Game`` or a ``HandRecord``).
"""

from __future__ import annotations

import dataclasses
import math
import types
from collections.abc import Callable, Mapping
from dataclasses import MISSING
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from pokerfloor.errors import PokerfloorError

T = TypeVar("T")


class Unreadable(PokerfloorError, ValueError):
    """A JSON value that is not of the type its field says."""


_CODECS: dict[type, tuple[Callable[[Any], object], Callable[[Any], object]]] = {}
_READ_ERRORS = (ValueError, LookupError, TypeError, AttributeError, ArithmeticError, RecursionError)
_BOUND = 2**63


def codec(kind: type[T], write: Callable[[T], object], read: Callable[[Any], T]) -> None:
    """Give ``kind`` its own JSON: ``write`` makes it, ``read`` reads it back (any error it
    raises is ``Unreadable``, naming where). For the values whose home already writes and reads
    them (a ``Game``: ``hand.plain``), so that a record holding one is still one definition."""
    _CODECS[kind] = (write, read)


_PLAIN = frozenset({str, int, float, bool, type(None)})
_NAMES: dict[type, tuple[str, ...]] = {}


def dump(value: Any) -> Any:
    """A typed value as plain JSON values."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    known = _CODECS.get(kind)
    if known is not None:
        return known[0](value)
    names = _NAMES.get(kind)
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _NAMES[kind] = tuple(f.name for f in dataclasses.fields(value))
    if names is not None:
        return {name: dump(getattr(value, name)) for name in names}
    if isinstance(value, tuple | list):
        return [dump(item) for item in value]
    if isinstance(value, dict):
        return {key: dump(item) for key, item in value.items()}
    return value


def load(kind: type[T], data: object, where: str = "", *, defaults: bool = False) -> T:
    """The value of dataclass ``kind`` that ``data`` (plain JSON) holds; ``Unreadable`` naming
    the first field that is missing, unknown or not of its type. With ``defaults`` a field that
    has a default may be missing, in ``kind`` and in the dataclasses it holds."""
    return _load(kind, data, where or kind.__name__, defaults)  # type: ignore[no-any-return]


def _load(hint: Any, data: object, where: str, defaults: bool) -> Any:
    if hint is int:
        if isinstance(data, bool) or not isinstance(data, int) or not -_BOUND < data < _BOUND:
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        return data
    if hint is str or hint is bool:
        if not isinstance(data, hint):
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        return data
    if hint is float:
        if isinstance(data, int) and not isinstance(data, bool) and -_BOUND < data < _BOUND:
            return data
        if not isinstance(data, float) or not math.isfinite(data):
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        return data
    if hint is object or hint is Any:
        return data
    if isinstance(hint, type):
        known = _CODECS.get(hint)
        if known is not None:
            try:
                return known[1](data)
            except _READ_ERRORS as wrong:
                raise Unreadable(f"{where}: {_brief(str(wrong), 160)}") from None
        if dataclasses.is_dataclass(hint):
            return _object(hint, data, where, defaults)
    origin = get_origin(hint)
    if origin is Literal:
        if not any(type(data) is type(choice) and data == choice for choice in get_args(hint)):
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        return data
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        if data is None and type(None) in options:
            return None
        others = [option for option in options if option is not type(None)]
        if len(others) == 1:
            return _load(others[0], data, where, defaults)
        for option in others:
            try:
                return _load(option, data, where, defaults)
            except Unreadable:
                continue
        raise Unreadable(f"{where} cannot be {_brief(data)}")
    if hint is type(None) or hint is None:
        if data is not None:
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        return None
    if origin is tuple:
        args = get_args(hint)
        if not isinstance(data, list | tuple):
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple([_load(args[0], item, f"{where}[{i}]", defaults) for i, item in enumerate(data)])
        if len(data) != len(args):
            raise Unreadable(f"{where} has {len(data)} values, not {len(args)}")
        return tuple([_load(arg, item, f"{where}[{i}]", defaults)
                      for i, (arg, item) in enumerate(zip(args, data, strict=True))])
    if origin is dict:
        key_type, value_type = get_args(hint)
        if not isinstance(data, Mapping) or not all(isinstance(key, key_type) for key in data):
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        return {key: _load(value_type, item, f"{where}.{key}", defaults) for key, item in data.items()}
    raise TypeError(f"{where}: typedjson does not read {hint!r}")


_Shape = tuple[dict[str, Any], frozenset[str], frozenset[str]]
_SHAPES: dict[type, _Shape] = {}


def _shape(kind: type) -> _Shape:
    """A dataclass's fields: each one's type, all their names, and those without a default."""
    shape = _SHAPES.get(kind)
    if shape is None:
        hints, specs = get_type_hints(kind), dataclasses.fields(kind)
        shape = _SHAPES[kind] = (
            {spec.name: hints[spec.name] for spec in specs},
            frozenset(spec.name for spec in specs),
            frozenset(spec.name for spec in specs
                      if spec.default is MISSING and spec.default_factory is MISSING),
        )
    return shape


def _object(kind: type, data: object, where: str, defaults: bool) -> Any:
    if not isinstance(data, Mapping):
        raise Unreadable(f"{where} cannot be {_brief(data)}")
    hints, names, required = _shape(kind)
    if not names.issuperset(data):
        raise Unreadable(f"{where} has no field {_brief(sorted(set(data) - names, key=str)[0])}")
    for name in hints:
        if name not in data and (name in required or not defaults):
            raise Unreadable(f"{where}.{name} is missing")
    values = {name: _load(hint, data[name], f"{where}.{name}", defaults)
              for name, hint in hints.items() if name in data}
    try:
        return kind(**values)
    except _READ_ERRORS as wrong:       # a value its class refuses (``__post_init__``)
        raise Unreadable(f"{where}: {_brief(str(wrong), 160)}") from None


def _brief(value: object, most: int = 40) -> str:
    text = value if isinstance(value, str) and most > 40 else repr(value)
    return text if len(text) <= most else f"{text[: most - 3]}..."
