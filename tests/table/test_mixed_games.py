"""Mixed games and dealer's choice at a ``pf.Table`` (docs/guide/table.md, table/rotation.py).

The stud button follows TDA 2024 Rule 11-B (``MIXED_STUD_BUTTON``): after the last hold'em hand
it moves to where it would be if the next hand were hold'em and is frozen there during stud, and
hold'em starts from it again; moving it on during stud is a house option (``mixed_stud_button``).
A game's round and dealer's choice follow the common conventions (``MIXED_ORBIT``,
``DEALERS_CHOICE``), and the dead-button rule (TDA 2024 Rule 32) places the blinds of every flop
game. Each session checks the button and blinds at every change of game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerfloor as pf
from pokerfloor import citations as cite
from pokerfloor.hand import Hand
from pokerfloor.table.buttons import NotEnoughPlayers, next_seat
from pokerfloor.table.rotation import RotationState, game_key

PlayOut = Callable[[Hand, random.Random], None]
STAKES = pf.LimitStakes(10)


def seated(rotation: pf.Rotation, players: int = 6, *, house: pf.HouseRules | None = None, seed: int = 3) -> pf.Table:
    table = pf.Table(rotation.games[0], seats=players, rng=random.Random(seed), button=1, house=house)
    for seat in range(1, players + 1):
        table.sit(seat, f"p{seat}", 5000)
    table.rotate_games(rotation)
    return table


def blinds_of(hand: Hand) -> tuple[int | None, int | None]:
    small = next((p.seat for p in hand.posts if p.kind == "sb"), None)
    big = next((p.seat for p in hand.posts if p.kind == "bb"), None)
    return small, big


def is_stud(hand: Hand) -> bool:
    return hand.game.variant_spec.family == "stud"


class Floor:
    """What a floor person checks hand by hand in a mixed game: the stud button frozen where the
    next flop hand's button would be (TDA 2024 Rule 11-B), and each flop hand's big blind on the
    next player after the last flop hand's (TDA 2024 Rule 32), whatever stud hands came between."""

    def __init__(self) -> None:
        self.last_flop: Hand | None = None
        self.changes = 0
        self.previous: Hand | None = None

    def check(self, hand: Hand, playing: list[int]) -> None:
        previous, last_flop = self.previous, self.last_flop
        if previous is not None and previous.game.variant != hand.game.variant:
            self.changes += 1
        if is_stud(hand):
            assert not blinds_of(hand)[1] and {p.kind for p in hand.posts} == {"ante"}
            if previous is not None and is_stud(previous):
                assert hand.button_seat == previous.button_seat, "the button does not move during stud hands"
            elif last_flop is not None:
                # TDA 2024 Rule 11-B: where the button would be if the next hand were hold'em: by
                # the dead-button rule, the seat of the last small blind (gone or not).
                last_small = blinds_of(last_flop)[0]
                if last_small is not None and len(last_flop.seats) > 2 and len(playing) > 2:
                    assert hand.button_seat == last_small, "the button moves on as if the next hand were hold'em"
        elif last_flop is not None:
            unchanged = previous is not None and sorted(previous.seats) == playing == sorted(last_flop.seats)
            if previous is not None and is_stud(previous) and unchanged:
                assert hand.button_seat == previous.button_seat, "hold'em starts where the button was frozen"
            small, big = blinds_of(hand)
            last_small, last_big = blinds_of(last_flop)
            assert last_big is not None and big == next_seat(last_big, playing), "the blinds resume where they were"
            assert small == (last_big if last_big in playing else None)          # else a dead small blind
            if small is not None and last_small is not None and len(last_flop.seats) > 2 and last_small != big:
                assert hand.button_seat == last_small      # (heads-up the button was the small blind)
            elif small is not None:
                # The last small blind is the big blind now (three-handed, the button's player gone):
                # the button goes before the small blind, dead on an empty seat if need be.
                assert hand.button_seat not in (small, big)
        if not is_stud(hand):
            self.last_flop = hand
        self.previous = hand


def test_limit_stakes_derive_blinds_ante_and_bring_in_from_the_small_bet() -> None:
    """One stake for the mix (MIXED_STAKES: WIKI_BIP ante a quarter, bring-in half the minimum bet)."""
    stakes = pf.LimitStakes(20)
    holdem, stud = stakes.game("holdem"), stakes.game("stud")
    assert (holdem.blinds, holdem.small_bet, holdem.big_bet) == ((10, 20), 20, 40)
    assert (stud.ante, stud.bring_in, stud.small_bet, stud.big_bet, stud.blinds) == (5, 10, 20, 40, ())
    assert stakes.game("holdem", "no_limit").blinds == (10, 20)
    chipped = pf.LimitStakes(30, min_chip=5)
    assert (chipped.stud_ante, chipped.stud_bring_in) == (5, 15)
    assert pf.LimitStakes(20, ante=3, bring_in=7).game("razz").bring_in == 7
    with pytest.raises(ValueError):
        pf.LimitStakes(1)
    assert cite.MIXED_STAKES.startswith("WIKI_BIP")


def test_horse_and_eight_game_list_their_games() -> None:
    assert pf.Rotation.horse(STAKES).keys == (
        "fixed_limit_holdem", "fixed_limit_omaha_hilo", "fixed_limit_razz", "fixed_limit_stud", "fixed_limit_stud_hilo",
    )
    eight = pf.Rotation.eight_game(STAKES)
    assert len(eight.keys) == 8
    assert {"no_limit_holdem", "pot_limit_omaha", "fixed_limit_deuce_seven_triple"} <= set(eight.keys)


def test_a_horse_session_of_42_hands_through_the_rotation_and_back(play_out: PlayOut) -> None:
    """Each game an orbit (MIXED_ORBIT: six hands at six players), H-O-R-S-E and back to hold'em;
    the button frozen through razz, stud and stud hi-lo and the blinds resuming where they were
    (MIXED_STUD_BUTTON; TDA 2024 Rule 32)."""
    table = seated(pf.Rotation.horse(STAKES))
    rng, floor, dealt = random.Random(11), Floor(), []
    for _ in range(42):
        hand = table.start_hand()
        floor.check(hand, sorted(hand.seats))
        dealt.append(hand.game.variant)
        play_out(hand, rng)
        table.end_hand()
    horse_and_back = ("holdem", "omaha_hilo", "razz", "stud", "stud_hilo", "holdem", "omaha_hilo")
    assert dealt == [game for game in horse_and_back for _ in range(6)]
    assert floor.changes == 6
    table.verify()
    rounds = [e for e in table.events if e.kind == "game_round"]
    assert [e.note for e in rounds][:6] == [*pf.Rotation.horse(STAKES).keys, "fixed_limit_holdem"]
    assert all(e.rule == cite.MIXED_ORBIT for e in rounds)
    assert [e.kind for e in table.events].count("button_frozen") == 3


def test_the_stud_button_moving_is_a_house_option(play_out: PlayOut) -> None:
    """``mixed_stud_button="moving"``: the button moves a seat each stud hand, and the flop game
    goes on one seat past the last stud button."""
    rotation = pf.Rotation.of(["holdem", "stud"], STAKES, per=3)
    table = seated(rotation, 5, house=pf.HouseRules(mixed_stud_button="moving"))
    rng, hands = random.Random(2), []
    for _ in range(9):
        hands.append(table.start_hand())
        play_out(hands[-1], rng)
    buttons = [h.button_seat for h in hands]
    assert [h.game.variant for h in hands] == ["holdem"] * 3 + ["stud"] * 3 + ["holdem"] * 3
    assert buttons == [1, 2, 3, 4, 5, 1, 2, 3, 4]
    assert blinds_of(hands[6]) == (3, 4)


def test_a_game_may_last_a_number_of_hands_instead_of_an_orbit(play_out: PlayOut) -> None:
    table = seated(pf.Rotation.of(["holdem", "razz", "omaha_hilo"], STAKES, per=2), 4)
    rng, games = random.Random(4), []
    for _ in range(7):
        hand = table.start_hand()
        games.append(hand.game.variant)
        play_out(hand, rng)
    assert games == ["holdem", "holdem", "razz", "razz", "omaha_hilo", "omaha_hilo", "holdem"]
    rotation = table.rotation
    assert rotation is not None and rotation.hands_left() == 1


def test_a_player_leaving_during_stud_leaves_a_dead_button_when_the_blinds_resume(play_out: PlayOut) -> None:
    """The blinds resume from the last flop hand by the dead-button rule (TDA 2024 Rule 32): the
    big blind moves on to the next player; the small blind of a seat that left is dead."""
    table = seated(pf.Rotation.of(["holdem", "stud"], STAKES, per=3), 5)
    rng = random.Random(6)
    for _ in range(3):
        play_out(table.start_hand(), rng)
    last_flop = table.hand
    assert last_flop is not None and blinds_of(last_flop) == (4, 5)
    play_out(table.start_hand(), rng)
    table.leave(5)
    for _ in range(2):
        play_out(table.start_hand(), rng)
    resumed = table.start_hand()
    assert resumed.game.variant == "holdem"
    assert blinds_of(resumed) == (None, 1) and resumed.button_seat == 4
    assert any(n.kind == "dead_small_blind" for n in (table.plan.notes if table.plan else ()))


def test_the_record_restores_a_table_mid_rotation(play_out: PlayOut) -> None:
    """``Table.record()`` / ``from_record`` in the middle of the stud games: the same games, buttons
    and blinds follow, and the same record at the end."""
    table = seated(pf.Rotation.horse(STAKES), 5)
    rng = random.Random(8)
    for _ in range(13):
        play_out(table.start_hand(), rng)
    table.end_hand()
    copy = pf.Table.from_record(json.loads(table.record().to_json()))
    rotation = copy.rotation
    assert rotation == table.rotation and rotation is not None and game_key(rotation.game) == "fixed_limit_razz"
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(15):
        a, b = table.start_hand(), copy.start_hand()
        assert (a.game, a.button_seat, a.posts) == (b.game, b.button_seat, b.posts)
        play_out(a, rng_a)
        play_out(b, rng_b)
    assert table.record() == copy.record()


def test_a_table_too_big_for_a_game_of_the_rotation_is_refused() -> None:
    table = pf.Table(STAKES.game("holdem"), seats=9)
    with pytest.raises(ValueError):
        table.rotate_games(pf.Rotation.horse(STAKES))
    assert table.rotation is None
    with pytest.raises(ValueError):
        pf.Rotation(games=(STAKES.game("holdem"),))


def test_set_game_or_none_ends_the_rotation(play_out: PlayOut) -> None:
    table = seated(pf.Rotation.horse(STAKES), 4)
    play_out(table.start_hand(), random.Random(1))
    table.rotate_games(None)
    assert table.rotation is None and table.game.variant == "holdem"      # the game last dealt goes on
    assert table.chooser is None
    table.rotate_games(pf.Rotation.horse(STAKES))
    table.set_game(STAKES.game("razz"))
    assert table.rotation is None and table.game.variant == "razz"


def test_a_stud_only_table_still_moves_its_button(play_out: PlayOut) -> None:
    """The button freezes only when there are blinds to come back to."""
    table = pf.Table(STAKES.game("stud"), seats=4, rng=random.Random(2), button=1)
    for seat in range(1, 5):
        table.sit(seat, f"p{seat}", 5000)
    buttons = []
    for _ in range(3):
        hand = table.start_hand()
        buttons.append(hand.button_seat)
        play_out(hand, random.Random(3))
    assert buttons == [1, 2, 3]


# ---------------------------------------------------------------------------------- dealer's choice
def choices(players: int = 5) -> pf.Table:
    rotation = pf.Rotation.of(
        [("holdem", "fixed_limit"), ("razz", "fixed_limit"), ("omaha", "pot_limit"), ("stud", "fixed_limit")],
        STAKES,
        dealers_choice=True,
    )
    return seated(rotation, players)


def test_only_the_seat_holding_the_choice_names_the_game() -> None:
    """DEALERS_CHOICE: the first hand's button names the first round's game; another seat is
    refused and the table is unchanged."""
    table = choices()
    assert table.chooser == table.preview().button_seat == 1
    before = table.record()
    with pytest.raises(pf.IllegalAction) as refused:
        table.choose_game(2, "fixed_limit_razz")
    assert refused.value.reason == "not_your_choice" and refused.value.rule == cite.DEALERS_CHOICE
    with pytest.raises(pf.IllegalAction):
        table.choose_game(1, "no_limit_badugi")
    assert table.record() == before


def test_a_dealers_choice_session_with_the_choice_passing_left(play_out: PlayOut) -> None:
    """Five rounds of five hands: each chooser, one seat left of the last, names a game from the
    list; the button and blinds are checked at every change; a round whose chooser names nothing
    deals the same game again (seat 5's), and seat 1 names hold'em again to come back from stud."""
    table = choices()
    picks = {1: "fixed_limit_holdem", 2: "fixed_limit_razz", 3: "pot_limit_omaha", 4: "fixed_limit_stud"}
    rng, floor, rounds = random.Random(5), Floor(), []
    for round_number in range(6):
        chooser = table.chooser
        assert chooser == round_number % 5 + 1
        if chooser in picks:
            table.choose_game(chooser, picks[chooser])
        for hand_number in range(5):
            hand = table.start_hand()
            floor.check(hand, sorted(hand.seats))
            if hand_number == 0:
                rounds.append(game_key(hand.game))
            else:
                assert table.chooser == (round_number + 1) % 5 + 1
            play_out(hand, rng)
            table.end_hand()
            if round_number == 2 and hand_number == 2:
                table = pf.Table.from_record(table.record())
    assert rounds == [
        "fixed_limit_holdem", "fixed_limit_razz", "pot_limit_omaha", "fixed_limit_stud", "fixed_limit_stud",
        "fixed_limit_holdem",
    ]
    assert floor.changes == 4
    table.verify()


def test_a_choice_made_is_in_the_record() -> None:
    table = choices()
    table.choose_game(1, "fixed_limit_stud")
    copy = pf.Table.from_record(table.record().to_json())
    assert copy.rotation == table.rotation and copy.game.variant == "stud"
    state = copy.rotation
    assert state is not None and RotationState.from_json(state.to_json()) == state


def test_an_eight_game_session_with_its_draw_and_big_bet_games(play_out: PlayOut) -> None:
    """The 8-game mix, an orbit of each at five players and back to 2-7 triple draw: the draw and
    big-bet games post blinds like hold'em, the stud games freeze the button between them."""
    table = seated(pf.Rotation.eight_game(STAKES), 5)
    rng, floor, games = random.Random(12), Floor(), []
    for _ in range(45):
        hand = table.start_hand()
        floor.check(hand, sorted(hand.seats))
        games.append(game_key(hand.game))
        play_out(hand, rng)
        table.end_hand()
        for seat, player in table.seats.items():
            if not player.chips:
                table.rebuy(seat, 1000, post=True)      # the big-bet games bust players: they buy in again
    assert games[::5] == [*pf.Rotation.eight_game(STAKES).keys, "fixed_limit_deuce_seven_triple"]
    assert floor.changes == 8
    table.verify()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(0, 5), min_size=30, max_size=30))
def test_players_coming_and_going_through_a_rotation(seed: int, moves: list[int]) -> None:
    """Whoever leaves, sits down, sits out or comes back between hands of a HORSE rotation (per
    three hands), the stud button stays where the last flop hand left it, each flop hand's big
    blind is the next player after the last flop hand's (TDA 2024 Rule 32), and the ledger balances."""
    from tests.table.conftest import _play_out

    table = seated(pf.Rotation.horse(STAKES, per=3), 6, seed=seed)
    rng, floor, names = random.Random(seed), Floor(), 6
    for move in moves:
        seats = table.seats
        if move == 1 and len(seats) > 3:
            table.leave(rng.choice(sorted(seats)))
        elif move == 2 and len(seats) < 6:
            names += 1
            table.sit(rng.choice(sorted(set(range(1, 7)) - set(seats))), f"p{names}", 5000, post=rng.random() < 0.5)
        elif move == 3:
            away = [s for s, p in seats.items() if p.status == "playing"]
            if len(away) > 3:
                table.sit_out(rng.choice(away))
        elif move == 4:
            for seat, player in seats.items():
                if player.status == "sitting_out":
                    table.sit_in(seat, post=rng.random() < 0.5)
        try:
            hand = table.start_hand()
        except NotEnoughPlayers:
            continue
        plan = table.plan
        assert plan is not None
        if plan.new_game or plan.heads_up:
            floor.last_flop = None if not is_stud(hand) else floor.last_flop
        floor.check(hand, sorted(hand.seats))
        _play_out(hand, rng)
        table.end_hand()
        for seat, player in table.seats.items():
            if not player.chips:
                table.leave(seat)
    table.verify()
