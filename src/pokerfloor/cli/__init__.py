"""The ``pokerfloor`` command. Each sub-command lives in its own module of this package."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="pokerfloor",
    help="The poker floor's rulebook: play, replay, verify and benchmark poker hands.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def root() -> None:
    """The poker floor's rulebook: play, replay, verify and benchmark poker hands."""


def main() -> None:
    """Entry point of the ``pokerfloor`` script."""
    import pokerfloor.cli.equity
    import pokerfloor.cli.sim
    import pokerfloor.cli.stats  # noqa: F401 - registers the analysis commands (equity, sim, stats)
    from pokerfloor.cli import bench, demo, histories, play  # noqa: F401 - registers commands

    app()
