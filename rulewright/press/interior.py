"""The interior file: the player's book as a printer takes it.

The player's one-page HTML (what ``make pdf-player`` laid out for the screen PDF) is laid out again
by WeasyPrint with one more stylesheet, the print sheet below:

- the finished page (``trim``) with its bleed and crop marks outside the bleed (CSS ``bleed`` and
  ``marks``; the media box leaves room for the marks, the PDF's BleedBox is the trim plus the bleed);
- mirrored margins, wider on the binding side (``:left``/``:right`` pages);
- the page number once, at the foot's outer corner, and the running head on the outer side;
- the front matter on right-hand pages: the title page (the screen PDF's cover, on white paper:
  the cover is its own file, ``rulewright.press.cover``), then the contents;
- chapters opening on a right-hand page, blank pages left blank;
- words hyphenated (in the book's language, by WeasyPrint's Pyphen) so justified lines keep even spaces.
- a reference to a place on its own page saying "above" or "below" (``rulewright.sphinx.same_page``).

WeasyPrint writes it as PDF/X-4 (its XMP says so, with the title and the authors); then pikepdf
gives it its output intent and its colours as sRGB (``colour``), pads the page count with blank
pages to the signature, and sets the BleedBox to exactly the bleed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import weasyprint

from . import colour
from rulewright.sphinx import pdf, same_page
from .settings import PrintSettings

TITLE_COLOUR = "#1f4e79"  # the title page's words, on the white of the paper
MARKS_ROOM = 6.0  # mm between the bleed's edge and the media's, where the crop marks are drawn


def media_bleed(settings: PrintSettings) -> float:
    """The CSS bleed, in mm: the bleed and, outside it, room for the crop marks. WeasyPrint draws
    the marks in the outer half of the CSS bleed, so they start outside the real bleed."""
    return max(2 * settings.bleed, settings.bleed + MARKS_ROOM)


def print_sheet(settings: PrintSettings) -> str:
    """The print sheet. WeasyPrint reads a stylesheet given to it as the user's, which the book's own
    rules outweigh, so each declaration here is ``!important``."""
    return IMPORTANT.sub(r"\1 !important;", _sheet(settings))


IMPORTANT = re.compile(r"(:\s*[^;{}]+?);")


# The title page and the blank pages carry no running head, no folio and none of their rules.
NO_MARGIN_BOXES = " ".join(f"@{box} {{ content: none; border: none; }}" for box in (
    "top-left", "top-center", "top-right", "bottom-left", "bottom-center", "bottom-right"))


def _sheet(settings: PrintSettings) -> str:
    width, height = settings.trim
    inner, outer = settings.inner, settings.outer
    folio = "font-size: 9pt; vertical-align: middle;"
    return f"""
@page {{
  size: {width}mm {height}mm;
  bleed: {media_bleed(settings)}mm;
  marks: crop cross;
  @top-left {{ content: none; background: none; }}
  @bottom-left {{ content: none; }}
  @bottom-right {{ content: none; }}
}}
@page :left {{
  margin-left: {outer}mm; margin-right: {inner}mm;
  @top-left {{ content: string(heading); background: none; color: inherit; width: 100%; text-align: left;
               font-size: 9pt; vertical-align: middle; border-bottom: 0.05cm solid rgba(150, 26, 26, .5); }}
  @top-right {{ content: none; border: none; width: 0; }}
  @bottom-left {{ content: counter(page); text-align: left; {folio} }}
}}
@page :right {{
  margin-left: {inner}mm; margin-right: {outer}mm;
  @bottom-right {{ content: counter(page); text-align: right; {folio} }}
}}
@page :first {{ background: none; margin-top: 1.5cm; margin-bottom: 1.5cm; {NO_MARGIN_BOXES} }}
@page :blank {{ {NO_MARGIN_BOXES} }}
#back-cover {{ display: none; }}
#cover, #cover * {{ background: none; color: {TITLE_COLOUR}; }}
#cover {{ break-after: right; page-break-after: right; }}
.sphinxsidebarwrapper {{ break-before: right; page-break-before: right; }}
html body h2 {{ break-before: right; page-break-before: right; }}
html body p, html body li, html body dd {{ hyphens: auto; }}
"""


@dataclass(frozen=True)
class Interior:
    path: Path
    pages: int  # with the blank pages the signature asked for
    padding: int  # how many of them were added


def write(index: Path, target: Path, settings: PrintSettings, profile: Path, *, title: str = "",
          authors: tuple[str, ...] = ()) -> Interior:
    """Lay out ``index`` (a one-page HTML book) as the print interior at ``target``."""
    import pikepdf  # noqa: PLC0415 - optional extra [print]



    target.parent.mkdir(parents=True, exist_ok=True)
    raw = target.with_name(target.stem + ".weasyprint.pdf")
    with pdf.laying_out():
        document = same_page.render(weasyprint.HTML(str(index)), target.with_name(target.name + ".pages"),
                                    stylesheets=[weasyprint.CSS(string=print_sheet(settings))])
        if title:
            document.metadata.title = title
        if authors:
            document.metadata.authors = list(authors)
        document.metadata.generator = "Rulewright"
        document.write_pdf(raw, pdf_variant="pdf/x-4")
    with pikepdf.open(raw) as book:
        laid_out = len(book.pages)
        padding = settings.padded(laid_out) - laid_out
        finish(book, settings, padding)
        colour.make_print_ready(book, profile, settings.condition)
        book.save(target)
    raw.unlink()
    return Interior(target, laid_out + padding, padding)


MM = 72 / 25.4


def finish(book, settings: PrintSettings, padding: int) -> None:
    """The blank pages the signature asks for (each with the same boxes as the last), and every
    page's BleedBox at exactly the bleed beyond its TrimBox."""
    import pikepdf  # noqa: PLC0415 - optional extra [print]

    last = book.pages[-1]
    for _ in range(padding):
        blank = pikepdf.Page(pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=last.mediabox,
                                                TrimBox=last.trimbox, Resources=pikepdf.Dictionary(),
                                                Contents=pikepdf.Stream(book, b"")))
        book.pages.append(blank)
    for page in book.pages:
        left, bottom, right, top = (float(v) for v in page.trimbox)
        b = settings.bleed * MM
        page.obj.BleedBox = pikepdf.Array([left - b, bottom - b, right + b, top + b])
