"""The 1870 package reads top to bottom: its ``__init__`` lists the modules in an order where each
needs (imports, anywhere in its text) only those listed before it, and lists every module. A module
that comes to need a later one, or a new module left off the list, fails here."""
from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "engine" / "games" / "g1870"


def listed() -> list[str]:
    text = ast.get_docstring(ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8")))
    part = text[text.index("The modules, read in this order"):]
    return [name for name in re.findall(r"``(\w+)``", part) if (PACKAGE / f"{name}.py").exists()]


def needs(name: str) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "engine.games.g1870":
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine.games.g1870."):
            found.add(node.module.split(".")[3])
    return found - {name}


def test_every_module_is_listed_once():
    order = listed()
    modules = sorted(path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__")
    assert sorted(order) == modules, (sorted(set(modules) - set(order)), [n for n in order if order.count(n) > 1])


def test_each_module_needs_only_those_listed_before_it():
    order = listed()
    late = {name: sorted(need for need in needs(name) if need in order and order.index(need) > order.index(name))
            for name in order}
    assert not {name: later for name, later in late.items() if later}, late
