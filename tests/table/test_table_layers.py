"""A table record is read and checked without the table (docs/style.md: layers import downward,
no cycles; helpers return decisions): ``record.check_table`` takes the ledger, the stacks and the
hand's seats, and neither ``record.py`` nor ``history.py`` imports ``table.py``."""

from __future__ import annotations

import ast
from pathlib import Path

from pokerfloor.table import record

TABLE = Path(record.__file__).parent


def modules_imported(path: Path) -> set[str]:
    """Every module ``path`` imports (``TYPE_CHECKING`` ones too)."""
    tree = ast.parse(path.read_text())
    names = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    names.update(a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names)
    return names


def test_the_record_and_the_history_do_not_import_the_table() -> None:
    assert "pokerfloor.table.record" in modules_imported(TABLE / "table.py")      # the check sees imports
    for name in ("record.py", "history.py"):
        assert "pokerfloor.table.table" not in modules_imported(TABLE / name), name
