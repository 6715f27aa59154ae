"""ACPC game definitions: the ``GAMEDEF`` text of the ACPC dealer, read into a ``pf.Game``.

A gamedef names the betting (``limit`` or ``nolimit``), the players, rounds, stacks, blinds per
position, the limit bet per round, the first player per round, the raise cap per round and the
deck and deal sizes. Positions are counted from the seat left of the button, so the button is the
last position; heads-up the button posts the small blind and acts first before the flop.

ACPC ranks hands by the best five of all a player's cards, with no antes and no pot limit, so
hold'em with blinds maps both ways: no-limit or fixed-limit, two to ten players, with the
small bet on the first two rounds and the big bet on the last two. So do the small games of
research, Kuhn poker and Leduc hold'em (``Game.kuhn()``, ``Game.leduc()``), as ACPC and
OpenSpiel's ``universal_poker`` define them: their antes are equal blinds (a blind all pay
equally is an ante), position 0 acts first in every round, and their decks are ACPC's lowest
ranks (Kuhn's J, Q, K are ACPC's 2, 3, 4 of one suit; Leduc's J, Q, K of spades and hearts are
its 2, 3, 4 of clubs and diamonds, the ``i``-th card of the variant's deck the ``i``-th of
ACPC's), which rank alike. Anything else is refused with a ``GamedefError`` that says which
field cannot be expressed.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RESEARCH_VARIANTS, Game, HouseRules

HOLDEM_BOARD = (0, 3, 1, 1)
UNLIMITED_STACK = 2**31 - 1
"""The stack of a gamedef that names none: the ACPC dealer's largest 32-bit number."""
ACPC_SMALL_GAMES = ("kuhn", "leduc")
"""The small games of research ACPC plays as pokerfloor does: its five-card ranking of one or two
cards is theirs. Rhode Island hold'em's three-card ranking (a straight above a flush) is not."""
_LIST_KEYS = ("stack", "blind", "raisesize", "firstplayer", "maxraises", "numboardcards")
_NUMBER_KEYS = ("numplayers", "numrounds", "numsuits", "numranks", "numholecards")


class GamedefError(PokerfloorError, ValueError):
    """A gamedef that cannot be read, or a game ACPC cannot express."""


@dataclass(frozen=True)
class Gamedef:
    """A game and the stack every position starts each hand with (ACPC resets stacks per hand)."""

    game: Game
    stacks: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def betting(self) -> str:
        return "nolimit" if self.game.structure == "no_limit" else "limit"

    @property
    def small_game(self) -> bool:
        """Whether the game is one of the small games of research (Kuhn poker, Leduc hold'em)."""
        return self.game.variant in ACPC_SMALL_GAMES

    def blind_of(self, position: int) -> int:
        """The blind ``position`` posts (0 for a seat that posts none; a small game's ante)."""
        if self.small_game:
            return self.game.ante
        small, big = _blinds(self.game)
        if self.players == 2:
            return (big, small)[position]
        return (small, big)[position] if position < 2 else 0

    def first_players(self) -> tuple[int, ...]:
        """The first position to act in each round, 0-based: the seat after the big blind
        before the flop, the first seat left of the button after it (every round of a small
        game)."""
        if self.small_game:
            return (0,) * self.game.variant_spec.betting_rounds
        preflop = 1 if self.players == 2 else 2 % self.players
        return (preflop, 0, 0, 0)

    def text(self) -> str:
        """The gamedef as the ACPC dealer reads it."""
        if self.small_game:
            return self._small_text()
        game = self.game
        lines = [
            "GAMEDEF",
            self.betting,
            f"numPlayers = {self.players}",
            "numRounds = 4",
            "stack = " + " ".join(map(str, self.stacks)),
            "blind = " + " ".join(str(self.blind_of(p)) for p in range(self.players)),
        ]
        if game.structure == "fixed_limit":
            lines.append(f"raiseSize = {game.small_bet} {game.small_bet} {game.big_bet} {game.big_bet}")
        lines.append("firstPlayer = " + " ".join(str(p + 1) for p in self.first_players()))
        cap = game.house.raises_allowed(4)
        if game.structure == "fixed_limit" and cap is not None:
            lines.append(f"maxRaises = {cap} {cap + 1} {cap + 1} {cap + 1}")
        lines += ["numSuits = 4", "numRanks = 13", "numHoleCards = 2", "numBoardCards = 0 3 1 1", "END GAMEDEF"]
        return "\n".join(lines) + "\n"


    def _small_text(self) -> str:
        game, spec = self.game, self.game.variant_spec
        rounds = spec.betting_rounds
        small = spec.small_bet_rounds
        cap = game.house.raises_allowed(rounds)
        assert cap is not None  # gamedef_of refuses an uncapped small game
        ranks, suits = _deck_shape(game)

        def per_round(values: list[int]) -> str:
            return " ".join(map(str, values))

        lines = [
            "GAMEDEF",
            "limit",
            f"numPlayers = {self.players}",
            f"numRounds = {rounds}",
            "stack = " + " ".join(map(str, self.stacks)),
            "blind = " + " ".join(str(self.blind_of(p)) for p in range(self.players)),
            "raiseSize = " + per_round([game.small_bet if r < small else game.big_bet for r in range(rounds)]),
            "firstPlayer = " + per_round([p + 1 for p in self.first_players()]),
            "maxRaises = " + per_round([cap + 1] * rounds),
            f"numSuits = {suits}",
            f"numRanks = {ranks}",
            f"numHoleCards = {spec.hole_cards}",
            "numBoardCards = " + per_round([0, *spec.board]),
            "END GAMEDEF",
        ]
        return "\n".join(lines) + "\n"


def _deck_shape(game: Game) -> tuple[int, int]:
    """A small game's deck as ACPC's: so many ranks, each in so many suits."""
    cards = game.variant_spec.cards
    return len({c.rank for c in cards}), len({c.suit for c in cards})


def _blinds(game: Game) -> tuple[int, int]:
    if len(game.blinds) != 2 or game.first_blind_on_button:
        raise GamedefError("ACPC games have a small and a big blind left of the button")
    return game.blinds[0], game.blinds[1]


def gamedef_of(game: Game, stacks: tuple[int, ...] | list[int]) -> Gamedef:
    """``game`` with these starting stacks as an ACPC gamedef, or ``GamedefError`` naming what
    ACPC cannot express. The game is played as ACPC's dealer plays it: a fold when a check is
    free is refused (``fold_facing_no_bet="refused"``)."""
    if game.variant in ACPC_SMALL_GAMES:
        return _small_gamedef(game, stacks)
    if game.variant != "holdem":
        raise GamedefError(f"ACPC ranks the best five of all cards: {game.variant} is not expressible")
    if game.structure not in ("no_limit", "fixed_limit"):
        raise GamedefError(f"ACPC betting is limit or nolimit, not {game.structure}")
    if game.ante or game.bb_ante or game.button_ante:
        raise GamedefError("ACPC games have no antes")
    if game.min_chip != 1:
        raise GamedefError("ACPC chips are single units (min_chip 1)")
    _blinds(game)
    capped = game.house.raises_allowed(4) is not None
    if game.structure == "fixed_limit" and capped and game.house.cap_lifted_heads_up:
        raise GamedefError("ACPC keeps the raise cap when two players are left: use cap_lifted_heads_up=False")
    if not 2 <= len(stacks) <= 10 or any(s <= 0 for s in stacks):
        raise GamedefError("ACPC games need two to ten positive stacks")
    return Gamedef(game.with_house(fold_facing_no_bet="refused"), tuple(stacks))


def _small_gamedef(game: Game, stacks: tuple[int, ...] | list[int]) -> Gamedef:
    spec = game.variant_spec
    if game.structure != "fixed_limit" or game.blinds or game.bb_ante or game.button_ante or not game.ante:
        raise GamedefError(f"ACPC plays {spec.title} fixed limit with an ante a player and no blinds")
    if game.house.raises_allowed(spec.betting_rounds) is None or game.house.cap_lifted_heads_up:
        raise GamedefError("ACPC caps the raises of every round, two players left or not")
    if game.min_chip != 1:
        raise GamedefError("ACPC chips are single units (min_chip 1)")
    if not 2 <= len(stacks) <= spec.max_players or any(s <= 0 for s in stacks):
        raise GamedefError(f"{spec.title} needs two to {spec.max_players} positive stacks")
    return Gamedef(game.with_house(fold_facing_no_bet="refused"), tuple(stacks))


def parse_gamedef(text: str) -> Gamedef:
    """Read a ``GAMEDEF`` ... ``END GAMEDEF`` text (comments after ``#``, keys in any case)."""
    betting = ""
    fields: dict[str, list[int]] = {}
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        low = line.lower()
        if not line or low in ("gamedef", "end gamedef"):
            continue
        if low in ("limit", "nolimit"):
            betting = low
            continue
        key, sep, value = line.partition("=")
        key = key.strip().lower()
        if not sep or key not in _LIST_KEYS + _NUMBER_KEYS:
            raise GamedefError(f"unknown gamedef line {raw.strip()!r}")
        try:
            fields[key] = [int(v) for v in value.split()]
        except ValueError:
            raise GamedefError(f"gamedef {key} takes whole numbers, not {value.strip()!r}") from None
    if not betting:
        raise GamedefError("a gamedef says limit or nolimit")
    return _gamedef_from(betting, fields)


def _small_game_of(betting: str, fields: dict[str, list[int]], shape: dict[str, int]) -> Gamedef | None:
    """The small game of research whose deck, rounds and board the gamedef names, or ``None``
    when it names none of them."""
    board = tuple(fields.get("numboardcards", ()))
    for name in ACPC_SMALL_GAMES:
        spec = RESEARCH_VARIANTS[name]
        ranks, suits = _deck_shape(Game(variant=name, structure="fixed_limit", ante=1, small_bet=1))
        mine = {"numrounds": spec.betting_rounds, "numsuits": suits, "numranks": ranks, "numholecards": spec.hole_cards}
        if shape != mine or board != (0, *spec.board):
            continue
        rounds = spec.betting_rounds
        players = _one(fields, "numplayers", 0)
        blinds = fields.get("blind", [])
        if betting != "limit" or len(blinds) != players or len(set(blinds)) != 1 or not blinds[0] > 0:
            raise GamedefError(f"{spec.title} is limit, with one equal blind (its ante) a player")
        sizes, caps = fields.get("raisesize", []), fields.get("maxraises", [])
        small = spec.small_bet_rounds
        if len(sizes) != rounds or len(set(sizes[:small])) != 1 or len(set(sizes[small:] or [0])) != 1:
            raise GamedefError(f"{spec.title}'s raiseSize is the small bet for {small} rounds, then the big bet")
        if len(caps) != rounds or len(set(caps)) != 1 or caps[0] < 1:
            raise GamedefError(f"{spec.title}'s maxRaises is the same on every round, at least 1")
        if tuple(fields.get("firstplayer", [1] * rounds)) != (1,) * rounds:
            raise GamedefError(f"in {spec.title} position 1 acts first in every round")
        stacks = fields.get("stack", [UNLIMITED_STACK])
        stacks = stacks * players if len(stacks) == 1 else stacks
        if len(stacks) != players:
            raise GamedefError("stack lists one stack, or one per player")
        house = HouseRules(**{**dict(spec.house), "raise_cap": caps[0] - 1})
        game = Game(variant=name, structure="fixed_limit", ante=blinds[0], small_bet=sizes[0], big_bet=sizes[-1],
                    house=house)
        return gamedef_of(game, stacks)
    return None


def _one(fields: dict[str, list[int]], key: str, default: int) -> int:
    values = fields.get(key, [default])
    return values[0] if values else default


def _gamedef_from(betting: str, fields: dict[str, list[int]]) -> Gamedef:
    players = _one(fields, "numplayers", 0)
    shape = {key: _one(fields, key, 0) for key in ("numrounds", "numsuits", "numranks", "numholecards")}
    research = _small_game_of(betting, fields, shape)
    if research is not None:
        return research
    if shape != {"numrounds": 4, "numsuits": 4, "numranks": 13, "numholecards": 2}:
        raise GamedefError(f"only hold'em (4 rounds, 52 cards, 2 hole cards) maps to a pokerfloor game, not {shape}")
    if tuple(fields.get("numboardcards", ())) != HOLDEM_BOARD:
        raise GamedefError("hold'em deals its board 0 3 1 1")
    if not 2 <= players <= 10:
        raise GamedefError("numPlayers is 2 to 10")
    stacks = fields.get("stack", [UNLIMITED_STACK])
    if len(stacks) == 1:
        stacks = stacks * players
    if len(stacks) != players:
        raise GamedefError("stack lists one stack, or one per player")
    blinds = fields.get("blind", [])
    if len(blinds) != players:
        raise GamedefError("blind lists one blind per player")
    small, big = (blinds[1], blinds[0]) if players == 2 else (blinds[0], blinds[1])
    if any(blinds[2:]) or not 0 < small <= big:
        raise GamedefError(f"blinds {blinds} are not a small and a big blind left of the button")
    house = HouseRules()
    if betting == "limit":
        sizes = fields.get("raisesize", [])
        if len(sizes) != 4 or sizes[0] != sizes[1] or sizes[2] != sizes[3]:
            raise GamedefError("limit raiseSize is the small bet twice, then the big bet twice")
        caps = fields.get("maxraises")
        cap: int | None = None
        if caps is not None:
            if len(caps) != 4 or caps[1:] != [caps[0] + 1] * 3:
                raise GamedefError("maxRaises is n, then n + 1 on every later round (a bet and n raises)")
            cap = caps[0]
        house = HouseRules(raise_cap=cap, cap_lifted_heads_up=False)
        game = Game(variant="holdem", structure="fixed_limit", small_blind=small, big_blind=big,
                    small_bet=sizes[0], big_bet=sizes[2], house=house)
    else:
        game = Game(variant="holdem", structure="no_limit", small_blind=small, big_blind=big)
    result = gamedef_of(game, stacks)
    expected = tuple(p + 1 for p in result.first_players())
    if "firstplayer" in fields and tuple(fields["firstplayer"]) != expected:
        raise GamedefError(f"firstPlayer {fields['firstplayer']} is not the blinds' order {list(expected)}")
    return result
