"""One table of the server: a ``pf.Table`` and its players, driven only by recorded inputs.

Every change to a room is an input (a typed value: ``commands``, ``inputs``) passed to
``Room.apply``, which hands it to its handler by its type (``HANDLERS``). The same inputs in
the same order rebuild the same room, cards included: each hand's deck is shuffled from a seed
held in its ``deal`` input, so a room is restored after a crash by applying its stored inputs
again. Nothing here does I/O or reads the clock; the time of each input travels with it.

The room's state is ``state.RoomState``; its handlers are split by concern, each a class on
the one before: ``seating``, ``tournament``, ``play``, ``host``; ``Room`` applies inputs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from pokerfloor.errors import IllegalAction
from pokerfloor.server.commands import (
    AnswerDeal,
    BetweenHands,
    BombPot,
    BombPots,
    ChooseGame,
    EditStack,
    EndGame,
    FoldSeat,
    Leave,
    MoveSeat,
    OfferDeal,
    Pause,
    RefuseSeat,
    Remove,
    Resume,
    RunIt,
    SetBuyIn,
    SetClock,
    SetGame,
    Show,
    SitIn,
    SitOut,
    SitOutSeat,
    SpectatorChat,
    Spectators,
    Start,
    Straddle,
    TopUp,
)
from pokerfloor.server.fields import Input
from pokerfloor.server.fields import Refused as Refused
from pokerfloor.server.inputs import (
    INPUTS,
    Action,
    AskSeat,
    AskTopUp,
    ChatLine,
    NextHand,
    OfferTimeout,
    RailChat,
    Sit,
    Timeout,
    read_input,
)
from pokerfloor.server.room.host import Host
from pokerfloor.server.room.state import DEAL_UNITS as DEAL_UNITS
from pokerfloor.server.room.state import Deal as Deal
from pokerfloor.server.room.state import Offer as Offer
from pokerfloor.server.room.state import Player as Player
from pokerfloor.server.room.state import Request as Request
from pokerfloor.server.room.state import digest as digest
from pokerfloor.server.settings import DEFAULT_CLOCK as DEFAULT_CLOCK
from pokerfloor.server.settings import DEFAULT_PAUSE as DEFAULT_PAUSE
from pokerfloor.server.settings import Config as Config
from pokerfloor.table import NotEnoughPlayers
from pokerfloor.table.seats import TableEvent
from pokerfloor.table.tournament import places


class Room(Host):
    """The authoritative state of one table, changed only by ``apply``."""

    def apply(self, entry: Input) -> list[TableEvent]:
        """Apply one input; ``Refused`` (and nothing changed) if the table refuses it. Returns the
        table's events it logged. The input's fields were checked as it was made (parsed from a
        client's frame, or read back from the store: ``apply_stored``); its handler
        (``HANDLERS``, by its type) decides before it changes anything; the clock, which the
        table reads as it applies the input, is set back when the input is refused."""
        handler = HANDLERS[type(entry)]
        before, then, turn = self.table.seq, self.clock.now, self.table.turn
        self.clock.now = then if entry.at is None else entry.at
        try:
            handler(self, entry)
        except IllegalAction as refused:
            self.clock.now = then
            raise Refused("illegal", refused.message, refused.reason, refused.rule) from None
        except NotEnoughPlayers as short:
            self.clock.now = then
            raise Refused("illegal", str(short)) from None
        except Refused:
            self.clock.now = then
            raise
        self.seq += 1
        self._fold_removed()
        self._offer_runs()
        if self.in_hand:
            # The table takes in the hand's new events now (``end_hand`` ends nothing while the
            # hand is in play): left pending, the table's next step would take them in first,
            # that of an input refused too, at its own time (a change the store never saw).
            self.table.end_hand()
            if isinstance(entry, (NextHand, Action, Timeout)) or self.table.turn != turn:
                self.turn_started = self.clock.now
                if self.clock_next is not None:
                    self._set_clock(self.clock_next)
        else:
            self._after_hand()
            if self.clock_next is not None:
                self._set_clock(self.clock_next)
        events = [e for e in self.table.events_since(before) if e.event is None]
        for e in events:
            self.remember({"kind": e.kind, "hand": e.hand, "seat": e.seat, "player_id": e.player,
                           "name": self.name_of(e.player), "chips": e.chips, "note": e.note, "at": self.clock.now})
        if isinstance(entry, (ChatLine, RailChat)):
            player_id = entry.player_id if isinstance(entry, ChatLine) else None
            name = entry.name if isinstance(entry, RailChat) else self.name_of(player_id)
            self.remember({"kind": "chat", "hand": self.table.hand_number, "seat": None, "player_id": player_id,
                           "name": name, "chips": None, "note": entry.text, "at": self.clock.now})
        return events

    def apply_stored(self, plain: Mapping[str, object]) -> list[TableEvent]:
        """Apply an input as the store holds it (its JSON, ``Input.json``): read back into its
        value, checked whole against its type's rules with this table's limits, then applied
        (``Refused``, nothing changed, if either refuses it)."""
        return self.apply(read_input(plain, self.limits()))

    def replay(self, entries: Iterable[Mapping[str, object]]) -> list[tuple[int, str, Refused]]:
        """Apply stored inputs again, in order (``apply_stored``). One this release refuses (an
        earlier release stored it unchecked: a seat request for 10**30 chips, say) is skipped as
        a refused input is, changing nothing but the count, so that the inputs after it keep
        their numbers. Returns each skipped: its number, its kind and why."""
        skipped = []
        for entry in entries:
            try:
                self.apply_stored(entry)
            except Refused as refused:
                self.seq += 1
                skipped.append((self.seq, str(entry.get("kind")), refused))
        return skipped

    def _after_hand(self) -> None:
        """The explicit end of a finished hand: chips back to the seats, the hand kept."""
        hand = self.table.hand
        self.table.end_hand()
        if hand is not None and (not self.hands or self.hands[-1] is not hand):
            self.table.verify()
            self.hands.append(hand)
            self.ended_at = self.clock.now
            for player_id in self.removing:
                if player_id in self.players:
                    self._remove(self.players[player_id])
            self.removing = []
            if self.config.tournament is not None and self.table.last_busts:
                left = [s.player for s in self.table.seats.values()]
                placed = places(self.table.last_busts, left, self.table.hand_number)
                self.finishes += [(f.player, f.place, f.hand) for f in placed]


H = TypeVar("H", bound=Input)


def _handles(kind: type[H], handler: Callable[[Room, H], None]) -> tuple[type[Input], Callable[[Room, Any], None]]:
    """An entry of ``HANDLERS``: mypy checks that the handler takes the input type it is for."""
    return kind, handler


HANDLERS: dict[type[Input], Callable[[Room, Any], None]] = dict([
    _handles(AskSeat, Room._on_request),
    _handles(RefuseSeat, Room._on_refuse),
    _handles(Sit, Room._on_sit),
    _handles(Leave, Room._on_leave),
    _handles(SitOut, Room._on_sit_out),
    _handles(SitIn, Room._on_sit_in),
    _handles(TopUp, Room._on_top_up),
    _handles(Straddle, Room._on_straddle),
    _handles(ChatLine, Room._on_chat),
    _handles(Start, Room._on_start),
    _handles(Pause, Room._on_pause),
    _handles(Resume, Room._on_resume),
    _handles(OfferDeal, Room._on_offer_deal),
    _handles(AnswerDeal, Room._on_answer_deal),
    _handles(SetGame, Room._on_set_game),
    _handles(MoveSeat, Room._on_move_seat),
    _handles(SetClock, Room._on_set_clock),
    _handles(SetBuyIn, Room._on_set_buy_in),
    _handles(EndGame, Room._on_end_game),
    _handles(Spectators, Room._on_spectators),
    _handles(EditStack, Room._on_edit_stack),
    _handles(Remove, Room._on_remove),
    _handles(BombPot, Room._on_bomb_pot),
    _handles(BombPots, Room._on_bomb_pots),
    _handles(ChooseGame, Room._on_choose_game),
    _handles(NextHand, Room._on_deal),
    _handles(Action, Room._on_act),
    _handles(Timeout, Room._on_timeout),
    _handles(RunIt, Room._on_run_it),
    _handles(OfferTimeout, Room._on_offer_timeout),
    _handles(FoldSeat, Room._on_fold_seat),
    _handles(AskTopUp, Room._on_ask_top_up),
    _handles(SitOutSeat, Room._on_sit_out_seat),
    _handles(Show, Room._on_show),
    _handles(RailChat, Room._on_rail_chat),
    _handles(SpectatorChat, Room._on_spectator_chat),
    _handles(BetweenHands, Room._on_between_hands),
])
"""The room's handler of each input type (``inputs.INPUTS``: the same types)."""
assert set(HANDLERS) == set(INPUTS.values())
