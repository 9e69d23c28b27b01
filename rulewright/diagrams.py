"""Diagrams generated from a played example: each game draws its own (``Game.diagram``, DOT
source); rendering is Sphinx's graphviz support, or the CLI with the same ``dot`` program.
"""
from __future__ import annotations

import shutil
import sysconfig
from pathlib import Path

from rulewright.problems import ExampleProblem


def draw(run, when: str, options=frozenset()) -> str:
    """The DOT source of ``run``'s state ``when`` ("before" or "after"), from the game's own
    ``diagram`` drawer."""
    s = run.scenario
    drawer = run.game.diagram
    if drawer is None:
        module = type(run.game).__module__
        raise ExampleProblem(s.where, f"The game {s.game_name!r} draws no diagrams, so ':diagram:' cannot be "
                                      f"used on its examples yet. Its author adds a drawer in the game class "
                                      f"({module}): diagram = staticmethod(draw), where draw(run, when, options) "
                                      "returns Graphviz DOT source.")
    try:
        return drawer(run, when, frozenset(options))
    except Exception as error:  # a bug in a diagram module must not stop the whole book
        raise ExampleProblem(s.where, f"The {when} diagram could not be drawn ({type(error).__name__}: {error}). "
                                      "This is a bug in the game's diagram code, not in your example.") from None


def dot_program() -> str:
    """The system `dot` where present, else graphviz-pure (installed with the project), so that
    pip alone suffices to draw."""
    found = shutil.which("dot")
    if found:
        return found
    pure = Path(sysconfig.get_path("scripts")) / "graphviz-pure"
    return str(pure) if pure.exists() else (shutil.which("graphviz-pure") or "graphviz-pure")
