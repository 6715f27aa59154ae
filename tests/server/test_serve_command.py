"""``pokerfloor serve`` as a host meets it: a port in use is one line and exit status 2 before
anything else; the two links it prints (the host's, with its token in the fragment, and the
invite); ``--open`` hands the host link to the browser."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from pokerfloor.cli.serve import links

SERVE = [sys.executable, "-c", "from pokerfloor.cli import main; main()", "serve"]


def end(process: subprocess.Popen[str] | subprocess.Popen[bytes]) -> None:
    """Stop a server process started by a test: SIGTERM, then SIGKILL after 10 s."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _env(**more: str) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), **more)


def test_a_port_in_use_is_one_line_and_exit_status_2(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([*SERVE, "--db", f"sqlite:///{tmp_path / 'x.db'}", "--port", str(port), "--bots", "3"],
                              env=_env(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"error: port {port} on 127.0.0.1 is in use (another pokerfloor serve?): stop it, or pick another with --port"
    ]


def test_the_host_link_keeps_its_token_in_the_fragment() -> None:
    own, invite = links("127.0.0.1", 8000, "T4b", "sec-ret")
    assert own == "http://127.0.0.1:8000/table.html?t=T4b#host=sec-ret"
    assert invite == "http://127.0.0.1:8000/table.html?t=T4b"
    assert "sec-ret" not in own.split("#")[0]       # the part a browser sends holds no token


def test_on_every_network_the_invite_names_this_computer_and_a_proxy_its_address() -> None:
    own, invite = links("0.0.0.0", 8000, "T", "h", lan=lambda: "192.168.1.20")
    assert invite == "http://192.168.1.20:8000/table.html?t=T"
    assert own == f"{invite}#host=h"        # the host panel shares its page's address: the invite
    own, invite = links("0.0.0.0", 8000, "T", "h", "https://poker.example.com/")
    assert (own, invite) == ("https://poker.example.com/table.html?t=T#host=h", "https://poker.example.com/table.html?t=T")
    assert links("::1", 8000, "T", "h")[1] == "http://[::1]:8000/table.html?t=T"


def test_serve_prints_the_two_links_and_open_hands_the_host_link_to_the_browser(tmp_path: Path) -> None:
    """``BROWSER`` is the webbrowser module's own setting: here a script that notes the link."""
    noted = tmp_path / "opened.txt"
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\necho "$1" > {noted}\n')
    browser.chmod(0o755)
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    process = subprocess.Popen(
        [*SERVE, "--db", f"sqlite:///{tmp_path / 'open.db'}", "--port", str(port), "--open"],
        env=_env(BROWSER=f"{browser} %s"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert process.stdout is not None
        said = [process.stdout.readline() for _ in range(3)]
        own = said[1].split(": ", 1)[1].strip()
        invite = said[2].split(": ", 1)[1].strip()
        assert said[0].startswith("a table, waiting for its players")
        assert said[1].startswith("  host link") and said[2].startswith("  invite link")
        parts = urlsplit(own)
        assert parts.fragment.startswith("host=") and len(parts.fragment) > 20
        assert own.split("#")[0] == invite == f"http://127.0.0.1:{port}/table.html?{parts.query}"
        for _ in range(100):
            if noted.exists() and noted.read_text().strip():
                break
            time.sleep(0.1)
        assert noted.read_text().strip() == own
        # A bot sent to a table this server does not know says so in one line.
        bot = subprocess.run([*SERVE[:-1], "bot", "--url", f"http://127.0.0.1:{port}/table.html?t=nope"],
                             env=_env(), capture_output=True, text=True, timeout=60)
        assert bot.returncode == 1 and bot.stderr.splitlines() == ["error: bot: no such table"], bot.stderr
    finally:
        end(process)


@pytest.mark.parametrize("url", ["poker.example.com", "ftp://x"])
def test_a_public_url_is_an_http_address(tmp_path: Path, url: str) -> None:
    done = subprocess.run([*SERVE, "--db", f"sqlite:///{tmp_path / 'x.db'}", "--public-url", url],
                          env=_env(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1


def test_spread_tables_needs_a_postgresql_store(tmp_path: Path) -> None:
    """``--spread-tables`` spreads an event's tables over processes sharing one PostgreSQL store:
    on a SQLite file (one process) it is refused in one line, exit status 2, before listening."""
    done = subprocess.run([*SERVE, "--db", str(tmp_path / "x.db"), "--spread-tables"],
                          env=_env(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr.splitlines() == [
        "error: --spread-tables spreads an event's tables over serve processes sharing one PostgreSQL store: "
        "give --db postgresql://..."]
    assert not (tmp_path / "x.db").exists()


def test_a_table_the_server_refuses_to_open_stops_it_with_exit_status_1(tmp_path: Path) -> None:
    """With no frame a second allowed, even the house's create_table is refused: told in one
    line, and the server stops instead of serving without a table."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    done = subprocess.run([*SERVE, "--db", f"sqlite:///{tmp_path / 'x.db'}", "--port", str(port), "--flood", "0"],
                          env=_env(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.splitlines()[-1].startswith("error: the table was not opened: the server refused"), done.stderr


def test_the_thread_that_opens_the_house_table_imports_nothing_the_server_may_be_importing() -> None:
    """The house table is opened from a thread while uvicorn starts in the main one; a first
    import of websockets in both at once deadlocked the import locks (the thread died and no link
    was printed). So the thread's function imports only the standard library's ``time``, and the
    bots' client is imported before the thread starts."""
    import ast
    import inspect
    import textwrap

    from pokerfloor.cli import serve

    tree = ast.parse(textwrap.dedent(inspect.getsource(serve._open_house_table)))
    imported = {alias.name if isinstance(node, ast.Import) else node.module
                for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                for alias in node.names}
    assert imported <= {"time", "webbrowser"}, imported
    assert "house_table" in inspect.signature(serve._open_house_table).parameters


def test_serve_says_who_can_open_its_links() -> None:
    """Issue 35, finding 12: on 127.0.0.1 the invite link was offered to friends, though only
    this computer can open it. Now serve says who can, and how to invite others."""
    from pokerfloor.cli.serve import who_can_open

    local = " ".join(who_can_open("127.0.0.1", 8000, None))
    assert "only this computer" in local and "make serve HOST=0.0.0.0" in local and "hosting guide" in local
    lan = " ".join(who_can_open("0.0.0.0", 8000, None, lan=lambda: "192.168.1.23"))
    assert "same network" in lan and "192.168.1.23" in lan
    public = " ".join(who_can_open("0.0.0.0", 8000, "https://poker.example.com/"))
    assert "https://poker.example.com" in public


def test_db_takes_a_file_path_or_a_url(tmp_path: Path) -> None:
    """Issue 35, finding 12: ``serve --db pokerfloor.db`` ended in a 70-line traceback."""
    from pokerfloor.cli.serve import store_url

    assert store_url("pokerfloor.db") == "sqlite:///pokerfloor.db"
    assert store_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
    assert store_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    process = subprocess.Popen([*SERVE, "--db", str(tmp_path / "plain.db"), "--port", str(port)],
                               env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        said = [process.stdout.readline() for _ in range(4)]
        assert said[1].startswith("  host link") and "only this computer" in said[3], said
        assert (tmp_path / "plain.db").exists()
    finally:
        end(process)


def test_what_make_serve_writes_is_ignored_by_git_and_make_serve_takes_host() -> None:
    root = Path(__file__).parents[2]
    ignored = subprocess.run(["git", "check-ignore", "pokerfloor.db", "pokerfloor.db-wal", "pokerfloor.db-shm"],
                             cwd=root, capture_output=True, text=True)
    assert ignored.stdout.split() == ["pokerfloor.db", "pokerfloor.db-wal", "pokerfloor.db-shm"]
    makefile = (root / "Makefile").read_text()
    assert "HOST ?= 127.0.0.1" in makefile and "serve --bots 3 --host $(HOST)" in makefile
