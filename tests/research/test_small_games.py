"""``SmallHand``, a ``pf.Hand`` of Kuhn poker or Leduc hold'em read in OpenSpiel's numbering
(the solvers' and the small environments' view), plays move for move as OpenSpiel's
``kuhn_poker`` and ``leduc_poker`` do: the same player to act, the same moves open, the same
board card and the same winnings, over 2,000 random games each (test_small_variants.py plays
``pf.Hand`` itself over 10,000)."""

from __future__ import annotations

import random

import pyspiel
import pytest

from pokerfloor.errors import IllegalAction, InvalidArgument
from pokerfloor.research.games import KUHN, LEDUC, SmallAction, SmallHand, small_game

LEDUC_MOVES: dict[int, SmallAction] = {0: "fold", 1: "call", 2: "raise"}


def _kuhn_move(action: int, facing: bool) -> SmallAction:
    """OpenSpiel's Kuhn moves are pass (0) and bet (1): a pass facing a bet folds, a bet calls."""
    if action == 0:
        return "fold" if facing else "call"
    return "call" if facing else "raise"


@pytest.mark.parametrize(("name", "game"), [("kuhn_poker", KUHN), ("leduc_poker", LEDUC)])
def test_every_move_is_openspiels(name: str, game: object) -> None:
    spiel = pyspiel.load_game(name)
    rng = random.Random(20261206)
    for _ in range(2_000):
        state = spiel.new_initial_state()
        holes = []
        for _ in range(2):
            card = rng.choice([a for a, _ in state.chance_outcomes()])
            holes.append(card)
            state.apply_action(card)
        hand = SmallHand(game, cards=tuple(holes))  # type: ignore[arg-type]
        while not state.is_terminal():
            if state.is_chance_node():
                card = rng.choice([a for a, _ in state.chance_outcomes()])
                state.apply_action(card)
                hand.deal_board(card)
                continue
            assert hand.to_act == state.current_player()
            facing = "fold" in hand.legal()
            if name == "leduc_poker":
                theirs = {LEDUC_MOVES[a] for a in state.legal_actions()}
            else:
                theirs = {_kuhn_move(a, facing) for a in state.legal_actions()}
            assert set(hand.legal()) == theirs, (hand.infoset(hand.to_act), state)
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            hand.act(hand.to_act, LEDUC_MOVES[action] if name == "leduc_poker" else _kuhn_move(action, facing))
        assert hand.over
        assert hand.returns == tuple(int(r) for r in state.returns())


def test_a_hand_refuses_what_its_rules_do_not_allow_and_stays_as_it_was() -> None:
    hand = SmallHand(LEDUC, cards=(0, 5))
    with pytest.raises(IllegalAction) as ruling:
        hand.act(0, "fold")          # nothing to call: a check is open, a fold is not
    assert ruling.value.reason == "invalid_action"
    with pytest.raises(IllegalAction) as ruling:
        hand.act(1, "call")
    assert ruling.value.reason == "not_your_turn"
    hand.act(0, "raise")
    hand.act(1, "raise")
    assert hand.legal() == ("fold", "call")   # one bet and one raise a round
    assert hand.infoset(0) == "Js:rr"
    with pytest.raises(InvalidArgument):
        SmallHand(LEDUC, cards=(0, 0))
    with pytest.raises(InvalidArgument):
        small_game("holdem")


def test_a_pair_with_the_board_beats_a_higher_card_and_equal_ranks_split() -> None:
    # Leduc: Js pairs the board's Jh and beats the K; two queens split.
    assert LEDUC.strength(0, (1,)) > LEDUC.strength(4, (1,))
    hand = SmallHand(LEDUC, cards=(2, 3, 4))
    for _ in range(2):
        hand.act(0, "call")
        hand.act(1, "call")
    assert hand.returns == (0, 0)
