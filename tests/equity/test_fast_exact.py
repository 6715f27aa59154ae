"""The fast exact paths count the same showdowns as the plain enumeration: ``sweep_tally`` (heads-up
hold'em, board by board, running sums per card) and ``boards_tally`` (boards outside, any game)
give tallies equal to ``exact_tally``'s on random questions of every kind: hold'em and Omaha, high
and hi-lo, 2 to 6 players, every street, dead cards and weighted ranges. ``calculate`` takes the
path ``choose`` names, and says which."""

from __future__ import annotations

import importlib
import random

import pytest

from pokerfloor.cards import Card, format_cards
from pokerfloor.equity import EquitySpec, equity, exact_tally
from pokerfloor.equity.calculate import (
    MAX_DEALS,
    boards_tally,
    choose,
    costs,
    fixed_tally,
    sweep_tally,
    sweeps,
)

WEIGHTS = (1.0, 1.0, 0.5, 0.25)


def random_question(seed: int, game: str, players: int, shown: int, widest: int) -> EquitySpec:
    """Hands dealt at random (a range: up to ``widest`` hands, some weighted, hands of different
    ranges may share cards; the first hands of all share none), a board of ``shown`` cards and
    up to two dead cards."""
    rng = random.Random(seed)
    size = {"holdem": 2, "omaha": 4, "omaha_hilo": 4}[game]
    deck = [Card(c) for c in range(52)]
    rng.shuffle(deck)
    board, dead = deck[:shown], deck[shown : shown + rng.randint(0, 2)]
    rest = deck[len(board) + len(dead) :]
    ranges = []
    for p in range(players):
        hands = {format_cards(sorted(rest[p * size : (p + 1) * size], reverse=True))}  # one deal at least
        for _ in range(rng.randint(0, widest - 1)):
            hands.add(format_cards(sorted(rng.sample(rest, size), reverse=True)))
        ranges.append(", ".join(f"{h}:{rng.choice(WEIGHTS)}" for h in sorted(hands)))
    return EquitySpec.make(ranges, board=format_cards(board), dead=format_cards(dead), game=game)


HOLDEM_HEADS_UP = [(seed, shown, widest) for seed in range(4) for shown in (3, 4, 5) for widest in (1, 6, 40)]


@pytest.mark.parametrize(("seed", "shown", "widest"), HOLDEM_HEADS_UP)
def test_the_sweep_counts_what_the_plain_enumeration_counts(seed: int, shown: int, widest: int) -> None:
    spec = random_question(seed, "holdem", 2, shown, widest)
    assert sweeps(spec)
    assert sweep_tally(spec) == exact_tally(spec)


@pytest.mark.parametrize("seed", range(3))
def test_the_sweep_counts_pre_flop_with_dead_cards(seed: int) -> None:
    spec = random_question(seed, "holdem", 2, 0, 2)
    spec = EquitySpec.make([r.text for r in spec.ranges], dead=format_cards(spec.dead) or "2c")
    assert sweep_tally(spec) == exact_tally(spec)


def test_the_sweep_sees_a_hand_held_by_both_ranges_and_ties_on_the_board() -> None:
    """The same hand in both ranges (never dealt against itself: the term added back by the
    sweep's inclusion and exclusion), and a river where the board plays for everyone."""
    for ranges, board in ((["AhKh, QQ, 76s", "AhKh, QQ, AKo:0.5"], "2c3d8s"), (["AA, KK", "QQ, AKs"], "Ts9s8s7s6s")):
        spec = EquitySpec.make(ranges, board=board)
        assert sweep_tally(spec) == exact_tally(spec)


def suited_board(rng: random.Random, shown: int, suited: int, dead: int) -> tuple[list[Card], list[Card], list[Card]]:
    """A board of ``shown`` cards of which ``suited`` are hearts, ``dead`` dead cards of the other
    suits, and the cards left, shuffled."""
    hearts = [Card(c) for c in range(52) if c & 3 == 2]
    others = [Card(c) for c in range(52) if c & 3 != 2]
    board = rng.sample(hearts, suited) + rng.sample(others, shown - suited)
    gone = rng.sample([c for c in others if c not in board], dead)
    rest = [Card(c) for c in range(52) if c not in board and c not in gone]
    rng.shuffle(rest)
    return board, gone, rest


def a_hand(rng: random.Random, cards: list[Card]) -> str:
    return format_cards(sorted(rng.sample(cards, 2), reverse=True))


def hand_and_range(seed: int, shown: int, suited: int) -> EquitySpec:
    """A hand and a range of up to 40 hands (some weighted, some sharing a card with the hand) on
    a board of ``shown`` cards of which ``suited`` are hearts; pre-flop, 20 cards dead, so that
    the plain enumeration is quick."""
    rng = random.Random(seed)
    board, dead, rest = suited_board(rng, shown, suited, 0 if shown else 20)
    hands = {a_hand(rng, rest) for _ in range(40)}
    weighted = ", ".join(f"{h}:{rng.choice(WEIGHTS)}" for h in sorted(hands))
    ranges = [format_cards(sorted(rest[:2], reverse=True)), weighted]
    return EquitySpec.make(ranges, board=format_cards(board), dead=format_cards(dead))


HAND_AND_RANGE = [(seed, shown, suited) for seed in range(2) for shown, suited in
                  ((0, 0), (3, 0), (3, 1), (3, 2), (3, 3), (4, 2), (4, 3), (4, 4), (5, 3), (5, 4), (5, 5))]


@pytest.mark.parametrize(("seed", "shown", "suited"), HAND_AND_RANGE)
def test_a_hand_against_a_range_counts_what_the_plain_enumeration_counts(seed: int, shown: int, suited: int) -> None:
    """The hand against a range by rank class: the boards with no flush grouped by the ranks they
    deal, the range's hands on two cards dealt counted once, on a board of three or four of a
    suit the hands of that suit ranked by their cards, on five of a suit every hand; and the
    range against the hand."""
    spec = hand_and_range(seed + 10 * shown + suited, shown, suited)
    assert sweeps(spec) and len(spec.ranges[0]) == 1 < len(spec.ranges[1])
    assert sweep_tally(spec) == exact_tally(spec)
    swapped = EquitySpec.make(list(spec.ranges[::-1]), board=spec.board, dead=spec.dead)
    assert sweep_tally(swapped) == exact_tally(swapped)


def hand_and_two_ranges(seed: int, shown: int, suited: int, hero: int) -> EquitySpec:
    """A hand (player ``hero``) and two ranges of up to 12 hands (some weighted, some shared by
    the two ranges, some sharing a card with the hand) on a board of ``shown`` cards of which
    ``suited`` are hearts; pre-flop, 30 cards dead."""
    rng = random.Random(seed)
    board, dead, rest = suited_board(rng, shown, suited, 0 if shown else 30)
    pool = [a_hand(rng, rest) for _ in range(16)]
    ranges = []
    for _ in range(2):
        hands = set(rng.sample(pool, 8)) | {a_hand(rng, rest) for _ in range(4)}
        ranges.append(", ".join(f"{h}:{rng.choice(WEIGHTS)}" for h in sorted(hands)))
    ranges.insert(hero, format_cards(sorted(rest[:2], reverse=True)))
    return EquitySpec.make(ranges, board=format_cards(board), dead=format_cards(dead))


THREE_HANDED = [(seed, shown, suited, seed % 3) for seed in range(3) for shown, suited in
                ((0, 0), (3, 0), (3, 1), (3, 2), (3, 3), (4, 2), (4, 3), (4, 4), (5, 3), (5, 5))]


@pytest.mark.parametrize(("seed", "shown", "suited", "hero"), THREE_HANDED)
def test_a_hand_against_two_ranges_counts_what_the_plain_enumeration_counts(seed: int, shown: int, suited: int,
                                                                            hero: int) -> None:
    """A hand against two ranges (``kernels.hand_two_ranges``): the boards with no flush grouped
    by the ranks they deal and counted by pairs of rank classes, every other board swept; hands
    in both ranges, hands sharing a card with the hand, weights, the hand in any seat."""
    spec = hand_and_two_ranges(seed + 10 * shown + suited, shown, suited, hero)
    assert sweeps(spec) and len(spec.ranges[hero]) == 1
    assert sweep_tally(spec) == exact_tally(spec)


@pytest.mark.parametrize("grouped", [0, 1, 2])
def test_the_sweep_counts_alike_with_the_flushless_boards_grouped_or_swept(monkeypatch: pytest.MonkeyPatch,
                                                                          grouped: int) -> None:
    """Range against range and a hand against two ranges, on the flop and the turn: the boards
    with no flush swept one by one (0), counted by groups of the ranks dealt and pairs of rank
    classes (1), or heads-up by groups swept once each (2; ``costs`` picks the cheapest), give the
    plain enumeration's tally every way."""
    paths = importlib.import_module("pokerfloor.equity.calculate")  # the module: the package's calculate is a function
    monkeypatch.setattr(paths, "_grouping_pays", lambda *args: grouped > 0)
    monkeypatch.setattr(paths, "_headsup_grouping", lambda *args: grouped)
    for seed in range(3):
        for shown in (3, 4):
            for made in (random_question(seed, "holdem", 2, shown, 30), hand_and_two_ranges(seed, shown, 1, seed)):
                spec = EquitySpec(made.ranges, made.board, made.dead, made.game)  # a new one: nothing kept
                assert sweep_tally(spec) == exact_tally(spec)


OVERLAPPING = (
    ("TT-77, AhKh, AKo:0.5, T9s, 98s, 87s, 76s, J9o", "99-66, AKs, KQo, T8s+, 97s+, 86s, J9o:0.25", "9h8h2c", ""),
    ("TT-66, ATs+, KJs+, QTs+, JTs, T9s, 98", "TT-66, ATs+, KJs+, QTs+, JTs, T9s, 98", "Td9c2h", "8s"),
    ("99-55, 65s, 76s, 54, A5s:0.5", "99-55, 65s, 76s, 54, A5s:0.5", "5c6d7h", "4s"),
    ("JJ-88, J9s+, T9, 98s:0.5", "TT-77, T8s+, 98, 87s", "Ts8d3c", "9h"),
)


@pytest.mark.parametrize(("first", "second", "board", "dead"), OVERLAPPING)
@pytest.mark.parametrize("grouped", [0, 1, 2])
def test_the_sweep_counts_overlapping_ranges_on_the_flop(monkeypatch: pytest.MonkeyPatch, first: str, second: str,
                                                         board: str, dead: str, grouped: int) -> None:
    """Dense ranges on the flop, overlapping or the same, some weighted, a card dead: many hands
    of each range hold a card of each rank the turn and river deal, many boards of two cards are
    hands of both ranges, and many hands of the two share one card with such a board (the terms
    of the groups' inclusion and exclusion); the grouped ways count the plain enumeration's
    showdowns, and the range against itself answers an even split."""
    paths = importlib.import_module("pokerfloor.equity.calculate")
    monkeypatch.setattr(paths, "_headsup_grouping", lambda *args: grouped)
    made = EquitySpec.make([first, second], board=board, dead=dead)
    spec = EquitySpec(made.ranges, made.board, made.dead, made.game)  # a new one: nothing kept
    assert sweep_tally(spec) == exact_tally(spec)
    if first == second:
        assert equity([first, second], board=board, dead=dead).players[0].equity == pytest.approx(0.5, abs=1e-12)


MIXED = [
    (seed, game, players, shown)
    for seed in range(2)
    for game, players in (("holdem", 2), ("holdem", 3), ("holdem", 4), ("holdem", 6), ("omaha", 2), ("omaha", 3),
                          ("omaha_hilo", 2), ("omaha_hilo", 4))
    for shown in (3, 4, 5)
]


@pytest.mark.parametrize(("seed", "game", "players", "shown"), MIXED)
def test_the_boards_outside_count_what_the_plain_enumeration_counts(seed: int, game: str, players: int,
                                                                     shown: int) -> None:
    widest = 4 if players <= 3 else 2
    spec = random_question(seed + 100 * players, game, players, shown, widest)
    assert boards_tally(spec) == exact_tally(spec)


def test_the_boards_outside_count_three_hands_before_the_flop() -> None:
    spec = EquitySpec.make(["AhKh", "QsQd", "7c7d"], dead="2s")
    assert boards_tally(spec) == exact_tally(spec)


FIXED = [(seed, players, shown) for seed in range(3) for players in (2, 3, 4, 6) for shown in (0, 3, 4)]


@pytest.mark.parametrize(("seed", "players", "shown"), FIXED)
def test_fixed_hands_by_ranks_count_what_the_plain_enumeration_counts(seed: int, players: int, shown: int) -> None:
    """One hand a player, counted by the multisets of ranks to come and the flush completions one
    by one (``fixed_tally``); boards of two or three of a suit make flushes likely."""
    rng = random.Random(seed)
    deck = [Card(c) for c in range(52)]
    rng.shuffle(deck)
    if shown and seed == 1:  # a two-tone or monotone board
        deck.sort(key=lambda c: (c & 3) != 2)
        deck[shown:] = rng.sample(deck[shown:], len(deck) - shown)
    board, dead = deck[:shown], deck[shown : shown + seed % 2]
    rest = deck[shown + seed % 2 :]
    hands = [format_cards(rest[2 * p : 2 * p + 2]) for p in range(players)]
    spec = EquitySpec.make(hands, board=format_cards(board), dead=format_cards(dead))
    by_ranks = fixed_tally(spec)
    if by_ranks is None:  # the board shown already gives a flush to come: every completion is dealt
        assert "fixed" not in costs(spec)
        return
    assert by_ranks == (exact_tally(spec) if shown else boards_tally(spec))


def test_fixed_hands_with_a_flush_made_on_the_board_are_enumerated() -> None:
    spec = EquitySpec.make(["AhKh", "QsQd"], board="2h3h4h", dead="5c")
    assert fixed_tally(spec) is None and "fixed" not in costs(spec)
    assert equity(["AhKh", "QsQd"], board="2h3h4h", method="fixed").method == "boards"


def test_equity_takes_the_path_it_names_and_stays_exact() -> None:
    board = "Qs7d2c"
    range_vs_range = equity(["QQ+, AKs", "JJ, TT, 99, AQs+"], board=board)
    assert (range_vs_range.method, range_vs_range.exact) == ("sweep", True)
    plain = equity(["QQ+, AKs", "JJ, TT, 99, AQs+"], board=board, method="enumeration")
    assert [p.equity for p in plain.players] == [p.equity for p in range_vs_range.players]
    three = equity(["AhKh", "QsQd", "7c7d"], board="Kc8d3h")
    assert (three.method, three.exact, three.to_dict()["path"]) == ("fixed", True, "fixed")
    assert equity(["AhKh", "QsQd", "7c7d"], board="Kc8d3h", method="boards").players == three.players
    for weighted in (["AhKh:0.5", "QQ+:0.3, AKs"], ["AhKh", "QQ+:0.3, AKs", "JJ:0.5, 76s"]):
        swept = equity(weighted, board=board)
        assert swept.method == "sweep" and swept.players == equity(weighted, board=board, method="enumeration").players
    hand_two_ranges = equity(["AhKh", "QsQd, JJ", "7c7d, 55"], board="Kc8d3h")
    assert (hand_two_ranges.method, hand_two_ranges.exact) == ("sweep", True)
    assert equity(["AhKh", "QsQd, JJ", "7c7d, 55"], board="Kc8d3h", method="boards").players == hand_two_ranges.players
    three_ranges = equity(["AhKh, AA", "QsQd, JJ", "7c7d, 55"], board="Kc8d3h")
    assert (three_ranges.method, three_ranges.exact) == ("boards", True)
    sampled = equity(["AhKh", "QsQd", "7c7d"], board="Kc8d3h", exact=False, trials=40_000)
    assert sampled.method == "monte_carlo" and not sampled.exact and sampled.players[0].stderr > 0
    assert equity(["AhKh", "QsQd"]).method == "table"


def test_sampling_is_chosen_when_enumerating_would_cost_more() -> None:
    """Six ranges of 32 hands on the flop: a billion deals to list, beyond the enumeration's
    reach, so sampled; heads-up, the sweep, unless the precision asked for is loose enough for a
    short sample (the sample's cost falls with the square of the precision)."""
    spec = EquitySpec.make(["22+, AKs"] * 2, board="Qs7d2c")
    assert choose(spec) == "sweep"
    six = EquitySpec.make(["AK, AQ"] * 6, board="Qs7d2c")
    assert MAX_DEALS < 32**6 and "boards" not in costs(six) and choose(six) == "monte_carlo"
    tight, loose = costs(spec, 0.0001)["monte_carlo"], costs(spec, 0.01)["monte_carlo"]
    assert tight == pytest.approx(loose * 10_000)
    assert choose(spec, 0.5) == "monte_carlo"


def test_an_unknown_method_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown method"):
        equity(["AA", "KK"], board="2c3d4h", method="guess")
