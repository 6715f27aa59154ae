"""Every download works (issue 35, finding 3): a table that deals all fifteen games (dealer's
choice, each game for one hand, in the structure the lobby offers it) writes every hand to its
PHH and OHH downloads, and ``pokerfloor verify`` replays every PHH and every OHH hand exactly. Games PHH has no
code for are written with their extension code and ``_pokerfloor_variant`` (docs/imports.md);
one hand that cannot be written never fails the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from typer.testing import CliRunner

from pokerfloor.cli import app, histories, stats  # noqa: F401 - registers verify and convert
from pokerfloor.io import phh
from pokerfloor.io.ohh import read_ohh
from pokerfloor.io.verify import verify_history
from pokerfloor.rules import VARIANTS
from pokerfloor.server import downloads

from .conftest import FakeClock, Peer, Session

# Each variant once, in the structure a home game deals it (pot-limit Omaha hi-lo is the lobby's
# default for it, and was the download that failed; five-card draw and A-5 triple draw have no
# PHH code at all).
GAMES: list[Any] = [
    ["holdem", "no_limit"], ["short_deck", "no_limit"], ["omaha", "pot_limit"], ["omaha5", "pot_limit"],
    ["omaha6", "pot_limit"], ["omaha_hilo", "pot_limit"], ["omaha5_hilo", "pot_limit"], "stud", "stud_hilo",
    "razz", "five_card_draw", ["deuce_seven_single", "no_limit"], "deuce_seven_triple", "ace_five_triple",
    "badugi",
]
NAMES = ("ann", "bob", "cy")


def _key(game: Any) -> str:
    variant, structure = (game, "fixed_limit") if isinstance(game, str) else game
    return f"{structure}_{variant}"


def _act(game: Session, peer: Peer, legal: dict[str, Any], hand: int) -> dict[str, Any]:
    """Check, call, bring in or stand pat: every hand goes to a showdown, draws included."""
    frame: dict[str, Any] = {"type": "act", "hand": hand, "turn_token": peer.turn_token,
                             "client_action_id": f"{peer.name}-{hand}-{len(peer.frames)}"}
    if legal.get("draw") is not None:
        frame.update(action="draw", cards=[])
    elif legal.get("check"):
        frame["action"] = "check"
    elif legal.get("call") is not None:
        frame["action"] = "call"
    elif legal.get("bring_in") is not None:
        frame["action"] = "bring_in"
    elif legal.get("show"):
        frame["action"] = "show"
    else:
        frame["action"] = "fold"
    return peer.reply(frame)


def test_a_table_that_deals_all_fifteen_games_downloads_and_replays_every_hand(
    http: TestClient, tmp_path: Path, clock: FakeClock
) -> None:
    assert len(GAMES) == len(VARIANTS) == 15
    rotation = {"name": "dealers_choice", "games": GAMES, "small_bet": 2, "per": 1}
    # A moment between hands, on the test's clock: the chooser names each hand's game in it.
    game = Session(http, game=None, seats=3, rotation=rotation, between_hands={"seconds": 1, "showdown": 1})
    peers = [game.join(name, seat, chips=200) for seat, name in enumerate(NAMES, 1)]
    dealt: list[str] = []
    for k, wanted in enumerate(GAMES):
        game.sync()
        choice = game.host.state["table"]["choice"]
        chooser = next(p for p in peers if p.state["you"]["seat"] == choice["chooser"])
        assert chooser.reply({"type": "choose_game", "game": _key(wanted)})["type"] == "ack"
        if k == 0:
            assert game.host.reply({"type": "start"})["type"] == "ack"
        else:
            clock.now += 1
        number = len(game.room.hands)
        for _ in range(200):
            if len(game.room.hands) > number:
                break
            actor = game.to_act()
            assert actor is not None, (game.room.table.hand_number, game.room.in_hand, game.host.state["table"])
            got = _act(game, actor, actor.state["hand"]["legal"], actor.state["table"]["hand_number"])
            assert got["type"] == "ack", got
        hand = game.room.hands[-1]
        dealt.append(f"{hand.game.structure}_{hand.game.variant}")
    assert sorted(dealt) == sorted(_key(g) for g in GAMES)

    phhs = http.get(f"/api/tables/{game.table_id}/hands.phhs")
    assert phhs.status_code == 200
    assert "could not be written" not in phhs.text
    path = tmp_path / "session.phhs"
    path.write_text(phhs.text)
    read = list(phh.read_file_entries(path))
    assert len(read) == len(game.room.hands) and all(isinstance(h, phh.HandHistory) for h in read)
    verdicts = [verify_history(h) for h in read if isinstance(h, phh.HandHistory)]
    assert [v.status for v in verdicts] == ["matched"] * len(verdicts), [v.detail for v in verdicts]
    extended = {h.variant for h in read if isinstance(h, phh.HandHistory) and h.variant not in phh.PHH_VARIANTS}
    assert {"PO/8", "F5CD", "FA5L3D"} <= extended
    ran = CliRunner().invoke(app, ["verify", str(path)])
    assert ran.exit_code == 0, ran.output

    ohh = http.get(f"/api/tables/{game.table_id}/hands.ohh.json")
    assert ohh.status_code == 200
    written = ohh.json()
    assert len(written) == len(game.room.hands) and all("ohh" in h for h in written)
    # Read back (issue 35): every game, through the same reader as ``pokerfloor verify``'s OHH.
    # OHH's game types cannot name them all (short-deck is "Holdem", five-card Omaha "Omaha"):
    # the extension field does; a stud hand's up cards and a draw's discards are in pokerfloor's
    # documented OHH extension fields (docs/hand-api.md).
    for entry, hand in zip(written, game.room.hands, strict=True):
        history = read_ohh(entry, "session.ohh.json")
        verdict = verify_history(history)
        assert verdict.status == "matched", (hand.game.variant, verdict.detail)
        assert history.finishing_stacks == tuple(hand.result.stacks[s] for s in history.seats or ())
    families = {VARIANTS[h.game.variant].family for h in game.room.hands}
    assert families == {"flop", "stud", "draw"}
    # The command line's way with an OHH download: converted to PHH (every hand replayed), verified.
    (path := tmp_path / "session.ohh.json").write_text(ohh.text)
    converted = tmp_path / "from_ohh.phhs"
    ran = CliRunner().invoke(app, ["convert", str(path), "--out", str(converted)])
    assert ran.exit_code == 0, ran.output
    assert len(list(phh.read_file_entries(converted))) == len(game.room.hands)
    ran = CliRunner().invoke(app, ["verify", str(converted)])
    assert ran.exit_code == 0, ran.output
    game.close()


def test_one_hand_that_cannot_be_written_is_reported_in_the_file_not_a_failure(
    http: TestClient, monkeypatch: Any
) -> None:
    """Finding 3: one hand that could not be written made the whole PHH download a 500."""
    game = Session(http, seats=3)
    for seat, name in enumerate(NAMES, 1):
        game.join(name, seat)
    game.host.reply({"type": "start"})
    game.play_hand()
    game.play_hand()
    original = downloads.export.history_of
    broken = game.room.hands[0]

    def failing(hand: Any, /, **kwargs: Any) -> Any:
        if hand is broken:
            raise ValueError("this hand cannot be written")
        return original(hand, **kwargs)

    # The file is built in the downloads' worker process (issue 34), where this test's failing
    # writer does not reach: the same function, called here with it.
    monkeypatch.setattr(downloads.export, "history_of", failing)
    text = downloads.session_phh(downloads.session(game.room))
    assert "# hand 1 could not be written: ValueError: this hand cannot be written" in text
    assert "[2]" in text
    assert http.get(f"/api/tables/{game.table_id}/hands.phhs").status_code == 200
    game.close()
