"""numba stays optional: with it blocked, pokerfloor imports and every fast path falls back."""

from __future__ import annotations

import subprocess
import sys

BLOCK = (
    "import sys\n"
    "class Block:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] in {blocked!r}:\n"
    "            raise ImportError(name + ' is blocked')\n"
    "sys.meta_path.insert(0, Block())\n"
)


def _run(blocked: set[str], code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", BLOCK.format(blocked=blocked) + code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_without_numba_high_ranks_takes_the_numpy_path():
    code = (
        "import numpy as np\n"
        "import pokerfloor as pf\n"
        "from pokerfloor.evaluation import high_rank\n"
        "from pokerfloor.evaluation.batch import compiled_loops, high_ranks\n"
        "assert compiled_loops() is None\n"
        "hands = np.random.default_rng(1).permuted(np.tile(np.arange(52), (2000, 1)), axis=1)[:, :7]\n"
        "assert high_ranks(hands).tolist() == [high_rank(h) for h in hands.tolist()]\n"
        "print('numba' in sys.modules)\n"
    )
    assert _run({"numba"}, code) == "False"


def test_without_numba_or_numpy_equity_takes_the_python_path():
    code = (
        "from pokerfloor.evaluation.equity import heads_up_equity\n"
        "found = heads_up_equity('AhKh', 'QsQd', '2h7h9c')\n"
        "print(found.boards, found.wins, found.ties, 'numpy' in sys.modules)\n"
    )
    assert _run({"numba", "numpy"}, code) == "990 536 0 False"
    assert _run({"numba"}, code).startswith("990 536 0 ")


def test_without_numba_range_equity_runs_the_same_loops_as_python():
    """The equity loops are plain Python functions that numba compiles; blocked, they run as
    they are and give the same exact answer (a small river case), a stated error, and the same
    Monte Carlo sample for the same seed (the stream is integer arithmetic, alike in both)."""
    code = (
        "from pokerfloor.equity import equity\n"
        "found = equity(['AhKh, QQ', '7c7d, JTs'], board='Kc8d3h9s2c', exact=True)\n"
        "sampled = equity(['AhAs2h3s', '7c8c9dTd'], board='4c8hJd', game='omaha_hilo', exact=False, trials=300)\n"
        "assert sampled.showdowns == 300 and sampled.players[0].stderr > 0\n"
        "holdem = equity(['QQ+:0.5, AKs', 'JJ-99'], board='Kc8d', exact=False, trials=400, seed=9)\n"
        "print([round(p.equity, 9) for p in found.players + holdem.players], 'numba' in sys.modules)\n"
    )
    from pokerfloor.equity import equity

    found = equity(["AhKh, QQ", "7c7d, JTs"], board="Kc8d3h9s2c").players
    holdem = equity(["QQ+:0.5, AKs", "JJ-99"], board="Kc8d", exact=False, trials=400, seed=9).players
    expected = [round(p.equity, 9) for p in found + holdem]  # the same stream compiled or not
    assert _run({"numba"}, code) == f"{expected} False"


def test_without_numba_the_pre_flop_table_answers_the_same() -> None:
    code = (
        "from pokerfloor.equity import equity\n"
        "found = equity(['AhKh, 2c2d:0.5', 'QQ'])\n"
        "assert found.table\n"
        "print([round(p.equity, 12) for p in found.players])\n"
    )
    from pokerfloor.equity import equity

    with_numba = [round(p.equity, 12) for p in equity(["AhKh, 2c2d:0.5", "QQ"]).players]
    assert _run({"numba"}, code) == str(with_numba)


def test_without_numba_the_fast_exact_paths_count_what_the_plain_enumeration_counts() -> None:
    """The sweep (a hand or a range against a range, weighted, a hand in both ranges, dead
    cards), the boards-outside enumeration (three-way hold'em, Omaha hi-lo) and fixed hands by
    the ranks dealt (three-way on a two-tone flop, and on a flop where two hands can flush) run
    as plain Python and give the tallies of ``exact_tally``, as compiled
    (tests/equity/test_fast_exact.py)."""
    code = (
        "from pokerfloor.equity import EquitySpec, exact_tally\n"
        "from pokerfloor.equity.calculate import boards_tally, fixed_tally, sweep_tally\n"
        "same = []\n"
        "for ranges, board, dead, game in [\n"
        "    (['AhKh, QQ:0.5, 76s', 'AhKh, JTs, 99'], 'Kc8d3h9s', '2c', 'holdem'),\n"
        "    (['AhKh', 'QQ, JTs:0.25'], 'Kc8d3h9s', '', 'holdem'),\n"
        "    (['AhKh', 'QsQd, 7c7d', 'JTs'], 'Kc8d3h9s', '', 'holdem'),\n"
        "    (['AhAs2h3s', '7c8c9dTd, 2c4d5h6s'], '4c8hJdKs', '', 'omaha_hilo'),\n"
        "]:\n"
        "    spec = EquitySpec.make(ranges, board=board, dead=dead, game=game)\n"
        "    plain = exact_tally(spec)\n"
        "    same.append(boards_tally(spec) == plain)\n"
        "    if game == 'holdem' and len(ranges) == 2:\n"
        "        same.append(sweep_tally(spec) == plain)\n"
        "for hands, board in [(['AhKh', 'QsQd', '7c7d'], '2h3h8d'), (['AhKh', 'QhJh', '7c7d'], '2h5c9s')]:\n"
        "    spec = EquitySpec.make(hands, board=board)\n"
        "    same.append(fixed_tally(spec) == exact_tally(spec))\n"
        "print(same, 'numba' in sys.modules)\n"
    )
    # The second fixed case: two players can make the flush, so its deals are walked set by set.
    assert _run({"numba"}, code) == f"{[True] * 8} False"
