"""Mutation testing of the rules core: hand/betting.py and the legal-action and amount code of
hand/state.py (docs/mutation.md).

Each mutant changes one operator or constant in one of the functions named in ``TARGETS`` (a
comparison flipped, ``+`` for ``-``, ``and`` for ``or``, a small integer off by one, a ``not``
dropped); the pinned tests then run against the mutated copy of the source in a scratch
directory. A mutant is killed when a test fails (or the run passes its time limit); a survivor
is either a rule the tests do not pin down, or an equivalent mutant (docs/mutation.md lists them
with the reason). The source tree is never changed.

    python tools/mutation.py --list              # the mutants, numbered
    python tools/mutation.py --sample 60 --seed 1 --out /tmp/mutation.json
    python tools/mutation.py --only 12 40 41     # these mutants
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "pokerfloor"

TARGETS: dict[str, tuple[str, ...]] = {
    "hand/betting.py": (
        "new_street", "count_full_bet", "raise_to", "reopened", "capped", "put_in", "return_uncalled",
    ),
    "hand/state.py": (
        "_bring_in_legal", "_bring_in_act", "_range", "legal", "_betting_legal", "_act", "_bet", "_raise_to",
        "_unit", "_start_round", "limits",
    ),
    "hand/turns.py": ("aggression", "completing", "in_whole_chips", "amount_refusal"),
    "hand/bringin.py": ("decide",),
    "hand/runouts.py": ("max_runs", "unseen"),
}
"""The functions mutated, by file under src/pokerfloor: the betting round and the chips, and in
the hand the code that says which actions are legal and for how much, and takes them."""

TESTS = (
    "tests/hand/test_rules_pinned.py",
    "tests/hand/test_hand_limits.py",
    "tests/hand/test_limit_reopening.py",
    "tests/hand/test_bring_in_refusals.py",
    "tests/hand/test_bring_in_structures.py",
    "tests/hand/test_limits.py",
    "tests/hand/test_legal_reasons.py",
    "tests/hand/test_betting_procedure.py",
    "tests/hand/test_stud_open_pair.py",
    "tests/hand/test_all_ins_and_pots.py",
    "tests/hand/test_forced_bets.py",
    "tests/hand/test_stud.py",
    "tests/hand/test_run_it.py",
)
"""The tests each mutant runs against (the rules of betting; ``--tests`` chooses others)."""

FLIPS: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.FloorDiv: ast.Mult, ast.Mult: ast.FloorDiv,
    ast.And: ast.Or, ast.Or: ast.And,
}


@dataclass(frozen=True)
class Mutant:
    number: int
    file: str
    function: str
    line: int
    what: str


@dataclass
class Outcome:
    mutant: Mutant
    killed: bool
    seconds: float
    detail: str


def _sites(tree: ast.Module, names: tuple[str, ...]) -> list[tuple[ast.AST, str, str]]:
    """Every node of the named functions that has a mutation, with its function and a label."""
    sites: list[tuple[ast.AST, str, str]] = []
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef) or func.name not in names:
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.Compare) and type(node.ops[0]) in FLIPS:
                sites.append((node, func.name, f"{type(node.ops[0]).__name__} -> {FLIPS[type(node.ops[0])].__name__}"))
            elif isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)) and type(node.op) in FLIPS:
                sites.append((node, func.name, f"{type(node.op).__name__} -> {FLIPS[type(node.op)].__name__}"))
            elif isinstance(node, ast.Constant) and type(node.value) is int and 0 <= node.value <= 4:
                sites.append((node, func.name, f"{node.value} -> {node.value + 1}"))
            elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
                sites.append((node, func.name, "not x -> x"))
    return sites


def _mutate(node: ast.AST) -> ast.AST | None:
    """Apply the node's mutation in place; returns a replacement node when the node itself goes."""
    if isinstance(node, ast.Compare):
        node.ops[0] = FLIPS[type(node.ops[0])]()
    elif isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)):
        node.op = FLIPS[type(node.op)]()
    elif isinstance(node, ast.Constant):
        node.value = node.value + 1
    elif isinstance(node, ast.UnaryOp):
        return node.operand
    return None


def mutants() -> list[Mutant]:
    found: list[Mutant] = []
    for file, names in TARGETS.items():
        tree = ast.parse((SOURCE / file).read_text())
        for node, func, label in _sites(tree, names):
            found.append(Mutant(len(found), file, func, getattr(node, "lineno", 0), label))
    return found


def mutated_source(mutant: Mutant) -> str:
    """The file's source with this one mutation (the same walk numbers the same nodes)."""
    text = (SOURCE / mutant.file).read_text()
    tree = ast.parse(text)
    index = [m.number for m in mutants() if m.file == mutant.file].index(mutant.number)
    node = _sites(tree, TARGETS[mutant.file])[index][0]
    replacement = _mutate(node)
    if replacement is not None:
        for parent in ast.walk(tree):
            for field, value in ast.iter_fields(parent):
                if value is node:
                    setattr(parent, field, replacement)
                elif isinstance(value, list):
                    parent_list = value
                    for i, item in enumerate(parent_list):
                        if item is node:
                            parent_list[i] = replacement
    return ast.unparse(tree)


def run(mutant: Mutant, scratch: Path, tests: tuple[str, ...], limit: float) -> Outcome:
    target = scratch / "src" / "pokerfloor" / mutant.file
    original = target.read_text()
    target.write_text(mutated_source(mutant))
    started = time.perf_counter()
    env = dict(os.environ, PYTHONPATH=f"{scratch / 'src'}{os.pathsep}{ROOT / 'tests' / 'hand'}")
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-n", "0", *tests]
    try:
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=limit)
        killed, detail = done.returncode != 0, (done.stdout.strip().splitlines() or [""])[-1]
    except subprocess.TimeoutExpired:
        killed, detail = True, f"over {limit:.0f} s"
    finally:
        target.write_text(original)
    return Outcome(mutant, killed, time.perf_counter() - started, detail)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--sample", type=int, default=0, help="run this many mutants drawn at random (0: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", type=int, nargs="*", help="run these mutants by number")
    parser.add_argument("--tests", nargs="*", default=list(TESTS))
    parser.add_argument("--limit", type=float, default=300.0, help="seconds a run may take before it counts as killed")
    parser.add_argument("--out", type=Path, help="write the outcomes here as JSON")
    args = parser.parse_args(argv)
    every = mutants()
    if args.list:
        for m in every:
            print(f"{m.number:4} {m.file}:{m.line} {m.function}: {m.what}")
        return 0
    chosen = [every[n] for n in args.only] if args.only else every
    if args.sample and not args.only:
        chosen = sorted(random.Random(args.seed).sample(every, min(args.sample, len(every))), key=lambda m: m.number)
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory(prefix="pokerfloor-mutation-") as scratch_dir:
        scratch = Path(scratch_dir)
        shutil.copytree(SOURCE, scratch / "src" / "pokerfloor", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
        for m in chosen:
            outcome = run(m, scratch, tuple(args.tests), args.limit)
            outcomes.append(outcome)
            state = "killed " if outcome.killed else "SURVIVED"
            print(f"{state} #{m.number} {m.file}:{m.line} {m.function}: {m.what} ({outcome.seconds:.0f} s)", flush=True)
            if args.out:
                args.out.write_text(json.dumps([asdict(o) for o in outcomes], indent=1))
    killed = sum(o.killed for o in outcomes)
    print(f"{killed} of {len(outcomes)} mutants killed ({100 * killed / max(1, len(outcomes)):.0f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
