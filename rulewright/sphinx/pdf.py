"""The PDF step: what Rulewright changes in sphinx-simplepdf's way from the book to WeasyPrint.

- The page-start marks move into their headings, so the contents' page numbers are true.
- sphinx-simplepdf's contents repair (BeautifulSoup over the whole book, about a tenth of the PDF
  build) runs only when there is something to repair, and quietly.
- SVG diagram labels are laid out a string at a time, not a letter at a time (``svg_text``).
- The PDF is tagged (WeasyPrint's ``pdf_tags``: its structure, headings, tables and figures, each
  figure with its alternative text, for a screen reader), with the book's language, and identifies
  itself as PDF/UA-1 in its XMP metadata (WeasyPrint's ``pdf/ua-1`` variant).
- The printed page numbers (contents, rule index, references) are laid out once, from the last
  build's, when they still hold (``page_numbers``), not in WeasyPrint's three passes.
- A reference to a place on its own page says "above" or "below", not its page (``same_page``).
- pydyf's list of page references is made once, not for each tagged element and link, and the
  cycle collector runs less often while WeasyPrint works.
- Each font's subset is made once for the glyphs the book uses and kept in the store
  (``font_subsets``): a rebuild after an edit of the prose takes it from there.
- The PDF is kept when nothing WeasyPrint reads has changed (the one-page HTML, its stylesheets,
  fonts and pictures, and WeasyPrint's version): a second ``make rulebook`` with no edit does not
  lay out 300 pages again. A digest of those inputs is stored beside the PDF.
- The one-page HTML is written with fewer elements for the same printed page: WeasyPrint's time
  grows with the number of elements it lays out, and the book has thousands of table cells and
  literals. A table cell holding one plain paragraph is written without the ``<p>`` (so the
  cell has no paragraph margin: the examples' tables had none already, other tables print a little
  more compactly), and a literal's words are not wrapped one by one in ``<span class="pre">``
  (which only the screen stylesheet uses, to stop wrapping).
"""
from __future__ import annotations

import contextlib
import hashlib
import html as entities
import io
import logging as python_logging
import re
import types
from pathlib import Path

from docutils import nodes
from sphinx.builders.singlehtml import SingleFileHTMLBuilder
from sphinx.util import logging
from sphinx_simplepdf.writers.simplepdf import SimplepdfTranslator

from rulewright.runtime import collector

from . import print_links, same_page
from .font_subsets import kept_subsets
from .svg_text import whole_strings

logger = logging.getLogger(__name__)

# Sphinx marks where each page starts in the one-page HTML with an empty span just before the
# page's first section; when that section starts a new printed page, the span stays at the foot of
# the page before, and the contents and every link to the page pointed one page early.
PAGE_START = re.compile(r'(<span id="document-[^"]+"></span>)(<section\b[^>]*>\s*<h\d[^>]*>)')
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


# A heading's lead-in: the one paragraph between a heading and an example, when it prints in at most
# two lines (about a hundred characters a line at the print measure). Heading and lead-in are then
# too short to stand at a page's foot on their own: print keeps them with the example's title and
# figure (``p.rw-lead-in``, rulewright.css). A longer lead-in is text in its own right, and keeping it
# with a tall figure would leave the page before half empty.
LEAD_IN = re.compile(r'(</h[2-6]>\s*<p)(>((?:(?!</p>).)*)</p>\s*<div class="rw-example\b)', re.S)
LEAD_IN_CHARS = 200


def mark_lead_ins(html: str) -> str:
    """``html`` with each short lead-in paragraph (``LEAD_IN``) given the class ``rw-lead-in``."""
    def mark(match) -> str:
        words = " ".join(entities.unescape(re.sub(r"<[^>]+>", "", match.group(3))).split())
        return match.group(1) + (' class="rw-lead-in"' if len(words) <= LEAD_IN_CHARS else "") + match.group(2)

    return LEAD_IN.sub(mark, html)


def repair(builder, html: str) -> str:
    """Move the page-start marks and mark the short lead-ins (``mark_lead_ins``), then let
    sphinx-simplepdf repair the contents only when needed (it prints its bookkeeping, "found
    duplicate chapters: {...}", which a designer does not need)."""
    html = print_links.local_only(PAGE_START.sub(lambda m: m.group(2) + m.group(1), html))
    html = mark_lead_ins(html)
    if not needs_toctree_fix(html):
        return html
    with contextlib.redirect_stdout(io.StringIO()):
        return builder._toctree_fix(html)


# Changed whenever this step makes a different PDF from the same inputs (so a kept PDF is made again).
STEP = "whole SVG strings, tagged as PDF/UA-1, page numbers laid out once, same-page references said"


def inputs_digest(html: str, outdir: Path) -> str:
    """A hash of everything WeasyPrint reads to make the PDF: the page, the files it refers to
    (stylesheets, fonts, pictures: all under ``_static`` and ``_images``) and WeasyPrint's version."""
    import weasyprint  # noqa: PLC0415 - start-up: only a PDF build needs it (about a second to import)

    digest = hashlib.sha256(f"{STEP}\0{weasyprint.__version__}\0{html}".encode())
    for folder in ("_static", "_images"):
        for path in sorted((outdir / folder).rglob("*")):
            if path.is_file():
                digest.update(f"\0{path.relative_to(outdir).as_posix()}\0".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def finish(builder) -> None:
    """sphinx-simplepdf's last step, done here: the one-page HTML (Sphinx), the contents repaired,
    then the PDF from WeasyPrint's Python API, unless the PDF made from the same inputs is there."""
    SingleFileHTMLBuilder.finish(builder)
    if builder.config.simplepdf_weasyprint_flags or builder.config.simplepdf_use_weasyprint_api is False:
        logger.warning("conf.py sets simplepdf_weasyprint_flags or simplepdf_use_weasyprint_api = False, but "
                       "Rulewright makes the PDF through WeasyPrint's Python API and does not use them: remove "
                       "them from conf.py.")
    outdir = Path(builder.app.outdir)
    index = outdir / f"{builder.config.root_doc}.html"
    html = repair(builder, index.read_text(encoding="utf-8"))
    index.write_text(html, encoding="utf-8")
    target = outdir / (builder.config.simplepdf_file_name or f"{builder.config.project}.pdf")
    stamp = target.with_name(target.name + ".inputs")
    key = inputs_digest(html, outdir)
    if target.is_file() and stamp.is_file() and stamp.read_text(encoding="utf-8") == key:
        logger.info(f"{target.name} is unchanged: nothing it is made from changed.")
        return
    stamp.unlink(missing_ok=True)
    import weasyprint  # noqa: PLC0415 - start-up: every book build would load weasyprint

    with laying_out():
        document = same_page.render(weasyprint.HTML(str(index)), target.with_name(target.name + ".pages"),
                                    pdf_tags=True)
        # PDF/UA-1: tagged, and saying so in its XMP metadata (with the title and the language), as a
        # screen reader's and an auditor's tools look for. (fontTools' notes, quieted, are not for designers.)
        document.write_pdf(target, pdf_variant="pdf/ua-1")
    stamp.write_text(key, encoding="utf-8")


@contextlib.contextmanager
def laying_out():
    """While WeasyPrint lays out and writes a book: SVG labels laid out a string at a time, pydyf's
    page list made once, fewer cycle collections, font subsets kept, fontTools' notes quieted (the
    screen PDF here, the print files in ``rulewright.press``)."""
    with (whole_strings(), _page_references_listed_once(), collector.fewer_collections(collector.PRINTING),
          kept_subsets(), _quiet("fontTools")):
        yield


@contextlib.contextmanager
def _page_references_listed_once():
    """pydyf lists every page's reference anew each time WeasyPrint asks for one page's (for each
    tagged element and each link: time growing with the square of the book's length); while the
    PDF is written, the list is made once for each length the page list has."""
    import pydyf  # noqa: PLC0415 - start-up: every book build would load pydyf

    listed = pydyf.PDF.page_references

    def once(pdf):
        kids = pdf.pages["Kids"]
        kept = pdf.__dict__.get("_rulewright_page_references")
        if kept is None or kept[0] != len(kids):
            kept = pdf.__dict__["_rulewright_page_references"] = (len(kids), listed.fget(pdf))
        return kept[1]

    pydyf.PDF.page_references = property(once)
    try:
        yield
    finally:
        pydyf.PDF.page_references = listed


@contextlib.contextmanager
def _quiet(name: str):
    """The Python logger ``name`` says only errors while the block runs."""
    quieted = python_logging.getLogger(name)
    level = quieted.level
    quieted.setLevel(python_logging.ERROR)
    try:
        yield
    finally:
        quieted.setLevel(level)


def prepare(builder) -> None:
    """Make the PDF builder's last step ``finish`` above."""
    builder.finish = types.MethodType(finish, builder)


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
