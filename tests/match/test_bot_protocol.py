"""The ``Bot`` protocol: a function or an object of a ``SeatView`` returning an action, found by
``package.module:Name`` for ``pokerfloor play --bot`` and ``pokerfloor match``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerfloor.bots import Bot, FunctionBot, as_bot, bot_act, bot_name, decide, load_bot
from pokerfloor.cli import app
from pokerfloor.cli import match as _registers_match  # noqa: F401
from pokerfloor.cli import play as _registers_play  # noqa: F401
from pokerfloor.errors import IllegalAction
from pokerfloor.hand import Hand, SeatView
from pokerfloor.match import play_match
from pokerfloor.rules import Game

MODULE = """
def caller(view):
    return "check" if view.legal.check else "call"


class Raiser:
    name = "Raiser"

    def choose(self, view):
        legal = view.legal
        span = legal.bet or legal.raise_
        if span is not None:
            return ("bet" if legal.bet else "raise"), span.min_to
        return "check" if legal.check else "call"


def drawer(view):
    legal = view.legal
    if legal.draw is not None:
        return "draw", None, [str(c) for c in view.hole[:2]]
    return "check" if legal.check else "call"
"""


@pytest.fixture
def my_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module ``my_bots_<n>`` of bots in the current folder, as a user would write one."""
    name = f"my_bots_{random.randrange(1 << 30)}"
    (tmp_path / f"{name}.py").write_text(MODULE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


def test_a_function_of_a_seat_view_is_a_bot(my_bots: str) -> None:
    bot = load_bot(f"{my_bots}:caller")
    assert isinstance(bot, FunctionBot) and bot_name(bot) == "caller"
    hand = Hand(Game.no_limit_holdem(1, 2), {1: 100, 2: 100}, button=2, rng=random.Random(1))
    event = bot_act(bot, hand, 2)
    assert event.kind == "call"


def test_a_class_is_made_and_an_object_with_choose_is_a_bot(my_bots: str) -> None:
    bot = load_bot(f"{my_bots}:Raiser")
    assert isinstance(bot, Bot) and bot_name(bot) == "Raiser"
    hand = Hand(Game.no_limit_holdem(1, 2), {1: 100, 2: 100}, button=2, rng=random.Random(1))
    bot_act(bot, hand, 2)
    assert hand.view(None).bets[2] == 4


def test_a_draw_bot_returns_its_discards(my_bots: str) -> None:
    bot = load_bot(f"{my_bots}:drawer")
    game = Game(variant="five_card_draw", structure="no_limit", small_blind=1, big_blind=2)
    hand = Hand(game, {1: 100, 2: 100}, button=2, rng=random.Random(2))
    while hand.legal().draw is None:
        seat = hand.to_act
        assert seat is not None
        bot_act(bot, hand, seat)
    seat = hand.to_act
    assert seat is not None
    thrown = hand.view(seat).hole[:2]
    assert bot_act(bot, hand, seat).kind == "draw"
    assert not set(thrown) & set(hand.view(seat).hole)


def test_a_style_name_is_a_bot_too() -> None:
    assert bot_name(load_bot("rock", random.Random(0))) == "rock"


@pytest.mark.parametrize("spec", ["no_such_module_here:bot", "random:no_such_name", "chess"])
def test_an_unknown_bot_is_a_clear_value_error(spec: str) -> None:
    with pytest.raises(ValueError):
        load_bot(spec)


def test_a_bot_that_returns_no_action_is_refused_and_the_hand_is_unchanged() -> None:
    hand = Hand(Game.no_limit_holdem(1, 2), {1: 100, 2: 100}, button=2, rng=random.Random(1))
    for junk in (42, ("raise", "lots"), ("raise", True), ()):
        with pytest.raises(ValueError):
            decide(as_bot(lambda view, junk=junk: junk), hand.view(2))
    with pytest.raises(IllegalAction):
        bot_act(as_bot(lambda view: ("raise", 3)), hand, 2)
    assert hand.view(None).bets == {1: 2, 2: 1}


def test_something_else_is_not_a_bot() -> None:
    with pytest.raises(ValueError):
        as_bot(3)


def test_a_function_bot_plays_a_match(my_bots: str) -> None:
    def folder(view: SeatView) -> str:
        return "check" if view.legal is not None and view.legal.check else "fold"

    score = play_match(load_bot(f"{my_bots}:caller"), as_bot(folder), 20, duplicate=True)
    assert score.chips > 0 and score.hands == 20


def test_pokerfloor_match_takes_package_module_name_bots(my_bots: str) -> None:
    result = CliRunner().invoke(app, ["match", f"{my_bots}:Raiser", "station", "--hands", "20", "--duplicate"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{my_bots}:Raiser against station:") and "bb/100" in result.output


def test_pokerfloor_match_refuses_a_bot_it_cannot_find() -> None:
    result = CliRunner().invoke(app, ["match", "nowhere_at_all:Bot", "rock", "--hands", "4"])
    assert result.exit_code == 2 and "nowhere_at_all" in result.output


def test_pokerfloor_play_seats_your_bot(my_bots: str, tmp_path: Path) -> None:
    save = tmp_path / "hands.phhs"
    arguments = ["play", "--watch", "-n", "2", "--seed", "5", "--seats", "3", "--save", str(save)]
    result = CliRunner().invoke(app, [*arguments, "--bot", f"{my_bots}:Raiser", "--bot", f"{my_bots}:caller"])
    assert result.exit_code == 0, result.output
    assert "Raiser" in result.output and "caller" in result.output
    assert "Hands played: 2" in result.output


def test_pokerfloor_play_refuses_a_bot_it_cannot_find(tmp_path: Path) -> None:
    save = tmp_path / "hands.phhs"
    result = CliRunner().invoke(app, ["play", "--watch", "--save", str(save), "--bot", "nowhere_at_all:Bot"])
    assert result.exit_code == 2 and "nowhere_at_all" in result.output
