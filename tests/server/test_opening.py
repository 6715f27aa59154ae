"""Who opens each stud street and why, in the update (issue 23 item 1, "the order of action by
the up cards"): the engine decides (``Table.opener``, ``Hand.opener``), the server says why in
words from the up cards (``server/opening.py``): the bring-in on third street, the best hand
showing later (RROP11 stud and razz; STUD_PAGES; TDA 2024 R17-A, RP-10-D)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

import pokerfloor as pf
from pokerfloor.server.opening import hand_words, opener_json, why
from pokerfloor.table import Table
from tests.server.conftest import Peer, Session

STUD = pf.Game(variant="stud", structure="fixed_limit", ante=5, bring_in=10, small_bet=20, big_bet=40)
RAZZ = pf.Game(variant="razz", structure="fixed_limit", ante=5, bring_in=10, small_bet=20, big_bet=40)
ACTIONS = {"bring_in", "complete", "bet", "raise", "call", "check", "fold"}


def given(game: pf.Game, holes: dict[int, str]) -> pf.Hand:
    return pf.Hand(game, {seat: 1_000 for seat in holes}, button=max(holes), holes=holes, rng=random.Random(0))


def to_fourth(hand: pf.Hand) -> pf.Hand:
    """The bring-in, then everyone calls it: fourth street."""
    assert hand.to_act is not None
    hand.act(hand.to_act, "bring_in")
    while hand.street == "third":
        assert hand.to_act is not None
        hand.act(hand.to_act, "call")
    return hand


@pytest.mark.parametrize(("cards", "razz", "words"), [
    ("KcKdKs", False, "three kings"),
    ("KcKd5s5h", False, "two pair, kings and fives"),
    ("4h4d", False, "a pair of fours"),
    ("Ah", False, "an ace"),
    ("8s", False, "an eight"),
    ("KhAs2c", False, "ace-king-deuce"),
    ("7hAs", True, "seven-ace"),
    ("Th3s", False, "ten-three"),
])
def test_up_cards_in_words(cards: str, razz: bool, words: str) -> None:
    assert hand_words(pf.parse_cards(cards), razz=razz) == words


def test_third_street_the_lowest_up_card_brings_in() -> None:
    hand = given(STUD, {1: "KcKdAh", 2: "2s2d2c", 3: "QcQdTh"})
    assert hand.opener == (2, "bring_in")
    assert why(hand.view(None), 2, "bring_in") == "lowest up card 2♣"


def test_razz_the_highest_up_card_brings_in_and_the_lowest_hand_opens_later() -> None:
    hand = given(RAZZ, {1: "2c3cKh5c", 2: "2d3dQh2h", 3: "4c4dJhAh"})
    assert why(hand.view(None), 1, "bring_in") == "highest up card K♥"
    to_fourth(hand)
    assert hand.opener == (3, "showing")
    assert why(hand.view(None), 3, "showing") == "lowest hand showing: jack-ace"


def test_later_streets_the_best_hand_showing_acts_first() -> None:
    hand = to_fourth(given(STUD, {1: "AcAdKh2c", 2: "2s3s4h4d", 3: "QcQdJhTh"}))
    assert hand.opener == (2, "showing")
    assert why(hand.view(None), 2, "showing") == "a pair of fours showing"
    high = to_fourth(given(STUD, {1: "2c3cKh9d", 2: "2d3dQs9c", 3: "4c4d5h6h"}))
    assert high.opener == (1, "showing")
    assert why(high.view(None), 1, "showing") == "king-nine high showing"


def test_equal_hands_showing_name_the_tiebreak() -> None:
    """TDA 2024 RP-10-D: the high card by suit; the house's proximity: the first from the left."""
    cards = {1: "2c3cKh9d", 2: "2d3dKs9c", 3: "4c4d5h6h"}
    hand = to_fourth(given(STUD, cards))
    assert hand.opener == (2, "showing")
    said = "king-nine high showing, K♠ the highest card by suit of the equal hands"
    assert why(hand.view(None), 2, "showing") == said
    near = to_fourth(given(STUD.with_house(bring_in_tiebreak="proximity"), cards))
    assert near.opener == (1, "showing")
    said = "king-nine high showing, the first of the equal hands from the dealer's left"
    assert why(near.view(None), 1, "showing") == said


def test_the_table_gives_its_opener_and_none_between_hands_or_in_holdem() -> None:
    table = Table(STUD, 3, rng=random.Random(5))
    for seat in (1, 2, 3):
        table.sit(seat, f"p{seat}", 500)
    assert opener_json(table) is None
    hand = table.start_hand(holes={1: "KcKdAh", 2: "2s2d3h", 3: "QcQdTh"})
    opened = opener_json(table)
    assert opened == {"seat": 2, "street": "third", "rule": "bring_in", "why": "lowest up card 3♥",
                      "words": "Seat 2 brings in: lowest up card 3♥"}
    while not hand.is_over:
        assert hand.to_act is not None
        table.act(hand.to_act, "fold" if hand.to_act != 2 else "bring_in")
    assert table.opener is None and opener_json(table) is None
    holdem = Table(pf.Game.no_limit_holdem(1, 2), 2, rng=random.Random(5))
    holdem.sit(1, "a", 100)
    holdem.sit(2, "b", 100)
    holdem.start_hand()
    assert holdem.opener is None


def test_a_low_card_all_in_for_the_ante_is_not_said_to_bring_in() -> None:
    """TDA 2024 RP-10-E (docs/rules.md §2.6): the low card is all in for the ante, so the betting
    starts on its left and the line names who acts first, and the all-in seat's card."""
    table = Table(STUD, 4, rng=random.Random(5))
    table.set_buy_in(5, None)
    for seat, chips in ((1, 500), (2, 5), (3, 500), (4, 500)):
        table.sit(seat, f"p{seat}", chips)
    hand = table.start_hand(holes={1: "KcKdAh", 2: "2s2d2c", 3: "QcQdTh", 4: "9c9dJh"})
    assert hand.all_in == {2} and hand.to_act == 3
    assert opener_json(table) == {"seat": 3, "street": "third", "rule": "left_of_all_in",
                                  "why": "seat 2, lowest up card 2♣, is all in",
                                  "words": "Seat 3 acts first: seat 2, lowest up card 2♣, is all in"}


def test_the_best_hand_showing_all_in_is_named_beside_who_acts_first() -> None:
    table = Table(STUD, 3, rng=random.Random(5))
    table.set_buy_in(15, None)
    for seat, chips in ((1, 15), (2, 500), (3, 500)):
        table.sit(seat, f"p{seat}", chips)
    hand = table.start_hand(holes={1: "AcAdKhKs", 2: "2s3s4h5d", 3: "QcQdJh9h"})
    for seat, action in ((2, "bring_in"), (3, "call"), (1, "call")):
        table.act(seat, action)
    assert hand.street == "fourth" and hand.to_act == 2
    opened = opener_json(table)
    assert opened is not None and opened["words"] == "Seat 2 acts first: seat 1, a pair of kings showing, is all in"


def _checked(peer: Peer) -> int:
    """Every update this peer got in a live stud street names its opener: the seat that acted
    first on that street, the bring-in on third street; returns how many it checked."""
    checked = 0
    for frame in peer.frames:
        if frame.get("type") != "update" or not frame.get("hand"):
            continue
        hand, opener = frame["hand"], frame["opener"]
        if hand["is_over"] or hand["to_act"] is None or hand["street"] == "showdown":
            assert opener is None
            continue
        assert opener is not None and opener["street"] == hand["street"]
        first = next((e for e in hand["events"] if e["street"] == hand["street"] and e["kind"] in ACTIONS), None)
        if first is not None:
            assert first["seat"] == opener["seat"]
        third = hand["street"] == "third"
        assert opener["rule"] == ("bring_in" if third else "showing")
        verb = "brings in: lowest up card " if third else "acts first: "
        assert opener["words"].startswith(f"Seat {opener['seat']} {verb}")
        checked += 1
    return checked


def test_every_update_of_a_stud_hand_names_who_opened_the_street(http: TestClient) -> None:
    game: dict[str, Any] = {"variant": "stud", "structure": "fixed_limit", "ante": 1, "bring_in": 1,
                            "small_bet": 2, "big_bet": 4}
    session = Session(http, game=game, seats=4)
    for seat, name in ((1, "ann"), (2, "bob"), (3, "cy")):
        session.join(name, seat, chips=100)
    guest = Peer(http, "guest")
    assert guest.reply({"type": "hello", "version": 1, "table_id": session.table_id})["type"] == "welcome"
    assert session.host.reply({"type": "start"})["type"] == "ack"
    streets = set()
    for _ in range(3):
        session.play_hand(lambda peer, legal: ("bring_in", None) if legal.get("bring_in") else
                          ("check" if legal.get("check") else "call", None))
    session.sync()
    guest.sync()
    for peer in session.everyone():
        assert _checked(peer) > 10
        streets |= {f["opener"]["street"] for f in peer.frames if f.get("type") == "update" and f.get("opener")}
    assert {"third", "fourth", "fifth"} <= streets
    assert all(f.get("opener") is None for f in guest.frames if f.get("type") == "update")


def test_a_holdem_update_has_no_opener(http: TestClient) -> None:
    session = Session(http, seats=3)
    session.join("ann", 1)
    session.join("bob", 2)
    assert session.host.reply({"type": "start"})["type"] == "ack"
    session.sync()
    assert session.host.state["hand"] is not None and session.host.state["opener"] is None


@pytest.mark.parametrize("game", [STUD, RAZZ], ids=["stud", "razz"])
def test_no_line_once_the_opener_folds_and_the_update_still_builds(game: pf.Game) -> None:
    """The seat that brought in folds to a completion while others still act on third street:
    its up cards are no longer the rail's to read, so no line names it (building the update
    raised KeyError, and every update of the table failed until the street ended)."""
    table = Table(game, 4, rng=random.Random(5))
    for seat in (1, 2, 3, 4):
        table.sit(seat, f"p{seat}", 1_000)
    hand = table.start_hand()
    opened = opener_json(table)
    assert opened is not None and opened["rule"] == "bring_in"
    bringer = opened["seat"]
    hand.act(bringer, "bring_in")
    assert hand.to_act is not None
    hand.act(hand.to_act, "call")       # this seat acts again after the completion
    complete = hand.legal().complete
    assert hand.to_act is not None and complete is not None
    hand.act(hand.to_act, "complete", complete.min_to)
    while hand.to_act is not None and hand.to_act != bringer:
        hand.act(hand.to_act, "call")
    assert hand.to_act == bringer
    hand.act(bringer, "fold")
    assert not hand.is_over and hand.street == "third" and table.opener == (bringer, "bring_in")
    assert opener_json(table) is None
