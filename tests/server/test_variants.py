"""Every variant at a table of house bots, through the protocol (issue 23): each game of
``pokerfloor.VARIANTS`` is created with its forced bets (an ante and a bring-in in stud and razz,
blinds in the others), dealt to the end of several hands with each seat played by the house
bots' own choice (``botclient.house_action``: discards in a draw, the bring-in in stud, show or
muck when the showdown asks), and every frame to every seat and to the rail is read for a card
its reader may not see: another seat's down cards, anyone's discards."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerfloor.bots import make_bot
from pokerfloor.cli.games import SHORT_NAMES
from pokerfloor.cli.serve import house_game
from pokerfloor.hand import Hand
from pokerfloor.hand.types import FACE_UP
from pokerfloor.hand.view import SeatView
from pokerfloor.rules import VARIANTS
from pokerfloor.server.botclient import HouseTable, house_action, house_table
from pokerfloor.server.games import GameRefused, game_from, game_json, rotation_from
from pokerfloor.server.room import Config, Room
from pokerfloor.server.showdown import result_json, said_low
from tests.server.conftest import CARD, Peer, Session, hand_updates
from tests.server.test_bots import _hands_reach
from tests.server.test_faults import Server

BUY_IN = 200
STUD = {"ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}
BLINDS = {"small_blind": 1, "big_blind": 2}
STRUCTURE = {"stud": "fixed_limit", "draw": "fixed_limit", "flop": "pot_limit"}


def game_of(variant: str, structure: str | None = None) -> dict[str, Any]:
    family = VARIANTS[variant].family
    return {"variant": variant, "structure": structure or STRUCTURE[family], **(STUD if family == "stud" else BLINDS)}


def secrets_of(hand: Hand, viewer: int | None) -> set[str]:
    """The cards of ``hand`` that ``viewer`` (``None``: the rail) may never be shown, read from
    the whole hand's events, not from any view: every card dealt or thrown away (a draw's
    discards) that was neither the viewer's own nor dealt or shown face up."""
    hidden, public = set(), set()
    for event in hand.events:
        for n, card in enumerate(event.cards):
            if card is None:
                continue
            face = event.seen_by[n] if n < len(event.seen_by) else FACE_UP
            own = viewer is not None and event.seat == viewer
            (public if own or face == FACE_UP or not event.seen_by else hidden).add(str(card))
    return hidden - public


def check_frames(peer: Peer, hands: dict[int, Hand], viewer: int | None) -> int:
    checked = 0
    for frame, hand in hand_updates(peer, hands):
        leaked = set(CARD.findall(json.dumps(frame))) & secrets_of(hand, viewer)
        assert not leaked, f"{peer.name} saw {sorted(leaked)} in hand {frame['table']['hand_number']}"
        checked += 1
    return checked


def chips_at(room: Room) -> int:
    """The chips at the table: in front of the seats, and in the hand dealt since (its stacks,
    bets and pots)."""
    table, hand = room.table, room.table.hand
    if hand is None or hand.is_over:
        return sum(table.stack(s) for s in table.seats)
    out = sum(table.stack(s) for s in table.seats if s not in hand.seats)
    return out + sum(hand.stacks.values()) + hand.total_pot


def play_with_house_bots(game: Session, rng: random.Random, hands: int, style: str = "station") -> dict[str, int]:
    """Deal ``hands`` hands, each seat played by a house bot's choice; returns how often each
    action was taken (calling-station bots, so that hands go to the draws and the showdown)."""
    bots = {peer.name: make_bot(style, peer.name, rng) for peer in game.players}
    taken: dict[str, int] = {}
    for _ in range(hands):
        number = game.room.table.hand_number
        while (peer := game.to_act()) is not None and peer.state["table"]["hand_number"] == number:
            choice = house_action(bots[peer.name], SeatView.from_dict(peer.state["hand"]))
            frame = {"type": "act", "hand": number, "turn_token": peer.turn_token,
                     "client_action_id": f"{peer.name}-{number}-{len(peer.frames)}", **choice}
            got = peer.reply(frame)
            assert got["type"] == "ack", (choice, got)
            taken[choice["action"]] = taken.get(choice["action"], 0) + 1
        game.sync()
        assert chips_at(game.room) == BUY_IN * len(game.players), "chips conserved"
    return taken


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variant_is_dealt_to_house_bots_without_a_card_leaking(http: TestClient, variant: str) -> None:
    game = Session(http, game=game_of(variant), seats=4, auto_muck=False, seed="0123abcd")
    for seat in (1, 2, 3):
        game.join(f"p{seat}", seat, BUY_IN)
    rail = Peer(http, "rail")
    rail.reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": True})
    game.host.reply({"type": "start"})
    rng = random.Random(variant)
    taken = play_with_house_bots(game, rng, hands=3)
    game.host.reply({"type": "pause"})
    for action, count in play_with_house_bots(game, rng, hands=1).items():     # the hand dealt before the pause
        taken[action] = taken.get(action, 0) + count
    rail.sync()
    room = game.room
    assert room.config.game.variant == variant
    assert len(room.hands) >= 4
    room.table.verify()      # the ledger against the seats
    ledger = room.table.ledger
    assert sum(ledger.hand_totals().values()) == 0 and ledger.on_table() == BUY_IN * 3
    hands = dict(enumerate(room.hands, 1))
    checked = sum(check_frames(p, hands, int(p.name[1:])) for p in game.players) + check_frames(rail, hands, None)
    assert checked > 20
    family = VARIANTS[variant].family
    if family == "draw":
        assert taken.get("draw", 0) >= 3, taken
        drawn = [e for h in room.hands for e in h.events if e.kind == "draw"]
        assert any(e.amount for e in drawn), "someone drew a card"
    if family == "stud":
        assert taken.get("bring_in", 0) >= 4, taken
    game.close()
    rail.close()


def test_the_server_refuses_a_game_without_its_forced_bets() -> None:
    """RROP11 Seven-card stud: stud is dealt with an ante and a bring-in, not blinds; every other
    game with blinds. Refused games name what is wrong (``bad_field``)."""
    with pytest.raises(GameRefused, match="bring-in"):
        game_from({"variant": "razz", "structure": "fixed_limit", "small_bet": 2})
    with pytest.raises(GameRefused, match="not blinds"):
        game_from({**game_of("stud"), "small_blind": 1})
    with pytest.raises(GameRefused, match="not a bring-in"):
        game_from({**game_of("badugi"), "bring_in": 1})
    with pytest.raises(GameRefused, match="variant"):
        game_from({"variant": "pineapple"})
    with pytest.raises(GameRefused, match="no field"):
        game_from({"variant": "holdem", "straddle": 4})
    with pytest.raises(GameRefused, match="spread"):
        game_from({"variant": "holdem", "structure": "spread_limit", "small_blind": 1, "big_blind": 2})
    with pytest.raises(GameRefused, match="bring-in 2 is not less"):
        game_from({**game_of("stud"), "bring_in": 2})


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("structure", ["no_limit", "pot_limit", "half_pot", "fixed_limit"])
def test_each_variant_in_each_structure_reads_back_the_same(variant: str, structure: str) -> None:
    game = game_from(game_of(variant, structure))
    assert (game.variant, game.structure) == (variant, structure)
    assert game_from(game_json(game)) == game


def test_a_create_table_for_more_players_than_the_game_deals_is_refused(http: TestClient) -> None:
    host = Peer(http, "host")
    refused = host.reply({"type": "create_table", "game": game_of("stud"), "seats": 9})
    assert refused["type"] == "error" and refused["code"] == "bad_field" and "at most 8" in refused["message"]
    created = host.reply({"type": "create_table", "game": game_of("stud")})
    assert created["type"] == "table_created"


def test_a_horse_table_rotates_its_games(http: TestClient) -> None:
    """``options.rotation``: the table deals HORSE (``Table.rotate_games``), two hands a game."""
    assert [g.variant for g in rotation_from({"name": "horse", "small_bet": 4}).games] == [
        "holdem", "omaha_hilo", "razz", "stud", "stud_hilo"]
    game = Session(http, seats=4, rotation={"name": "horse", "small_bet": 2, "per": 2})
    for seat in (1, 2, 3):
        game.join(f"p{seat}", seat, BUY_IN)
    game.host.reply({"type": "start"})
    play_with_house_bots(game, random.Random(3), hands=9)
    game.host.reply({"type": "pause"})
    play_with_house_bots(game, random.Random(4), hands=1)
    dealt = [h.game.variant for h in game.room.hands[:10]]
    assert dealt == ["holdem"] * 2 + ["omaha_hilo"] * 2 + ["razz"] * 2 + ["stud"] * 2 + ["stud_hilo"] * 2
    game.room.table.verify()
    game.close()


@pytest.mark.parametrize("name", [*SHORT_NAMES, *VARIANTS, "horse", "8game"])
def test_serve_game_names_every_variant_and_rotation(name: str) -> None:
    """``pokerfloor serve --game NAME``: each short name and variant is a game the server deals
    (checked by the server's own ``game_from``, and Room opens a table of it), a rotation a
    ``rotation`` option; the seats are as many as the game deals, 9 at most."""
    dealt = house_game(name)
    config = Config.parse({"game": dealt.game, "seats": dealt.seats,
                           "options": {"rotation": dealt.rotation} if dealt.rotation else {}})
    room = Room("t", config, "h")
    if dealt.rotation is None:
        assert room.table.game.variant == SHORT_NAMES.get(name, ("", name))[1]
        assert dealt.seats == min(9, VARIANTS[room.table.game.variant].max_players)
    else:
        assert room.table.rotation is not None
    with pytest.raises(ValueError, match="rotation: horse"):
        house_game("pineapple")


def test_house_bots_deal_a_stud_table_at_once(tmp_path: Path) -> None:
    """``serve --bots 3 --game razz``: the house's bots are dealt razz at once, over a real server."""
    server = Server(tmp_path / "razz.db")
    server.start()
    house = None
    try:
        dealt = house_game("razz")
        house = house_table(f"http://127.0.0.1:{server.port}", 3, game=dealt.game, seats=dealt.seats)
        state = _hands_reach(server, house.table_id, house.host_token, 2, seconds=120)  # razz: five rounds a hand
        assert state["table"]["hand_number"] >= 2, "a razz hand was played to its end and the next dealt"
        assert state["hand"]["game"]["variant"] == "razz"
    finally:
        if house is not None:
            _stop_bots(house)
        server.stop()


def _stop_bots(house: HouseTable) -> None:
    house.stop.set()
    for thread in house.bots:
        thread.join(10)


@pytest.mark.parametrize(("words", "ranking", "said"), [
    ("no pair, nine low: 9-7-4-3-2", "ace_five", "a nine-seven low"),
    ("no pair, eight low: 8-4-3-2-A", "ace_five_8", "an eight-four low"),
    ("no pair, five low: 5-4-3-2-A", "ace_five", "a wheel"),
    ("no pair, seven low: 7-5-4-3-2", "deuce_seven", "number one"),
    ("no pair, seven low: 7-6-4-3-2", "deuce_seven", "a seven-six low"),
    ("eight low: 8-6-5-2-A", "ace_five_8", "an eight-six low"),
    ("two pair, fives and deuces: 5-5-2-2-7", "deuce_seven", None),
    ("no pair, king low: K-J-7-5-4", "deuce_seven", "a king-jack low"),
    ("one pair, eights: 8-8-A-6-2", "deuce_seven", None),
    ("three-card badugi: 9-8-6", "badugi", None),
])
def test_a_low_hand_is_named_as_players_say_it(words: str, ranking: str, said: str | None) -> None:
    """Lowball hands go by their top two cards ("a nine-seven low"); the nuts have names of their
    own: 7-5-4-3-2 is "number one" in deuce-to-seven, 5-4-3-2-A "a wheel" in ace-to-five."""
    assert said_low(words, ranking) == said


def test_a_hi_lo_result_says_who_won_each_half(http: TestClient) -> None:
    """Omaha hi-lo over the protocol: a split pot's result names the high half's and the low
    half's winners with their hands, and each low as said; in hold'em there are no halves."""
    found = None
    for seed in range(40):
        hand = Hand(game_from(game_of("omaha_hilo")), stacks={1: 100, 2: 100, 3: 100}, button=1,
                    rng=random.Random(seed))
        while not hand.is_over:
            legal = hand.legal()
            hand.act(hand.to_act, "check" if legal.check else "call")
        result = result_json(hand)
        assert result is not None
        pot = result["awards"][0]
        if pot["halves"]["low"] and pot["halves"]["low"]["winners"] != pot["halves"]["high"]["winners"]:
            found = result
            break
    assert found is not None
    halves_ = found["awards"][0]["halves"]
    assert "low" in halves_["low"]["hand"] and halves_["high"]["hand"]
    low_seat = str(halves_["low"]["winners"][0])
    assert found["said"][low_seat].endswith(" low") or found["said"][low_seat] == "a wheel"
    assert all(a["halves"] is None for a in result_json(_holdem_hand())["awards"])  # type: ignore[index]


def _holdem_hand() -> Hand:
    hand = Hand(game_from(game_of("holdem")), stacks={1: 100, 2: 100}, button=1, rng=random.Random(1))
    while not hand.is_over:
        legal = hand.legal()
        hand.act(hand.to_act, "check" if legal.check else "call")
    return hand


def test_eight_players_at_stud_share_a_common_seventh_card(http: TestClient) -> None:
    """RROP11 Seven-card stud: when the deck cannot give every player a seventh card, one card
    is dealt face up in the middle for everyone. Eight house bots (calling stations) go to
    seventh street; the common card reaches every page, the rail's too, and no down card leaks."""
    game = Session(http, game=game_of("stud"), seats=8, seed="77")
    for seat in range(1, 9):
        game.join(f"p{seat}", seat, BUY_IN)
    rail = Peer(http, "rail")
    rail.reply({"type": "hello", "version": 1, "table_id": game.table_id, "spectate": True})
    game.host.reply({"type": "start"})
    rng = random.Random(8)
    for _ in range(6):
        play_with_house_bots(game, rng, hands=1)
        if any(c is not None for c in game.room.hands[-1].board):
            break
    game.host.reply({"type": "pause"})
    play_with_house_bots(game, rng, hands=1)
    rail.sync()
    hands = dict(enumerate(game.room.hands, 1))
    common = [(n, h.board[0]) for n, h in hands.items() if h.board and h.board[0] is not None]
    assert common, "a hand went to seventh street with eight players"
    number, card = common[0]
    for peer in (*game.players, rail):
        boards = [f["hand"]["board"] for f, _ in hand_updates(peer, hands) if f["table"]["hand_number"] == number]
        assert [str(card)] in boards, peer.name
        check_frames(peer, hands, None if peer is rail else int(peer.name[1:]))
    game.room.table.verify()
    game.close()
    rail.close()
