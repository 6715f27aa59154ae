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


EXAMPLES: dict[str, list[tuple[str, str]]] = {
    "": [
        ("pokerfloor play", "you against five bots, five hands of no-limit hold'em"),
        ("pokerfloor serve --bots 3", "a home game for the browser: your host link and an invite link"),
        ("pokerfloor replay pokerfloor-hands.phhs --hand 2", "the second hand you played, told street by street"),
        ("pokerfloor equity QQ+ AKs", "how often queens or better beat ace-king suited"),
        ("pokerfloor COMMAND --help", "what a command does, its options and examples"),
    ],
    "play": [
        ("pokerfloor play", "five hands of no-limit hold'em 50/100 against five bots, 10,000 each"),
        ("pokerfloor play --game plo --blinds 1k/2k --stack 200k", "pot-limit Omaha at 1,000/2,000"),
        ("pokerfloor play --tournament --seats 4 --stack 1500", "a sit-and-go against three bots, to the end"),
        ("pokerfloor play --watch --hands 3 --seed 4", "a bot plays your seat too: three hands to watch"),
        ("pokerfloor play --bot mybots:min_raiser --bot rock", "your own bot and a rock beside you"),
    ],
    "demo": [("pokerfloor demo --hands 1 --seats 3", "one hand between three bots, every action in words")],
    "replay": [
        ("pokerfloor replay pokerfloor-hands.phhs --hand 2", "the second hand of the file, street by street"),
        ("pokerfloor replay hand.phh --json", "the same as JSON, for programs"),
    ],
    "verify": [("pokerfloor verify hands/", "every hand under the folder replayed, its final stacks compared")],
    "stats": [
        ("pokerfloor stats hands/", "a table of every player of the histories under the folder"),
        ("pokerfloor stats night.txt --html report.html", "the report with sortable tables and curves"),
    ],
    "convert": [
        ("pokerfloor convert night.txt --out night.phhs", "a PokerStars history to PHH"),
        ("pokerfloor convert night.phhs --to pokerstars --out night.txt", "PHH to text a tracker imports"),
    ],
    "equity": [
        ("pokerfloor equity QQ+ AKs", "a range against a range, before the flop"),
        ("pokerfloor equity AhKh 'QQ+, AQs+' --board Qs7s2s", "a hand against a range on a flop"),
        ("pokerfloor equity AhAs2h3s random --game omaha_hilo", "an Omaha hi-lo hand against any hand"),
    ],
    "sim": [("pokerfloor sim --hands 100000 --seats 6", "100,000 random hands at six seats, tallied")],
    "match": [("pokerfloor match pro rock --hands 2000 --duplicate", "pro against rock on 1,000 deals, "
               "each played twice with the seats swapped")],
    "lbr": [("pokerfloor lbr maniac --hands 200", "how much local best response wins from the maniac")],
    "solve": [("pokerfloor solve kuhn --iterations 1000 --save kuhn.json", "Kuhn poker by CFR+, "
               "the strategy saved")],
    "serve": [
        ("pokerfloor serve --bots 3", "a table with three house bots on this computer"),
        ("pokerfloor serve --host 0.0.0.0 --bots 3", "friends on your home network may join"),
        ("pokerfloor serve --tournament turbo --bots 20", "a multi-table turbo with twenty house bots"),
    ],
    "bot": [("pokerfloor bot --url 'http://127.0.0.1:8000/table.html?t=ID' --style maniac",
             "a maniac sits at the table of that invite link")],
    "verify-deal": [("pokerfloor verify-deal hands.json", "each hand of the downloaded session checked")],
    "bench": [("pokerfloor bench --quick", "every benchmark, small and fast"),
              ("pokerfloor bench --only eval --seconds 5", "hand evaluation only, five seconds an engine")],
    "acpc-dealer": [("pokerfloor acpc-dealer MATCH holdem.nolimit.2p.game 1000 7 alice bob",
                     "1,000 hands of deck seed 7 between two players; it prints their ports")],
    "acpc-client": [("pokerfloor acpc-client holdem.nolimit.2p.game 127.0.0.1 PORT --style pro",
                     "a pro bot plays at the port the dealer gave")],
}
"""Each command's examples in ``--help`` (its epilog), a command line and what it does ("":
``pokerfloor --help``)."""


def _examples(command: Any, name: str) -> None:
    lines = EXAMPLES.get(name)
    if lines and not command.epilog:
        command.epilog = "**Examples**\n\n" + "\n\n".join(f"`{line}`: {words}." for line, words in lines)


class _Commands(TyperGroup):
    """The command group: flags without types, and examples, in every ``--help``."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:
            _untyped_flags(command, ctx)
            _examples(command, name or "")
        return name, command, rest

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _untyped_flags(self, ctx)
        _examples(self, "")
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
