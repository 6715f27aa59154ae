"""``pokerfloor acpc-dealer`` and ``acpc-client`` play matches on loopback, from the command line."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

from typer.testing import CliRunner

import pokerfloor as pf
from pokerfloor import acpc
from pokerfloor.cli import acpc as acpc_commands  # noqa: F401 - registers the commands
from pokerfloor.cli import app

GAMEDEF = acpc.gamedef_of(pf.Game.no_limit_holdem(50, 100), (20_000, 20_000))


def _free_ports(count: int) -> list[int]:
    sockets = [socket.create_server(("127.0.0.1", 0)) for _ in range(count)]
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def _client(port: int, style: str) -> None:
    for _ in range(200):    # wait, boundedly, for the dealer to listen
        try:
            acpc.play(GAMEDEF, port, acpc.style_policy(style), timeout=10)
            return
        except ConnectionRefusedError:
            time.sleep(0.05)


def test_the_dealer_command_prints_its_ports_and_the_scores(tmp_path: Path) -> None:
    gamedef = tmp_path / "holdem.nolimit.2p.game"
    gamedef.write_text(GAMEDEF.text())
    log = tmp_path / "m.log"
    ports = _free_ports(2)
    threads = [threading.Thread(target=_client, args=(p, s), daemon=True) for p, s in zip(ports, ["rock", "maniac"])]
    for thread in threads:
        thread.start()
    result = CliRunner().invoke(app, ["acpc-dealer", "m", str(gamedef), "10", "4", "rock", "maniac", "--log", str(log),
                                      "--t_response", "5000", *[f"--port={p}" for p in ports]])
    for thread in threads:
        thread.join(timeout=10)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == " ".join(map(str, ports))
    scores = [int(line.split(": ")[1]) for line in result.output.splitlines()[1:]]
    assert len(scores) == 2 and sum(scores) == 0
    assert len(acpc.read_states(log.read_text(), GAMEDEF)) == 10


def test_the_client_command_plays_until_the_dealer_hangs_up(tmp_path: Path) -> None:
    gamedef = tmp_path / "holdem.nolimit.2p.game"
    gamedef.write_text(GAMEDEF.text())
    match = acpc.Match("c", GAMEDEF, 6, seed=2, players=("cli", "api"))
    dealer = acpc.Dealer(match, tmp_path / "c.log", t_response=5.0, t_connect=10.0)
    ports = dealer.listen()
    threads = [threading.Thread(target=dealer.run, daemon=True),
               threading.Thread(target=_client, args=(ports[1], "station"), daemon=True)]
    for thread in threads:
        thread.start()
    result = CliRunner().invoke(app, ["acpc-client", str(gamedef), "127.0.0.1", str(ports[0]), "--style", "pro"])
    for thread in threads:
        thread.join(timeout=10)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "6 hands played"
