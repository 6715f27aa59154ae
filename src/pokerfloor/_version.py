"""The package's version, read by the build (pyproject.toml) and by ``pokerfloor --version``."""

__version__ = "0.1.0"
