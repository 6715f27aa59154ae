"""Session statistics: counted from the replayed actions the way tracking software counts them."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from typer.testing import CliRunner

from pokerfloor.cli import app, stats  # noqa: F401 - registers the command
from pokerfloor.stats import session

DATA = Path(__file__).parents[1] / "io" / "data" / "imports"


def test_a_three_bet_is_a_raise_facing_exactly_one_raise() -> None:
    """gvillian03 opens, MadOreos re-raises (a 3-bet), gvillian03 calls (no 3-bet chance: he
    faces two raises); the players who folded to the open had the chance and passed."""
    found = session([DATA / "pokerstars_cash_holdem.txt"])
    mad, gvillian, schwalke = (found.players[n] for n in ("MadOreos", "gvillian03", "Schwalke"))
    assert (mad.three_bet_chances, mad.three_bets) == (1, 1)
    assert gvillian.three_bet_chances == 0 and gvillian.pfr == 1.0 and gvillian.vpip == 1.0
    assert (schwalke.three_bet_chances, schwalke.three_bets, schwalke.vpip) == (1, 0, 0.0)


def test_blinds_are_not_voluntary_and_showdowns_count_from_the_flop() -> None:
    found = session([DATA / "pokerstars_cash_holdem.txt"])
    natek, muffins, nutrition = (found.players[n] for n in ("natek526", "omgmuffins", "NutritionalFact"))
    assert natek.vpip == 0.0 and natek.net == Decimal("-0.50")
    assert (muffins.vpip, muffins.pfr, muffins.saw_flop, muffins.showdowns) == (1.0, 0.0, 1, 0)
    assert muffins.wtsd == 0.0 and muffins.wsd is None
    assert nutrition.net == Decimal("-2.19")
    gvillian = found.players["gvillian03"]
    assert (gvillian.showdowns, gvillian.showdowns_won, gvillian.wsd) == (1, 1, 1.0)
    assert gvillian.net == Decimal("22.33")  # after the rake: the site's recorded stack
    assert gvillian.bb_per_100 == 2233.0


def test_net_adds_up_over_a_session_of_pokernow_hands() -> None:
    found = session([DATA / "pokernow_log_002.csv"])
    assert sum(p.net for p in found.players.values()) == 0  # no rake at a home game
    p1 = next(p for name, p in found.players.items() if name.startswith("P1 @"))
    assert p1.hands == 4 and p1.net == 150 and p1.bb_per_100 == 150 / 20 * 100 / 4
    assert [float(v) for v in p1.stacks] == [0.0, 0.0, 50.0, 150.0]


def test_a_hand_the_rules_refuse_is_left_out_with_the_reason(tmp_path: Path) -> None:
    text = (DATA / "pokerstars_cash_holdem.txt").read_text()
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("NutritionalFact: raises $0.50 to $1", "NutritionalFact: raises $0.20 to $0.70"))
    found = session([bad])
    assert len(found.skipped) == 1 and "illegal" in found.skipped[0] and "TDA 2024 Rule 43" in found.skipped[0]
    assert found.players["gvillian03"].hands == 1


def test_stats_command_prints_json_and_draws_the_plot(tmp_path: Path) -> None:
    image = tmp_path / "net.png"
    result = CliRunner().invoke(app, ["stats", str(DATA), "--json", "--plot", str(image)])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert found["skipped"] == []
    rows = {row["player"]: row for row in found["players"]}
    assert rows["MadOreos"]["three_bet"] == 1.0 and rows["L. Veldhuis"]["hands"] == 2
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    table = CliRunner().invoke(app, ["stats", str(DATA / "pokerstars_tournament_holdem.txt")], terminal_width=150)
    assert "hammy6955" in table.output and "W$SD" in table.output


def test_convert_writes_phh_that_replays(tmp_path: Path) -> None:
    from pokerfloor.io import phh
    from pokerfloor.io.verify import verify_history

    out = tmp_path / "all.phhs"
    result = CliRunner().invoke(app, ["convert", str(DATA), "--out", str(out)])
    assert result.exit_code == 0, result.output
    # 17 real site hands, and the 10 composed for the GGPoker, Winamax, 888, party and iPoker readers
    assert "27 hands written" in result.output
    hands = phh.load(out)
    assert len(hands) == 27 and all(verify_history(h).passed for h in hands)
    assert {h.venue for h in hands} >= {"GGPoker", "Winamax", "888poker", "partypoker", "iPoker"}
