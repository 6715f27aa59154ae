"""OpenSpiel's ``universal_poker``: its parameters to and from a pokerfloor game.

``universal_poker`` is built on the ACPC game definition: its parameters are the gamedef's
fields (``betting``, ``numPlayers``, ``blind``, ``stack``, ``firstPlayer`` ...), so a game
goes through ``Gamedef`` both ways and the same games are expressible (hold'em with two blinds,
limit or no-limit). Its cards are numbered as pokerfloor's (rank times four plus suit, clubs,
diamonds, hearts, spades) and its full-game actions are ACPC's: 0 folds, 1 checks or calls, and
a larger number raises to that total for the hand. pyspiel itself is not needed here.

OpenSpiel's own ``kuhn_poker`` and ``leduc_poker`` are the variants ``kuhn`` and ``leduc``
(``SPIEL_GAMES``): ``openspiel_card`` and ``small_game_action``/``small_game_move`` translate
their cards and action numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerfloor.acpc.gamedef import Gamedef, GamedefError, parse_gamedef
from pokerfloor.acpc.matchstate import text_of_action
from pokerfloor.cards import Card
from pokerfloor.hand import Hand
from pokerfloor.rules import Game

_FIELDS = ("numPlayers", "numRounds", "stack", "blind", "raiseSize", "firstPlayer", "maxRaises", "numSuits",
           "numRanks", "numHoleCards", "numBoardCards")
_SUBGAME = ("boardCards", "handReaches", "potSize")
"""Parameters that start the game part-way through (a subgame): no pokerfloor game is that."""


def gamedef_from_openspiel(parameters: Mapping[str, object] | str) -> Gamedef:
    """A ``Gamedef`` from ``universal_poker`` parameters: a mapping (``game.get_parameters()``)
    or a game string such as ``"universal_poker(betting=nolimit,numPlayers=2,...)"``."""
    params = _parse_game_string(parameters) if isinstance(parameters, str) else dict(parameters)
    for name in _SUBGAME:
        if params.get(name) not in (None, "", 0):
            raise GamedefError(f"universal_poker's {name} starts a subgame, which no pokerfloor game is")
    lines = ["GAMEDEF", str(params.get("betting", "nolimit"))]
    lines += [f"{name} = {params[name]}" for name in _FIELDS if params.get(name) not in (None, "")]
    return parse_gamedef("\n".join([*lines, "END GAMEDEF"]))


def _parse_game_string(text: str) -> dict[str, object]:
    name, sep, rest = text.strip().partition("(")
    if name != "universal_poker" or (sep and not rest.endswith(")")):
        raise GamedefError(f"not a universal_poker game string: {text!r}")
    params: dict[str, object] = {}
    for item in filter(None, rest[:-1].split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise GamedefError(f"{item!r} in {text!r} is not name=value")
        params[key.strip()] = value.strip()
    return params


def openspiel_parameters(gamedef: Gamedef) -> dict[str, object]:
    """The ``universal_poker`` parameters of a gamedef, full-game betting (every amount):
    ``pyspiel.load_game("universal_poker", openspiel_parameters(gamedef))``."""
    params: dict[str, object] = {"betting": gamedef.betting, "bettingAbstraction": "fullgame"}
    for line in gamedef.text().splitlines():
        key, eq, value = line.partition(" = ")
        if eq:
            params[key] = int(value) if key in ("numPlayers", "numRounds", "numSuits", "numRanks",
                                                 "numHoleCards") else value
    return params


def openspiel_action(hand: Hand, seat: int, kind: str, to: int | None = None) -> int:
    """A hand-API action of ``seat`` as ``universal_poker``'s full-game action number."""
    text = text_of_action(hand, seat, kind, to)
    if text == "f":
        return 0
    if text == "c":
        return 1
    if text == "r":
        raise GamedefError("universal_poker numbers limit raises by their total; give the amount")
    return int(text[1:])


SPIEL_GAMES: dict[str, Game] = {"kuhn_poker": Game.kuhn(), "leduc_poker": Game.leduc()}
"""OpenSpiel's own small games (``pyspiel.load_game("kuhn_poker")``, ``"leduc_poker"``) and
the pokerfloor game each plays move for move (tests/research/test_small_variants.py): the
variants ``kuhn`` and ``leduc`` at their published stakes, dealt to two seats, the button
(player 1) last to act in every round."""

_LEDUC_CODES = {"fold": 0, "check": 1, "call": 1, "bet": 2, "raise": 2}


def game_of_openspiel(name: str) -> Game:
    """The pokerfloor game of OpenSpiel's ``kuhn_poker`` or ``leduc_poker``."""
    game = SPIEL_GAMES.get(name)
    if game is None:
        raise GamedefError(f"no pokerfloor game plays OpenSpiel's {name!r}: {', '.join(SPIEL_GAMES)} do")
    return game


def openspiel_game_name(game: Game) -> str:
    """The OpenSpiel game that plays ``game`` move for move (``"leduc_poker"``), or
    ``GamedefError``; other games go through ``universal_poker`` (``openspiel_parameters``)."""
    for name, theirs in SPIEL_GAMES.items():
        if theirs == game:
            return name
    raise GamedefError(f"OpenSpiel has no game of its own for {game.variant} at these stakes: use universal_poker")


def openspiel_card(game: Game, card: Card) -> int:
    """A card of a small game as OpenSpiel numbers it: its place in the variant's deck."""
    try:
        return game.variant_spec.cards.index(card)
    except ValueError:
        raise GamedefError(f"{card} is not in {game.variant}'s deck") from None


def small_game_action(hand: Hand, kind: str) -> int:
    """An action of the seat to act in a hand of ``kuhn_poker`` or ``leduc_poker`` as OpenSpiel
    numbers it. Leduc: 0 fold, 1 check or call, 2 bet or raise. Kuhn: 0 pass (a check, or a fold
    facing the bet), 1 bet (a bet, or a call of it)."""
    name = openspiel_game_name(hand.game)
    if kind not in _LEDUC_CODES:
        raise GamedefError(f"{kind!r} is not a move of {name}")
    code = _LEDUC_CODES[kind]
    if name == "kuhn_poker":
        return 0 if kind in ("fold", "check") else 1
    return code


def small_game_move(hand: Hand, action: int) -> tuple[str, int | None]:
    """OpenSpiel's action number ``action`` in a hand of ``kuhn_poker`` or ``leduc_poker`` as the
    hand's action and amount (``hand.act(hand.to_act, *move)``), or ``GamedefError`` when the
    hand has no such move open."""
    legal = hand.legal()
    for kind in legal.actions:
        if kind in _LEDUC_CODES and small_game_action(hand, kind) == action:
            amount = legal.bet if kind == "bet" else legal.raise_ if kind == "raise" else None
            return kind, None if amount is None else amount.min_to
    raise GamedefError(f"action {action} is not open in this hand ({', '.join(legal.actions)})")
