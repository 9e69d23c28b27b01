"""SVG text in the PDF laid out a string at a time, not a letter at a time.

WeasyPrint (up to 70 at least) draws every ``<text>`` of an SVG one code point at a time: for each
letter it makes a Pango layout, measures it and draws it on its own. That is its upstream issue
Kozea/WeasyPrint#2249 ("Don't separate combining characters in SVG text"). It costs twice:

- time: the book's diagrams hold about 54,000 letters, and laying them out one by one was about a
  seventh of each PDF's WeasyPrint time;
- looks: letters drawn apart lose the font's kerning (a word such as "AVA" prints wider than the
  font sets it) and would split a letter from a combining accent or break a ligature.

The issue names the remedy for the common case: when the text gives no position, shift or rotation
for single letters, lay the string out and draw it whole. This module does exactly that and nothing
more, by handing WeasyPrint's own SVG text code the string as a single piece (a ``str`` that
iterates as one item), so all the rest (anchors, baselines, colours, bounding boxes) is still
WeasyPrint's. Text that does place single letters (several ``x`` or ``y`` values, ``dx``, ``dy``,
``rotate``, ``letter-spacing``, ``textLength``, right-to-left) goes through WeasyPrint unchanged.
Graphviz never writes those, so every diagram label takes the whole-string path.

It is switched on only while Rulewright's PDF step runs WeasyPrint (``whole_strings()``); once
WeasyPrint shapes whole strings itself, the wrapper changes nothing and can go.
"""
from __future__ import annotations

import contextlib
import re

# Attributes with which an SVG places or spaces single letters: such text is left to WeasyPrint.
PER_LETTER = ("dx", "dy", "rotate", "letter-spacing", "textLength")


class _Whole(str):
    """A string that WeasyPrint's letter loop (``for char in node.text``) sees as one letter."""

    def __iter__(self):
        yield str(self)


def _one_value(value) -> bool:
    return value is None or len(re.split(r"[\s,]+", str(value).strip())) <= 1


def plain(node) -> bool:
    """Whether a text node leaves its letters where the font puts them."""
    attrib = node.attrib
    return (_one_value(attrib.get("x")) and _one_value(attrib.get("y"))
            and not any(attrib.get(name) for name in PER_LETTER)
            and attrib.get("direction", "ltr") != "rtl")


def _wrap(draw_text):
    def draw_whole(svg, node, font_size):
        element = node._etree_node
        string = element.text
        if not string or len(string) == 1 or not plain(node):
            return draw_text(svg, node, font_size)
        element.text = _Whole(string)
        try:
            return draw_text(svg, node, font_size)
        finally:
            element.text = string

    draw_whole.wraps = draw_text
    return draw_whole


@contextlib.contextmanager
def whole_strings():
    """While inside, WeasyPrint lays out and draws each plain SVG text string in one piece."""
    import weasyprint.svg as package  # noqa: PLC0415 - start-up: every book build would load weasyprint

    original = package.text  # WeasyPrint's SVG text function, as its draw loop knows it
    if hasattr(original, "wraps"):  # already inside
        yield
        return
    whole = _wrap(original)
    tags = {tag for tag, draw in package.TAGS.items() if draw is original}
    # draw_node both calls TAGS[tag] and compares it with the module's `text` (to anchor the
    # string), so both names change together.
    package.text = whole
    package.TAGS.update(dict.fromkeys(tags, whole))
    try:
        yield
    finally:
        package.text = original
        package.TAGS.update(dict.fromkeys(tags, original))
