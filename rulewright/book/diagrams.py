"""Diagrams generated from a played example: each game draws its own (``Game.diagram``, DOT
source); rendering is Sphinx's graphviz support, or the CLI with the same ``dot`` program.
"""
from __future__ import annotations

import dataclasses
import inspect
import subprocess

from rulewright.book.registry import where_in_games_code
from rulewright.dot import dot_program  # (here too, where the book's code and tests look for it)
from rulewright.problems import ExampleProblem, display_path


def at_step(run, when: str, step: int | None):
    """The run and the ``when`` a drawer is given for the position ``when`` ("before" or "after")
    move ``step`` (``:diagram: after 2``): the run cut there, its last position that one, drawn as
    "after" (from the first position: "before"). ``step`` None: ``run`` as it is."""
    if step is None or not run.steps:
        return run, when
    played = step if when == "after" else step - 1
    if played <= 0:
        return run, "before"
    played = min(played, len(run.steps))
    after = run.steps[played - 1].state
    if after is None:  # (a long record replayed without its positions): the nearest kept one
        return run, when
    return dataclasses.replace(run, after=after, steps=run.steps[:played]), "after"


def draw(run, when: str, options=frozenset(), step: int | None = None) -> str:
    """The DOT source of ``run``'s state ``when`` ("before" or "after"; of move ``step``, where the
    example names one: ``at_step``), from the game's own ``diagram`` drawer."""
    s = run.scenario
    run, when = at_step(run, when, step)
    drawer = run.game.diagram
    if drawer is None:
        cls = type(run.game)
        try:
            home = f"{cls.__name__}, in {display_path(inspect.getsourcefile(cls))}"
        except (TypeError, OSError):
            home = f"{cls.__module__}.{cls.__name__}"
        raise ExampleProblem(s.where, f"The game {s.game_name!r} draws no diagrams, so this example's ':diagram:' "
                                      "cannot be drawn. Remove the ':diagram:' line, or give the game a drawer: in "
                                      f"its class ({home}) add 'diagram = staticmethod(draw)', where draw(run, when, "
                                      "options) returns Graphviz DOT source (a project made by 'rulewright new' has "
                                      "one to copy in its diagram.py).")
    try:
        return drawer(run, when, frozenset(options))
    except Exception as error:  # a bug in a diagram module must not stop the whole book
        at = where_in_games_code(error)
        raise DrawerFailed(s.where, f"The {when} diagram could not be drawn ({type(error).__name__}: {error}"
                                    f"{', at ' + at if at else ''}). This is a bug in the game's diagram code, "
                                    "not in your example.", f"{type(error).__name__}: {error} at {at}") from None


class DrawerFailed(ExampleProblem):
    """A game's diagram code failed on an example: one bug, which every diagram reaching that line
    meets. ``site`` (the error and where in the game's code) tells one bug from another, so that
    each is said once (``first_said``)."""

    def __init__(self, where, message: str, site: str = "") -> None:
        super().__init__(where, message)
        self.site = site

    def __reduce__(self):
        return type(self), (self.where, self.message, self.site)


_said: dict[str, object] = {}  # each failing site of the games' diagram code, and where it was first said


def first_said(site: str, where):
    """Where the bug at ``site`` of a game's diagram code (a ``DrawerFailed``'s, or what Graphviz said
    of the DOT it wrote) was said before in this process (None: not yet; from now on, at ``where``)."""
    before = _said.get(site)
    if before is None:
        _said[site] = where
    return before


def forget_said() -> None:
    """A new build says each bug again (``first_said``)."""
    _said.clear()


def sources(result) -> list[str]:
    """The DOT source of every diagram a played example asks for (``:diagram: before/after/both``),
    not rendered: ``rulewright check`` draws them so, to find a broken drawer quickly."""
    s = result.scenario
    if not s.diagram:
        return []
    whens = ("before", "after") if s.diagram == "both" else (s.diagram,)
    return [draw(result.run, when, s.diagram_options, getattr(s, "diagram_step", None)) for when in whens]


def render(code: str, where, fmt: str = "svg", output: str | None = None) -> bytes:
    """Render DOT source with the Graphviz the book is built with (``dot_program()``) and return
    the picture, or write it to ``output``. A diagram Graphviz cannot draw is an ``ExampleProblem``
    at ``where``, with Graphviz's own words (its line numbers count in the DOT source)."""
    command = [dot_program(), f"-T{fmt}"] + (["-o", output] if output else [])
    try:
        done = subprocess.run(command, input=code.encode("utf-8"), capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise ExampleProblem(where, f"Graphviz ({command[0]}) could not be run to draw the diagram: {error}. "
                                    "Reinstall the project's environment (make distclean, then make test).") from None
    if done.returncode != 0:
        said = " ".join(done.stderr.decode("utf-8", "replace").split()) or f"exit status {done.returncode}"
        raise ExampleProblem(where, f"Graphviz could not draw this example's diagram: {said}. This is a bug in the "
                                    "game's diagram code (the DOT source it writes), not in your example; "
                                    "'rulewright diagram <example-id>' prints that source.")
    return done.stdout


def draw_all(result) -> list[str]:
    """Draw and render every diagram a played example asks for (``:diagram: before/after/both``),
    as the book build does, so a broken drawer fails ``make test`` too. Returns each diagram's SVG."""
    return [render(code, result.scenario.where).decode("utf-8", "replace") for code in sources(result)]
