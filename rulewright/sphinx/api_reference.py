"""``{game-api-reference}``: the reference of the public game API, made by Sphinx autodoc from the
toolchain's own docstrings, so that this book and every new project show the same reference and it
cannot drift from the code. The sections and what each documents are listed here once."""
from __future__ import annotations

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

NAME = "game-api-reference"

SECTIONS = (
    ("The game and its actions", "rulewright.game.interface",
     "Game, Action, Setting, Violation, step, check_action, implements, Outcome, hide_view, hidden_marker, is_hidden"),
    ("Refusals, input errors and names", "rulewright.game.refusal", ""),
    ("Events", "rulewright.game.events", ""),
    ("Chance", "rulewright.game.rng", ""),
    ("Reading setup values", "rulewright.game.values", ""),
    ("Hex boards", "rulewright.game.hexes", ""),
    ("Square boards", "rulewright.game.squares", ""),
    ("Positions as setups", "rulewright.game.setups", "minimal_setup"),
    ("Other programs' records", "rulewright.game.importer", ""),
    ("Diagrams", "rulewright.dot", ""),
)


class GameApiReference(SphinxDirective):
    """The reference, a section per part of the API."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        lines = []  # the page is Markdown (MyST): each section's autodoc directive goes in an eval-rst block
        for title, module, members in SECTIONS:
            lines += [f"## {title}", "", "```{eval-rst}", f".. automodule:: {module}",
                      f"   :members: {members}" if members else "   :members:", "```", ""]
        container = nodes.section()
        nested_parse_with_titles(self.state, StringList(lines, source=self.get_source_info()[0]), container)
        return container.children
