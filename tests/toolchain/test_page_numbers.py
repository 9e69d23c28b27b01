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
    return page_numbers.render(weasyprint.HTML(string=html), kept)


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


def test_a_book_built_after_an_edit_prints_what_a_clean_build_of_it_prints(tmp_path):
    """The PDF build, clean and after an edit that moves the later pages on: the same text on each
    page and the same destinations as a clean build of the edited book."""
    import shutil
    import subprocess
    import sys
    import textwrap

    if not (shutil.which("pdftotext") and shutil.which("pdfinfo")):
        pytest.skip("poppler-utils (pdftotext, pdfinfo) is not installed; .ci/run installs it")

    def write_book(src, paragraphs):
        src.mkdir(exist_ok=True)
        (src / "conf.py").write_text(textwrap.dedent("""
            extensions = ["myst_parser", "rulewright.sphinx", "sphinx_simplepdf"]
            project = "Tiny"
            simplepdf_file_name = "tiny.pdf"
            """))
        (src / "index.md").write_text("# Tiny\n\n```{toctree}\none\ntwo\nthree\n```\n")
        (src / "one.md").write_text("# One\n\n" + "A sentence in the first chapter, long enough to fill. " * 40
                                    * paragraphs + "\n")
        for name in ("two", "three"):
            (src / f"{name}.md").write_text(f"# {name.title()}\n\nThe {name} chapter.\n")

    def build(src, out):
        done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "simplepdf", str(src), str(out)],
                              capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "RULEWRIGHT_CACHE": "off"})
        assert done.returncode == 0, done.stderr
        pdf = str(out / "tiny.pdf")
        text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True, check=True).stdout
        dests = subprocess.run(["pdfinfo", "-dests", pdf], capture_output=True, text=True, check=True).stdout
        return text.split("\f"), dests

    write_book(tmp_path / "src", 1)
    before, _ = build(tmp_path / "src", tmp_path / "out")
    write_book(tmp_path / "src", 6)  # chapters two and three move on
    after = build(tmp_path / "src", tmp_path / "out")
    clean = build(tmp_path / "src", tmp_path / "clean")
    assert after == clean
    contents = [page for page in after[0] if "Table of Contents" in page]
    assert contents and contents[0] not in before  # its page numbers moved on too
    assert (tmp_path / "out" / "tiny.pdf.pages").is_file()
