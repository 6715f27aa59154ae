"""The ACPC protocol: gamedefs, MATCHSTATE strings, STATE logs, a dealer and a client.

See docs/acpc.md. Only the standard library is needed.
"""

from pokerfloor.acpc.client import Policy, answer, play, style_policy
from pokerfloor.acpc.dealer import Dealer, Match, MatchLogError, MatchResult, resume_point
from pokerfloor.acpc.gamedef import Gamedef, GamedefError, gamedef_of, parse_gamedef
from pokerfloor.acpc.matchstate import (
    LoggedHand,
    MatchState,
    MatchStateError,
    action_of_text,
    betting_of,
    hand_of,
    matchstate_of,
    parse_matchstate,
    parse_response,
    read_states,
    state_line,
    text_of_action,
)
from pokerfloor.acpc.openspiel import (
    SPIEL_GAMES,
    game_of_openspiel,
    gamedef_from_openspiel,
    openspiel_action,
    openspiel_card,
    openspiel_game_name,
    openspiel_parameters,
    small_game_action,
    small_game_move,
)

__all__ = [
    "SPIEL_GAMES",
    "Dealer",
    "Gamedef",
    "GamedefError",
    "LoggedHand",
    "Match",
    "MatchLogError",
    "MatchResult",
    "MatchState",
    "MatchStateError",
    "Policy",
    "action_of_text",
    "answer",
    "betting_of",
    "game_of_openspiel",
    "gamedef_from_openspiel",
    "gamedef_of",
    "hand_of",
    "matchstate_of",
    "openspiel_action",
    "openspiel_card",
    "openspiel_game_name",
    "openspiel_parameters",
    "parse_gamedef",
    "parse_matchstate",
    "parse_response",
    "play",
    "read_states",
    "resume_point",
    "small_game_action",
    "small_game_move",
    "state_line",
    "style_policy",
    "text_of_action",
]
