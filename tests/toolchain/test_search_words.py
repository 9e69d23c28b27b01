"""The HTML search's stems are remembered for the whole build, and are the stems Sphinx gives."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from sphinx.search import SearchEnglish, languages

from rulewright.sphinx import search_words


@pytest.fixture
def registry(monkeypatch):
    monkeypatch.setattr(search_words, "languages", dict(languages))
    return search_words.languages


def _register(registry, **config):
    added = []
    app = SimpleNamespace(add_search_language=lambda cls: added.append(cls) or registry.__setitem__(cls.lang, cls))
    search_words.remember_stems(app, SimpleNamespace(**{"html_search_language": None, "language": "en"} | config))
    return added


@pytest.mark.parametrize("language", ["en", "en_GB"])
def test_the_build_s_language_is_found_remembering_its_stems(registry, language):
    (added,) = _register(registry, language=language)
    assert registry["en"] is added and issubclass(added, SearchEnglish) and added.lang == "en"
    assert _register(registry, language=language) == []  # (a second build in the process: registered once)


def test_a_remembered_stem_is_sphinx_s_stem_made_once(registry, monkeypatch):
    (added,) = _register(registry)
    remembering, plain = added({}), SearchEnglish({})
    words = ["tiles", "tiling", "tiles", "running", "ran", "runs", "running"]
    assert [remembering.stem(word) for word in words] == [plain.stem(word) for word in words]
    made = []
    monkeypatch.setattr(SearchEnglish, "stem", lambda self, word: made.append(word) or word)
    fresh = added({})
    for word in words:
        fresh.stem(word)
    assert sorted(made) == sorted(set(words))


def test_a_language_sphinx_has_no_stemmer_for_is_left_as_sphinx_reads_it(registry):
    assert _register(registry, language="xx") == [] and "xx" not in registry
