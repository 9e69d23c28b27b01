"""The HTML search keeps every page's index entries (the glossary's terms, an ``{index}``) when a
build writes only some pages.

Sphinx (9.0 at least; sphinx-doc/sphinx#12599) loads the last build's ``searchindex.js`` before
writing, but not its index entries: after an incremental build, search finds only the entries of
the pages written that time. A player searching the HTML edition for "tile" would no longer be
offered the glossary's entry once any other page had been edited.

Before the index is written (``html-collect-pages`` comes just before it, in the same process),
each page that was not written this time gets back the entries the last index gave it, read from
that index itself, so nothing else has to be kept between builds. Every page's entries are then
put in page order, and the words no page has any more (Sphinx keeps them, with no page) are
dropped, so an incremental build writes the same index as a clean one.
"""
from __future__ import annotations

from sphinx.util import logging

logger = logging.getLogger(__name__)


def keep_entries(app):
    """``html-collect-pages``: add no page; restore the index entries of the pages not written and
    forget the words of none."""
    builder = app.builder
    indexer = getattr(builder, "indexer", None)
    entries = getattr(indexer, "_index_entries", None)
    if indexer is None or not isinstance(entries, dict):
        return []
    indexed = set(indexer._titles)
    for docname, found in last_entries(builder).items():
        if docname in indexed and docname not in entries:
            entries[docname] = found
    ordered = {docname: entries[docname] for docname in sorted(entries) if docname in indexed}
    entries.clear()
    entries.update(ordered)
    for words in (indexer._mapping, indexer._title_mapping):
        for word in [word for word, docnames in words.items() if not docnames]:
            del words[word]
    return []


def last_entries(builder) -> dict[str, list[tuple[str, str, str]]]:
    """The index entries of each page in the search index the last build wrote: ``{}`` when there
    is none or it cannot be read (Sphinx then warns that the index will be incomplete)."""
    path = builder.outdir / builder.searchindex_filename
    try:
        form = builder.indexer_format  # the form Sphinx writes the index in, or its name
        if isinstance(form, str):
            form = builder.indexer.formats[form]
        if builder.indexer_dumps_unicode:
            with open(path, encoding="utf-8") as stream:
                frozen = form.load(stream)
        else:
            with open(path, "rb") as stream:
                frozen = form.load(stream)
        docnames = frozen["docnames"]
        found: dict[str, list[tuple[str, str, str]]] = {}
        for entry, places in frozen.get("indexentries", {}).items():
            for index, target, main in places:
                found.setdefault(docnames[index], []).append((entry, target, "main" if main else ""))
    except (OSError, ValueError, KeyError, IndexError, TypeError) as error:
        logger.debug("rulewright: the last search index's entries could not be read: %s", error)
        return {}
    return {docname: sorted(items) for docname, items in found.items()}
