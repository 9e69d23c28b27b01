"""The printed page numbers laid out once from the last build's (rulewright.sphinx.page_numbers):
whatever the kept numbers, the pages come out as a render from none would make them, with every
number true, and a render whose kept numbers hold lays each page out once."""
from __future__ import annotations

import pytest

weasyprint = pytest.importorskip("weasyprint")

from rulewright.sphinx import page_numbers  # noqa: E402

STYLE = """<style>
@page { size: 10cm 6cm; margin: 1cm; }
section { break-before: page; }
a.number::after { content: " p. " target-counter(attr(href url), page); }
</style>"""


def book(first_chapter_pages: int = 1, extra: str = "") -> str:
    contents = "".join(f'<p><a class="number" href="#c{n}">Chapter {n}</a></p>' for n in (1, 2, 3))
    first = '<div style="break-before: page">More of chapter one.</div>' * (first_chapter_pages - 1)
    return (f"<html><head>{STYLE}{extra}</head><body><p>Contents</p>{contents}"
            f'<section id="c1"><h1>One</h1>{first}</section>'
            '<section id="c2"><h1>Two</h1><p>See <a class="number" href="#c3">three</a>.</p></section>'
            '<section id="c3"><h1>Three</h1><p>Back to <a class="number" href="#c1">one</a>.</p></section>'
            "</body></html>")


def pages(document) -> list[tuple[str, list[str]]]:
    """Each page's words and the places (PDF destinations) on it."""
    def words(page):
        return " ".join(" ".join(box.text.split()) for box in page._page_box.descendants()
                        if getattr(box, "text", "").strip())
    return [(words(page), sorted(page.anchors)) for page in document.pages]


def render(html: str, kept) -> object:
    return page_numbers.render(lambda: weasyprint.HTML(string=html), kept)


@pytest.fixture
def layouts(monkeypatch):
    """How many pages WeasyPrint lays out (a page laid out again counts again)."""
    from weasyprint.layout import page as layout_page

    count = [0]
    remake = layout_page.remake_page

    def counted(*args, **kwargs):
        count[0] += 1
        return remake(*args, **kwargs)

    monkeypatch.setattr(layout_page, "remake_page", counted)
    return count


def test_numbers_kept_from_the_last_render_are_laid_out_once_and_true(tmp_path, layouts):
    kept = tmp_path / "book.pdf.pages"
    clean = pages(render(book(), kept))
    assert kept.is_file()
    assert clean[0][0].startswith("Contents Chapter 1 p. 2 Chapter 2 p. 3 Chapter 3 p. 4")
    assert "three p. 4" in clean[2][0] and "one p. 2" in clean[3][0]
    assert clean == pages(weasyprint.HTML(string=book()).render())  # as WeasyPrint's own passes make it
    layouts[0] = 0
    assert pages(render(book(), kept)) == clean
    assert layouts[0] == len(clean)  # each page once


def test_numbers_that_no_longer_hold_give_the_pages_a_render_from_none_gives(tmp_path):
    kept = tmp_path / "book.pdf.pages"
    render(book(), kept)
    moved = book(first_chapter_pages=3)  # chapters two and three move two pages on
    from_stale = pages(render(moved, kept))
    (tmp_path / "none").mkdir()
    from_none = pages(render(moved, tmp_path / "none" / "book.pdf.pages"))
    assert from_stale == from_none
    assert from_stale[0][0].endswith("Chapter 1 p. 2 Chapter 2 p. 5 Chapter 3 p. 6")
    assert ["c3"] == from_stale[5][1] and "one p. 2" in from_stale[5][0]


def test_page_counts_come_out_true(tmp_path):
    """A page's footer counts the pages after the layout, so it needs no second pass; a count of the
    pages in the book's own text does, and is left to WeasyPrint's own way."""
    footer = "<style>@page { @bottom-center { content: counter(page) ' of ' counter(pages); } }</style>"
    kept = tmp_path / "book.pdf.pages"
    document = render(book(extra=footer), kept)
    assert "1 of 4" in pages(document)[0][0] and "4 of 4" in pages(document)[3][0]
    counted = "<style>p.count::after { content: counter(pages) ' pages'; }</style>"
    document = render(book(extra=counted).replace("<p>Contents</p>", '<p class="count">Contents</p>'), kept)
    assert not kept.exists()
    assert pages(document)[0][0].startswith("Contents 4 pages")
