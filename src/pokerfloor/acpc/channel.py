"""A line-based TCP connection for the ACPC protocol: lines end in ``\\r\\n``, reads have a
deadline so neither side can hang the other."""

from __future__ import annotations

import contextlib
import socket
import time

VERSION = "VERSION:2.0.0"
"""The line a client sends first (ACPC protocol version 2.0.0)."""


class Channel:
    """One connection, read and written a line at a time."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self._buffer = b""
        self.closed = False

    def send(self, line: str) -> None:
        """Send one line; a peer that has gone away closes the channel instead of raising."""
        if self.closed:
            return
        try:
            self.sock.sendall(line.encode() + b"\r\n")
        except OSError:
            self.close()

    def read_line(self, deadline: float | None) -> str | None:
        """The next line (without its ending), or None when the ``time.monotonic()`` deadline
        passes first or the peer closes the connection."""
        while b"\n" not in self._buffer:
            if self.closed:
                return None
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(4096)
            except TimeoutError:
                return None
            except OSError:
                chunk = b""
            if not chunk:
                self.close()
                return None
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode(errors="replace").rstrip("\r")

    def close(self) -> None:
        self.closed = True
        with contextlib.suppress(OSError):
            self.sock.close()


def deadline_in(seconds: float | None) -> float | None:
    """The ``time.monotonic()`` deadline ``seconds`` from now (None: no deadline)."""
    return None if seconds is None else time.monotonic() + seconds
