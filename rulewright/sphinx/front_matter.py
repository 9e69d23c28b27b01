"""The book's front matter: ``{front-matter}`` on the book's first page prints what the book covers,
how to read an example, and the credits and rights, in both editions::

    ```{front-matter}
    ```

What it covers, the credits and the rights are the project's settings (``rulewright.book.config``),
Markdown in quotes, so that a book, its cover and its print files say them alike::

    [tool.rulewright.front-matter]
    covers = "The whole game, from the setup to the end of the game."
    credits = "*My Game* is by A. Designer."
    rights = "© 2026 A. Designer. All rights reserved."

"How to read an example" is Rulewright's own: the parts of an example box as both editions print them,
with a sentence on examples told as a player sees them when a game of the book hides things, and one
on variants when a game has settings. A part the settings leave out is said from ``conf.py``: the
book covers the rules of its ``project``; the credits are its ``author``'s, the rights its
``copyright``.
"""
from __future__ import annotations

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from rulewright.book import config
from rulewright.book.registry import get_game

NAME = "front-matter"
COVERS, READING, CREDITS = "What this book covers", "How to read an example", "Credits"


def reading(hides: bool, variants: bool) -> str:
    """How to read an example, as Markdown: ``hides``, a game of the book hides things from some
    players; ``variants``, a game has other readings of its rules (settings)."""
    text = ("Each rule is followed by worked examples. An example is a moment of a game, in a box headed by its "
            "number and title. Its **Setup** gives the position it starts from: the players, and only what "
            "differs from the game's usual start, or the named position it starts from. **Play** lists the "
            "moves in order, each followed by what it did; a move the rules do not allow is marked \"not "
            "allowed\", with the rule that forbids it. **What happened** gives the position after the moves (an "
            "example without moves shows **In this position** what holds when play begins). A figure has its "
            "example's number.")
    if hides:
        text += (" An example told \"as Ann sees it\" shows only what Ann can see: her own cards, and how many "
                 "cards the others hold.")
    if variants:
        text += (" An example marked **A variant** is played under a reading of the rules other than the "
                 "book's, named in the chapter's clarifications and variants.")
    return text


def _games() -> list:
    """The games the project's settings name, those that load."""
    found = []
    for name in config.current().games:
        try:
            found.append(get_game(name))
        except Exception:  # (a game that does not load is named by the checks and the examples)
            continue
    return found


class FrontMatterDirective(SphinxDirective):
    has_content = False

    def run(self):
        project = config.current()
        if project.pyproject is not None:  # (the page is read again when the settings change)
            self.env.note_dependency(str(project.pyproject))
        games = _games()
        said = {part: project.front_matter_part(part, self.config.project, self.config.author, self.config.copyright)
                for part in ("covers", "credits", "rights")}
        covers = said["covers"]
        credits = " ".join(part for part in (said["credits"], said["rights"]) if part)
        out: list[nodes.Node] = []
        for title, text in ((COVERS, covers), (READING, reading(any(getattr(g, "hidden", ()) for g in games),
                                                                any(getattr(g, "settings", {}) for g in games))),
                            (CREDITS, credits)):
            if not text:
                continue
            out.append(nodes.rubric(text=title, classes=["rw-front-matter"]))
            holder = nodes.container(classes=["rw-front-matter"])
            self.state.nested_parse(StringList(text.split("\n"), source=self.env.doc2path(self.env.docname)),
                                    self.content_offset, holder)
            out += holder.children
        return out
