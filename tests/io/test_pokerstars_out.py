"""Home-game hands into trackers: ``pokerfloor convert --to pokerstars`` writes PokerStars text
that pokerfloor's own PokerStars reader reads back into the same hands, replayed to the same
chips, for site histories and for hands the engine dealt (a served session's download)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pokerfloor as pf
from pokerfloor.bots import bot_act, make_bot
from pokerfloor.cli import app, stats  # noqa: F401 - registers the command
from pokerfloor.io import phh, pokerstars
from pokerfloor.io.export import history_of
from pokerfloor.io.imports import read_paths
from pokerfloor.io.pokerstars_out import write, write_hand
from pokerfloor.io.sitehand import HistoryImportError
from pokerfloor.io.verify import verify_history

DATA = Path(__file__).parent / "data" / "imports"


def _outcome(history: phh.HandHistory) -> tuple[object, ...]:
    verdict = verify_history(history)
    state = verdict.replay
    assert verdict.passed and state is not None and state.hand.result is not None, verdict.detail
    names = history.players or ()
    net = {names[i]: state.money(state.hand.result.net[seat]) for i, seat in enumerate(state.seating.seats)}
    return net, tuple(state.hand.board), {names[i]: tuple(state.hand.holes[s]) for i, s in
                                          enumerate(state.seating.seats) if all(state.hand.holes[s])}


def _dealt(game: pf.Game, count: int, seed: int) -> list[phh.HandHistory]:
    rng = random.Random(seed)
    bots = {s: make_bot("maniac" if s % 2 else "station", f"b{s}", random.Random(s)) for s in range(1, 5)}
    histories = []
    for n in range(count):
        hand = pf.Hand(game, dict.fromkeys(bots, 2_000 + 37 * n), button=1 + n % 4, rng=rng)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            bot_act(bots[seat], hand, seat)
        history = history_of(hand)
        histories.append(phh.HandHistory(**{**history.__dict__, "players": tuple(f"Guest {s}" for s in hand.seats),
                                           "hand": n + 1}))
    return histories


def _dealt_by_chance(game: pf.Game, count: int, seed: int) -> list[phh.HandHistory]:
    """Hands played by players choosing among their legal actions at random (the bots do not
    play stud's bring-in)."""
    rng = random.Random(seed)
    histories = []
    for n in range(count):
        hand = pf.Hand(game, dict.fromkeys(range(1, 5), 300 + 37 * n), button=1, rng=rng)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            legal = hand.view(seat).legal
            assert legal is not None
            choices: list[tuple[str, int | None]] = []
            if legal.show:
                choices.append(("show", None))
            if legal.bring_in:
                choices += [("bring_in", legal.bring_in)] * 3
            for kind, span in (("complete", legal.complete), ("bet", legal.bet), ("raise", legal.raise_)):
                if span is not None:
                    choices.append((kind, span.min_to))
            if legal.check:
                choices += [("check", None)] * 2
            if legal.call is not None:
                choices += [("call", None)] * 2
            if legal.fold and not legal.check:
                choices.append(("fold", None))
            kind, to = rng.choice(choices or [("muck", None)])
            hand.act(seat, kind, to)
        history = history_of(hand)
        histories.append(phh.HandHistory(**{**history.__dict__, "players": tuple(f"Guest {s}" for s in hand.seats),
                                           "hand": n + 1}))
    return histories


@pytest.mark.parametrize("game", [pf.Game.no_limit_holdem(5, 10), pf.Game.pot_limit_omaha(5, 10)],
                         ids=["holdem", "omaha"])
def test_dealt_hands_round_trip_exactly(game: pf.Game) -> None:
    hands = _dealt(game, 25, seed=7)
    text, refused = write(hands)
    assert refused == []
    back = pokerstars.read(text)
    assert len(back) == len(hands)
    for original, again in zip(hands, back, strict=True):
        assert isinstance(again, phh.HandHistory), again
        assert _by_seat(again) == _by_seat(original)


def _by_seat(history: phh.HandHistory) -> tuple[object, ...]:
    """What a hand came to, by seat (a download names no players: the writer names them)."""
    verdict = verify_history(history)
    state = verdict.replay
    assert verdict.passed and state is not None and state.hand.result is not None, verdict.detail
    return (dict(state.hand.result.net), tuple(state.hand.board), state.hand.result.showdown_order,
            {s: tuple(cards) for s, cards in state.hand.holes.items() if all(cards)})


def test_site_hands_round_trip_stud_and_razz_included() -> None:
    """Every site hand of the test data, the PokerStars stud and razz hands and the other sites'
    hands included, is written and reads back to the same chips and board."""
    hands = [h for h in read_paths([DATA]) if isinstance(h, phh.HandHistory)]
    assert {"F7S", "FR"} <= {h.variant for h in hands}
    text, refused = write(hands)
    assert refused == []
    back = pokerstars.read(text)
    assert len(back) == len(hands)
    for original, again in zip(hands, back, strict=True):
        assert isinstance(again, phh.HandHistory)
        assert _outcome(again)[:2] == _outcome(original)[:2]


@pytest.mark.parametrize("variant", ["stud", "stud_hilo", "razz"])
def test_dealt_stud_hands_round_trip_exactly(variant: str) -> None:
    """A served session's stud hands (every card known, as a home game's download has them):
    third street's three cards, then each street's card, PokerStars' "brings in" and
    "completes it to"; read back, the same chips, cards and winners."""
    game = pf.Game(variant=variant, structure="fixed_limit", ante=2, bring_in=5, given_small_bet=10,
                   given_big_bet=20)
    hands = _dealt_by_chance(game, 20, seed=11)
    text, refused = write(hands)
    assert refused == [] and "*** 3rd STREET ***" in text and "brings in for" in text
    back = pokerstars.read(text)
    completed_at_once = 0
    for original, again, part in zip(hands, back, pokerstars.split_hands(text), strict=True):
        if "brings in for" not in part:     # PokerStars' text has no bring-in amount then
            assert isinstance(again, HistoryImportError) and "no one brought in" in again.message
            completed_at_once += 1
            continue
        assert isinstance(again, phh.HandHistory), again
        assert _outcome(again) == _outcome(original)
    assert completed_at_once < len(hands) // 2


def test_a_hand_the_rules_refuse_is_not_written() -> None:
    good = _dealt(pf.Game.no_limit_holdem(5, 10), 1, seed=3)[0]
    broken = phh.HandHistory(**{**good.__dict__, "starting_stacks": (1, 1, 1, 1)})
    with pytest.raises(HistoryImportError):
        write_hand(broken)


def test_the_command_writes_pokerstars_text(tmp_path: Path) -> None:
    source = tmp_path / "session.phhs"
    phh.dump(_dealt(pf.Game.no_limit_holdem(5, 10), 6, seed=1), source)
    out = tmp_path / "for-trackers.txt"
    result = CliRunner().invoke(app, ["convert", str(source), "--to", "pokerstars", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "6 hands written" in result.output
    assert out.read_text().count("PokerStars Hand #") == 6
    refused = CliRunner().invoke(app, ["convert", str(source), "--to", "fulltilt", "--out", str(out)])
    assert refused.exit_code == 2


@pytest.mark.parametrize("game", [{"variant": "holdem", "structure": "no_limit", "small_blind": 1, "big_blind": 2},
                                  {"variant": "omaha", "structure": "pot_limit", "small_blind": 1, "big_blind": 2}],
                         ids=["holdem", "omaha"])
def test_a_served_sessions_download_round_trips_exactly(game: dict[str, object]) -> None:
    """The PHH download of a session a room dealt (straddles, rebuys and run-it-twice offers
    included; hole cards only where they were shown, as a spectator saw them), written for the
    trackers and read back: every hand, the same chips, board and shown cards."""
    from tests.server.played import SETTINGS, play

    from pokerfloor.server import downloads

    room, _ = play(30, settings={**SETTINGS, "game": game})
    text = downloads.session_phh(downloads.session(room))
    hands = [h for h in phh.read_entries(text, bulk=True) if isinstance(h, phh.HandHistory)]
    assert len(hands) == 30
    written, refused = write(hands)
    assert refused == []
    back = pokerstars.read(written)
    assert len(back) == len(hands)
    for original, again in zip(hands, back, strict=True):
        assert isinstance(again, phh.HandHistory), again
        assert _by_seat(again) == _by_seat(original)


def _by_seat(history: phh.HandHistory) -> tuple[object, ...]:
    """What a hand came to, by seat (a download names no players: the writer names them)."""
    verdict = verify_history(history)
    state = verdict.replay
    assert verdict.passed and state is not None and state.hand.result is not None, verdict.detail
    return (dict(state.hand.result.net), tuple(state.hand.board), state.hand.result.showdown_order,
            {s: tuple(cards) for s, cards in state.hand.holes.items() if all(cards)})
