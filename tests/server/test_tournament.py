"""Sit-and-go tournaments at the server (issue 23 item 4): the ``tournament`` option, validated
whole at ``create_table``; the blinds going up by level from the next hand (TDA 2024 R23); no
rebuys; eliminations in order; the room record restoring the level and its clock mid-level;
the update's ``table.tournament``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerfloor.server import records
from pokerfloor.server.room import Config, Refused, Room, digest
from pokerfloor.server.updates import tournament_json
from tests.server.conftest import FakeClock, Session

HOLDEM = {"variant": "holdem", "structure": "no_limit", "small_blind": 1, "big_blind": 2}
BY_HANDS = {"starting_stack": 300, "levels": [
    {"small_blind": 5, "big_blind": 10, "hands": 3},
    {"small_blind": 10, "big_blind": 20, "ante": 2, "hands": 3},
    {"small_blind": 25, "big_blind": 50},
], "payouts": [65, 35]}
BY_MINUTES = {"starting_stack": 500, "doubling": {"small_blind": 5, "big_blind": 10, "minutes": 1, "levels": 6}}


def _config(tournament: Any, **options: Any) -> Config:
    options = {"tournament": tournament, "seed": "ab" * 16, **options}
    return Config.parse({"game": HOLDEM, "seats": 6, "options": options})


@pytest.mark.parametrize(("tournament", "field"), [
    ([1], "tournament"),
    ({"levels": BY_HANDS["levels"]}, "starting_stack"),
    ({"starting_stack": 100}, "tournament"),
    ({**BY_HANDS, "doubling": BY_MINUTES["doubling"]}, "tournament"),
    ({**BY_HANDS, "payouts": [50, 30]}, "payouts"),
    ({**BY_HANDS, "payouts": [True, 99]}, "payouts"),
    ({**BY_HANDS, "levels": [{"small_blind": 20, "big_blind": 10, "hands": 2}, {"small_blind": 1, "big_blind": 2}]},
     "small_blind"),
    ({**BY_HANDS, "levels": [{"small_blind": 5, "big_blind": 10}, {"small_blind": 10, "big_blind": 20}]}, "levels"),
    ({**BY_HANDS, "levels": [{"small_blind": 5, "big_blind": 10, "hands": 2, "minutes": 3}]}, "levels"),
    ({**BY_HANDS, "levels": []}, "levels"),
    ({**BY_HANDS, "rebuys": True}, "tournament"),
    ({"starting_stack": 500, "doubling": {"small_blind": 5, "big_blind": 10, "minutes": 0}}, "minutes"),
    ({"starting_stack": 500, "doubling": {"small_blind": 5, "big_blind": 10, "hands": 5, "levels": 31}}, "levels"),
])
def test_a_wrong_tournament_option_is_refused_whole(tournament: Any, field: str) -> None:
    with pytest.raises(Refused) as refused:
        _config(tournament)
    assert refused.value.code == "bad_field" and refused.value.field == field


def test_a_doubling_schedule_is_written_out_and_survives_the_config_json() -> None:
    config = _config(BY_MINUTES)
    levels = config.levels()
    assert [(lv.small_blind, lv.big_blind) for lv in levels] == [(5 << k, 10 << k) for k in range(6)]
    assert all(lv.minutes == 1.0 for lv in levels)
    assert Config.parse(json.loads(json.dumps(config.to_json()))) == config


class Played:
    """A tournament room driven by inputs (players shove or fold at random), each kept."""

    def __init__(self, tournament: Any, players: int = 4, seed: int = 3, step: float = 7.0,
                 shove: float = 0.3) -> None:
        self.config = _config(tournament)
        self.room = Room("t-sng", self.config, digest("host"))
        self.inputs: list[dict[str, Any]] = []
        self.records: list[tuple[int, str]] = []
        self.now, self.step, self.choose, self.shove = 1_000.0, step, random.Random(seed), shove
        for seat in range(1, players + 1):
            self.apply({"kind": "request", "request_id": f"r{seat}", "name": f"n{seat}", "seat": seat,
                        "chips": 100, "token_hash": digest(f"n{seat}")})
            self.apply({"kind": "sit", "request_id": f"r{seat}", "player_id": f"p{seat}"})
        self.apply({"kind": "start"})

    def apply(self, entry: dict[str, Any]) -> None:
        self.now += self.step
        entry["at"] = self.now
        ended = len(self.room.hands)
        self.room.apply_stored(entry)
        self.inputs.append(entry)
        if len(self.room.hands) != ended:
            self.records.append((len(self.inputs), json.dumps(records.room_record(self.room))))

    def hand(self) -> None:
        room = self.room
        self.apply(room.next_deal().json())
        while room.in_hand:
            hand = room.hand
            assert hand is not None and hand.to_act is not None
            player = room.player_at(hand.to_act)
            assert player is not None
            legal = hand.legal()
            if legal.raise_ is not None and self.choose.random() < self.shove:
                action, to = "raise", legal.raise_.max_to
            elif legal.check:
                action, to = "check", None
            else:
                action, to = ("call", None) if self.choose.random() < 0.6 else ("fold", None)
            self.apply({"kind": "act", "player_id": player.player_id, "action": action, "to": to,
                        "client_action_id": f"a{len(self.inputs)}"})

    def fold(self) -> None:
        """Everyone to act folds until the hand in play is over."""
        room = self.room
        while room.in_hand:
            hand = room.hand
            assert hand is not None and hand.to_act is not None
            player = room.player_at(hand.to_act)
            assert player is not None
            self.apply({"kind": "act", "player_id": player.player_id, "action": "fold",
                        "client_action_id": f"f{len(self.inputs)}"})

    def to_the_end(self, most: int = 300) -> None:
        for _ in range(most):
            if not self.room.ready_to_deal():
                return
            self.hand()


def test_the_blinds_go_up_by_hands_from_the_next_hand() -> None:
    """TDA 2024 R23: a new level applies to the next hand; the third level lasts to the end."""
    played = Played(BY_HANDS, seed=11, shove=0.0)
    blinds = []
    for _ in range(8):
        if not played.room.ready_to_deal():
            break
        played.hand()
        game = played.room.hands[-1].game
        blinds.append((game.small_blind, game.big_blind, game.ante))
    assert blinds[:3] == [(5, 10, 0)] * 3
    assert blinds[3:6] == [(10, 20, 2)] * len(blinds[3:6])
    assert all(b == (25, 50, 0) for b in blinds[6:])
    assert len(blinds) >= 4


def test_a_big_blind_ante_level_has_the_big_blind_post_the_table_s_ante() -> None:
    """TDA 2024 RP-11: at a big-blind-ante level the big blind alone antes for the table (and its
    blind comes first); the next level's doubling doubles the big-blind ante with the blinds."""
    levels = {"starting_stack": 300, "doubling": {"small_blind": 5, "big_blind": 10, "bb_ante": 10, "hands": 1,
                                                  "levels": 3}, "payouts": [100]}
    played = Played(levels, seed=11, shove=0.0)
    for number in range(2):
        played.hand()
        hand = played.room.hands[-1]
        posts = [(e.seat, e.post, e.amount) for e in hand.events if e.kind == "post"]
        big = next(seat for seat, kind, _ in posts if kind == "bb")
        assert [(seat, amount) for seat, kind, amount in posts if kind == "bb_ante"] == [(big, 10 << number)]
        assert not [kind for _, kind, _ in posts if kind == "ante"]
        state = tournament_json(played.room, lambda: played.now)
        assert state["next"]["bb_ante"] == 10 << (number + 1)


@pytest.mark.parametrize(("level", "field"), [
    ({"small_blind": 5, "big_blind": 10, "ante": 1, "bb_ante": 10}, "bb_ante"),
    ({"small_blind": 5, "big_blind": 10, "bb_ante": -1}, "bb_ante"),
    ({"small_blind": 5, "big_blind": 10, "bb_ante": True}, "bb_ante"),
])
def test_a_level_has_an_ante_from_each_player_or_a_big_blind_ante_not_both(level: Any, field: str) -> None:
    with pytest.raises(Refused) as refused:
        _config({"starting_stack": 300, "levels": [level]})
    assert refused.value.code == "bad_field" and refused.value.field == field


def test_the_blinds_go_up_by_minutes_on_the_level_clock() -> None:
    """A level of one minute: the hand dealt after 60 s of it is at the next level."""
    played = Played(BY_MINUTES, seed=5, step=4.0, shove=0.02)
    started = None
    for _ in range(40):
        if not played.room.ready_to_deal():
            break
        played.hand()
        hand_game = played.room.hands[-1].game
        start = played.room.level_start
        assert start is not None
        started = started or start[1]
        dealt_at = played.room.deals[-1]
        level = int((next(e["at"] for e in played.inputs if e.get("kind") == "deal"
                          and e["hand"] == dealt_at.number) - started) // 60)
        assert hand_game.big_blind == 10 << min(level, 5)


def test_no_rebuys_and_the_eliminated_are_placed_in_order_until_a_winner() -> None:
    played = Played(BY_HANDS, players=5, seed=2)
    played.to_the_end()
    room = played.room
    assert room.tournament_over
    places = sorted(place for _, place, _ in room.finishes)
    assert places[0] == 1 and len(room.finishes) == 5
    hands = {player: hand for player, _, hand in room.finishes}
    for _player, place, hand in room.finishes:      # busted earlier, placed lower
        assert all(other_place > place for _, other_place, other_hand in room.finishes if other_hand < hand)
    assert len(set(hands)) == 5
    state = tournament_json(room, lambda: played.now)
    assert state["over"] and state["players_left"] == 1
    assert state["places"][0]["place"] == 1
    assert sum(p["payout"] for p in state["places"]) == 100
    with pytest.raises(Refused):
        played.apply({"kind": "request", "request_id": "late", "name": "late", "seat": 6, "chips": 100,
                      "token_hash": digest("late")})
        played.apply({"kind": "sit", "request_id": "late", "player_id": "p6"})


def test_the_hands_left_of_a_level_count_the_one_in_play() -> None:
    played = Played(BY_HANDS, seed=11, shove=0.0)
    room = played.room
    played.apply(room.next_deal().json())
    assert tournament_json(room, lambda: played.now)["hands_left"] == 3      # hand 1 of 3 in play
    played.fold()
    assert tournament_json(room, lambda: played.now)["hands_left"] == 2
    played.hand()
    played.hand()
    state = tournament_json(room, lambda: played.now)
    assert state["hands_left"] == 0 and state["level"] == 1      # the next hand is at level 2
    played.hand()
    state = tournament_json(room, lambda: played.now)
    assert state["level"] == 2 and state["big_blind"] == 20 and state["hands_left"] == 2


def test_a_busted_player_cannot_rebuy() -> None:
    played = Played(BY_HANDS, players=3, seed=2)
    while not played.room.finishes:
        played.hand()
    gone = played.room.finishes[0][0]
    with pytest.raises(Refused):
        played.apply({"kind": "top_up", "player_id": gone, "chips": 100, "post": False})
    with pytest.raises(Refused):
        played.apply({"kind": "edit_stack", "seat": played.room.players[gone].seat, "chips": 100})


def test_the_host_cannot_set_the_blinds_of_a_tournament() -> None:
    played = Played(BY_HANDS, players=3, seed=2)
    played.hand()
    with pytest.raises(Refused) as refused:
        played.apply({"kind": "set_game", "variant": None, "small_blind": 50, "big_blind": 100, "ante": 0})
    assert refused.value.code == "illegal"
    played.hand()
    assert played.room.hands[-1].game.big_blind == 10


@pytest.mark.parametrize("tournament", [BY_HANDS, BY_MINUTES])
def test_the_record_restores_mid_level_with_its_clock(tournament: Any) -> None:
    """Each room record taken at a hand's end, restored and given the inputs after it, is the
    room that played them all, level, level clock and places included."""
    played = Played(tournament, players=4, seed=9)
    played.to_the_end()
    final = records.room_record(played.room)
    assert played.room.tournament_over
    hands = {n + 1: records.hand_json(h) for n, h in enumerate(played.room.hands)}
    levels_seen = set()
    for taken, record in played.records:
        room = records.restored("t-sng", played.config, digest("host"), record, hands)
        levels_seen.add(room.level)
        room.replay(played.inputs[taken:])
        assert records.room_record(room) == final
    assert len(levels_seen) > 1
    rebuilt = Room("t-sng", played.config, digest("host"))
    assert rebuilt.replay(played.inputs) == []
    assert records.room_record(rebuilt) == final


def test_the_update_carries_the_tournament_and_its_level_clock(http: TestClient, clock: FakeClock) -> None:
    session = Session(http, game=HOLDEM, seats=3, tournament=BY_MINUTES)
    session.join("ann", 1, chips=100)
    session.join("bob", 2, chips=100)
    assert session.host.reply({"type": "start"})["type"] == "ack"
    session.sync()
    state = session.host.state["table"]["tournament"]
    assert state["level"] == 1 and (state["small_blind"], state["big_blind"]) == (5, 10)
    assert state["next"] == {"small_blind": 10, "big_blind": 20, "ante": 0, "bb_ante": 0}
    assert state["players_left"] == 2 and state["average_stack"] == 500
    assert state["seconds_left"] == 60.0
    clock.now += 61
    session.play_hand(lambda peer, legal: ("fold", None) if legal.get("call") else ("check", None))
    session.sync()
    state = session.players[0].state["table"]["tournament"]
    assert state["level"] == 2 and state["big_blind"] == 20
    assert 0 < state["seconds_left"] < 60


def test_an_icm_deal_offer_shows_each_players_equity_until_the_next_hand() -> None:
    """Heads-up, Malmuth-Harville is second prize plus the difference in proportion to chips."""
    played = Played(BY_HANDS, players=2, seed=4, shove=0.0)
    room = played.room
    played.apply(room.next_deal().json())
    with pytest.raises(Refused):                 # not during a hand
        played.apply({"kind": "offer_deal"})
    played.fold()
    assert tournament_json(room, lambda: played.now)["deal"] is None
    played.apply({"kind": "offer_deal"})
    deal = tournament_json(room, lambda: played.now)["deal"]
    stacks = {s.player: room.table.stack(n) for n, s in room.table.seats.items()}
    assert len(set(stacks.values())) == 2        # someone won the blinds
    total = sum(stacks.values())
    assert deal == {p: round(35 + 30 * chips / total, 2) for p, chips in stacks.items()}
    played.hand()
    assert tournament_json(room, lambda: played.now)["deal"] is None


def test_a_deal_is_offered_only_at_a_tournament_table(http: TestClient) -> None:
    cash = Session(http, game=HOLDEM, seats=3)
    assert cash.host.reply({"type": "offer_deal"})["code"] == "illegal"
    sng = Session(http, game=HOLDEM, seats=3, tournament=BY_HANDS)
    sng.join("ann", 1, chips=100)
    sng.join("bob", 2, chips=100)
    assert sng.host.reply({"type": "offer_deal"})["type"] == "ack"      # before the first hand
    sng.host.sync()
    assert sng.host.state["table"]["tournament"]["deal"] == {
        sng.room.player_at(1).player_id: 50.0, sng.room.player_at(2).player_id: 50.0,  # type: ignore[union-attr]
    }


THREE_WAY = {**BY_HANDS, "payouts": [50, 30, 20]}


def _between_hands(players: int = 3, seed: int = 4, hands: int = 1) -> Played:
    """A sit-and-go of ``players`` after ``hands`` folded hands (someone won the blinds)."""
    played = Played(THREE_WAY, players=players, seed=seed, shove=0.0)
    for _ in range(hands):
        played.apply(played.room.next_deal().json())
        played.fold()
    return played


def _answer(played: Played, player: str, accept: bool) -> None:
    played.apply({"kind": "answer_deal", "player_id": player, "accept": accept})


def test_every_player_accepting_the_deal_ends_the_tournament_with_the_icm_payouts() -> None:
    """Citations ICM: the payouts are each player's equity in whole hundredths of a percent,
    adding up to exactly the prizes of the places left, and the players are placed by chips."""
    played = _between_hands(players=4, hands=3)
    room = played.room
    stacks = {s.player: room.table.stack(n) for n, s in room.table.seats.items()}
    assert len(stacks) == 4 and len(set(stacks.values())) > 1
    played.apply({"kind": "offer_deal"})
    equities = room.icm_shares()             # percent, exact
    for player in list(stacks)[:-1]:
        _answer(played, player, True)
        assert not room.tournament_over
    state = tournament_json(room, lambda: played.now)
    assert state["deal_accepted"] == list(stacks)[:-1] and state["deal"] is not None
    _answer(played, list(stacks)[-1], True)
    assert room.tournament_over and room.deal_payouts is not None
    assert sum(room.deal_payouts.values()) == 10_000                      # 100.00 % between them
    assert all(abs(room.deal_payouts[p] - 100 * equities[p]) < 1 for p in stacks)
    state = tournament_json(room, lambda: played.now)
    assert state["over"] and state["deal"] is None and state["deal_accepted"] == []
    by_chips = sorted(stacks, key=lambda p: (-stacks[p], p))
    assert [p["player_id"] for p in state["places"]] == by_chips
    assert [p["place"] for p in state["places"]] == sorted(p["place"] for p in state["places"])
    assert all(p["deal"] for p in state["places"])
    assert [round(p["payout"] * 100) for p in state["places"]] == [room.deal_payouts[p] for p in by_chips]
    assert not room.ready_to_deal()
    with pytest.raises(Refused):
        played.apply(room.next_deal().json())
    with pytest.raises(Refused):
        played.apply({"kind": "offer_deal"})


@pytest.mark.parametrize(("seed", "paid"), [(1, [20, 0]), (9, [10, 10])])
def test_a_deal_after_eliminations_keeps_the_paid_places_and_shares_the_rest(seed: int, paid: list[int]) -> None:
    """Payouts 50/30/20 and four players, two out (placed 3rd and 4th, or tied for 3rd and
    splitting its 20 %): the two left share 80 %, 8,000 hundredths."""
    played = Played(THREE_WAY, players=4, seed=seed)
    room = played.room
    while len(room.table.seats) > 2:
        played.hand()
    assert not room.tournament_over
    played.apply({"kind": "offer_deal"})
    for seat in list(room.table.seats.values()):
        _answer(played, seat.player, True)
    assert room.deal_payouts is not None and sum(room.deal_payouts.values()) == 8_000
    state = tournament_json(room, lambda: played.now)
    assert [p["place"] for p in state["places"]][:2] == [1, 2]
    assert [p["deal"] for p in state["places"]] == [True, True, False, False]
    assert [p["payout"] for p in state["places"][2:]] == paid
    assert round(sum(p["payout"] for p in state["places"]) * 100) == 10_000


def test_a_decline_a_hand_dealt_or_a_new_player_withdraws_the_offer() -> None:
    played = _between_hands(players=3)
    room = played.room
    players = [s.player for s in room.table.seats.values()]
    played.apply({"kind": "offer_deal"})
    _answer(played, players[0], True)
    _answer(played, players[1], False)                 # a decline: the offer is gone
    assert room.deal_offered is None and room.deal_accepted == []
    with pytest.raises(Refused):
        _answer(played, players[2], True)
    played.apply({"kind": "offer_deal"})
    _answer(played, players[0], True)
    played.apply(room.next_deal().json())                     # a hand dealt: gone too
    assert room.deal_offered is None and room.deal_accepted == []
    played.fold()
    played.apply({"kind": "offer_deal"})
    _answer(played, players[0], True)
    played.apply({"kind": "request", "request_id": "r9", "name": "late", "seat": 5, "chips": 100,
                  "token_hash": digest("late")})
    assert room.deal_accepted == [players[0]]          # a request changes nobody's chips
    played.apply({"kind": "sit", "request_id": "r9", "player_id": "p9"})
    assert room.deal_offered is None and room.deal_accepted == []
    assert not room.tournament_over


def test_an_answer_is_refused_without_an_offer_twice_or_from_a_player_out() -> None:
    played = Played(THREE_WAY, players=3, seed=2)
    room = played.room
    with pytest.raises(Refused) as refused:
        _answer(played, "p1", True)                    # nothing offered
    assert refused.value.code == "illegal"
    while not room.finishes:
        played.hand()
    out = room.finishes[0][0]
    left = [s.player for s in room.table.seats.values()]
    played.apply({"kind": "offer_deal"})
    _answer(played, left[0], True)
    seq = room.seq
    for wrong in ((left[0], True), (out, True)):       # a second answer; a player out
        with pytest.raises(Refused):
            _answer(played, *wrong)
    assert room.seq == seq and room.deal_accepted == [left[0]]


def test_offering_a_deal_again_starts_its_answers_afresh() -> None:
    played = _between_hands(players=3)
    room = played.room
    played.apply({"kind": "offer_deal"})
    _answer(played, room.table.seats[1].player, True)
    played.apply({"kind": "offer_deal"})
    assert room.deal_accepted == []


def test_payouts_not_from_first_place_down_cannot_be_dealt_by_icm() -> None:
    played = Played({**BY_HANDS, "payouts": [30, 70]}, players=2, seed=4, shove=0.0)
    with pytest.raises(Refused) as refused:
        played.apply({"kind": "offer_deal"})
    assert refused.value.code == "illegal"


def test_the_record_holds_the_answers_and_the_deal_and_a_version_1_record_has_neither() -> None:
    """Taken between hands, mid-offer and after the deal, the room record restores the room
    exactly; the same record as version 1 (without the deal's fields) restores with nobody
    having accepted and no deal paid, and the inputs after it bring it to the same end."""
    played = _between_hands(players=3)
    room = played.room
    hands = {n + 1: records.hand_json(h) for n, h in enumerate(room.hands)}
    boundary = records.room_record(room)
    taken = len(played.inputs)
    played.apply({"kind": "offer_deal"})
    players = [s.player for s in room.table.seats.values()]
    _answer(played, players[0], True)
    mid = records.room_record(room)
    assert mid["version"] == 3 and mid["deal_accepted"] == [players[0]]
    again = records.restored("t-sng", played.config, digest("host"), json.dumps(mid), hands)
    assert records.room_record(again) == mid
    for player in players[1:]:
        _answer(played, player, True)
    final = records.room_record(room)
    assert final["deal_payouts"] == room.deal_payouts and sum(final["deal_payouts"].values()) == 10_000
    again = records.restored("t-sng", played.config, digest("host"), json.dumps(final), hands)
    assert records.room_record(again) == final and again.tournament_over
    v3 = ("ended_at", "names", "log", "removing", "removed", "declared", "clock_next", "dealt_game", "top_ups")
    old = {k: v for k, v in boundary.items() if k not in ("deal_accepted", "deal_payouts", *v3)} | {"version": 1}
    upgraded = records.restored("t-sng", played.config, digest("host"), json.dumps(old), hands)

    def kept(record: dict[str, Any]) -> dict[str, Any]:      # what a version 1 record could hold
        return {k: v for k, v in record.items() if k not in ("log", "names", "dealt_game")}

    assert kept(records.room_record(upgraded)) == kept(boundary)
    assert upgraded.replay(played.inputs[taken:]) == []
    assert kept(records.room_record(upgraded)) == kept(final)
    with pytest.raises(records.RecordMiss):
        records.restored("t-sng", played.config, digest("host"), json.dumps({**final, "version": 4}), hands)


def test_offer_then_every_player_accepts_through_the_protocol(http: TestClient) -> None:
    session = Session(http, game=HOLDEM, seats=3, tournament=THREE_WAY)
    ann = session.join("ann", 1, chips=100)
    bob = session.join("bob", 2, chips=100)
    cy = session.join("cy", 3, chips=100)
    assert session.host.reply({"type": "start"})["type"] == "ack"
    session.play_hand(lambda peer, legal: ("fold", None) if legal.get("call") else ("check", None))
    assert session.host.reply({"type": "pause"})["type"] == "ack"
    session.sync()
    if session.room.in_hand:                   # the next hand was dealt before the pause
        session.play_hand(lambda peer, legal: ("fold", None) if legal.get("call") else ("check", None))
    assert session.host.reply({"type": "offer_deal"})["type"] == "ack"
    refused = ann.reply({"type": "answer_deal", "accept": "yes"})
    assert refused["type"] == "error" and refused["code"] == "bad_field" and refused["field"] == "accept"
    assert session.host.reply({"type": "answer_deal", "accept": True})["code"] == "not_seated"
    for peer in (ann, bob):
        assert peer.reply({"type": "answer_deal", "accept": True})["type"] == "ack"
    session.sync()
    state = cy.state["table"]["tournament"]
    ids = {s["name"]: s["player_id"] for s in cy.state["table"]["seats"].values()}
    assert state["deal_accepted"] == [ids["ann"], ids["bob"]] and not state["over"]
    assert ann.reply({"type": "answer_deal", "accept": True})["code"] == "illegal"
    assert cy.reply({"type": "answer_deal", "accept": True})["type"] == "ack"
    session.sync()
    for peer in session.everyone():
        state = peer.state["table"]["tournament"]
        assert state["over"] and state["deal"] is None
        assert [p["place"] for p in state["places"]] == sorted(p["place"] for p in state["places"])
        assert len(state["places"]) == 3 and all(p["deal"] for p in state["places"])
        assert round(sum(p["payout"] for p in state["places"]) * 100) == 10_000
    assert [e["kind"] for e in session.store_inputs()][-3:] == ["answer_deal"] * 3
    assert session.host.reply({"type": "start"})["type"] == "ack"
    session.sync()
    assert not session.room.in_hand and session.room.table.hand_number == session.room.deals[-1].number


def test_a_finished_sit_and_go_says_so_and_names_its_eliminated_players() -> None:
    """Issue 35, finding 8: a finished sit-and-go said "paused", and a knocked-out player appeared
    as "f38b48b45f9d1df2 is eliminated". The status is ``tournament_over``; every place, and
    every event of a player gone, carries the player's name."""
    from pokerfloor.server.moment import status_word
    from pokerfloor.server.updates import event_json

    played = Played(BY_HANDS, players=5, seed=2)
    played.to_the_end()
    room = played.room
    assert status_word(room) == "tournament_over"
    state = tournament_json(room, lambda: played.now)
    assert {p["name"] for p in state["places"]} == {f"n{seat}" for seat in range(1, 6)}
    named = [e for e in room.table.events if e.player]
    assert named and all(event_json(e, room)["name"] == f"n{e.player[1:]}" for e in named)


def test_who_declined_the_deal_is_told_to_everyone_and_kept_in_the_history(http: TestClient) -> None:
    """Issue 35, finding 9: nobody learned who declined an ICM deal, the offer just vanished.
    Now the decline is an event with the player's name, sent to every client and kept in the
    table's history (a reload shows it)."""
    sng = Session(http, game=HOLDEM, seats=3, tournament=BY_HANDS)
    ann = sng.join("ann", 1, chips=100)
    bob = sng.join("bob", 2, chips=100)
    assert sng.host.reply({"type": "offer_deal"})["type"] == "ack"
    assert bob.reply({"type": "answer_deal", "accept": False})["type"] == "ack"
    for peer in (sng.host, ann, bob):
        peer.sync()
        updates: dict[int, dict[str, Any]] = {}
        for frame in peer.frames:       # the update as broadcast (a resync sends it again, without events)
            if frame["type"] == "update":
                updates.setdefault(frame["seq"], frame)
        told = [e for f in updates.values() for e in f["events"] if e["kind"] == "deal_declined"]
        assert [(e["name"], e["seat"]) for e in told] == [("bob", 2)], peer.frames[-1]
    assert sng.host.state["table"]["tournament"]["deal"] is None
    assert [line["name"] for line in sng.room.log if line["kind"] == "deal_declined"] == ["bob"]
