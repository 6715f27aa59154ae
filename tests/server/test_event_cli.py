"""Issue 38: ``pokerfloor serve --tournament TEMPLATE --bots N`` opens an event filled with house
bots and prints its links; ``pokerfloor bot --url <invite link>`` registers by the event's link;
the host starts it and it is played to the end, the bot placed."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from websockets.sync.client import connect

from tests.server.test_serve_command import end
from tests.web.conftest import free_port


def test_serve_opens_a_tournament_of_house_bots_and_a_bot_registers_by_its_link(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        serve = subprocess.Popen(
            [sys.executable, "-c", "from pokerfloor.cli import main; main()", "serve", "--db",
             f"sqlite:///{tmp_path / 'e.db'}", "--port", str(port), "--tournament", "turbo", "--bots", "7"],
            stdout=out, stderr=subprocess.STDOUT, env=os.environ.copy())
        bot = None
        try:
            for _ in range(600):
                said = log.read_text()
                if "invite link" in said or serve.poll() is not None:
                    break
                time.sleep(0.1)
            invite = re.search(r"invite link \(players register by it\): (\S+)", said)
            host_link = re.search(r"host link \(.*?\): (\S+)", said)
            assert invite and host_link, said
            assert "/clock.html?e=" in said
            bot = subprocess.Popen([sys.executable, "-c", "from pokerfloor.cli import main; main()", "bot",
                                    "--url", invite.group(1), "--name", "Visitor", "--style", "maniac"],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=os.environ.copy())
            event_id = invite.group(1).split("e=")[1]
            token = host_link.group(1).split("#host=")[1]
            with connect(f"ws://127.0.0.1:{port}/event/ws") as ws:
                ws.send(json.dumps({"type": "event_hello", "event_id": event_id, "token": token}))
                lobby: dict[str, object] = {}
                for _ in range(200):    # the bot registered: eight entries
                    frame = json.loads(ws.recv(timeout=30))
                    if frame["type"] == "event_lobby":
                        lobby = frame
                        if frame["entrants"] == 8:
                            break
                assert lobby["entrants"] == 8 and "Visitor" in lobby["registered"]   # type: ignore[operator]
                ws.send(json.dumps({"type": "start_event"}))
                # the players agree a chip chop between hands: the event ends with every place paid
                done = None
                for _ in range(60):
                    ws.send(json.dumps({"type": "event_deal", "kind": "chip_chop", "accept": True}))
                    while (frame := json.loads(ws.recv(timeout=30)))["type"] not in ("event_deal", "error"):
                        pass
                    if frame["type"] == "event_deal":
                        done = frame
                        break
                    time.sleep(0.8)
                pool = sum(done["deal"].values()) if done else 0     # (a bot out early may re-enter: turbo)
                assert done is not None and pool >= 8 * 2_000 and pool % 2_000 == 0
            said_bot, _ = bot.communicate(timeout=600)
            assert bot.returncode == 0, said_bot
            assert re.search(rb"Visitor finished [1-8] with \d+", said_bot)
        finally:
            if bot is not None and bot.poll() is None:
                bot.kill()
            end(serve)
