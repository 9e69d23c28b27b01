"""A one-page quick reference for a game: ``{quick-reference}``, declared by the designer in a few
lines and filled in from the game's own data where it can be.

::

    ```{quick-reference}
    game: bus
    turn:                                   # the turn (or the round), step by step
      - Each player places a first marker on any street.
      - {say: "In reverse order, each adds a second street.", rules: [bus.setup.second-marker]}
    numbers:                                # the key numbers
      - {say: Players, value: "3 to 5"}     # stated
      - {say: "Cash in the bank", view: bank, preset: demo}   # read from the game's position
    choices: true                           # (the default) the settings' standard choices, in words;
                                            # or a list of the settings to say, in that order
    ```

A step's ``rules`` print as references ("rule 2.3f", and its page in the printed book). A number
with ``view:`` is read from the game's view of a starting position (``preset:``, and ``setup:`` on
top of it), written as the game's phrases write that path's values, and labelled by its phrase
when ``say:`` is left out: the quick reference cannot drift from the engine. A number at one of the
game's hidden paths (the deck) is printed as how many it holds in the player's edition ("16"), and
as the truth marked hidden in the designer's. ``choices`` lists how
the rules read where they are ambiguous (each setting's default, as ``settings:`` in the game's
phrases says it), in the designer's edition: the player's finds the readings in the game's
"Clarifications and variants" (``rulewright.sphinx.clarifications``). A mistake in the declaration is a warning at its line: it is read and checked by
``rulewright.book.quick_reference``, which ``rulewright check`` and ``make test`` run too. In print a quick reference
is set compactly and kept on one page (its section is never split across two).
"""
from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rulewright.book import quick_reference as declared
from rulewright.book.registry import GameNotLoaded, get_game
from rulewright.problems import ExampleProblem, Where
from rulewright.sphinx import figures, incremental, tables, wording
from rulewright.sphinx.editions import edition
from rulewright.sphinx.nodes import REPORTED, ruleref_node

logger = logging.getLogger(__name__)

NAME = declared.NAME
PAGE_CLASS = "rw-quick-reference-page"


class QuickReferenceDirective(SphinxDirective):
    has_content = True

    def run(self):
        path = Path(self.env.doc2path(self.env.docname))
        try:
            return [self._build(path)]
        except ExampleProblem as problem:
            logger.warning(problem.message, location=f"{problem.where.path}:{problem.where.line}")
            return []

    def _build(self, path: Path) -> nodes.Element:
        reference = declared.read("\n".join(self.content), Where(str(path), figures.first_line(self, path)))
        incremental.uses_game(self.env, reference.game)  # its settings' words and numbers come from the game
        try:
            game = get_game(reference.game)
        except GameNotLoaded:  # its code or data fails: said once, at its place, by the book's checks
            return nodes.container()
        except Exception as error:  # noqa: BLE001 - an unknown game: said at the line
            raise ExampleProblem(reference.where, str(error)) from None
        said = wording.game_phrases(game)
        box = nodes.container(classes=["rw-quick-reference"] + ([REPORTED] if said.unreadable else []))
        box += self._turn(reference.steps)
        box += self._numbers(game, said, reference.numbers)
        box += self._choices(game, said, declared.chosen(game, reference))
        return box

    def _turn(self, steps: list[declared.Step]) -> list[nodes.Node]:
        if not steps:
            return []
        listed = nodes.enumerated_list(classes=["rw-quick-turn"])
        for step in steps:
            para = nodes.paragraph(text=step.say)
            if step.rules:
                para += nodes.Text(" (")
                for n, rule_id in enumerate(step.rules):
                    para += nodes.Text(", " if n else "")
                    # (a rule the book does not declare is said in a quick reference's words,
                    # declared.unknown_rule, as `rulewright check` says it: rules.resolve)
                    ref = ruleref_node(rule_id=rule_id, quick_reference=True)
                    ref.source, ref.line = step.where.path, step.where.line
                    para += ref
                para += nodes.Text(")")
            listed += nodes.list_item("", para)
        return [_label("The turn"), listed]

    def _numbers(self, game, said, numbers: list[declared.Number]) -> list[nodes.Node]:
        if not numbers:
            return []
        table, body = tables.table((55, 45), classes=["rw-quick-numbers"])
        for number in numbers:
            if number.value is not None:
                body += tables.row([number.say[:1].upper() + number.say[1:], number.value])
            else:  # read as the {value} role and the {values} table read a figure
                for label, value in figures.rows(self.env, game, number.say, number.figure):
                    body += tables.row([label, value])
        return [_label("Key numbers"), table]

    def _choices(self, game, said, names) -> list[nodes.Node]:
        if edition(self.config) != "designer":  # players get one rule: the readings are the game's
            return []                           # "Clarifications and variants" (clarifications.py)
        chosen = [said.setting(name, game.settings[name].default) for name in names]
        chosen = [c for c in chosen if c]
        if not chosen:
            return []
        listed = nodes.bullet_list(classes=["rw-quick-choices"])
        for choice in chosen:
            listed += nodes.list_item("", nodes.paragraph(text=choice[:1].upper() + choice[1:] + "."))
        return [_label("How this book reads the rules"), listed]


def mark_pages(app, doctree) -> None:
    """``doctree-read``: the section holding a quick reference is kept on one printed page
    (``section.rw-quick-reference-page`` in rulewright-apparatus.css)."""
    for box in doctree.findall(nodes.container):
        if "rw-quick-reference" not in box["classes"]:
            continue
        parent = box.parent
        while parent is not None and not isinstance(parent, nodes.section):
            parent = parent.parent
        if parent is not None and PAGE_CLASS not in parent["classes"]:
            parent["classes"].append(PAGE_CLASS)


def _label(text: str) -> nodes.paragraph:
    return nodes.paragraph(text=text, classes=["rw-quick-label"])
