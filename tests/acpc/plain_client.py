"""A heads-up no-limit ACPC client written from the protocol text alone: a socket, the
VERSION line, MATCHSTATE lines in, replies out. It knows nothing of pokerfloor."""

from __future__ import annotations

import socket


def whose_turn(betting: str) -> int:
    """Heads-up: position 1 acts first before the flop, position 0 after it, then they alternate."""
    rounds = betting.split("/")
    actions = rounds[-1].replace("f", "a").replace("c", "a").count("a") + rounds[-1].count("r")
    first = 1 if len(rounds) == 1 else 0
    return (first + actions) % 2


def choose(hand: int, betting: str) -> str:
    """A fixed pattern: mostly calls, some raises to twice the last amount, some folds, and now
    and then an action the rules refuse (a raise to 1 chip)."""
    turn = (hand * 7 + len(betting)) % 9
    amounts = [int(a) for a in betting.replace("/", "r").replace("c", "r").replace("f", "r").split("r") if a]
    if turn in (0, 1):
        return f"r{min(20_000, max(300, 2 * max(amounts, default=100)))}"
    if turn == 2:
        return "f"
    if turn == 3:
        return "r1"
    return "c"


def run(port: int, seconds: float = 20.0) -> int:
    """Play until the dealer hangs up; returns how many MATCHSTATE lines arrived."""
    received = 0
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as sock:
        sock.sendall(b"VERSION:2.0.0\r\n")
        pending = b""
        while True:
            try:
                data = sock.recv(4096)
            except ConnectionResetError:
                return received
            if not data:
                return received
            pending += data
            while b"\n" in pending:
                raw, pending = pending.split(b"\n", 1)
                line = raw.decode().rstrip("\r")
                if not line.startswith("MATCHSTATE:"):
                    continue
                received += 1
                _, position, hand, betting, _cards = line.split(":")
                if "f" in betting or whose_turn(betting) != int(position):
                    continue
                sock.sendall(f"{line}:{choose(int(hand), betting)}\r\n".encode())
