"""A table: many hands, players coming and going, the button and blinds, table stakes, a ledger.

``Table.start_hand()`` deals a ``Hand``; ``Table.act(...)`` plays it (actions, draws, shows,
mucks, and cards dealt by hand). The end of a hand is an explicit step, ``table.end_hand()``:
the final stacks flow back into the seats, the ledger records every player's result (keyed by
player id), busted players are marked, and the kill button and straddle token move. Reading the
table never changes it; a step that changes the table (dealing, seating, buying chips...) ends a
finished hand first. The next hand's button, blinds and posts follow from the table's rules
(``buttons``); a rotation of games (``rotate_games``: mixed games and dealer's choice,
``rotation``) and bomb pots (``call_bomb_pot``, ``bomb_pots``) say what it deals.

One ordered stream, ``table.events``, numbers (``seq``) the table's events and the hands'
events alike; ``events_for(seat)`` is that stream as one seat may see it. ``table.record()``
saves the table as plain JSON and ``Table.from_record`` rebuilds it, between hands or during one.
"""

from __future__ import annotations

import copy
import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from pokerfloor import citations as cite
from pokerfloor.cards import FULL_DECK, SEED_BYTES, Card, CardsLike, Deck, SeededShuffler, Shuffler, draws_bits
from pokerfloor.errors import IllegalAction, InvalidArgument, Reason
from pokerfloor.hand import Event, Hand, HandRecord, Legal, Post, SeatView, bomb
from pokerfloor.rules import Game, HouseRules
from pokerfloor.table import bombs
from pokerfloor.table import record as rec
from pokerfloor.table.buttons import (
    BlindPlan,
    NotEnoughPlayers,
    Owed,
    Positions,
    SeatState,
    Status,
    place_blinds,
    rotate_button,
)
from pokerfloor.table.customs import (
    NEUTRAL,
    NO_STRADDLES,
    R_KILL,
    R_ROCK,
    R_SLEEPER,
    R_STRADDLE,
    KillButton,
    Straddles,
    TableOptions,
    after_hand,
    check_sleeper,
    check_straddle,
    pass_rock,
)
from pokerfloor.table.history import history_sink
from pokerfloor.table.ledger import Entry, EntryKind, Ledger
from pokerfloor.table.record import TableRecord
from pokerfloor.table.rotation import (
    R_CHOICE,
    R_ORBIT,
    R_STUD_BUTTON,
    Rotation,
    RotationState,
    frozen_stud_plan,
    game_key,
    resumed_positions,
)
from pokerfloor.table.seats import (
    HAND_EVENT,
    R_BUY_IN,
    R_TABLE_STAKES,
    ManualClock,
    Seat,
    TableEvent,
    buy_in_limits,
    new_player_id,
)

R_RATHOLE = cite.RATHOLE
R_OPEN_STAKES = cite.OPEN_STAKES
R_REBUY_OWES = cite.REBUY_OWES
R_DRAW = cite.DRAW_FOR_BUTTON
R_BOMB = cite.BOMB_POT


VOLUNTARY = frozenset({"fold", "check", "call", "bet", "raise", "complete"})
"""A player's actions in turn (TDA 2024 Rule 36 counts them; posts and the bring-in are forced)."""
CHIPS_IN = frozenset({"call", "bet", "raise", "complete"})


_DEALT = ("game", "stacks", "button", "posts", "holes", "board", "dealing", "auto_muck", "seed", "wait_for_runout",
          "bomb_pot", "boards")
"""A hand record's fields that say how it was dealt (``Table.finish_from`` checks them)."""


def substantial_action(hand: Hand) -> bool:
    """TDA 2024 Rule 36: any two actions in turn of which one puts chips in the pot, or any three
    actions in turn; posted blinds (and a forced bring-in) do not count."""
    actions = [e.kind for e in hand.events if e.kind in VOLUNTARY]
    return len(actions) >= 3 or (len(actions) >= 2 and any(kind in CHIPS_IN for kind in actions))


class Table:
    """Seats, chips and the hands dealt at one table (docs/guide/table.md).

    ``Table(game, seats=9, house=HouseRules(...))``: ``house`` replaces the game's house rules
    (``button_rule``, ``heads_up_transition``, ``buy_in``, ``rathole_window_minutes``,
    ``table_stakes``...). ``options`` are the table's customs (straddles, kill game). ``clock``
    returns seconds (``time.monotonic`` for real play; a ``ManualClock`` by default) and ``rng``
    shuffles every deck and draws for the button; without it, the table's own
    ``SeededShuffler`` (a secret seed) draws for the button and each hand's seed
    (``Hand.seed``). The events and ledger entries of the last ``keep_hands`` hands stay in
    memory; older ones go to ``sink``, a function or a file (JSON lines appended), so a table
    runs for months in bounded memory. ``cash=False`` is a tournament table: any starting
    stack, nobody sits out, busted players are eliminated. ``player_ids`` makes the id of a
    player seated without one (64 random bits from ``secrets`` by default).
    """

    def __init__(
        self,
        game: Game,
        seats: int = 9,
        *,
        house: HouseRules | None = None,
        options: TableOptions | None = None,
        clock: Callable[[], float] | None = None,
        rng: random.Random | None = None,
        button: int | None = None,
        cash: bool = True,
        keep_hands: int = 100,
        sink: Callable[[TableEvent | Entry], None] | str | Path | None = None,
        player_ids: Callable[[], str] | None = None,
    ) -> None:
        if not isinstance(game, Game):
            raise InvalidArgument(f"a table deals a Game, not {game!r}")
        if isinstance(seats, bool) or not isinstance(seats, int):
            raise InvalidArgument(f"a table has a whole number of seats, not {seats!r}")
        most = game.variant_spec.max_players
        if not 2 <= seats <= most:
            raise InvalidArgument(f"a table has 2 seats up to the most its game deals, at most {most} players")
        if house is not None and not isinstance(house, HouseRules):
            raise InvalidArgument(f"house rules are a HouseRules, not {house!r}")
        if options is not None and not isinstance(options, TableOptions):
            raise InvalidArgument(f"a table's customs are a TableOptions, not {options!r}")
        if clock is not None and not callable(clock):
            raise InvalidArgument(f"a clock is a function returning seconds, not {clock!r}")
        if rng is not None:
            draws_bits(rng)
        if button is not None and (isinstance(button, bool) or not isinstance(button, int) or not 1 <= button <= seats):
            raise InvalidArgument(f"the first button is a seat from 1 to {seats}, not {button!r}")
        if isinstance(keep_hands, bool) or not isinstance(keep_hands, int) or keep_hands < 1:
            raise InvalidArgument(f"keep_hands is a number of hands, at least 1, not {keep_hands!r}")
        if player_ids is not None and not callable(player_ids):
            raise InvalidArgument(f"player_ids is a function returning a new id, not {player_ids!r}")
        self._game = game if house is None else replace(game, house=house)
        self._next_game: Game | None = None
        self.size = seats
        self.options = options if options is not None else TableOptions()
        self.clock: Callable[[], float] = clock if clock is not None else ManualClock()
        self._rng: Shuffler | None = rng
        self._own_rng: Shuffler = rng if rng is not None else SeededShuffler()
        self._player_ids = player_ids if player_ids is not None else new_player_id
        self._first_button = button
        self.cash = cash
        self._seats: dict[int, Seat] = {}
        self._positions: Positions | None = None
        self._plan: BlindPlan | None = None
        self._hand: Hand | None = None
        self._dealt: dict[int, Seat] = {}
        self._collected = True
        self._hand_number = 0
        self._keep_hands = keep_hands
        self._sink = history_sink(sink)
        self._ledger = Ledger(self._sink)
        self._events: deque[TableEvent] = deque()
        self._seq = 0
        self._synced = 0
        self._hand_rng: Shuffler | None = None
        self._hand_shares_rng = False
        self._departures: dict[str, tuple[float, int]] = {}
        self._straddles: list[Post] = []
        self._sleepers: list[Post] = []
        self._rock: int | None = None
        self._kill: KillButton = NEUTRAL
        self._last_busts: tuple[tuple[int, str, int], ...] = ()
        self._markers: list[tuple[str, int, int]] = []
        self._rotation: RotationState | None = None
        self._blind_positions: Positions | None = None
        self._bomb_called: tuple[int, int] | None = None
        self._bomb_rule: tuple[int, int, int | None] | None = None
        self._bomb_hands: tuple[str, ...] = ()

    # ------------------------------------------------------------------ what the table shows
    @property
    def game(self) -> Game:
        """The game the next hand is dealt at (the rotation's, when the table rotates games)."""
        rotation = self._rotation
        if rotation is not None:
            return rotation.rotation.games[rotation.upcoming()]
        return self._next_game or self._game

    @property
    def rotation(self) -> RotationState | None:
        """Where the table is in its rotation of games (``rotate_games``), or ``None``."""
        return self._rotation

    @property
    def chooser(self) -> int | None:
        """Under dealer's choice, the seat that names the next round's game (``choose_game``)."""
        rotation = self._rotation
        if rotation is None or not rotation.rotation.dealers_choice or len(self._seats) < 2:
            return None
        occupied = sorted(self._settled_seats())
        if rotation.chooser is not None:
            return rotation.holder(occupied[0], occupied)
        try:
            return self.preview().button_seat
        except NotEnoughPlayers:
            return None

    @property
    def house(self) -> HouseRules:
        return self.game.house

    @property
    def hand(self) -> Hand | None:
        """The hand dealt last (it may be over)."""
        return self._hand

    @property
    def hand_number(self) -> int:
        """How many hands the table has dealt."""
        return self._hand_number

    @property
    def positions(self) -> Positions | None:
        """The last hand's button and blinds."""
        return self._positions

    @property
    def plan(self) -> BlindPlan | None:
        """How the last hand was laid out: button, blinds, seats dealt, posts, who waited and why."""
        return self._plan

    @property
    def hand_ended(self) -> bool:
        """Whether the last hand dealt has been ended (``end_hand``); true before the first."""
        return self._collected

    @property
    def in_play(self) -> bool:
        """Whether a hand is in play: dealt and not over."""
        return self._hand is not None and not self._hand.is_over

    @property
    def to_act(self) -> int | None:
        """The seat to act in the hand in play (``None`` between hands, or when no seat is)."""
        hand = self._hand
        return None if hand is None or hand.is_over else hand.to_act

    @property
    def opener(self) -> tuple[int, str] | None:
        """In stud, who opened the betting round in play and why, ``(seat, "bring_in" |
        "showing" | "left_of_all_in")`` (``Hand.opener``); ``None`` between hands and in other
        games."""
        hand = self._hand
        return None if hand is None else hand.opener

    @property
    def street(self) -> str | None:
        """The street of the hand in play (``None`` between hands)."""
        return self._hand.street if self._hand is not None and not self._hand.is_over else None

    @property
    def turn(self) -> tuple[int, int, int] | None:
        """The turn in the hand in play: the hand's number, the seat to act and how many of the
        hand's events came before it, a new value whenever the turn passes (``None`` when no
        seat is to act): what a server's single-use turn token stands for."""
        seat = self.to_act
        if seat is None or self._hand is None:
            return None
        return self._hand_number, seat, len(self._hand.events)

    def legal(self) -> Legal:
        """What the seat to act (``to_act``) may do in the hand in play, with exact amounts
        (``Hand.legal``); nothing (an empty ``Legal``) between hands or when no seat is to act."""
        hand = self._hand
        return Legal() if hand is None or hand.is_over else hand.legal()

    @property
    def awaiting_runout(self) -> bool:
        """Whether the hand in play waits for its run-out (dealt with ``wait_for_runout``, its
        betting over): ``act(None, "run_it", runs)`` deals the rest of the board."""
        hand = self._hand
        return hand is not None and not hand.is_over and hand.awaiting_runout

    @property
    def live_seats(self) -> tuple[int, ...]:
        """The seats of the hand in play that have not folded, in the hand's order (``Hand.seats``:
        from the button's left), none between hands: the players a run-it-twice question is put to."""
        hand = self._hand
        if hand is None or hand.is_over:
            return ()
        folded = hand.folded
        return tuple(s for s in hand.seats if s not in folded)

    def dealt_in(self, seat: int) -> bool:
        """Whether ``seat`` was dealt into the last hand."""
        return seat in self._dealt

    def view(self, seat: int | None = None) -> SeatView | None:
        """What ``seat`` (``None``: a spectator) may see of the last hand dealt, as
        ``Hand.view`` shows it (``None`` before the first hand). A seat not dealt in to it is
        refused (``ValueError``): it sees what a spectator sees."""
        return None if self._hand is None else self._hand.view(seat)

    @property
    def seats(self) -> dict[int, Seat]:
        """The occupied seats; a hand not yet ended has not given its chips back to them."""
        return dict(sorted(self._seats.items()))

    @property
    def seated(self) -> int:
        """How many seats are occupied: ``len(seats)`` without building them (the tournament
        floor counts every table's at every deal)."""
        return len(self._seats)

    @property
    def ledger(self) -> Ledger:
        return self._ledger

    @property
    def events(self) -> tuple[TableEvent, ...]:
        """The table's event stream of the last ``keep_hands`` hands (older ones went to the
        sink), in ``seq`` order: the table's own events and each hand's events (``hand_event``)."""
        return tuple(self._events) + self._pending()

    @property
    def seq(self) -> int:
        """The ``seq`` of the latest event in the stream (0 before any)."""
        return self._seq + len(self._pending_hand_events())

    def events_since(self, seq: int = 0) -> tuple[TableEvent, ...]:
        """The events after ``seq`` still in memory (a client catching up), found from the end."""
        newer: list[TableEvent] = []
        for event in reversed(self._events):
            if event.seq <= seq:
                break
            newer.append(event)
        return tuple(reversed(newer)) + tuple(e for e in self._pending() if e.seq > seq)

    def events_for(self, seat: int | None, since: int = 0) -> tuple[TableEvent, ...]:
        """The events after ``since`` as the player now in ``seat`` may see them (``None``: a
        spectator): hole cards only of hands that player was dealt at that seat, never another's
        face-down cards (``pf.Event.seen_by``)."""
        viewer = None if seat is None else self._occupied(seat).player_id
        return tuple(e.seen(viewer) for e in self.events_since(since))

    @property
    def rock(self) -> int | None:
        """The seat holding the mandatory-straddle token, if any."""
        return self._rock

    @property
    def limits(self) -> tuple[int, int]:
        """The limits of the hand dealt last (``Hand.limits``: a kill pot's raised ones, RROP11
        Kill Pots), or before the first hand the next game's."""
        hand = self._hand
        if hand is not None:
            return hand.limits
        game = self.game
        return (game.small_bet, game.big_bet) if game.structure == "fixed_limit" else (game.min_bet, game.min_bet)

    @property
    def kill_button(self) -> KillButton:
        """Who has a leg up and who kills the next pot (player ids)."""
        return self._kill

    @property
    def last_busts(self) -> tuple[tuple[int, str, int], ...]:
        """(seat, player, chips at the start of the hand) for each player the last hand ended
        busted."""
        return self._last_busts

    @property
    def markers(self) -> tuple[tuple[str, int, int], ...]:
        """(player id, chips, hand) for every marker given at this table (open stakes)."""
        return tuple(self._markers)

    def seat_of(self, player: str) -> int | None:
        """The seat of the player with this id (or, failing that, this name)."""
        by_id = next((n for n, s in self._seats.items() if s.player_id == player), None)
        if by_id is not None:
            return by_id
        return next((n for n, s in self._seats.items() if s.player == player), None)

    def stack(self, seat: int) -> int:
        """The chips behind in front of a seat: in the hand dealt last while it has not ended,
        if the seat is dealt in."""
        chips = self._occupied(seat).chips
        hand = self._hand
        if hand is not None and not self._collected and seat in self._dealt:
            return hand.stacks[seat]
        return chips

    def stacks(self) -> dict[str, int]:
        """Each seated player's chips by player id (outside any hand not yet ended)."""
        return {s.player_id: s.chips for s in self._seats.values()}

    def __repr__(self) -> str:
        game = self.game
        stakes = "/".join(f"{b:,}" for b in game.blinds) or f"ante {game.ante:,}"
        seated = ", ".join(f"{n} {s.player} {s.chips:,}" for n, s in sorted(self._seats.items())) or "empty"
        hand = self._hand
        playing = f"; hand {self._hand_number} {'over' if hand.is_over else 'in play'}" if hand is not None else ""
        return f"<Table {game.variant} {game.structure} {stakes}, {self.size} seats: {seated}{playing}>"

    def verify(self) -> None:
        """Check the ledger against the seats (``LedgerError`` if a chip went astray)."""
        if self._hand is not None and not self._hand.is_over:
            raise IllegalAction("invalid_action", "the ledger balances between hands")
        self._ledger.verify(self.stacks())

    # ------------------------------------------------------------------ seats
    def sit(self, seat: int, player: str, chips: int, *, post: bool = False, player_id: str | None = None) -> Seat:
        """Seat a player with a buy-in. New players wait for the big blind, or post a live big
        blind to be dealt in at once (``post=True``), never between the small blind and the button.
        ``player`` is the display name (names may repeat); ``player_id`` says who the player is
        (a new id is made when it is not given), the key of the ledger and of the return rule."""
        self.end_hand()
        self._check_seat_number(seat)
        if seat in self._seats:
            raise IllegalAction("invalid_action", f"seat {seat} is taken")
        if not isinstance(player, str) or not player:
            raise IllegalAction("invalid_action", f"a player has a name, not {player!r}")
        if player_id is None:
            player_id = self._player_ids()
        if not isinstance(player_id, str) or not player_id:
            raise IllegalAction("invalid_action", f"a player id is a non-empty string, not {player_id!r}")
        if any(s.player_id == player_id for s in self._seats.values()):
            raise IllegalAction("invalid_action", f"player {player_id!r} is already seated")
        if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
            raise IllegalAction("invalid_action", "a buy-in is a whole, positive number of chips")
        if self.cash:
            self._check_buy_in(player_id, player, chips)
        owes = Owed(new_player=self.cash)
        taken = Seat(seat, player, chips, "waiting", owes, post or not self.cash, player_id)
        self._seats[seat] = taken
        self._departures.pop(player_id, None)
        self._book("buy_in", taken, chips, self._hand_number + 1)
        self._log("sit", seat, chips, rule=R_BUY_IN, note="posts to come in" if post else "waits for the big blind")
        return taken

    def move(self, seat: int, to: int) -> None:
        """The host moves a player to a free seat between hands, chips, status and the blinds
        they owe with them (a straddle or sleeper they declared for the next hand is dropped,
        being a bet of the seat they left). Not while any hand is in play."""
        self.end_hand()
        current = self._occupied(seat)
        self._check_seat_number(to)
        self._check_no_hand_pending()
        if to in self._seats:
            raise IllegalAction("invalid_action", f"seat {to} is taken")
        del self._seats[seat]
        self._seats[to] = replace(current, number=to)
        self._straddles = [p for p in self._straddles if p.seat != seat]
        self._sleepers = [p for p in self._sleepers if p.seat != seat]
        if self._rock == seat:
            self._rock = to
        self._log("move", to, who=self._seats[to], note=f"from seat {seat}")

    def rename(self, seat: int, name: str) -> None:
        """A seated player changes their display name (their id, and so their ledger, stay)."""
        self.end_hand()
        current = self._occupied(seat)
        if not isinstance(name, str) or not name:
            raise IllegalAction("invalid_action", f"a player has a name, not {name!r}")
        self._seats[seat] = replace(current, player=name)
        self._ledger.rename(current.player_id, name)
        self._log("rename", seat, note=f"was {current.player}")

    def leave(self, seat: int) -> int:
        """The player picks up their chips and leaves; returns the chips taken. Not while their
        hand is in play (WIKI_BIP Table stakes)."""
        self.end_hand()
        taken = self._occupied(seat)
        self._between_hands(seat, "leave the table")
        del self._seats[seat]
        if taken.chips:
            self._book("cash_out", taken, -taken.chips, self._hand_number)
        self._departures[taken.player_id] = (self.clock(), taken.chips)
        self._log("leave", seat, taken.chips, who=taken, rule=R_RATHOLE)
        self._drop_customs(seat, taken.player_id)
        return taken.chips

    def sit_out(self, seat: int) -> None:
        """From the next hand the player is away: not dealt in, and the blinds that pass the seat
        are owed on return (RROP11 Button & Blind Use; WIKI_BIP Posting)."""
        self.end_hand()
        current = self._occupied(seat)
        if not self.cash:
            message = "tournament players are dealt in whether present or not"
            raise IllegalAction("invalid_action", message, cite.AT_YOUR_SEAT)
        self._seats[seat] = replace(current, status="sitting_out")
        self._straddles = [p for p in self._straddles if p.seat != seat]
        self._log("sit_out", seat)

    def sit_in(self, seat: int, *, post: bool = False) -> None:
        """Back in play: a player who owes blinds posts them now (``post=True``) or waits for the
        big blind; one who owes nothing plays the next hand."""
        self.end_hand()
        current = self._occupied(seat)
        if current.busted:
            raise IllegalAction("invalid_action", "a player with no chips rebuys before playing again", R_REBUY_OWES)
        status: Status = "waiting" if current.owes.to_come_in else "playing"
        self._seats[seat] = replace(current, status=status, post=post)
        self._log("sit_in", seat, note="posts to come in" if post else "waits for the big blind")

    def top_up(self, seat: int, chips: int) -> None:
        """Add chips to a stack between hands, up to the maximum buy-in (WIKI_BIP Table stakes).
        Under open stakes (``table_stakes=False``) chips may be bought during a hand too."""
        self._buy_more(seat, chips, "top_up")

    def rebuy(self, seat: int, chips: int, *, post: bool = False) -> None:
        """Buy in again after losing every chip. Blinds missed while broke are still owed, posted
        now (``post=True``) or by waiting for the big blind (RROP11 Button & Blind Use)."""
        self._buy_more(seat, chips, "rebuy")
        current = self._seats[seat]
        if current.owes.to_come_in:
            self._seats[seat] = replace(current, status="waiting", post=post)

    def take_off(self, seat: int, chips: int) -> None:
        """Ratholing: taking part of a stack off the table is never allowed; a player who wants
        chips back leaves with all of them (WIKI_BIP Table stakes)."""
        self.end_hand()
        self._occupied(seat)
        reason: Reason = "chips_change_during_hand" if self._in_play(seat) else "invalid_action"
        raise IllegalAction(
            reason, f"{chips} chips cannot be taken off the table: leave with all of them", R_TABLE_STAKES
        )

    def marker(self, seat: int, chips: int, *, accepted_by: Iterable[int]) -> None:
        """Open stakes: bet with an IOU, when every other player in the pot accepts it (WIKI_BIP
        Open stakes)."""
        self.end_hand()
        current = self._occupied(seat)
        if self.house.table_stakes:
            raise IllegalAction("chips_change_during_hand", "markers are for open-stakes games", R_OPEN_STAKES)
        if not self._in_play(seat):
            raise IllegalAction("invalid_action", "a marker is given during a hand the player is in", R_OPEN_STAKES)
        assert self._hand is not None
        missing = set(self._hand.in_hand) - {seat} - set(accepted_by)
        if missing:
            raise IllegalAction(
                "invalid_action", f"seats {sorted(missing)} have not accepted the marker", R_OPEN_STAKES
            )
        self._add_to_hand(seat, chips)
        self._markers.append((current.player_id, chips, self._hand_number))
        self._seats[seat] = replace(current, chips=current.chips + chips)
        self._book("marker", current, chips, self._hand_number)
        self._log("marker", seat, chips, rule=R_OPEN_STAKES)

    # ------------------------------------------------------------------ straddles
    def straddle(self, seat: int, amount: int | None = None) -> Post:
        """Declare a straddle for the next hand: live from under the gun, a re-straddle from the
        next seat, or Mississippi where the house allows it (WIKI_BIP Straddle bets)."""
        self.end_hand()
        self._check_no_hand_pending()
        self._check_blind_game("straddle", R_STRADDLE)
        if self.options.kill is not None and self._kill.killer == self._occupied(seat).player_id:
            raise IllegalAction("invalid_action", "the killer's blind raise is the kill blind", R_KILL)
        plan = self.preview()       # the first button is drawn as the hand is dealt, not now:
        chain = self._rock_post(plan) + self._straddles      # a refused straddle changes nothing
        post = check_straddle(
            self._straddle_rules,
            plan,
            chain,
            seat,
            amount,
            big_blind=self.game.big_blind,
            chips=self._occupied(seat).chips,
            structure=self.game.structure,
        )
        self._straddles.append(post)
        self._log("straddle", seat, post.amount, rule=R_STRADDLE, note=post.kind)
        return post

    def sleeper(self, seat: int, amount: int | None = None) -> Post:
        """Declare a sleeper (a blind raise from another seat) for the next hand (WIKI_BIP Sleepers)."""
        self.end_hand()
        self._check_no_hand_pending()
        self._check_blind_game("sleeper", R_SLEEPER)
        plan = self.preview()       # as for a straddle: the first button is drawn at the deal
        post = check_sleeper(
            self._straddle_rules,
            plan,
            self._rock_post(plan) + self._straddles + self._sleepers,
            seat,
            amount,
            big_blind=self.game.big_blind,
            chips=self._occupied(seat).chips,
            structure=self.game.structure,
        )
        self._sleepers.append(post)
        self._log("sleeper", seat, post.amount, rule=R_STRADDLE)
        return post

    # ------------------------------------------------------------------ hands
    def set_game(self, game: Game) -> None:
        """Change the stakes or game from the next hand on (TDA 2024 R23: a new level applies to
        the next hand); a rotation of games ends."""
        self.end_hand()
        if not isinstance(game, Game):
            raise InvalidArgument(f"a table deals a Game, not {game!r}")
        self._rotation = None
        self._next_game = replace(game, house=self.house)
        stakes = f"{game.variant} {game.structure} blinds {game.blinds} ante {game.ante}"
        self._log("game", note=stakes, rule=cite.NEW_LEVEL)

    def set_buy_in(self, low: int, high: int | None) -> None:
        """The buy-in limits from now on (``sit``, ``top_up``, ``rebuy``): ``low`` to ``high``
        chips, ``None`` for no maximum (the house's ``buy_in``; ``ValueError`` when ``high`` is
        below ``low``). Stacks already above the new maximum stay as they are."""
        self.end_hand()
        if self._rotation is not None:
            raise IllegalAction("invalid_action", "the buy-in of a rotation of games is its games' own")
        house = replace(self.house, buy_in=(low, high))
        self._next_game = replace(self.game, house=house)
        self._log("buy_in_limits", chips=low, note="no maximum" if high is None else f"up to {high}")

    def rotate_games(self, rotation: Rotation | None, *, restart: bool = True) -> None:
        """Deal a rotation of games from the next hand on (a mixed game, or dealer's choice):
        each game of ``rotation`` for an orbit or its number of hands, at the table's house
        rules; ``None`` stops rotating (the game last dealt goes on). ``ValueError`` for a
        rotation with a game that deals fewer players than the table has seats.
        ``restart=False`` changes only the stakes of the rotation the table deals (the same
        games, ``Rotation.at_stakes``: a tournament's new level, TDA 2024 Rule 23, applies to
        the next hand): the table stays where it is in the rotation."""
        self.end_hand()
        current = self._rotation
        if not restart and rotation is not None and current is not None:
            if not isinstance(rotation, Rotation) or rotation.keys != current.rotation.keys:
                raise InvalidArgument("new stakes for a rotation keep its games: use Rotation.at_stakes")
            house = self._game.house
            games = tuple(g if g.house == house else replace(g, house=house) for g in rotation.games)
            self._rotation = replace(current, rotation=replace(current.rotation, games=games))
            self._log("rotation", note=f"new stakes: {rotation.games[0].small_bet or rotation.games[0].big_blind}",
                      rule=cite.NEW_LEVEL)
            return
        if rotation is None:
            if self._rotation is not None:
                self._next_game, self._rotation = None, None
                self._log("rotation", note="ends", rule=R_ORBIT)
            return
        if not isinstance(rotation, Rotation):
            raise InvalidArgument(f"a table rotates a Rotation, not {rotation!r}")
        if rotation.max_players < self.size:
            raise InvalidArgument(f"a table of {self.size} seats rotates only games dealing as many players")
        house = self._game.house
        games = tuple(g if g.house == house else replace(g, house=house) for g in rotation.games)
        self._rotation = RotationState(replace(rotation, games=games))
        self._next_game = None
        kind = "dealer's choice of" if rotation.dealers_choice else "rotation"
        self._log("rotation", note=f"{kind} {', '.join(rotation.keys)} per {rotation.per}", rule=R_ORBIT)

    def choose_game(self, seat: int, game: str) -> None:
        """Dealer's choice: the seat holding the choice names the next round's game, by its name
        on the list (``game_key``: ``"fixed_limit_razz"``...); it may change its mind until that
        round's first hand is dealt. Refused from another seat (``not_your_choice``) and for a
        game not on the list (``game_not_offered``)."""
        self.end_hand()
        rotation = self._rotation
        if rotation is None or not rotation.rotation.dealers_choice:
            raise IllegalAction("invalid_action", "this table is not dealing dealer's choice", R_CHOICE)
        self._occupied(seat)
        if seat != self.chooser:
            raise IllegalAction("not_your_choice", f"seat {self.chooser} names the next game", R_CHOICE)
        if not isinstance(game, str) or game not in rotation.rotation.keys:
            raise IllegalAction(
                "game_not_offered", f"the games to choose from are {', '.join(rotation.rotation.keys)}", R_CHOICE
            )
        self._rotation = replace(rotation.choose(game), chooser=seat)
        self._log("choose_game", seat, note=game, rule=R_CHOICE)

    @property
    def bomb_pot(self) -> tuple[int, int] | None:
        """(ante, boards) when the hand dealt last (in play or over) is a bomb pot; else
        ``None`` (``next_bomb_pot`` says the same of the next hand)."""
        hand = self._hand
        if hand is None or not hand.bomb_pot:
            return None
        return hand.bomb_pot, len(hand.boards)

    @property
    def next_bomb_pot(self) -> tuple[int, int] | None:
        """(ante, boards) when the next hand is a bomb pot: called by the host (or by the button's
        hand under the table's rule), or the table's rule for every N hands; else ``None``."""
        if self._bomb_called is not None:
            return self._bomb_called
        rule = self._bomb_rule
        if rule is not None and rule[2] is not None and (self._hand_number + 1) % rule[2] == 0:
            return rule[0], rule[1]
        return None

    @property
    def bomb_rule(self) -> tuple[int, int, int | None, tuple[str, ...]] | None:
        """The table's rule for bomb pots, ``(ante, boards, every, hands)`` (``bomb_pots``), or
        ``None``: ``every`` ``None`` when only the button's hand calls one."""
        rule = self._bomb_rule
        return None if rule is None else (*rule, self._bomb_hands)

    def call_bomb_pot(self, ante: int, *, boards: int = 1) -> None:
        """The host calls a bomb pot for the next hand: every player dealt in antes ``ante``, no
        blinds or straddles, no betting before the flop; ``boards=2`` for a double board
        (``Hand(bomb_pot=...)``). The button and the blinds' rotation move on as after any hand
        (``preview()`` shows the seats dealt in and the button; its blinds are not posted), and a
        player waiting to come in who is dealt in comes in by the ante. Refused (``invalid_action``)
        in a game without a flop or with an ante that is no chips."""
        self.end_hand()
        self._bomb_called = self._check_bomb(ante, boards)
        self._log("bomb_pot_called", chips=ante, note=f"{boards} board{'s' if boards > 1 else ''}", rule=R_BOMB)

    def bomb_pots(
        self, every: int | None, ante: int = 0, *, boards: int = 1, hands: str | Iterable[str] | None = None
    ) -> None:
        """A table rule: every ``every``-th hand (hand numbers ``every``, 2 x ``every``...) is a
        bomb pot of ``ante`` (and ``boards``); with ``hands`` (``"72o, AA"``: hold'em's starting
        hands, ``pokerfloor.table.bombs``), so is the hand after one where the player on the button was dealt
        one of them, announced when that hand ends (``bomb_pot_triggered``): the table learns
        that the button held one of them, even folded. ``every`` ``None`` with ``hands``: the
        button's hand alone; ``bomb_pots(None)`` ends the rule. ``hands`` are for two-card
        hold'em games (``InvalidArgument`` otherwise, or for a hand not written so)."""
        self.end_hand()
        if every is None and hands is None:
            self._bomb_rule, self._bomb_hands = None, ()
            self._log("bomb_pot_rule", note="ends", rule=R_BOMB)
            return
        if every is not None and (isinstance(every, bool) or not isinstance(every, int) or every < 1):
            raise IllegalAction("invalid_action", f"a bomb pot comes every so many hands, at least 1, not {every!r}")
        chosen = () if hands is None else bombs.parse_hands(hands, self.game)
        self._bomb_rule, self._bomb_hands = (*self._check_bomb(ante, boards), every), chosen
        when = [f"every {every} hands"] if every is not None else []
        when += [f"when the button is dealt {', '.join(chosen)}"] if chosen else []
        self._log("bomb_pot_rule", chips=ante, note=' and '.join(when) + (", double board" if boards > 1 else ""),
                  rule=R_BOMB)

    def _bomb_triggered(self, hand: Hand) -> None:
        """At a hand's end: the player on the button was dealt one of the rule's hands, so the
        next hand is a bomb pot (unless the host has called one already)."""
        rule, button = self._bomb_rule, hand.button_seat
        if rule is None or not self._bomb_hands or not bombs.trigger_game(hand.game) or button not in hand.seats:
            return
        if self._bomb_called is None and bombs.dealt_one_of(self._bomb_hands, hand.holes[button]):
            self._bomb_called = rule[0], rule[1]
            self._log("bomb_pot_triggered", button, rule[0], rule=R_BOMB,
                      note=f"dealt one of {', '.join(self._bomb_hands)}")

    def _check_bomb(self, ante: int, boards: int) -> tuple[int, int]:
        """A bomb pot the table can deal: the game's, and one deck for every seat of the table."""
        try:
            checked = bomb.check_bomb_pot(self.game, ante, boards)
        except ValueError as wrong:
            raise IllegalAction("invalid_action", str(wrong), R_BOMB) from None
        problem = bomb.deck_problem(self.game, self.size, checked[1])
        if problem:
            raise IllegalAction("invalid_action", f"{problem}, and the table has {self.size} seats", R_BOMB)
        if not checked[0]:
            raise IllegalAction("invalid_action", "a bomb pot's ante is at least one chip", R_BOMB)
        return checked

    def preview(self) -> BlindPlan:
        """The next hand's button, blinds, seats dealt in and posts, as things stand now (a hand
        not yet ended counts as ended). Reading it changes nothing: before the first hand, the
        draw for the button is done on a copy of the table's randomness, as dealing will do it."""
        return self._next_plan(draw=False)

    def _plan_next(self) -> BlindPlan:
        """The next hand's plan, the first button drawn for real if it is due."""
        return self._next_plan(draw=True)

    def _next_plan(self, *, draw: bool) -> BlindPlan:
        game = self.game
        seats = {n: s.for_blinds() for n, s in self._settled_seats().items()}
        first = None
        if self._positions is None:
            first = self._first_button if self._first_button is not None else self._draw_for_button(seats, draw)
        previous = self._positions
        rule = game.house.mixed_stud_button
        if game.variant_spec.family == "stud":
            if self._frozen_stud(game):
                frozen = None
                if previous is not None and self._game.variant_spec.family != "stud":
                    frozen = self._blind_plan(self._game, seats, previous, None).button_seat
                return frozen_stud_plan(seats, previous, first, frozen, keep_owed=self._keeps_owed(game))
            return rotate_button(seats, previous, first, keep_owed=self._keeps_owed(game))
        if not game.blinds:  # an ante-only game (Kuhn poker, Leduc hold'em): the button moves on
            return rotate_button(seats, previous, first, keep_owed=False)
        if previous is not None and self._game.variant_spec.family == "stud":
            previous, resumed = resumed_positions(rule, previous, self._blind_positions, seats)
            first = resumed if first is None else first
        return self._blind_plan(game, seats, previous, first)

    def _mixed(self) -> bool:
        """Whether the table has dealt, or rotates to, a game with blinds."""
        return self._blind_positions is not None or (
            self._rotation is not None and any(g.variant_spec.family != "stud" for g in self._rotation.rotation.games)
        )

    def _frozen_stud(self, game: Game) -> bool:
        """Whether a hand of ``game`` is a stud hand of a mixed game whose button is frozen (TDA
        2024 Rule 11-B)."""
        return self._mixed() and game.variant_spec.family == "stud" and game.house.mixed_stud_button == "frozen"

    def would_be_blinds(self) -> tuple[int, int] | None:
        """While the button is frozen for the stud hands of a mix (TDA 2024 Rule 11-B), the seats
        a hand with blinds would take its small and big blind from now, by the table's button
        rule from the last hand with blinds, the players present now (the dead button in
        tournaments, Rule 32: the big blind goes to the next player after the last, the small
        blind may be dead): "the player moved in stud is the player who would be big blind if
        the game were hold'em for that hand", and the blinds the table takes when hold'em comes
        back. ``None`` when the next hand is not such a stud hand."""
        rotation, last = self._rotation, self._blind_positions
        if rotation is None or last is None or not self._frozen_stud(self.game):
            return None
        blinds = next((g for g in rotation.rotation.games if g.blinds), None)
        seats = {n: s.for_blinds() for n, s in self._settled_seats().items()}
        if blinds is None or sum(s.status != "sitting_out" for s in seats.values()) < 2:
            return None
        positions = self._blind_plan(blinds, seats, last, None).positions
        return positions.small_blind, positions.big_blind

    def _keeps_owed(self, game: Game) -> bool:
        """Whether a stud hand of a mixed game leaves the blinds its players owe owed (house rule
        ``owed_blinds_in_stud``, default ``"kept"``: RROP11 and WIKI_BIP Posting clear a debt of
        blinds only by posting them or by the big blind reaching the seat)."""
        return self._mixed() and game.house.owed_blinds_in_stud == "kept"

    def _blind_plan(
        self, game: Game, seats: Mapping[int, SeatState], previous: Positions | None, first: int | None
    ) -> BlindPlan:
        """The plan of a hand of ``game`` (a game with blinds) after ``previous``."""
        return place_blinds(
            seats,
            self.size,
            previous,
            blinds=game.blinds,
            rule=game.house.button_rule,
            heads_up_transition=game.house.heads_up_transition,
            first_button=first,
            first_blind_on_button=game.first_blind_on_button,
            waiting_small_blind=game.house.waiting_small_blind,
        )

    def start_hand(
        self,
        *,
        holes: Mapping[int, CardsLike] | None = None,
        board: CardsLike | None = None,
        dealing: str = "auto",
        rng: random.Random | None = None,
        auto_muck: bool = True,
        wait_for_runout: bool = False,
    ) -> Hand:
        """Deal the next hand (``NotEnoughPlayers`` if fewer than two can play), ending the last
        one first if it is over. ``rng`` shuffles this hand's deck instead of the table's (a
        per-hand seed makes the deal verifiable). ``auto_muck=False``: at the showdown each
        seat whose hand cannot win shows or mucks (``act(seat, "show" | "muck")``; TDA 2024
        R16-R18). ``wait_for_runout`` stops before an all-in run-out, for the players to run it
        twice (``act(seat, "run_it", to=n)`` or ``run_out``)."""
        self.end_hand()
        self._check_no_hand_pending()
        plan = self._plan_next()
        game = self.game
        bombed = self.next_bomb_pot
        if bombed is not None and (game.variant_spec.family != "flop" or bombed[0] % game.min_chip):
            self._log("bomb_pot_lapses", chips=bombed[0], note=f"{game.variant} takes no bomb pot", rule=R_BOMB)
            bombed = None           # the game changed since the bomb pot was called
        elif bombed is not None and bomb.deck_problem(game, len(plan.dealt), bombed[1]):
            self._log("bomb_pot_lapses", chips=bombed[0], note=bomb.deck_problem(game, len(plan.dealt), bombed[1]),
                      rule=R_BOMB)
            bombed = None           # the game changed to one whose deck cannot deal it
        chain, void = self._valid_straddles(plan)
        extra = chain + [p for p in self._sleepers if p.seat in plan.dealt and all(p.seat != c.seat for c in chain)]
        kill = self._kill_post(plan, extra) if bombed is None else []
        # The killer's own blind goes to the hand too, which drops it (the kill blind includes
        # it): a blind was placed, so the hand adds none of the game's (RROP11 Kill Pots).
        given = list(plan.posts) + extra + kill
        killed = {p.seat for p in kill}
        posts = [p for p in given if p.seat not in killed or p.kind not in ("sb", "bb", "button_blind")]
        if bombed is not None:
            void += [(p, IllegalAction("invalid_action", "no straddles in a bomb pot", R_BOMB)) for p in extra]
            posts, given = [], []
        stacks = {seat: self._seats[seat].chips for seat in plan.dealt}
        deck_rng = rng if rng is not None else self._rng
        start_rng = rec.snapshot(deck_rng)
        seed = self._own_rng.getrandbits(8 * SEED_BYTES) if deck_rng is None else None  # type: ignore[attr-defined]
        ante, boards = (0, 1) if bombed is None else bombed
        hand = Hand(game, stacks, plan.button_seat, rng=deck_rng, seed=seed, posts=given,
                    holes=holes, board=board, dealing=dealing, auto_muck=auto_muck, wait_for_runout=wait_for_runout,
                    bomb_pot=ante, boards=boards)
        self._bomb_called = None
        self._hand_rng, self._hand_shares_rng = start_rng, deck_rng is not None and deck_rng is self._rng
        self._game, self._next_game = game, None
        self._hand_number += 1
        self._hand, self._collected, self._synced = hand, False, 0
        self._positions, self._plan = plan.positions, plan
        if game.variant_spec.family != "stud":
            self._blind_positions = plan.positions
        self._dealt = {seat: self._seats[seat] for seat in plan.dealt}
        for seat, owed in plan.owes.items():
            current = self._seats[seat]
            # A seat dealt a stud hand while it owes blinds to come in still waits for them.
            status = "playing" if seat in plan.dealt and not owed.to_come_in else current.status
            self._seats[seat] = replace(current, owes=owed, status=status)
        self._straddles, self._sleepers = [], []
        self._log("hand_started", hand=self._hand_number, note=f"{game.variant} {game.structure}")
        self._rotate(plan)
        for post, refused in void:
            self._log("straddle_void", post.seat, post.amount, rule=refused.rule, note=refused.message)
        if not game.big_blind and self._kill != NEUTRAL:
            # A kill is an overblind: a hand without blinds takes none, and it is a new game
            # (RROP11 Kill Pots item 1(a)), so the kill button goes neutral.
            owner = self.seat_of(self._kill.killer or self._kill.holder or "")
            self._log("kill_void", owner, rule=cite.KILL_NO_BLINDS, note=f"{game.variant} has no blinds")
            self._kill = NEUTRAL
        elif self._kill.killer is not None and not kill and bombed is None:
            self._log("kill_void", self.seat_of(self._kill.killer), rule=R_KILL, note="the killer is not dealt in")
            self._kill = NEUTRAL
        self._log_plan(plan, posts)
        return hand

    def misdeal(self) -> Hand:
        """A misdeal declared (TDA 2024 Rule 35: a card to the wrong seat, exposed downcards...):
        the hand in play is void, every chip goes back, and it is re-dealt from a new shuffle as
        an exact re-play (35-C): the button does not move, nobody new is seated, the limits stay
        the same, the same seats post the same forced bets; it is the same hand (its number
        stays). Refused (``invalid_action``) once substantial action has occurred (35-D, Rule
        36: two actions in turn of which one puts chips in, or three actions), when no hand is
        in play, or when chips were bought during the hand. Returns the new hand."""
        hand = self._hand
        if hand is None or hand.is_over or self._collected:
            raise IllegalAction("invalid_action", "no hand is in play to declare a misdeal in", cite.MISDEAL)
        self._sync()
        if substantial_action(hand):
            raise IllegalAction(
                "invalid_action", "substantial action has occurred: the hand must proceed", cite.SUBSTANTIAL_ACTION
            )
        record = hand.record()
        if dict(record.stacks) != hand.starting_stacks:
            raise IllegalAction("invalid_action", "chips were bought during this hand: it cannot be re-dealt as it was")
        deck_rng = self._rng
        seed = self._own_rng.getrandbits(8 * SEED_BYTES) if deck_rng is None else None  # type: ignore[attr-defined]
        start_rng = rec.snapshot(deck_rng)
        again = Hand(record.game, dict(record.stacks), record.button, rng=deck_rng, seed=seed, posts=record.posts,
                     dealing=record.dealing, auto_muck=record.auto_muck, wait_for_runout=record.wait_for_runout,
                     bomb_pot=record.bomb_pot, boards=record.boards)
        self._log("misdeal", note="the hand is void and re-dealt: the same button, players and limits",
                  rule=cite.MISDEAL, hand=self._hand_number)
        self._hand, self._synced = again, 0
        self._hand_rng, self._hand_shares_rng = start_rng, deck_rng is not None
        self._sync()
        return again

    def _rotate(self, plan: BlindPlan) -> None:
        """A hand of the rotation dealt: a new round of a game begins, or one more hand of it."""
        rotation = self._rotation
        if rotation is None:
            return
        turn = rotation.turns
        frozen = self._frozen_stud(self._game)
        self._rotation = rotation = rotation.after_deal(
            plan.dealt, plan.button_seat, sorted(self._seats), frozen=frozen
        )
        if rotation.turns != turn:
            game = game_key(rotation.game)
            self._log("game_round", plan.button_seat, rotation.length, note=game, rule=R_ORBIT, hand=self._hand_number)
            if self._game.variant_spec.family == "stud" and self._blind_positions is not None:
                self._log("button_frozen" if self.house.mixed_stud_button == "frozen" else "button_moves",
                          plan.button_seat, rule=R_STUD_BUTTON, hand=self._hand_number)
            if rotation.chooser is not None:
                self._log("chooser", rotation.chooser, rule=R_CHOICE, hand=self._hand_number)

    def act(
        self,
        seat: int | None,
        action: str,
        to: int | None = None,
        *,
        cards: CardsLike | Sequence[Card | None] | None = None,
    ) -> Event:
        """Play the table's current hand: the one way a server plays it for a seat. ``action``
        is one of the hand's actions (``fold``, ``check``, ``call``, ``bet``, ``raise``...,
        ``draw`` with its discards in ``cards``), or ``show`` (``cards``, or every card), ``muck``,
        ``deal`` (``cards`` to ``seat``, or the board when ``seat`` is ``None``) when the hand
        is dealt by hand, or ``run_it`` (``to`` runs; 1 deals the board once) when the hand
        waits for its run-out. Refused with ``invalid_action`` when no hand is in play (a finished
        hand still takes a ``show``); the hand's own rulings otherwise. Returns the hand's event;
        a hand this ends still waits for ``end_hand()``."""
        hand = self._hand
        if hand is None or (hand.is_over and action != "show"):
            raise IllegalAction("invalid_action", "no hand is in play")
        self._sync()
        if action == "show":
            if seat is None:
                raise IllegalAction("invalid_action", "a seat shows its cards")
            event = hand.show(seat, cards)
        elif action == "muck":
            event = hand.muck(seat)
        elif action == "deal":
            if cards is None:
                raise IllegalAction("invalid_action", "a deal by hand names its cards")
            event = hand.deal(cards, seat)
        elif action == "run_it":
            event = hand.run_out() if to == 1 else hand.run_it(to)
        else:
            event = hand.act(seat, action, to, cards)
        self._sync()
        return event

    def kill(self, seat: int) -> Event:
        """Kill the hand of ``seat`` in the hand in play, at once, whether or not it is its turn
        (``Hand.kill``: a dead hand, TDA 2024 Rules 30 and 31): what the host's "remove player"
        does to a player in the hand, who then leaves once the hand has ended. Refused with
        ``invalid_action`` when no hand is in play; the hand's own refusals otherwise (the seat
        not dealt in, folded, all in, or no more betting to come). Returns the hand's event; a
        hand this ends still waits for ``end_hand()``."""
        hand = self._hand
        if hand is None or hand.is_over:
            raise IllegalAction("invalid_action", "no hand is in play")
        self._sync()
        event = hand.kill(seat)
        self._sync()
        return event

    def end_hand(self) -> bool:
        """The explicit end of a finished hand: its chips go back to the seats and into the
        ledger, busted players are marked (eliminated in a tournament), the straddle token and
        the kill button move, and ``hand_ended`` closes the hand's events. Returns whether a
        hand was ended now (``False`` when none is over, or it was already ended)."""
        self._sync()
        hand = self._hand
        if hand is None or self._collected or not hand.is_over:
            return False
        result = hand.result
        assert result is not None
        self._collected = True
        number = self._hand_number
        for seat, dealt in self._dealt.items():
            self._seats[seat] = replace(self._seats[seat], chips=result.stacks[seat])
            self._book("hand", dealt, result.net[seat], number)
        winners = sorted(s for s, chips in result.awards[0].winners.items() if chips > 0) if result.awards else []
        for seat in winners:
            self._log("wins", seat, result.winnings.get(seat, 0), hand=number)
        if self._straddle_rules.mandatory and winners:
            self._rock = pass_rock(self._rock, winners, hand.button_seat)
            self._log("rock", self._rock, rule=R_ROCK, hand=number + 1)
        if self.options.kill is not None and hand.game.big_blind:
            self._kill_after(hand, winners)     # a hand without blinds leaves the kill button neutral
        self._bust(hand)
        self._bomb_triggered(hand)
        self._log("hand_ended", hand=number)
        self._forget_before(number + 1 - self._keep_hands)
        return True

    # ------------------------------------------------------------------ a hand played elsewhere
    def hand_as_dealt(self) -> tuple[HandRecord, dict[str, Any] | None]:
        """The hand in play as it was dealt, for it to be played elsewhere: its record without
        the inputs (``HandRecord``) and its deck's randomness at its start (``record.rng_json``;
        ``None`` when the record's seed deals it). ``invalid_action`` when no hand is in play."""
        hand = self._hand
        if hand is None or self._collected:
            raise IllegalAction("invalid_action", "no hand is in play")
        record = hand.record()
        return replace(record, inputs=()), None if record.seed is not None else rec.rng_json(self._hand_rng)

    def finish_from(self, record: HandRecord) -> None:
        """The hand in play, played elsewhere to its end (from ``hand_as_dealt``): replaced by
        the same hand played to ``record``'s inputs, its deck going on as the table's. Refused
        (``InvalidArgument``, the table unchanged) unless ``record`` starts as the hand in play
        (the same game, stacks, button, posts and deck), deals the same cards, and is over."""
        hand = self._hand
        if hand is None or self._collected or hand.is_over or not isinstance(record, HandRecord):
            raise InvalidArgument("a hand played elsewhere ends the table's hand in play, not yet over")
        mine = hand.record()
        start = rec.snapshot(self._hand_rng) if record.seed is None else None
        if any(getattr(record, name) != getattr(mine, name) for name in _DEALT) or (
                record.seed is None and start is None):
            raise InvalidArgument("that hand is not the table's hand in play as dealt")
        try:
            played = Hand.from_record(record if start is None else replace(record, dealt=()), rng=start)
        except rec.READ_ERRORS as wrong:
            raise InvalidArgument(f"that hand cannot be played as recorded: {wrong}") from None
        if not played.is_over or played.record().dealt != record.dealt:
            raise InvalidArgument("that hand is not over, or not dealt the cards the table deals")
        self._sync()
        self._hand = played
        if self._hand_shares_rng and start is not None:
            self._rng = start           # the table's deck goes on from where the hand left it
        self._sync()

    # ------------------------------------------------------------------ records
    def record(self) -> TableRecord:
        """The table as one typed value (a ``TableRecord``, whose ``to_json`` is its versioned
        JSON): its configuration and house rules, the
        seats with player ids and names, stacks and blinds owed, the button, the customs, the
        ledger and events in memory, the state of its randomness, and the last hand's
        ``HandRecord`` while it is in progress or not yet ended. ``Table.from_record`` rebuilds
        the table, which then goes on identically. A record is the dealer's copy: it holds every
        card dealt and the state of the table's randomness, so it stays on the server."""
        hand, clock = self._hand, self.clock
        return TableRecord(
            format=rec.TABLE_RECORD_FORMAT,
            version=rec.TABLE_RECORD_VERSION,
            game=self._game,
            next_game=self._next_game,
            size=self.size,
            options=self.options,
            cash=self.cash,
            keep_hands=self._keep_hands,
            first_button=self._first_button,
            clock=clock.now if isinstance(clock, ManualClock) else None,
            rng=rec.rng_json(self._rng),
            own_rng=None if self._rng is not None else rec.rng_json(self._own_rng),
            seats=tuple(self._seats.values()),
            positions=self._positions,
            plan=None if self._plan is None else rec.PlanRecord.of(self._plan),
            hand_number=self._hand_number,
            hand=None if hand is None else rec.HandPart(
                hand.record(), rec.rng_json(self._hand_rng), self._hand_shares_rng, self._collected, self._synced,
                tuple(self._dealt.values())),
            seq=self._seq,
            events=tuple(self._events),
            ledger=rec.LedgerRecord.of(self._ledger),
            departures=tuple((who, when, chips) for who, (when, chips) in self._departures.items()),
            straddles=tuple(self._straddles),
            sleepers=tuple(self._sleepers),
            rock=self._rock,
            kill=self._kill,
            last_busts=tuple(self._last_busts),
            markers=tuple(self._markers),
            rotation=self._rotation,
            blind_positions=self._blind_positions,
            bomb_called=self._bomb_called,
            bomb_rule=self._bomb_rule,
            bomb_hands=tuple(self._bomb_hands),
        )

    @classmethod
    def from_record(
        cls,
        record: TableRecord | Mapping[str, Any] | str | bytes,
        *,
        clock: Callable[[], float] | None = None,
        rng: random.Random | None = None,
        sink: Callable[[TableEvent | Entry], None] | str | Path | None = None,
        player_ids: Callable[[], str] | None = None,
    ) -> Table:
        """The table a ``TableRecord`` (or its JSON) describes, going on from where it was: its
        hand in progress replayed input by input, its randomness in the same state. ``clock``
        (a ``ManualClock`` at the recorded time by default), ``sink`` and ``player_ids`` are not
        in a record; ``rng`` stands in for randomness that could not be saved (the operating
        system's). ``RecordError`` (a ``ValueError``) if the record is not a table record this
        library reads, or is one that could not go on (``record.check_fields``, ``check_table``)."""
        if isinstance(record, str | bytes):
            data = TableRecord.from_json(record)
        elif isinstance(record, Mapping):
            data = TableRecord.from_dict(record)
        elif isinstance(record, TableRecord):       # read again whole: a value made by hand is checked too
            data = TableRecord.from_dict(record.to_dict())
        else:
            raise rec.RecordError(f"a table is rebuilt from a TableRecord, not {type(record).__name__}")
        try:
            table = cls(
                data.game,
                data.size,
                options=data.options,
                clock=clock if clock is not None else ManualClock(data.clock or 0.0),
                button=data.first_button,
                cash=data.cash,
                keep_hands=data.keep_hands,
                sink=sink,
                player_ids=player_ids,
            )
            table._restore(data, rng)
        except rec.READ_ERRORS as wrong:
            raise rec.refusal("a table record", wrong) from None
        hand = table.hand
        rec.check_table(data, table.ledger, table.stacks(), None if hand is None else hand.seats)
        rec.check_bomb(table.game, table.size, data.bomb_called, "bomb_called")
        rec.check_bomb(table.game, table.size, data.bomb_rule, "bomb_rule")
        if hand is not None and not table._collected:
            rec.check_hand_chips(table._seats, table._dealt, hand.starting_stacks)
        return table

    def _restore(self, data: TableRecord, rng: random.Random | None) -> None:
        """Take on the state ``record()`` wrote (``from_record``)."""
        self._next_game = data.next_game
        self._rng = rec.rng_from(data.rng) or rng
        self._seats = {seat.number: seat for seat in data.seats}
        self._positions = data.positions
        self._plan = None if data.plan is None else data.plan.plan()
        self._hand_number = data.hand_number
        self._seq = data.seq
        self._events = deque(data.events)
        self._ledger = data.ledger.ledger(self._sink)
        self._departures = {who: (when, chips) for who, when, chips in data.departures}
        self._straddles = list(data.straddles)
        self._sleepers = list(data.sleepers)
        self._rock = data.rock
        self._kill = data.kill
        self._last_busts = data.last_busts
        self._markers = list(data.markers)
        self._rotation = data.rotation
        self._blind_positions = data.blind_positions
        self._bomb_called = data.bomb_called
        self._bomb_rule = data.bomb_rule
        self._bomb_hands = data.bomb_hands
        if data.hand is not None:
            self._restore_hand(data.hand)
        own_rng = rec.rng_from(data.own_rng)
        self._own_rng = self._rng if self._rng is not None else own_rng or SeededShuffler()

    def _restore_hand(self, data: rec.HandPart) -> None:
        """Replay the last hand: from its seed, or from the state its deck started in (its
        cards dealt again by the same draws), else from its recorded cards."""
        record = data.record
        start = rec.rng_from(data.rng)
        shares, ended = data.shares_table_rng, data.ended
        if record.seed is not None:
            hand = Hand.from_record(record)
        elif start is not None:
            hand = Hand.from_record(replace(record, dealt=()), rng=start)
            if shares and not ended:
                self._rng = start
        else:
            hand = Hand.from_record(record, rng=self._rng if shares else None)
        self._hand, self._collected, self._synced = hand, ended, data.synced
        self._hand_rng, self._hand_shares_rng = rec.rng_from(data.rng), shares
        self._dealt = {seat.number: seat for seat in data.dealt}

    # ------------------------------------------------------------------ the event stream
    def _pending_hand_events(self) -> list[Event]:
        """The last hand's events not yet in the stream (played since the table last looked)."""
        hand = self._hand
        return [] if hand is None else hand.events[self._synced :]

    def _pending(self) -> tuple[TableEvent, ...]:
        """Those events as the stream will number them."""
        events = self._pending_hand_events()
        if not events:
            return ()
        now = self.clock()
        return tuple(self._hand_event(self._seq + k, event, now) for k, event in enumerate(events, start=1))

    def _hand_event(self, seq: int, event: Event, now: float) -> TableEvent:
        who = self._dealt.get(event.seat) if event.seat is not None else None
        return TableEvent(
            seq,
            self._hand_number,
            HAND_EVENT,
            event.seat,
            "" if who is None else who.player,
            event.amount or 0,
            note=event.note,
            time=now,
            player_id="" if who is None else who.player_id,
            event=event,
        )

    def _sync(self) -> None:
        """Number the hand's new events into the stream."""
        pending = self._pending()
        self._events.extend(pending)
        self._seq += len(pending)
        self._synced += len(pending)

    def _forget_before(self, hand: int) -> None:
        """Events and ledger entries of hands before ``hand`` leave memory for the sink."""
        events = self._events
        while events and events[0].hand < hand:
            event = events.popleft()
            if self._sink is not None:
                self._sink(event)
        self._ledger.forget_before(hand)

    # ------------------------------------------------------------------ the rules behind them
    def _check_seat_number(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self.size:
            raise IllegalAction("invalid_action", f"seats are numbered 1 to {self.size}")

    def _occupied(self, seat: int) -> Seat:
        self._check_seat_number(seat)
        if seat not in self._seats:
            raise IllegalAction("invalid_action", f"seat {seat} is empty")
        return self._seats[seat]

    def _settled_seats(self) -> dict[int, Seat]:
        """The seats as they stand once a finished hand not yet ended is (its final stacks, its
        eliminated players gone), without ending it."""
        hand = self._hand
        if hand is None or self._collected or hand.result is None:
            return self._seats
        final = hand.result.stacks
        seats = {n: replace(s, chips=final[n]) if n in self._dealt else s for n, s in self._seats.items()}
        return seats if self.cash else {n: s for n, s in seats.items() if s.chips or n not in self._dealt}

    def _in_play(self, seat: int) -> bool:
        """Whether the seat is dealt into a hand that is not over."""
        return self._hand is not None and not self._hand.is_over and seat in self._dealt

    def _between_hands(self, seat: int, what: str) -> None:
        if self._in_play(seat):
            raise IllegalAction(
                "chips_change_during_hand", f"a player cannot {what} during a hand they are in", R_TABLE_STAKES
            )

    def _check_no_hand_pending(self) -> None:
        if self._hand is not None and not self._hand.is_over:
            raise IllegalAction("invalid_action", "the hand in play is not over")

    def _taken_within_window(self, player_id: str) -> int | None:
        """The chips the player left with, when they left within the rathole window; else None."""
        left = self._departures.get(player_id)
        window = 60.0 * self.house.rathole_window_minutes
        return left[1] if left is not None and self.clock() - left[0] < window else None

    def buy_in_range(self, player_id: str | None = None) -> tuple[int, int | None]:
        """The buy-in ``sit`` takes now from ``player_id`` (a new player when not given), as
        ``(minimum, maximum)``, ``None`` for no maximum. A player back within the rathole window
        brings at least the chips they left with, and the maximum is waived up to it (GENRULES,
        the return rule, seed 002; WIKI_BIP Table stakes); ``sit`` refuses a smaller buy-in with
        ``must_return_with_amount_taken``."""
        low, high = buy_in_limits(self.game)
        taken = None if player_id is None else self._taken_within_window(player_id)
        if taken is None:
            return low, high
        return max(low, taken), None if high is None else max(high, taken)

    def _check_buy_in(self, player_id: str, player: str, chips: int) -> None:
        """Buy-in limits, and the return rule: back within the window, a player brings at least
        what they left with, and the maximum is waived only for one who left with more than it,
        up to what they took ("com mais que o máximo": GENRULES, seed 002)."""
        low, high = self.buy_in_range(player_id)
        taken = self._taken_within_window(player_id)
        if taken is not None and chips < taken:
            raise IllegalAction(
                "must_return_with_amount_taken",
                f"back within {self.house.rathole_window_minutes} minutes, {player} buys in for at least "
                f"the {taken} chips they left with",
                R_RATHOLE,
            )
        if chips < low:
            raise IllegalAction("below_min_buy_in", f"the minimum buy-in is {low}", R_BUY_IN)
        if high is not None and chips > high:
            raise IllegalAction("above_max_buy_in", f"the maximum buy-in is {high}", R_BUY_IN)

    def _buy_more(self, seat: int, chips: int, kind: EntryKind) -> None:
        self.end_hand()
        current = self._occupied(seat)
        if not self.cash:
            raise IllegalAction("invalid_action", "this tournament table takes no rebuys", cite.NO_REBUYS)
        if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
            raise IllegalAction("invalid_action", "chips bought are a whole, positive number")
        stack = self.stack(seat)
        low, high = buy_in_limits(self.game)
        if kind == "rebuy" and stack:
            raise IllegalAction("invalid_action", "a rebuy follows losing every chip; add chips with a top-up")
        if kind == "top_up" and not stack:
            raise IllegalAction("invalid_action", "a player with no chips rebuys", R_BUY_IN)
        if kind == "rebuy" and chips < low:
            raise IllegalAction("below_min_buy_in", f"the minimum buy-in is {low}", R_BUY_IN)
        in_play = self._in_play(seat)
        if in_play and self.house.table_stakes:
            self._between_hands(seat, "add chips")
        if high is not None and self.house.table_stakes and stack + chips > high:
            raise IllegalAction("above_max_buy_in", f"a stack can be topped up to {high} at most", R_BUY_IN)
        if in_play:
            self._add_to_hand(seat, chips)
        self._seats[seat] = replace(current, chips=current.chips + chips)
        self._book(kind, current, chips, self._hand_number if in_play else self._hand_number + 1)
        self._log(kind, seat, chips, rule=R_OPEN_STAKES if in_play else R_BUY_IN)

    def _add_to_hand(self, seat: int, chips: int) -> None:
        """Chips bought in the middle of a hand (open stakes) go into that hand's stack."""
        assert self._hand is not None
        self._hand.add_chips(seat, chips)

    def _draw_for_button(self, seats: Mapping[int, object], draw: bool) -> int | None:
        """High card by suit draws for the first button (RROP11): for real when ``draw``, else
        on a copy of the randomness (a preview), which draws the same cards."""
        if self._positions is not None or len(seats) < 2:
            return None
        deck = Deck(self._own_rng if draw else copy.deepcopy(self._own_rng), cards=FULL_DECK)
        cards = {seat: deck.deal(1)[0] for seat in sorted(seats)}
        button = max(cards, key=lambda s: cards[s])
        if draw:
            self._first_button = button
            self._log("draw_for_button", button, rule=R_DRAW)
        return button

    def _check_blind_game(self, what: str, rule: str) -> None:
        """A straddle or sleeper is a blind raise: refused (``not_a_blind_game``) when the next
        hand is of a game without blinds (stud's antes and bring-in; WIKI_BIP Straddle bets)."""
        if not self.game.big_blind:
            raise IllegalAction("not_a_blind_game", f"{self.game.variant} has no blinds: no {what}", rule)

    @property
    def _straddle_rules(self) -> Straddles:
        """No straddles in tournaments (WIKI_BIP Straddle bets) or in games without blinds."""
        if not self.cash or self.game.variant_spec.family == "stud":
            return NO_STRADDLES
        return self.options.straddles

    def _rock_post(self, plan: BlindPlan) -> list[Post]:
        """The rock's holder straddles twice the big blind when under the gun."""
        rock = self._rock
        if not self._straddle_rules.mandatory or rock is None or len(plan.dealt) < 3:
            return []
        if rock != plan.under_the_gun or rock in (p.seat for p in plan.posts):
            return []
        return [Post(rock, min(2 * self.game.big_blind, self._seats[rock].chips), "straddle")]

    def _valid_straddles(self, plan: BlindPlan) -> tuple[list[Post], list[tuple[Post, IllegalAction]]]:
        """The straddles for the hand about to be dealt: the rock's, then those declared that are
        still good; the others are void (a player left, the seat is no longer under the gun...)."""
        chain = self._rock_post(plan)
        void: list[tuple[Post, IllegalAction]] = []
        for post in self._straddles:
            try:
                chain.append(
                    check_straddle(
                        self._straddle_rules,
                        plan,
                        chain,
                        post.seat,
                        post.amount,
                        big_blind=self.game.big_blind,
                        chips=self._seats[post.seat].chips,
                        structure=self.game.structure,
                    )
                )
            except IllegalAction as refused:
                void.append((post, refused))
        return chain, void

    def _kill_post(self, plan: BlindPlan, extra: Sequence[Post]) -> list[Post]:
        """The kill blind, from the killer if they are dealt in and not straddling. A killer due
        the small or big blind posts the kill in its place: the kill blind includes it (house
        choice; WIKI_BIP: "rules for handling this situation vary")."""
        killer, rules = self._kill.killer, self.options.kill
        seat = None if killer is None else self.seat_of(killer)
        if rules is None or seat is None or seat not in plan.dealt or any(p.seat == seat for p in extra):
            return []
        if not self.game.big_blind:
            return []           # no blinds, no overblind (RROP11 Kill Pots): start_hand voids it
        return [Post(seat, rules.kill_blind(self.game.big_blind), "kill")]

    def _kill_after(self, hand: Hand, winners: Sequence[int]) -> None:
        rules = self.options.kill
        assert rules is not None and hand.result is not None
        result = hand.result
        names = [self._dealt[s].player_id for s in winners]
        won = result.winnings
        scooped = len(won) == 1 and len(winners) == 1
        forced: dict[int, int] = {}
        for post in hand.posts:
            forced[post.seat] = forced.get(post.seat, 0) + post.amount
        voluntary = sum(max(0, -result.net[s] - forced.get(s, 0)) for s in result.net if s not in winners)
        game = hand.game
        full_bet = game.small_bet if game.structure == "fixed_limit" else game.big_blind or game.min_bet
        self._kill = after_hand(
            self._kill,
            rules,
            names,
            scooped=scooped,
            pot=sum(won.values()),
            voluntary=voluntary,
            full_bet=full_bet,
        )
        if self._kill.killer is not None:
            self._log("kill", self.seat_of(self._kill.killer), rule=R_KILL, hand=self._hand_number + 1)

    def _bust(self, hand: Hand) -> None:
        """Players left with no chips: broke at a cash table (they rebuy to play on), eliminated in
        a tournament."""
        busts = []
        for seat, dealt in self._dealt.items():
            if self._seats[seat].chips == 0:
                busts.append((seat, dealt.player, hand.starting_stacks[seat]))
                if self.cash:
                    self._log("busted", seat, hand=self._hand_number)
                else:
                    gone = self._seats.pop(seat)
                    self._log("eliminated", seat, who=gone, hand=self._hand_number, rule=cite.BUSTS)
                    self._drop_customs(seat, gone.player_id)
        self._last_busts = tuple(busts)

    def _drop_customs(self, seat: int, player: str) -> None:
        """A player who quits takes no straddle with them; the kill button goes neutral (RROP11
        Kill Pots item 1(b)), and so does the rock."""
        self._straddles = [p for p in self._straddles if p.seat != seat]
        self._sleepers = [p for p in self._sleepers if p.seat != seat]
        if self._rock == seat:
            self._rock = None
            self._log("rock", None, rule=R_ROCK, note="neutral: the holder left")
        if player in (self._kill.holder, self._kill.killer):
            self._kill = NEUTRAL
            self._log("kill_neutral", seat, rule=R_KILL, note="the kill button's holder left")

    # ------------------------------------------------------------------ the log
    def _log(
        self,
        kind: str,
        seat: int | None = None,
        chips: int = 0,
        *,
        who: Seat | None = None,
        rule: str = "",
        note: str = "",
        hand: int | None = None,
    ) -> None:
        """Add a table event to the stream (after the hand's events so far: every step that
        logs has taken them in first)."""
        if who is None and seat is not None:
            who = self._seats.get(seat)
        name, player_id = ("", "") if who is None else (who.player, who.player_id)
        number = self._hand_number + 1 if hand is None else hand
        self._seq += 1
        event = TableEvent(self._seq, number, kind, seat, name, chips, rule, note, self.clock(), player_id)
        self._events.append(event)

    def _book(self, kind: EntryKind, who: Seat, chips: int, hand: int) -> None:
        """A ledger entry for the player in ``who``, keyed by their id."""
        self._ledger.record(kind, who.player_id, who.number, chips, hand=hand, time=self.clock(), name=who.player)

    def _log_plan(self, plan: BlindPlan, posts: Sequence[Post]) -> None:
        n = self._hand_number
        self._log("button", plan.button_seat, hand=n, note="heads-up" if plan.heads_up else "")
        for note in plan.notes:
            self._log(note.kind, note.seat, rule=note.rule, hand=n)
        for post in posts:
            self._log("post", post.seat, post.amount, note=post.kind + ("" if post.live else " dead"), hand=n)
        for seat in plan.dealt:
            self._log("dealt", seat, self._seats[seat].chips, hand=n)


__all__ = ["NotEnoughPlayers", "Table"]
