"""The exact solvers against OpenSpiel's (its C++ ``CFRSolver`` and ``CFRPlusSolver`` through
pyspiel): iterations a second on Leduc hold'em, each engine from a fresh solver, and the
exploitability each reached in the time, so that a faster engine cannot hide a wrong update."""

from __future__ import annotations

from pokerfloor.bench.core import NOT_INSTALLED, Benchmark, Config, Contender, Step, Unavailable
from pokerfloor.bench.peers import engine_name, load

GAME = "leduc"


def _ours(algorithm: str) -> Contender:
    state: dict[str, object] = {}

    def prepare() -> Step:
        try:
            from pokerfloor.research.cfr import Solver
        except ImportError as missing:
            raise Unavailable(NOT_INSTALLED, f"pip install 'pokerfloor[fast]': {missing}") from None
        solver = Solver(GAME, "cfr+" if algorithm == "cfr+" else "cfr")
        state["solver"] = solver

        def step() -> int:
            solver.iterate(1)
            return 1

        return step

    def detail() -> str:
        from pokerfloor.research.cfr import Solver

        solver = state["solver"]
        assert isinstance(solver, Solver)
        return f"{solver.iterations} iterations, exploitability {solver.solution().exploitability:.6f}"

    return Contender("pokerfloor", f"Solver('{GAME}', '{algorithm}')", prepare, reference=True, detail=detail)


def _openspiel(algorithm: str) -> Contender:
    state: dict[str, object] = {}

    def prepare() -> Step:
        spiel = load("openspiel")
        game = spiel.load_game(f"{GAME}_poker")
        solver = spiel.CFRPlusSolver(game) if algorithm == "cfr+" else spiel.CFRSolver(game)
        state.update(spiel=spiel, game=game, solver=solver, iterations=0)

        def step() -> int:
            solver.evaluate_and_update_policy()
            state["iterations"] = int(state["iterations"]) + 1  # type: ignore[call-overload]
            return 1

        return step

    def detail() -> str:
        spiel, game, solver = state["spiel"], state["game"], state["solver"]
        reached = spiel.exploitability(game, solver.average_policy())  # type: ignore[attr-defined]
        return f"{state['iterations']} iterations, exploitability {reached:.6f}"

    method = "CFRPlusSolver" if algorithm == "cfr+" else "CFRSolver"
    return Contender(engine_name("openspiel"), f"pyspiel.{method} (C++)", prepare, detail=detail)


def _contenders(algorithm: str):  # type: ignore[no-untyped-def]
    def contenders(config: Config) -> list[Contender]:
        return [_ours(algorithm), _openspiel(algorithm)]

    return contenders


BENCHMARKS = [
    Benchmark("cfr-plus", "CFR+ on Leduc hold'em, a fresh solver each", "iterations", _contenders("cfr+")),
    Benchmark("cfr-vanilla", "CFR on Leduc hold'em, a fresh solver each", "iterations", _contenders("cfr")),
]
