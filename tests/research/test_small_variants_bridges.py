"""Kuhn poker and Leduc hold'em, as variants of ``pf.Hand``, through the rest of the stack: the
AEC environment, ACPC gamedefs both ways and OpenSpiel's ``universal_poker`` parameters."""

from __future__ import annotations

import random

import pyspiel
import pytest
from pettingzoo.test import api_test

import pokerfloor as pf
from pokerfloor.acpc import GamedefError, gamedef_of, openspiel_game_name, openspiel_parameters, parse_gamedef
from pokerfloor.envs import PokerAECEnv

LEDUC_GAMEDEF = """GAMEDEF
limit
numPlayers = 2
numRounds = 2
blind = 1 1
raiseSize = 2 4
firstPlayer = 1 1
maxRaises = 2 2
numSuits = 2
numRanks = 3
numHoleCards = 1
numBoardCards = 0 1
END GAMEDEF
"""
"""Leduc hold'em as ACPC and OpenSpiel's universal_poker write it: the antes as equal blinds, a bet
of 2 then 4, two bets a round (a bet and a raise), player 1 first in both rounds."""


@pytest.mark.parametrize(("game", "stack"), [(pf.Game.kuhn(), 20), (pf.Game.leduc(), 100),
                                             (pf.Game.rhode_island(), 400)])
def test_the_aec_environment_deals_the_small_games(game: pf.Game, stack: int) -> None:
    api_test(PokerAECEnv(game, players=2, stack=stack), num_cycles=300)
    env = PokerAECEnv(game, players=2, stack=stack, hands=1)
    rng = random.Random(5)
    for seed in range(30):
        env.reset(seed=seed)
        total = 0.0
        for _agent in env.agent_iter():
            observation, reward, done, truncated, info = env.last()
            total += reward
            if done or truncated:
                env.step(None)
                continue
            legal = info["legal"]
            mask = observation["action_mask"]
            assert "fold" not in legal or "check" not in legal   # no fold when a check is free
            env.step(rng.choice([i for i, m in enumerate(mask) if m]))
        assert total == 0   # the chips one player wins the other loses


@pytest.mark.parametrize("game", [pf.Game.kuhn(), pf.Game.leduc()])
def test_a_small_game_goes_through_a_gamedef_and_back(game: pf.Game) -> None:
    gamedef = gamedef_of(game, (100, 100))
    again = parse_gamedef(gamedef.text())
    assert again.game == gamedef.game and again.stacks == (100, 100)
    assert again.game.variant == game.variant
    # OpenSpiel reads the same gamedef as a universal_poker game
    spiel = pyspiel.load_game("universal_poker", openspiel_parameters(gamedef))
    assert spiel.num_players() == 2


def test_acpcs_leduc_gamedef_reads_as_leduc() -> None:
    gamedef = parse_gamedef(LEDUC_GAMEDEF)
    assert gamedef.game == pf.Game.leduc()
    assert openspiel_game_name(gamedef.game) == "leduc_poker"
    assert gamedef.text().replace("stack = 2147483647 2147483647\n", "") == LEDUC_GAMEDEF


def test_a_small_game_acpc_cannot_express_is_refused() -> None:
    with pytest.raises(GamedefError, match="caps the raises"):
        gamedef_of(pf.Game.leduc().with_house(cap_lifted_heads_up=True), (100, 100))
    with pytest.raises(GamedefError, match="equal blind"):
        parse_gamedef(LEDUC_GAMEDEF.replace("blind = 1 1", "blind = 1 2"))
    with pytest.raises(GamedefError, match="not expressible"):   # ACPC would rank its flush above a straight
        gamedef_of(pf.Game.rhode_island(), (500, 500))
    with pytest.raises(GamedefError, match="no game of its own"):
        openspiel_game_name(pf.Game.leduc(ante=2))
