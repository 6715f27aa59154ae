"""The ACPC dealer on loopback: a pokerfloor client against a plain socket client, seat
rotation, duplicate deals, timeouts, invalid actions, and a match resumed from its log."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

import pytest

import pokerfloor as pf
from pokerfloor import acpc
from tests.acpc import plain_client

ACTIONS = frozenset({"fold", "check", "call", "bet", "raise"})
GAMEDEF = acpc.gamedef_of(pf.Game.no_limit_holdem(50, 100), (20_000, 20_000))


def _in_thread(target: Callable[[], object]) -> threading.Thread:
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread


def _silent(port: int) -> None:
    """Connects, says its version, and never answers."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"VERSION:2.0.0\r\n")
        while sock.recv(4096):
            pass


def _chatty(port: int) -> None:
    """Sends comment lines every few milliseconds and never answers a state."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock, suppress(OSError):
        sock.sendall(b"VERSION:2.0.0\r\n")
        for _ in range(2_000):
            sock.sendall(b"# thinking\r\n")
            time.sleep(0.005)


def _stubborn(port: int) -> None:
    """Answers every state with a raise to one chip, which the rules never allow."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock, suppress(ConnectionResetError):
        sock.sendall(b"VERSION:2.0.0\r\n")
        pending = b""
        while data := sock.recv(4096):
            pending += data
            *lines, pending = pending.split(b"\r\n")
            for line in lines:
                sock.sendall(line + b":r1\r\n")


def _play(log: Path, hands: int, clients: list[Callable[[int], object]], *, duplicate: bool = False,
          t_response: float = 5.0, resume: bool = False) -> acpc.MatchResult:
    match = acpc.Match("test", GAMEDEF, hands, seed=11, players=("pokerfloor", "plain"), duplicate=duplicate)
    dealer = acpc.Dealer(match, log, t_response=t_response, t_connect=10.0, resume=resume)
    ports = dealer.listen()
    threads = [_in_thread(lambda c=client, p=port: c(p)) for client, port in zip(clients, ports, strict=True)]
    result = dealer.run()
    for thread in threads:
        thread.join(timeout=10)
        assert not thread.is_alive()
    return result


def _pokerfloor_client(port: int) -> None:
    acpc.play(GAMEDEF, port, acpc.style_policy("pro", seed=3), timeout=10)


def test_a_match_between_a_pokerfloor_client_and_a_plain_socket_client(tmp_path: Path) -> None:
    log = tmp_path / "match.log"
    result = _play(log, 24, [_pokerfloor_client, plain_client.run])
    hands = acpc.read_states(log.read_text(), GAMEDEF)
    assert [h.number for h in hands] == list(range(24))
    assert all(h.agrees for h in hands)
    assert sum(result.scores.values()) == 0
    assert result.scores["plain"] == sum(
        h.recorded[h.players.index("plain")] for h in hands
    )
    scores = f"{result.scores['pokerfloor']}|{result.scores['plain']}"
    assert log.read_text().splitlines()[-1] == f"SCORE:{scores}:pokerfloor|plain"


def test_seats_rotate_every_hand(tmp_path: Path) -> None:
    log = tmp_path / "match.log"
    _play(log, 4, [_pokerfloor_client, plain_client.run])
    players = [h.players for h in acpc.read_states(log.read_text(), GAMEDEF)]
    assert players == [("pokerfloor", "plain"), ("plain", "pokerfloor")] * 2


def test_duplicate_deals_give_each_player_each_seats_cards(tmp_path: Path) -> None:
    log = tmp_path / "match.log"
    _play(log, 6, [_pokerfloor_client, plain_client.run], duplicate=True)
    hands = acpc.read_states(log.read_text(), GAMEDEF)
    for first, second in zip(hands[::2], hands[1::2], strict=True):
        assert first.hand.holes == second.hand.holes
        assert first.players == tuple(reversed(second.players))
    assert hands[0].hand.holes != hands[2].hand.holes


def _second_players_actions(log: Path) -> set[str]:
    """Every kind of action the second player (``plain``) took over the match's log."""
    acted: set[str] = set()
    for logged in acpc.read_states(log.read_text(), GAMEDEF):
        seat = logged.players.index("plain") + 1
        acted |= {e.kind for e in logged.hand.events if e.seat == seat and e.kind in ACTIONS}
    return acted


def test_a_player_out_of_time_folds_or_checks(tmp_path: Path) -> None:
    _play(tmp_path / "match.log", 6, [_pokerfloor_client, _silent], t_response=0.05)
    acted = _second_players_actions(tmp_path / "match.log")
    assert acted and acted <= {"fold", "check"}


def test_talking_does_not_buy_a_player_more_time(tmp_path: Path) -> None:
    started = time.monotonic()
    _play(tmp_path / "match.log", 3, [_pokerfloor_client, _chatty], t_response=0.2)
    acted = _second_players_actions(tmp_path / "match.log")
    assert acted and acted <= {"fold", "check"}
    assert time.monotonic() - started < 8


def test_an_invalid_action_is_taken_as_a_call(tmp_path: Path) -> None:
    _play(tmp_path / "match.log", 4, [_pokerfloor_client, _stubborn])
    acted = _second_players_actions(tmp_path / "match.log")
    assert acted and acted <= {"call", "check"}


def test_an_interrupted_match_resumes_from_its_log(tmp_path: Path) -> None:
    whole = tmp_path / "whole.log"
    _play(whole, 8, [_pokerfloor_client, plain_client.run])
    lines = whole.read_text().splitlines(keepends=True)
    cut = tmp_path / "cut.log"
    cut.write_text("".join(lines[:4]) + lines[4][:15])     # the header, hands 0-2, part of hand 3
    assert acpc.resume_point(acpc.Match("test", GAMEDEF, 8, 11, ("pokerfloor", "plain")), cut)[0] == 3
    resumed = _play(cut, 8, [_pokerfloor_client, plain_client.run], resume=True)
    assert cut.read_text() == whole.read_text()
    assert sum(resumed.scores.values()) == 0


def test_a_log_of_another_match_is_not_resumed(tmp_path: Path) -> None:
    log = tmp_path / "other.log"
    log.write_text(acpc.Match("test", GAMEDEF, 8, 11, ("pokerfloor", "plain")).header() + "\nSTATE:0:cc\n")
    with pytest.raises(acpc.MatchLogError, match="not a STATE line"):
        acpc.resume_point(acpc.Match("test", GAMEDEF, 8, 11, ("pokerfloor", "plain")), log)
    log.write_text("# some other match\n")
    match = acpc.Match("test", GAMEDEF, 8, 11, ("pokerfloor", "plain"))
    try:
        acpc.resume_point(match, log)
    except acpc.MatchLogError as refused:
        assert "not the log of this match" in str(refused)
    else:
        raise AssertionError("resumed another match's log")
