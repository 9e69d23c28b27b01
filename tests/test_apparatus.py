"""The publisher's apparatus, read from both editions as `make rulebook` last built them (CI builds
them before the tests), like tests/test_print.py:

- an index of terms with true page numbers (each term's definition page shows the term);
- a quick reference per game, each on one page, its numbers read from the game's data;
- printed cross-references carry true page numbers ("rule 2.3f, p. 61"), and so do the rule
  index's examples;
- no build-machine path in any PDF or HTML page;
- the player's edition prints no preset name and no engine word its game's phrases give words for;
- the cover names the book (its configured title) and the edition, and no page says what made it.
"""
from __future__ import annotations

import re
import subprocess
import zlib
from pathlib import Path

import pytest
import yaml

from rulewright.book import config
from rulewright.book import figures
from rulewright.book import phrases
from rulewright.book import registry
from rulewright.problems import Where
from tests.test_print import EDITIONS, flat, pages_text, pdf_of

ROOT = Path(__file__).resolve().parents[1]
REF = re.compile(r"\b(rule|Example) (\d[\d.]*[a-z]+|[A-Z]-\d+),\s+p\.\s+(\d+)")
INDEX_EXAMPLE = re.compile(r"\b([A-Z]-\d+) \(p\.\s+(\d+)\)")
ENTRY = re.compile(r"(?:^|(?<=\d )|(?<=\b[A-Z] ))([a-zA-Z][a-zA-Z' -]*?) \(([^()]+)\) (\d+)((?:, \d+)*)")


@pytest.fixture(params=EDITIONS)
def edition(request):
    return request.param


def _index_pages(pages) -> list[int]:
    found = [i for i, text in enumerate(pages) if re.search(r"^\s*Index of terms\s*$", text, re.M)]
    assert found, "the book has no 'Index of terms' page"
    start = found[0]
    return [i for i in range(start, len(pages)) if "Index of terms" in pages[i]]


def _entries(path: Path, pages):
    """(term, game, definition page, use pages) for each index entry, read in reading order (an
    entry may wrap onto a second line of its column)."""
    numbers = _index_pages(pages)
    raw = subprocess.run(["pdftotext", "-f", str(numbers[0] + 1), "-l", str(numbers[-1] + 1), str(path), "-"],
                         capture_output=True, text=True, check=True).stdout
    # (a page's running head, "Index of terms", is read before its first entry when a letter opens the page)
    return [(_without_letter(re.sub(r"^Index of terms ", "", term.strip())), game, int(first),
             [int(n) for n in re.findall(r"\d+", rest)]) for term, game, first, rest in ENTRY.findall(flat(raw))]


def _without_letter(term: str) -> str:
    """The term without the letter heading read before it ("B bag")."""
    return term[2:] if len(term) > 2 and term[1] == " " and term[0] == term[2].upper() else term


def test_the_index_of_terms_gives_each_term_s_page(edition):
    """Each entry gives the page defining the term first (in bold), then the pages using it in the
    book's order, none twice and none blank; the first shows the whole term (its definition), and
    nearly all of them use it."""
    pages = pages_text(pdf_of(edition))
    entries = _entries(pdf_of(edition), pages)
    assert len(entries) >= 40, entries
    # a term two chapters of one game define (1870's "corporation") gives both definitions first
    from rulewright.checks import words
    from rulewright.sphinx.term_index import game_title

    config.load(ROOT).activate()
    defined: dict[tuple[str, str], int] = {}
    for glossary in words.glossaries(ROOT / "rulebook")[0]:
        for term in glossary.terms:
            key = (term.name.lower(), game_title(glossary))
            defined[key] = defined.get(key, 0) + 1
    entries = [(term, game, first, used[defined.get((term.lower(), game), 1) - 1:]) for term, game, first, used in entries]
    shuffled = [(term, used) for term, _, first, used in entries if used != sorted(used)]
    assert not shuffled, f"index entries whose pages of use are not in the book's order: {shuffled[:5]}"
    twice = [(term, [first] + used) for term, _, first, used in entries if len(set([first] + used)) < len(used) + 1]
    assert not twice, f"index entries that give a page twice: {twice[:5]}"
    numbers = _index_pages(pages)
    blank = re.findall(r"[^\s(]+ \([^()]+\)[^()]*?\d, ,", flat(" ".join(pages[i] for i in numbers)))
    assert not blank, f"index entries with a blank page number (a use the edition does not print): {blank[:5]}"
    undefined = [(term, game, first) for term, game, first, _ in entries
                 if not re.search(rf"\b{re.escape(term)}\b", flat(pages[first - 1]), re.I)]
    assert not undefined, f"index entries whose first page does not show the term: {undefined[:5]}"
    wrong = [(term, game, [first] + used) for term, game, first, used in entries
             if not any(term.lower() in flat(pages[page - 1]).lower() for page in [first] + used)]
    assert not wrong, f"index entries none of whose pages shows the term: {wrong[:5]}"
    uses = [(term, page) for term, _, first, used in entries for page in [first] + used]
    missed = [(term, page) for term, page in uses if term.lower().split()[0] not in flat(pages[page - 1]).lower()]
    assert len(missed) <= len(uses) // 10, f"{len(missed)} of {len(uses)} pages do not use their term: {missed[:8]}"


def test_sphinx_s_index_page_lists_the_terms(edition):
    page = ROOT / "_build" / edition / "html" / "genindex.html"
    if not page.is_file():
        pytest.skip(f"The {edition}'s edition in HTML is not built here; `make rulebook` builds it.")
    text = page.read_text(encoding="utf-8")
    assert "crossing" in text and "Muck &amp; Brass" in text


def _declarations():
    """Each chapter's quick reference as declared: (the chapter's title, its data)."""
    found = []
    for path in sorted((ROOT / "rulebook").glob("*/quick-reference.md")):
        body = re.search(r"```\{quick-reference\}\n(.*?)```", path.read_text(encoding="utf-8"), re.S).group(1)
        title = (path.parent / "index.md").read_text(encoding="utf-8").splitlines()[0].lstrip("# ").strip()
        found.append((title, yaml.safe_load(body)))
    return found


def _plain(text) -> str:
    return flat(str(text)).replace("’", "'")


def test_each_game_has_a_one_page_quick_reference_read_from_its_data(edition):
    project = config.load(ROOT)
    project.activate()
    pages = pages_text(pdf_of(edition))
    declared = _declarations()
    games = {data["game"] for _, data in declared}
    # The book's own games (pyproject.toml), not the test games other tests register in this process.
    assert games >= set(project.games), f"games without a quick reference: {set(project.games) - games}"
    heads = [i for i, text in enumerate(pages) if re.search(r"^\s*\d+\.\d+\. Quick reference\s*$", text, re.M)]
    assert len(heads) == len(declared), heads
    for chapter, data in declared:
        at = next((i for i in heads if chapter in flat(pages[i])), None)
        assert at is not None, f"no quick reference page in the chapter {chapter!r}"
        page = _plain(pages[at])
        last_step = data["turn"][-1]["say"]
        assert _plain(last_step)[:40] in page, f"{chapter}: the turn runs past its page {at + 1}"
        game = registry.get_game(data["game"])
        for number in data["numbers"]:
            if "view" not in number:
                assert _plain(number["say"]) in page and _plain(number["value"]) in page, (chapter, number)
                continue
            # (read as the quick reference reads it: a view path in a preset, or a data file's value)
            wanted = figures.figure(number["view"], Where(chapter, 1), data["game"], number.get("preset"))
            value = figures.said(phrases.for_game(game), wanted, wanted.path, figures.read(game, wanted).value)
            assert re.search(re.escape(_plain(number["say"])) + r"\s+" + re.escape(_plain(value)), page), \
                (chapter, number, value)


def test_printed_cross_references_give_true_page_numbers(edition):
    pages = pages_text(pdf_of(edition))
    refs = [(kind, number, int(page)) for text in pages for kind, number, page in REF.findall(flat(text))]
    assert len(refs) >= 300, len(refs)
    wrong = [r for r in refs if f"{r[0].capitalize()} {r[1]}" not in flat(pages[r[2] - 1])]
    assert not wrong, f"{len(wrong)} cross-references whose page does not show their target: {wrong[:5]}"


def test_the_rule_index_gives_each_example_s_page(edition):
    pages = pages_text(pdf_of(edition))
    start = max(i for i, text in enumerate(pages) if "Rule index" in text and "Examples" in text)
    start = min(i for i in range(start + 1) if all("Rule index" in pages[j] for j in range(i, start + 1)))
    shown = [(e, int(p)) for text in pages[start:] if "Rule index" in text for e, p in INDEX_EXAMPLE.findall(text)]
    assert len(shown) >= 200, len(shown)
    wrong = [(e, p) for e, p in shown if f"Example {e}" not in flat(pages[p - 1])]
    assert not wrong, f"rule index examples whose page does not show them: {wrong[:5]}"


def _pdf_links(path: Path) -> set[bytes]:
    data = path.read_bytes()
    streams = [data]
    for match in re.finditer(rb"stream\r?\n(.*?)endstream", data, re.S):
        try:
            streams.append(zlib.decompress(match.group(1)))
        except zlib.error:
            continue
    return set(re.findall(rb"/URI\s*\(([^)]*)\)", b"".join(streams)))


MACHINE = re.compile(r"file:/|/tmp/|" + re.escape(str(ROOT)))


def test_no_build_machine_path_anywhere(edition):
    path = pdf_of(edition)
    links = [link for link in _pdf_links(path) if not link.startswith((b"http://", b"https://", b"mailto:"))]
    assert not links, f"the PDF links to {links}"
    found = [i + 1 for i, text in enumerate(pages_text(path)) if MACHINE.search(text)]
    assert not found, f"pages {found[:5]} print a path of the machine that built the book"
    html_dir = ROOT / "_build" / edition / "html"
    if html_dir.is_dir():
        shown = [str(p.relative_to(html_dir)) for p in html_dir.rglob("*.html")
                 if MACHINE.search(p.read_text(encoding="utf-8"))]
        assert not shown, f"HTML pages with a path of the build machine: {shown[:5]}"


def test_the_player_s_edition_prints_no_preset_and_no_engine_value():
    config.load(ROOT).activate()
    text = flat(" ".join(pages_text(pdf_of("player"))))
    assert not re.search(r"(?<!stock )\bpresets?\b", text, re.I), re.search(r".{60}\bpresets?\b.{20}", text, re.I)
    # the engine's joined words ("deck-empty"); a value that is an English word ("place") is also prose
    words = {w for name in registry.game_names() for w in phrases.for_game(registry.get_game(name)).values
             if phrases.ENGINE_WORD.match(w)}
    assert words, "no game has a joined word among its values: the test would look for nothing"
    presets = {p for name in registry.game_names() for p in registry.get_game(name).presets if "-" in p}
    printed = sorted(w for w in words | presets if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text))
    assert not printed, f"the player's edition prints the engine's words {printed}"



def test_the_cover_names_the_book_and_its_edition_and_no_page_advertises_the_tools(edition):
    path = pdf_of(edition)
    pages = [flat(text) for text in pages_text(path)]
    text = (ROOT / "conf.py").read_text(encoding="utf-8")
    title = re.search(r'^project = "(.*)"$', text, re.M)[1]
    assert flat(title) in pages[0], pages[0][:300]
    assert f"The {edition}'s edition" in pages[0], pages[0][:300]
    tools = r"Created using|Sphinx|WeasyPrint" if edition == "player" else r"Created using"  # (the designer's
    # edition's guide and API pages speak of Sphinx as a tool the designer uses)
    made_with = [n + 1 for n, page in enumerate(pages) if re.search(tools, page)]
    assert not made_with, f"pages naming the tools the book was made with: {made_with[:8]}"
