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
        assert _outcome(again) == _outcome(original)


def test_site_hands_round_trip_and_stud_is_refused_with_its_reason() -> None:
    hands = [h for h in read_paths([DATA]) if isinstance(h, phh.HandHistory)]
    text, refused = write(hands)
    reasons = {e.message.split(":")[0] for e in refused}
    assert reasons == {"PokerStars writes no 'F7S' hands", "PokerStars writes no 'FR' hands"}
    back = pokerstars.read(text)
    written = [h for h in hands if h.variant not in ("F7S", "F7S/8", "FR")]
    assert len(back) == len(written)
    for original, again in zip(written, back, strict=True):
        assert isinstance(again, phh.HandHistory)
        assert _outcome(again)[:2] == _outcome(original)[:2]


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
