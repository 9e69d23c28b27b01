"""The PDF step's whole-string SVG text (rulewright/sphinx/svg_text.py): a plain label is laid out
once, not once per letter; it prints where WeasyPrint's own letter-by-letter drawing put it; text
that places single letters is left to WeasyPrint; and nothing stays changed afterwards."""
from __future__ import annotations

import shutil
import subprocess

import pytest

weasyprint = pytest.importorskip("weasyprint")
from PIL import Image, ImageChops  # noqa: E402

from rulewright.sphinx.svg_text import plain, whole_strings  # noqa: E402

LABEL = "Wave AVA Tokyo"
SVG = f"""<svg xmlns="http://www.w3.org/2000/svg" width="400pt" height="120pt" viewBox="0 0 400 120">
<text text-anchor="middle" x="200" y="30" font-family="DejaVu Sans" font-size="20">{LABEL}</text>
<text x="20 60 100 140" y="80" font-family="DejaVu Sans" font-size="20">ABCD</text>
</svg>"""
PAGE = f"""<html><head><style>@page {{ size: 160mm 60mm; margin: 5mm }}</style></head>
<body>{SVG}</body></html>"""


def layouts_made(monkeypatch) -> list[str]:
    """Every string WeasyPrint's SVG text code lays out, in order."""
    from weasyprint.text import line_break

    made: list[str] = []
    original = line_break.split_first_line

    def spy(text, *args, **kwargs):
        made.append(str(text))
        return original(text, *args, **kwargs)

    monkeypatch.setattr(line_break, "split_first_line", spy)
    return made


def test_a_plain_label_is_laid_out_whole_and_placed_letters_one_by_one(monkeypatch):
    made = layouts_made(monkeypatch)
    with whole_strings():
        weasyprint.HTML(string=PAGE).write_pdf()
    assert made.count(LABEL) == 2  # measured, then drawn: once each
    assert "W" not in made and "T" not in made  # no letter of it on its own
    assert all(letter in made for letter in "ABCD")  # four x values: four single letters


def test_without_it_weasyprint_lays_out_letter_by_letter(monkeypatch):
    """The cost this module removes (if WeasyPrint ever shapes whole strings itself, this fails,
    and svg_text can go)."""
    made = layouts_made(monkeypatch)
    weasyprint.HTML(string=PAGE).write_pdf()
    assert made.count(LABEL) == 1 and "W" in made and "T" in made


def test_nothing_stays_changed():
    import weasyprint.svg as package

    before = (package.text, dict(package.TAGS))
    with whole_strings():
        assert package.text is not before[0]
        with whole_strings():  # a second entry changes nothing more
            pass
        assert package.TAGS["text"] is package.text
    assert (package.text, dict(package.TAGS)) == before


def test_which_text_is_plain():
    class Node:
        def __init__(self, **attrib):
            self.attrib = attrib

    assert plain(Node(x="10", y="20"))
    assert plain(Node())
    assert not plain(Node(x="10 20"))
    assert not plain(Node(x="10,20"))
    assert not plain(Node(y="1 2 3"))
    assert not plain(Node(dx="2"))
    assert not plain(Node(rotate="30"))
    assert not plain(Node(**{"letter-spacing": "2"})) and not plain(Node(textLength="90"))
    assert not plain(Node(direction="rtl"))


def ink(pdf: bytes, tmp_path, name: str) -> Image.Image:
    (tmp_path / f"{name}.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-gray", "-r", "100", "-png", "-singlefile", str(tmp_path / f"{name}.pdf"),
                    str(tmp_path / name)], check=True)
    return Image.open(tmp_path / f"{name}.png").convert("L")


def band(image: Image.Image, top: float, bottom: float) -> Image.Image:
    return image.crop((0, int(image.height * top), image.width, int(image.height * bottom)))


def test_it_prints_where_weasyprint_put_it(tmp_path):
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm (poppler-utils) is not installed; .ci/run installs it")
    letters = ink(weasyprint.HTML(string=PAGE).write_pdf(), tmp_path, "letters")
    with whole_strings():
        whole = ink(weasyprint.HTML(string=PAGE).write_pdf(), tmp_path, "whole")
    dark = lambda image: image.point(lambda p: 255 if p < 128 else 0)  # noqa: E731
    # The centred label: still centred on x = 200 and on the same baseline; a little narrower,
    # because the font's kerning (W-a, A-V, V-A, T-o) now applies.
    old, new = dark(band(letters, 0, 0.5)).getbbox(), dark(band(whole, 0, 0.5)).getbbox()
    assert old and new
    assert abs((old[0] + old[2]) - (new[0] + new[2])) <= 2, (old, new)
    assert (old[1], old[3]) == (new[1], new[3])
    old_width, new_width = old[2] - old[0], new[2] - new[0]
    assert 0.92 * old_width < new_width < old_width, (old, new)
    # The letters placed one by one: drawn exactly as before.
    assert ImageChops.difference(band(letters, 0.5, 1), band(whole, 0.5, 1)).getbbox() is None
