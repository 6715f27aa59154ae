"""The bet presets the host chooses (issue 24, "Bet presets the host can set"): a table option,
checked whole at ``create_table`` and carried in every update's table for the page."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerfloor.server.room import Config
from tests.server.conftest import GAME, Peer, Session


def test_the_hosts_presets_reach_every_update_and_survive_a_restart(http: TestClient) -> None:
    game = Session(http, presets={"flop": [0.75, 0.25], "preflop": [2, 4]})
    seated = game.join("ann", 1)
    game.host.sync()
    assert game.host.state["table"]["presets"] == {"flop": [0.25, 0.75], "preflop": [2.0, 4.0]}
    assert seated.sync() and seated.state["table"]["presets"] == {"flop": [0.25, 0.75], "preflop": [2.0, 4.0]}
    stored = Config.parse(game.room.config.to_json())
    assert stored.presets is not None and stored.presets.json() == {"flop": [0.25, 0.75], "preflop": [2.0, 4.0]}


def test_without_presets_the_page_keeps_its_own(http: TestClient) -> None:
    game = Session(http)
    game.host.sync()
    assert game.host.state["table"]["presets"] is None


@pytest.mark.parametrize(
    "presets",
    [[], {}, {"river": [1]}, {"flop": []}, {"flop": [0.5] * 7}, {"flop": [0]}, {"flop": [11]},
     {"preflop": [1]}, {"preflop": [True]}, {"flop": ["half"]}, {"flop": 0.5}],
)
def test_presets_out_of_their_ranges_are_refused_naming_the_field(http: TestClient, presets: Any) -> None:
    host = Peer(http, "host")
    refused = host.reply({"type": "create_table", "game": GAME, "seats": 6, "options": {"presets": presets}})
    assert refused["type"] == "error" and refused["code"] == "bad_field" and refused["field"] == "presets"
