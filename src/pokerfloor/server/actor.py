"""The table actor: a table's task (``TableTask``, on ``task.TableLoop``) carries out each client
command, checked whole first: as the room input it is, or by a step of its own (``STEPS``: a
join, an action, chat, a top-up, an approval, a resync)."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, TypeVar

from pokerfloor.server.commands import (
    Act,
    Approve,
    Chat,
    Hello,
    Join,
    PlayerInput,
    Resync,
    SitIn,
    Spectate,
    TopUp,
)
from pokerfloor.server.fields import Command as ClientCommand
from pokerfloor.server.fields import Input, Received, Refused, name_key
from pokerfloor.server.inputs import Action, AskSeat, AskTopUp, ChatLine, RailChat
from pokerfloor.server.room import Player, digest
from pokerfloor.server.task import TableLoop
from pokerfloor.server.task import TableServer as TableServer
from pokerfloor.server.transport import Client, attach


class TableTask(TableLoop):
    """The one task that owns a table: it applies commands in order, stores, then broadcasts."""

    async def handle(self, client: Client, received: Received) -> None:
        """One client command, read whole at the edge (``commands.receive``) and checked against
        this table's ranges now before anything changes, then carried out: by the table task's
        own step for it (``STEPS``), or as the room input it is (an ``Input``: the sender's
        ``player_id`` filled in)."""
        kind = received.kind
        if kind.WHO == "host" and not client.host:
            raise Refused("not_host", "only the host may do that")
        player = self.room.player_for_token_hash(client.token_hash) if client.token_hash else None
        if kind.WHO == "player" and player is None:
            raise Refused("not_seated", "take a seat first (join)")
        command = received.command_in(self.room.limits())
        step = STEPS.get(kind)
        if step is not None:
            await step(self, client, received, command, player)
            return
        assert isinstance(command, Input), kind      # (tests/server/test_commands.py: a step, or an input)
        if isinstance(command, PlayerInput) and player is not None:
            command = replace(command, player_id=player.player_id)
        await self.commit(command)
        await client.send(self.ack(received))

    async def _on_hello(self, client: Client, received: Received, hello: Hello, player: Player | None) -> None:
        """Attach a client with its token (none: a guest, a spectator if it asks): a welcome, then
        an update (the server attached it, ``app.Server._hello``, a spectator until now)."""
        token = hello.token
        role, player = ("guest", None) if token is None else self.room.role_of(token)
        attach(client, self, host=role == "host", token_hash="" if token is None else digest(token))
        if hello.spectate and role == "guest":
            self.spectate(client)
            role = "spectator"
        await client.send({"type": "welcome", "seq": self.room.seq, "reply_to": received.reply_to,
                           "table_id": self.room.table_id, "role": role,
                           "seat": None if player is None else player.seat,
                           "player_id": None if player is None else player.player_id})
        await client.send(self.update(client, [], history=True))
        if player is not None and player.clocked_out:
            # Back after the clock sat them out: in again, waiting for the big blind (never
            # posted without choosing; ``sit_in`` with ``post`` posts now).
            with contextlib.suppress(Refused):
                await self.commit(SitIn(player_id=player.player_id, post=False))

    def _check_turn(self, seat: int, act: Act) -> None:
        table = self.room.table
        if not table.in_play or act.hand != table.hand_number:
            raise Refused("stale_turn", "that hand is not in play")
        if table.to_act != seat:
            raise Refused("not_your_turn", f"it is seat {table.to_act}'s turn")
        if not secrets.compare_digest(act.turn_token, self.turn_token):
            raise Refused("stale_turn", "that turn token is not this turn's")

    async def _join(self, client: Client, received: Received, join: Join) -> None:
        if self.room.ended:
            raise Refused("closed", "the game has ended")
        if client.token_hash and self.room.player_for_token_hash(client.token_hash) is not None:
            raise Refused("illegal", "this client already has a seat", "invalid_action")
        chosen = join.seat_token
        if chosen is not None and not client.host and await self._join_again(client, received, chosen):
            return
        self._check_name_free(join.name)
        token = "" if client.host else chosen or secrets.token_urlsafe(24)
        token_hash = self.room.host_hash if client.host else digest(token)
        request_id = secrets.token_hex(6)
        await self.commit(AskSeat(request_id=request_id, name=join.name, seat=join.seat, chips=join.chips,
                                  token_hash=token_hash))
        if not client.host:
            client.token_hash = token_hash
        await client.send(
            {"type": "seat_requested", "seq": self.room.seq, "reply_to": received.reply_to, "request_id": request_id,
             "seat_token": token or None}
        )
        if not self.room.config.approval or client.host:
            await self._seat(request_id)

    def _check_name_free(self, name: str) -> None:
        """``Refused`` (``bad_field`` ``name``) when a player seated here, or a seat request
        waiting for the host, has this name (``commands.name_key``: whatever its case or its
        Unicode composition)."""
        key = name_key(name)
        taken = [p.name for p in self.room.players.values()] + [r.name for r in self.room.requests.values()]
        if any(name_key(other) == key for other in taken):
            raise Refused("bad_field", "name: is another player's at this table", field="name")

    async def _join_again(self, client: Client, received: Received, token: str) -> bool:
        """A join sent again with the seat token it chose (its answer was lost, say in a crash):
        answered again, not applied twice. False if that token holds no seat and asks for none."""
        hashed = digest(token)
        seated = self.room.player_for_token_hash(hashed)
        request = next((r for r in self.room.requests.values() if r.token_hash == hashed), None)
        if seated is None and request is None:
            return False
        client.token_hash = hashed
        await client.send(
            {"type": "seat_requested", "seq": self.room.seq, "reply_to": received.reply_to,
             "request_id": None if request is None else request.request_id, "seat_token": token}
        )
        if request is not None and not self.room.config.approval:
            await self._seat(request.request_id)
        return True

    async def _on_join(self, client: Client, received: Received, command: Join, player: Player | None) -> None:
        await self._join(client, received, command)

    async def _on_act(self, client: Client, received: Received, command: Act, player: Player | None) -> None:
        """An action, applied once: an ``act`` sent again with a ``client_action_id`` already
        applied is acknowledged again (``duplicate``)."""
        assert player is not None       # (a player command: ``handle`` checked the sender is seated)
        if command.client_action_id in self.room.applied.get(player.player_id, ()):
            await client.send(self.ack(received, duplicate=True))
            return
        self._check_turn(player.seat, command)
        await self.commit(Action(player_id=player.player_id, action=command.action, to=command.to,
                                 cards=command.cards, client_action_id=command.client_action_id))
        await client.send(self.ack(received))

    async def _on_resync(self, client: Client, received: Received, command: Resync, player: Player | None) -> None:
        await self._resync(client, command.last_seq, received.reply_to)

    async def _on_spectate(self, client: Client, received: Received, command: Spectate, player: Player | None) -> None:
        self.spectate(client)
        await client.send(self.ack(received))
        await client.send(self.update(client, []))

    async def _on_chat(self, client: Client, received: Received, command: Chat, player: Player | None) -> None:
        """A chat line: a seated player's, or a spectator's (named) where the host lets them."""
        entry: Input
        if player is not None:
            entry = ChatLine(player_id=player.player_id, text=command.text)
        elif client.host:
            entry = RailChat(name=command.name or "Host", text=command.text)
        elif client.spectating and self.room.spectators and self.room.config.spectator_chat:
            entry = RailChat(name=f"{command.name or 'Spectator'} (watching)", text=command.text)
        else:
            raise Refused("not_seated", "take a seat first (join)" if self.room.config.spectator_chat or not
                          client.spectating else "spectators do not chat at this table")
        await self.commit(entry)
        await client.send(self.ack(received))

    async def _on_approve(self, client: Client, received: Received, command: Approve, player: Player | None) -> None:
        asked = self.room.top_ups.get(command.request_id)
        if asked is not None:
            await self.commit(TopUp(player_id=asked[0], chips=asked[1], post=asked[2], request_id=command.request_id))
        else:
            await self._seat(command.request_id)
        await client.send(self.ack(received))

    async def _on_top_up(self, client: Client, received: Received, command: TopUp, player: Player | None) -> None:
        """A top-up: at once, or at a table whose seats need approval asked of the host (the
        ack's ``request_id``; the host's own top-up needs none)."""
        assert player is not None
        if self.room.config.approval and not client.host:
            request_id = secrets.token_hex(6)
            await self.commit(AskTopUp(player_id=player.player_id, chips=command.chips, post=command.post,
                                       request_id=request_id))
            await client.send(self.ack(received, request_id=request_id))
            return
        await self.commit(replace(command, player_id=player.player_id))
        await client.send(self.ack(received))


Step = Callable[[TableTask, Client, Received, Any, Player | None], Awaitable[None]]
C = TypeVar("C", bound=ClientCommand)


def _step(kind: type[C], step: Callable[[TableTask, Client, Received, C, Player | None], Awaitable[None]]
          ) -> tuple[type[ClientCommand], Step]:
    """An entry of ``STEPS``: mypy checks that the step takes the command it is for."""
    return kind, step


STEPS: dict[type[ClientCommand], Step] = dict([
    _step(Hello, TableTask._on_hello),
    _step(Join, TableTask._on_join),
    _step(Act, TableTask._on_act),
    _step(Resync, TableTask._on_resync),
    _step(Spectate, TableTask._on_spectate),
    _step(Approve, TableTask._on_approve),
    _step(Chat, TableTask._on_chat),
    _step(TopUp, TableTask._on_top_up),
])
"""The commands the table task carries out with steps of its own (their checks, replies, or more
than one input); every other command of ``commands.COMMANDS`` is an input as it is."""
