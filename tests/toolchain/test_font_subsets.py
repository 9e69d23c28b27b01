"""A font's subset for the PDF is made once for the same glyphs, then taken from the store."""
import pytest

weasyprint = pytest.importorskip("weasyprint")

from weasyprint.pdf import fonts  # noqa: E402

from rulewright.sphinx.font_subsets import kept_subsets  # noqa: E402


def _pdf(text: str) -> bytes:
    return weasyprint.HTML(string=f"<p style='font-family: DejaVu Sans'>{text}</p>").write_pdf()


def test_the_same_glyphs_take_the_kept_subset_and_a_new_glyph_makes_one(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path))
    made = []
    original = fonts.Font.subset

    def counted(font, to_unicode, hinting):
        made.append(sorted(to_unicode))
        return original(font, to_unicode, hinting)

    monkeypatch.setattr(fonts.Font, "subset", counted)
    with kept_subsets():
        first = _pdf("Ann takes two counters.")
        assert made and list((tmp_path / "font-subset").glob("*.pickle"))
        made.clear()
        again = _pdf("Ann takes two counters.")
        assert made == []  # every subset from the store
        assert len(again) == len(first)
        _pdf("Ann takes two counters: zebra!")  # new glyphs (z, b, :, !)
        assert made
    assert fonts.Font.subset is counted  # WeasyPrint's own method again after the block
