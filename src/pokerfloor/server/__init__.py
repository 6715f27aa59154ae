"""``pokerfloor serve``: the home-game server (docs/protocol.md).

Layers: ``room`` is one table's state, rebuilt from its inputs; ``store`` keeps the inputs
(SQLAlchemy Core) and ``writer`` commits them from its own thread; ``records`` is what is kept as a
hand ends; ``actor`` is the one asyncio task per table, ``updates`` the frames it sends;
``transport`` is the WebSocket side (frames, flood control, origins); ``process`` sets up a
serving process; ``app`` is the Starlette app that puts them together.

The names below are imported on first use, so that the server's client side (``botclient``, for
``pokerfloor bot``: websockets only) and ``deal`` (``pokerfloor verify-deal``: nothing more) import
without the server extra.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pokerfloor.server.app import create_app
    from pokerfloor.server.room import Refused, Room
    from pokerfloor.server.store import Store

_HOMES = {"create_app": "app", "Refused": "room", "Room": "room", "Store": "store"}

__all__ = ["Refused", "Room", "Store", "create_app"]


def __getattr__(name: str) -> object:
    if name not in _HOMES:
        raise AttributeError(f"module 'pokerfloor.server' has no attribute {name!r}")
    value = getattr(import_module(f"pokerfloor.server.{_HOMES[name]}"), name)
    globals()[name] = value
    return value
