"""Books link to each other's rules: the ``rulewright`` domain lists every rule and example in
``objects.inv``, and an expansion's ``{ruleref}`base:ID``` reads and links as the base book says it,
through intersphinx, in both editions; a reference to what the base book lacks is said at its line."""
from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from sphinx.util.inventory import InventoryFile

from tests.player_html import ids_a_reader_meets
from tests.toolchain.pages import toy_conf
from tests.toolchain.test_sphinx import TOY

INDEX = "# {title}\n\n```{{toctree}}\n:numbered:\n{pages}\n```\n"
BASE_RULES = ("toy.add", "toy.turn", "toy.end")
BASE_EXAMPLES = ("toy-turn", "toy-add", "toy-end", "toy-add-too-many")

EXPANSION = textwrap.dedent("""
    # Questions about counters

    May a turn add four? No: {ruleref}`base:toy.add` allows three at most; see {exampleref}`base:toy-add`.
    Each {term}`base:counter` counts once.
    """)
GLOSSARY = textwrap.dedent("""
    game: toy
    title: Toy glossary
    terms:
      counter:
        definition: One of the wooden discs added to the pile.
    """)
GLOSSARY_PAGE = "# Words\n\n```{glossary-page}\n```\n"
QUESTIONS = "# Questions\n\nWhat is a {term}`counter`? See the glossary.\n"


def sphinx(src, out, *options):
    return subprocess.run([sys.executable, "-m", "sphinx", "-q", *options, "-b", "html", str(src), str(out)],
                          capture_output=True, text=True, env={"RULEWRIGHT_STRICT": "1", "PATH": "/usr/bin:/bin"})


def book(folder, title, pages: dict[str, str], conf: str):
    folder.mkdir()
    (folder / "conf.py").write_text(conf)
    (folder / "index.md").write_text(INDEX.format(title=title, pages="\n".join(pages)))
    for name, text in pages.items():
        (folder / f"{name}.md").write_text(text)
    return folder


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """The base game's book, built in both editions."""
    root = tmp_path_factory.mktemp("base")
    src = book(root / "src", "Toy", {"toy": TOY, "questions": QUESTIONS, "words": GLOSSARY_PAGE}, toy_conf())
    (src / "glossary.yaml").write_text(GLOSSARY)
    for edition in ("designer", "player"):
        done = sphinx(src, root / edition, "-W", "-t", edition)
        assert done.returncode == 0, done.stderr
    return root


def inventory(html):
    with open(html / "objects.inv", "rb") as stream:
        return InventoryFile.load(stream, str(html), lambda base, uri: f"{base}/{uri}")


def expansion(tmp_path, base_html, text=EXPANSION, mapping=True):
    conf = toy_conf().replace('"rulewright.sphinx"]', '"rulewright.sphinx", "sphinx.ext.intersphinx"]')
    if mapping:
        conf += f"intersphinx_mapping = {{'base': ({str(base_html)!r}, {str(base_html / 'objects.inv')!r})}}\n"
    return book(tmp_path / "expansion", "Toy: More", {"more": text}, conf)


def said(item):
    """An inventory entry's address and the words it is named by (Sphinx 8.2 made it an object)."""
    return (item.uri, item.display_name) if hasattr(item, "uri") else (item[2], item[3])


@pytest.mark.parametrize("edition", ["designer", "player"])
def test_objects_inv_lists_every_rule_and_example_as_a_reader_names_it(base, edition):
    found = inventory(base / edition)
    rules, examples = found["rulewright:rule"], found["rulewright:example"]
    assert set(rules) == set(BASE_RULES) and set(examples) == set(BASE_EXAMPLES)
    assert said(rules["toy.add"]) == (f"{base / edition}/toy.html#rule-toy-add", "rule 1a")
    assert said(examples["toy-add"])[1].startswith("Example A-")
    assert said(found["std:term"]["counter"])[0] == f"{base / edition}/words.html#term-src-counter"


def test_a_term_role_links_to_the_chapters_glossary_entry(base):
    html = (base / "player" / "questions.html").read_text()
    assert 'href="words.html#term-src-counter"' in html


@pytest.mark.parametrize("edition", ["designer", "player"])
def test_an_expansion_links_to_the_base_books_rules_and_examples(base, tmp_path, edition):
    src = expansion(tmp_path, base / edition)
    done = sphinx(src, tmp_path / "out", "-W", "-t", edition)
    assert done.returncode == 0, done.stderr
    html = (tmp_path / "out" / "more.html").read_text()
    assert f'href="{base / edition}/toy.html#rule-toy-add"' in html
    assert ">rule 1a<" in html and ">Example A-" in html
    assert f'href="{base / edition}/words.html#term-src-counter"' in html
    if edition == "player":  # the player's edition never shows an ID, the base book's neither
        assert ids_a_reader_meets(tmp_path / "out", list(BASE_RULES) + list(BASE_EXAMPLES) ) == []


def test_a_rule_the_base_book_lacks_is_said_at_its_line(base, tmp_path):
    text = EXPANSION + "\nSee also {ruleref}`base:toy.nothing`.\n"
    done = sphinx(expansion(tmp_path, base / "designer", text), tmp_path / "out")
    line = text.splitlines().index("See also {ruleref}`base:toy.nothing`.") + 1
    assert f"more.md:{line}: WARNING: {{ruleref}}`base:toy.nothing` refers to a rule of another book, but the " \
           "book 'base' has no rule 'toy.nothing'" in done.stderr, done.stderr


def test_a_book_the_project_does_not_name_is_said_with_the_fix(base, tmp_path):
    done = sphinx(expansion(tmp_path, base / "designer", mapping=False), tmp_path / "out")
    assert "no book is called 'base' in conf.py's intersphinx_mapping: add sphinx.ext.intersphinx" in done.stderr, \
        done.stderr
