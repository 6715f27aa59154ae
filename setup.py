"""Build hook: the wheel carries the hand engine compiled with mypyc, or pure Python where it cannot.

Everything else about the package is in ``pyproject.toml``. A wheel or an install from this
source (``python -m build``, ``pip install .``, the sdist) compiles the modules in ``COMPILED``
to C extension modules that sit beside their ``.py`` files and are imported in their place; the
build requirements (pyproject.toml) bring mypy, which ships mypyc. Where no working C compiler is
found (simulate one with ``CC=false``), the build says so in a warning and makes the pure wheel,
which behaves the same, only slower. ``POKERFLOOR_COMPILE`` decides it outright:

- ``POKERFLOOR_COMPILE=1``: compile, and fail if that is impossible (``make compiled``);
- ``POKERFLOOR_COMPILE=0``: the pure wheel (``py3-none-any``), without trying;
- unset: compile if a compiler works, the pure wheel otherwise.

An editable install (``pip install -e .``) stays pure unless ``POKERFLOOR_COMPILE=1``: it runs the
source as it is edited. ``pokerfloor --version`` and ``pokerfloor.build_info()`` say which build
is loaded; docs/performance.md says what compiling buys and how both builds are tested.
"""

from __future__ import annotations

import os
import sys
import sysconfig
import tempfile
import warnings
from pathlib import Path

from setuptools import setup

COMPILED = [
    "src/pokerfloor/hand/state.py",
    "src/pokerfloor/hand/reading.py",
    "src/pokerfloor/hand/phase.py",
    "src/pokerfloor/hand/setup.py",
    "src/pokerfloor/hand/awards.py",
    "src/pokerfloor/hand/runouts.py",
    "src/pokerfloor/hand/turns.py",
    "src/pokerfloor/hand/bringin.py",
    "src/pokerfloor/hand/posting.py",
    "src/pokerfloor/hand/dealing.py",
    "src/pokerfloor/hand/betting.py",
    "src/pokerfloor/hand/forced.py",
    "src/pokerfloor/hand/dealer.py",
    "src/pokerfloor/hand/draw.py",
    "src/pokerfloor/hand/out_of_turn.py",
    "src/pokerfloor/hand/showdown.py",
    "src/pokerfloor/hand/spots.py",
    "src/pokerfloor/hand/streets.py",
    "src/pokerfloor/hand/legality.py",
    "src/pokerfloor/hand/checks.py",
    "src/pokerfloor/hand/manual.py",
    "src/pokerfloor/hand/ending.py",
    "src/pokerfloor/hand/stud.py",
    "src/pokerfloor/hand/pots.py",
    "src/pokerfloor/hand/given.py",
    "src/pokerfloor/hand/terms.py",
    "src/pokerfloor/hand/view.py",
    "src/pokerfloor/hand/plain.py",
    "src/pokerfloor/evaluation/lookup.py",
    "src/pokerfloor/dealing.py",
    "src/pokerfloor/envs/observer.py",
    "src/pokerfloor/envs/episode.py",
]
"""The hand engine's modules and the table-driven ranking (``evaluation/lookup.py``, behind
``high_rank`` and the other one-call rankings), the AEC environment's observations, masks
and infos and its episodes' steps (``envs/observer.py``, ``envs/episode.py``: numpy is imported
only when an environment is), and the seat
views with their JSON (``hand/view.py``, ``hand/plain.py``: the home-game server builds one for
every seat and the spectator after every action). The rest stays interpreted: ``cards.py``
(``Card`` subclasses ``int``, which mypyc cannot compile; the deck's inner loop is in
``dealing.py``, compiled), ``hand/types.py`` (compiling it
measured 2 %), the hand records (``hand/record.py``: built when asked for),
``rules.py`` (configuration, read a few times a hand) and everything around the hand (tables,
io, the command line)."""

CHECK = ["--follow-imports=silent"]
"""mypy's options for the compiling run: the modules compiled are type-checked in full (mypyc
needs their types), the modules they import are read for their types only. The engine needs
nothing of the extras, but ``envs/observer.py`` and ``envs/episode.py`` are typed with numpy's
types, so numpy is a build requirement (pyproject.toml); gymnasium, which other modules of
``pokerfloor.envs`` import, is not."""

PURE_WARNING = "pokerfloor: building the pure-Python wheel (the hand engine is not compiled): {why}"


def compiler_problem() -> str | None:
    """Why no C extension can be built here (``None``: one can): a one-line C file that includes
    Python.h is compiled and linked as setuptools would compile the extension modules."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.errors import CCompilerError, DistutilsError
    from setuptools._distutils.sysconfig import customize_compiler

    with tempfile.TemporaryDirectory() as scratch:
        source = Path(scratch) / "probe.c"
        source.write_text("#include <Python.h>\nint pokerfloor_probe(void) { return Py_IsInitialized(); }\n")
        try:
            compiler = new_compiler()
            customize_compiler(compiler)
            objects = compiler.compile(
                [str(source)], output_dir=scratch, include_dirs=[sysconfig.get_paths()["include"]]
            )
            if sys.platform != "win32":  # MSVC's link step needs the full extension setup; compiling proves it
                compiler.link_shared_object(objects, str(Path(scratch) / "probe.so"))
        except (CCompilerError, DistutilsError, OSError) as failed:
            return f"no working C compiler ({type(failed).__name__}: {str(failed).strip()[:200]})"
    return None


BUILDS = {"bdist_wheel", "build", "build_ext", "install", "editable_wheel", "develop"}
"""The setup.py commands that build modules; the others (``sdist``, ``egg_info``, ``dist_info``:
the sdist and the metadata) need no extension, so mypyc does not run for them."""


def _extensions() -> list[object]:
    choice = os.environ.get("POKERFLOOR_COMPILE", "")
    commands = set(sys.argv[1:])
    editable = bool(commands & {"editable_wheel", "develop"})
    if choice == "0" or not commands & BUILDS or (choice != "1" and editable):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as missing:
        if choice == "1":
            raise
        warnings.warn(PURE_WARNING.format(why=f"mypyc cannot be imported ({missing})"), stacklevel=1)
        return []
    problem = compiler_problem()
    if problem is not None:
        if choice == "1":
            raise SystemExit(f"pokerfloor: POKERFLOOR_COMPILE=1 but {problem}")
        warnings.warn(PURE_WARNING.format(why=problem), stacklevel=1)
        return []
    return list(mypycify([*CHECK, *COMPILED], opt_level="3"))


setup(ext_modules=_extensions())
