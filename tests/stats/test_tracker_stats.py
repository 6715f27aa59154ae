"""Each tracker stat on hands worked out by hand (PokerTracker 4's definitions, which
stats/tracker.py quotes): the chances and the hits of every player."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import pokerfloor as pf
from pokerfloor.stats.tracker import STAT_KEYS, all_in_adjustment, observe, positions

GAME = pf.Game.no_limit_holdem(1, 2)


def _play(moves: list[tuple[int, str, int | None]], *, seats: int = 6, button: int = 6, **deal: object) -> pf.Hand:
    hand = pf.Hand(GAME, dict.fromkeys(range(1, seats + 1), 500), button=button, rng=random.Random(1), **deal)
    for seat, kind, to in moves:
        hand.act(seat, kind, to)
    return hand


def _counts(hand: pf.Hand, seat: int, key: str) -> tuple[int, int]:
    tallies = observe(hand, positions(hand.seats, hand.view(None).button))
    return tallies[seat].chances[key], tallies[seat].hits[key]


def test_positions_are_named_from_the_button() -> None:
    assert positions(range(1, 7), 6) == {6: "BTN", 1: "SB", 2: "BB", 3: "UTG", 4: "HJ", 5: "CO"}
    assert positions((2, 5), 5) == {5: "BTN", 2: "BB"}
    nine = positions(range(1, 10), 9)
    assert [nine[s] for s in range(3, 9)] == ["UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO"]


# Six-handed, the button in seat 6: SB 1, BB 2, UTG 3, HJ 4, CO 5, BTN 6.
# UTG limps, HJ raises, CO calls, BTN squeezes, the blinds and UTG fold, HJ 4-bets, CO folds, BTN calls;
# on the flop HJ bets (a c-bet), BTN calls; on the turn HJ bets again, BTN folds.
SQUEEZE = [(3, "call", None), (4, "raise", 8), (5, "call", None), (6, "raise", 30), (1, "fold", None),
           (2, "fold", None), (3, "fold", None), (4, "raise", 80), (5, "fold", None), (6, "call", None),
           (4, "bet", 60), (6, "call", None), (4, "bet", 150), (6, "fold", None)]


@pytest.mark.parametrize(("seat", "key", "expected"), [
    (3, "limp", (1, 1)),            # no raise before: called the big blind
    (4, "limp", (1, 0)),            # no raise before either (a limper only): raised instead
    (5, "cold_call", (1, 1)),       # called a single raise at the first decision
    (6, "squeeze", (1, 1)),         # raised one raise with a caller of it
    (6, "three_bet", (1, 1)),
    (4, "four_bet", (1, 1)),        # faced two raises, raised again
    (4, "fold_to_three_bet", (1, 0)),
    (5, "four_bet", (0, 0)),        # CO faced three raises: no 4-bet chance
    (4, "cbet_flop", (1, 1)),
    (6, "fold_to_cbet_flop", (1, 0)),
    (4, "cbet_turn", (1, 1)),
    (6, "fold_to_cbet_turn", (1, 1)),
    (3, "vpip", (1, 1)),
    (3, "pfr", (1, 0)),
    (1, "vpip", (1, 0)),            # a blind is not voluntary
    (4, "steal", (0, 0)),           # HJ is no steal position
])
def test_a_squeezed_pot_counts_every_preflop_and_cbet_stat(seat: int, key: str, expected: tuple[int, int]) -> None:
    assert _counts(_play(SQUEEZE), seat, key) == expected


def test_a_steal_and_the_blinds_defence() -> None:
    # Folded to the button, who raises; the small blind folds, the big blind calls (no fold to steal).
    hand = _play([(3, "fold", None), (4, "fold", None), (5, "fold", None), (6, "raise", 6), (1, "fold", None),
                  (2, "call", None), (2, "check", None), (6, "check", None), (2, "bet", 4), (6, "fold", None)])
    assert _counts(hand, 5, "steal") == (1, 0)       # CO folded when it could have stolen
    assert _counts(hand, 6, "steal") == (1, 1)
    assert _counts(hand, 1, "fold_to_steal") == (1, 1)
    assert _counts(hand, 2, "fold_to_steal") == (1, 0)
    assert _counts(hand, 6, "cbet_flop") == (1, 0)   # checked behind as the raiser
    assert _counts(hand, 2, "donk_bet") == (1, 0)    # checked to the raiser on the flop


def test_a_donk_bet_and_a_check_raise() -> None:
    hand = _play([(3, "fold", None), (4, "fold", None), (5, "raise", 6), (6, "call", None), (1, "fold", None),
                  (2, "call", None), (2, "bet", 10), (5, "call", None), (6, "call", None),   # BB donks the flop
                  (2, "check", None), (5, "bet", 20), (6, "fold", None), (2, "raise", 60), (5, "fold", None)])
    assert _counts(hand, 2, "donk_bet") == (1, 1)
    assert _counts(hand, 5, "cbet_flop") == (0, 0)   # the donk bet came first: no c-bet chance
    assert _counts(hand, 2, "check_raise") == (0, 0)  # a turn check-raise is not the flop's


def test_the_flop_check_raise_and_aggression() -> None:
    hand = _play([(3, "fold", None), (4, "fold", None), (5, "fold", None), (6, "fold", None), (1, "call", None),
                  (2, "check", None), (1, "check", None), (2, "bet", 2), (1, "raise", 8), (2, "call", None),
                  (1, "bet", 10), (2, "fold", None)])
    assert _counts(hand, 1, "check_raise") == (1, 1)
    tallies = observe(hand, positions(hand.seats, 6))
    assert (tallies[1].aggressive, tallies[1].calls) == (2, 0) and tallies[2].calls == 1
    assert tallies[2].aggression_factor == 1.0
    assert _counts(hand, 1, "aggression_frequency") == (2, 2)
    assert _counts(hand, 2, "aggression_frequency") == (3, 1)   # a bet, a call, a fold


def test_an_all_in_is_adjusted_to_the_equity_when_the_money_went_in() -> None:
    hand = _play([(1, "raise", 500), (2, "call", None)], seats=2, button=1, holes={1: "AhAd", 2: "KcKd"},
                 board="2c7d9hTsKs")                   # the kings hit on the river
    adjustment = all_in_adjustment(hand)
    assert adjustment is not None
    aces = pf.equity.equity(["AhAd", "KcKd"], exact=True).players[0].equity
    assert adjustment[1] == pytest.approx(aces * 1000 - 0)
    assert adjustment[2] == pytest.approx((1 - aces) * 1000 - 1000)


def test_every_stat_has_one_definition() -> None:
    assert len(STAT_KEYS) == len(set(STAT_KEYS))


CORPUS_DEV = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "phh" / "dev"


@pytest.mark.parametrize("where", ["site histories", "PHH corpus"])
def test_the_terminal_json_and_html_give_the_same_figures(tmp_path, where) -> None:  # type: ignore[no-untyped-def]
    """``pokerfloor stats`` over the site histories of the test data and over the PHH corpus'
    dev set (the issue's done-when): each player's every column is the same figure in the JSON
    and the HTML report, and the terminal table shows the JSON's VPIP for the top player."""
    import html
    import json
    import re
    from pathlib import Path

    from typer.testing import CliRunner

    from pokerfloor.cli import app, stats  # noqa: F401 - registers the command
    from pokerfloor.stats.report import COLUMNS

    data = Path(__file__).parents[1] / "io" / "data" / "imports" if where == "site histories" else CORPUS_DEV
    assert data.is_dir(), f"missing: {data}"
    report = tmp_path / "report.html"
    found = CliRunner().invoke(app, ["stats", str(data), "--json", "--html", str(report)])
    assert found.exit_code == 0, found.output
    players = {row["player"]: row for row in json.loads(found.output)["players"]}
    page = report.read_text()
    first_table = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    for row in re.findall(r"<tr>(.*?)</tr>", first_table):
        cells = re.findall(r'<td(?: data-v="([^"]*)")?>([^<]*)</td>', row)
        name = html.unescape(cells[0][1])
        for (key, _), (value, _) in zip(COLUMNS, cells[1:], strict=True):
            expected = players[name][key]
            assert (value == "-1e99") if expected is None else float(value) == pytest.approx(expected), (name, key)
    assert len(re.findall(r"<tr>", first_table)) == len(players)
    table = CliRunner().invoke(app, ["stats", str(data)], terminal_width=250)
    cells = {line.split("│")[1].strip(): line for line in table.output.splitlines() if line.count("│") > 2}
    top = max((row for row in players.values() if row["player"] in cells), key=lambda row: row["hands"])
    line = cells[top["player"]]
    assert f"{top['vpip']:.0%}" in line and f"{top['pfr']:.0%}" in line
    assert "<script>" in page and "by position" in page
