"""A ``.phhs`` file is read as a stream, one hand at a time (issue 41: a 50 MB file took 1.24 GB
read whole): the same hands as reading it whole, in a small fraction of the file's size."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from pokerfloor.io import phh
from pokerfloor.io.imports import read_paths, stream_paths

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "phh"


def _big_file(tmp_path: Path) -> Path:
    hands = phh.load(next(p for p in sorted(CORPUS.rglob("*.phhs"))))[:40]
    path = tmp_path / "big.phhs"
    with path.open("w", encoding="utf-8") as out:
        for n in range(120):
            for i, hand in enumerate(hands):
                text = phh.dumps(hand)
                out.write(f"[{n * len(hands) + i + 1}]\n{text}\n")
    return path


def test_the_stream_reads_the_same_hands_as_the_whole_file(tmp_path: Path) -> None:
    path = _big_file(tmp_path)
    streamed = list(phh.stream_file_entries(path))
    whole = phh.read_file_entries(path)
    assert len(streamed) == len(whole) > 1000
    assert all(isinstance(a, phh.HandHistory) for a in streamed)
    assert [phh.dumps(a) for a in streamed[:50]] == [phh.dumps(b) for b in whole[:50]]  # type: ignore[arg-type]


def test_the_stream_holds_one_hand_at_a_time(tmp_path: Path) -> None:
    path = _big_file(tmp_path)
    size = path.stat().st_size
    tracemalloc.start()
    count = sum(1 for _ in stream_paths([path]))
    _, streamed_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    tracemalloc.start()
    everything = read_paths([path])
    _, whole_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert count == len(everything)
    assert streamed_peak < size / 4 < whole_peak


def test_a_broken_hand_in_the_stream_loses_no_other(tmp_path: Path) -> None:
    path = tmp_path / "some.phhs"
    good = phh.dumps(phh.load(next(p for p in sorted(CORPUS.rglob("*.phhs"))))[0])
    path.write_text(f"[1]\n{good}\n[2]\nvariant = \n[3]\n{good}\n", encoding="utf-8")
    entries = list(phh.stream_file_entries(path))
    assert [type(e).__name__ for e in entries] == ["HandHistory", "PHHFormatError", "HandHistory"]
