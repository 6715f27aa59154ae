"""The ``pokerfloor`` command. Each sub-command lives in its own module of this package."""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperGroup

from pokerfloor._version import __version__


def _untyped_flags(command: Any, context: Any) -> None:
    """An on/off flag shows no type in ``--help`` (typer would write ``--watch <bool>``)."""
    helper = command.get_help_option(context)
    for param in [*command.params, *([helper] if helper is not None else [])]:
        if getattr(param, "is_flag", False):
            param.metavar = ""


class _Commands(TyperGroup):
    """The command group: flags without types in every ``--help``."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:
            _untyped_flags(command, ctx)
        return name, command, rest

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _untyped_flags(self, ctx)
        super().format_help(ctx, formatter)


app = typer.Typer(
    cls=_Commands,
    rich_markup_mode="markdown",
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
