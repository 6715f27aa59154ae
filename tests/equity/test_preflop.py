"""The heads-up pre-flop table: its rows are exact enumeration's counts, the suit renamings
fold onto one row, and ranges read from it give exact enumeration's tally. The lookup is tested
on small tables counted afresh (``reference.table_for``); the shipped file on its own."""

from __future__ import annotations

import hashlib
import itertools
import random
import zlib
from pathlib import Path

import numpy as np
import pytest

from pokerfloor.cards import Card, format_cards, parse_cards
from pokerfloor.equity import EquitySpec, equity, exact_tally, preflop, table_tally
from pokerfloor.equity.kernels import SCOOPS, SPLITS
from pokerfloor.evaluation.equity import heads_up_equity
from tests.equity.reference import table_for


def use(monkeypatch: pytest.MonkeyPatch, *ranges: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Answer from a small table holding the classes of these questions only."""
    table = table_for(*(EquitySpec.make(r) for r in ranges))
    monkeypatch.setattr(preflop, "load", lambda: table)
    return table


def test_the_shipped_table_matches_its_checksum_and_holds_every_class() -> None:
    table = preflop.load()
    assert table is not None, "the heads-up table is missing or does not match TABLE_SHA256"
    raw = zlib.decompress(preflop.TABLE.read_bytes())
    assert hashlib.sha256(raw).hexdigest() == preflop.TABLE_SHA256
    keys, wins = table
    assert (keys == preflop.class_keys()).all()
    assert ((wins >= 0) & (wins.sum(axis=1)[:, None] <= preflop.BOARDS)).all()


def test_sampled_rows_of_the_shipped_table_equal_a_fresh_exact_enumeration() -> None:
    """Rows drawn at random, recounted by ``exact_tally`` (the general enumeration loop, not the
    builder's): the wins of both hands, and the ties as the boards left."""
    from pokerfloor.equity.kernels import SCOOPS, SPLITS

    table = preflop.load()
    assert table is not None
    keys, wins = table
    for row in random.Random(17).sample(range(preflop.CLASSES), 5):
        first, second = preflop.decode(int(keys[row]))
        tally = exact_tally(EquitySpec.make([format_cards(map(Card, first)), format_cards(map(Card, second))]))
        assert tally.rows[0, :, SCOOPS].tolist() == wins[row].tolist()
        assert tally.rows[0, 0, SPLITS] == preflop.BOARDS - wins[row].sum()


@pytest.mark.parametrize(("hero", "villain"), [("AhKh", "QsQd"), ("7c2d", "7h2s"), ("As5s", "KdKc"), ("9h8h", "Ts9s")])
def test_the_shipped_table_counts_what_heads_up_equity_deals(hero: str, villain: str) -> None:
    """The table (read in ``pokerfloor.equity``) and ``evaluation.heads_up_equity``, which
    always enumerates the boards, give the same wins and ties."""
    dealt = heads_up_equity(hero, villain)
    tally = table_tally(EquitySpec.make([hero, villain]))
    assert tally is not None
    read = (tally.showdowns, tally.rows[0, 0, SCOOPS], tally.rows[0, 0, SPLITS])
    assert read == (dealt.boards, dealt.wins, dealt.ties)


def test_the_shipped_table_answers_like_exact_enumeration() -> None:
    small = EquitySpec.make(["AhKh, 9s9d:0.5, 7c2d", "QQ, Ts9s:0.25"])
    assert table_tally(small) == exact_tally(small)


def _renamed(text: str, renaming: tuple[int, ...]) -> str:
    return format_cards([Card((c >> 2) * 4 + renaming[c & 3]) for c in parse_cards(text)])


@pytest.mark.parametrize(("first", "second"), [("AhKh", "QsQd"), ("7c2d", "7d2c"), ("Ts9s", "9h8h"), ("AsKd", "Ac5c")])
def test_all_24_suit_renamings_give_the_same_answer(first: str, second: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A flush is five cards of one suit, whichever it is (rules.md, hand rankings): no suit
    ranks above another, so renaming the suits of both hands changes nothing."""
    use(monkeypatch, [first, second])
    answers = set()
    for renaming in itertools.permutations(range(4)):
        found = equity([_renamed(first, renaming), _renamed(second, renaming)])
        assert found.table
        answers.add(tuple((p.equity, p.win, p.tie) for p in found.players))
    assert len(answers) == 1


def test_the_renaming_maps_every_pair_onto_one_key_and_keeps_its_order() -> None:
    pairs = np.array([[[51, 46], [45, 44]], [[20, 3], [19, 2]], [[8, 4], [9, 5]]])  # the last two mirror images
    base, order = preflop.canonical(pairs[:, 0], pairs[:, 1])
    assert len(set(base.tolist())) == 3
    for renaming in itertools.permutations(range(4)):
        move = np.array([(c >> 2) * 4 + renaming[c & 3] for c in range(52)])
        keys, swapped = preflop.canonical(move[pairs[:, 0]], move[pairs[:, 1]])
        flipped, back = preflop.canonical(move[pairs[:, 1]], move[pairs[:, 0]])
        assert (keys == base).all() and (flipped == base).all()
        assert swapped[0] == order[0] and back[0] != order[0]


@pytest.mark.parametrize(
    "ranges",
    [["AhKh", "QsQd"], ["QsQd", "AhKh"], ["AKs, 22:0.5", "QQ, T9s:0.25"], ["JJ, 72o:0.3", "AQs, KK:0.7"]],
)
def test_ranges_read_from_the_table_equal_exact_enumeration(ranges: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch, ranges)
    spec = EquitySpec.make(ranges)
    assert table_tally(spec) == exact_tally(spec)


def test_a_wrong_row_changes_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer is read from the row of the hands' class: alter that row and it moves."""
    keys, wins = use(monkeypatch, ["AhKh", "QsQd"], ["7c2d", "KsKd"])
    spec = EquitySpec.make(["AhKh", "QsQd"])
    key, _ = preflop.canonical(np.array([[51, 47]]), np.array([[43, 41]]))
    row = int(np.searchsorted(keys, key[0]))
    altered = wins.copy()
    altered[row] = altered[row, ::-1]
    monkeypatch.setattr(preflop, "load", lambda: (keys, altered))
    assert table_tally(spec) != exact_tally(spec)


def test_the_answer_is_exact_and_says_it_came_from_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch, ["AhKh", "QsQd"])
    found = equity(["AhKh", "QsQd"])
    assert found.exact and found.table and found.to_dict()["table"]
    assert [p.stderr for p in found.players] == [0.0, 0.0]
    assert round(found.players[0].win * preflop.BOARDS) == 787_966


@pytest.mark.parametrize(
    ("ranges", "kw"),
    [(["AhKh", "QsQd"], {"board": "2c3d4h"}), (["AhKh", "QsQd"], {"dead": "2c"}), (["AhKh", "QsQd", "7c7d"], {}),
     (["AhKhQcJc", "7s7d6s5d"], {"game": "omaha"})],
)
def test_questions_outside_the_table_are_enumerated_as_before(ranges: list[str], kw: dict[str, str]) -> None:
    assert table_tally(EquitySpec.make(ranges, **kw)) is None


def test_without_the_table_the_same_question_is_enumerated(monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch, ["AhKh, 2c2d:0.5", "QQ"])
    from_table = equity(["AhKh, 2c2d:0.5", "QQ"], exact=True)
    assert from_table.table
    monkeypatch.setattr(preflop, "load", lambda: None)
    enumerated = equity(["AhKh, 2c2d:0.5", "QQ"], exact=True)
    assert not enumerated.table and enumerated.exact
    assert enumerated.players == from_table.players


def test_monte_carlo_when_asked_does_not_read_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch, ["AhKh", "QsQd"])
    found = equity(["AhKh", "QsQd"], exact=False, precision=0.01)
    assert not found.exact and not found.table and found.players[0].stderr > 0


def test_a_table_not_matching_its_checksum_is_not_used(tmp_path: Path) -> None:
    keys, wins = table_for(EquitySpec.make(["AhKh", "QsQd"]))
    damaged = tmp_path / "table.bin.z"
    damaged.write_bytes(zlib.compress(preflop.pack(keys, wins)))
    assert preflop.load(damaged) is None
    assert preflop.load(tmp_path / "absent.bin.z") is None
