"""The PHH conventions translated to pokerfloor's: positions and seats, money and chips, forced bets.

* Positions (phh-format.md §3): ``p1``…``pN`` in dealing order, ``p1`` first left of the button
  and ``pN`` on it. They sit in seats 1..N unless the file's ``seats`` field names them.
* Heads-up, the ``antes`` and ``blinds_or_straddles`` arrays apply reversed: ``[5, 10]`` means
  p1 posts 10 and p2 (the button) posts 5.
* Money: a file writes currency (``0.25``); the engine counts whole chips. One chip is the
  file's smallest unit, ``10**-d`` for the most decimals ``d`` of any amount that drives play.
* A negative blind (a PokerKit extension) is a post of a player joining the game: a live bet
  that does not decide who acts first.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import Post
from pokerfloor.io.notation import Money
from pokerfloor.io.phh import HandHistory
from pokerfloor.rules import Game

UNKNOWN_STACK = 10**12
"""Chips given to a player whose starting stack the file does not know (``inf``)."""


@dataclass(frozen=True)
class Seating:
    """Where each PHH player sits: ``seats[i]`` is the seat of ``p{i+1}``; ``button`` is pN's."""

    seats: tuple[int, ...]
    button: int

    def seat(self, player: int) -> int:
        return self.seats[player - 1]

    def player(self, seat: int) -> int:
        return self.seats.index(seat) + 1

    @property
    def plain(self) -> bool:
        """Seats 1..N, so ``pK`` sits in seat K."""
        return self.seats == tuple(range(1, len(self.seats) + 1))


def clockwise(seats: Sequence[int]) -> bool:
    """Seats listed clockwise from one of them: increasing, wrapping around once at most."""
    if len(set(seats)) != len(seats):
        return False
    drops = sum(1 for a, b in itertools.pairwise(seats) if b < a)
    return drops == 0 or (drops == 1 and seats[-1] < seats[0])


def seating_of(history: HandHistory) -> Seating:
    """Seats from the file's ``seats`` field when they run clockwise from p1, else 1..N."""
    count = history.player_count
    if history.seats is not None and clockwise(history.seats):
        seats = tuple(history.seats)
    else:
        seats = tuple(range(1, count + 1))
    return Seating(seats, seats[-1])


def decimals(value: Money) -> int:
    """Digits after the point that an amount really needs (``2.50`` needs 1, ``1E+3`` none)."""
    if isinstance(value, int) or not value.is_finite():
        return 0
    exponent = value.normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    return max(0, -exponent)


def play_amounts(history: HandHistory) -> list[Money]:
    """Every amount that drives the hand (not the results, which may hold half chips)."""
    amounts: list[Money] = [*(history.antes or ()), *(history.blinds_or_straddles or ()),
                            *history.starting_stacks]
    amounts += [a for a in (history.bring_in, history.small_bet, history.big_bet, history.min_bet)
                if a is not None]
    amounts += [a.amount for a in history.parsed_actions() if a.amount is not None]
    return amounts


def chip_unit(history: HandHistory) -> Decimal:
    """The money one chip stands for: ``Decimal(1)``, or ``0.01`` for a file written in cents."""
    places = max((decimals(a) for a in play_amounts(history)), default=0)
    return Decimal(1).scaleb(-places)


def to_chips(value: Money, unit: Decimal) -> int:
    """An amount in chips; the unit divides every amount that drives play exactly."""
    chips = Decimal(value) / unit
    if chips != chips.to_integral_value():
        raise InvalidArgument(f"{value} is not a whole number of chips of {unit}")
    return int(chips)


def to_money(chips: int, unit: Decimal) -> Money:
    """Chips back in the file's money (an ``int`` when the unit is 1)."""
    if unit == 1:
        return chips
    return (chips * unit).quantize(unit)


def money_text(value: Money, unit: Decimal) -> str:
    """An amount as the file would write it: ``1,512.50`` in a cents file, ``10,000`` in chips."""
    if isinstance(value, Decimal) and not value.is_finite():
        return "unknown" if value > 0 else str(value)
    places = decimals(unit)
    if isinstance(value, Decimal) and decimals(value) > places:
        return f"{value:,}"
    return f"{Decimal(value):,.{places}f}"


def effective(values: Sequence[Money], count: int) -> list[Money]:
    """A forced-bet array per player: reversed heads-up (phh-format.md §3)."""
    return list(reversed(values)) if count == 2 else list(values)


def blind_kind(index: int, positive: Sequence[int], count: int) -> str:
    """The kind of the blind posted by player ``index`` (0-based), given who else posts.

    p1 and p2 post the small and big blinds; a lone blind is a big blind, or a button blind
    when it is the button's (Triton short-deck); blinds after p2 are straddles. Heads-up, the
    button's blind is the small one.
    """
    if count == 2:
        if len(positive) == 2:
            return "bb" if index == 0 else "sb"
        return "bb"
    if len(positive) == 1:
        return "button_blind" if index == count - 1 else "bb"
    if index == 0:
        return "sb" if 1 in positive else "bb"
    if index == 1:
        return "bb"
    return "straddle"


def forced_bets(history: HandHistory, seating: Seating, unit: Decimal, *,
                dead_negative_blinds: bool = False) -> list[Post]:
    """The posts of the hand: antes first, then blinds, straddles and joining players' posts.

    ``dead_negative_blinds`` reads a negative blind as a dead small blind instead (HandHQ's
    Ongame logs, see the corpus README).
    """
    count = history.player_count
    posts: list[Post] = []
    antes = [to_chips(a, unit) for a in effective(history.antes or [0] * count, count)]
    blinds = [to_chips(b, unit) for b in effective(history.blinds_or_straddles or [0] * count, count)]
    positive = [i for i, b in enumerate(blinds) if b > 0]
    kinds = {i: blind_kind(i, positive, count) for i in positive}
    bb_index = next((i for i, kind in kinds.items() if kind == "bb"), None)
    anted = [i for i, a in enumerate(antes) if a > 0]
    for i in anted:
        kind = "bb_ante" if anted == [bb_index] and count > 2 else "ante"
        posts.append(Post(seating.seat(i + 1), antes[i], kind))  # type: ignore[arg-type]
    for i in positive:
        posts.append(Post(seating.seat(i + 1), blinds[i], kinds[i]))  # type: ignore[arg-type]
    if history.phh_variant.forced_bets == "blinds" and not positive:
        posts.append(Post(seating.button, 0, "bb"))
    for i, amount in enumerate(blinds):
        if amount < 0:
            if dead_negative_blinds:
                posts.append(Post(seating.seat(i + 1), -amount, "missed_sb", live=False))
            else:
                posts.append(Post(seating.seat(i + 1), -amount, "new_player"))
    return posts


def game_of(history: HandHistory, posts: Iterable[Post], unit: Decimal) -> Game:
    """The ``Game`` of a history: its variant and structure, and stakes in chips."""
    code = history.phh_variant
    bring_in, small_bet, big_bet, min_bet = (
        0 if value is None else to_chips(value, unit)
        for value in (history.bring_in, history.small_bet, history.big_bet, history.min_bet)
    )
    if code.forced_bets == "bring_in":
        return Game(variant=code.variant, structure=code.structure, bring_in=bring_in,
                    small_bet=small_bet, big_bet=big_bet)
    by_kind = {p.kind: p.amount for p in posts if p.live and p.amount > 0}
    if code.structure == "spread_limit":       # a pokerfloor extension game (phh.EXTENSION_FIELD)
        low, high, last = (to_chips(Decimal(str(v)), unit) for v in history.extra["_spread"])
        return Game(variant=code.variant, structure="spread_limit", small_blind=by_kind.get("sb", 0),
                    big_blind=by_kind.get("bb", low), spread=(low, high, last))
    if "button_blind" in by_kind and "bb" not in by_kind:
        return Game(variant=code.variant, structure=code.structure, blinds=(by_kind["button_blind"],),
                    first_blind_on_button=True, small_bet=small_bet, big_bet=big_bet, min_bet=min_bet)
    return Game(variant=code.variant, structure=code.structure, small_blind=by_kind.get("sb", 0),
                big_blind=by_kind.get("bb", min_bet or small_bet or 1), small_bet=small_bet,
                big_bet=big_bet, min_bet=min_bet)


def starting_chips(history: HandHistory, seating: Seating, unit: Decimal) -> tuple[dict[int, int], frozenset[int]]:
    """Chips per seat, and the seats whose stack the file does not know (given ``UNKNOWN_STACK``)."""
    stacks: dict[int, int] = {}
    unknown: set[int] = set()
    for player, value in enumerate(history.starting_stacks, start=1):
        seat = seating.seat(player)
        if isinstance(value, Decimal) and value.is_infinite():
            stacks[seat] = UNKNOWN_STACK
            unknown.add(seat)
        else:
            stacks[seat] = to_chips(value, unit)
    return stacks, frozenset(unknown)
