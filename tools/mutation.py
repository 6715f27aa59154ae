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
    python tools/mutation.py --fast --out /tmp/mutation.json   # all, each against the tests that reach it

``--fast`` runs the tests once, in this process, recording which lines of the mutated files each
test executes (and how long it takes); then each mutant runs in a fork of this process, its
functions' code swapped for the mutated code, against only the tests that execute its line,
quickest first. A mutant no test reaches survives without a run.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "pokerfloor"

TARGETS: dict[str, tuple[str, ...]] = {
    "hand/betting.py": (
        "new_street", "count_full_bet", "raise_to", "reopened", "capped", "put_in", "return_uncalled",
    ),
    "hand/state.py": ("_bring_in_act", "_act", "_bet", "_raise_to", "_start_round"),
    "hand/legality.py": (
        "legal", "betting_legal", "bring_in_legal", "bet_decision", "bring_in_decision", "amounts", "completing",
        "unit",
    ),
    "hand/checks.py": ("act",),
    "hand/reading.py": ("limits",),
    "hand/turns.py": ("aggression", "completing", "in_whole_chips", "amount_refusal", "decide"),
    "hand/bringin.py": ("decide",),
    "hand/runouts.py": ("max_runs", "unseen"),
}
"""The functions mutated, by file under src/pokerfloor: the betting round and the chips, and in
the hand the code that says which actions are legal and for how much, and takes them (the turns'
rulings in hand/turns.py, the bring-in in hand/bringin.py, how many times the rest of the board
can be run in hand/runouts.py)."""

TESTS = (
    "tests/hand/test_rules_pinned.py",
    "tests/hand/test_rules_pinned_run.py",
    "tests/hand/test_out_of_turn.py",
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


class _Reach:
    """A pytest plugin: the target files' lines each test executes, and its seconds."""

    def __init__(self) -> None:
        self.files = {str(SOURCE / f) for f in TARGETS}
        self.lines: dict[str, set[tuple[str, int]]] = {}
        self.seconds: dict[str, float] = {}
        self._now: set[tuple[str, int]] = set()

    def _trace(self, frame: Any, event: str, arg: object) -> Any:
        name = frame.f_code.co_filename
        if name not in self.files:
            return None
        short = str(Path(name).relative_to(SOURCE))
        now = self._now

        def local(frame: Any, event: str, arg: object) -> Any:
            if event == "line":
                now.add((short, frame.f_lineno))
            return local

        now.add((short, frame.f_lineno))
        return local

    def pytest_runtest_setup(self, item: Any) -> None:
        self._now = set()
        sys.settrace(self._trace)
        threading.settrace(self._trace)

    def pytest_runtest_teardown(self, item: Any) -> None:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type]
        self.lines[item.nodeid] = self._now

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.when == "call":
            self.seconds[report.nodeid] = report.duration


def _lines_of(mutant: Mutant) -> set[int]:
    """The source lines of the mutated node (a test that runs any of them can see the mutant)."""
    tree = ast.parse((SOURCE / mutant.file).read_text())
    index = [m.number for m in mutants() if m.file == mutant.file].index(mutant.number)
    node = _sites(tree, TARGETS[mutant.file])[index][0]
    first = getattr(node, "lineno", mutant.line)
    return set(range(first, (getattr(node, "end_lineno", None) or first) + 1))


def _swap_code(mutant: Mutant) -> None:
    """In this process: the target functions of the mutant's file take the mutated code."""
    import importlib

    module = importlib.import_module("pokerfloor." + mutant.file[:-3].replace("/", "."))
    fresh: dict[str, Any] = {"__name__": module.__name__ + "_mutant", "__file__": module.__file__}
    exec(compile(mutated_source(mutant), str(module.__file__), "exec"), fresh)
    names = set(TARGETS[mutant.file])

    def functions(namespace: dict[str, Any]) -> dict[str, Any]:
        found = {}
        for key, value in namespace.items():
            if isinstance(value, type):
                for attr, member in vars(value).items():
                    target = member.fget if isinstance(member, property) else getattr(member, "__func__", member)
                    if attr in names and hasattr(target, "__code__"):
                        found[f"{key}.{attr}"] = target
            elif key in names and hasattr(value, "__code__"):
                found[key] = value
        return found

    old, new = functions(vars(module)), functions(fresh)
    for key, function in new.items():
        if key in old and old[key].__code__ != function.__code__:
            old[key].__code__ = function.__code__


def fast(chosen: list[Mutant], tests: tuple[str, ...], limit: float, out: Path | None) -> list[Outcome]:
    import pytest

    sys.path.insert(0, str(ROOT / "tests" / "hand"))
    reach = _Reach()
    base = ["-q", "-p", "no:cacheprovider", "-n", "0", "-p", "no:randomly"]
    code = pytest.main([*base, *tests], plugins=[reach])
    if code != 0:
        raise SystemExit(f"the tests fail before any mutation (pytest exit {code})")
    outcomes: list[Outcome] = []
    for m in chosen:
        lines = {(m.file, n) for n in _lines_of(m)}
        chosen_tests = sorted((t for t, seen in reach.lines.items() if seen & lines),
                              key=lambda t: reach.seconds.get(t, 0.0))
        started = time.perf_counter()
        if not chosen_tests:
            outcome = Outcome(m, False, 0.0, "no test runs this line")
        else:
            outcome = _forked(m, chosen_tests, base, limit, started)
        outcomes.append(outcome)
        state = "killed " if outcome.killed else "SURVIVED"
        print(f"{state} #{m.number} {m.file}:{m.line} {m.function}: {m.what} ({outcome.seconds:.1f} s, "
              f"{len(chosen_tests)} tests) {outcome.detail}", flush=True)
        if out:
            out.write_text(json.dumps([asdict(o) for o in outcomes], indent=1))
    return outcomes


def _forked(m: Mutant, tests: list[str], base: list[str], limit: float, started: float) -> Outcome:
    """Run ``tests`` against mutant ``m`` in a fork of this process (killed past ``limit``)."""
    import pytest

    child = os.fork()
    if child == 0:
        code = 3
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            _swap_code(m)
            code = int(pytest.main(["-x", *base, *tests]))
        finally:
            os._exit(code)
    deadline = started + limit
    while True:
        done, status = os.waitpid(child, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            detail = {0: "", 1: "a test failed", 3: "the mutant did not load"}.get(code, f"exit {code}")
            return Outcome(m, code != 0, time.perf_counter() - started, detail)
        if time.perf_counter() > deadline:
            os.kill(child, signal.SIGKILL)
            os.waitpid(child, 0)
            return Outcome(m, True, time.perf_counter() - started, f"over {limit:.0f} s")
        time.sleep(0.05)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--sample", type=int, default=0, help="run this many mutants drawn at random (0: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", type=int, nargs="*", help="run these mutants by number")
    parser.add_argument("--tests", nargs="*", default=list(TESTS))
    parser.add_argument("--limit", type=float, default=300.0, help="seconds a run may take before it counts as killed")
    parser.add_argument("--out", type=Path, help="write the outcomes here as JSON")
    parser.add_argument("--fast", action="store_true",
                        help="each mutant in a fork of one process, against the tests that reach its line")
    args = parser.parse_args(argv)
    every = mutants()
    if args.list:
        for m in every:
            print(f"{m.number:4} {m.file}:{m.line} {m.function}: {m.what}")
        return 0
    chosen = [every[n] for n in args.only] if args.only else every
    if args.sample and not args.only:
        chosen = sorted(random.Random(args.seed).sample(every, min(args.sample, len(every))), key=lambda m: m.number)
    if args.fast:
        outcomes = fast(chosen, tuple(args.tests), args.limit, args.out)
        killed = sum(o.killed for o in outcomes)
        print(f"{killed} of {len(outcomes)} mutants killed ({100 * killed / max(1, len(outcomes)):.0f}%)")
        return 0
    outcomes = []
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
