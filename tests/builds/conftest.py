"""The comparison of the two builds runs in the compiled pass of ``make test`` only (it needs
the compiled build in this process and the pure source beside it)."""

from __future__ import annotations

import os

collect_ignore = (
    []
    if os.environ.get("POKERFLOOR_BUILD") == "compiled"
    else ["test_compiled_matches_pure.py", "test_aec_compiled_matches_pure.py"]
)
