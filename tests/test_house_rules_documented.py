"""docs/rules.md has one table of the house rules: every field of ``pf.HouseRules``, with its
default as the code has it."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pokerfloor as pf

RULES = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
ROW = re.compile(r"^\| `(\w+)` \| `([^`]+)` \|", re.M)


def test_every_house_rule_is_in_the_table_with_its_default() -> None:
    table = RULES.read_text().split("## House rules", 1)[1]
    rows = dict(ROW.findall(table))
    fields = {f.name: f.default for f in dataclasses.fields(pf.HouseRules)}
    assert set(rows) == set(fields)
    for name, default in fields.items():
        assert rows[name] == repr(default).replace("'", '"'), name
