"""Mixed games: a table that rotates its game (HORSE, 8-game, any list) or deals dealer's choice.

A ``Rotation`` is the list of games and how long each is dealt: an orbit (until every player
dealt in during it has had the button, so every player has the chance to be the dealer for the
game being played, one who joins during the round included; the common mixed-game convention,
``MIXED_ORBIT``) or a fixed number of hands. Its games share one limit stake (``LimitStakes``):
the small and big bet, and the blinds, the stud ante and the bring-in worked out from the small bet
(``MIXED_STAKES``). Under dealer's choice the player holding the choice names the game of the
next turn from the host's list, and the choice passes one player to the left each turn.

``RotationState`` is where a table is in its rotation (plain JSON in the table's record); the
functions here are pure: they say which game comes next and what the state becomes, and the
table takes the decision (``Table.rotate_games``, docs/guide/table.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pokerfloor import citations as cite
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import plain
from pokerfloor.rules import VARIANTS, Game, HouseRules, Structure
from pokerfloor.table.buttons import BlindPlan, Positions, SeatState, clockwise, next_seat, rotate_button

R_ORBIT = cite.MIXED_ORBIT
R_STAKES = cite.MIXED_STAKES
R_CHOICE = cite.DEALERS_CHOICE
R_STUD_BUTTON = cite.MIXED_STUD_BUTTON

HORSE: tuple[tuple[str, Structure], ...] = (
    ("holdem", "fixed_limit"),
    ("omaha_hilo", "fixed_limit"),
    ("razz", "fixed_limit"),
    ("stud", "fixed_limit"),
    ("stud_hilo", "fixed_limit"),
)
"""Hold'em, Omaha hi-lo, razz, stud, stud hi-lo: all fixed limit."""

EIGHT_GAME: tuple[tuple[str, Structure], ...] = (
    ("deuce_seven_triple", "fixed_limit"),
    ("holdem", "fixed_limit"),
    ("omaha_hilo", "fixed_limit"),
    ("razz", "fixed_limit"),
    ("stud", "fixed_limit"),
    ("stud_hilo", "fixed_limit"),
    ("holdem", "no_limit"),
    ("omaha", "pot_limit"),
)
"""2-7 triple draw, limit hold'em, Omaha hi-lo, razz, stud, stud hi-lo, no-limit hold'em and
pot-limit Omaha."""


@dataclass(frozen=True, slots=True)
class LimitStakes:
    """One stake for every game of a rotation, named by its limits (a "100/200 mix").

    Fixed-limit games bet ``small_bet`` and ``big_bet`` (twice the small bet by default); games
    with blinds post half the small bet and the small bet (no-limit and pot-limit games of the mix
    too); stud games ante a quarter of the small bet and bring it in for half of it (WIKI_BIP:
    an ante of a quarter of the minimum bet, a bring-in often half of it), each rounded down to
    the smallest chip and at least one. ``ante`` and ``bring_in`` replace those figures."""

    small_bet: int
    big_bet: int = 0
    ante: int = 0
    bring_in: int = 0
    min_chip: int = 1

    def __post_init__(self) -> None:
        for name in ("small_bet", "big_bet", "ante", "bring_in", "min_chip"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidArgument(f"{name} is a whole number of chips, not {value!r}")
        if self.small_bet < 2 or self.min_chip < 1:
            raise InvalidArgument("a limit stake has a small bet of at least 2 chips and a smallest chip of at least 1")

    @property
    def big(self) -> int:
        return self.big_bet or 2 * self.small_bet

    def _part(self, given: int, divisor: int) -> int:
        if given:
            return given
        chip = self.min_chip
        return max(chip, self.small_bet // divisor // chip * chip)

    @property
    def stud_ante(self) -> int:
        return self._part(self.ante, 4)

    @property
    def stud_bring_in(self) -> int:
        return self._part(self.bring_in, 2)

    def game(self, variant: str, structure: Structure = "fixed_limit", house: HouseRules | None = None) -> Game:
        """The game of the mix at this stake."""
        if variant not in VARIANTS:
            raise InvalidArgument(f"unknown variant {variant!r}")
        limits: dict[str, Any] = {}
        if structure == "fixed_limit":
            limits = {"small_bet": self.small_bet, "big_bet": self.big}
        common: dict[str, Any] = {"variant": variant, "structure": structure, "min_chip": self.min_chip}
        if house is not None:
            common["house"] = house
        if VARIANTS[variant].family == "stud":
            return Game(**common, ante=self.stud_ante, bring_in=self.stud_bring_in, **limits)
        return Game(**common, small_blind=self.small_bet // 2, big_blind=self.small_bet, **limits)


def game_key(game: Game) -> str:
    """The name a game goes by in a rotation: ``"fixed_limit_holdem"``, ``"pot_limit_omaha"``."""
    return f"{game.structure}_{game.variant}"


@dataclass(frozen=True, slots=True)
class Rotation:
    """The games a table deals in turn, and how long each: ``per="orbit"`` (until every player
    dealt in during the turn has had the button; with the button frozen in stud, as many hands as
    players dealt in during the turn) or a number of hands. ``dealers_choice``: the
    player holding the choice names each turn's game from ``games`` (the host's list)."""

    games: tuple[Game, ...]
    per: Literal["orbit"] | int = "orbit"
    dealers_choice: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.games, tuple) or not self.games or not all(isinstance(g, Game) for g in self.games):
            raise InvalidArgument("a rotation is a non-empty tuple of Games")
        keys = [game_key(g) for g in self.games]
        if not self.dealers_choice and len(self.games) < 2:
            raise InvalidArgument("a rotation has at least two games (one game is simply the table's game)")
        if self.dealers_choice and len(set(keys)) != len(keys):
            raise InvalidArgument("a dealer's-choice list names each game once")
        per = self.per
        if per != "orbit" and (isinstance(per, bool) or not isinstance(per, int) or per < 1):
            raise InvalidArgument(f"a game lasts an orbit or a number of hands (at least 1), not {per!r}")
        if not isinstance(self.dealers_choice, bool):
            raise InvalidArgument("dealers_choice is True or False")

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(game_key(g) for g in self.games)

    @property
    def max_players(self) -> int:
        """The most players every game of the rotation deals."""
        return min(g.variant_spec.max_players for g in self.games)

    @classmethod
    def of(
        cls,
        games: Sequence[tuple[str, Structure] | str],
        stakes: LimitStakes,
        *,
        per: Literal["orbit"] | int = "orbit",
        dealers_choice: bool = False,
        house: HouseRules | None = None,
    ) -> Rotation:
        """A rotation of ``games`` (variant names, fixed limit, or ``(variant, structure)``) at one stake."""
        pairs = [(g, "fixed_limit") if isinstance(g, str) else g for g in games]
        built = tuple(stakes.game(v, s, house) for v, s in pairs)  # type: ignore[arg-type]
        return cls(built, per, dealers_choice)

    @classmethod
    def horse(
        cls, stakes: LimitStakes, *, per: Literal["orbit"] | int = "orbit", house: HouseRules | None = None
    ) -> Rotation:
        return cls.of(HORSE, stakes, per=per, house=house)

    @classmethod
    def eight_game(
        cls, stakes: LimitStakes, *, per: Literal["orbit"] | int = "orbit", house: HouseRules | None = None
    ) -> Rotation:
        return cls.of(EIGHT_GAME, stakes, per=per, house=house)

    def at_stakes(self, stakes: LimitStakes) -> Rotation:
        """The same games, structures and house rules at another stake (a tournament's new level)."""
        games = tuple(stakes.game(g.variant, g.structure, g.house) for g in self.games)
        return replace(self, games=games)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": [plain.game_json(g) for g in self.games],
            "per": self.per,
            "dealers_choice": self.dealers_choice,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rotation:
        return cls(tuple(plain.game_from(g) for g in data["games"]), data["per"], data["dealers_choice"])


@dataclass(frozen=True, slots=True)
class RotationState:
    """Where a table is in its rotation: the game of the current turn (``index``), the hands it
    has dealt of it and how many the turn lasts (0 before its first hand; in an orbit, the hands
    dealt and one for each player dealt in who has not had the button yet, so it grows when a
    player joins), under dealer's choice the seat holding the choice of the next turn's game
    (``None``: the first hand's button names the first) and the game it named; ``seen`` the
    seats dealt in during the turn and ``buttons`` the seats that had its button."""

    rotation: Rotation
    index: int = 0
    played: int = 0
    length: int = 0
    turns: int = 0
    chooser: int | None = None
    chosen: int | None = None
    seen: tuple[int, ...] = ()
    buttons: tuple[int, ...] = ()

    @property
    def game(self) -> Game:
        """The game of the current turn."""
        return self.rotation.games[self.index]

    @property
    def turn_over(self) -> bool:
        return self.length > 0 and self.played >= self.length

    def upcoming(self) -> int:
        """The index of the game the next hand is dealt at."""
        if not self.turn_over and (self.played or not self.rotation.dealers_choice):
            return self.index
        if self.rotation.dealers_choice:
            return self.index if self.chosen is None else self.chosen
        return (self.index + 1) % len(self.rotation.games)

    def hands_left(self) -> int | None:
        """Hands left in the current turn (``None`` before its first hand sets an orbit's length)."""
        if not self.length:
            return None
        return max(0, self.length - self.played)

    def after_deal(
        self, dealt: Sequence[int], button: int, occupied: Sequence[int], *, frozen: bool = False
    ) -> RotationState:
        """The state once a hand of the upcoming game is dealt to ``dealt`` with ``button``
        (``frozen``: a stud hand whose button does not move): a new turn starts when the last
        one is over (or before the first); under dealer's choice the choice passes one player to
        the left for the next turn. An orbit lasts until every player dealt in its last hand has
        had the button during it (MIXED_ORBIT: every player has the chance to be the dealer for
        the game being played, a player who joins during it too); with the button frozen, as
        many hands as players dealt in during it."""
        new_turn = not self.length or self.turn_over
        state = self
        if new_turn:
            chooser = self.chooser
            if self.rotation.dealers_choice:
                chooser = next_seat(self.holder(button, occupied), occupied)
            state = RotationState(self.rotation, self.upcoming(), 0, 0, self.turns + 1, chooser, None)
        seen = tuple(sorted({*state.seen, *dealt}))
        buttons = tuple(sorted({*state.buttons, button}))
        played = state.played + 1
        per = self.rotation.per
        if per != "orbit":
            length = per
        elif frozen:
            length = max(played, len(seen))
        else:
            length = played + len(set(dealt) - set(buttons))
        return replace(state, played=played, length=length, seen=seen, buttons=buttons)

    def holder(self, button: int, occupied: Sequence[int]) -> int:
        """The seat naming the upcoming turn's game: the one holding the choice, or the next
        player after it if that seat is empty; before the first turn the first hand's button."""
        chooser = self.chooser
        if chooser is None:
            return button
        return chooser if chooser in occupied else next_seat(chooser, occupied)

    def choose(self, key: str) -> RotationState:
        """The chooser names the next turn's game (``ValueError`` for a game not on the list)."""
        if key not in self.rotation.keys:
            raise InvalidArgument(f"{key!r} is not on the list: {', '.join(self.rotation.keys)}")
        return replace(self, chosen=self.rotation.keys.index(key))

    def to_json(self) -> dict[str, Any]:
        return {
            "rotation": self.rotation.to_json(),
            "index": self.index,
            "played": self.played,
            "length": self.length,
            "turns": self.turns,
            "chooser": self.chooser,
            "chosen": self.chosen,
            "seen": list(self.seen),
            "buttons": list(self.buttons),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RotationState:
        rotation = Rotation.from_json(data["rotation"])
        state = cls(
            rotation, data["index"], data["played"], data["length"], data["turns"], data["chooser"], data["chosen"],
            tuple(data.get("seen", ())), tuple(data.get("buttons", ())),
        )
        count = len(rotation.games)
        if not 0 <= state.index < count or (state.chosen is not None and not 0 <= state.chosen < count):
            raise InvalidArgument("a rotation state names a game that is not in its rotation")
        return state


# ---------------------------------------------------------------------------------- the button
def frozen_stud_plan(
    seats: Mapping[int, SeatState],
    previous: Positions | None,
    first_button: int | None,
    frozen: int | None = None,
    *,
    keep_owed: bool = False,
) -> BlindPlan:
    """A stud hand while the button is frozen (``mixed_stud_button="frozen"``, TDA 2024 Rule
    11-B): everyone present is dealt in from the left of the button. ``frozen`` is the button of
    the first stud hand after a hand with blinds: where the button would go if the next hand had
    blinds (the table works it out); the stud hands after it keep the button where it is."""
    plan = rotate_button(seats, None, first_button, keep_owed=keep_owed)
    if previous is None:
        return plan
    button = previous.button if frozen is None else frozen
    positions = Positions(button, button, button, len(plan.dealt))
    return replace(plan, positions=positions, dealt=clockwise(button, plan.dealt), new_game=False)


def resumed_positions(
    rule: Literal["frozen", "moving"],
    stud: Positions,
    blinds: Positions | None,
    seats: Mapping[int, SeatState],
) -> tuple[Positions | None, int | None]:
    """Where a game with blinds takes up the button after stud hands, as (the positions it goes
    on from, the first button of a new game when it has none): frozen, from the last hand with
    blinds, as if the stud hands had not been dealt (a new game on the stud button when there
    was none); moving, as if the stud button had been a hand with blinds, so the button moves
    on one seat from it."""
    if rule == "frozen":
        return (blinds, None) if blinds is not None else (None, stud.button)
    present = [s for s, st in seats.items() if st.status != "sitting_out"] or [stud.button]
    small = next_seat(stud.button, present)
    return Positions(stud.button, small, next_seat(small, present), stud.dealt), None
