"""``pokerfloor lbr BOT``: a bot's local-best-response exploitability (``pokerfloor.research.lbr``)
in milli-big-blinds a hand, with its 95% interval."""

from __future__ import annotations

import json
import random

import typer

from pokerfloor.bots import STYLES, load_bot
from pokerfloor.cli import app
from pokerfloor.cli.match import importable_here


@app.command("lbr")
def lbr_command(
    bot: str = typer.Argument(
        ..., help=f"The bot: a style ({', '.join(STYLES)}), always-call, always-raise, or package.module:Name."
    ),
    hands: int = typer.Option(200, "--hands", "-n", min=2, help="How many hands LBR plays against it."),
    seed: int = typer.Option(0, "--seed", help="Seed of the deals and the bot."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """How much local best response (Lisý and Bowling 2017) wins from a heads-up no-limit bot:
    a lower bound on its exploitability (no-limit hold'em 50/100, 100 big blinds deep)."""
    from pokerfloor.research.lbr import local_best_response

    try:
        importable_here()
        score = local_best_response(load_bot(bot, random.Random(f"{seed}:bot")), hands, seed=seed)
    except ValueError as bad:
        raise typer.BadParameter(str(bad)) from None
    if as_json:
        typer.echo(json.dumps({"bot": bot, "hands": score.hands, "mbb_per_hand": score.mbb_per_hand,
                               "low": score.low, "high": score.high}, indent=2))
        return
    typer.echo(f"{bot}: {score}")
