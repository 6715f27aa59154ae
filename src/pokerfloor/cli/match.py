"""``pokerfloor match A B``: two bots heads-up (styles of ``pokerfloor.bots`` or your own as
``package.module:Name``), scored in big blinds per 100 hands with a 95% confidence interval."""

from __future__ import annotations

import os
import random
import sys

import typer

from pokerfloor.bots import STYLES, load_bot
from pokerfloor.cli import app
from pokerfloor.match import play_match


@app.command("match")
def match(
    a: str = typer.Argument(..., help=f"The first bot: a style ({', '.join(STYLES)}), always-call, "
                         "always-raise, or package.module:Name."),
    b: str = typer.Argument(..., help="The second bot, the same way."),
    hands: int = typer.Option(1_000, "--hands", "-n", min=2, help="How many hands (even with --duplicate)."),
    duplicate: bool = typer.Option(False, "--duplicate", help="Play each deal twice, seats swapped."),
    seed: int = typer.Option(0, "--seed", help="Seed of the deals and the bots."),
    aivat: bool = typer.Option(False, "--aivat", help="Play duplicate pairs and add the AIVAT score (needs numpy)."),
) -> None:
    """Score bot A against bot B heads-up (no-limit hold'em 50/100, 100 big blinds deep)."""
    try:
        importable_here()
        bot_a = load_bot(a, random.Random(f"{seed}:a"))
        bot_b = load_bot(b, random.Random(f"{seed}:b"))
        if aivat:
            from pokerfloor.research.aivat import aivat_match

            scores = aivat_match(bot_a, bot_b, hands, seed=seed)
            typer.echo(f"{a} against {b}:\n{scores}")
            return
        score = play_match(bot_a, bot_b, hands, duplicate=duplicate, seed=seed)
    except ValueError as bad:
        raise typer.BadParameter(str(bad)) from None
    typer.echo(f"{a} against {b}: {score}")


def importable_here() -> None:
    """Let ``--bot mybot:Bot`` find ``mybot.py`` in the current folder, as ``python -m`` would."""
    here = os.getcwd()
    if here not in sys.path:
        sys.path.insert(0, here)
