"""One registry of rule citations (``pokerfloor.citations``): every citation the library gives
names a rule in it, and each rule is spelled one way."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

import pokerfloor as pf
from pokerfloor import citations
from pokerfloor.errors import RULEBOOKS

SOURCE = Path(pf.__file__).parent
CITES = re.compile(r"^(TDA|RROP11|WIKI_BIP|GENRULES)\b")


def cited_strings() -> list[tuple[str, str]]:
    """Every string in the source (docstrings aside) that reads as a citation, with its file."""
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        if path.name == "citations.py":
            continue
        tree = ast.parse(path.read_text())
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            text = node.value if isinstance(node, ast.Constant) and id(node) not in docstrings else None
            if isinstance(text, str) and CITES.match(text) and text not in {*RULEBOOKS, *RULEBOOKS.values()}:
                found.append((str(path.relative_to(SOURCE)), text))
    return found


def test_no_module_spells_a_citation_of_its_own() -> None:
    """Hand, table and interpret cite from the registry: no citation literal outside it."""
    assert cited_strings() == []


def test_each_tda_rule_is_spelled_one_way() -> None:
    """``TDA 2024 Rule 43``, never ``TDA R43`` or ``TDA2024 R43``."""
    for value in citations.REGISTRY:
        assert not re.search(r"TDA\s*(2024)?\s*R\d|TDA2024|TDA R", value), value
        assert value.split(";")[0].split()[0] in (*RULEBOOKS, "GENRULES", "TDA", "common"), value


def test_the_registry_holds_one_value_per_rule() -> None:
    names = [n for n in vars(citations) if n.isupper() and n != "REGISTRY"]
    assert len({getattr(citations, n) for n in names}) == len(names) == len(citations.REGISTRY)


@pytest.mark.parametrize("variant", sorted(pf.VARIANTS))
def test_every_ruling_and_closed_bet_cites_a_registered_rule(variant: str) -> None:
    """Random refused actions in hands of every variant cite a rule in the registry."""
    rng = random.Random(variant)
    spec = pf.VARIANTS[variant]
    if spec.family == "stud":
        game = pf.Game(variant=variant, structure="fixed_limit", ante=1, bring_in=2, small_bet=4)
    else:
        game = pf.Game(variant=variant, structure="fixed_limit", small_blind=1, big_blind=2)
    for _ in range(20):
        hand = pf.Hand(game, {1: 60, 2: 60, 3: 60}, button=1, rng=rng)
        while not hand.is_over and hand.to_act is not None:
            legal = hand.legal()
            assert legal.rule == "" or legal.rule in citations.REGISTRY
            seat = hand.to_act
            for wrong in (seat % 3 + 1, seat):
                try:
                    hand.act(wrong, "raise", to=rng.randrange(1, 200))
                except pf.IllegalAction as refused:
                    assert refused.rule in citations.REGISTRY, refused.rule
                else:
                    break
            else:
                plain = "fold" if legal.fold and rng.random() < 0.2 else "check" if legal.check else "call"
                for action in (plain, "bring_in", "draw"):  # the stud bring-in; the draw: stand pat
                    try:
                        hand.act(seat, action)
                    except pf.IllegalAction as refused:
                        assert refused.rule in citations.REGISTRY, refused.rule
                    else:
                        break
