"""A single-table tournament: a blind and ante schedule, eliminations in order, a payout table.

It runs on a ``Table`` with ``cash=False``: everyone starts with the same stack, nobody sits out,
there are no straddles or rebuys, busted players are eliminated, and the button follows the
house's ``button_rule`` (the dead button by default, TDA 2024 R32).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from pokerfloor import citations as cite
from pokerfloor.cards import CardsLike
from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.hand import Hand
from pokerfloor.rules import Game, HouseRules
from pokerfloor.table.customs import NO_STRADDLES, TableOptions
from pokerfloor.table.icm import icm_deal, icm_equities
from pokerfloor.table.payouts import prize_table
from pokerfloor.table.rotation import LimitStakes
from pokerfloor.table.seats import Seat
from pokerfloor.table.table import Table

R_LEVELS = cite.NEW_LEVEL
R_BUSTS = cite.BUSTS
R_ICM = cite.ICM
R_PAYOUTS = cite.PAYOUTS


@dataclass(frozen=True, slots=True)
class Level:
    """One level of the structure: the blinds and antes, and how long it lasts (a number of
    ``hands`` or ``minutes``; neither means until the end)."""

    small_blind: int
    big_blind: int
    ante: int = 0
    bb_ante: int = 0
    hands: int | None = None
    minutes: float | None = None

    def game(self, game: Game) -> Game:
        """The game at this level's stakes (limit bets follow the big blind)."""
        stakes = {"small_blind": self.small_blind, "big_blind": self.big_blind, "blinds": (), "ante": self.ante}
        derived = {"bb_ante": self.bb_ante, "small_bet": 0, "big_bet": 0, "min_bet": 0}
        return Game(**(game.inputs() | stakes | derived))


@dataclass(frozen=True, slots=True)
class Finish:
    """Where a player finished; tied players share a place and split its prizes."""

    player: str
    place: int
    hand: int
    prize: int = 0


class Tournament:
    """``Tournament(game, levels, starting_stack=..., entry_fee=..., payouts=(50, 30, 20))``.

    ``register`` seats players; ``start_hand`` deals the next hand at the level in force when it
    starts. Levels advance by hands dealt or by the injected clock. ``payouts`` are percentages of
    the prize pool (entries × ``entry_fee``) for first, second, third...; odd units go to first.
    """

    def __init__(
        self,
        game: Game,
        levels: Sequence[Level],
        *,
        starting_stack: int,
        seats: int = 9,
        entry_fee: int = 0,
        payouts: Sequence[int] = (50, 30, 20),
        house: HouseRules | None = None,
        clock: Callable[[], float] | None = None,
        rng: random.Random | None = None,
        button: int | None = None,
    ) -> None:
        if not levels:
            raise InvalidArgument("a tournament needs at least one level")
        if sum(payouts) != 100 or any(p < 0 for p in payouts):
            raise InvalidArgument("payouts are percentages of the prize pool adding up to 100")
        self._base = game if house is None else replace(game, house=house)
        self.levels = tuple(levels)
        self.starting_stack = starting_stack
        self.entry_fee = entry_fee
        self.payouts = tuple(payouts)
        self.table = Table(
            self.levels[0].game(self._base),
            seats,
            options=TableOptions(straddles=NO_STRADDLES),
            clock=clock,
            rng=rng,
            button=button,
            cash=False,
        )
        self._level = 0
        self._level_start: tuple[int, float] | None = None
        self._entries: list[str] = []
        self._finishes: list[Finish] = []
        self._busts_counted = 0
        self._deal: dict[str, int] | None = None

    # ------------------------------------------------------------------ what it shows
    @property
    def level(self) -> Level:
        return self.levels[self._level]

    @property
    def level_number(self) -> int:
        """1 for the first level."""
        return self._level + 1

    @property
    def entries(self) -> tuple[str, ...]:
        return tuple(self._entries)

    @property
    def prize_pool(self) -> int:
        return len(self._entries) * self.entry_fee

    @property
    def standings(self) -> tuple[Finish, ...]:
        """Finishing places so far, best first (a finished hand counts before it is ended)."""
        return tuple(sorted(self._finishes_now(), key=lambda f: (f.place, f.player)))

    def __repr__(self) -> str:
        level = self.level
        state = f"won by {self.winner}" if self.is_over else f"{len(self._entries) - len(self._finishes)} left"
        return (
            f"<Tournament level {self.level_number} ({level.small_blind:,}/{level.big_blind:,}), "
            f"{len(self._entries)} entries, {state}, prize pool {self.prize_pool:,}>"
        )

    @property
    def is_over(self) -> bool:
        finishes = self._finishes_now()
        return bool(finishes) and min(f.place for f in finishes) == 1

    @property
    def winner(self) -> str | None:
        return next((f.player for f in self.standings if f.place == 1), None)

    def prizes(self) -> dict[int, int]:
        """Prize money by place (``payouts.prize_table``): every chip of the pool is paid, the
        places beyond the entries sharing out among those paid (R_PAYOUTS); the units the
        rounding leaves go one each from first place down."""
        return prize_table(self.prize_pool, self.payouts, len(self._entries))

    def icm(self) -> dict[str, Fraction]:
        """The exact ICM equity (Malmuth-Harville, ``table/icm.py``) of each player left, by
        player id, in the prizes of the places still to be decided; between hands (the last hand
        ended), refused with ``invalid_action`` otherwise."""
        return icm_equities(*self._deal_inputs())

    def icm_deal(self) -> dict[str, int]:
        """A deal by ICM for the players left, by player id: their equities rounded to whole
        prizes that add up to the prizes still to be won (``icm_deal``)."""
        return icm_deal(*self._deal_inputs())

    @property
    def deal(self) -> dict[str, int] | None:
        """The deal that ended the tournament (``accept_deal``), each player's prize by player
        id; ``None`` while it is played out."""
        return None if self._deal is None else dict(self._deal)

    def accept_deal(self, *, unit: int = 1) -> tuple[Finish, ...]:
        """End the tournament by a deal by ICM that every player left agreed to (R_ICM), between
        hands: each is paid their ``icm_deal`` in whole ``unit``s (the prizes still to be won,
        exactly) and placed by their chips, the most first, equal stacks sharing a place
        (``deal_places``). Refused with ``invalid_action`` as ``icm`` is, or ``InvalidArgument``
        when those prizes are not whole units; returns the standings, every prize paid."""
        stacks, prizes = self._deal_inputs()
        deal = icm_deal(stacks, prizes, unit=unit)
        self.end_hand()             # the last hand's eliminations placed, if the table ended it
        names = {s.player_id: s.player for s in self.table.seats.values()}
        dealt = deal_places(stacks, deal, self.table.hand_number)
        self._finishes = self._finishes + [replace(f, player=names[f.player]) for f in dealt]
        self._deal = deal
        return self.standings

    def _deal_inputs(self) -> tuple[dict[str, int], list[int]]:
        if not self.table.hand_ended:
            raise IllegalAction("invalid_action", "a deal is made between hands, once the last one is ended", R_ICM)
        if self.is_over:
            raise IllegalAction("invalid_action", "the tournament is over", R_ICM)
        stacks = self.table.stacks()
        prizes = self.prizes()
        return stacks, [prizes.get(place, 0) for place in range(1, len(stacks) + 1)]

    # ------------------------------------------------------------------ play
    def register(self, seat: int, player: str, *, player_id: str | None = None) -> Seat:
        """Enter a player with a full starting stack; a late entrant is dealt in except between
        the small blind and the button (TDA 2024 R8-A)."""
        self.end_hand()
        if self.is_over:
            raise IllegalAction("invalid_action", "the tournament is over")
        taken = self.table.sit(seat, player, self.starting_stack, player_id=player_id)
        self._entries.append(player)
        return taken

    def start_hand(
        self,
        *,
        holes: Mapping[int, CardsLike] | None = None,
        board: CardsLike | None = None,
        dealing: str = "auto",
    ) -> Hand:
        """Deal the next hand at the level in force now (TDA 2024 R23), ending the last one."""
        self.end_hand()
        if self.is_over:
            raise IllegalAction("invalid_action", "the tournament is over")
        self._advance_level()
        hand = self.table.start_hand(holes=holes, board=board, dealing=dealing)
        if self._level_start is None:
            self._level_start = (self.table.hand_number - 1, self.table.clock())
        return hand

    def _advance_level(self) -> None:
        start = self._level_start
        if start is None:
            return
        level, start = next_level(self.levels, self._level, start, self.table.hand_number, self.table.clock())
        if level != self._level:
            self._level, self._level_start = level, start
            rotation = self.table.rotation
            if rotation is not None:  # a mixed game goes on through its rotation at the new stakes
                stakes = LimitStakes(self.level.big_blind, ante=self.level.ante)
                self.table.rotate_games(rotation.rotation.at_stakes(stakes), restart=False)
            else:
                self.table.set_game(self.level.game(self._base))

    def end_hand(self) -> bool:
        """The explicit end of a finished hand (``Table.end_hand``), placing the players it
        eliminated; returns whether a hand was ended now."""
        table = self.table
        ended = table.end_hand()
        if table.hand_ended and table.hand_number != self._busts_counted:  # ended here or by the table
            self._finishes = self._finishes_now()
            self._busts_counted = table.hand_number
        return ended

    def _finishes_now(self) -> list[Finish]:
        """The finishes so far with those of a finished hand, ended or not (read only)."""
        table, hand = self.table, self.table.hand
        if hand is None or hand.result is None or table.hand_number == self._busts_counted:
            return self._finishes
        if table.hand_ended:
            busts, remaining = table.last_busts, [s.player for s in table.seats.values()]
        else:
            final = hand.result.stacks
            seats = table.seats
            busts = tuple((n, seats[n].player, hand.starting_stacks[n]) for n in hand.seats if not final[n])
            remaining = [s.player for n, s in seats.items() if final.get(n, 1)]
        return self._with_prizes(self._finishes + places(busts, remaining, table.hand_number))

    def _with_prizes(self, finishes: list[Finish]) -> list[Finish]:
        """Each finisher's prize; tied players split the prizes of the places they cover."""
        prizes = self.prizes()
        by_place: dict[int, list[Finish]] = {}
        for finish in finishes:
            by_place.setdefault(finish.place, []).append(finish)
        paid = []
        for place, tied in sorted(by_place.items()):
            total = sum(prizes.get(p, 0) for p in range(place, place + len(tied)))
            share, odd = divmod(total, len(tied))
            for k, finish in enumerate(sorted(tied, key=lambda f: f.player)):
                paid.append(replace(finish, prize=share + (1 if k < odd else 0)))
        return paid


def next_level(
    levels: Sequence[Level], index: int, start: tuple[int, float], hands_dealt: int, now: float
) -> tuple[int, tuple[int, float]]:
    """The level in force for the next hand (TDA 2024 R23: a new level applies from the next
    hand) and when it started, ``(hands dealt before it, time)``, from the level ``index`` that
    started at ``start``, ``hands_dealt`` hands in and at time ``now``. A level that lasts a
    number of hands or minutes passes them on to the next exactly, so a level's clock does not
    drift with the time a hand took to end."""
    hands, since = start
    while index + 1 < len(levels):
        level = levels[index]
        if level.hands is not None and hands_dealt - hands >= level.hands:
            hands += level.hands
        elif level.minutes is not None and now - since >= 60.0 * level.minutes:
            since += 60.0 * level.minutes
        else:
            break
        index += 1
    return index, (hands, since)


def deal_places(stacks: Mapping[str, int], deal: Mapping[str, int], hand: int) -> list[Finish]:
    """The players left when a deal ends a tournament (R_ICM), by ``stacks``: placed by their
    chips, the most first, equal stacks sharing a place (as players eliminated in one hand are,
    ``places``), each paid their amount of the ``deal`` whatever the place's prize."""
    placed = places([(0, player, chips) for player, chips in stacks.items()], [], hand)
    return [replace(finish, prize=deal[finish.player]) for finish in placed]


def places(busts: Sequence[tuple[int, str, int]], remaining: Sequence[str], hand: int) -> list[Finish]:
    """Places for the players a hand eliminated: below everyone still in, and among themselves
    by the chips they started the hand with (ties share a place); the last one left wins."""
    finishes = []
    ordered = sorted(busts, key=lambda b: -b[2])
    for index, (_seat, player, chips) in enumerate(ordered):
        better = sum(1 for b in ordered[:index] if b[2] > chips)
        finishes.append(Finish(player, len(remaining) + 1 + better, hand))
    if len(remaining) == 1 and busts:
        finishes.append(Finish(remaining[0], 1, hand))
    return finishes
