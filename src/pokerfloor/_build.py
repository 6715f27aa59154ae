"""Which build of pokerfloor is loaded: the hand engine compiled with mypyc, or pure Python.

A wheel built here (``python -m build``, ``pip install .``) carries the compiled engine where a C
compiler was found and is pure otherwise (setup.py); both behave the same, the compiled one plays
hands about three times faster. ``pokerfloor --version`` prints ``build_info()`` in one line.
"""

from __future__ import annotations

import platform
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Literal

from pokerfloor._version import __version__


@dataclass(frozen=True, slots=True)
class BuildInfo:
    """The build loaded: ``engine`` is ``"compiled"`` or ``"pure"``; ``modules`` are the
    pokerfloor modules present as compiled extension modules (empty for the pure build);
    ``location`` is the folder the package was imported from."""

    version: str
    engine: Literal["compiled", "pure"]
    modules: tuple[str, ...]
    python: str
    location: str

    @property
    def compiled(self) -> bool:
        """Whether the hand engine running is the compiled one."""
        return self.engine == "compiled"

    def __str__(self) -> str:
        engine = "compiled hand engine, mypyc" if self.compiled else "pure-Python hand engine"
        return f"pokerfloor {self.version} ({engine}; {self.python})"


def _extension_modules(package: Path) -> tuple[str, ...]:
    """The modules under ``package`` present as extension modules, each named once whatever its
    suffix (``.cpython-311-x86_64-linux-gnu.so`` also ends in ``.so``)."""
    suffixes = sorted(EXTENSION_SUFFIXES, key=len, reverse=True)
    found: set[str] = set()
    for path in package.rglob("*"):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            found.add(".".join(path.relative_to(package.parent).with_name(path.name.removesuffix(suffix)).parts))
    return tuple(sorted(found))


def build_info() -> BuildInfo:
    """The build of pokerfloor loaded in this process.

    >>> import pokerfloor as pf
    >>> pf.build_info().engine in ("compiled", "pure")
    True
    """
    from pokerfloor.hand import COMPILED

    package = Path(__file__).resolve().parent
    return BuildInfo(
        version=__version__,
        engine="compiled" if COMPILED else "pure",
        modules=_extension_modules(package),
        python=f"{platform.python_implementation()} {platform.python_version()}",
        location=str(package),
    )
