"""The printed page numbers laid out right the first time: WeasyPrint renders the book with the
page numbers the last build found, and checks they came out the same.

The PDF prints page numbers of places elsewhere in the book (the contents, the rule index, an
example's rules, the term index: CSS ``target-counter()``). WeasyPrint learns a place's page only
when it lays that page out, so it lays the book out, then again every page that shows a page
number (now filled in), then once more (the first pass counted the book as 0 pages long): a
70-page edition was 162 page layouts, about two thirds of its PDF time.

Here a render starts from the page of every place as the last build of the same PDF found it
(kept beside the PDF, ``*.pages``) and lays the book out once. When each place a number points at
came out on the page the number says, that pass is the book (a prose edit that moves no page
break). When not (a page break moved, or no build came before), every number is written anew from
the pages just found and every page is laid out once more, each table measured again; when the
places stayed on their pages that second pass is the book, else the book is rendered again from
the pages found. Should that not settle in a few renders, or should the book's own text count
the pages (``counter(pages)``), WeasyPrint renders the book its own way.

So a clean build and a later one from the same one-page HTML print the same pages: in both, every
page was laid out with every number already right (tests/toolchain/test_page_numbers.py builds
a book clean and after an edit, and compares each page's text and the destinations).

WeasyPrint has no API for this; it is done with four of its internals (the target collector's
``collect_anchor`` and ``lookup_target``, the passes of ``layout_document`` and
``make_all_pages``), patched only while ``render`` runs. An error from them (after a WeasyPrint
upgrade) makes ``render`` fall back to WeasyPrint's own way.
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
    """What one render found: each place's page counters as laid out (in the first pass, with the
    page of the second where there was one), the places a number points at, whether the numbers
    held, and whether the layout needed another pass for another reason (the page count)."""

    def __init__(self):
        self.found: dict = {}
        self.pointed_at: set[str] = set()
        self.held = False
        self.pages_wanted = False


def _laid_out(collector) -> dict:
    return {name: copy.deepcopy(item.cached_page_counter_values)
            for name, item in collector.target_lookup_items.items() if item.page_maker_index is not None}


def _page(values: dict):
    return values.get("page")


@contextlib.contextmanager
def _seeded(seeds: dict, seen: _Pass):
    from weasyprint import document, layout  # noqa: PLC0415 - start-up: every book build would load weasyprint
    from weasyprint.css.targets import TargetCollector  # noqa: PLC0415 - start-up: every book build would load weasyprint

    collect_anchor, lookup_target = TargetCollector.collect_anchor, TargetCollector.lookup_target
    layout_document, make_all_pages = document.layout_document, layout.make_all_pages
    looked_up: set[int] = set()  # the places some CSS target-counter() or target-text() points at
    passes = []

    def seeded_anchor(self, anchor_name):
        collect_anchor(self, anchor_name)
        if isinstance(anchor_name, str) and anchor_name in seeds:
            self.target_lookup_items[anchor_name].cached_page_counter_values = copy.deepcopy(seeds[anchor_name])

    def noted_lookup(self, *args, **kwargs):
        item = lookup_target(self, *args, **kwargs)
        looked_up.add(id(item))
        return item

    def one_pass(context, root_box, html, pages):
        yield from make_all_pages(context, root_box, html, pages)
        collector = context.target_collector
        passes.append(_laid_out(collector))
        if len(passes) > 1:
            return
        seen.pointed_at.update(name for name, item in collector.target_lookup_items.items() if id(item) in looked_up)
        seen.pages_wanted = any(state[-1]["pages_wanted"] for state in context.page_maker)
        seen.held = all(passes[0].get(name, {}) == seeds.get(name, {}) for name in seen.pointed_at)
        # The numbers held: this pass is the book. Else every page is laid out once more, with
        # each number written anew from the pages just found and each table's widths measured again.
        for state in context.page_maker:
            state[-1]["content_changed"] = not seen.held
        if not seen.held:
            for (_, css_token), lookup in collector.counter_lookup_items.items():
                if css_token == "content":
                    lookup.parse_again(lookup.cached_page_counter_values or None)
            context.tables.clear()

    def laid_out_once(html, root_box, context, max_loops=8):  # a generator of pages, as WeasyPrint's
        yield from layout_document(html, root_box, context, max_loops=2)
        first = passes[0]
        if len(passes) == 1:
            seen.found = first
            return
        second = passes[1]
        seen.found = {name: {**values, "page": _page(second.get(name, values))} for name, values in first.items()}
        seen.held = all(_page(second.get(name, {})) == _page(first.get(name, {})) for name in seen.pointed_at)

    TargetCollector.collect_anchor, TargetCollector.lookup_target = seeded_anchor, noted_lookup
    document.layout_document, layout.make_all_pages = laid_out_once, one_pass
    try:
        yield
    finally:
        TargetCollector.collect_anchor, TargetCollector.lookup_target = collect_anchor, lookup_target
        document.layout_document, layout.make_all_pages = layout_document, make_all_pages


def render(html, kept: Path, **options):
    """The WeasyPrint document of ``html`` (a ``weasyprint.HTML``, which may be rendered more than
    once) with its page numbers laid out right the first time where the numbers ``kept`` holds
    still hold; ``kept`` is then rewritten with the numbers found."""
    seeds = load(kept)
    for _ in range(ATTEMPTS):
        seen = _Pass()
        try:
            with _seeded(seeds, seen):
                document = html.render(**options)
        except (AttributeError, TypeError, KeyError, IndexError):  # WeasyPrint's internals changed
            break
        if seen.pages_wanted:
            break
        if seen.held:
            kept.write_text(json.dumps(seen.found, sort_keys=True), encoding="utf-8")
            return document
        seeds = seen.found
    kept.unlink(missing_ok=True)
    return html.render(**options)
