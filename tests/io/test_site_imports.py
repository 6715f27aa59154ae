"""Real site histories (PokerStars text, PokerNow logs, OHH) read as PHH and replayed: each
hand's recorded stacks come out of the engine, and an amount the rules refuse is reported
with the rule, never repaired."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from pathlib import Path

import pytest

import pokerfloor as pf
from pokerfloor.bots import make_bot
from pokerfloor.io import imports, ohh, phh, pokernow, pokerstars
from pokerfloor.io.sitehand import HistoryImportError
from pokerfloor.io.verify import verify_history

DATA = Path(__file__).parent / "data" / "imports"


def histories(name: str) -> list[phh.HandHistory]:
    entries = imports.read_paths([DATA / name])
    assert entries and all(isinstance(e, phh.HandHistory) for e in entries), entries
    return entries  # type: ignore[return-value]


def test_pokerstars_cash_hands_replay_to_their_stacks_less_the_rake() -> None:
    hands = histories("pokerstars_cash_holdem.txt")
    assert [h.hand for h in hands] == ["247743239964", "247743232339"]
    verdicts = [verify_history(h) for h in hands]
    assert [(v.status, v.cause) for v in verdicts] == [("explained", "rake"), ("explained", "rake")]
    all_in = hands[1]
    assert all_in.players is not None and "$$Top_Boy$$ OG" in all_in.players
    assert "d dh p3 5hAh" in all_in.actions  # the shown cards are dealt known


def test_pokerstars_tournament_hand_replays_exactly() -> None:
    (hand,) = histories("pokerstars_tournament_holdem.txt")
    assert hand.antes == (600, 600) and hand.blinds_or_straddles == (2000, 4000)
    assert verify_history(hand).status == "matched"
    assert hand.finishing_stacks == (0, 184825 + 755175)


def test_pokerstars_cash_omaha_hands_replay_to_their_stacks_less_the_rake() -> None:
    """Real pot-limit Omaha hands: an all-in showdown with an uncalled bet returned, and a
    hand at an ante table (the antes posted after the blinds)."""
    showdown = histories("pokerstars_cash_omaha_showdown.txt")[0]
    antes = histories("pokerstars_cash_omaha_antes.txt")[0]
    assert (showdown.variant, antes.variant) == ("PO", "PO")
    assert "d dh p2 7d6s9s7h" in showdown.actions and antes.antes == (Decimal("0.02"), Decimal("0.02"))
    assert [(verify_history(h).status, verify_history(h).cause) for h in (showdown, antes)] == [
        ("explained", "rake"), ("explained", "rake")]


def test_pokerstars_stud_cash_and_tournament_hands_replay() -> None:
    """Real seven-card stud (a cash hand to showdown; HORSE and 8-Game tournament hands) and
    razz: the bring-in is read from the hand, the down cards stay unknown until shown."""
    (cash,) = histories("pokerstars_cash_stud.txt")
    (horse,) = histories("pokerstars_tournament_stud.txt")
    (walk,) = histories("pokerstars_tournament_stud_bring_in.txt")
    (razz,) = histories("pokerstars_tournament_razz.txt")
    assert [h.variant for h in (cash, horse, walk, razz)] == ["F7S", "F7S", "F7S", "FR"]
    assert (cash.bring_in, horse.bring_in, razz.bring_in) == (Decimal("0.04"), 300, 1800)
    assert "d dh p2 ????6s" in cash.actions and "p2 pb" in cash.actions
    assert verify_history(cash).cause == "rake"
    assert [verify_history(h).status for h in (horse, walk, razz)] == ["matched"] * 3
    assert horse.finishing_stacks is not None and horse.finishing_stacks[5] == 35020 - 200 - 7300 + 16200


@pytest.mark.parametrize(
    ("name", "written", "altered", "cause", "rule"),
    [
        ("pokerstars_cash_omaha_showdown.txt", "MajinVeta: raises $15.75 to $22.75", "MajinVeta: raises $50 to $57",
         "above_pot_limit", "TDA"),
        ("pokerstars_cash_stud.txt", "rorrrr: raises $0.06 to $0.10", "rorrrr: raises $0.11 to $0.15",
         "wrong_limit_amount", "Fixed limit"),
    ],
)
def test_a_real_omaha_or_stud_hand_with_an_illegal_amount_is_reported(name, written, altered, cause, rule) -> None:
    """A raise past the pot in pot-limit Omaha, a completion to more than the small bet in
    limit stud: each stops the replay with its rule, and nothing is repaired."""
    text = (DATA / name).read_text(encoding="utf-8-sig")
    assert written in text
    hand = pokerstars.read(text.replace(written, altered), "altered")[0]
    assert isinstance(hand, phh.HandHistory)
    verdict = verify_history(hand)
    assert (verdict.status, verdict.cause) == ("illegal", cause) and rule in verdict.detail


def test_an_amount_the_rules_refuse_is_reported_with_the_rule() -> None:
    """A raise below the minimum (TDA: a raise is at least the previous bet or raise) is not
    rounded up to a legal one: the replay stops there and says which rule it breaks."""
    text = (DATA / "pokerstars_cash_holdem.txt").read_text()
    bad = text.replace("NutritionalFact: raises $0.50 to $1", "NutritionalFact: raises $0.20 to $0.70")
    hand = pokerstars.read(bad, "altered")[0]
    assert isinstance(hand, phh.HandHistory) and "p5 cbr 0.70" in hand.actions
    verdict = verify_history(hand)
    assert verdict.status == "illegal" and verdict.cause == "below_min_raise"
    assert "TDA" in verdict.detail


def test_pokernow_csv_logs_replay_exactly() -> None:
    hands = histories("pokernow_log_001.csv") + histories("pokernow_log_002.csv")
    assert len(hands) == 8
    assert [verify_history(h).status for h in hands] == ["matched"] * 8
    quoted = hands[4]
    assert quoted.players is not None and any('"quotes"' in p for p in quoted.players)


def test_pokernow_json_export_reads_like_the_csv() -> None:
    text = (DATA / "pokernow_log_002.csv").read_text(encoding="utf-8")
    rows = pokernow.entries_from_csv(text)
    as_json = json.dumps({"logs": [{"msg": m, "created_at": i} for i, m in enumerate(reversed(rows))][::-1]})
    from_json = pokernow.read(json.dumps({"logs": [{"msg": m, "created_at": i} for i, m in enumerate(rows)]}))
    assert [h.actions for h in from_json] == [h.actions for h in pokernow.read(text)]  # type: ignore[union-attr]
    assert imports.detect(as_json) == "pokernow"


def _engine_hand(seed: int) -> pf.Hand:
    rng = random.Random(seed)
    game = pf.Game(variant="holdem", structure="no_limit", small_blind=5, big_blind=10)
    hand = pf.Hand(game, stacks={1: 500, 3: 800, 4: 300, 6: 1000}, button=4, rng=rng)
    styles = ("maniac", "station", "pro")
    bots = {seat: make_bot(styles[seat % 3], f"Bot {seat}", random.Random(seed + seat)) for seat in hand.seats}
    while not hand.is_over:
        if hand.to_act is None:
            break
        action, to = bots[hand.to_act].choose(hand.view(hand.to_act))
        hand.act(hand.to_act, action, to=to) if to is not None else hand.act(hand.to_act, action)
    return hand


@pytest.mark.parametrize("seed", range(12))
def test_ohh_written_by_pokerfloor_reads_back_and_replays(seed: int) -> None:
    hand = _engine_hand(seed)
    data = json.loads(ohh.dumps(ohh.to_ohh(hand, names=[f"Bot {s}" for s in hand.seats], game_number=str(seed))))
    history = ohh.read_ohh(data, "engine")
    verdict = verify_history(history)
    assert verdict.status == "matched", (verdict.detail, phh.dumps(history))
    assert history.finishing_stacks == tuple(hand.stacks[s] for s in history.seats or ())


@pytest.mark.parametrize("seed", range(6))
def test_ohh_of_a_hand_with_kills_reads_back_and_replays(seed: int) -> None:
    """A hand killed by the floor (``Hand.kill``), perhaps out of turn, is an OHH ``Fold`` marked
    ``pokerfloor_dead_hand``, read back as PHH's ``_dead_hands``: the file replays and matches."""
    rng = random.Random(seed)
    hand = pf.Hand(pf.Game.no_limit_holdem(5, 10), stacks={1: 500, 3: 800, 4: 300, 6: 1000}, button=4, rng=rng)
    killed = 0
    while not hand.is_over:
        assert hand.to_act is not None
        if not killed and len(hand.in_hand) > 2:
            victim = next(s for s in hand.in_hand if s != hand.to_act)  # out of turn
            hand.kill(victim)
            killed = victim
            continue
        hand.act(hand.to_act, "check" if hand.legal().check else "call")
    data = json.loads(ohh.dumps(ohh.to_ohh(hand, game_number=str(seed))))
    folds = [a for r in data["ohh"]["rounds"] for a in r["actions"] if a["action"] == "Fold"]
    assert [a.get(ohh.DEAD_HAND_FIELD) for a in folds] == [True]
    history = ohh.read_ohh(data, "engine")
    assert len(history.extra[phh.DEAD_HANDS_FIELD]) == 1
    verdict = verify_history(history)
    assert verdict.status == "matched", (verdict.detail, phh.dumps(history))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("PokerStars Hand #1:  Badugi Limit ($1/$2 USD) - 2024/01/01\n", "no PHH variant"),
        ("entry,at,order\n\"-- starting hand #1 (Pot Limit Omaha Hi/Lo) (dealer: \"\"a @ x\"\") --\",t,1\n"
         "\"-- ending hand #1 --\",t,2\n", "no PHH variant"),
    ],
)
def test_a_game_without_a_phh_form_is_an_error_for_that_hand(text: str, message: str) -> None:
    (entry,) = imports.read_text(text, "sample")
    assert isinstance(entry, HistoryImportError) and message in str(entry)


def test_unknown_text_is_refused() -> None:
    with pytest.raises(HistoryImportError):
        imports.detect("hello")


def test_pokerstars_stud_seventh_street_under_either_name() -> None:
    """Older PokerStars files call stud's last street RIVER, newer ones 7th STREET."""
    stud = (DATA / "pokerstars_tournament_stud.txt").read_text()
    renamed = pokerstars.read(stud.replace("*** RIVER ***", "*** 7th STREET ***"), "renamed")[0]
    original = pokerstars.read(stud, "original")[0]
    assert isinstance(renamed, phh.HandHistory) and isinstance(original, phh.HandHistory)
    assert renamed.actions == original.actions and verify_history(renamed).status == "matched"
