"""``pokerfloor serve``: the home-game server (docs/protocol.md)."""

from __future__ import annotations

import os
import signal
from typing import Annotated, Any

import typer

from pokerfloor.cli import app

KILL_AT = "POKERFLOOR_SERVE_KILL_AT"


def _kill_hook() -> Any:
    """For the fault tests: ``POKERFLOOR_SERVE_KILL_AT=point:N`` kills this process (SIGKILL)
    at the Nth time an input reaches the named point: ``stored`` or ``broadcast``, alone or with
    the moment, as in ``stored/mid_street`` (``Server.hook`` names them)."""
    spec = os.environ.get(KILL_AT)
    if not spec:
        return None
    point, _, count = spec.partition(":")
    left = [int(count or 1)]

    def hook(reached: str, _entry: dict[str, Any]) -> None:
        if reached == point or reached.startswith(point + "/"):
            left[0] -= 1
            if left[0] <= 0:
                os.kill(os.getpid(), signal.SIGKILL)

    return hook


@app.command("serve")
def serve_command(
    db: Annotated[str, typer.Option("--db", help="SQLAlchemy URL of the store.")] = "sqlite:///pokerfloor.db",
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    origin: Annotated[list[str] | None, typer.Option("--origin", help="Another web origin allowed.")] = None,
    flood: Annotated[int, typer.Option("--flood", help="Frames a second a client may send.")] = 40,
    bots: Annotated[int, typer.Option("--bots", help="Open a table with this many house bots.")] = 0,
    rate_limits: Annotated[
        bool, typer.Option("--rate-limits/--no-rate-limits",
                           help="Limit tables and seat requests per address, chat per seat (off: benches).")
    ] = True,
) -> None:
    """Run the home-game server: private tables by link, WebSockets, every input stored."""
    try:
        import uvicorn

        from pokerfloor.server import create_app
        from pokerfloor.server.limits import DEFAULT_RATES, UNLIMITED
        from pokerfloor.server.process import prepare_process
        from pokerfloor.server.transport import MAX_MESSAGE
    except ImportError:
        typer.echo("error: pokerfloor serve needs the server extra: pip install 'pokerfloor[server]'", err=True)
        raise typer.Exit(2) from None
    prepare_process()
    application = create_app(db, origins=origin or (), hook=_kill_hook(), flood=flood,
                             rates=DEFAULT_RATES if rate_limits else UNLIMITED)
    typer.echo(f"pokerfloor serve on http://{host}:{port} (store {db.split('://')[0]})", err=True)
    server = uvicorn.Server(
        uvicorn.Config(application, host=host, port=port, log_level="warning", ws_max_size=MAX_MESSAGE,
                       ws_per_message_deflate=False)
    )
    if bots:
        import threading

        threading.Thread(target=_open_house_table, args=(server, f"http://{host}:{port}", bots), daemon=True).start()
    server.run()


def _open_house_table(server: Any, url: str, bots: int) -> None:
    """Once the server listens, open a table with the house bots and print its link."""
    import time

    from pokerfloor.server.botclient import house_table

    while not server.started:
        time.sleep(0.05)
    link, host_token = house_table(url, bots)
    typer.echo(f"table with {bots} bots: {link}  (host token {host_token})")


@app.command("bot")
def bot_command(
    url: Annotated[str, typer.Option("--url", help="The table's link (http://host:port/?table=ID).")],
    style: Annotated[str, typer.Option("--style", help="rock, station, maniac or pro.")] = "pro",
    name: Annotated[str, typer.Option("--name", help="The bot's name at the table.")] = "bot",
    seat: Annotated[int, typer.Option("--seat", help="The seat to ask for.")] = 1,
    chips: Annotated[int, typer.Option("--chips", help="The buy-in.")] = 200,
) -> None:
    """Sit a bot at a served table, as a client of the same protocol as people."""
    from pokerfloor.server.botclient import play

    last = play(url, name=name, seat=seat, chips=chips, style=style)
    typer.echo(f"{name} left after hand {last['table']['hand_number']}")



@app.command("verify-deal")
def verify_deal_command(
    hands: Annotated[str, typer.Argument(help="A session's hands.json (from /api/tables/ID/hands.json).")],
) -> None:
    """Check each hand's deal: its seed hashes to the published SHA-256 and deals its cards."""
    import json
    from pathlib import Path

    from pokerfloor.hand.record import HandRecord
    from pokerfloor.server.deal import verify_deal

    bad = 0
    for counted, entry in enumerate(json.loads(Path(hands).read_text()), 1):
        number = entry.get("hand", counted)
        if entry.get("seed") is None or entry.get("record") is None:
            bad += 1        # not checked is not checked: the table has not revealed this seed
            typer.echo(f"hand {number}: the seed is not revealed yet (the table's reveal option), not checked")
            continue
        problems = verify_deal(HandRecord.from_dict(entry["record"]), entry["seed"], entry["seed_sha256"])
        bad += bool(problems)
        typer.echo(f"hand {number}: " + ("; ".join(problems) if problems else "the deal checks"))
    raise typer.Exit(1 if bad else 0)
