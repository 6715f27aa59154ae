"""``pokerfloor serve``: the home-game server (docs/protocol.md)."""

from __future__ import annotations

import errno
import os
import signal
import socket
import threading
from collections.abc import Callable
from types import FrameType
from typing import Annotated, Any, NamedTuple
from urllib.parse import quote, urlsplit

import typer

from pokerfloor.cli import app
from pokerfloor.errors import InvalidArgument

KILL_AT = "POKERFLOOR_SERVE_KILL_AT"
SEED = "POKERFLOOR_SERVE_SEED"


def _seeds() -> Any:
    """For the fault tests, which play one session twice: ``POKERFLOOR_SERVE_SEED=HEX`` is every
    new table's master seed. Without it (always, outside tests) each table's comes from the
    CSPRNG (``deal.master_seed``); no client input ever chooses it."""
    from pokerfloor.server.deal import master_seed

    fixed = os.environ.get(SEED)
    if not fixed:
        return master_seed
    bytes.fromhex(fixed)
    return lambda: fixed


def _kill_hook() -> Any:
    """For the fault tests: ``POKERFLOOR_SERVE_KILL_AT=point:N`` kills this process (SIGKILL)
    at the Nth time an input reaches the named point: ``applied``, ``stored`` or ``broadcast``,
    alone or with the moment, as in ``stored/mid_street`` (``Server.hook`` names them)."""
    spec = os.environ.get(KILL_AT)
    if not spec:
        return None
    point, _, count = spec.partition(":")
    left = [int(count or 1)]

    def hook(reached: str, _entry: object) -> None:
        if reached == point or reached.startswith(point + "/"):
            left[0] -= 1
            if left[0] <= 0:
                os.kill(os.getpid(), signal.SIGKILL)

    return hook


@app.command("serve")
def serve_command(
    db: Annotated[str, typer.Option(
        "--db", help="The store: a SQLite file (pokerfloor.db) or a URL (sqlite:///x.db, postgresql+psycopg://...).")
    ] = "pokerfloor.db",
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: every network).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    origin: Annotated[list[str] | None, typer.Option("--origin", help="Another web origin allowed.")] = None,
    flood: Annotated[int, typer.Option("--flood", help="Frames a second a client may send.")] = 40,
    bots: Annotated[int, typer.Option("--bots", min=0, max=500, help=(
        "House bots at the table (at most 8; it deals at once), or in the --tournament event."))] = 0,
    tournament: Annotated[str | None, typer.Option(
        "--tournament", help="Open a multi-table event instead of a table: turbo, deep, pko or horse.")] = None,
    approve: Annotated[bool, typer.Option("--approve/--no-approve",
                                          help="You approve each seat a friend asks for.")] = True,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the host link in the browser.")] = False,
    public_url: Annotated[str | None, typer.Option(
        "--public-url", help="The address friends use, behind a reverse proxy (https://poker.example.com).")] = None,
    game: Annotated[str, typer.Option(
        "--game", help="The table's game: nlhe, plo, stud, razz, 27td, badugi... or a rotation: horse, 8game.")
    ] = "nlhe",
    between_hands: Annotated[float | None, typer.Option(
        "--between-hands", min=0, max=60,
        help="Seconds between hands for tables whose host does not choose (default 3, 6 after a showdown).")
    ] = None,
    rate_limits: Annotated[
        bool, typer.Option("--rate-limits/--no-rate-limits",
                           help="Limit tables and seat requests per address, chat per seat (off: benches).")
    ] = True,
    sqlite_synchronous: Annotated[str, typer.Option(
        "--sqlite-synchronous",
        help="A SQLite store's sync on each commit: full (the default: an acknowledged action survives a power "
             "loss) or normal (it survives the process being killed, not an OS crash or a power loss; "
             "each action skips the disk's sync). See the hosting guide.")
    ] = "full",
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        "--forwarded-allow-ips",
        help="The reverse proxies whose X-Forwarded-For is trusted, comma-separated (127.0.0.1 for a proxy "
             "on this machine). Default: none, and each client's address is the one it connects from.")
    ] = None,
    spread_tables: Annotated[bool, typer.Option(
        "--spread-tables/--no-spread-tables",
        help="Events: every table (house bots' and people's) is played by any serve process on the same "
             "PostgreSQL (each hand dealt as a message, a person's action passed on by the event's floor, "
             "the hand's end applied by the floor). See the tournament server guide.")
    ] = False,
) -> None:
    """Run the home-game server and open a table: prints your host link and the invite link for friends."""
    try:
        import uvicorn

        from pokerfloor.server import create_app

        # The house bots' client, imported here and not in its thread: a thread's first import of
        # websockets while uvicorn imports it here can deadlock the import locks.
        from pokerfloor.server.botclient import HOUSE_THINK, house_table
        from pokerfloor.server.limits import DEFAULT_RATES, UNLIMITED
        from pokerfloor.server.process import prepare_process
        from pokerfloor.server.store import SYNCHRONOUS, Store
        from pokerfloor.server.transport import MAX_MESSAGE
    except ImportError:
        typer.echo("error: pokerfloor serve needs the server extra: pip install 'pokerfloor[server]'", err=True)
        raise typer.Exit(2) from None
    if public_url is not None and urlsplit(public_url).scheme not in ("http", "https"):
        typer.echo(f"error: --public-url is an http:// or https:// address, not {public_url!r}", err=True)
        raise typer.Exit(2)
    if tournament is None and bots > 8:
        typer.echo("error: a table seats at most 8 house bots (--tournament takes more)", err=True)
        raise typer.Exit(2)
    try:
        dealt = house_game(game)
    except ValueError as wrong:
        typer.echo(f"error: {wrong}", err=True)
        raise typer.Exit(2) from None
    db = store_url(db)
    if spread_tables and not db.startswith("postgresql"):
        typer.echo("error: --spread-tables spreads an event's tables over serve processes sharing one "
                   "PostgreSQL store: give --db postgresql://...", err=True)
        raise typer.Exit(2)
    if sqlite_synchronous not in SYNCHRONOUS:
        typer.echo(f"error: --sqlite-synchronous is full or normal, not {sqlite_synchronous!r}", err=True)
        raise typer.Exit(2)
    listening = listen(host, port)      # a port in use is told here, before anything else
    prepare_process()
    origins = [*(origin or ()), *([origin_of(public_url)] if public_url else [])]
    store = Store(db, synchronous=sqlite_synchronous) if db.startswith("sqlite") else db
    application = create_app(store, origins=origins, hook=_kill_hook(), flood=flood, seeds=_seeds(),
                             rates=DEFAULT_RATES if rate_limits else UNLIMITED, between_hands=between_hands,
                             spread_tables=spread_tables)
    application.state.server.builders.warm()     # the downloads' worker process, ready before the first download
    typer.echo(f"pokerfloor serve on {base_url(host, port)} (store {db.split('://')[0]}); Ctrl-C stops it", err=True)
    house: list[Any] = []

    class Serving(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            # Ctrl-C: the house bots stop first, so that none tells of the connection it loses.
            for table in house:
                if table is not None:
                    table.stop.set()
            application.state.server.house.stop_all()
            super().handle_exit(sig, frame)

    server = Serving(
        uvicorn.Config(application, log_level="warning", ws_max_size=MAX_MESSAGE, ws_per_message_deflate=False,
                       **proxy_options(forwarded_allow_ips))
    )
    opener = threading.Thread(
        target=_open_house_table if tournament is None else _open_house_event,
        args=(server, house_table, host, port, public_url, bots, approve, open_browser, house, dealt, HOUSE_THINK)
        if tournament is None else (server, tournament, host, port, public_url, bots, house),
        name="pokerfloor-house", daemon=True,
    )
    opener.start()
    try:
        server.run(sockets=[listening])
    finally:
        for table in house:
            if table is not None:
                table.stop.set()
        listening.close()
    if None in house:
        raise typer.Exit(1)     # the table was not opened (told on stderr)


def proxy_options(forwarded_allow_ips: str | None) -> dict[str, Any]:
    """uvicorn's options for ``--forwarded-allow-ips``: a client's address (the per-address
    limits' key) is taken from ``X-Forwarded-For`` only when the connection comes from one of
    these proxies. Without the option no proxy is trusted, not even 127.0.0.1 (uvicorn's own
    default, and its ``FORWARDED_ALLOW_IPS``, would let any local process or a proxy that does
    not set the header pick its clients' addresses)."""
    trusted = [ip.strip() for ip in (forwarded_allow_ips or "").split(",") if ip.strip()]
    if not trusted:
        return {"proxy_headers": False, "forwarded_allow_ips": ""}
    return {"proxy_headers": True, "forwarded_allow_ips": trusted}


def listen(host: str, port: int) -> socket.socket:
    """The listening socket for ``host:port``; a port in use (or an address this computer does not
    have) is one line on stderr and exit status 2."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as wrong:
        typer.echo(f"error: cannot listen on {host!r}: {wrong}", err=True)
        raise typer.Exit(2) from None
    sock = socket.socket(family, kind, proto)
    try:
        if os.name != "nt":     # as uvicorn does: a restart need not wait out TIME_WAIT
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as refused:
        sock.close()
        if refused.errno == errno.EADDRINUSE:
            said = f"port {port} on {host} is in use (another pokerfloor serve?): stop it, or pick another with --port"
        else:
            said = f"cannot listen on {host} port {port}: {refused.strerror or refused}"
        typer.echo(f"error: {said}", err=True)
        raise typer.Exit(2) from None
    return sock


ANY_ADDRESS = frozenset({"0.0.0.0", "::", ""})
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def store_url(db: str) -> str:
    """``--db`` as a SQLAlchemy URL: a URL as it is, a file path as a SQLite file's URL
    (``pokerfloor.db`` is ``sqlite:///pokerfloor.db``)."""
    return db if "://" in db else f"sqlite:///{db}"


def who_can_open(host: str, port: int, public_url: str | None, lan: Callable[[], str] | None = None) -> list[str]:
    """The lines ``serve`` prints under its links: who can open them, and how to invite others."""
    if public_url:
        return [f"  anyone who can reach {public_url.rstrip('/')} can open the invite link"]
    if host in ANY_ADDRESS:
        address = (lan or lan_address)()
        return [f"  friends on the same network can open these links (this computer is {address} there);",
                "  beyond it, put the server behind a proxy: see the hosting guide (docs/guide/hosting.md)"]
    if host in LOOPBACK:
        return ["  only this computer can open these links (the server listens on 127.0.0.1).",
                "  To invite friends on the same network: make serve HOST=0.0.0.0",
                "  (or pokerfloor serve --host 0.0.0.0), which prints this computer's network address;",
                "  beyond it, see the hosting guide (docs/guide/hosting.md)"]
    return [f"  whoever can reach {host} on port {port} can open these links"]


def base_url(host: str, port: int) -> str:
    """``http://host:port``, an IPv6 address in brackets."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def links(host: str, port: int, table_id: str, host_token: str, public_url: str | None = None,
          lan: Callable[[], str] | None = None) -> tuple[str, str]:
    """``(host link, invite link)`` for a table. The host link carries the host token in its
    fragment (``#host=...``): a browser never sends a fragment to a server, so the token is in
    no request line and no log; the page keeps it and takes it out of the address bar. The
    invite link is the table's page alone. Both use ``public_url`` when given (a reverse proxy's
    address); on every network (0.0.0.0) both name this computer's address on the network
    (``lan``), which the host's browser reaches too, so the link the host panel shares (the
    page's own address) is one friends can open."""
    if public_url:
        base = public_url.rstrip("/")
    elif host in ANY_ADDRESS:
        base = base_url((lan or lan_address)(), port)
    else:
        base = base_url(host, port)
    page = f"/table.html?t={quote(table_id)}"
    return f"{base}{page}#host={quote(host_token)}", f"{base}{page}"


def lan_address() -> str:
    """This computer's address on its network, as the route out would leave it (a UDP socket's
    connect sends nothing); 127.0.0.1 when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))     # TEST-NET-1: never reached
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _open_house_table(server: Any, house_table: Callable[..., Any], host: str, port: int, public_url: str | None,
                      bots: int, approve: bool, open_browser: bool, house: list[Any], dealt: HouseGame,
                      think: float) -> None:
    """Once the server listens: open the table with ``house_table`` (with its house bots), print
    the two links and, if asked, open the host link in the browser. A failure stops the server
    (``house`` gets a None: exit status 1)."""
    import time

    while not server.started:       # however long the start takes (a busy machine, a slow store)
        if server.should_exit:
            return
        time.sleep(0.05)
    local = base_url("127.0.0.1" if host in ANY_ADDRESS else host, port)
    try:
        table = house_table(local, bots, approval=approve, think=think if bots else 0.0,
                            say=lambda line: typer.echo(line, err=True), game=dealt.game, rotation=dealt.rotation,
                            seats=dealt.seats, served=True)
    except Exception as error:
        typer.echo(f"error: the table was not opened: {error}", err=True)
        house.append(None)
        server.should_exit = True
        return
    house.append(table)
    own, invite = links(host, port, table.table_id, table.host_token, public_url)
    if bots:
        typer.echo(f"a table with {bots} house bot{'s' * (bots != 1)}, dealing now (sit down to be dealt in):")
    else:
        typer.echo("a table, waiting for its players (Start dealing once two are seated):")
    typer.echo(f"  host link (you alone, keep it private): {own}")
    typer.echo(f"  invite link (send it to your friends):  {invite}")
    for line in who_can_open(host, port, public_url):
        typer.echo(line)
    if open_browser:
        import webbrowser

        if not webbrowser.open(own):
            typer.echo("no web browser found here: open the host link yourself", err=True)


def _open_house_event(server: Any, template: str, host: str, port: int, public_url: str | None, bots: int,
                      house: list[Any]) -> None:
    """Once the server listens: open an event of ``template`` with ``bots`` house bots and print
    its links (the lobby, the host's, and the invite link players register by)."""
    import time

    from pokerfloor.server.event.botclient import open_event

    while not server.started:
        if server.should_exit:
            return
        time.sleep(0.05)
    local = base_url("127.0.0.1" if host in ANY_ADDRESS else host, port)
    try:
        event_id, host_token = open_event(local, template, bots)
    except Exception as error:
        typer.echo(f"error: the event was not opened: {error}", err=True)
        house.append(None)
        server.should_exit = True
        return
    shown = (public_url or base_url(host, port)).rstrip("/")
    typer.echo(f"a {template} event with {bots} house bot{'s' * (bots != 1)}; the host starts it from the lobby:")
    typer.echo(f"  host link (the lobby with your controls; keep it private): {shown}/tournament.html?e={event_id}"
               f"#host={host_token}")
    typer.echo(f"  big-screen clock: {shown}/clock.html?e={event_id}")
    typer.echo(f"  invite link (players register by it): {shown}/event.html?e={event_id}")


class HouseGame(NamedTuple):
    """The house table's game as ``create_table`` takes it: a ``game``, or a ``rotation``."""

    game: dict[str, Any] | None
    rotation: dict[str, Any] | None
    seats: int


ROTATION_NAMES = {"horse": "horse", "8game": "8game", "8_game": "8game", "eight_game": "8game"}


def house_game(name: str) -> HouseGame:
    """``--game``: a short name or variant (``cli.games``) at 1/2 (stud: ante 1, bring-in 1,
    bets 2/4), or a rotation at a 2/4 limit stake; ``ValueError`` naming the choices."""
    from pokerfloor.cli.games import game as named_game
    from pokerfloor.rules import VARIANTS

    key = name.lower().replace("-", "_")
    if key in ROTATION_NAMES:
        rotated = ROTATION_NAMES[key]
        return HouseGame(None, {"name": rotated, "small_bet": 2}, 8)     # the stud games deal 8 at most
    try:
        chosen = named_game(name, 1, 2)
    except ValueError as wrong:
        raise InvalidArgument(f"{wrong}; or a rotation: horse, 8game") from None
    data: dict[str, Any] = {"variant": chosen.variant, "structure": chosen.structure}
    if chosen.variant_spec.family == "stud":
        data.update(ante=1, bring_in=1, small_bet=2, big_bet=4)
    else:
        data.update(small_blind=1, big_blind=2)
    if chosen.structure == "spread_limit":
        data["spread"] = [2, 4, 8]
    return HouseGame(data, None, min(9, VARIANTS[chosen.variant].max_players))



@app.command("bot")
def bot_command(
    url: Annotated[str, typer.Option("--url", help=(
        "The table's invite link (http://host:port/table.html?t=ID), or an event's "
        "(http://host:port/event.html?e=ID): the bot registers and plays to the end."))],
    style: Annotated[str, typer.Option("--style", help="rock, station, maniac or pro.")] = "pro",
    name: Annotated[str, typer.Option("--name", help="The bot's name at the table.")] = "bot",
    seat: Annotated[int, typer.Option("--seat", help="The seat to ask for.")] = 1,
    chips: Annotated[int, typer.Option("--chips", help="The buy-in.")] = 200,
) -> None:
    """Sit a bot at a served table, as a client of the same protocol as people."""
    from pokerfloor.server.botclient import SeatLost, play
    from pokerfloor.server.event.botclient import is_event_link, play_event

    if is_event_link(url):      # an event's invite link: register by it and play every turn
        try:
            final = play_event(url, name=name, style=style)
        except ValueError as refused:
            typer.echo(f"error: {refused}", err=True)
            raise typer.Exit(1) from None
        you = final.get("you", {})
        typer.echo(f"{name} finished {you.get('place', '?')} with {you.get('prize', 0)}")
        return

    try:
        last = play(url, name=name, seat=seat, chips=chips, style=style,
                    lost=lambda line: typer.echo(line, err=True))
    except SeatLost as gone:
        typer.echo(f"error: {gone}", err=True)
        raise typer.Exit(1) from None
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
