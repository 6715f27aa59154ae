"""``pokerfloor acpc-dealer`` and ``pokerfloor acpc-client``: ACPC matches over TCP on
127.0.0.1, with the ACPC dealer's arguments (match name, gamedef file, hands, seed, players)."""

from __future__ import annotations

from pathlib import Path

import typer

from pokerfloor.acpc import Dealer, Match, parse_gamedef, play, style_policy
from pokerfloor.bots import STYLES
from pokerfloor.cli import app


@app.command("acpc-dealer")
def acpc_dealer(
    name: str = typer.Argument(..., help="The match name; the log is NAME.log unless --log says."),
    gamedef: Path = typer.Argument(..., exists=True, dir_okay=False, help="The ACPC gamedef file."),
    hands: int = typer.Argument(..., min=0, help="How many hands to play."),
    seed: int = typer.Argument(..., help="The deck seed (same seed, same deals)."),
    players: list[str] = typer.Argument(..., help="The players' names, in their first hand's positions."),
    t_response: int = typer.Option(60_000, "--t_response", "--t-response", min=1,
                                   help="Milliseconds a player has to answer; then it folds (or checks)."),
    duplicate: bool = typer.Option(False, "--duplicate", help="Play each deal once per seat rotation."),
    log: Path | None = typer.Option(None, "--log", help="Where to write the log (default NAME.log)."),
    resume: bool = typer.Option(False, "--resume", help="Carry on an interrupted match from its log."),
    port: list[int] = typer.Option([], "--port", "-p", help="A port per player (default: any free port)."),
) -> None:
    """Deal an ACPC match on 127.0.0.1: print one port per player, then play and log it."""
    match = Match(name, parse_gamedef(gamedef.read_text()), hands, seed, tuple(players), duplicate)
    dealer = Dealer(match, log or Path(f"{name}.log"), t_response=t_response / 1000, resume=resume)
    ports = dealer.listen(port or None)
    typer.echo(" ".join(map(str, ports)))
    result = dealer.run()
    for player in players:
        typer.echo(f"{player}: {result.scores[player]:+d}")


@app.command("acpc-client")
def acpc_client(
    gamedef: Path = typer.Argument(..., exists=True, dir_okay=False, help="The ACPC gamedef file."),
    host: str = typer.Argument(..., help="The dealer's host."),
    port: int = typer.Argument(..., help="The port the dealer gave this player."),
    style: str = typer.Option("pro", "--style", help=f"The bot's style: {', '.join(STYLES)}."),
    seed: int = typer.Option(0, "--seed", help="Seed of the bot's randomness."),
) -> None:
    """Play a pokerfloor bot against an ACPC dealer until the match ends."""
    seen = play(parse_gamedef(gamedef.read_text()), port, style_policy(style, seed), host=host)
    typer.echo(f"{seen} hands played")
