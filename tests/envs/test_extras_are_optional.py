"""Every extra stays optional: the core and the ACPC package import with numpy and gymnasium
blocked, and the batched environment works with gymnasium blocked."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap


def _run_blocking(blocked: list[str], code: str) -> subprocess.CompletedProcess[str]:
    script = "import sys\n" + "".join(f"sys.modules[{name!r}] = None\n" for name in blocked) + textwrap.dedent(code)
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env=os.environ.copy())


def test_the_core_and_acpc_import_without_numpy_or_gymnasium() -> None:
    done = _run_blocking(["numpy", "gymnasium"], """
        import pokerfloor, pokerfloor.acpc
        assert pokerfloor.acpc.parse_matchstate("MATCHSTATE:0:1::AsKs|").hand_number == 1
        assert "numpy" not in [m for m in sys.modules if sys.modules[m] is not None]
    """)
    assert done.returncode == 0, done.stderr


def test_the_batched_environment_works_without_gymnasium() -> None:
    done = _run_blocking(["gymnasium"], """
        from pokerfloor.envs import HoldemEnv
        env = HoldemEnv(2)
        env.reset(4, seed=1)
        try:
            from pokerfloor.envs import HoldemVectorEnv
        except ImportError:
            print("no gymnasium")
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "no gymnasium"
