"""Fuzzing the hand-history reader: real files mutated the ways a stranger's file goes wrong
(lines deleted, doubled or swapped, numbers made huge or strange, text cut short, bytes
thrown in), each read and verified. The targets: the reader raises nothing but returns
``PHHFormatError`` entries, ``verify`` never raises, and each input takes under a second
(``pokerfloor bench --only soak``; a Hypothesis test runs the same mutations).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pokerfloor.io.phh import HandHistory, PHHFormatError, history_files, read_entries
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
    started = time.perf_counter()
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
    took = time.perf_counter() - started
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
