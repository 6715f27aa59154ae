"""Fuzzing every reader of outside input: real files mutated the ways a stranger's file goes
wrong (lines deleted, doubled or swapped, numbers made huge or strange, text cut short, bytes
thrown in), JSON mutated node by node, and hostile JSON (100,000 nested arrays, a 5,000-digit
number, ``1e999999``). The targets: each reader reads its input or refuses it with its one
documented error, nothing else escapes, each input takes under a second, and what loads plays
on (``pokerfloor bench --only fuzz``, ``--only soak`` for the PHH reader alone; Hypothesis tests
run the same mutations in ``make test``).

========================  ==================================================  ===================
kind                      reader                                              refuses with
========================  ==================================================  ===================
``phh``, ``phhs``         ``io.phh.read_entries``, then ``verify_history``    ``PHHFormatError``
``site``                  ``io.imports.read_text`` (PokerStars, PokerNow,     ``HistoryImportError``
                          OHH), then ``verify_history``
``hand-record``           ``Hand.from_record``, then the hand played out      ``RecordError``
``table-record``          ``Table.from_record``, the hand played out, ended,  ``RecordError``
                          verified, and the next one dealt
``seat-view``             ``SeatView.from_json``                              ``RecordError``
``event-record``          ``MultiTableTournament.from_record``, then the      ``RecordError``
                          event played to its end (``bench.fuzz_records``)
========================  ==================================================  ===================

A table or event record that loads and then raises anything while it plays on is a record that
"loads and breaks later" (``FuzzReport.broke_later``; ``--only fuzz-records``): the target is none.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerfloor.cards import FULL_DECK
from pokerfloor.errors import IllegalAction
from pokerfloor.hand import Hand, HandRecord, RecordError, SeatView
from pokerfloor.io.phh import HandHistory, PHHFormatError, history_files, read_entries
from pokerfloor.io.sitehand import HistoryImportError
from pokerfloor.io.verify import verify_history

STRANGE_NUMBERS = ("1e999999", "-1e999999", "9" * 5_000, "-1", "0", "nan", "inf", "-inf", "1.0000001",
                   "1e-999999", "0x10", "1_000", "2.5", "\"7\"", "[]", "true")
STRANGE_TEXT = ("\ufeff", "\x00", "[[", "]", "\"", "'", "#", "\n[1]\n", "??", "p9 cbr 1", "d dh p1 AsAs",
                "p1 sd", "p1 pb", "d db", "p1 sm", "é", "\\u0000", "= ", "actions = [")


@dataclass
class FuzzReport:
    """What a fuzz run found: inputs read, the slowest, and anything that escaped."""

    inputs: int = 0
    hands: int = 0
    slowest: float = 0.0
    escaped: list[str] = field(default_factory=list)
    slow: list[str] = field(default_factory=list)
    seconds: float = 0.0
    by_kind: dict[str, list[int]] = field(default_factory=dict)
    """Each kind's inputs: ``[read, refused]``."""
    broke_later: list[str] = field(default_factory=list)
    """Records that loaded and then failed to play on (each is also in ``escaped``)."""

    @property
    def clean(self) -> bool:
        return not (self.escaped or self.slow)


def mutate(text: str, rng: random.Random) -> str:
    """The text with one to three random mutations."""
    for _ in range(rng.randint(1, 3)):
        lines = text.splitlines(keepends=True) or [""]
        k = rng.randrange(len(lines))
        how = rng.randrange(8)
        if how == 0:
            del lines[k]
        elif how == 1:
            lines.insert(k, lines[k])
        elif how == 2:
            j = rng.randrange(len(lines))
            lines[k], lines[j] = lines[j], lines[k]
        elif how == 3:
            digits = [i for i, ch in enumerate(lines[k]) if ch.isdigit()]
            if digits:
                i = rng.choice(digits)
                end = i
                while end < len(lines[k]) and (lines[k][end].isdigit() or lines[k][end] == "."):
                    end += 1
                lines[k] = lines[k][:i] + rng.choice(STRANGE_NUMBERS) + lines[k][end:]
        elif how == 4:
            i = rng.randint(0, len(lines[k]))
            lines[k] = lines[k][:i] + rng.choice(STRANGE_TEXT) + lines[k][i:]
        elif how == 5:
            i = rng.randint(0, len(lines[k]))
            lines[k] = lines[k][:i] + lines[k][i + rng.randint(1, 4):]
        elif how == 6:
            text = "".join(lines)
            return text[: rng.randint(0, len(text))]
        else:
            i = rng.randint(0, len(lines[k]))
            lines[k] = lines[k][:i] + chr(rng.randrange(1, 0x3000)) + lines[k][i:]
        text = "".join(lines)
    return text


def check_input(text: str, report: FuzzReport, *, bulk: bool = False, tag: str = "") -> None:
    """Read and verify one input; anything raised, or a second passed, goes in the report."""
    started = time.process_time()  # the reader's own work: other processes' load does not count
    report.inputs += 1
    try:
        for entry in read_entries(text, source="fuzz", bulk=bulk):
            if isinstance(entry, HandHistory):
                report.hands += 1
                verify_history(entry)
            elif not isinstance(entry, PHHFormatError):
                report.escaped.append(f"{tag}: the reader returned {type(entry).__name__}")
    except Exception as error:  # the target: nothing escapes, whatever it is
        report.escaped.append(f"{tag}: {type(error).__name__}: {str(error)[:200]}")
    took = time.process_time() - started
    report.slowest = max(report.slowest, took)
    if took > 1.0:
        report.slow.append(f"{tag}: {took:.2f} s")


def seed_texts(paths: Iterable[str | Path]) -> list[tuple[str, bool]]:
    """The texts of the hand-history files under the paths, each with whether it is bulk."""
    return [(path.read_text(encoding="utf-8"), path.suffix == ".phhs") for path in history_files(paths)]


def fuzz(seeds: Sequence[tuple[str, bool]], inputs: int, *, seed: int = 0) -> FuzzReport:
    """``inputs`` mutations of the seed texts, read and verified."""
    report = FuzzReport()
    started = time.perf_counter()
    for k in range(inputs):
        rng = random.Random(seed + k)
        text, bulk = seeds[rng.randrange(len(seeds))]
        check_input(mutate(text, rng), report, bulk=bulk, tag=f"input {seed + k}")
    report.seconds = time.perf_counter() - started
    return report


# ---------------------------------------------------------------------------------- every reader
SECOND = 1.0
"""The most an input may take, read (and played on) included: seconds of this process's CPU time, so that
another process's load on a shared machine does not count (a denial of service is work, not waiting)."""
HOSTILE_JSON = (
    "[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000, "9" * 5_000, "1e999999", "-1e999999",
    "NaN", "Infinity", "", " ", "null", "true", "[]", "{}", "[1, 2", '{"a": }', "\ufeff{}", '"' + "x" * 100_000 + '"',
    "[" + ",".join(["{}"] * 20_000) + "]", '{"format": "pokerfloor.hand-record", "version": 1}',
    '{"format": "pokerfloor.table-record", "version": 1}', '{"format": "pokerfloor.seat-view", "version": 1}',
    '{"ohh": {}}', '[{"ohh": 5}]', '{"logs": [{"msg": 5}]}', '{"logs": [{}]}',
)
"""Whole texts no reader should choke on."""
HOSTILE_VALUES = (
    "null", "true", "false", "0", "-1", "1.5", "1e999999", "-1e999999", "9" * 5_000, "NaN", "-Infinity", '""',
    '"' + "x" * 5_000 + '"', "[]", "{}", "[[[[[[[[[[[[]]]]]]]]]]]]", "[" * 5_000 + "]" * 5_000, '"Ah"', '"??"',
    '{"a": 1}', "[1, 2, 3]", '"1"', "4294967296", "-9223372036854775809",
)
"""Raw JSON values put in place of one node of a real input."""
_MARK = "\u0000fuzz\u0000"


@dataclass(frozen=True)
class Seed:
    """One real input to mutate: its reader's ``kind`` (the table above), its text, and the
    file name it is read under (a PHH file's suffix says whether it is bulk)."""

    kind: str
    text: str
    name: str = "fuzz"

    @property
    def json(self) -> bool:
        return self.kind in ("hand-record", "table-record", "seat-view", "event-record") or self.name.endswith(".json")


def mutate_json(text: str, rng: random.Random) -> str:
    """The JSON text with one node replaced by a hostile raw value, deleted, doubled or moved
    (the text mutated as text when it is not JSON)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return mutate(text, rng)
    paths: list[tuple[Any, Any]] = []
    stack: list[Any] = [data]
    while stack and len(paths) < 5_000:
        node = stack.pop()
        children = list(node.items()) if isinstance(node, dict) else list(enumerate(node)) if isinstance(
            node, list) else []
        for key, child in children:
            paths.append((node, key))
            stack.append(child)
    if not paths:
        return rng.choice(HOSTILE_JSON)
    for _ in range(rng.randint(1, 3)):
        node, key = rng.choice(paths)
        try:
            how = rng.randrange(6)
            if how <= 2:
                node[key] = _MARK
                raw = rng.choice(HOSTILE_VALUES)
                text = json.dumps(data).replace(json.dumps(_MARK), raw, 1)
                node[key] = json.loads(raw) if len(raw) < 100 and raw[0] not in "[{" else None
                continue
            if how == 3:
                del node[key]
            elif how == 4 and isinstance(node, list):
                node.insert(key, node[key])
            elif how == 4:
                node[key + "_"] = node[key]
            elif isinstance(node[key], int) and not isinstance(node[key], bool):
                node[key] = rng.choice((node[key] + 1, node[key] - 1, -node[key], node[key] * 1_000_003, 0))
            elif isinstance(node[key], str) and len(node[key]) == 2:
                node[key] = rng.choice([str(card) for card in FULL_DECK])
            else:
                node[key] = rng.choice((None, [], {}, "", 0, True))
            text = json.dumps(data)
        except (ValueError, KeyError, IndexError, TypeError, RecursionError):
            continue  # a node the last change took away, or a value JSON cannot write
    return text


def read_as(kind: str, text: str, name: str, report: FuzzReport, rng: random.Random) -> bool:
    """Read one input with its reader (and play on what loads); whether it was read rather than
    refused. Anything but the reader's documented error propagates."""
    if kind in ("phh", "phhs"):
        entries: list[Any] = list(read_entries(text, source=name, bulk=kind == "phhs"))
        allowed: tuple[type, ...] = (PHHFormatError,)
    elif kind == "site":
        try:
            from pokerfloor.io.imports import read_text

            entries = read_text(text, name)
        except HistoryImportError as refused:
            return _short(refused)
        allowed = (PHHFormatError, HistoryImportError)
    else:
        try:
            if kind == "hand-record":  # cards beyond the record's come from rng: the run is repeatable
                record = HandRecord.from_json(text)
                hand = Hand.from_record(record, rng=None if record.seed else random.Random(rng.getrandbits(32)))
            elif kind == "table-record":
                table = _table_loader()(text, rng=random.Random(rng.getrandbits(32)))
            elif kind == "event-record":
                from pokerfloor.table.event import MultiTableTournament

                event = MultiTableTournament.from_record(text)
            else:
                SeatView.from_json(text)
        except RecordError as refused:
            return _short(refused)
        try:
            if kind == "hand-record":
                play_on(hand, rng)
            elif kind == "table-record":
                play_table_on(table, rng)
            elif kind == "event-record":
                from pokerfloor.bench.fuzz_records import play_event_on

                play_event_on(event, rng)
        except Exception as error:  # loaded, then broke: the record should have been refused
            report.broke_later.append(f"{kind}: {type(error).__name__}: {str(error)[:200]}")
            raise
        return True
    read = False
    for entry in entries:
        if isinstance(entry, HandHistory):
            read = True
            report.hands += 1
            verify_history(entry)
        elif not isinstance(entry, allowed):
            raise TypeError(f"the reader returned {type(entry).__name__}")
        else:
            _short(entry)
    return read


MAX_MESSAGE = 300
"""The most characters of a refusal's message (a value it names is cut short to fit)."""


def _short(error: object) -> bool:
    """``False`` (refused), once the refusal's message is found short enough."""
    if len(str(error)) >= MAX_MESSAGE:
        raise AssertionError(f"a refusal's message has {len(str(error)):,} characters: {str(error)[:120]}")
    return False


def _table_loader() -> Callable[..., Any]:
    from pokerfloor.table import Table

    return Table.from_record


def play_on(hand: Hand, rng: random.Random, *, at: Any = None, steps: int = 2_000) -> None:
    """Play a loaded hand to its end with random legal actions (through the table ``at``, when
    it is a table's hand); ``AssertionError`` if it jams: not over, and nothing it waits for."""
    from pokerfloor.bench.soak import random_action

    act = hand.act if at is None else (lambda seat, action, to=None, discard=None: at.act(seat, action, to,
                                                                                         cards=discard))
    for _ in range(steps):
        if hand.is_over:
            return
        if hand.to_act is not None:
            action, to, discard = random_action(hand, rng)
            act(hand.to_act, action, to, discard)
        elif hand.awaiting_runout:
            hand.run_out() if at is None else at.act(None, "run_it", 1)
        elif hand.awaiting_deal is not None:
            if not _deal_by_hand(hand, at, rng):
                return  # a manual deal this helper cannot choose cards for (a draw's discards): not judged
        elif hand.street == "showdown" and any(None in cards for cards in hand.holes.values()):
            seat = next(s for s, cards in hand.holes.items() if None in cards)
            hand.muck(seat) if at is None else at.act(seat, "muck")
        else:
            raise AssertionError(f"a loaded hand jams on the {hand.street}: nobody to act, nothing due, not over")
    raise AssertionError(f"a loaded hand is not over after {steps} steps")


def _deal_by_hand(hand: Hand, at: Any, rng: random.Random) -> bool:
    request = hand.awaiting_deal
    assert request is not None
    seen = {c for c in hand.board if c is not None} | {c for cards in hand.holes.values() for c in cards if c}
    for event in hand.events:
        seen |= {c for c in event.cards if c is not None}
    deck = hand.game.variant_spec.cards
    left = [c for c in deck if c not in seen]
    if len(left) < request.count:
        return False
    cards = rng.sample(left, request.count)
    try:
        hand.deal(cards, request.seat) if at is None else at.act(request.seat, "deal", cards=cards)
    except IllegalAction:
        raise
    except ValueError:
        return False  # a card its events did not show as gone (a draw's discards)
    return True


def play_table_on(table: Any, rng: random.Random) -> None:
    """Play a loaded table on: its hand to the end, ended and the ledger verified, then one more
    hand dealt and played (when two players can be dealt in)."""
    from pokerfloor.table import NotEnoughPlayers

    for _ in range(2):
        hand = table.hand
        if hand is not None and not table.hand_ended:
            play_on(hand, rng, at=table)
            if not hand.is_over:
                return
            table.end_hand()
        table.verify()
        try:
            table.start_hand()
        except (NotEnoughPlayers, IllegalAction):
            return


def check_one(seed: Seed, text: str, report: FuzzReport, rng: random.Random, *, tag: str = "") -> None:
    """Read one input of ``seed``'s kind; anything raised but the documented error, a loaded
    input that does not play on, or a second passed, goes in the report."""
    started = time.process_time()  # the reader's own work: other processes' load does not count
    report.inputs += 1
    counts = report.by_kind.setdefault(seed.kind, [0, 0])
    try:
        counts[0 if read_as(seed.kind, text, seed.name, report, rng) else 1] += 1
    except Exception as error:  # the target: nothing escapes, whatever it is
        report.escaped.append(f"{tag} ({seed.kind} {seed.name}): {type(error).__name__}: {str(error)[:200]}")
    took = time.process_time() - started
    report.slowest = max(report.slowest, took)
    if took > SECOND and seed.kind != "event-record":  # an event played to its end takes its time
        report.slow.append(f"{tag} ({seed.kind} {seed.name}): {took:.2f} s")


def hostile_or_mutated(seed: Seed, rng: random.Random) -> str:
    """One input made from ``seed``: hostile JSON now and then, else a mutation of its text
    (node by node for JSON, line by line otherwise)."""
    if seed.json and rng.random() < 0.1:
        return rng.choice(HOSTILE_JSON)
    if seed.json and rng.random() < 0.6:
        return mutate_json(seed.text, rng)
    return mutate(seed.text, rng)


def warm_up(seeds: Sequence[Seed]) -> FuzzReport:
    """Read each seed as it is, once, untimed for the targets: what a reader builds on first use
    (the ranking tables of a lowball game take most of a second) is not an input's cost."""
    report = FuzzReport()
    for number, one in enumerate(seeds):
        check_one(one, one.text, report, random.Random(number), tag=f"seed {number}")
    return report


def fuzz_all(seeds: Sequence[Seed], inputs: int, *, seed: int = 0) -> FuzzReport:
    """``inputs`` inputs made from the seeds, read by their readers: each of a kind chosen at
    random (the kinds equally often), then of a seed of that kind."""
    report = FuzzReport()
    started = time.perf_counter()
    kinds: dict[str, list[Seed]] = {}
    for one in seeds:
        kinds.setdefault(one.kind, []).append(one)
    names = sorted(kinds)
    warm_up(seeds)
    for k in range(inputs):
        rng = random.Random(seed + k)
        chosen = rng.choice(kinds[rng.choice(names)])
        check_one(chosen, hostile_or_mutated(chosen, rng), report, rng, tag=f"input {seed + k}")
    report.seconds = time.perf_counter() - started
    return report


def file_seeds(paths: Iterable[str | Path]) -> list[Seed]:
    """The hand-history files under the paths: PHH (``.phh``, ``.phhs``) and the sites' (``.txt``,
    ``.csv``, ``.json``, ``.xml``)."""
    seeds = []
    for given in paths:
        root = Path(given)
        files = sorted(root.rglob("*")) if root.is_dir() else [root]
        for path in files:
            kind = {".phh": "phh", ".phhs": "phhs", ".txt": "site", ".csv": "site", ".json": "site",
                    ".xml": "site"}.get(path.suffix)
            if kind is None or not path.is_file():
                continue
            text = path.read_text(encoding="utf-8-sig")
            if kind == "site":
                from pokerfloor.io.imports import detect

                try:
                    detect(text, path.name)
                except HistoryImportError:
                    continue  # an index or a note beside the histories
            seeds.append(Seed(kind, text, path.name))
    return seeds


def record_seeds(count: int = 12, *, seed: int = 0) -> list[Seed]:
    """Hand records, seat views and table records of random hands and sessions (any variant and
    structure, cut at a random point), and OHH files of finished hands."""
    from pokerfloor.bench.soak import random_action, random_hand
    from pokerfloor.io import ohh

    rng = random.Random(seed)
    seeds: list[Seed] = []
    while len(seeds) < 3 * count:
        try:
            hand = random_hand(rng)
        except ValueError:
            continue
        cut = rng.randint(0, 12)
        for _ in range(cut):
            if hand.is_over or hand.to_act is None:
                break
            action, to, discard = random_action(hand, rng)
            hand.act(hand.to_act, action, to=to, discard=discard)
        seeds.append(Seed("hand-record", hand.record().to_json()))
        seeds.append(Seed("seat-view", hand.view(rng.choice([None, *hand.seats])).to_json()))
        if hand.game.variant == "holdem" and hand.game.structure == "no_limit":
            while not hand.is_over and hand.to_act is not None:
                action, to, discard = random_action(hand, rng)
                hand.act(hand.to_act, action, to=to, discard=discard)
            seeds.append(Seed("site", ohh.dumps(ohh.to_ohh(hand)), "hand.json"))
    for k in range(count):
        seeds.append(Seed("table-record", _table_session(random.Random(seed + k)).record().to_json()))
    return seeds


def table_and_event_seeds(count: int = 12, *, seed: int = 0) -> list[Seed]:
    """Records of tables with every option (``bench.soak_tables``) and of random multi-table
    events, ``count`` of each, cut between hands or in one."""
    from pokerfloor.bench.fuzz_records import event_record_text, table_record_text

    seeds = [Seed("table-record", table_record_text(seed + k)) for k in range(count)]
    seeds += [Seed("table-record", _table_session(random.Random(seed + k)).record().to_json()) for k in range(count)]
    return seeds + [Seed("event-record", event_record_text(seed + k)) for k in range(count)]


def _table_session(rng: random.Random) -> Any:
    """A table of three to six players after a few random hands, cut between hands or in one."""
    from pokerfloor.bench.soak import random_action
    from pokerfloor.rules import Game
    from pokerfloor.table import KillGame, NotEnoughPlayers, Straddles, Table, TableOptions, buy_in_limits

    game = rng.choice([Game.no_limit_holdem(1, 2), Game.fixed_limit_holdem(2, 4),
                       Game(variant="stud", structure="fixed_limit", small_bet=2, big_bet=4, ante=1, bring_in=1)])
    options = TableOptions(kill=KillGame()) if game.structure == "fixed_limit" and rng.random() < 0.5 else (
        TableOptions(straddles=Straddles(mississippi="any")) if game.structure == "no_limit" else None)
    table = Table(game, seats=6, rng=random.Random(rng.getrandbits(32)), options=options,
                  player_ids=iter(f"player{n}" for n in range(100)).__next__)
    low, high = buy_in_limits(game)
    for seat in rng.sample(range(1, 7), rng.randint(3, 6)):
        table.sit(seat, f"P{seat}", rng.randint(low, high or 3 * low), post=rng.random() < 0.7)
    for _ in range(rng.randint(1, 4)):
        try:
            hand = table.start_hand()
        except NotEnoughPlayers:
            break
        steps = rng.randint(0, 40)
        while not hand.is_over and hand.to_act is not None and steps:
            action, to, discard = random_action(hand, rng)
            table.act(hand.to_act, action, to, cards=discard)
            steps -= 1
        if not hand.is_over:
            break
        table.end_hand()
    return table
