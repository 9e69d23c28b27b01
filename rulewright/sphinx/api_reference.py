"""``{game-api-reference}``: the reference of the public game API, made by Sphinx autodoc from the
toolchain's own docstrings, so that this book and every new project show the same reference and it
cannot drift from the code. The sections and what each documents are listed here once.

Each name is written as a game imports it. A game imports only from ``rulewright.game``, which
gathers the names defined in its modules (``rulewright.game.interface.Action`` is imported as
``rulewright.game.Action``), so those are documented under ``rulewright.game``, each section opening
with its module's description; a module a game imports whole (``rulewright.game.hexes``,
``rulewright.dot``) is documented under its own name. What a game is given but never imports (the
``Outcome`` of ``step``, the played example a ``draw`` function draws) is shown by its bare name.
"""
from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass

from docutils import nodes
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

NAME = "game-api-reference"
PUBLIC = "rulewright.game"


@dataclass(frozen=True)
class Section:
    title: str
    # Its description opens the section (none for a section of what a game is given).
    module: str | None = None
    # The module itself is what a game imports (``from rulewright.game import hexes``): all its
    # documented members, under its own name.
    whole: bool = False
    # Of the names ``rulewright.game`` takes from the module, these come first (the rest follow in
    # alphabetical order).
    first: tuple[str, ...] = ()
    # What a game is given but never imports: (the class, its members to show).
    given: tuple[tuple[str, str], ...] = ()


SECTIONS = (
    Section("The game and its actions", "rulewright.game.interface",
            first=("Game", "Action", "Setting", "Violation", "check_action", "implements", "hide_view",
                   "hidden_marker", "is_hidden", "step"),
            given=(("rulewright.game.interface.Outcome", "state, events"),)),
    Section("Refusals, input errors and names", "rulewright.game.refusal", first=("Refusal", "InputError")),
    Section("Events", "rulewright.game.events"),
    Section("Chance", "rulewright.game.rng"),
    Section("Reading setup values", "rulewright.game.values", whole=True),
    Section("The game's data files", "rulewright.game.datafiles", first=("data_file",)),
    Section("Hex boards", "rulewright.game.hexes", whole=True),
    Section("Square boards", "rulewright.game.squares", whole=True),
    Section("Cards", "rulewright.game.cards", whole=True),
    Section("Turns, rounds and phases", "rulewright.game.turns", whole=True),
    Section("Goods and money", "rulewright.game.goods", whole=True),
    Section("Action spaces", "rulewright.game.spaces", whole=True),
    Section("Score and round tracks", "rulewright.game.tracks", whole=True),
    Section("Positions as setups", "rulewright.game.setups"),
    Section("Other programs' records", "rulewright.game.importer"),
    Section("Diagrams", "rulewright.dot", whole=True),
    Section("The played example a diagram draws",
            given=(("rulewright.scenario.results.Run",
                    "scenario, game, settings, before, after, steps, viewer, view_of, marks_hidden, events, refusal"),
                   ("rulewright.scenario.results.Step", "index, line, actor, text, action, events, refusal, state"))),
)

# The names of what is given, never imported: shown without the module they are defined in.
GIVEN = frozenset(path for section in SECTIONS for path, _ in section.given)


def public_names(module: str | None = None) -> list[str]:
    """The names ``rulewright.game`` takes from ``module`` (its ``__all__``, less whole modules), or
    from any module when ``module`` is None."""
    game = importlib.import_module(PUBLIC)
    return [name for name in game.__all__ if not inspect.ismodule(getattr(game, name))
            and module in (None, getattr(getattr(game, name), "__module__", None))]


def unlisted_names() -> list[str]:
    """The names ``rulewright.game`` takes from a module no section lists (documented at the end,
    so that a name added to the API is never left off the page)."""
    game = importlib.import_module(PUBLIC)
    listed = {section.module for section in SECTIONS}
    return sorted(name for name in public_names() if getattr(game, name).__module__ not in listed)


CLASSES = ("autoclass", "autoexception")


def _directive(obj) -> str:
    if inspect.isclass(obj):
        return "autoexception" if issubclass(obj, BaseException) else "autoclass"
    return "autofunction" if callable(obj) else "autodata"


def _names_lines(names: list[str]) -> list[str]:
    """Each name as ``rulewright.game.<name>``, with a class's members."""
    game = importlib.import_module(PUBLIC)
    lines = []
    for name in names:
        kind = _directive(getattr(game, name))
        lines += [f".. {kind}:: {PUBLIC}.{name}", *(["   :members:"] if kind in CLASSES else []), ""]
    return lines


def section_lines(section: Section) -> list[str]:
    """The section as reStructuredText: the autodoc directives that document it."""
    if section.module is None:
        lines = []
    elif section.whole:
        lines = [f".. automodule:: {section.module}", "   :members:", ""]
    else:  # the module's description only: a game does not import the module, so it is no target
        names = public_names(section.module)
        lines = [f".. automodule:: {section.module}", "   :no-index:", "",
                 *_names_lines([n for n in section.first if n in names] + sorted(n for n in names if n not in section.first))]
    for path, members in section.given:
        lines += [f".. autoclass:: {path}", f"   :members: {members}", "   :member-order: bysource", "   :no-index:", ""]
    return lines


def markdown() -> list[str]:
    """The reference as the page's Markdown (MyST) lines: each section's autodoc directives in an
    eval-rst block. (What plain Sphinx would be given to build the same page: see benchmarks/run.py.)"""
    lines = []
    for section in SECTIONS:
        lines += [f"## {section.title}", "", "```{eval-rst}", *section_lines(section), "```", ""]
    if unlisted_names():
        lines += ["## More of the game API", "", "```{eval-rst}", *_names_lines(unlisted_names()), "```", ""]
    return lines


class GameApiReference(SphinxDirective):
    """The reference, a section per part of the API."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        container = nodes.section()
        nested_parse_with_titles(self.state, StringList(markdown(), source=self.get_source_info()[0]), container)
        # What a game is given is shown by its bare name, without the arguments it is made with
        # (the toolchain makes it). The sections' titles place them in the page itself (MyST), not
        # in ``container``.
        for signature in self.state.document.findall(addnodes.desc_signature):
            if f"{signature.get('module')}.{signature.get('fullname')}" in GIVEN:
                for part in [*signature.findall(addnodes.desc_addname), *signature.findall(addnodes.desc_parameterlist)]:
                    part.parent.remove(part)
        return container.children
