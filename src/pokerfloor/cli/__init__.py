"""The ``pokerfloor`` command. Each sub-command lives in its own module of this package."""

from __future__ import annotations

import typer

from pokerfloor._version import __version__

app = typer.Typer(
    name="pokerfloor",
    help="The poker floor's rulebook: play, replay, verify and benchmark poker hands.",
    no_args_is_help=True,
    add_completion=False,
)


def _print_version(asked: bool) -> None:
    if asked:
        typer.echo(f"pokerfloor {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """The poker floor's rulebook: play, replay, verify and benchmark poker hands."""


def main() -> None:
    """Entry point of the ``pokerfloor`` script."""
    from pokerfloor.cli import (  # noqa: F401 - registers commands
        acpc,
        bench,
        demo,
        equity,
        histories,
        match,
        play,
        serve,
        sim,
        stats,
    )

    app()
