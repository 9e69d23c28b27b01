"""The PDF step: what Rulewright changes in sphinx-simplepdf's way from the book to WeasyPrint.

- The page-start marks move into their headings, so the contents' page numbers are true.
- sphinx-simplepdf's contents repair (BeautifulSoup over the whole book, about a tenth of the PDF
  build) runs only when there is something to repair, and quietly.
- The one-page HTML is written with fewer elements for the same printed page: WeasyPrint's time
  grows with the number of elements it lays out, and the book has thousands of table cells and
  literals. A table cell holding one plain paragraph is written without the ``<p>`` (the print
  stylesheet gives such paragraphs no margin), and a literal's words are not wrapped one by one
  in ``<span class="pre">`` (which only the screen stylesheet uses, to stop wrapping).
"""
from __future__ import annotations

import contextlib
import io
import re

from docutils import nodes
from sphinx_simplepdf.writers.simplepdf import SimplepdfTranslator

# Sphinx marks where each page starts in the one-page HTML with an empty span just before the
# page's first section; when that section starts a new printed page, the span stays at the foot of
# the page before, and the contents and every link to the page pointed one page early.
PAGE_START = re.compile(r'(<span id="document-[^"]+"></span>)(<section id="[^"]+">\s*<h\d[^>]*>)')
TOC_TARGET = re.compile(r'<a class="reference internal" href="#([^"]+)"')
SECTION_ID = re.compile(r'<section id="([^"]+)"')


def needs_toctree_fix(html: str) -> bool:
    """Whether sphinx-simplepdf's contents repair has anything to do: it renames sections that share
    the ID a contents entry points at. Sphinx's one-page HTML points its contents at page-start
    marks, so a book rarely has such a clash."""
    sidebar = html.find("sphinxsidebarwrapper")
    if sidebar < 0:
        return False
    targets = set(TOC_TARGET.findall(html, sidebar))
    seen: set[str] = set()
    for section in SECTION_ID.findall(html):
        if section in seen and section in targets:
            return True
        seen.add(section)
    return False


def prepare(builder) -> None:
    """Wrap the builder's contents repair: move the page-start marks, then repair only when needed.
    sphinx-simplepdf prints its bookkeeping ("found duplicate chapters: {...}") on every build; a
    designer reading the build log needs only real warnings."""
    fix = builder._toctree_fix

    def repair(html):
        html = PAGE_START.sub(lambda m: m.group(2) + m.group(1), html)
        if not needs_toctree_fix(html):
            return html
        with contextlib.redirect_stdout(io.StringIO()):
            return fix(html)

    builder._toctree_fix = repair


class PrintTranslator(SimplepdfTranslator):
    """sphinx-simplepdf's translator, writing fewer elements for the same printed page."""

    def _bare(self, node) -> bool:
        parent = node.parent
        return (isinstance(parent, nodes.entry) and len(parent) == 1
                and not node["ids"] and not node["classes"])

    def visit_paragraph(self, node):
        if not self._bare(node):
            super().visit_paragraph(node)

    def depart_paragraph(self, node):
        if not self._bare(node):
            super().depart_paragraph(node)

    def visit_Text(self, node):
        if not self.protect_literal_text:
            return super().visit_Text(node)
        # Runs of spaces in a literal keep their width; single spaces may break the line.
        encoded = self.encode(node.astext())
        self.body.append(re.sub(r"  +", lambda m: "&#160;" * (len(m.group()) - 1) + " ", encoded))
