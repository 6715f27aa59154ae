"""Proxies by the book (issue 34, finding 7): the per-address limits behind the nginx block that
docs/guide/hosting.md documents, run in Debian's nginx on loopback (its own config, pid and logs
in a temporary folder). Each visitor is its own address (clients connect from 127.0.0.2,
127.0.0.3...: all of 127/8 is loopback), one visitor's tables do not stop another's, and an
``X-Forwarded-For`` a visitor sends itself picks nothing; without ``--forwarded-allow-ips`` no
``X-Forwarded-For`` is believed, even from 127.0.0.1."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from pokerfloor.cli.serve import proxy_options
from pokerfloor.server.limits import DEFAULT_RATES
from tests.server.test_faults import GAME, Server, _free_port

DOCS = Path(__file__).parents[2] / "docs"
NGINX = "/usr/sbin/nginx"
TABLES = DEFAULT_RATES.tables.burst if DEFAULT_RATES.tables is not None else 0


class Proxied(Server):
    """``pokerfloor serve`` with more options."""

    def __init__(self, db: str, *more: str) -> None:
        super().__init__(db)
        self.more = list(more)

    def _args(self) -> list[str]:
        return [*super()._args(), *self.more]


def documented_location(page: Path) -> str:
    """The ``location / { ... }`` block of the nginx configuration the page documents."""
    block = re.search(r"    location / \{\n.*?\n    \}\n", page.read_text(), re.S)
    assert block is not None, f"no nginx location block in {page}"
    return block.group(0)


@pytest.fixture
def nginx(tmp_path: Path) -> Iterator[Any]:
    """Start nginx in front of a port: yields a function (upstream port -> nginx's port)."""
    if not Path(NGINX).exists():
        pytest.fail("nginx is not installed: apt-get install nginx-light")
    started: list[subprocess.Popen[bytes]] = []

    def start(upstream: int) -> int:
        port = _free_port()
        location = documented_location(DOCS / "guide" / "hosting.md").replace("127.0.0.1:8000", f"127.0.0.1:{upstream}")
        temp = " ".join(f"{kind}_temp_path {tmp_path / kind};" for kind in ("client_body", "proxy", "fastcgi",
                                                                            "uwsgi", "scgi"))
        (tmp_path / "nginx.conf").write_text(f"""
worker_processes 1;
pid {tmp_path / 'nginx.pid'};
error_log {tmp_path / 'error.log'};
events {{ worker_connections 64; }}
http {{
    access_log off;
    {temp}
    server {{
        listen 127.0.0.1:{port};
        server_name localhost;
{location}
    }}
}}
""")
        process = subprocess.Popen([NGINX, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"),
                                    "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        started.append(process)
        for _ in range(500):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return port
            assert process.poll() is None, process.stderr.read() if process.stderr else b""
            time.sleep(0.01)
        raise AssertionError("nginx did not start")

    yield start
    for process in started:
        process.terminate()
        process.wait(10)
    shutil.rmtree(tmp_path / "proxy", ignore_errors=True)


def _create(port: int, source: str, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """Open a table from ``source`` (an address of 127/8) through ``port``: the answer."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    with connect(f"ws://127.0.0.1:{port}/ws", sock=sock, additional_headers=headers, open_timeout=5) as ws:
        ws.send(json.dumps({"type": "create_table", "game": GAME, "seats": 6, "id": 1}))
        while True:
            got = json.loads(ws.recv(timeout=10))
            if got.get("reply_to") == 1:
                return dict(got)


def test_behind_the_documented_nginx_each_visitor_is_its_own_address(nginx: Any, tmp_path: Path) -> None:
    """Before: the documented block set no ``X-Forwarded-For`` and every visitor was nginx's
    one address, so a friend was refused once another had opened 10 tables; and a visitor that
    sent its own header chose its address. Now the attacker is limited, its own header changes
    nothing, and a friend on another address (a family on a third) opens tables all the same."""
    server = Proxied(f"sqlite:///{tmp_path / 'p.db'}", "--forwarded-allow-ips", "127.0.0.1")
    server.start()
    try:
        port = nginx(server.port)
        for n in range(TABLES):
            assert _create(port, "127.0.0.2", {"X-Forwarded-For": f"10.0.0.{n}"})["type"] == "table_created"
        for n in range(3):      # its own X-Forwarded-For is replaced by nginx: still the same address
            refused = _create(port, "127.0.0.2", {"X-Forwarded-For": f"10.9.9.{n}"})
            assert refused["type"] == "error" and refused["code"] == "rate_limited", refused
        assert _create(port, "127.0.0.3")["type"] == "table_created"     # a friend elsewhere
        for _ in range(4):                                                # a family on one address
            assert _create(port, "127.0.0.4")["type"] == "table_created"
    finally:
        server.close()


def test_without_the_option_no_forwarded_address_is_believed(tmp_path: Path) -> None:
    """uvicorn trusts ``X-Forwarded-For`` from 127.0.0.1 by default: any local client named its
    own address, as many as it liked (30 of 30 tables). ``pokerfloor serve`` trusts no proxy
    unless told."""
    server = Proxied(f"sqlite:///{tmp_path / 'd.db'}")
    server.start()
    try:
        answers = [_create(server.port, "127.0.0.5", {"X-Forwarded-For": f"10.1.1.{n}"})["type"]
                   for n in range(TABLES + 2)]
        assert answers == ["table_created"] * TABLES + ["error"] * 2
    finally:
        server.close()


def test_the_option_reaches_uvicorn_and_trusts_none_by_default() -> None:
    assert proxy_options(None) == {"proxy_headers": False, "forwarded_allow_ips": ""}
    assert proxy_options(" 127.0.0.1, ::1 ") == {"proxy_headers": True, "forwarded_allow_ips": ["127.0.0.1", "::1"]}
