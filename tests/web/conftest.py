"""The web table in a real browser: a `pokerfloor serve` process on 127.0.0.1 and Debian's
Chromium driven by Playwright (docs/protocol.md is what the page speaks)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, WebSocket, expect, sync_playwright

from tests.server.test_serve_command import end

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
SHOTS = Path(__file__).resolve().parents[2] / "build" / "web-screenshots"
WAIT = 20_000  # milliseconds any one thing on the page may take (a loaded 2-core machine runs two suites)
# True on a page once a hand is in play and someone is to act.
IN_PLAY = "() => { const h = window.pokerfloorTable?.state.update?.hand; return h && !h.is_over && h.to_act != null }"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


UP = 60.0  # seconds a server process may take to answer /health (imports on a loaded machine)


def wait_healthy(process: subprocess.Popen[bytes], url: str, said: Callable[[], str] | None = None) -> None:
    """Wait until the server process at ``url`` answers ``/health``; raise with what it said if
    it stops, or once ``UP`` seconds have passed."""
    deadline = time.monotonic() + UP
    while time.monotonic() < deadline:
        if process.poll() is not None:
            out = said() if said is not None else process.stdout.read().decode() if process.stdout else ""
            raise RuntimeError(f"the server stopped (exit {process.returncode}): {out}")
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"the server at {url} did not answer in {UP:.0f} s")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[str]:
    """The base URL of a `pokerfloor serve` process on 127.0.0.1 with its own SQLite file. A test
    module that needs known deals names its master seed in ``SERVE_SEED``: the server's own
    setting for tests (``POKERFLOOR_SERVE_SEED``), since no page or link can choose it."""
    port = free_port()
    env = os.environ.copy()
    seed = getattr(request.module, "SERVE_SEED", None)
    if seed is not None:
        env["POKERFLOOR_SERVE_SEED"] = seed
    db = tmp_path_factory.mktemp("serve") / "tables.db"
    command = [sys.executable, "-c", "from pokerfloor.cli import main; main()",
               "serve", "--db", f"sqlite:///{db}", "--host", "127.0.0.1", "--port", str(port),
               "--between-hands", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(process, url)
        yield url
    finally:
        end(process)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield launched
        launched.close()


class Client:
    """One person at the table: a browser context of their own (storage, tokens), the page, the
    console errors it logged and every WebSocket frame it received."""

    def __init__(self, browser: Browser, base: str, name: str, *, phone: bool = False,
                 size: tuple[int, int] | None = None) -> None:
        width, height = size or ((390, 844) if phone else (1280, 860))
        self.context: BrowserContext = browser.new_context(viewport={"width": width, "height": height}, base_url=base)
        self.context.set_default_timeout(WAIT)
        self.name = name
        self.errors: list[str] = []
        self.frames: list[str] = []
        self.sent: list[str] = []
        self.page: Page = self.context.new_page()
        self.watch(self.page)

    def watch(self, page: Page) -> None:
        def console(message: ConsoleMessage) -> None:
            if message.type == "error":
                self.errors.append(f"{self.name}: {message.text}")

        def socket(ws: WebSocket) -> None:
            ws.on("framereceived", lambda data: self.frames.append(data if isinstance(data, str) else data.decode()))
            ws.on("framesent", lambda data: self.sent.append(data if isinstance(data, str) else data.decode()))

        page.on("console", console)
        page.on("pageerror", lambda error: self.errors.append(f"{self.name}: {error}"))
        page.on("websocket", socket)

    def ask_for_seat(self, link: str, seat: int, name: str, chips: int) -> None:
        """Open the table's link, pick an empty seat and send the join form."""
        self.page.goto(link)
        self.page.click(f".seat[data-seat='{seat}'] .sit")
        self.page.fill("#join-name", name)
        self.page.fill("#join-chips", str(chips))
        self.page.click("#join-form button[type=submit]")

    def open_table(
        self, seed: str, *, check: tuple[str, ...] = (), uncheck: tuple[str, ...] = (),
        select: dict[str, str] | None = None, setup: Callable[[Client], None] | None = None,
    ) -> str:
        """Open a table from the lobby with the master ``seed``, the lobby's boxes ``check``ed
        and ``uncheck``ed (seat approval always off), its lists set (``select``: list, value)
        and then whatever ``setup`` does on the lobby page; returns its link."""
        self.page.goto(f"/?seed={seed}")
        self.page.uncheck("#clock-on")   # the lobby's clock is on by default; these hands are played slowly
        for box in ("#approval", *uncheck):
            self.page.uncheck(box)
        for box in check:
            self.page.check(box)
        for chooser, value in (select or {}).items():
            self.page.select_option(chooser, value)
        if setup is not None:
            setup(self)
        self.page.click("#create button[type=submit]")
        self.page.wait_for_url("**/table.html?t=*")
        return self.page.input_value("#share")

    def state(self) -> Any:
        """The page's latest update from the server (what it drew)."""
        return self.page.evaluate("() => window.pokerfloorTable?.state.update ?? null")

    def seat(self) -> int | None:
        update = self.state()
        return None if update is None else update["you"]["seat"]

    def updates(self) -> list[dict[str, Any]]:
        found = []
        for text in self.frames:
            frame = json.loads(text)
            if frame.get("type") == "update":
                found.append(frame)
        return found

    def shot(self, name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, animations="disabled")

    def close(self) -> None:
        self.context.close()


@contextlib.contextmanager
def visit(browser: Browser, base: str, name: str = "visitor", *, phone: bool = False,
          size: tuple[int, int] | None = None, expected: str = "") -> Iterator[Client]:
    """One person's browser on the server at ``base``, a ``Client`` (a laptop's screen, a phone's
    with ``phone``, or ``size``), closed at the end; its pages may log no error, a page error or
    a console error (``expected``: the text of the errors the test causes on purpose)."""
    client = Client(browser, base, name, phone=phone, size=size)
    try:
        yield client
        assert not [e for e in client.errors if not expected or expected not in e], client.errors
    finally:
        client.close()


class People:
    """Several people's browsers on one server (``everyone``): calling it opens one more
    (``visit``'s arguments: a name, ``phone``, ``size``, ``expected``); ``all`` holds them in order."""

    def __init__(self, stack: contextlib.ExitStack, browser: Browser, base: str) -> None:
        self.stack, self.browser, self.base = stack, browser, base
        self.all: list[Client] = []

    def __call__(self, name: str = "visitor", **options: Any) -> Client:
        client = self.stack.enter_context(visit(self.browser, self.base, name, **options))
        self.all.append(client)
        return client


@contextlib.contextmanager
def everyone(browser: Browser, base: str) -> Iterator[People]:
    """People's browsers on the server at ``base`` (``People``), each closed at the end and
    checked as ``visit`` checks it (no page error or console error)."""
    with contextlib.ExitStack() as stack:
        yield People(stack, browser, base)


@contextlib.contextmanager
def table_at_once(
    browser: Browser, base: str, seed: str, names: dict[int, str], *, check: tuple[str, ...] = (),
    uncheck: tuple[str, ...] = (), chips: int = 100, phones: tuple[int, ...] = (), select: dict[str, str] | None = None,
    setup: Callable[[Client], None] | None = None,
) -> Iterator[tuple[Client, dict[int, Client], list[Client]]]:
    """A host who opens a table without seat approval (``Client.open_table``) and a player per
    seat, each in a browser context of their own (a phone's for the seats in ``phones``):
    ``(host, players, everyone)``. Everyone added
    to ``everyone`` is closed at the end, and no page may have logged a console error."""
    host = Client(browser, base, "host")
    everyone = [host]
    try:
        link = host.open_table(seed, check=check, uncheck=uncheck, select=select, setup=setup)
        players = {}
        for seat, name in names.items():
            person = Client(browser, base, name, phone=seat in phones)
            everyone.append(person)
            person.ask_for_seat(link, seat, name, chips)
            expect(person.page.locator(f".seat.me[data-seat='{seat}']")).to_be_visible()
            players[seat] = person
        yield host, players, everyone
        assert not [e for person in everyone for e in person.errors]
    finally:
        for person in everyone:
            person.close()


Seated = contextlib.AbstractContextManager[tuple[Client, dict[int, Client], list[Client]]]
TWO = {1: "Ann", 2: "Bob"}


@pytest.fixture
def game_table(browser: Browser, server: str) -> Callable[..., Seated]:
    """``game_table(seed, setup=..., chips=..., names=...)``: ``table_at_once`` at this module's
    server, Ann in seat 1 and Bob in seat 2 unless ``names`` says otherwise; ``setup`` fills in
    the lobby (a variant, a sit-and-go) before the table is opened."""

    def seated(seed: str, *, names: dict[int, str] | None = None, **more: Any) -> Seated:
        return table_at_once(browser, server, seed, TWO if names is None else names, **more)

    return seated


def close_host_panel(host: Client) -> None:
    """Close the host's panel, which opens by itself over the table until the first hand (for a
    screenshot of the table)."""
    if host.page.locator("#host").is_visible():
        host.page.click("#host .panel-close")
    expect(host.page.locator("#host")).to_be_hidden()


def sit_and_go(stack: int = 100, payouts: str = "70, 30", antes: str = "") -> Callable[[Client], None]:
    """The lobby's sit-and-go: blinds 10/20 doubling every hand, ``stack`` each, ``payouts``,
    ``antes`` as the lobby's select names them ("" none, "bb_ante" a big-blind ante)."""

    def chosen(host: Client) -> None:
        host.page.fill("#small-blind", "10")
        host.page.fill("#big-blind", "20")
        host.page.check("#sng-on")
        host.page.fill("#sng-stack", str(stack))
        host.page.fill("#sng-every", "1")
        host.page.select_option("#sng-by", "hands")
        host.page.fill("#sng-payouts", payouts)
        host.page.select_option("#sng-ante", antes)

    return chosen


def to_act(host: Client, players: dict[int, Client]) -> Client | None:
    """The player to act once their buttons show and the host's page has caught up with theirs;
    None once the hand is over. Found from the players' own pages: for a moment after a player
    acts, the host's page may still name them as the one to act."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for client in players.values():
            update = client.state()
            if update is not None and update["you"].get("turn_token"):
                host.page.wait_for_function(
                    "seq => window.pokerfloorTable?.state.update?.seq >= seq", arg=update["seq"])
                expect(client.page.locator("#actions .act").first).to_be_visible()
                return client
        if host.page.evaluate(
                "() => { const h = window.pokerfloorTable?.state.update?.hand; return !!h && h.is_over }"):
            return None
        host.page.wait_for_timeout(50)
    raise AssertionError("no player's turn, and the hand not over, within 20 s")


def check_or_call(client: Client) -> None:
    for action in ("check", "call", "bring_in", "draw"):
        button = client.page.locator(f"#actions .act[data-action='{action}']")
        if button.count():
            token = client.state()["you"]["turn_token"]
            button.first.click()
            client.page.wait_for_function(
                "t => window.pokerfloorTable?.state.update?.you.turn_token !== t", arg=token)
            return
    raise AssertionError("no check, call, bring-in or draw button")


TURN = "() => window.pokerfloorTable?.state.update?.you.turn_token != null"


@pytest.fixture(scope="module")
def bots_table(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    """``pokerfloor serve --bots 5 --game plo``: the host's page, seated in seat 1 of the house's
    table, the bots dealing; the host's turn comes on its own (and the table waits for it)."""
    port = free_port()
    folder = tmp_path_factory.mktemp("layout")
    with (folder / "stderr.txt").open("w") as err:
        process = subprocess.Popen(
            [sys.executable, "-c", "from pokerfloor.cli import main; main()", "serve", "--bots", "5", "--game", "plo",
             "--no-approve", "--db", f"sqlite:///{folder / 'serve.db'}", "--host", "127.0.0.1", "--port", str(port)],
            stdout=subprocess.PIPE, stderr=err, text=True, env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    host = None
    try:
        assert process.stdout is not None
        own = ""
        while not own:
            line = process.stdout.readline()
            assert line, (folder / "stderr.txt").read_text()
            if "host link" in line:
                own = line.split(": ", 1)[1].strip()
        parts = urlsplit(own)
        host = Client(browser, f"{parts.scheme}://{parts.netloc}", "host")
        host.page.goto(own)
        host.page.wait_for_function(IN_PLAY)
        host.page.click(".seat[data-seat='1'] .sit")
        host.page.fill("#join-name", "Hana")
        host.page.click("#join-form button[type=submit]")
        expect(host.page.locator(".seat.me[data-seat='1']")).to_be_visible()
        yield host
        assert not host.errors, host.errors
    finally:
        if host is not None:
            host.close()
        end(process)


def hosts_turn(page: Page) -> None:
    """Wait for the host's own turn (the bots act at once), then pause the table there, so no
    action clock moves it on while the page is measured."""
    page.wait_for_function(TURN, timeout=90_000)
    page.evaluate("() => window.pokerfloorTable.state.update.table.paused"
                  " || window.pokerfloorTable.conn.send({ type: 'pause' }).then(() => true)")
    page.wait_for_function("() => window.pokerfloorTable.state.update.table.paused")
    # A test that drew the table with a change of its own (`pristine`, the table as it was
    # paused): the next test starts from the table as it is.
    page.evaluate("""() => {
      const t = window.pokerfloorTable;
      t.state.error = t.state.notice = null;
      if (!t.pristine) return;
      const u = structuredClone(t.pristine);
      u.seq = t.state.update.seq;
      t.conn.onFrame(u);
    }""")
    expect(page.locator("#actions .act").first).to_be_visible()
