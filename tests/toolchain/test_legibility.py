"""Measuring a drawn diagram for legibility (rulewright/game/legibility.py) and the colours the DOT
look gives games (rulewright/dot.py): the WCAG formula against known values, and each check on a
small SVG made to pass or fail it."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from rulewright import dot
from rulewright.game import legibility

PAPER = '<polygon fill="white" stroke="none" points="0,0 0,-200 300,-200 300,0 0,0"/>'


def svg(body: str, title: bool = True) -> str:
    head = "<title>Figure</title><desc>What it shows</desc>" if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="300pt" height="200pt">{head}'
            f'<g transform="translate(0 200)">{PAPER}{body}</g></svg>')


def text(x: float, y: float, words: str, fill: str = "#222222", size: int = 12) -> str:
    return (f'<text text-anchor="middle" x="{x}" y="{y}" font-family="DejaVu Sans" font-size="{size}" '
            f'fill="{fill}">{words}</text>')


def test_the_wcag_formula_gives_the_known_ratios():
    assert dot.contrast("#000000", "#ffffff") == pytest.approx(21)
    assert dot.contrast("#ffffff", "#ffffff") == pytest.approx(1)
    assert dot.contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the web's lightest 4.5:1 grey
    assert dot.contrast("#9a9a9a", "#ffffff") == pytest.approx(2.81, abs=0.01)  # the grey the issue measured
    assert dot.contrast(dot.MUTED, "#ffffff") >= 4.5  # the shared grey for words


@settings(max_examples=60, deadline=None)
@given(st.from_regex(r"#[0-9a-f]{6}", fullmatch=True), st.sampled_from(["#ffffff", "#fff2a8", "#cdeac0", "#f6dada"]),
       st.sampled_from([3.0, 4.5]))
def test_readable_colours_reach_their_ratio(colour, fill, ratio):
    assert dot.contrast(dot.readable(colour, fill, ratio), fill) >= ratio
    assert dot.contrast(dot.ink_on(colour), colour) >= 4.5  # black or white always reaches 4.5 on some side


def test_a_faint_label_and_a_faint_line_are_found():
    found = legibility.problems(svg(text(100, -100, "faint", "#9a9a9a")
                                    + '<path fill="none" stroke="#c8c8c8" stroke-width="1.4" d="M10,-10L200,-10"/>'))
    assert any("'faint'" in f and "2.81:1" in f for f in found), found
    assert any("a line (path, #c8c8c8)" in f for f in found), found
    assert not legibility.problems(svg(text(100, -100, "dark", "#707070")
                                       + '<path fill="none" stroke="#949494" stroke-width="1.4" d="M10,-10L200,-10"/>'))


def test_a_label_is_measured_against_the_shape_under_it():
    chip = '<polygon fill="#e69f00" stroke="#e69f00" points="40,-90 160,-90 160,-120 40,-120 40,-90"/>'
    found = legibility.problems(svg(chip + text(100, -100, "ES", "#ffffff")))
    assert any("#ffffff on #e69f00" in f for f in found), found
    assert not [f for f in legibility.problems(svg(chip + text(100, -100, "ES", dot.ink_on("#e69f00"))))
                if "label" in f]


def test_overlapping_labels_are_found_and_neighbours_are_not():
    found = legibility.problems(svg(text(100, -100, "LNWR Bir.") + text(110, -96, "LNWR Der.")))
    assert any("'LNWR Bir.' and 'LNWR Der.' overlap" in f for f in found), found
    assert not legibility.problems(svg(text(100, -100, "LNWR Bir.") + text(100, -85, "LNWR Der.")))  # next line


def test_a_line_break_escaped_twice_is_named_as_such():
    """A label drawn with a backslash and an 'n' in it: the overlap says what that means, and the
    label is written as drawn (one backslash), not as Python writes it."""
    found = legibility.problems(svg(text(100, -100, "B3\\nplums") + text(110, -96, "B4")))
    assert any("the labels 'B3\\nplums' and 'B4' overlap (the label 'B3\\nplums' holds a backslash and an 'n'" in f
               for f in found), found
    plain = legibility.problems(svg(text(100, -100, "LNWR Bir.") + text(110, -96, "LNWR Der.")))
    assert not any("backslash" in f for f in plain), plain


def test_a_highlight_band_and_a_paper_coloured_rim_are_not_lines():
    band = '<path fill="none" stroke="#a9e4f5" stroke-width="14" d="M10,-10L200,-10"/>'
    rim = '<ellipse fill="#d62728" stroke="white" cx="50" cy="-50" rx="5" ry="5"/>'
    assert not legibility.problems(svg(band + rim))


def test_a_picture_the_build_drew_needs_a_title_first_and_a_description():
    found = legibility.problems(svg("", title=False))
    assert any("no <title>" in f for f in found) and any("no <desc>" in f for f in found), found
    assert not legibility.problems(svg("", title=False), drawn_by_the_build=False)
    assert not legibility.problems(svg(""))


def test_typed_stand_ins_for_symbols_are_found_and_words_are_not():
    for art in ("- - -", ". . . .", "[[ ]]", "[ $ ]", "X - -"):
        assert any("stands in for a symbol" in f for f in legibility.problems(svg(text(100, -100, art)))), art
    for words in ("$10", "A-1", "1,2", "X", "ES", "- refused", "LNWR Bir."):
        assert not legibility.problems(svg(text(100, -100, words))), words


def test_the_warning_says_which_of_an_example_s_two_pictures_is_hard_to_read():
    from types import SimpleNamespace

    from rulewright.problems import Where
    from rulewright.testing.sybil_parser import DiagramHardToRead, _check_legibility

    result = SimpleNamespace(scenario=SimpleNamespace(where=Where("rules.md", 12)))
    bad, good = svg(text(100, -100, "LNWR Bir.") + text(110, -96, "LNWR Der.")), svg(text(100, -100, "dark"))
    with pytest.warns(DiagramHardToRead, match="the diagram after the moves is hard to read: the labels"):
        _check_legibility(result, [good, bad])
    with pytest.warns(DiagramHardToRead, match="rules.md, line 12: the diagram is hard to read"):
        _check_legibility(result, [bad])
