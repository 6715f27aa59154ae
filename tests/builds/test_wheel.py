"""Issue 40: pokerfloor as users install it. A wheel goes into a fresh virtual environment, away
from the source tree, with only the package's own dependencies beside it (typer, rich and theirs:
a bare ``pip install pokerfloor``), and its command runs there.

The pure pass builds the wheel here with no working C compiler (``CC=false``), as a machine
without one would: the build warns and makes the pure wheel. The compiled pass installs the wheel
``make compiled`` built (``build/dist``, the one whose contents that pass tests), which must say
it carries the compiled engine. No dependency is downloaded: the fresh environment reads the core
dependencies from this one's site-packages, linked one by one, and nothing else of it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import venv
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = os.environ.get("POKERFLOOR_BUILD", "pure")
SOURCE_FILES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "CHANGELOG.md", "MANIFEST.in")


def requirement_closure(names: list[str]) -> set[str]:
    """The distributions ``names`` need, with theirs, as installed here (no extras, no markers
    that fail)."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = re.split(r"[\[<>=~!; ]", todo.pop(), maxsplit=1)[0].lower().replace("_", "-")
        if name in seen:
            continue
        seen.add(name)
        for requirement in metadata.requires(name) or []:
            if ";" in requirement and "extra ==" in requirement:
                continue
            if ";" in requirement:
                from packaging.markers import Marker

                if not Marker(requirement.split(";", 1)[1]).evaluate():
                    continue
            todo.append(requirement)
    return seen


def linked_dependencies(folder: Path, wheel: Path) -> Path:
    """A folder with a link to each file and package of the wheel's core dependencies."""
    from zipfile import ZipFile

    with ZipFile(wheel) as archive:
        info = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        requires = [line.split(":", 1)[1].strip() for line in archive.read(info).decode().splitlines()
                    if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert {re.split(r"[<>=~ ]", r, maxsplit=1)[0] for r in requires} == {"typer", "rich"}, requires
    folder.mkdir()
    for name in requirement_closure(requires):
        dist = metadata.distribution(name)
        for top in {Path(str(file)).parts[0] for file in dist.files or []}:
            source = Path(str(dist.locate_file(top)))
            target = folder / top
            if source.exists() and not target.exists() and not top.endswith((".pth", "__pycache__")) and top != "..":
                target.symlink_to(source)
    return folder


def fresh_venv(where: Path, wheel: Path) -> Path:
    """A new virtual environment with ``wheel`` installed, its dependencies linked in."""
    env = where / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    site = next((env / "lib").glob("python3*/site-packages"))
    deps = linked_dependencies(where / "deps", wheel)
    (site / "_pokerfloor_deps.pth").write_text(f"{deps}\n")
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(env / "bin" / "python"), "install", "--no-deps", "--no-index",
         "--no-compile", str(wheel)],
        env=clean_environment(), capture_output=True, text=True, timeout=300,
    )
    assert installed.returncode == 0 and "Successfully installed pokerfloor" in installed.stdout, installed
    return env


def clean_environment() -> dict[str, str]:
    """This run's environment without what points at the source or at the compiled build."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "POKERFLOOR_BUILD", "VIRTUAL_ENV")}


def outside(env: Path, *command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A command of the fresh environment, run away from the source tree."""
    clean = clean_environment()
    clean["PATH"] = f"{env / 'bin'}{os.pathsep}{clean.get('PATH', '')}"
    return subprocess.run(list(command), cwd=cwd, env=clean, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


def pure_wheel_without_a_compiler(tmp_path: Path) -> tuple[Path, str]:
    """The wheel ``pip wheel`` builds from a copy of the source with ``CC=false``, and its log."""
    tree = tmp_path / "source"
    shutil.copytree(ROOT / "src", tree / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"))
    for name in SOURCE_FILES:
        shutil.copy(ROOT / name, tree / name)
    env = {k: v for k, v in os.environ.items() if k != "POKERFLOOR_COMPILE"}
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation", "--wheel-dir",
         str(tmp_path / "dist"), str(tree)],
        env={**env, "CC": "false"}, capture_output=True, text=True, timeout=600,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return next((tmp_path / "dist").glob("pokerfloor-*.whl")), built.stdout + built.stderr


@pytest.fixture
def wheel(tmp_path: Path) -> Path:
    if BUILD == "pure":
        found, log = pure_wheel_without_a_compiler(tmp_path)
        assert "building the pure-Python wheel (the hand engine is not compiled): no working C compiler" in log
        assert found.name.endswith("-py3-none-any.whl"), found.name
        return found
    wheels = sorted((ROOT / "build" / "dist").glob("pokerfloor-*.whl"))
    assert len(wheels) == 1, f"make compiled leaves one wheel in build/dist: {wheels}"
    assert "-py3-none-any" not in wheels[0].name, wheels[0].name
    return wheels[0]


def test_the_wheel_installs_into_a_fresh_venv_and_its_command_runs(wheel: Path, tmp_path: Path) -> None:
    env = fresh_venv(tmp_path, wheel)
    work = tmp_path / "work"
    work.mkdir()

    where = outside(env, "python", "-c", "import pokerfloor as pf; print(pf.__file__); print(pf.build_info())",
                    cwd=work)
    assert where.returncode == 0, where.stderr
    assert where.stdout.startswith(str(env / "lib")), where.stdout

    version = outside(env, "pokerfloor", "--version", cwd=work)
    assert version.returncode == 0, version.stderr
    engine = "(compiled hand engine, mypyc;" if BUILD == "compiled" else "(pure-Python hand engine;"
    assert version.stdout.startswith("pokerfloor 0.") and engine in version.stdout, version.stdout
    assert version.stdout.strip() == where.stdout.splitlines()[1]

    helped = outside(env, "pokerfloor", "--help", cwd=work)
    assert helped.returncode == 0 and "play" in helped.stdout and "equity" in helped.stdout, helped.stderr

    played = outside(env, "pokerfloor", "play", "--hands", "2", "--seed", "3", cwd=work)
    assert played.returncode == 0, played.stderr
    assert "Hands played: 2" in played.stdout and (work / "pokerfloor-hands.phhs").exists()
    verified = outside(env, "pokerfloor", "verify", "pokerfloor-hands.phhs", cwd=work)
    assert verified.returncode == 0, verified.stdout + verified.stderr

    # A bare install: a command that needs an extra names it in one line and exits with status 2.
    for command, extra in ((["equity", "QQ+", "AKs"], "equity"), (["serve", "--port", "9"], "server"),
                           (["bot", "--url", "http://127.0.0.1:9/table.html?t=x"], "bot")):
        refused = outside(env, "pokerfloor", *command, cwd=work)
        assert refused.returncode == 2, (command, refused.stdout, refused.stderr)
        assert refused.stderr.strip().splitlines() == [refused.stderr.strip()]
        assert f"pip install 'pokerfloor[{extra}]'" in refused.stderr, refused.stderr

    if BUILD == "compiled":
        modules = outside(env, "python", "-c", "import pokerfloor as pf; print(*pf.build_info().modules)", cwd=work)
        assert {"pokerfloor.hand.state", "pokerfloor.evaluation.lookup"} <= set(modules.stdout.split())
