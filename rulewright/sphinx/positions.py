"""The ``{position}`` directive: a shared starting position, declared once on a page and shown once
as "the position for the following examples", which start from it with ``setup: {from: <name>}``.

The position is built with the one evaluator (``scenario.start``), so a position the engine cannot
set up is reported here, at its own line, as well as at each example that uses it.
"""
from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives

from rulewright.book import phrases
from rulewright.book.diagrams import draw
from rulewright.sphinx import deferred, drawing, incremental, wording
from rulewright.problems import ExampleProblem, Where
from rulewright.scenario import Run, parse_position, start
from rulewright.book.scanner import AnyOption
from rulewright.sphinx.examples import ExampleDirective, _section, mark_long, picture, position_at
from rulewright.sphinx.nodes import REPORTED
from rulewright.sphinx.setup_text import describe_setup, seen_setup


def anchor(name: str) -> str:
    return "position-" + name


class PositionDirective(ExampleDirective):
    WHAT = "position"
    option_spec = AnyOption({  # (a misspelt option reaches parse_position, which names it at its line)
        "name": directives.unchanged,
        "diagram": directives.unchanged,
        "show-source": directives.flag,
    })

    def run(self):
        title = self.arguments[0] if self.arguments else ""
        path = self.env.doc2path(self.env.docname)
        options = {k: v for k, v in self.options.items() if k not in ("show-source", "diagram")}
        decl = position_at(self.env.docname, self.lineno)
        try:
            if decl is not None:  # the scanner's reading, the same pytest and `rulewright check` make
                position = decl.parse()
            else:
                position = parse_position("\n".join(self.content), Where(str(path), self._body_line(path)), title,
                                          options, directive_line=self.lineno)
            if isinstance(position.data.get("game"), str):
                incremental.uses_game(self.env, position.data["game"])  # its setup, in the game's words
            game, settings, state = start(position)
        except ExampleProblem as problem:
            return self._broken(problem, title)
        box = nodes.container(ids=[anchor(position.name)], classes=["rw-example", "rw-position", "rw-ok"])
        self.set_source_info(box)
        # a label, so that each example starting from it links here, from any page of the book
        self.env.get_domain("std").note_hyperlink_target(anchor(position.name), self.env.docname,
                                                         anchor(position.name), title or position.name)
        head = nodes.paragraph(classes=["rw-example-head"])
        head += nodes.strong(text="Position: ")
        head += nodes.inline(text=title or position.name, classes=["rw-example-title"])
        box += head
        designer = self.config.rulewright_edition != "player"
        box += nodes.paragraph(text="The position for the following examples, which start from it "
                                    + (f"(“from: {position.name}”)." if designer else "and say so in their setup."),
                               classes=["rw-position-note"])
        words = str(self.options.get("diagram") or "").split()
        if words:
            run = Run(position, game, settings, before=state, after=state, steps=[], shows_hidden=designer)
            try:
                code = draw(run, "before", frozenset(words[1:] if words[0] in ("before", "after") else words))
            except ExampleProblem as problem:
                self.drawer_failed(problem)
            else:
                alt = title or "The position for the following examples"
                diagram = picture(code, self.env.docname, alt, "The position as set up, before any move.",
                                  where=f"the diagram of the position {self.options.get('name') or ''}".rstrip())
                drawing.draw_ahead(self.env, diagram)
                figure = nodes.container(classes=["rw-diagram"])
                figure += diagram
                row = nodes.container(classes=["rw-diagrams", "rw-diagrams-1"])
                row += figure
                box += row
                # in print it may break after its figure, as an example does (rulewright.css): kept
                # whole, a position taller than the space left left the page before it half empty
                box["classes"].append("rw-with-figure")
        said = wording.game_phrases(game)
        if said.unreadable:  # what it prints in the engine's words is the phrase file's one problem
            box["classes"].append(REPORTED)
        box += _section("Setup", seen_setup(position, game, said, str(path), state, designer)  # as the table sees it
                        if getattr(game, "hidden", ()) else describe_setup(position.data, said, designer, str(path)))
        if "show-source" in self.options:
            box += _section("Source", [nodes.literal_block(self.block_text, self.block_text, language="markdown")])
        if not words:  # (in print, a long one may break between its rows: rulewright.css)
            mark_long(box)
        if not designer:  # "Ann", wherever the box names her
            wording.names_capitalised(box, phrases.setup_players(position.data, game, getattr(position, "positions", None)))
        return [deferred.aside(box)]
