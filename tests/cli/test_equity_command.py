"""``pokerfloor equity``: a table of equity, win and tie per player, or JSON."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pokerfloor.cli import app, equity  # noqa: F401 - registers the command


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["equity", *args], terminal_width=160)
    return result.exit_code, result.output


def test_table_shows_each_players_equity() -> None:
    code, output = run("AhKh", "QsQd")
    assert code == 0, output
    assert "46.21%" in output and "53.79%" in output and "exact, 1,712,304 showdowns" in output


def test_json_has_the_exact_figures() -> None:
    code, output = run("QQ+, AKs", "JJ-99, AQs+", "--board", "Ah7c2d", "--json")
    assert code == 0, output
    found = json.loads(output)
    assert found["method"] == "exact" and found["board"] == "Ah7c2d"
    assert [p["hands"] for p in found["players"]] == [18, 24]
    assert abs(sum(p["equity"] for p in found["players"]) - 1) < 1e-12


def test_monte_carlo_states_its_error_and_hi_lo_its_halves() -> None:
    code, output = run("AhAs2h3s", "7c8c9dTd", "-g", "omaha_hilo", "--monte-carlo", "--precision", "0.01", "--json")
    assert code == 0, output
    found = json.loads(output)
    assert found["method"] == "monte_carlo"
    for p in found["players"]:
        assert 0 < p["stderr"] <= 0.01
        assert abs(p["high"] + p["low"] - p["equity"]) < 1e-12
    code, table = run("AhAs2h3s", "7c8c9dTd", "-g", "omaha_hilo", "--monte-carlo", "--precision", "0.01")
    assert "scoop" in table and "± s.e." in table


def test_a_bad_range_is_an_error_not_a_traceback() -> None:
    code, output = run("AKx", "QQ")
    assert code == 2 and "error:" in output


def test_shards_on_the_process_pool_give_the_same_exact_answer() -> None:
    code, whole = run("AK, 99", "QQ+", "--board", "Kc8d3h", "--json")
    code_split, split = run("AK, 99", "QQ+", "--board", "Kc8d3h", "--json", "--shards", "3")
    assert code == code_split == 0
    one, shards = json.loads(whole), json.loads(split)
    # one process takes a fast exact path; the shards split the plain enumeration by showdown number
    assert one.pop("path") in ("sweep", "boards") and shards.pop("path") == "enumeration"
    assert one == shards


def test_shards_read_a_heads_up_pre_flop_question_from_the_table_as_one_process_does() -> None:
    """Heads-up hold'em with no board is read from the shipped table on the process pool too:
    the same figures and the same "exact (table)" title as without --shards."""
    code, whole = run("AK", "QQ", "--json")
    code_split, split = run("AK", "QQ", "--json", "--shards", "2")
    assert code == code_split == 0, split
    assert json.loads(split) == json.loads(whole)
    assert json.loads(split)["table"] is True and json.loads(split)["method"] == "exact"
    code, output = run("AK", "QQ", "--shards", "2")
    assert code == 0 and "exact (table)" in output

def test_a_heads_up_pre_flop_answer_says_it_came_from_the_table(monkeypatch) -> None:
    from tests.equity.reference import table_for

    from pokerfloor.equity import EquitySpec, preflop

    table = table_for(EquitySpec.make(["AhKh", "QsQd"]))
    monkeypatch.setattr(preflop, "load", lambda: table)
    code, output = run("AhKh", "QsQd")
    assert code == 0, output
    assert "exact (table)" in output and "46.21%" in output and "exact, 1,712,304 showdowns" in output
    code, output = run("AhKh", "QsQd", "--json")
    assert json.loads(output)["table"] is True
    monkeypatch.setattr(preflop, "load", lambda: None)  # without the table, enumerating is slower than sampling
    code, output = run("AhKh", "QsQd", "--exact")
    assert "exact (table)" not in output and "46.21%" in output
