"""OpenSpiel's ``universal_poker``: its parameters to and from a pokerfloor game.

``universal_poker`` is built on the ACPC game definition: its parameters are the gamedef's
fields (``betting``, ``numPlayers``, ``blind``, ``stack``, ``firstPlayer`` ...), so a game
goes through ``Gamedef`` both ways and the same games are expressible (hold'em with two blinds,
limit or no-limit). Its cards are numbered as pokerfloor's (rank times four plus suit, clubs,
diamonds, hearts, spades) and its full-game actions are ACPC's: 0 folds, 1 checks or calls, and
a larger number raises to that total for the hand. pyspiel itself is not needed here.
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerfloor.acpc.gamedef import Gamedef, GamedefError, parse_gamedef
from pokerfloor.acpc.matchstate import text_of_action
from pokerfloor.hand import Hand

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
