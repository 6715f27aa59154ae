"""The commands say things the way a player reads them (issue: the first hour, words)."""

from __future__ import annotations

import importlib
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pokerfloor as pf
from pokerfloor.cli import app, shortcuts
from pokerfloor.cli.table_view import render
from pokerfloor.io import export, phh

COMMANDS = ["play", "demo", "replay", "verify", "match", "bench", "equity", "sim", "stats", "convert", "serve",
            "bot", "verify-deal", "acpc-dealer", "acpc-client", "lbr", "solve"]


def _registered() -> None:
    """Every command module imported, as ``pokerfloor.cli.main`` does before it runs."""
    for name in ("acpc", "bench", "demo", "equity", "histories", "lbr", "match", "play", "serve", "sim", "solve",
                 "stats"):
        importlib.import_module(f"pokerfloor.cli.{name}")


@pytest.mark.parametrize("command", [[], *[[name] for name in COMMANDS]])
def test_help_tags_no_flag_with_a_type(command: list[str]) -> None:
    _registered()
    result = CliRunner().invoke(app, [*command, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.output
    assert "--help" in result.output


def test_no_help_text_is_eaten_by_the_markdown_rendering() -> None:
    """--help renders Markdown: ``10**6`` in a help text came out as "106", the 6 in bold."""
    import typer.main

    _registered()
    group = typer.main.get_command(app)
    for name in COMMANDS:
        for param in group.commands[name].params:  # type: ignore[attr-defined]
            text = getattr(param, "help", None) or ""
            assert "**" not in text and "__" not in text, (name, param.name, text)
    result = CliRunner().invoke(app, ["bench", "--help"], terminal_width=200)
    assert "1,000,000" in result.output


def test_every_help_ends_with_examples_whose_options_exist() -> None:
    """Each command's --help shows examples in words (``cli.EXAMPLES``), and each example names
    only the command's own options (a renamed option fails here)."""
    import typer.main

    from pokerfloor.cli import EXAMPLES

    _registered()
    group = typer.main.get_command(app)
    assert set(EXAMPLES) == {"", *group.commands}   # type: ignore[attr-defined]
    for name, examples in EXAMPLES.items():
        command = group if not name else group.commands[name]   # type: ignore[attr-defined]
        options = {flag for param in command.params for flag in (*param.opts, *param.secondary_opts)} | {"--help"}
        for line, words in examples:
            assert line.startswith(f"pokerfloor {name}".rstrip()) and words, line
            flags = [word.split("=")[0] for word in line.split() if word.startswith("--")]
            assert name == "" or set(flags) <= options, (line, set(flags) - options)
        shown = CliRunner().invoke(app, [*([name] if name else []), "--help"], terminal_width=200).output
        assert "Examples" in shown and examples[0][1] in " ".join(shown.split()), name


def test_a_command_summary_is_one_sentence_not_cut_by_its_docstring() -> None:
    _registered()
    result = CliRunner().invoke(app, ["--help"], terminal_width=200)
    assert "at a table drawn in the terminal" in result.output
    assert "the tally is the same" in result.output


def test_a_mistyped_word_gets_a_did_you_mean() -> None:
    hand = pf.Hand(pf.Game.no_limit_holdem(50, 100), {1: 10_000, 2: 10_000}, button=1, rng=random.Random(1))
    with pytest.raises(ValueError, match="Did you mean call"):
        shortcuts.read("cal", hand.legal(), pot=hand.total_pot, current_bet=hand.bets[1])


def test_too_big_a_raise_is_answered_as_the_player_sees_the_stack() -> None:
    """9,950 behind and 50 in: the most is a raise to 10,000, all-in, said in those words."""
    hand = pf.Hand(pf.Game.no_limit_holdem(50, 100), {1: 10_000, 2: 10_000}, button=1, rng=random.Random(1))
    with pytest.raises(pf.IllegalAction) as ruling:
        hand.act(1, "raise", to=20_000)
    assert ruling.value.reason == "above_stack"
    assert "9,950 chips behind" in ruling.value.message
    assert "the most you can raise to is 10,000 (all-in)" in ruling.value.message


def test_the_turn_line_names_the_draw_in_words() -> None:
    game = pf.Game(variant="deuce_seven_triple", structure="fixed_limit", small_blind=50, big_blind=100)
    hand = pf.Hand(game, {1: 10_000, 2: 10_000}, button=1, rng=random.Random(3))
    hand.act(1, "call")
    hand.act(2, "check")
    assert hand.street == "draw1"
    from rich.console import Console

    console = Console(width=120, record=True)
    console.print(render(hand.view(1), {1: "You", 2: "Rock"}, title="t", log=[]))
    text = console.export_text()
    assert "(first draw)" in text and "draw1" not in text


def test_replay_of_a_saved_hand_has_no_format_code_nor_engine_notes(tmp_path: Path) -> None:
    hand = pf.Hand(pf.Game.no_limit_holdem(50, 100), {1: 1_000, 2: 1_000}, button=1, rng=random.Random(4))
    hand.act(1, "all_in")
    hand.act(2, "call")
    assert hand.is_over
    path = tmp_path / "saved.phhs"
    phh.append(export.history_of(hand, players=["You", "Rock"], hand=1), path, "1")
    result = CliRunner().invoke(app, ["replay", str(path)], terminal_width=120)
    assert result.exit_code == 0, result.output
    header = result.output.splitlines()[0]
    assert "no-limit Texas hold'em" in header and "NT" not in header
    assert "after the end of the hand" not in result.output
    assert "You are dealt" in result.output and "You i " not in result.output
