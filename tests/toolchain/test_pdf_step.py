"""The PDF step's own work around sphinx-simplepdf: its contents repair runs only when it has
something to repair, and then does what sphinx-simplepdf does."""
from __future__ import annotations

import pytest

from rulewright.sphinx.pdf import needs_toctree_fix as _needs_toctree_fix

SIDEBAR = ('<div class="sphinxsidebarwrapper"><ul>'
           '<li class="toctree-l1"><a class="reference internal" href="#{a}">One</a></li>'
           '<li class="toctree-l2"><a class="reference internal" href="#{b}">Two</a></li></ul></div>')


def page(a: str, b: str, sections: list[str]) -> str:
    body = "".join(f'<section id="{s}"><h2>{s}</h2></section>' for s in sections)
    return f"<html><body>{SIDEBAR.format(a=a, b=b)}{body}</body></html>"


def test_a_book_whose_contents_point_at_page_marks_needs_no_repair():
    html = page("document-one", "document-two", ["intro", "notation", "notation"])
    assert not _needs_toctree_fix(html)


def test_two_sections_sharing_the_id_a_contents_entry_points_at_need_the_repair():
    html = page("intro", "notation", ["intro", "notation", "rules", "notation"])
    assert _needs_toctree_fix(html)


def test_a_page_without_contents_needs_no_repair():
    assert not _needs_toctree_fix('<section id="a"></section><section id="a"></section>')


def test_a_pdf_is_made_again_only_when_what_it_is_made_from_changed(tmp_path):
    """The PDF build keeps the PDF when nothing WeasyPrint reads changed (a second `make rulebook`
    with no edit), and makes it again after an edit."""
    import subprocess
    import sys
    import textwrap

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(textwrap.dedent("""
        extensions = ["myst_parser", "rulewright.sphinx", "sphinx_simplepdf"]
        project = "Tiny"
        simplepdf_file_name = "tiny.pdf"
        """))
    (src / "index.md").write_text("# Tiny\n\nOne page.\n")
    out = tmp_path / "out"

    def build():
        done = subprocess.run([sys.executable, "-m", "sphinx", "-b", "simplepdf", str(src), str(out)],
                              capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "RULEWRIGHT_CACHE": "off"})
        assert done.returncode == 0, done.stderr
        return (out / "tiny.pdf").stat().st_mtime_ns, done.stdout

    first, _ = build()
    again, said = build()
    assert again == first and "tiny.pdf is unchanged" in said
    (src / "index.md").write_text("# Tiny\n\nOne page, edited.\n")
    edited, said = build()
    assert edited != first and "unchanged" not in said


def test_weasyprint_command_line_settings_are_named_not_silently_ignored(tmp_path):
    import subprocess
    import sys

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["myst_parser", "rulewright.sphinx", "sphinx_simplepdf"]\n'
                                 'simplepdf_weasyprint_flags = ["-v"]\n')
    (src / "index.md").write_text("# Tiny\n\nOne page.\n")
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "simplepdf", str(src), str(tmp_path / "out")],
                          capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "RULEWRIGHT_CACHE": "off"})
    assert "simplepdf_weasyprint_flags" in done.stderr and "remove them from conf.py" in done.stderr


def test_font_subsetting_notes_are_not_printed_while_the_pdf_is_written(caplog):
    import logging

    from rulewright.sphinx import pdf as pdf_step

    with pdf_step._quiet("fontTools"):
        logging.getLogger("fontTools.subset").warning("meta NOT subset")
        logging.getLogger("fontTools.subset").error("a real failure")
    logging.getLogger("fontTools.subset").warning("said again afterwards")
    assert "meta NOT subset" not in caplog.text
    assert "a real failure" in caplog.text and "said again afterwards" in caplog.text


def test_the_pdf_says_it_is_pdf_ua_in_its_xmp_metadata(tmp_path):
    """The screen PDF is tagged and identifies itself as PDF/UA-1, with its title, in XMP."""
    import subprocess
    import sys

    pikepdf = pytest.importorskip("pikepdf", reason="pikepdf is Rulewright's print extra")
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["myst_parser", "rulewright.sphinx", "sphinx_simplepdf"]\n'
                                 'project = "Tiny"\nsimplepdf_file_name = "tiny.pdf"\n')
    (src / "index.md").write_text("# Tiny\n\nOne page.\n")
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "sphinx", "-b", "simplepdf", str(src), str(out)],
                          capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "RULEWRIGHT_CACHE": "off"})
    assert done.returncode == 0, done.stderr
    with pikepdf.open(out / "tiny.pdf") as pdf:
        meta = pdf.open_metadata()
        assert meta.get("pdfuaid:part") == "1" and "Tiny" in meta.get("dc:title", "")
        assert bool(pdf.Root.MarkInfo.Marked) and "/StructTreeRoot" in pdf.Root


def _pages_of(document) -> dict[str, int]:
    return {name: number for number, page in enumerate(document.pages, start=1) for name in page.anchors}


@pytest.mark.parametrize("lead_in, together", [("Backing up is the obvious case.", True), ("Long words. " * 40, False)])
def test_a_heading_and_its_short_lead_in_go_with_the_example_s_tall_figure(lead_in, together):
    """Print keeps a heading and a lead-in of two lines at most (``mark_lead_ins``) with the example
    they lead into: with a tall figure that does not fit under them, they go to its page rather than
    stay at the foot of the page before. A longer lead-in stays where it is, so the page before is
    not left half empty for it."""
    import weasyprint
    from pathlib import Path

    from rulewright.sphinx.pdf import mark_lead_ins

    css = Path(__file__).resolve().parents[2] / "rulewright" / "sphinx" / "static" / "rulewright.css"
    page = mark_lead_ins(
        '<html><body>' + '<p>Words of the rules, to fill most of the page.</p>' * 20
        + f'<section id="s"><h4 id="heading">Your own street</h4>\n<p>{lead_in}</p>\n'
        '<div class="rw-example rw-with-figure" id="example"><p class="rw-example-head">Example D-48</p>'
        '<figure class="rw-figure"><div class="rw-diagram" style="height: 16cm; background: #ccc"></div>'
        '</figure><div class="rw-part"><p class="rw-part-label">Setup</p><p>Red.</p></div></div></section>'
        '</body></html>')
    assert ('class="rw-lead-in"' in page) is together
    document = weasyprint.HTML(string=page, base_url=str(css.parent)).render(
        stylesheets=[weasyprint.CSS(filename=str(css))])
    pages = _pages_of(document)
    assert pages["example"] == 2
    assert (pages["heading"] == pages["example"]) is together, pages
