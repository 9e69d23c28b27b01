"""Each kit's description, which opens its section of the game API reference, shows the kit at work
in examples (doctest), and they hold: a kit whose behaviour changes without its examples fails
here, and a kit without examples too."""
from __future__ import annotations

import doctest
import importlib

import pytest

KITS = ("cards", "goods", "spaces", "turns", "tracks", "hexes", "squares")


@pytest.mark.parametrize("kit", KITS)
def test_the_kit_s_examples_in_the_api_reference_hold(kit):
    module = importlib.import_module(f"rulewright.game.{kit}")
    found = doctest.DocTestFinder().find(module, module.__name__)
    opening = next(test for test in found if test.name == module.__name__)  # the module's own description
    assert len(opening.examples) >= 4, f"{kit}'s description shows {len(opening.examples)} examples"
    said: list[str] = []
    results = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(opening, out=said.append)
    assert results.failed == 0, "".join(said)
