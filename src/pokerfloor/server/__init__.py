"""``pokerfloor serve``: the home-game server (docs/protocol.md).

Layers: ``room`` is one table's state, rebuilt from its inputs; ``store`` keeps the inputs
(SQLAlchemy Core); ``app`` is the Starlette app, one asyncio task per table.
"""

from pokerfloor.server.app import create_app
from pokerfloor.server.room import Refused, Room
from pokerfloor.server.store import Store

__all__ = ["Refused", "Room", "Store", "create_app"]
