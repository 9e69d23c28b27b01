"""The HTML search's words are stemmed once a build, not once a page.

Sphinx stems every word of a page for its search index, remembering a word's stem for the rest of
that page only (sphinx.search.IndexBuilder.feed), so a word the book uses on every page is stemmed
on every page; stemming is most of what indexing a page costs (a quarter of a second of this
repository's clean build). The search language of the build (``html_search_language``, else
``language``) is replaced, for this build, by the same language remembering each word's stem for
the whole build: a stem depends on the word alone, so the index written is the same.
"""
from __future__ import annotations

from importlib import import_module

from sphinx.search import SearchLanguage, languages


def remember_stems(app, config) -> None:
    """``config-inited``: the build's search language, remembering its stems (see above): the class
    Sphinx would choose, under the name it would find it by (``en`` for ``en_GB``). A language
    Sphinx has no stemmer for is indexed as it would be, stem by stem."""
    lang = config.html_search_language or config.language or "en"
    key = lang if lang in languages or "_" not in lang else lang.partition("_")[0]
    chosen = languages.get(key)
    if isinstance(chosen, str):  # (Sphinx names its own languages' classes by their module)
        module, name = chosen.rsplit(".", 1)
        chosen = getattr(import_module(module), name)
    if chosen is None or issubclass(chosen, Remembering):
        return
    app.add_search_language(type(f"Remembering{chosen.__name__}", (Remembering, chosen), {"lang": key}))


class Remembering(SearchLanguage):
    """A search language that stems each word once in the build (one instance: the build's index)."""

    def __init__(self, options: dict) -> None:
        super().__init__(options)
        self._stems: dict[str, str] = {}

    def stem(self, word: str) -> str:
        stem = self._stems.get(word)
        if stem is None:
            stem = self._stems[word] = super().stem(word)
        return stem
