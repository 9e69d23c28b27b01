"""The printed page numbers laid out once: WeasyPrint renders the book with the page numbers the
last build found, and checks they came out the same.

The PDF prints page numbers of places elsewhere in the book (the contents, the rule index, an
example's rules, the term index: CSS ``target-counter()``). WeasyPrint learns a place's page only
when it lays that page out, so it lays the book out, then again every page that shows a page
number (now filled in), then once more (the first pass counted the book as 0 pages long): a
70-page edition was 162 page layouts, about two thirds of its PDF time.

Here a render starts from the page of every place as the last build of the same PDF found it
(kept beside the PDF, ``*.pages``) and lays the book out once. When each place a number points at
came out on the page the number says, that layout is the book, exactly as the next build would lay
it out from the same numbers. When not (a page was added, or no build came before), the numbers
just found are used for a new render, until they hold (a prose edit that moves no page break needs
one render; a clean build two). Should they not settle in a few renders, or should the book's CSS
count the pages (``counter(pages)``), WeasyPrint renders the book its own way, as before.

So a clean build and a later one from the same one-page HTML print the same pages: in both, every
number was laid out already right.

WeasyPrint has no API for this; it is done with three of its internals (the target collector's
``collect_anchor`` and ``lookup_target``, and ``layout_document``'s number of passes), patched only
while ``render`` runs. Any change in them (a WeasyPrint upgrade) makes ``render`` fall back to WeasyPrint's own way.
"""
from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path

ATTEMPTS = 3  # renders from found numbers before WeasyPrint's own way is used


def load(path: Path) -> dict:
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


class _Pass:
    """What one render found: each place's page counters as laid out, the places a number points
    at, and whether the layout needed a second pass for another reason (the page count)."""

    def __init__(self):
        self.found: dict = {}
        self.pointed_at: set[str] = set()
        self.pages_wanted = False


@contextlib.contextmanager
def _seeded(seeds: dict, seen: _Pass):
    from weasyprint import document
    from weasyprint.css.targets import TargetCollector

    collect_anchor, lookup_target = TargetCollector.collect_anchor, TargetCollector.lookup_target
    layout_document = document.layout_document
    looked_up: set[int] = set()  # the places some CSS target-counter() or target-text() points at

    def seeded_anchor(self, anchor_name):
        collect_anchor(self, anchor_name)
        if isinstance(anchor_name, str) and anchor_name in seeds:
            self.target_lookup_items[anchor_name].cached_page_counter_values = copy.deepcopy(seeds[anchor_name])

    def noted_lookup(self, *args, **kwargs):
        item = lookup_target(self, *args, **kwargs)
        looked_up.add(id(item))
        return item

    def laid_out_once(html, root_box, context, max_loops=8):  # a generator of pages, as WeasyPrint's
        yield from layout_document(html, root_box, context, max_loops=1)
        collector = context.target_collector
        for name, item in collector.target_lookup_items.items():
            if item.page_maker_index is not None:  # laid out on a page
                seen.found[name] = copy.deepcopy(item.cached_page_counter_values)
        seen.pointed_at.update(name for name, item in collector.target_lookup_items.items() if id(item) in looked_up)
        seen.pages_wanted = any(state[-1]["pages_wanted"] for state in context.page_maker)

    TargetCollector.collect_anchor, TargetCollector.lookup_target = seeded_anchor, noted_lookup
    document.layout_document = laid_out_once
    try:
        yield
    finally:
        TargetCollector.collect_anchor, TargetCollector.lookup_target = collect_anchor, lookup_target
        document.layout_document = layout_document


def render(make_html, kept: Path, **options):
    """The WeasyPrint document of ``make_html()`` (a new ``weasyprint.HTML`` each time it is called)
    with its page numbers laid out once where the numbers ``kept`` holds still hold; ``kept`` is then
    rewritten with the numbers found."""
    seeds = load(kept)
    for _ in range(ATTEMPTS):
        seen = _Pass()
        try:
            with _seeded(seeds, seen):
                document = make_html().render(**options)
        except (AttributeError, TypeError, KeyError, IndexError):  # WeasyPrint's internals changed
            break
        if seen.pages_wanted:
            break
        if all(seen.found.get(name, {}) == seeds.get(name, {}) for name in seen.pointed_at):
            kept.write_text(json.dumps(seen.found, sort_keys=True), encoding="utf-8")
            return document
        seeds = seen.found
    kept.unlink(missing_ok=True)
    return make_html().render(**options)
