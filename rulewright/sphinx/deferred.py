"""The inside of an example's box, set aside while its page is read and put back when it is written.

An example's box is most of its page's nodes (two thirds of this repository's book), and Sphinx
walks every node of a page some thirty times while reading it (one walk for each of its reading
transforms, and the pickling of the page), though none of those walks has work to do in a box the
example directive built whole: it holds no markup left to resolve. So the directive keeps what is
inside the box out of the page's tree while the page is read (``set_aside``), and it is put back
when the page is written (``PutBack``), after Sphinx's own steps of the writing, which walk the
whole page and have nothing to do in a box either (a box holds no code to highlight, no image to
fetch); a box holding a reference (a setup starting from a shared position links to it) is put
back first, before the references are resolved. From there on every step sees the page as if it
had been there all along: the handlers of ``doctree-resolved`` come after every step. The one
reading transform with work to do in a box, typographic quotes, is applied to it then.

Nothing that runs while the pages are read may look inside a box (the box itself, its ID and its
classes are in the tree): a check of the printed words runs when a page is written
(``editions.player_only``). A kind of ``set_aside`` may make what it holds only then: the
coverage report, which the reading of the pages does not wait for (``coverage_page.report_node``).
"""
from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxSmartQuotes
from sphinx.transforms.post_transforms import SphinxPostTransform


class set_aside(nodes.General, nodes.Element):
    """What a box holds while its page is read: its children, in ``parts``, outside the tree. A
    kind of it may make its parts only when the page is written (``made``: the coverage report)."""

    def made(self) -> list[nodes.Node]:
        return self["parts"]


def aside(box: nodes.Element) -> nodes.Element:
    """``box`` with its children set aside in one ``set_aside`` node; returns ``box``. Its parts are
    put back late unless they hold a reference to resolve."""
    parts = list(box.children)
    box.children = []
    late = not any(next(part.findall(addnodes.pending_xref), None) is not None for part in parts)
    box += set_aside(parts=parts, late=late)
    return box


class PutBack(SphinxPostTransform):
    """Each ``set_aside`` node holding a reference (or made only now) is replaced by what it holds,
    with its quotes made typographic as the reading would have made them; before any other step of
    the writing (Sphinx's reference resolving is priority 10)."""

    default_priority = 1
    late = False

    def run(self, **kwargs) -> None:
        for holder in list(self.document.findall(set_aside)):
            if holder.get("late", False) == self.late:
                parts = holder.made()
                holder.replace_self(parts)
                quote(self.document, parts)


class PutBackLate(PutBack):
    """The other ``set_aside`` nodes, put back after Sphinx's own steps of the writing (the last is
    priority 401) and before those of particular builders (LaTeX's from 600, the link checker's 800)."""

    default_priority = 500
    late = True


def quote(document: nodes.document, parts: list[nodes.Node]) -> None:
    """Make the quotes of ``parts``, nodes put in ``document`` after it was read, typographic as
    the reading made the rest of the page's (Sphinx's SmartQuotes, on these nodes alone)."""
    SphinxSmartQuotes(_Only(document, parts), None).apply()


class _Only:
    """A page as SmartQuotes sees it, narrowed to the blocks of text in some of its nodes that
    hold something it makes typographic (a quote, a backquote, a backslash, ``--``, ``...``,
    ``. . .``): it walks ``document.findall(nodes.TextElement)``, and a block without one it would
    leave as it is, at some cost (most of a box's blocks: a name, a number)."""

    def __init__(self, document: nodes.document, parts: list[nodes.Node]):
        self.settings = document.settings
        self.reporter = document.reporter
        self._parts = parts

    def findall(self, condition=None, **kwargs):
        for part in self._parts:
            for node in part.findall(condition, **kwargs):
                if not isinstance(node, nodes.TextElement) or _QUOTED.search(node.astext()):
                    yield node


_QUOTED = re.compile(r"""['"`\\]|--|\.\.\.|\. \. \.""")
