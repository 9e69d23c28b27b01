"""The cover file: back cover, spine and front cover on one sheet, with bleed, crop marks and the
spine's folds marked.

The spine is as wide as the interior's leaves are thick: its page count (padded to the signature)
over two, times the paper's caliper (``paper-caliper-mm`` in ``[tool.rulewright.print]``). The
spine carries the title only when it is at least ``SPINE_TEXT_MM`` wide: on a thinner one a printer
cannot hold the words to the spine. The colours and words are the book's own: its title and
authors, the edition, and the cover colours of its PDF (``simplepdf_vars`` in ``conf.py``).
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

import weasyprint
from markdown_it import MarkdownIt

from . import colour
from .interior import MM, media_bleed
from .settings import PrintSettings

SPINE_TEXT_MM = 6.0


@dataclass(frozen=True)
class Cover:
    path: Path
    spine: float  # mm
    width: float  # the trimmed sheet's width, mm: back, spine and front
    height: float


@dataclass(frozen=True)
class Words:
    title: str
    edition: str = ""
    authors: tuple[str, ...] = ()
    rights: str = ""  # Markdown, as the front matter's settings hold it (Project.front_matter_part)
    background: str = "#1f4e79"
    colour: str = "#ffffff"


def cover_html(words: Words, settings: PrintSettings, spine: float) -> str:
    width, height = settings.trim
    sheet = 2 * width + spine
    e = html.escape
    spine_text = (f'<div class="spine-text">{e(words.title)}</div>' if spine >= SPINE_TEXT_MM else "")
    authors = ", ".join(words.authors)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{e(words.title)}: cover</title>
<style>
@page {{ size: {sheet}mm {height}mm; margin: 0; bleed: {media_bleed(settings)}mm; marks: crop cross;
         background: {words.background}; }}
html, body {{ margin: 0; padding: 0; }}
body {{ font-family: "DejaVu Sans", sans-serif; color: {words.colour}; }}
.panel {{ position: absolute; top: 0; height: {height}mm; box-sizing: border-box; }}
.back {{ left: 0; width: {width}mm; padding: 30mm 20mm; }}
.spine {{ left: {width}mm; width: {spine}mm; }}
.front {{ left: {width + spine}mm; width: {width}mm; padding: 60mm 20mm 25mm 20mm; }}
.front h1 {{ font-size: 32pt; line-height: 1.2; margin: 0 0 10mm 0; font-weight: 600; }}
.front .edition {{ font-size: 16pt; margin: 0; }}
.front .authors {{ position: absolute; bottom: 25mm; left: 20mm; right: 20mm; font-size: 12pt; }}
.back p {{ font-size: 10pt; line-height: 1.5; }}
.spine-text {{ position: absolute; left: 50%; top: 50%; width: {height - 40}mm; margin-left: -{(height - 40) / 2}mm;
               text-align: center; font-size: {min(10.0, spine * 2.2):.1f}pt; white-space: nowrap;
               transform: rotate(90deg); }}
</style></head>
<body>
<div class="panel back"><p>{_inline(words.rights)}</p></div>
<div class="panel spine">{spine_text}</div>
<div class="panel front"><h1>{e(words.title)}</h1><p class="edition">{e(words.edition)}</p>
<p class="authors">{e(authors)}</p></div>
</body></html>
"""


def _inline(markdown: str) -> str:
    """Markdown (the front matter's settings) as the HTML of the words in one paragraph: emphasis
    printed as emphasis, and nothing written in it taken for markup of the cover's page."""
    return MarkdownIt("commonmark", {"html": False}).renderInline(" ".join(markdown.split()))


def write(target: Path, words: Words, settings: PrintSettings, pages: int, profile: Path) -> Cover:
    """The cover at ``target`` for an interior of ``pages`` pages."""
    import pikepdf  # noqa: PLC0415 - optional extra [print]


    spine = settings.spine(pages)
    target.parent.mkdir(parents=True, exist_ok=True)
    raw = target.with_name(target.stem + ".weasyprint.pdf")
    document = weasyprint.HTML(string=cover_html(words, settings, spine)).render()
    document.metadata.title = f"{words.title}: cover"
    document.metadata.authors = list(words.authors)
    document.metadata.generator = "Rulewright"
    document.write_pdf(raw, pdf_variant="pdf/x-4")
    with pikepdf.open(raw) as sheet:
        page = sheet.pages[0]
        left, bottom, right, top = (float(v) for v in page.trimbox)
        b = settings.bleed * MM
        page.obj.BleedBox = pikepdf.Array([left - b, bottom - b, right + b, top + b])
        _fold_marks(sheet, page, settings, spine)
        colour.make_print_ready(sheet, profile, settings.condition)
        sheet.save(target)
    raw.unlink()
    width, height = settings.trim
    return Cover(target, spine, 2 * width + spine, height)


def _fold_marks(sheet, page, settings: PrintSettings, spine: float) -> None:
    """Short lines above and below the sheet, outside the bleed, where the spine folds."""
    import pikepdf  # noqa: PLC0415 - optional extra [print]

    left, bottom, _, top = (float(v) for v in page.trimbox)
    media_bottom, media_top = float(page.mediabox[1]), float(page.mediabox[3])
    gap = settings.bleed * MM
    strokes = []
    for x_mm in (settings.trim[0], settings.trim[0] + spine):
        x = left + x_mm * MM
        strokes.append(f"{x:.3f} {top + gap:.3f} m {x:.3f} {media_top:.3f} l S")
        strokes.append(f"{x:.3f} {media_bottom:.3f} m {x:.3f} {bottom - gap:.3f} l S")
    content = "q 0 G 0.5 w " + " ".join(strokes) + " Q"
    page.contents_add(pikepdf.Stream(sheet, content.encode()), prepend=False)
