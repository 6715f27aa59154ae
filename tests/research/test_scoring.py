"""Scoring a bot in the full game: local best response (Lisý and Bowling 2017) and AIVAT's
chance terms (Burch et al. 2018) beside the plain and duplicate scores."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from pokerfloor.bots import always_call, load_bot, make_bot
from pokerfloor.errors import InvalidArgument
from pokerfloor.hand import Hand
from pokerfloor.research.aivat import aivat_match, chance_terms
from pokerfloor.research.lbr import local_best_response
from pokerfloor.rules import Game


def test_lbr_beats_the_always_call_and_always_raise_bots_by_many_big_blinds_and_a_better_bot_by_less() -> None:
    calls = local_best_response(load_bot("always-call"), 60, seed=1)
    raises = local_best_response(load_bot("always-raise"), 60, seed=1)
    pro = local_best_response(load_bot("pro", random.Random(1)), 60, seed=1)
    assert calls.low > 5_000 and raises.low > 1_000       # milli-big-blinds a hand
    assert pro.mbb_per_hand > 0 and pro.high < calls.low


def test_the_baselines_never_fold_and_the_raiser_raises_the_pot() -> None:
    hand = Hand(Game.no_limit_holdem(50, 100), {1: 10_000, 2: 10_000}, button=2, rng=random.Random(4))
    assert always_call(hand.view(hand.to_act)) == ("call", None)
    raiser = load_bot("always-raise")
    kind, to = raiser.choose(hand.view(hand.to_act))  # type: ignore[misc]
    # The button's small blind of 50 faces 100: the call makes a pot of 200, raised by 200 more.
    assert kind == "raise" and to == 100 + 200


def test_the_chance_terms_are_the_pot_times_each_equity_change() -> None:
    # A hand checked down: the only pot is the blinds; each street's term is the blinds times the
    # equity it moved, and all of them together take the hand's result back to its mean.
    hand = Hand(Game.no_limit_holdem(50, 100), {1: 10_000, 2: 10_000}, button=2, rng=random.Random(9),
                holes={1: "AhAd", 2: "7c2d"}, board="AsKd3c9h2h")
    while not hand.is_over:
        legal = hand.legal()
        hand.act(hand.to_act, "check" if legal.check else "call")
    terms = chance_terms(hand, 1, [(0, 150), (3, 200), (4, 200), (5, 200)])
    # Player 1 wins for sure by the river (equity 1); AA against 72o pre-flop is about 0.88.
    assert terms == pytest.approx(150 * (0.8762 - 0.5) + 200 * (1 - 0.8762), abs=1.0)


def test_aivat_narrows_the_interval_of_the_duplicate_score_on_the_same_hands() -> None:
    a, b = make_bot("maniac", "maniac", random.Random(1)), make_bot("rock", "rock", random.Random(2))
    scores = aivat_match(a, b, 200, seed=3)
    assert scores.plain.hands == scores.duplicate.hands == scores.aivat.hands == 200
    assert scores.plain.chips == scores.duplicate.chips
    assert scores.narrowing > 1.2


def test_bad_matches_are_refused() -> None:
    a = load_bot("always-call")
    with pytest.raises(InvalidArgument):
        aivat_match(a, a, 3)
    with pytest.raises(InvalidArgument):
        local_best_response(a, 10, game=Game.pot_limit_omaha(1, 2))


def test_the_commands() -> None:
    run = subprocess.run([sys.executable, "-c", "from pokerfloor.cli import main; main()", "lbr", "always-call",
                          "--hands", "4", "--json"], capture_output=True, text=True, check=True)
    assert json.loads(run.stdout)["hands"] == 4
    run = subprocess.run([sys.executable, "-c", "from pokerfloor.cli import main; main()", "match", "maniac", "rock",
                          "--hands", "20", "--aivat"], capture_output=True, text=True, check=True)
    assert "aivat" in run.stdout and "duplicate" in run.stdout and "times narrower" in run.stdout
