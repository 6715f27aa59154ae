"""Typed values as JSON and back, by their type hints alone: a frozen dataclass is a JSON object
of its fields, a tuple a list, a ``dict[str, X]`` an object; ``load`` checks every value against
its field's type as it reads it (``RecordMiss``-style errors: ``Unreadable``), so a record's one
definition, its dataclass, gives its writing, its reading and its checking.

The types it reads: ``bool``, ``int`` (no bool), ``float`` (an int too, read as a float; finite),
``str``, ``None``, unions (``X | None``), ``tuple[X, ...]``, ``tuple[A, B]``, ``dict[str, X]``,
frozen dataclasses of these, and ``object`` (any JSON value, taken as it is: a part its own
reader checks, such as a ``TableRecord``).
"""

from __future__ import annotations

import dataclasses
import math
import types
from collections.abc import Mapping
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

T = TypeVar("T")


class Unreadable(ValueError):
    """A JSON value that is not of the type its field says."""


def dump(value: Any) -> Any:
    """A typed value as plain JSON values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: dump(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [dump(item) for item in value]
    if isinstance(value, dict):
        return {key: dump(item) for key, item in value.items()}
    return value


_HINTS: dict[type, dict[str, Any]] = {}


def load(kind: type[T], data: object, where: str = "") -> T:
    """The value of dataclass ``kind`` that ``data`` (plain JSON) holds; ``Unreadable`` naming
    the first field that is missing, unknown or not of its type."""
    return _load(kind, data, where or kind.__name__)  # type: ignore[no-any-return]


def _load(hint: Any, data: object, where: str) -> Any:
    origin = get_origin(hint)
    if hint is object or hint is Any:
        return data
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        if data is None and type(None) in options:
            return None
        others = [option for option in options if option is not type(None)]
        if len(others) == 1:
            return _load(others[0], data, where)
        for option in others:
            try:
                return _load(option, data, where)
            except Unreadable:
                continue
        raise Unreadable(f"{where} cannot be {_brief(data)}")
    if hint is type(None) or hint is None:
        if data is not None:
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        return None
    if hint is bool or hint is str:
        if not isinstance(data, hint):
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        return data
    if hint is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        return data
    if hint is float:
        if isinstance(data, bool) or not isinstance(data, int | float) or not math.isfinite(data):
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        return float(data)
    if origin is tuple:
        args = get_args(hint)
        if not isinstance(data, list | tuple):
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], item, f"{where}[{i}]") for i, item in enumerate(data))
        if len(data) != len(args):
            raise Unreadable(f"{where} has {len(data)} values, not {len(args)}")
        return tuple(_load(arg, item, f"{where}[{i}]") for i, (arg, item) in enumerate(zip(args, data, strict=True)))
    if origin is dict:
        key_type, value_type = get_args(hint)
        if not isinstance(data, Mapping) or not all(isinstance(key, key_type) for key in data):
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        return {key: _load(value_type, item, f"{where}.{key}") for key, item in data.items()}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(data, Mapping):
            raise Unreadable(f"{where} cannot be {_brief(data)}")
        hints = _HINTS.get(hint)
        if hints is None:
            hints = _HINTS[hint] = get_type_hints(hint)
        names = [f.name for f in dataclasses.fields(hint)]
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise Unreadable(f"{where} has no field {unknown[0]!r}")
        missing = [name for name in names if name not in data]
        if missing:
            raise Unreadable(f"{where}.{missing[0]} is missing")
        return hint(**{name: _load(hints[name], data[name], f"{where}.{name}") for name in names})
    raise TypeError(f"{where}: typedjson does not read {hint!r}")


def _brief(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."
