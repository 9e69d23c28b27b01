"""Diagrams generated from a scenario's state: one module per game, each with
``draw(run, when, options) -> DOT source``. Rendering is Sphinx's graphviz support (or the CLI).
"""
from __future__ import annotations

import importlib
import shutil
import sysconfig
from pathlib import Path

from rulewright.problems import ExampleProblem

_MODULES = {
    "muck-and-brass": "rulewright.diagrams.muck_and_brass",
    "bus": "rulewright.diagrams.bus",
    "powerup": "rulewright.diagrams.powerup",
    "1870": "rulewright.diagrams.g1870",
}


def draw(run, when: str, options=frozenset()) -> str:
    """The DOT source of ``run``'s state ``when`` ("before" or "after")."""
    s = run.scenario
    module_name = _MODULES.get(s.game_name)
    try:
        module = importlib.import_module(module_name) if module_name else None
    except ModuleNotFoundError:
        module = None
    if module is None:
        raise ExampleProblem(s.where, f"There is no diagram for the game {s.game_name!r} yet; "
                                      "remove the ':diagram:' option.")
    try:
        return module.draw(run, when, frozenset(options))
    except Exception as error:  # a bug in a diagram module must not stop the whole book
        raise ExampleProblem(s.where, f"The {when} diagram could not be drawn ({type(error).__name__}: {error}). "
                                      "This is a bug in the diagram code, not in your example.") from None


def dot_program() -> str:
    """The system `dot` where present, else graphviz-pure (installed with the project), so that
    pip alone suffices to draw."""
    found = shutil.which("dot")
    if found:
        return found
    pure = Path(sysconfig.get_path("scripts")) / "graphviz-pure"
    return str(pure) if pure.exists() else (shutil.which("graphviz-pure") or "graphviz-pure")
