"""A cross-reference to a place on its own page says "above" or "below" instead of its own page
number (rulewright.sphinx.same_page), with the book's own print stylesheet; a rebuild whose marks
still hold lays the book out once."""
from __future__ import annotations

from pathlib import Path

import pytest

weasyprint = pytest.importorskip("weasyprint")

from rulewright.sphinx import page_numbers, same_page  # noqa: E402

STATIC = Path(__file__).resolve().parents[2] / "rulewright" / "sphinx" / "static"
PAGE = "<style>@page { size: 12cm 9cm; margin: 1cm; } section { break-before: page; }</style>"


def book(between: str = "") -> str:
    return (f"<html><head>{PAGE}</head><body>"
            '<section><h3 id="rule-a">Rule A</h3><p>See <a href="#rule-a">rule a</a> and '
            '<a href="#rule-b">rule b</a>.</p>'
            '<div class="rw-example-meta"><a href="#rule-a">a</a></div></section>'
            f'<section><p>Now <a href="#rule-b">rule b</a>, coming.</p>{between}'
            '<h3 id="rule-b">Rule B</h3></section></body></html>')


def laid_out(html: str, kept: Path):
    return same_page.render(weasyprint.HTML(string=html, base_url=str(STATIC)), kept,
                            stylesheets=[weasyprint.CSS(filename=str(STATIC / "rulewright-apparatus.css"))])


def words(document) -> list[str]:
    return [" ".join("".join(getattr(box, "text", "") for box in page._page_box.descendants()).split())
            for page in document.pages]


def test_a_reference_on_its_target_s_page_says_above_or_below(tmp_path):
    first, second = words(laid_out(book(), tmp_path / "book.pdf.pages"))
    assert "See rule a, above and rule b, p. 2." in first
    assert "a (above)" in first  # an example's rules say their pages in brackets
    assert "Now rule b, below, coming." in second
    assert "p. 1" not in first and "p. 2" not in second


def test_a_rebuild_whose_marks_hold_lays_the_book_out_once(tmp_path, monkeypatch):
    kept = tmp_path / "book.pdf.pages"
    laid_out(book(), kept)
    assert same_page.kept_beside(kept).is_file()
    renders = []
    render = page_numbers.render
    monkeypatch.setattr(page_numbers, "render", lambda *a, **k: renders.append(1) or render(*a, **k))
    assert "Now rule b, below, coming." in words(laid_out(book(), kept))[1]
    assert len(renders) == 1


def test_a_mark_the_layout_no_longer_bears_out_is_taken_back(tmp_path):
    """The kept marks are the last build's: when the book changed (rule b's reference now on the page
    before), the reference prints its page number again."""
    kept = tmp_path / "book.pdf.pages"
    laid_out(book(), kept)
    pages = words(laid_out(book("<p>Many words to fill the page.</p>" * 12), kept))
    said = " ".join(pages)
    assert "rule b, p. 3" in said and "below" not in said, pages
