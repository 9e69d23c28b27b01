"""The book's words: prose that uses a word the glossary avoids is reported with its file, line and
the preferred term; unused terms, terms bound to engine names that are gone, and cross-references
that lead nowhere are reported too; and the real chapters pass their glossaries."""
import re
import shutil
import textwrap
from pathlib import Path

import pytest

from rulewright.checks import words
from rulewright.checks import check
from tests.toolchain.pages import EXAMPLE_ADD, RULE_ADD, assemble, line_of

ROOT = Path(__file__).resolve().parents[2]

GLOSSARY = """
game: toy
terms:
  counter:
    definition: One token on the pile.
    avoid: [chip, stone]
    except: [stepping stone]
    engine: {view: pile}
  pile:
    definition: All the counters in the middle of the table.
    see: [counter]
"""

PAGE = assemble("# Piles\n\nEach turn adds a counter to the pile.\n", RULE_ADD, EXAMPLE_ADD)


def chapter(tmp_path, page=PAGE, glossary=GLOSSARY, **more):
    folder = tmp_path / "rulebook" / "toy"
    folder.mkdir(parents=True)
    (folder / "glossary.yaml").write_text(textwrap.dedent(glossary).lstrip())
    (folder / "page.md").write_text(page)
    for name, text in more.items():
        (folder / f"{name}.md").write_text(text)
    return folder


def found(problems):
    return [(Path(p.where.path).name, p.where.line, p.message) for p in problems]


def test_a_chapter_that_keeps_to_its_glossary_passes(tmp_path):
    folder = chapter(tmp_path)
    assert found(words.check_terms(folder.parent)) == []


def test_a_page_for_designers_alone_is_not_held_to_the_glossary(tmp_path, monkeypatch):
    """A page marked 'edition: designer' (the authoring guide a new project starts with) is the
    toolchain's or the designer's notes, not the book's prose: its words are not avoided words,
    and a term used only there is not used."""
    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    folder = chapter(tmp_path, guide="---\nedition: designer\n---\n# Guide\n\nPut a chip on the stone heap.\n")
    assert found(words.check_terms(folder.parent)) == []
    (folder / "guide.md").write_text("# Guide\n\nPut a chip on it.\n")
    assert [message for _, _, message in found(words.check_terms(folder.parent))][0].startswith("'chip' is a word")


def test_an_avoided_word_is_reported_with_file_line_and_preferred_term(tmp_path):
    page = PAGE + "\nPut a chip on the\nstone heap.\n"
    folder = chapter(tmp_path, page)
    problems = found(words.check_terms(folder.parent))
    assert [(name, line) for name, line, _ in problems] == [("page.md", line_of(page, "Put a chip")),
                                                           ("page.md", line_of(page, "stone heap"))]
    assert "'chip'" in problems[0][2] and "say 'counter'" in problems[0][2]
    assert "{word}`stone`" in problems[1][2]


def test_a_word_inside_a_hyphenated_compound_is_no_use_of_it():
    """"worker-placement" is no use of the term "worker" (nor "first-player" of "player"): the one
    pattern that finds a term in the prose, for the checks, the links and the index, reads a
    compound as a word of its own, as it reads a dotted rule ID."""
    worker = words.words_pattern(["worker"])
    for compound in ("a worker-placement game", "a co-worker", "a worker\u2010placement game", "workers-only"):
        assert not worker.search(compound), compound
    for use in ("a worker, placed", "two workers - and a third", "the worker.", "(worker)", "a worker—placed"):
        assert worker.search(use), use
    assert [m.group(0) for m in words.words_pattern(["first player"]).finditer(
        "The first player takes the first-player marker; the first-player's turn")] == ["first player"]


def test_an_avoided_word_inside_a_compound_is_not_reported(tmp_path):
    page = PAGE + "\nA stone-cold chip-shaped start, and a chip.\n"
    problems = found(words.check_terms(chapter(tmp_path, page).parent))
    assert [(line, message.split(" is a word")[0]) for _, line, message in problems] == [
        (line_of(page, "A stone-cold"), "'chip'")], problems


def test_fixed_phrases_quotations_code_roles_and_example_bodies_are_not_prose(tmp_path):
    page = PAGE + textwrap.dedent("""
        A stepping
        stone is fine. The source says "add a chip", and `chip` is code.
        The word {word}`chip` is mentioned, not used.

        > A quoted chip.

        ```python
        chip = 1
        ```
        """)
    page = page.replace("expect:", "# a chip\nexpect:")  # inside the example's YAML
    folder = chapter(tmp_path, page)
    assert found(words.check_terms(folder.parent)) == []


def test_rule_texts_titles_and_designer_notes_are_prose(tmp_path):
    page = PAGE + textwrap.dedent("""
        ```{rule} toy.more
        :title: Chips
        More stones.
        ```

        ```{designer-note}
        We said chip before.
        ```
        """)
    folder = chapter(tmp_path, page)
    assert [(line, message.split("'")[1]) for _, line, message in found(words.check_terms(folder.parent))] == [
        (line_of(page, ":title: Chips"), "Chips"), (line_of(page, "More stones"), "stones"),
        (line_of(page, "We said chip"), "chip")]


def test_options_are_read_as_myst_reads_them_a_yaml_block_too(tmp_path):
    """A rule's title written in MyST's YAML block of options is prose at its own line, and the block
    is not read as the rule's text (the check once split options with a pattern of its own)."""
    page = PAGE + textwrap.dedent("""
        ```{rule} toy.more
        ---
        title: A chip on the pile
        ---
        One stone more.
        ```
        """)
    folder = chapter(tmp_path, page)
    assert [(line, message.split("'")[1]) for _, line, message in found(words.check_terms(folder.parent))] == [
        (line_of(page, "title: A chip"), "chip"), (line_of(page, "One stone more"), "stone")]


def test_unused_terms_unknown_see_also_and_lost_engine_names_are_reported(tmp_path):
    glossary = GLOSSARY + "  heap:\n    definition: Never used.\n    see: [mound]\n" \
        "  turn:\n    definition: One player's go.\n    engine: {view: players.*.turns}\n" \
        "  add:\n    definition: The action.\n    engine: {action: plus}\n"
    folder = chapter(tmp_path, glossary=glossary)
    problems = found(words.check_terms(folder.parent))
    text = "\n".join(message for _, _, message in problems)
    assert all(name == "glossary.yaml" for name, _, _ in problems)
    assert "'heap' is never used" in text
    assert "see 'mound', which is not in this glossary" in text
    assert "'players.*.turns', which the" in text
    assert "action 'plus', which the" in text
    assert "turn" not in [m.split("'")[1] for _, _, m in problems if "never used" in m]


def test_a_malformed_glossary_names_its_line(tmp_path):
    folder = chapter(tmp_path, glossary=GLOSSARY.replace("definition: One token", "meaning: One token"))
    (problem,) = found(words.check_terms(folder.parent))
    assert problem[:2] == ("glossary.yaml", 3) and "'counter' needs a 'definition:'" in problem[2]


def test_cross_references_that_lead_nowhere_are_reported(tmp_path):
    page = PAGE + textwrap.dedent("""
        (piles)=
        ## Where piles go

        See {ruleref}`toy.ad`, {doc}`other`, {doc}`missing`, [here](#piles), [there](other.md#nowhere)
        and {ref}`gone`.
        """)
    folder = chapter(tmp_path, page, other="# Other\n")
    problems = found(words.check_references(folder.parent, {"toy.add": None}))
    line = line_of(page, "See {ruleref}")
    assert [(name, where) for name, where, _ in problems] == [("page.md", line)] * 3 + [("page.md", line + 1)]
    text = "\n".join(m for _, _, m in problems)
    assert "toy.ad" in text and "Did you mean 'toy.add'" in text
    assert "missing.md" in text and "'nowhere'" in text and "{ref}`gone`" in text


def test_an_example_reference_to_no_example_is_reported(tmp_path):
    page = PAGE + "\nSee {exampleref}`toy-ad` and {exampleref}`toy-add`.\n"
    folder = chapter(tmp_path, page)
    problems = found(words.check_references(folder.parent, {"toy.add": None}, {"toy-add"}))
    assert [(name, where) for name, where, _ in problems] == [("page.md", line_of(page, "See {exampleref}"))]
    assert "{exampleref}`toy-ad`" in problems[0][2] and "Did you mean 'toy-add'" in problems[0][2]


def test_the_whole_book_check_runs_the_word_and_reference_checks(tmp_path):
    folder = chapter(tmp_path, PAGE + "\nA chip, see {ruleref}`toy.nope`.\n")
    messages = [p.message for p in check(folder.parent, tmp_path / "no-engine")]
    assert any("say 'counter'" in m for m in messages)
    assert any("toy.nope" in m for m in messages)


def test_a_new_connection_in_muck_and_brass_is_reported_as_a_link(tmp_path):
    book = tmp_path / "rulebook"
    shutil.copytree(ROOT / "rulebook" / "muck-and-brass", book / "muck-and-brass")
    shutil.copy(ROOT / "rulebook" / "authoring.md", book)  # the glossary page points to it
    assert [str(p) for p in check(book) if "muck-and-brass" in p.where.path] == []
    page = book / "muck-and-brass" / "links.md"
    text = page.read_text() + "\nA company may build a new connection between two cities in its turn.\n"
    page.write_text(text)
    problems = [p for p in check(book) if "connection" in p.message]
    assert len(problems) == 1
    assert problems[0].where.path == str(page) and problems[0].where.line == len(text.splitlines())
    assert "say 'link'" in problems[0].message


def test_every_chapter_keeps_to_its_glossary_and_every_game_has_one():
    rulebook = ROOT / "rulebook"
    found_glossaries, problems = words.glossaries(rulebook)
    assert problems == []
    assert {g.game for g in found_glossaries} >= {"muck-and-brass", "bus", "powerup", "1870"}
    assert [str(p) for p in words.check_terms(rulebook)] == []


def sphinx_build(tmp_path, page, strict="1", glossary=GLOSSARY, builder="html", tags=(), extra=None):
    """The toy book built; ``extra``: the text of one more page of the toy chapter, after its page."""
    import subprocess
    import sys

    from tests.toolchain.pages import rest_of_toy
    from tests.toolchain.test_sphinx import CONF

    src = tmp_path / "src"
    folder = src / "toy"
    folder.mkdir(parents=True)
    (src / "conf.py").write_text(CONF)
    (src / "index.md").write_text("# Book\n\n```{toctree}\ntoy/page\n" + ("toy/extra\n" if extra else "")
                                  + "toy/glossary\nmore\nterms\n```\n")
    if extra:
        (folder / "extra.md").write_text(extra)
    (src / "terms.md").write_text("# Index of terms\n\n```{term-index}\n```\n")
    (src / "more.md").write_text(rest_of_toy())
    (folder / "glossary.yaml").write_text(textwrap.dedent(glossary).lstrip())
    (folder / "page.md").write_text(page)
    (folder / "glossary.md").write_text("# Glossary\n\n```{glossary-page}\n```\n")
    out = tmp_path / "out"
    options = [arg for tag in tags for arg in ("-t", tag)]
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", *options, "-b", builder, str(src), str(out)],
                          capture_output=True, text=True, env={"RULEWRIGHT_STRICT": strict, "PATH": "/usr/bin:/bin"})
    return done, out


def test_the_build_shows_the_glossary_and_links_the_first_use_in_each_section(tmp_path):
    page = PAGE + "\nA second counter; the {word}`chip` was the old name.\n\n## More\n\nOne more counter.\n"
    done, out = sphinx_build(tmp_path, page)
    assert done.returncode == 0, done.stderr
    glossary = (out / "toy" / "glossary.html").read_text()
    assert 'id="term-toy-counter"' in glossary and "Not: chip, stone (except in: stepping stone)." in glossary
    assert 'href="#term-toy-counter"' in glossary  # pile: see also counter
    html = (out / "toy" / "page.html").read_text()
    assert html.count('href="glossary.html#term-toy-counter"') == 2  # once per section, not per use
    assert 'class="rw-word">chip</em>' in html


def test_the_game_s_own_title_is_not_a_use_of_a_term(tmp_path):
    """A term that is also a word of the game's title ("Ferry" in "Ferry Crossing"): the title is
    neither linked nor indexed as a use; and a book of one game does not name it at every term of
    its index."""
    glossary = GLOSSARY + "  toy:\n    definition: A small thing to play with.\n"
    page = PAGE.replace("Each turn adds a counter to the pile.", "Toy is a game of counters. Put a toy on the pile.")
    done, out = sphinx_build(tmp_path, page, glossary=glossary)
    assert done.returncode == 0, done.stderr
    html = (out / "toy" / "page.html").read_text()
    linked = re.findall(r'<a class="[^"]*rw-term[^"]*"[^>]*>([^<]*)</a>', html)
    assert "toy" in linked and "Toy" not in linked, linked
    index = (out / "terms.html").read_text()
    assert "<strong>toy</strong>" in index and "(Toy)" not in index


def test_the_printed_index_gives_a_term_s_definition_first_then_its_uses_in_the_book_s_order(tmp_path):
    """In print, "counter" is used on the chapter's page before its glossary defines it: the page
    defining it comes first (in bold, by its class), as a reader looks it up, then the pages using
    it. A use in text this edition leaves out (``{only} designer`` in the player's) is not listed:
    its page number would print blank."""
    extra = "# For designers\n\n```{only} designer\nThe counter, for designers.\n```\n\nNothing here for players.\n"
    done, out = sphinx_build(tmp_path, PAGE, builder="singlehtml", tags=["player"], extra=extra)
    assert done.returncode == 0, done.stderr
    html = (out / "index.html").read_text()
    entry = re.search(r'<p class="rw-term-index-entry"><strong>counter</strong>.*?</p>', html, re.S).group(0)
    links = re.findall(r'<a class="([^"]*)" href="#([^"]+)"', entry)
    assert [anchor for _, anchor in links] == ["term-toy-counter", "use-toy-page-term-toy-counter"], entry
    assert "rw-term-defined" in links[0][0] and "rw-term-defined" not in links[1][0]
    assert all(f'id="{anchor}"' in html for _, anchor in links), entry  # (each leads to a place the book has)


def test_the_strict_build_fails_on_an_avoided_word_with_file_and_line(tmp_path):
    page = PAGE + "\nPut a chip on it.\n"
    done, _ = sphinx_build(tmp_path, page)
    assert done.returncode != 0
    assert f"page.md:{line_of(page, 'Put a chip')}" in done.stderr and "say 'counter'" in done.stderr


def test_a_draft_build_still_builds_and_names_the_word(tmp_path):
    page = PAGE + "\nPut a chip on it.\n"
    done, out = sphinx_build(tmp_path, page, strict="0")
    assert done.returncode == 0, done.stderr
    assert (out / "toy" / "page.html").exists()
    assert f"page.md:{line_of(page, 'Put a chip')}: 'chip' is a word this book avoids" in done.stderr


def test_the_kept_check_of_a_chapter_changes_with_its_pages_and_glossary(tmp_path, monkeypatch):
    """The terminology check is kept in the store by all it reads: an edit of a page or of the
    glossary is checked again, an unchanged chapter is not."""
    from rulewright.store import cache

    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    folder = chapter(tmp_path)
    assert found(words.check_terms(folder.parent)) == []
    assert len(list((tmp_path / "store" / "terms").glob("*.pickle"))) == 1
    monkeypatch.setattr(words, "_check_glossary", lambda glossary: pytest.fail("checked again"))
    assert found(words.check_terms(folder.parent)) == []  # kept: not checked again
    monkeypatch.undo()
    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    (folder / "page.md").write_text(PAGE + "\nPut a chip on it.\n")
    assert [name for name, _, _ in found(words.check_terms(folder.parent))] == ["page.md"]
    (folder / "glossary.yaml").write_text(textwrap.dedent(GLOSSARY).lstrip().replace("avoid: [chip, stone]",
                                                                                    "avoid: [stone]"))
    assert found(words.check_terms(folder.parent)) == []
    assert cache.folder() == tmp_path / "store"
