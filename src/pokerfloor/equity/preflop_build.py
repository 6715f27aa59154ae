"""Build the heads-up pre-flop table of ``pokerfloor.equity.preflop`` by exact enumeration.

Every class of hands is counted over all of its ``BOARDS`` boards by ``kernels.headsup_boards``
(exact enumeration in nested loops; the tests check rows against ``exact_tally``), in chunks
saved as they finish, so an interrupted build resumes where it stopped. About 47,000 classes
at about 0.01 to 0.02 s each: 10 to 15 minutes of one core::

    nice -n 10 python -m pokerfloor.equity.preflop_build --work /tmp/preflop-work

prints the SHA-256 of the table's contents, which ``preflop.TABLE_SHA256`` must hold.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from pokerfloor.equity import kernels
from pokerfloor.equity.calculate import packed_tables
from pokerfloor.equity.preflop import CLASSES, TABLE, class_keys, decode, pack

CHUNK = 400
"""Classes per checkpoint."""


def count(keys: Sequence[int]) -> np.ndarray[Any, Any]:
    """Exact enumeration of each class: ``(n, 2)`` boards won by its first and its second hand
    (``kernels.headsup_boards``: every board of the 48 cards left, in nested loops)."""
    small, big, suits, at, _ = packed_tables()
    deals = np.array([decode(int(k)) for k in keys], dtype=np.uint8).reshape(len(keys), 2, 2)
    wins = np.zeros((len(keys), 2), dtype=np.int64)
    kernels.headsup_boards(deals, small, big, suits, at, wins)
    return wins


def build(work: Path, out: Path = TABLE) -> str:
    """Count every class (checkpointed in ``work``), write the table to ``out`` and return the
    SHA-256 of its contents."""
    work.mkdir(parents=True, exist_ok=True)
    keys = class_keys()
    chunks = range(0, CLASSES, CHUNK)
    began = time.monotonic()
    done = 0
    for number, first in enumerate(chunks):
        part = work / f"chunk{number:04d}.npy"
        if part.exists():
            continue
        np.save(work / "partial.npy", count(keys[first:first + CHUNK].tolist()))
        (work / "partial.npy").replace(part)
        done += 1
        spent = time.monotonic() - began
        left = sum(1 for n in range(len(chunks)) if not (work / f"chunk{n:04d}.npy").exists())
        print(f"chunk {number + 1}/{len(chunks)}: {spent:.0f} s for {done} chunks, about "
              f"{spent / done * left:.0f} s left", flush=True)
    wins = np.concatenate([np.load(work / f"chunk{n:04d}.npy") for n in range(len(chunks))])
    raw = pack(keys, wins)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(zlib.compress(raw, 9))
    return hashlib.sha256(raw).hexdigest()


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pokerfloor.equity.preflop_build --work DIR [--out FILE]``."""
    parser = argparse.ArgumentParser(prog="python -m pokerfloor.equity.preflop_build", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, required=True, help="checkpoint directory (resumed if present)")
    parser.add_argument("--out", type=Path, default=TABLE, help="where to write the table")
    args = parser.parse_args(argv)
    print(f"table written to {args.out}; SHA-256 of its contents {build(args.work, args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
