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


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql")
    return found[-1]


def _as_postgres(*command: str) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else list(command)


@contextmanager
def cluster() -> Iterator[str]:
    """Start a cluster; yield its SQLAlchemy URL; stop and remove it."""
    folder = tempfile.mkdtemp(prefix="pf-pg-")
    data = os.path.join(folder, "data")
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "check": True}
    subprocess.run(_as_postgres(_bin("initdb"), "-D", data, "-A", "trust", "-U", "postgres"), **quiet)  # type: ignore[call-overload]
    subprocess.run(
        _as_postgres(_bin("pg_ctl"), "-D", data, "-w", "-l", os.path.join(folder, "log"),
                     "-o", f"-k {folder} -p {port} -h 127.0.0.1", "start"),
        **quiet,  # type: ignore[call-overload]
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres(_bin("pg_ctl"), "-D", data, "-m", "immediate", "stop"),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        shutil.rmtree(folder, ignore_errors=True)
