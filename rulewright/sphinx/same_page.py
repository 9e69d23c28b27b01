"""A cross-reference to a place on its own page says "above" or "below", not its own page number.

In print a reference carries the page it leads to ("rule 2.2.4a, p. 85", "Examples: A-4 (p. 12)":
CSS ``target-counter()``, rulewright-apparatus.css); when the place is on the same page, a
publisher prints "rule 2.2.4a, above" instead. Which references those are is known only once the
book is laid out, so:

- each reference the last build of the same PDF found on its target's page is marked before the
  book is laid out (``data-rw-here="above"`` or ``"below"``, kept beside the PDF, ``*.here``), and
  the stylesheet prints the word in place of the page number;
- the laid-out book is then read: each link that prints a page number (its ``::after`` says
  "p. N") or is marked, and the page and height of the place it leads to. When every marked link
  is on its target's page, on the side it says, and no other is, the book is done: a rebuild that
  moves no page break costs no second layout;
- else the marks are set from what was found and the book is laid out again (from the page numbers
  just found, so once: ``page_numbers``). "above" is a little narrower than "p. 285", so a mark
  seldom moves a line break; should the marks not settle in a few layouts, the book is laid out
  without them, every reference with its page number, as before.

The book's HTML is marked in WeasyPrint's own tree of it (``HTML.etree_element``): the file is
left as Sphinx wrote it.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from . import page_numbers

HERE = "data-rw-here"  # the attribute the stylesheet reads: "above" or "below"
ATTEMPTS = 3  # layouts with marks before the book is laid out without them
PRINTS_PAGE = re.compile(r"\bp\.\s*\d+")  # what a reference's ::after says when it prints a page number


def kept_beside(pages: Path) -> Path:
    return pages.with_name(pages.name.removesuffix(".pages") + ".here")


def _keyed(root) -> dict[str, object]:
    """Each internal link of the book's tree, keyed by its address and how many links before it
    have the same one ("#rule-x 2"): a key that an edit elsewhere in the book does not change."""
    counted: dict[str, int] = {}
    keyed = {}
    for element in root.iter("a"):
        href = element.get("href") or ""
        if href.startswith("#"):
            counted[href] = counted.get(href, 0) + 1
            keyed[f"{href} {counted[href]}"] = element
    return keyed


def _text(box) -> str:
    text = getattr(box, "text", "") or ""
    return text + "".join(_text(child) for child in getattr(box, "children", ()))


def found(document, keyed: dict[str, object]) -> dict[str, str]:
    """{key: "above" or "below"} for each reference of the laid-out ``document`` that is on the
    page of the place it leads to: a link that prints a page number or is marked."""
    places: dict[str, tuple[int, float]] = {}
    for number, page in enumerate(document.pages):
        for name, where in page.anchors.items():
            places.setdefault(name, (number, where[1]))
    references: dict[int, tuple[int, float, str]] = {}  # id(element) -> page, height, target
    for number, page in enumerate(document.pages):
        for kind, target, rectangle, box in page.links:
            element = getattr(box, "element", None)
            if (kind == "internal" and element is not None and str(getattr(box, "element_tag", "")).endswith("::after")
                    and (PRINTS_PAGE.search(_text(box)) or element.get(HERE))):
                references[id(element)] = (number, rectangle[1], target)
    words = {}
    for key, element in keyed.items():
        if id(element) not in references:
            continue
        number, height, target = references[id(element)]
        if target in places and places[target][0] == number:
            words[key] = "above" if places[target][1] <= height else "below"
    return words


def _mark(keyed: dict[str, object], words: dict[str, str]) -> None:
    for key, element in keyed.items():
        if key in words:
            element.set(HERE, words[key])
        elif HERE in element.attrib:
            del element.attrib[HERE]


def _load(path: Path) -> dict[str, str]:
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in kept.items() if v in ("above", "below")} if isinstance(kept, dict) else {}


def render(html, pages: Path, **options):
    """The WeasyPrint document of ``html`` (a ``weasyprint.HTML``), laid out as
    ``page_numbers.render`` does (``pages``: the page numbers kept), with each reference to a place
    on its own page saying "above" or "below" (``kept_beside(pages)``: those of the last build)."""
    kept = kept_beside(pages)
    keyed = _keyed(html.etree_element)
    words = {key: word for key, word in _load(kept).items() if key in keyed}
    for _ in range(ATTEMPTS):
        _mark(keyed, words)
        document = page_numbers.render(html, pages, **options)
        now = found(document, keyed)
        if now == words:
            kept.write_text(json.dumps(words, sort_keys=True), encoding="utf-8")
            return document
        words = now
    _mark(keyed, {})
    kept.unlink(missing_ok=True)
    return page_numbers.render(html, pages, **options)
