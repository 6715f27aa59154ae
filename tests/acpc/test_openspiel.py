"""OpenSpiel's universal_poker: parameters to and from pokerfloor games, and the same hands
played through both engines, compared at every decision and at the end."""

from __future__ import annotations

import random

import pyspiel
import pytest

import pokerfloor as pf
from pokerfloor import acpc

HU = acpc.gamedef_of(pf.Game.no_limit_holdem(50, 100), (20_000, 20_000))


def test_parameters_go_both_ways() -> None:
    params = acpc.openspiel_parameters(HU)
    assert params["blind"] == "100 50" and params["firstPlayer"] == "2 1 1 1"
    game = pyspiel.load_game("universal_poker", params)
    assert acpc.gamedef_from_openspiel(game.get_parameters()) == HU
    assert acpc.gamedef_from_openspiel(str(game)) == HU


def test_limit_parameters_go_both_ways() -> None:
    gamedef = acpc.gamedef_of(pf.Game.fixed_limit_holdem(10, 20).with_house(cap_lifted_heads_up=False), (500,) * 3)
    game = pyspiel.load_game("universal_poker", acpc.openspiel_parameters(gamedef))
    assert acpc.gamedef_from_openspiel(game.get_parameters()).text() == gamedef.text()   # cap 3 is the rulebook's


def test_a_subgame_is_not_a_pokerfloor_game() -> None:
    params = {**acpc.openspiel_parameters(HU), "boardCards": "7s8s9s"}
    with pytest.raises(acpc.GamedefError, match="subgame"):
        acpc.gamedef_from_openspiel(params)


def test_other_games_are_refused() -> None:
    three_cards = "universal_poker(betting=limit,numPlayers=2,numRounds=1,blind=1 1,raiseSize=1,firstPlayer=1," \
                  "maxRaises=1,numSuits=1,numRanks=3,numHoleCards=2,numBoardCards=0,stack=2 2)"
    with pytest.raises(acpc.GamedefError, match="hold'em"):
        acpc.gamedef_from_openspiel(three_cards)


def test_universal_pokers_kuhn_is_kuhn_poker() -> None:
    kuhn = "universal_poker(betting=limit,numPlayers=2,numRounds=1,blind=1 1,raiseSize=1,firstPlayer=1,maxRaises=1," \
           "numSuits=1,numRanks=3,numHoleCards=1,numBoardCards=0,stack=2 2)"
    gamedef = acpc.gamedef_from_openspiel(kuhn)
    assert gamedef.game == pf.Game.kuhn() and gamedef.stacks == (2, 2)


def _acpc_betting(state: pyspiel.State) -> str:
    """The betting of OpenSpiel's own ACPC state line (in the state's text)."""
    line = next(x for x in str(state).splitlines() if x.startswith("ACPC State: "))
    return line.split(":")[3]


@pytest.mark.parametrize("seed", range(30))
def test_the_same_hands_play_the_same_in_openspiel(seed: int) -> None:
    rng = random.Random(seed)
    players = 2 + seed % 5
    gamedef = acpc.gamedef_of(pf.Game.no_limit_holdem(5, 10), (rng.choice([200, 1_000, 5_000]),) * players)
    deck = pf.Deck(rng).deal(2 * players + 5)
    holes = {k + 1: deck[2 * k : 2 * k + 2] for k in range(players)}
    board = deck[2 * players :]
    hand = pf.Hand(gamedef.game, {k + 1: s for k, s in enumerate(gamedef.stacks)}, button=players,
                   holes=holes, board=board)
    state = pyspiel.load_game("universal_poker", acpc.openspiel_parameters(gamedef)).new_initial_state()
    dealt = iter([int(c) for k in range(players) for c in holes[k + 1]] + [int(c) for c in board])
    while not hand.is_over:
        while state.is_chance_node():
            state.apply_action(next(dealt))
        seat = hand.to_act
        assert seat is not None and state.current_player() == seat - 1
        legal = hand.legal()
        theirs = state.legal_actions()
        assert (0 in theirs) == legal.fold
        option = legal.bet or legal.raise_
        raises = [a for a in theirs if a > 1]
        if option is None:
            assert not raises
        else:
            assert (raises[0], raises[-1]) == (acpc.openspiel_action(hand, seat, "raise", option.min_to),
                                               acpc.openspiel_action(hand, seat, "raise", option.max_to))
        roll = rng.random()
        if option is not None and roll < 0.35:
            action: tuple[str, int | None] = ("raise", rng.randint(option.min_to, option.max_to))
        elif legal.fold and roll < 0.5:
            action = ("fold", None)
        else:
            action = ("check" if legal.check else "call", None)
        state.apply_action(acpc.openspiel_action(hand, seat, *action))
        hand.act(seat, *action)
    while state.is_chance_node():
        state.apply_action(next(dealt))
    assert state.is_terminal()
    assert hand.result is not None
    assert [int(r) for r in state.returns()] == [hand.result.net[k + 1] for k in range(players)]
    assert _acpc_betting(state) == acpc.betting_of(hand)
