"""``pokerfloor serve``: the home-game server (docs/protocol.md).

Layers: ``room`` is one table's state, rebuilt from its inputs; ``store`` keeps the inputs
(SQLAlchemy Core) and ``writer`` commits them from its own thread; ``records`` is what is kept as a
hand ends; ``actor`` is the one asyncio task per table, ``updates`` the frames it sends;
``transport`` is the WebSocket side (frames, flood control, origins); ``process`` sets up a
serving process; ``app`` is the Starlette app that puts them together.
"""

from pokerfloor.server.app import create_app
from pokerfloor.server.room import Refused, Room
from pokerfloor.server.store import Store

__all__ = ["Refused", "Room", "Store", "create_app"]
