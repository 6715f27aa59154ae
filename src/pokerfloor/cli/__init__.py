"""The ``pokerfloor`` command. Each sub-command lives in its own module of this package.

typer and rich are the package's own dependencies, so a bare ``pip install pokerfloor`` has the
command: ``--help``, ``--version`` and every command that needs nothing more (play, demo, match,
replay, verify, stats, convert, verify-deal, the ACPC dealer and client) run; a command that needs
an extra says which in one line and exits with status 2 (``EXTRAS``)."""

from __future__ import annotations

import sys
from typing import Any

import typer
from typer.core import TyperGroup


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


EXTRAS: dict[str, tuple[str, str]] = {
    "numpy": ("numpy", "fast"),
    "websockets": ("websockets", "bot"),
    "numba": ("numba", "fast"),
    "matplotlib": ("matplotlib", "plot"),
    "gymnasium": ("gymnasium", "envs"),
    "pettingzoo": ("pettingzoo", "envs"),
    "starlette": ("starlette", "server"),
    "uvicorn": ("uvicorn", "server"),
    "sqlalchemy": ("sqlalchemy", "server"),
    "alembic": ("alembic", "server"),
    "psycopg": ("psycopg", "postgres"),
    "httpx": ("httpx", "test"),
    "orjson": ("orjson", "server"),
    "ray": ("ray", "ray"),
    "playwright": ("playwright", "browser"),
    "pokerkit": ("pokerkit", "bench"),
    "eval7": ("eval7", "bench"),
    "phevaluator": ("phevaluator", "bench"),
    "treys": ("treys", "bench"),
    "texasholdem": ("texasholdem", "bench"),
    "rlcard": ("rlcard", "bench"),
    "pyspiel": ("open-spiel", "bench"),
}
"""The modules that come with an extra (``pip install 'pokerfloor[extra]'``): each with the
package that brings it and the extra a command that misses it is told to install."""

LIGHTER: dict[tuple[str, str], str] = {("equity", "numpy"): "equity"}
"""A command that needs less of an extra than ``EXTRAS`` names, with the smaller extra enough for
it: ``pokerfloor equity`` runs on numpy alone (the ``equity`` extra; numba, of ``fast``, compiles
its loops)."""

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
        from pokerfloor._build import build_info

        typer.echo(str(build_info()))
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True,
        help="Print the version and which build is loaded (compiled or pure-Python hand engine), and exit.",
    ),
) -> None:
    """The poker floor's rulebook: play, replay, verify and benchmark poker hands."""


def missing_extra(error: ModuleNotFoundError) -> str | None:
    """The one line that says which extra brings the module ``error`` misses (``None`` for a
    module no extra brings: a real fault, left to raise)."""
    root = (error.name or "").split(".")[0]
    if root not in EXTRAS:
        return None
    package, extra = EXTRAS[root]
    command = next((word for word in sys.argv[1:] if not word.startswith("-")), "")
    extra = LIGHTER.get((command, root), extra)
    who = f"pokerfloor {command}".rstrip()
    return f"error: {who} needs {package}, from the {extra} extra: pip install 'pokerfloor[{extra}]'"


def main() -> None:
    """Entry point of the ``pokerfloor`` script. A command that needs an extra not installed
    says in one line which one to install and exits with status 2, never with a traceback."""
    try:
        from pokerfloor.cli import (  # noqa: F401 - registers commands
            acpc,
            bench,
            demo,
            equity,
            histories,
            lbr,
            match,
            play,
            serve,
            sim,
            solve,
            stats,
        )

        app()
    except ModuleNotFoundError as error:
        line = missing_extra(error)
        if line is None:
            raise
        typer.echo(line, err=True)
        raise SystemExit(2) from None
