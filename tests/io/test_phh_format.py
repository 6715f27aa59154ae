"""Reading and writing PHH files: every field the corpus uses, exact money, errors that say where."""

from __future__ import annotations

import contextlib
import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfloor.cards import Card
from pokerfloor.io import phh
from pokerfloor.io.notation import NotationError, parse_action, write_action

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "phh"
needs_corpus = pytest.mark.usefixtures("corpus_present")

DWAN_IVEY = """\
# The first televised million dollar pot.
variant = "NT"
ante_trimming_status = true
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  "d dh p1 Ac2d",  # Ivey
  "d dh p2 ????",  # Antonius
  "d dh p3 7h6h",  # Dwan
  "p3 cbr 7000",
  "p1 cbr 23000",
  "p2 f",
  "p3 cc",
  "d db Jc3d5c",
]
players = ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
"""


def dev_files() -> list[Path]:
    return sorted(phh.history_files([CORPUS / "dev"])) if CORPUS.is_dir() else []


def bulk_sample() -> list[Path]:
    return sorted(phh.history_files([CORPUS / "bulk"]))[::10] if CORPUS.is_dir() else []


# Reading ------------------------------------------------------------------------------------

def test_reads_a_hand_field_for_field() -> None:
    (hand,) = phh.loads(DWAN_IVEY, source="dwan-ivey.phh")
    assert hand.variant == "NT"
    assert hand.ante_trimming_status is True
    assert hand.antes == (500, 500, 500)
    assert hand.blinds_or_straddles == (1000, 2000, 0)
    assert hand.min_bet == 2000
    assert hand.starting_stacks == (1125600, 2000000, 553500)
    assert hand.actions[0] == "d dh p1 Ac2d"
    assert hand.players == ("Phil Ivey", "Patrik Antonius", "Tom Dwan")
    assert hand.source == "dwan-ivey.phh"
    assert hand.key is None


def test_decimal_money_is_read_exactly() -> None:
    text = DWAN_IVEY.replace("min_bet = 2000", "min_bet = 0.25").replace(
        "[1125600, 2000000, 553500]", "[24.50, 27.65, inf]")
    (hand,) = phh.loads(text)
    assert hand.min_bet == Decimal("0.25")
    assert hand.starting_stacks == (Decimal("24.50"), Decimal("27.65"), phh.INF)
    assert isinstance(hand.antes[0], int)


def test_user_defined_and_unknown_fields_are_kept() -> None:
    text = DWAN_IVEY + '_rake = 3.5\n_notes = { source = "tv", "odd key" = [1, 2] }\nsomething = "x"\n'
    (hand,) = phh.loads(text)
    assert hand.extra == {"_rake": Decimal("3.5"), "_notes": {"source": "tv", "odd key": [1, 2]},
                          "something": "x"}
    assert phh.loads(phh.dumps(hand)) == [hand]


def test_optional_fields_of_the_spec_are_typed() -> None:
    text = DWAN_IVEY + (
        "time = 00:00:05\nhand = 'R5-1704660-533'\ntable = 3\nseats = [2, 3, 4]\nseat_count = 6\n"
        "finishing_stacks = [1, 2, 3]\nwinnings = [0, 0, 0.5]\ntime_limit = inf\n"
        "time_banks = [30, 30, 30.5]\nlevel = 12\n"
    )
    (hand,) = phh.loads(text)
    assert hand.time == datetime.time(0, 0, 5)
    assert hand.hand == "R5-1704660-533"
    assert hand.table == 3
    assert hand.seats == (2, 3, 4)
    assert hand.winnings == (0, 0, Decimal("0.5"))
    assert hand.time_limit == phh.INF
    assert phh.loads(phh.dumps(hand)) == [hand]


def test_a_bulk_file_is_read_table_by_table_with_its_keys() -> None:
    text = "[7]\n" + DWAN_IVEY.split("\n", 1)[1] + "\n[12]\n" + DWAN_IVEY.split("\n", 1)[1]
    hands = phh.loads(text, bulk=True, source="x.phhs")
    assert [h.key for h in hands] == ["7", "12"]
    assert phh.loads(phh.dumps_all(hands), bulk=True) == hands
    assert [h.key for h in phh.loads(phh.dumps_all(hands), bulk=True)] == ["7", "12"]


# Errors say file, hand and field --------------------------------------------------------------

def error_of(text: str, *, bulk: bool = False) -> phh.PHHFormatError:
    with pytest.raises(phh.PHHFormatError) as caught:
        phh.loads(text, bulk=bulk, source="f.phh")
    return caught.value


def test_bad_toml_is_reported_with_the_file() -> None:
    error = error_of("variant = 'NT\n")
    assert error.source == "f.phh"
    assert "not valid TOML" in str(error)


def test_unknown_variant_names_the_field() -> None:
    error = error_of(DWAN_IVEY.replace('"NT"', '"NLX"'))
    assert error.field == "variant"
    assert "NLX" in error.message


def test_an_action_that_does_not_parse_names_its_index() -> None:
    error = error_of(DWAN_IVEY.replace("p2 f", "p2 fold"))
    assert error.field == "actions[5]"
    assert "'p2 fold'" in error.message


def test_a_card_dealt_twice_is_reported() -> None:
    error = error_of(DWAN_IVEY.replace("Jc3d5c", "Jc3d7h"))
    assert error.field == "actions[7]"
    assert "7h is dealt twice" in error.message


def test_an_action_for_a_player_who_is_not_there() -> None:
    error = error_of(DWAN_IVEY.replace('"p2 f"', '"p4 f"'))
    assert error.field == "actions[5]"
    assert "only 3 players" in error.message


def test_arrays_must_have_one_entry_per_player() -> None:
    error = error_of(DWAN_IVEY.replace("antes = [500, 500, 500]", "antes = [500, 500]"))
    assert error.field == "antes"


def test_a_required_field_of_the_variant_is_checked() -> None:
    error = error_of(DWAN_IVEY.replace("min_bet = 2000\n", ""))
    assert error.field == "min_bet"


def test_wrong_types_are_reported() -> None:
    assert error_of(DWAN_IVEY.replace("min_bet = 2000", "min_bet = '2000'")).field == "min_bet"
    assert error_of(DWAN_IVEY.replace("min_bet = 2000", "min_bet = nan")).field == "min_bet"
    assert error_of(DWAN_IVEY + "day = true\n").field == "day"
    assert error_of(DWAN_IVEY.replace("[500, 500, 500]", "[500, -1, 500]")).field == "antes[1]"
    assert error_of(DWAN_IVEY.replace("1125600,", "0,")).field == "starting_stacks[0]"


def test_short_deck_has_no_low_cards() -> None:
    text = DWAN_IVEY.replace('"NT"', '"NS"').replace("Ac2d", "AcKd")
    error = error_of(text.replace("Jc3d5c", "JcTd5c"))
    assert "short-deck" in error.message


def test_one_bad_hand_of_a_bulk_file_loses_no_other() -> None:
    body = DWAN_IVEY.split("\n", 1)[1]
    text = f"[1]\n{body}\n[2]\n{body.replace('min_bet = 2000', 'min_bet = = 2')}\n[3]\n{body}"
    entries = phh.read_entries(text, source="b.phhs", bulk=True)
    assert [type(e).__name__ for e in entries] == ["HandHistory", "PHHFormatError", "HandHistory"]
    bad = entries[1]
    assert isinstance(bad, phh.PHHFormatError)
    assert bad.hand == "2"
    assert str(bad).startswith("b.phhs [2]")
    entries = phh.read_entries(f"[1]\n{body}\n[2]\n{body.replace('p2 f', 'p2 x')}", bulk=True)
    assert isinstance(entries[1], phh.PHHFormatError)
    assert entries[1].field == "actions[5]"
    assert isinstance(entries[0], phh.HandHistory)


def test_a_bulk_file_holds_only_tables() -> None:
    entries = phh.read_entries("x = 1\n", bulk=True)
    assert isinstance(entries[0], phh.PHHFormatError)


# The action notation ------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "move", "player", "cards", "amount"),
    [
        ("d dh p1 Ac2d", "deal_hole", 1, (Card("Ac"), Card("2d")), None),
        ("d dh p12 ????", "deal_hole", 12, (None, None), None),
        ("d db Jc3d5c", "deal_board", None, (Card("Jc"), Card("3d"), Card("5c")), None),
        ("p3 cbr 7000", "complete_bet_raise", 3, None, 7000),
        ("p3 cbr 32.50", "complete_bet_raise", 3, None, Decimal("32.50")),
        ("p2 cc", "check_call", 2, None, None),
        ("  p2   f  ", "fold", 2, None, None),
        ("p1 pb", "bring_in", 1, None, None),
        ("p1 sd", "stand_pat_discard", 1, (), None),
        ("p4 sd AsQs", "stand_pat_discard", 4, (Card("As"), Card("Qs")), None),
        ("p4 sm 2s4c6d9h", "show_muck", 4, (Card("2s"), Card("4c"), Card("6d"), Card("9h")), None),
        ("p4 sm", "show_muck", 4, None, None),
        ("p4 sm ????", "show_muck", 4, (None, None), None),
        ("", "comment", None, None, None),
        ("# a pause", "comment", None, None, None),
    ],
)
def test_action_notation(text: str, move: str, player: int | None, cards: object, amount: object) -> None:
    action = parse_action(text)
    assert (action.move, action.player, action.cards, action.amount) == (move, player, cards, amount)


def test_commentary_is_part_of_the_action() -> None:
    action = parse_action("p1 cbr 300 # tank for two minutes")
    assert action.comment == "tank for two minutes"
    assert write_action(action) == "p1 cbr 300 # tank for two minutes"
    assert parse_action("p1 sm -").show_dealt


@pytest.mark.parametrize("text", ["x f", "p0 f", "p1", "p1 cbr", "p1 cbr -5", "p1 cbr 0", "p1 cbr 1e3",
                                  "p1 f now", "d dh 1 AhKd", "d dh p1 AhK", "d db Xh", "d dx p1 Ah",
                                  "p1 sm AhKd Qs", "d db 1h"])
def test_malformed_actions(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


# Round trips over the real corpus -------------------------------------------------------------

@needs_corpus
def test_every_dev_hand_reads() -> None:
    hands = [h for f in dev_files() for h in phh.load(f)]
    assert len(hands) == 277


@needs_corpus
@pytest.mark.parametrize("path", dev_files() + bulk_sample(), ids=lambda p: str(p.relative_to(CORPUS)))
def test_read_write_read_gives_the_same_hands(path: Path, tmp_path: Path) -> None:
    hands = phh.load(path)
    out = tmp_path / path.name
    phh.dump(hands, out)
    again = phh.load(out)
    assert again == hands
    assert [h.key for h in again] == [h.key for h in hands]


# Fuzzing: nothing but a PHHFormatError comes out of the reader ----------------------------------

def corpus_texts() -> list[str]:
    texts = [DWAN_IVEY]
    if CORPUS.is_dir():
        texts += [p.read_text(encoding="utf-8") for p in dev_files()[::20]]
    return texts


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(corpus_texts()), st.data())
def test_mutated_files_fail_only_with_format_errors(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 40)))
    insert = data.draw(st.text(alphabet="[]='\"#\n ,.0123456789-pdfbcrshm?AKQJT", max_size=12))
    mutated = text[:start] + insert + text[end:]
    for bulk in (False, True):
        for entry in phh.read_entries(mutated, bulk=bulk):
            assert isinstance(entry, phh.HandHistory | phh.PHHFormatError)
        with contextlib.suppress(phh.PHHFormatError):
            phh.loads(mutated, bulk=bulk)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_fails_only_with_format_errors(text: str) -> None:
    for bulk in (False, True):
        with contextlib.suppress(phh.PHHFormatError):
            phh.loads(text, bulk=bulk)


money = st.one_of(st.integers(0, 10**9), st.decimals(0, 10**6, places=2))
names = st.text(min_size=0, max_size=12)


@st.composite
def histories(draw: st.DrawFn) -> phh.HandHistory:
    count = draw(st.integers(2, 9))
    stacks = tuple(draw(st.lists(st.integers(1, 10**9) | st.decimals(1, 10**6, places=2),
                                 min_size=count, max_size=count)))
    return phh.HandHistory(
        variant="NT",
        antes=tuple(draw(st.lists(money, min_size=count, max_size=count))),
        blinds_or_straddles=tuple(draw(st.lists(money, min_size=count, max_size=count))),
        min_bet=draw(st.integers(1, 100)),
        starting_stacks=stacks,
        actions=tuple(draw(st.lists(st.sampled_from(["p1 f", "p2 cc", "p1 cbr 10.5", "", "# hi"]),
                                    max_size=5))),
        players=tuple(draw(st.lists(names, min_size=count, max_size=count))),
        event=draw(st.none() | names),
        hand=draw(st.none() | st.integers(0, 10**12) | names),
        extra={"_" + k: v for k, v in draw(st.dictionaries(st.text("abc_", min_size=1, max_size=4),
                                                            st.integers() | names | money)).items()},
    )


@settings(max_examples=200, deadline=None)
@given(histories())
def test_written_hands_read_back_the_same(history: phh.HandHistory) -> None:
    assert phh.loads(phh.dumps(history)) == [history]
