"""What a new user meets in the first hour: the version, one import path per name, hands and
objects that read like a person wrote them, and the terminal game's input read the way players
type."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pokerfloor as pf
from pokerfloor.bots import round_like_a_person
from pokerfloor.cli import app, games, shortcuts
from pokerfloor.cli import play as _registers_play  # noqa: F401
from pokerfloor.errors import in_words
from pokerfloor.evaluation import high_rank
from pokerfloor.hand import Call, Legal, Range
from pokerfloor.narrate import award_lines


def test_the_version_is_one_number_for_the_package_and_the_command() -> None:
    assert pf.__version__.count(".") == 2
    out = subprocess.run(
        [sys.executable, "-c", "from pokerfloor.cli import main; main()", "--version"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert out.strip() == str(pf.build_info())
    assert out.startswith(f"pokerfloor {pf.__version__} (") and "hand engine" in out


def test_pf_evaluate_is_the_function_and_the_module_has_its_own_name() -> None:
    import pokerfloor.evaluation

    assert callable(pf.evaluate) and pf.evaluate("AhKhQhJhTh") == pokerfloor.evaluation.high_rank("AhKhQhJhTh")


def test_high_rank_takes_a_card_string_like_evaluate() -> None:
    for cards in ("AhKhQhJhTh", "2c3d4h5s7c", "AsAdKcKh7d2c3s"):
        assert high_rank(cards) == pf.evaluate(cards) == high_rank(pf.parse_cards(cards))


def test_a_royal_flush_is_called_by_its_name_and_a_rank_reads_like_a_person() -> None:
    assert pf.evaluate("AhKhQhJhTh").describe() == "royal flush"
    assert str(pf.evaluate("KhQhJhTh9h")) == "straight flush, king high"
    assert f"{pf.evaluate('AsAdKcKh7d')}" == "two pair, aces and kings: A-A-K-K-7"
    assert f"{pf.evaluate('AsAdKcKh7d'):d}" == str(int(pf.evaluate("AsAdKcKh7d")))


def _showdown(game: pf.Game, holes: dict[int, str], board: str) -> pf.Hand:
    hand = pf.Hand(game, stacks=dict.fromkeys(holes, 1000), button=1, holes=holes, board=board,
                   rng=random.Random(1))
    while not hand.is_over:
        legal = hand.legal()
        hand.act(hand.to_act, "check" if legal.check else "call")
    return hand


def test_an_award_says_what_won_the_pot() -> None:
    hand = _showdown(pf.Game.no_limit_holdem(5, 10), {1: "AhKh", 2: "QsQd"}, "2h7h9hQcJs")
    (award,) = hand.result.awards
    assert award.winners == {1: award.amount}
    assert award.won_with == award.high_hand == "flush, ace high: A-K-9-7-2"
    told = f"Pro wins the pot, {award.amount:,}, with a flush, ace high: A-K-9-7-2"
    assert award_lines(hand, {1: "Pro", 2: "Rock"}) == [told]


def test_a_hi_lo_award_names_both_halves() -> None:
    game = pf.Game.fixed_limit_omaha_hilo(10)
    hand = _showdown(game, {1: "As2d9c9d", 2: "KsKdQcJc"}, "3h4c8sKhTd")
    (award,) = hand.result.awards
    assert award.high_winners == (2,) and award.low_winners == (1,)
    assert award.won_with == "three of a kind, kings: K-K-K-T-8 and eight low: 8-4-3-2-A"


def test_the_ledger_table_tournament_and_deck_read_at_a_glance() -> None:
    table = pf.Table(pf.Game.no_limit_holdem(50, 100), seats=6, rng=random.Random(1))
    table.sit(1, "Ann", 10_000)
    table.sit(2, "Bob", 10_000)
    assert repr(table) == "<Table holdem no_limit 50/100, 6 seats: 1 Ann 10,000, 2 Bob 10,000>"
    assert repr(table.ledger) == "<Ledger: 2 entries, brought in 20,000, taken away 0, on the table 20,000>"
    assert "Ann" in str(table.ledger) and "+10,000" in str(table.ledger)
    assert repr(pf.Deck(random.Random(1))) == "<Deck: 52 cards left>"
    tournament = pf.Tournament(pf.Game.no_limit_holdem(50, 100), [pf.Level(50, 100)], starting_stack=1_500)
    assert repr(tournament).startswith("<Tournament level 1 (50/100), 0 entries")


def test_citations_name_the_rulebook_never_an_internal_key() -> None:
    assert in_words("WIKI_BIP Table stakes") == "Wikipedia, Betting in poker: Table stakes"
    assert in_words("RROP11 Betting & Raising item 3") == "Robert's Rules of Poker, Betting & Raising item 3"
    assert in_words("TDA 2024 Rule 43") == "TDA 2024 Rule 43"
    hand = pf.Hand(pf.Game.fixed_limit_holdem(10), stacks={1: 100, 2: 100}, button=1, rng=random.Random(2))
    with pytest.raises(pf.IllegalAction) as refused:
        hand.act(hand.to_act, "raise", to=25)
    assert "WIKI_BIP" not in str(refused.value) and "Wikipedia, Betting in poker" in str(refused.value)


FACING_BB = Legal(seat=1, fold=True, call=Call(to=100, cost=50), raise_=Range(200, 10_000))
UNOPENED = Legal(seat=1, check=True, bet=Range(100, 9_000))


@pytest.mark.parametrize(
    ("typed", "legal", "expected"),
    [
        ("f", FACING_BB, ("fold", None)),
        ("c", FACING_BB, ("call", None)),
        ("c", UNOPENED, ("check", None)),
        ("k", UNOPENED, ("check", None)),
        ("r 300", FACING_BB, ("raise", 300)),
        ("b 1k", FACING_BB, ("raise", 1_000)),  # a bet facing a bet is a raise to that total
        ("b 1k", UNOPENED, ("bet", 1_000)),
        ("raise to 2.5k", FACING_BB, ("raise", 2_500)),
        ("1,200", FACING_BB, ("raise", 1_200)),
        ("min", FACING_BB, ("raise", 200)),
        ("pot", FACING_BB, ("raise", 400)),  # call 50 into 250, then raise the 300: to 400
        ("half", UNOPENED, ("bet", 150)),
        ("pot", UNOPENED, ("bet", 300)),
        ("allin", FACING_BB, ("all_in", None)),
        ("all in", FACING_BB, ("all_in", None)),
        ("help", FACING_BB, ("help", None)),
        ("quit", FACING_BB, ("quit", None)),
    ],
)
def test_the_terminal_reads_what_players_type(typed: str, legal: Legal, expected: tuple[str, int | None]) -> None:
    pot = 250 if legal is FACING_BB else 300
    read = shortcuts.read(typed, legal, pot=pot, current_bet=50 if legal is FACING_BB else 0)
    assert (read.action, read.to) == expected


@pytest.mark.parametrize("typed", ["", "dance", "r lots", "b 1.5"])
def test_what_cannot_be_read_is_answered_with_the_shortcuts(typed: str) -> None:
    with pytest.raises(ValueError):
        shortcuts.read(typed, FACING_BB, pot=250, current_bet=50)


@pytest.mark.parametrize("name", sorted(games.SHORT_NAMES))
def test_every_short_game_name_deals_a_game(name: str) -> None:
    game = games.game(name, 50, 100)
    assert game.variant == games.SHORT_NAMES[name][1]
    pf.Hand(game, stacks={1: 10_000, 2: 10_000, 3: 10_000}, button=1, rng=random.Random(3))


def test_an_unknown_game_or_blinds_are_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="plo"):
        games.game("chess", 50, 100)
    assert games.blinds("1k/2k") == (1_000, 2_000)
    with pytest.raises(ValueError):
        games.blinds("100")
    result = CliRunner().invoke(app, ["play", "--game", "chess"])
    assert result.exit_code == 2 and "unknown game" in result.output


@pytest.mark.parametrize(("wanted", "said"), [(337, 340), (1_234, 1_200), (95, 95), (18_321, 18_000)])
def test_bots_say_round_amounts(wanted: int, said: int) -> None:
    assert round_like_a_person(wanted, 1) == said
    assert round_like_a_person(wanted, 25) % 25 == 0


def test_a_game_phh_has_no_code_for_is_played_and_said_not_to_be_saved(tmp_path: Path) -> None:
    save = tmp_path / "hands.phhs"
    arguments = ["play", "--watch", "--game", "5cd", "-n", "2", "--seed", "3", "--save", str(save)]
    result = CliRunner().invoke(app, arguments)
    assert result.exit_code == 0, result.output
    assert "PHH has no code for no-limit Five-card draw" in result.output
    assert "Hands played: 2" in result.output
    assert not save.exists()
