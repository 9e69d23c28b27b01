"""The PDF step's own work around sphinx-simplepdf: its contents repair runs only when it has
something to repair, and then does what sphinx-simplepdf does."""
from __future__ import annotations

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
