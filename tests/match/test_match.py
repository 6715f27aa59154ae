"""Two bots scored heads-up: duplicate deals cancel the cards' luck, bb/100 and its interval
are computed from independent samples, and ``pokerfloor match`` prints the score."""

from __future__ import annotations

import math
import random

import pytest
from typer.testing import CliRunner

from pokerfloor.bots import Decision, make_bot
from pokerfloor.cli import app
from pokerfloor.cli import match as match_command  # noqa: F401 - registers the command
from pokerfloor.hand import SeatView
from pokerfloor.match import play_match, score_samples


class CallingStation:
    name = "calls"

    def choose(self, view: SeatView) -> Decision:
        assert view.legal is not None
        return ("check" if view.legal.check else "call"), None


class Folder:
    name = "folds"

    def choose(self, view: SeatView) -> Decision:
        assert view.legal is not None
        return ("check" if view.legal.check else "fold"), None


def test_duplicate_deals_cancel_the_cards_between_equal_bots() -> None:
    score = play_match(CallingStation(), CallingStation(), 200, duplicate=True, seed=4)
    assert (score.chips, score.bb_per_100, score.low, score.high) == (0, 0.0, 0.0, 0.0)


def test_without_duplicate_equal_bots_still_win_and_lose_by_the_cards() -> None:
    score = play_match(CallingStation(), CallingStation(), 200, seed=4)
    assert score.low < 0 < score.high and score.high > score.low


def test_a_bot_that_always_folds_loses_its_blinds() -> None:
    score = play_match(CallingStation(), Folder(), 100, duplicate=True)
    # the folder gives up its small blind on the button and checks down from the big blind
    assert score.bb_per_100 > 0 and score.hands == 100


def test_bb_per_100_and_its_interval() -> None:
    score = score_samples([100, -100, 100, -100], 1, 100)
    half_width = 1.959964 * math.sqrt(40_000 / 3) / 2 * 100 / 100
    assert score.bb_per_100 == 0 and score.high == pytest.approx(half_width) and score.low == -score.high


def test_a_duplicate_match_has_an_even_number_of_hands() -> None:
    with pytest.raises(ValueError, match="even"):
        play_match(make_bot("rock", "a", random.Random(1)), make_bot("pro", "b", random.Random(2)), 5, duplicate=True)


def test_the_match_command_prints_the_score() -> None:
    result = CliRunner().invoke(app, ["match", "pro", "station", "--hands", "40", "--duplicate", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("pro against station: ") and "bb/100 (95% interval" in result.output
    again = CliRunner().invoke(app, ["match", "pro", "station", "--hands", "40", "--duplicate", "--seed", "3"])
    assert again.output == result.output
    refused = CliRunner().invoke(app, ["match", "pro", "shark", "--hands", "40"])
    assert refused.exit_code != 0
