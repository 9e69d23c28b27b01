"""An incremental build gives, byte for byte, the pages (and the search index) a clean build gives:
after inserting, deleting and moving an example, and after a change to the game's code alone."""
import filecmp
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.toolchain.pages import (EXAMPLE_ADD, EXAMPLE_BOB_FIRST, EXAMPLE_END, EXAMPLE_TOO_MANY, RULE_ADD,
                                   RULE_END, RULE_TURN, assemble, toy_conf)

TOY_GAME = Path(__file__).with_name("toy_game.py")

# The toy game is copied into the book's folder as its own package, so a test can change its code.
CONF = toy_conf("toygame:GAME", before="from pathlib import Path\n"
                "sys.path.insert(0, str(Path(__file__).parent / 'games'))\n")

INDEX = """
# Toy book

```{toctree}
:numbered:
adding
turns
rules
terms
quick
```
"""

# A page with no example that shows what the game says of itself: a number read from its view.
QUICK = """
# Quick reference

```{quick-reference}
game: toy
turn: [Add counters to the pile.]
numbers:
  - {view: pile, say: "Counters in the pile at the start"}
```
"""

# Sphinx's glossary makes index entries, which its search offers first ("tile": see Terms).
TERMS = """
# Terms

```{glossary}
pile
   The counters added so far.
```
"""

ADDING = assemble(RULE_ADD, EXAMPLE_ADD, EXAMPLE_TOO_MANY, title="Adding")
TURNS = assemble(RULE_TURN, EXAMPLE_BOB_FIRST, "\nSee {ruleref}`toy.end`.\n", RULE_END, EXAMPLE_END,
                 title="Turns")
INSERTED = EXAMPLE_ADD.replace(":id: toy-add", ":id: toy-add-one").replace("add 2", "add 1").replace(
    "pile: 2", "pile: 1").replace("Adding to the pile", "Adding one")


def sphinx(src: Path, out: Path, builder: str = "html", doctrees: Path | None = None) -> str:
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", builder, "-d", str(doctrees or out / ".doctrees"),
                           str(src), str(out)], capture_output=True, text=True,
                          env={"RULEWRIGHT_STRICT": "0", "RULEWRIGHT_CACHE": str(src.parent / "cache"),
                               "PATH": "/usr/bin:/bin",
                               # an edit of the same size within the same second would find Python's
                               # cached bytecode still current: the test edits the game that way
                               "PYTHONDONTWRITEBYTECODE": "1"})
    assert done.returncode == 0, done.stderr
    return done.stderr


def pages(out: Path) -> list[Path]:
    """The pages a reader opens, and the search index the pages' search box reads."""
    return sorted(p.relative_to(out) for p in [*out.rglob("*.html"), out / "searchindex.js"]
                  if ".doctrees" not in p.parts)


def assert_same_as_clean(src: Path, out: Path) -> None:
    """Build ``src`` incrementally into ``out`` and from nothing into another folder; every page
    must be the same."""
    sphinx(src, out)
    clean = src.parent / "clean"
    shutil.rmtree(clean, ignore_errors=True)
    sphinx(src, clean)
    assert pages(out) == pages(clean)
    _, different, errors = filecmp.cmpfiles(out, clean, [str(p) for p in pages(clean)], shallow=False)
    assert not different and not errors, f"incremental differs from clean in {different + errors}"


@pytest.fixture
def book(tmp_path):
    src = tmp_path / "src"
    (src / "games" / "toygame").mkdir(parents=True)
    shutil.copy(TOY_GAME, src / "games" / "toygame" / "__init__.py")
    (src / "conf.py").write_text(CONF)
    (src / "index.md").write_text(textwrap.dedent(INDEX))
    (src / "adding.md").write_text(ADDING)
    (src / "turns.md").write_text(TURNS)
    (src / "rules.md").write_text("# Rule index\n\n```{rule-index}\n```\n")
    (src / "terms.md").write_text(TERMS)
    (src / "quick.md").write_text(QUICK)
    out = tmp_path / "out"
    sphinx(src, out)
    return src, out


def test_inserting_deleting_and_moving_examples(book):
    src, out = book
    turns = src / "turns.md"
    adding = src / "adding.md"

    adding.write_text(ADDING.replace(RULE_ADD, RULE_ADD + INSERTED))  # insert: later numbers shift
    assert_same_as_clean(src, out)
    html = (out / "adding.html").read_text()
    assert "Example A-1" in html and "Example A-3" in html and "Adding one" in html

    turns.write_text(TURNS.replace(EXAMPLE_BOB_FIRST, ""))  # delete: the index loses an example
    assert_same_as_clean(src, out)
    assert "example-toy-turn" not in (out / "rules.html").read_text()

    adding.write_text(adding.read_text().replace(INSERTED, ""))  # move: from one chapter to another
    turns.write_text(turns.read_text() + INSERTED)
    assert_same_as_clean(src, out)
    assert "Adding one" in (out / "turns.html").read_text()
    # the glossary's page was not written (Sphinx 8.1 writes the index with spaces, later releases without)
    assert re.search(r'"indexentries":\s*\{"pile":\s*\[\[', (out / "searchindex.js").read_text())


def test_a_failing_example_changes_the_index_summary_everywhere(book):
    src, out = book
    (src / "adding.md").write_text(ADDING.replace("pile: 2", "pile: 3"))
    assert_same_as_clean(src, out)
    assert "1 did not hold (toy-add)" in (out / "rules.html").read_text()


def test_a_change_to_the_game_code_alone_plays_its_examples_again(book):
    src, out = book
    game = src / "games" / "toygame" / "__init__.py"
    # The game now lets a turn add up to 4 by default: "add 4" is no longer refused.
    game.write_text(game.read_text().replace('Setting(3, "The most', 'Setting(4, "The most'))
    stderr = sphinx(src, out)
    assert "toy-add-too-many" in stderr and "1 example of the rulebook does not hold" in stderr
    assert "✗ FAILS" in (out / "adding.html").read_text()
    assert "1 did not hold (toy-add-too-many)" in (out / "rules.html").read_text()
    assert_same_as_clean(src, out)


def test_a_page_showing_what_the_game_says_is_read_again_when_the_game_changes(book):
    src, out = book
    # (the figure read from the game, without the designer's note of where it came from)
    quick = lambda: re.sub(r"</?abbr[^>]*>", "", (out / "quick.html").read_text())  # noqa: E731
    assert "<td><p>0</p></td>" in quick()
    game = src / "games" / "toygame" / "__init__.py"
    game.write_text(game.read_text().replace('pile = setup.get("pile", 0)', 'pile = setup.get("pile", 5)'))
    sphinx(src, out)
    assert "<td><p>5</p></td>" in quick()
    assert_same_as_clean(src, out)


def test_every_build_lists_the_failing_examples_even_when_nothing_was_read(book):
    src, out = book
    (src / "adding.md").write_text(ADDING.replace("pile: 2", "pile: 3"))
    first = sphinx(src, out)
    again = sphinx(src, out)  # nothing changed: no page is read
    for stderr in (first, again):
        assert "adding.md:" in stderr and "toy-add  (page 'Adding')" in stderr
        assert "pile (line" in stderr and "expected 3, but it is 2." in stderr


def test_a_page_read_again_by_the_pdf_build_is_written_again_by_the_html_build(book):
    """make rulebook's HTML and PDF builds of an edition share their read pages: after the game
    changes, the one-page (PDF) build reads the pages again, and the next HTML build must still
    write them, not keep the pages it wrote before the change."""
    src, out = book
    game = src / "games" / "toygame" / "__init__.py"
    game.write_text(game.read_text().replace('Setting(3, "The most', 'Setting(4, "The most'))
    sphinx(src, src.parent / "single", builder="singlehtml", doctrees=out / ".doctrees")
    sphinx(src, out)
    assert "✗ FAILS" in (out / "adding.html").read_text()
    assert_same_as_clean(src, out)


def test_pages_read_once_then_written_by_builds_that_read_nothing(book):
    """make rulebook reads an edition once (the dummy builder) and then writes its HTML and PDF from
    those pages, side by side: the writing builds read no page and leave the shared read pages and
    Sphinx's saved environment as they are, and after an edit the HTML is still what a clean build
    gives (the inserted example renumbers the rest, so the pages showing numbers are written too)."""
    src, out = book
    doctrees = out / ".doctrees"
    environment = doctrees / "environment.pickle"
    (src / "adding.md").write_text(ADDING.replace(RULE_ADD, RULE_ADD + INSERTED))
    sphinx(src, src.parent / "read", builder="dummy", doctrees=doctrees)
    saved = (environment.stat().st_mtime_ns, environment.read_bytes())
    read_pages = {p.name: p.stat().st_mtime_ns for p in doctrees.glob("*.doctree")}
    sphinx(src, src.parent / "single", builder="singlehtml", doctrees=doctrees)
    sphinx(src, out, doctrees=doctrees)
    assert (environment.stat().st_mtime_ns, environment.read_bytes()) == saved
    assert {p.name: p.stat().st_mtime_ns for p in doctrees.glob("*.doctree")} == read_pages
    assert "Adding one" in (out / "adding.html").read_text()
    assert "Adding one" in (src.parent / "single" / "index.html").read_text()
    clean = src.parent / "clean"
    sphinx(src, clean)
    _, different, errors = filecmp.cmpfiles(out, clean, [str(p) for p in pages(clean)], shallow=False)
    assert not different and not errors, f"written after a separate read differs from clean in {different + errors}"
