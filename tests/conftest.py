"""Test-wide settings. In CI (``CI`` set) Hypothesis runs derandomized, so a landing is judged on
the same examples every time; on a developer's machine it keeps exploring new ones."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
