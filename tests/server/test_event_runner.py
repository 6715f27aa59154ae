"""Issue 38: the served event's edges and the host's hand. Every field of ``open_event`` is checked
whole and refused ``bad_field`` naming it; the host's pause holds the level's clock and added time
lengthens it; a removed player is placed at once and their chips leave play; payouts change only
before the money; and an event saved mid-play (its versioned JSON state) is rebuilt and played to
the end with every entry placed once and the prizes adding up to the pool."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pokerfloor.server.event.clock import EventClock
from pokerfloor.server.event.config import TEMPLATES, event_config
from pokerfloor.server.event.runner import EventRunner
from pokerfloor.server.fields import Refused

LEVELS = [{"small_blind": 10 * 2**k, "big_blind": 20 * 2**k, "minutes": 10} for k in range(12)]
BASE = {"levels": LEVELS, "starting_stack": 1_000, "seats": 6, "buy_in": 100, "between_hands": 0}


class Now:
    def __init__(self) -> None:
        self.t = 10_000.0

    def __call__(self) -> float:
        return self.t


def runner(**more: Any) -> tuple[EventRunner, Now]:
    now = Now()
    made = EventRunner("ev", event_config({"event": {**BASE, **more}}), "h" * 64, seed="7" * 64,
                       clock=EventClock(now))
    return made, now


@pytest.mark.parametrize(("event", "field"), [
    ({"levels": []}, "levels"),
    ({"levels": [{"break": 5}]}, "levels"),
    ({"levels": [{"small_blind": 20, "big_blind": 10, "hands": 3}]}, "small_blind"),
    ({"levels": [{"small_blind": 1, "big_blind": 2, "hands": 3, "minutes": 2}]}, "levels"),
    ({"starting_stack": 0}, "starting_stack"),
    ({"starting_stack": True}, "starting_stack"),
    ({"seats": 11}, "seats"),
    ({"payouts": [0, 0]}, "payouts"),
    ({"progressive": 101}, "progressive"),
    ({"colour_ups": [[1, 25]]}, "colour_ups"),
    ({"colour_ups": [[1, 25, 30]]}, "event"),            # not a whole multiple: the library says so
    ({"rotation": {"name": "omaha"}}, "name"),
    ({"game": {"variant": "nope"}}, "variant"),
    ({"name": ""}, "name"),
    ({"action_seconds": 0}, "action_seconds"),
    ({"surprise": 1}, "event"),
    ({"hand_for_hand_minutes": 4}, "hand_for_hand_minutes"),     # RP-8-B: at most 3
    ({"hand_for_hand_jumps": 1}, "hand_for_hand_jumps"),
])
def test_a_wrong_event_field_is_refused_whole_naming_it(event: dict[str, Any], field: str) -> None:
    with pytest.raises(Refused) as refused:
        event_config({"event": {**BASE, **event}})
    assert refused.value.code == "bad_field" and refused.value.field == field


def test_every_template_opens_and_its_fields_can_be_overridden() -> None:
    for name in TEMPLATES:
        config = event_config({"template": name, "event": {"name": "Ours"}})
        assert config.name == "Ours" and config.levels
    assert event_config({"template": "pko"}).whole["bounty"] > 0
    assert event_config({"template": "horse"}).rotation is not None
    with pytest.raises(Refused):
        event_config({"template": "sunday-million"})


def test_pause_holds_the_level_and_added_time_lengthens_it() -> None:
    from pokerfloor.server.event.views import clock_json

    event, now = runner()
    event.add_bots(6)
    event.start()
    now.t += 60
    assert clock_json(event)["seconds_left"] == pytest.approx(540)
    event.pause()
    now.t += 300
    assert clock_json(event)["seconds_left"] == pytest.approx(540) and clock_json(event)["paused"]
    event.resume()
    event.add_time(120)
    now.t += 60
    assert clock_json(event)["seconds_left"] == pytest.approx(600)
    with pytest.raises(Refused):
        event.add_time(True)


def test_a_removed_player_is_placed_at_once_and_their_chips_leave_play() -> None:
    event, _now = runner()
    event.add_bots(8)
    event.start()
    issued = event.event.chips_issued
    event.remove("bot 3")       # between hands: the tables have not dealt yet
    assert event.event.chips_issued == issued - 1_000
    assert [p.player for p in event.event.standings()] == ["bot 3"]
    assert event.event.standings()[0].place == 8
    with pytest.raises(Refused):
        event.remove("bot 3")


def test_payouts_change_before_the_money_only() -> None:
    event, now = runner(payouts=[50, 30, 20])
    event.add_bots(8)
    event.set_payouts([60, 40])
    assert event.event.prizes() == {1: 480, 2: 320}
    with pytest.raises(Refused):
        event.set_payouts([True])
    event.start()
    while event.event.players_left > 2:
        event.step(now.t)
        now.t += 1
    with pytest.raises(Refused) as refused:
        event.set_payouts([100])
    assert refused.value.code == "illegal"


def test_an_event_saved_mid_play_is_rebuilt_and_played_to_the_end() -> None:
    event, now = runner(late_until=2, reentries=1, bounty=50)
    event.add_bots(20)
    event.start()
    for _ in range(15):
        event.step(now.t)
        now.t += 1
    assert not event.event.is_over and event.hands > 0
    saved = json.loads(json.dumps(event.state()))
    again = EventRunner.from_state("ev", event.config, event.host_hash, saved, EventClock(now))
    assert again.event.standings() == event.event.standings() and again.started
    assert again.event.chips_on_tables() == again.event.chips_issued
    while not again.event.is_over:
        again.step(now.t)
        now.t += 1
    places = again.event.standings()
    assert sorted(p.entry for p in places) == sorted(again.event.entries)
    assert sum(p.prize for p in places) == again.event.prize_pool


@pytest.mark.parametrize(
    "spoil",
    [
        lambda s: s.update(version=99),
        lambda s: s.pop("persons"),
        lambda s: s.update(seed=7),
        lambda s: s["clock"].update(offset="soon"),
        lambda s: s.update(seen=-1),
        lambda s: s["event"].pop("state"),
        lambda s: s["persons"].update(x={"name": 5, "token_hash": "t"}),
        lambda s: s["persons"].update(x={"name": "Ann", "token_hash": "t", "colour": "red"}),
    ],
)
def test_a_stored_state_is_read_whole_or_refused_unreadable(spoil: Any) -> None:
    """A row read back is checked whole at the edge: a state spoiled in any field is refused
    with the server's ``Unreadable``, never a bare ``KeyError`` or ``TypeError`` later."""
    from pokerfloor.typedjson import Unreadable

    event, now = runner()
    event.add_bots(8)
    event.start()
    event.step(now.t)
    saved = json.loads(json.dumps(event.state()))
    assert EventRunner.from_state("ev", event.config, event.host_hash, saved, EventClock(now)).started
    spoil(saved)
    with pytest.raises(Unreadable):
        EventRunner.from_state("ev", event.config, event.host_hash, saved, EventClock(now))


def test_an_event_frame_is_read_whole_at_the_edge_into_one_typed_command() -> None:
    """Issue 36: the payouts a host sets and the settings an event opens with are read from the
    frame into the typed command itself (the handler never sees the frame); a wrong one is
    refused ``bad_field`` before the event's queue."""
    from pokerfloor.server.event import commands as ec

    received = ec.receive({"type": "set_payouts", "id": 7, "payouts": [60, 40], "extra": 1}, at=2.5)
    assert received == ec.Received(ec.SetPayouts(payouts=(60, 40)), 7, 2.5)
    opened = ec.receive({"type": "open_event", "event": BASE}).command
    assert isinstance(opened, ec.OpenEvent) and opened.config == event_config({"event": BASE})
    for frame, field in [({"type": "set_payouts", "payouts": [True]}, "payouts"),
                         ({"type": "set_payouts", "payouts": [0, 0]}, "payouts"),
                         ({"type": "set_payouts"}, "payouts"),
                         ({"type": "event_deal", "kind": "split"}, "kind"),
                         ({"type": "event_hello", "event_id": "x", "view": "stage"}, "view"),
                         ({"type": "open_event", "event": {**BASE, "seats": 11}}, "seats")]:
        with pytest.raises(Refused) as refused:
            ec.receive(frame)
        assert (refused.value.code, refused.value.field) == ("bad_field", field), frame


def test_an_event_opens_with_hand_for_hand_before_every_pay_jump_and_its_minutes_a_hand() -> None:
    """The house options of hand-for-hand (TDA 2024 RP-8): played before every pay jump in the
    money too (``hand_for_hand_jumps``), and the minutes the level's clock counts for each
    hand-for-hand hand (``hand_for_hand_minutes``, RP-8-B: 2, at most 3) reach the event; an
    event stored before they were settings reads with the library's defaults."""
    from pokerfloor.server.event.config import EventConfig

    made, _ = runner(hand_for_hand_jumps=True, hand_for_hand_minutes=3)
    assert (made.event.options.hand_for_hand_jumps, made.event.options.hand_for_hand_minutes) == (True, 3)
    plain, _ = runner()
    assert (plain.event.options.hand_for_hand_jumps, plain.event.options.hand_for_hand_minutes) == (False, 2)
    stored = made.config.to_json()
    assert EventConfig.from_json(json.loads(json.dumps(stored))) == made.config
    older = {k: v for k, v in stored.items() if k not in ("hand_for_hand_jumps", "hand_for_hand_minutes")}
    assert EventConfig.from_json(older).tournament(random.Random(0)).options.hand_for_hand_minutes == 2


STORED = (
    '{"name": "Tournament", "game": {"variant": "omaha", "structure": "pot_limit", "small_blind": 5, "big_blind": 10}, '
    '"rotation": null, "levels": [{"small_blind": 10, "big_blind": 20, "ante": 0, "bb_ante": 0, "minutes": 10.0}, '
    '{"break": 5.0}, {"small_blind": 20, "big_blind": 40, "ante": 4, "bb_ante": 0, "hands": 7}, '
    '{"small_blind": 40, "big_blind": 80, "ante": 0, "bb_ante": 0}], "starting_stack": 1000, "seats": 9, '
    '"payouts": [50, 30, 20], "colour_ups": [[2, 5, 25]], "whole": {"buy_in": 0, "unit": 5, "late_until": 0, '
    '"reentries": 0, "rebuys_until": 0, "rebuy_price": 0, "add_on_level": 0, "add_on_stack": 0, "add_on_price": 0, '
    '"bounty": 0, "progressive": 0, "hand_for_hand": 1}, "approval": false, "house_bots": true, "halt_short": true, '
    '"final_redraw": true, "hand_for_hand_jumps": false, "hand_for_hand_minutes": 2, "start_at": null, '
    '"action_seconds": 30.0, "between_hands": 2.0, "most_entries": 2000}')
"""An event's settings as the last release stored them (``EventConfig.to_json``, then dicts)."""


def test_an_events_settings_are_one_typed_value_stored_as_the_json_it_always_was() -> None:
    """Issue 36: the event's game, rotation and levels are the library's values (``Game``,
    ``RotationChoice``, ``Level`` and ``Break``), read once by the checks a sit-and-go's levels
    and the table's game have; the JSON they are stored as is byte for byte what was stored
    before, and settings stored by the last release read back into the same value."""
    from pokerfloor.rules import Game
    from pokerfloor.server.event.config import EventConfig
    from pokerfloor.server.games import RotationChoice
    from pokerfloor.table.event_types import Break
    from pokerfloor.table.tournament import Level

    config = EventConfig.from_json(json.loads(STORED))
    assert isinstance(config.game, Game) and config.game.variant == "omaha" and config.rotation is None
    assert config.levels == (Level(10, 20, minutes=10.0), Break(5.0), Level(20, 40, 4, hands=7), Level(40, 80))
    assert json.dumps(config.to_json()) == STORED
    given = {k: v for k, v in json.loads(STORED).items() if k not in ("whole", "rotation")}
    opened = event_config({"event": given | {"unit": 5}})
    assert opened == config
    horse = event_config({"template": "horse"})
    assert horse.rotation == RotationChoice("horse", 40, "orbit") and horse.game is None
    assert all(isinstance(stage, Level | Break) for config in TEMPLATES.values() for stage in config.levels)
    older = EventConfig.from_json({**horse.to_json(), "rotation": {"name": "8game"}})   # stored as given
    assert older.rotation == RotationChoice("8game") and older.played().max_players == 8
    with pytest.raises(Refused) as refused:
        EventConfig.from_json({**json.loads(STORED), "levels": [{"small_blind": 1.5, "big_blind": 3}]})
    assert refused.value.field == "small_blind"


def test_docs_protocol_lists_every_event_command_with_its_fields() -> None:
    """docs/protocol.md's table of the event's commands says what ``event.commands`` reads: one
    row per command (``pause_event / resume_event`` share one), naming each of its fields
    (``open_event``'s settings are its ``template`` and ``event``)."""
    import re
    from dataclasses import fields
    from pathlib import Path

    from pokerfloor.server.event import commands as ec

    text = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    section = text[text.index("## Tournaments over many tables"):]
    rows = {}
    for kinds, described in re.findall(r"^\| (`\w+`(?: / `\w+`)*) \| (.*?) \|", section, flags=re.M):
        for kind in re.findall(r"`(\w+)`", kinds):
            rows[kind] = described
    assert set(rows) == set(ec.COMMANDS)
    for kind, command in ec.COMMANDS.items():
        names = {"template", "event"} if command is ec.OpenEvent else {f.name for f in fields(command)}
        assert names <= set(re.findall(r"`(\w+)`", rows[kind])), kind
