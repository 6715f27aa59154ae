"""The house's bots (the lobby's ``bots`` option, ``serve --bots``): chosen when a table is
opened with them, kept in the store (``pf_house_bots``: each bot's seat, name, buy-in, style
and seat token), and played by threads of the process that runs the table
(``botclient.house_bots``). A server that restarts, or a process that takes a table over,
seats them again when it loads the table (``House.again``): each bot whose token still holds a
seat or a seat request comes back to it; a bot the host removed does not.

The seat tokens are stored as the house's own: whoever reads the database can play the house's
bots, and no other seat (a person's token is stored only as its SHA-256)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from typing import Any

from sqlalchemy import insert, select

from pokerfloor.server.botclient import HouseBot, HouseTable, house_bots
from pokerfloor.server.room import Room, digest
from pokerfloor.server.schema import house_bots as house_bots_table
from pokerfloor.server.store import Store
from pokerfloor.table import buy_in_limits

LOG = logging.getLogger("pokerfloor.server")

def chosen(room: Room, count: int) -> list[HouseBot]:
    """``count`` house bots for a new table, in the seats after the host's (2, 3...), each
    buying in for the most the table allows (twice the least where there is no most; a
    tournament's starting stack), each with a seat token of its own."""
    low, high = buy_in_limits(room.table.game)
    chips = room.config.tournament.starting_stack if room.config.tournament else high or 2 * low
    seats = range(2, 2 + count)
    return [HouseBot(seat, f"bot{n}", secrets.token_urlsafe(24), chips) for n, seat in enumerate(seats, 1)]


def keep(store: Store, table_id: str, bots: list[HouseBot]) -> None:
    """Store a table's house bots (before any of them joins)."""
    if not bots:
        return
    with store.engine.begin() as db:
        db.execute(insert(house_bots_table), [
            {"table_id": table_id, "seat": b.seat, "name": b.name, "token": b.token, "chips": b.chips,
             "style": b.style} for b in bots])


def kept(store: Store, table_id: str) -> list[HouseBot]:
    """A table's house bots as stored, by seat."""
    t = house_bots_table
    with store.engine.connect() as db:
        rows = db.execute(select(t.c.seat, t.c.name, t.c.token, t.c.chips, t.c.style)
                          .where(t.c.table_id == table_id).order_by(t.c.seat)).all()
    return [HouseBot(int(seat), str(name), str(token), int(chips), str(style))
            for seat, name, token, chips, style in rows]


def holding(room: Room, bots: list[HouseBot]) -> list[HouseBot]:
    """The bots whose token still holds a seat, or asks for one, at this room (not one the host
    removed or refused)."""
    asking = {r.token_hash for r in room.requests.values()}
    return [b for b in bots if room.player_for_token_hash(digest(b.token)) is not None or digest(b.token) in asking]


def url_of(scope: Mapping[str, Any] | None) -> str:
    """``http://host:port`` of the server as a connection reached it (its ASGI scope; this
    computer's port 80 for one without: a client relayed over the bus)."""
    host, port = (scope or {}).get("server") or ("127.0.0.1", 80)
    host = f"[{host}]" if ":" in str(host) else host
    return f"http://{host}:{port}"


class House:
    """The house's bots this process plays, by table. ``here``: this server's address as its
    clients reach it (``url_of``), known from the first connection."""

    def __init__(self) -> None:
        self.running: dict[str, HouseTable] = {}
        self.here: str | None = None

    def reached(self, scope: Mapping[str, Any] | None) -> None:
        """A client reached this server (its ASGI scope; None for a client relayed from another
        process over the bus, which has none): the house's bots use that address."""
        if self.here is None and scope is not None:
            self.here = url_of(scope)

    def open(self, store: Store, room: Room, host_token: str, count: int, here: str) -> None:
        """A new table's ``count`` house bots: chosen, stored, then started (the house approving
        them with ``host_token`` where seats need approval)."""
        self.here = self.here or here
        if not count:
            return
        bots = chosen(room, count)
        keep(store, room.table_id, bots)
        self._start(room.table_id, bots, here, host_token if room.config.approval else None)

    def again(self, store: Store, room: Room) -> None:
        """A table just loaded by this process (a restart, a takeover, a reload after idling):
        its stored house bots that still hold their seats play again. A bot waiting for the
        host's approval waits for the host (the host token is not stored)."""
        if room.table_id in self.running or self.here is None or room.ended:
            return
        try:
            bots = holding(room, kept(store, room.table_id))
        except Exception:
            LOG.exception("table %s: its house bots could not be read", room.table_id)
            return
        if bots:
            LOG.warning("table %s: %d house bots seated again", room.table_id, len(bots))
            self._start(room.table_id, bots, self.here, None)

    def _start(self, table_id: str, bots: list[HouseBot], here: str, host_token: str | None) -> None:
        self.running[table_id] = house_bots(here, table_id, bots, host_token=host_token, say=LOG.warning)

    def stop(self, table_id: str) -> None:
        """This process no longer runs the table (handed over, unloaded): its bots stop."""
        running = self.running.pop(table_id, None)
        if running is not None:
            running.stop.set()

    def stop_all(self) -> None:
        for running in self.running.values():
            running.stop.set()
