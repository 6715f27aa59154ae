"""Issue 37, findings 1 and 2: where a mixed game's button goes when stud comes (TDA 2024 Rule
11-B), and a game's round giving every player, one who joins during it too, the button for the
game being played (``MIXED_ORBIT``)."""

from __future__ import annotations

import json
import random

import pokerfloor as pf
from pokerfloor import citations as cite
from pokerfloor.hand import Hand


def fold_to_the_forced_bet(hand: Hand) -> None:
    """Everyone folds to the big blind, or to the bring-in (brought in for its amount)."""
    while not hand.is_over:
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        if "bring_in" in legal.actions:
            hand.act(seat, "bring_in")
        else:
            hand.act(seat, "fold" if legal.call is not None else "check")


def issue_table(players: int = 5) -> pf.Table:
    stakes = pf.LimitStakes(150, ante=25, bring_in=50)
    table = pf.Table(stakes.game("holdem"), seats=6, button=1)
    for seat in range(1, players + 1):
        table.sit(seat, f"p{seat}", 10000)
    table.rotate_games(pf.Rotation.of(["holdem", "razz"], stakes))
    return table


def test_the_stud_button_moves_to_where_the_next_holdem_button_would_be() -> None:
    """TDA 2024 Rule 11-B: "when the game shifts from hold'em to stud, after the last hold'em hand
    the button moves to the position it would be if the next hand was hold'em and is frozen there
    during stud ... Shifting to hold'em the button starts where it was frozen." The issue's table:
    hold'em buttons 1 to 5, then razz on seat 1 (not 5, where the last hold'em hand left it)."""
    table = issue_table()
    hands = []
    for _ in range(12):
        hands.append(table.start_hand())
        fold_to_the_forced_bet(hands[-1])
        table.end_hand()
    assert [h.game.variant for h in hands] == ["holdem"] * 5 + ["razz"] * 5 + ["holdem"] * 2
    assert [h.button_seat for h in hands] == [1, 2, 3, 4, 5, 1, 1, 1, 1, 1, 1, 2]
    resumed = hands[10]
    assert [(p.seat, p.kind) for p in resumed.posts] == [(2, "sb"), (3, "bb")]
    frozen = [e for e in table.events if e.kind == "button_frozen"]
    assert [(e.seat, e.rule) for e in frozen] == [(1, cite.MIXED_STUD_BUTTON)]
    assert cite.MIXED_STUD_BUTTON.startswith("TDA 2024 Rule 11-B")


def test_the_frozen_button_survives_a_record_between_stud_hands() -> None:
    """A table saved during the stud hands keeps the frozen button and the round it is in."""
    table = issue_table()
    for _ in range(7):
        fold_to_the_forced_bet(table.start_hand())
        table.end_hand()
    copy = pf.Table.from_record(json.loads(table.record().to_json()))
    for _ in range(5):
        a, b = table.start_hand(), copy.start_hand()
        assert (a.game.variant, a.button_seat, a.posts) == (b.game.variant, b.button_seat, b.posts)
        fold_to_the_forced_bet(a)
        fold_to_the_forced_bet(b)
    assert table.record().rotation == copy.record().rotation


def test_a_player_joining_mid_round_gets_the_button_before_the_game_changes() -> None:
    """MIXED_ORBIT: "every player must have the chance to be the dealer for the game being
    played". Four-handed hold'em; a fifth player posts to come in at the second hand: hold'em
    goes on until they have had its button (before the fix the fifth hand was razz)."""
    table = issue_table(4)
    hands = [table.start_hand()]
    fold_to_the_forced_bet(hands[0])
    table.end_hand()
    table.sit(5, "late", 10000, post=True)
    for _ in range(6):
        hands.append(table.start_hand())
        fold_to_the_forced_bet(hands[-1])
        table.end_hand()
    assert 5 in hands[1].seats
    assert [h.game.variant for h in hands] == ["holdem"] * 5 + ["razz"] * 2
    assert [h.button_seat for h in hands[:5]] == [1, 2, 3, 4, 5]


def test_a_player_joining_behind_the_button_still_gets_it() -> None:
    """A player who comes in on a seat the button has passed holds the round open until the
    button reaches them: every player dealt in during the round deals the game once."""
    stakes = pf.LimitStakes(10)
    table = pf.Table(stakes.game("holdem"), seats=6, button=1, rng=random.Random(1))
    for seat in (1, 3, 4, 5):
        table.sit(seat, f"p{seat}", 5000)
    table.rotate_games(pf.Rotation.of(["holdem", "razz"], stakes))
    hands = []
    for number in range(8):
        if number == 2:
            table.sit(2, "late", 5000, post=True)       # the button is on 3: seat 2 is behind it
        hands.append(table.start_hand())
        fold_to_the_forced_bet(hands[-1])
        table.end_hand()
    holdem = [h for h in hands if h.game.variant == "holdem"]
    assert 2 in {h.button_seat for h in holdem}
    assert {s for h in holdem for s in h.seats} <= {h.button_seat for h in holdem}
    assert hands[len(holdem)].game.variant == "razz"
    rotation = table.rotation
    assert rotation is not None and rotation.game.variant == "razz"


def test_a_player_leaving_does_not_hold_the_round_open() -> None:
    """A player who leaves before the button reaches them is not waited for."""
    table = issue_table(4)
    fold_to_the_forced_bet(table.start_hand())
    table.end_hand()
    table.leave(4)
    games = []
    for _ in range(4):
        hand = table.start_hand()
        games.append((hand.game.variant, hand.button_seat))
        fold_to_the_forced_bet(hand)
        table.end_hand()
    assert games[0][0] == games[1][0] == "holdem"
    assert games[-1][0] == "razz"


def owing_table(house: pf.HouseRules | None = None) -> tuple[pf.Table, list[Hand]]:
    """Seat 5 sits out through the hold'em blinds, comes back for the razz hands, and is dealt them."""
    stakes = pf.LimitStakes(10)
    table = pf.Table(stakes.game("holdem"), seats=6, button=1, rng=random.Random(1), house=house)
    for seat in range(1, 6):
        table.sit(seat, f"p{seat}", 5000)
    table.rotate_games(pf.Rotation.of(["holdem", "razz"], stakes, per=4))
    hands = []
    for number in range(10):
        if number == 1:
            table.sit_out(5)
        if number == 4:
            table.sit_in(5)
        hands.append(table.start_hand())
        fold_to_the_forced_bet(hands[-1])
        table.end_hand()
    return table, hands


def test_a_stud_hand_does_not_pay_the_blinds_a_player_owes() -> None:
    """House rule ``owed_blinds_in_stud``, default ``"kept"`` (RROP11 Button & Blind Use, missed
    blinds; WIKI_BIP Posting: missed blinds are paid by posting them, or lapse when the big blind
    reaches the seat): seat 5 missed both blinds in hold'em, is dealt the razz hands, and still
    owes them when hold'em returns (before the fix the razz hands wiped the debt)."""
    table, hands = owing_table()
    razz = [h for h in hands if h.game.variant == "razz"]
    assert razz and all(5 in h.seats for h in razz)
    back = hands[8]
    assert back.game.variant == "holdem" and 5 not in back.seats     # waits for the big blind
    owed = table.seats[5].owes
    assert owed.missed_big and owed.missed_small
    assert table.seats[5].status == "waiting"
    comes_in = table.start_hand()              # the big blind reaches seat 5: the debt lapses there
    assert [(p.kind, p.amount) for p in comes_in.posts if p.seat == 5] == [("bb", 10)]
    assert not table.seats[5].owes.anything and table.seats[5].status == "playing"
    assert pf.HouseRules().owed_blinds_in_stud == "kept"


def test_a_house_may_clear_the_owed_blinds_by_a_stud_hand() -> None:
    """``owed_blinds_in_stud="cleared"``: a stud hand dealt to the player clears the debt."""
    table, hands = owing_table(pf.HouseRules(owed_blinds_in_stud="cleared"))
    assert 5 in hands[8].seats
    assert not table.seats[5].owes.anything
