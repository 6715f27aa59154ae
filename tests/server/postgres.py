"""A throwaway PostgreSQL cluster for the tests: initdb and pg_ctl in a temporary folder, run as
the ``postgres`` user (initdb refuses root), on a Unix socket and a free port of 127.0.0.1."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql")
    return found[-1]


def _as_postgres(*command: str) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else list(command)


@dataclass
class Cluster:
    """A running throwaway cluster: its SQLAlchemy URL, and its restart (as an upgrade or a
    crash of the database server would do it: every connection to it is dropped)."""

    url: str
    data: str
    folder: str
    port: int

    def pg_ctl(self, *args: str, check: bool = True) -> None:
        subprocess.run(
            _as_postgres(_bin("pg_ctl"), "-D", self.data, "-w", "-l", os.path.join(self.folder, "log"),
                         "-o", f"-k {self.folder} -p {self.port} -h 127.0.0.1", *args),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=check,
        )

    def stop(self) -> None:
        self.pg_ctl("-m", "immediate", "stop")

    def start(self) -> None:
        self.pg_ctl("start")

    def restart(self) -> None:
        self.pg_ctl("-m", "immediate", "restart")


@contextmanager
def running_cluster() -> Iterator[Cluster]:
    """Start a cluster; yield it; stop and remove it."""
    folder = tempfile.mkdtemp(prefix="pf-pg-")
    data = os.path.join(folder, "data")
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    subprocess.run(_as_postgres(_bin("initdb"), "-D", data, "-A", "trust", "-U", "postgres"),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    running = Cluster(f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", data, folder, port)
    running.start()
    try:
        yield running
    finally:
        running.pg_ctl("-m", "immediate", "stop", check=False)
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def cluster() -> Iterator[str]:
    """Start a cluster; yield its SQLAlchemy URL; stop and remove it."""
    with running_cluster() as running:
        yield running.url
