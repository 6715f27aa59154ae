"""Issue 37, findings 3 and 4: no kill in a game without blinds (RROP11 Kill Pots: a kill is an
overblind), and the table's refusals with their own reasons, listed in docs/api.md."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import pokerfloor as pf
from pokerfloor import citations as cite
from pokerfloor.errors import REASONS
from pokerfloor.hand import Hand
from pokerfloor.table.customs import NEUTRAL, KillGame, Straddles, TableOptions

API = Path(__file__).resolve().parents[2] / "docs" / "api.md"
STAKES = pf.LimitStakes(10)


def win_for_seat_2(hand: Hand) -> None:
    """Seat 2 calls everything, the others fold to any bet: seat 2 scoops."""
    while not hand.is_over:
        seat, legal = hand.to_act, hand.legal()
        assert seat is not None
        if "bring_in" in legal.actions:
            hand.act(seat, "bring_in")
        elif seat == 2 and legal.call is not None:
            hand.act(seat, "call")
        else:
            hand.act(seat, "fold" if legal.call is not None else "check")


def kill_table() -> pf.Table:
    options = TableOptions(kill=KillGame(trigger="pot", pot_over=0))
    table = pf.Table(STAKES.game("omaha_hilo"), seats=4, button=1, rng=random.Random(1), options=options)
    for seat in range(1, 5):
        table.sit(seat, f"p{seat}", 5000)
    table.rotate_games(pf.Rotation.of(["omaha_hilo", "razz"], STAKES, per=1))
    return table


def test_a_stud_hand_takes_no_kill_blind_and_the_kill_button_goes_neutral() -> None:
    """RROP11 Kill Pots: to kill a pot is to post an overblind; razz has no blinds, so the razz hand
    after a kill pot in Omaha hi-lo posts no kill (before the fix: ``Post(2, 0, "kill")``) and, a
    new game (item 1(a)), the kill button is neutral; the next Omaha hand is no kill pot."""
    table = kill_table()
    win_for_seat_2(table.start_hand())
    table.end_hand()
    assert table.kill_button.killer is not None
    razz = table.start_hand()
    assert razz.game.variant == "razz"
    assert {p.kind for p in razz.posts} == {"ante"}
    assert all(p.amount > 0 for p in razz.posts)
    assert table.kill_button == NEUTRAL
    void = [e for e in table.events if e.kind == "kill_void"]
    assert void and void[-1].rule == cite.KILL_NO_BLINDS
    win_for_seat_2(razz)
    table.end_hand()
    assert table.kill_button == NEUTRAL           # a hand without blinds gives no leg
    omaha = table.start_hand()
    assert "kill" not in {p.kind for p in omaha.posts}
    win_for_seat_2(omaha)
    table.end_hand()
    table.verify()


def test_a_dealers_choice_call_from_the_wrong_seat_or_off_the_list_says_why() -> None:
    """DEALERS_CHOICE: the seat holding the choice names a game from the host's list; another
    seat is refused with ``not_your_choice``, a game off the list with ``game_not_offered``."""
    games = [("holdem", "no_limit"), ("razz", "fixed_limit")]
    table = pf.Table(STAKES.game("holdem", "no_limit"), seats=4, rng=random.Random(5), button=2)
    for seat in range(1, 5):
        table.sit(seat, f"P{seat}", 1_000)
    table.rotate_games(pf.Rotation.of(games, STAKES, dealers_choice=True))
    assert table.chooser == 2
    before = table.record()
    with pytest.raises(pf.IllegalAction) as wrong_seat:
        table.choose_game(3, "fixed_limit_razz")
    assert (wrong_seat.value.reason, wrong_seat.value.rule) == ("not_your_choice", cite.DEALERS_CHOICE)
    with pytest.raises(pf.IllegalAction) as off_list:
        table.choose_game(2, "pot_limit_omaha")
    assert (off_list.value.reason, off_list.value.rule) == ("game_not_offered", cite.DEALERS_CHOICE)
    assert table.record() == before


def test_a_straddle_or_sleeper_for_a_stud_hand_is_not_a_blind_game() -> None:
    """A straddle is a blind raise (WIKI_BIP Live straddle; Sleepers): in a game without blinds it is
    refused with ``not_a_blind_game``, and nothing changes."""
    options = TableOptions(straddles=Straddles(live=True, sleepers=True))
    table = pf.Table(STAKES.game("holdem"), seats=4, button=1, rng=random.Random(2), options=options)
    for seat in range(1, 5):
        table.sit(seat, f"P{seat}", 2_000)
    table.rotate_games(pf.Rotation.of(["razz", "holdem"], STAKES, per=1))
    assert table.game.variant == "razz"
    before = table.record()
    with pytest.raises(pf.IllegalAction) as straddle:
        table.straddle(4)
    assert (straddle.value.reason, straddle.value.rule) == ("not_a_blind_game", cite.STRADDLE)
    with pytest.raises(pf.IllegalAction) as sleeper:
        table.sleeper(3)
    assert (sleeper.value.reason, sleeper.value.rule) == ("not_a_blind_game", cite.SLEEPER)
    assert table.record() == before


def test_docs_api_lists_every_refusal_reason() -> None:
    """docs/api.md has one row for each ``IllegalAction.reason``."""
    listed = set(re.findall(r"^\| `(\w+)` \| [^`|]", API.read_text(), re.M))
    assert listed >= REASONS
    assert {"not_your_choice", "game_not_offered", "not_a_blind_game"} <= REASONS
