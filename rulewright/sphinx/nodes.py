"""The docutils nodes the book's directives and roles leave in a page, resolved when the book is
written: a rule and its head, an example, the placeholders for their numbers, and references to
them. Every module of the extension that makes or finds these nodes imports them from here."""
from __future__ import annotations

from docutils import nodes

# The class of text left as the designer wrote it where a mistake in it was reported (a reference
# to a rule the book does not declare): no other check reports the same text again.
REPORTED = "rw-reported"


class example_node(nodes.General, nodes.Element):
    """The box around one example."""


class rule_node(nodes.General, nodes.Element):
    """A declared rule: its number is filled in when the book is resolved."""


class rule_number(nodes.Inline, nodes.TextElement):
    """Placeholder text for a rule's or example's number (``key`` is ``rule:<id>``/``example:<id>``)."""


class heading(nodes.paragraph):
    """A rule's or example's head: a paragraph that assistive technology reads as a heading
    (``role="heading"``, level 4, under the page's sections), so a reader can go from one rule or
    example to the next; the PDF lists them in its outline (the print stylesheet's bookmarks)."""


def visit_heading(self, node):
    self.body.append(self.starttag(node, "p", "", role="heading", **{"aria-level": "4"}))


def depart_heading(self, node):
    self.body.append("</p>\n")


class ruleref_node(nodes.Inline, nodes.TextElement):
    """A reference to a rule by ID, resolved to a link reading "rule 2.3b"."""


class exampleref_node(nodes.Inline, nodes.TextElement):
    """A reference to an example by ID, resolved to a link reading "Example B-3"."""


class rule_examples(nodes.Inline, nodes.TextElement):
    """Where the links to a rule's examples go (designer's edition), filled in when resolved."""


class clarifications_node(nodes.General, nodes.Element):
    """Where a chapter's Clarifications and variants table goes: made at ``doctree-resolved``
    (``rulewright.sphinx.clarifications.resolve``), when every example of the book has been read."""


class rule_index_node(nodes.General, nodes.Element):
    """Where the rule index table goes."""


def outside(root: nodes.Element, skipped) -> list[tuple[nodes.Node, nodes.Element]]:
    """Every node under ``root`` in reading order, with the section it is in (or ``root``), except
    what lies inside an element for which ``skipped(element)`` holds (that element itself is
    given). One walk of the page that does not enter what it leaves out: an example's box holds
    most of a page's nodes."""
    out: list[tuple[nodes.Node, nodes.Element]] = []
    stack: list[tuple[nodes.Node, nodes.Element]] = [(child, root) for child in reversed(root.children)]
    while stack:
        node, section = stack.pop()
        if isinstance(node, nodes.Element):
            if not skipped(node):
                inner = node if isinstance(node, nodes.section) else section
                stack.extend((child, inner) for child in reversed(node.children))
        out.append((node, section))
    return out
