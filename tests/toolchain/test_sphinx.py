"""The Sphinx build of a small book: numbered rules and examples, links, the rule index, diagrams
left out where none is asked for, and strict mode turning a failing example into a build error."""
import re
import subprocess
import sys
import textwrap

import pytest

from rulewright.checks import words
from tests.player_html import ids_a_reader_meets
from tests.toolchain.pages import (EXAMPLE_ADD, EXAMPLE_BOB_FIRST, EXAMPLE_END, EXAMPLE_TOO_MANY, RULE_ADD, RULE_END,
                                   RULE_TURN, assemble, line_of, toy_conf)

CONF = toy_conf()

INDEX = """
# Toy book

```{toctree}
:numbered:
toy
rules
```
"""

TOY = assemble(RULE_ADD, "\n## Turns\n", RULE_TURN, EXAMPLE_BOB_FIRST, EXAMPLE_ADD, "\n## The end\n", RULE_END,
               EXAMPLE_END, EXAMPLE_TOO_MANY)


def source(tmp_path, toy=TOY, extra_pages=None):
    """The small book's source folder: conf.py, its index, the toy chapter and the rule index."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF)
    (src / "index.md").write_text(textwrap.dedent(INDEX))
    (src / "toy.md").write_text(toy)
    (src / "rules.md").write_text("# Rule index\n\n```{rule-index}\n```\n")
    for name, text in (extra_pages or {}).items():
        (src / name).write_text(text)
    return src


def build(tmp_path, toy=TOY, strict="1", tags=(), extra_pages=None):
    src = source(tmp_path, toy, extra_pages)
    out = tmp_path / "out"
    options = [arg for tag in tags for arg in ("-t", tag)]
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", *options, "-b", "html", str(src), str(out)],
                          capture_output=True, text=True, env={"RULEWRIGHT_STRICT": strict, "PATH": "/usr/bin:/bin"})
    return done, out


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    done, out = build(tmp_path_factory.mktemp("book"))
    assert done.returncode == 0, done.stderr
    return out


def test_rules_are_numbered_by_section_and_letter(built):
    html = (built / "toy.html").read_text()
    assert "Rule </strong>" not in html
    assert "Rule 1a</strong>" in html and "Rule 1.1a</strong>" in html
    assert 'id="rule-toy-turn"' in html


def test_rule_references_link_to_the_rule(built):
    html = (built / "toy.html").read_text()
    assert 'href="#rule-toy-add"' in html and ">rule 1a<" in html


def test_examples_are_numbered_through_the_chapter_and_marked_verified(built):
    html = (built / "toy.html").read_text()
    assert html.count("✓ verified") == 4
    assert html.index("<strong>Example A-1") < html.index("Bob cannot go first</span>") < html.index("<strong>Example A-2")
    assert "refused by" in html and "It is not bob" in html


def test_the_rule_index_lists_rules_pages_and_examples(built):
    html = (built / "rules.html").read_text()
    assert html.index("toy.add") < html.index("toy.turn")
    assert 'href="toy.html#example-toy-turn"' in html and 'href="toy.html#rule-toy-add"' in html


def test_strict_mode_fails_the_build_on_a_failing_example(tmp_path):
    toy = TOY.replace("pile: 2", "pile: 3")
    done, _ = build(tmp_path, toy)
    assert done.returncode != 0
    assert f"toy.md:{line_of(toy, '{example} Adding to the pile')}" in done.stderr
    assert f"pile (line {line_of(toy, 'pile: 3')}): expected 3, but it is 2." in done.stderr


def test_without_strict_mode_the_failure_is_shown_on_the_page(tmp_path):
    done, out = build(tmp_path, TOY.replace("pile: 2", "pile: 3"), strict="0")
    assert done.returncode == 0, done.stderr
    html = (out / "toy.html").read_text()
    assert "✗ FAILS" in html and "expected 3, but it is 2" in html
    assert html.count(">Engine<") == 1  # only the failing example's table sets the engine's answer beside


def test_a_verified_example_s_outcome_has_no_column_of_ticks(built):
    html = (built / "toy.html").read_text()
    assert ">Checked<" in html and ">Expected<" in html and ">Engine<" not in html


def test_a_rule_without_an_example_is_a_build_warning(tmp_path):
    done, _ = build(tmp_path, TOY + "\n```{rule} toy.extra\nMore.\n```\n")
    assert done.returncode != 0
    assert "The rule toy.extra has no example" in done.stderr


def test_a_rule_reference_to_no_rule_is_one_message_at_its_line_in_the_build_and_in_check(tmp_path):
    prose = "\nAdding is done\nat once, as the rule\nsays ({ruleref}`toy.ad`).\n"
    done, _ = build(tmp_path, TOY + prose)
    src = tmp_path / "src"
    (problem,) = words.check_references(src, {"toy.add", "toy.turn", "toy.end"})
    line = line_of(TOY + prose, "{ruleref}`toy.ad`")
    assert (problem.where.path, problem.where.line) == (str(src / "toy.md"), line)
    assert "{ruleref}`toy.ad` refers to a rule the book does not declare. Did you mean 'toy.add'" in problem.message
    assert done.returncode != 0
    assert f"toy.md:{line}: WARNING: {problem.message}" in done.stderr, done.stderr


NOTE = "\n```{designer-note}\nWe chose three.\n```\n"
GUIDE = "---\nedition: designer\n---\n\n# Guide\n\nFor designers only.\n"
INDEX_WITH_GUIDE = INDEX + "\nSee {doc}`the guide <guide>`, or [read it](guide.md).\n\n```{toctree}\n:caption: For designers\n\nguide\n```\n"


def test_the_designer_s_edition_shows_ids_the_rules_each_example_shows_and_links_from_rules(tmp_path):
    done, out = build(tmp_path, TOY + NOTE, extra_pages={"guide.md": GUIDE, "index.md": INDEX_WITH_GUIDE})
    assert done.returncode == 0, done.stderr
    html = (out / "toy.html").read_text()
    assert "toy-turn" in html and "rw-rule-id" in html and "✓ verified" in html and "We chose three" in html
    assert "Examples: " in html and 'href="#example-toy-turn"' in html
    assert (out / "guide.html").exists()
    assert 'title="Example A-1: Bob cannot go first (toy-turn)"' in (out / "rules.html").read_text()  # hover titles
    assert 'title="Rule 1a: Adding (toy.add)"' in html
    assert (out / "_sources" / "toy.md.txt").exists()
    assert "examples held" in (out / "rules.html").read_text() or "all of them held" in (out / "rules.html").read_text()


def test_the_player_s_edition_has_no_ids_marks_notes_or_designer_pages(tmp_path):
    done, out = build(tmp_path, TOY + NOTE, tags=["player"], extra_pages={"guide.md": GUIDE, "index.md": INDEX_WITH_GUIDE})
    assert done.returncode == 0, done.stderr
    html = (out / "toy.html").read_text()
    assert "Example A-1" in html and "Bob cannot go first" in html
    for internal in ("toy-turn</code>", "rw-rule-id", "verified", "We chose three", "Examples: "):
        assert internal not in html, internal
    assert not (out / "guide.html").exists()
    front = (out / "index.html").read_text()
    assert "For designers" not in front and "guide.html" not in front
    assert re.search(r"See <span[^>]*>the guide</span>, or", front) and "read it" in front  # words stay, unlinked
    index = (out / "rules.html").read_text()
    assert "toy.add</code>" not in index and "all of them held" not in index
    assert 'title="toy' not in html + index  # no ID as a link's tooltip either
    assert not list((out / "_sources").glob("*")), "the pages' Markdown (IDs, notes) is not shipped to players"


def test_a_player_meets_no_rule_or_example_id_in_the_html(tmp_path):
    """Not in the text, not in a link's hover title, not in the sources or the search index."""
    book = TOY + NOTE + "\nThe first example: {exampleref}`toy-add`.\n"
    ids = set(re.findall(r"```\{rule\} (\S+)", book)) | set(re.findall(r":id: (\S+)", book))
    assert {"toy.add", "toy-add"} <= ids
    done, out = build(tmp_path, book, tags=["player"], extra_pages={"guide.md": GUIDE, "index.md": INDEX_WITH_GUIDE})
    assert done.returncode == 0, done.stderr
    assert not ids_a_reader_meets(out, ids)
    html = (out / "toy.html").read_text()
    assert 'title="Rule 1a: Adding"' in html  # hover titles a player can read
    assert re.search(r'<a [^>]*href="#example-toy-add" title="Example A-\d+: Adding to the pile">Example A-\d+</a>', html)


def test_an_example_reference_to_no_example_is_one_message_at_its_line(tmp_path):
    toy = TOY + "\nSee also\n{exampleref}`toy-ad`.\n"
    done, _ = build(tmp_path, toy)
    assert done.returncode != 0
    assert f"toy.md:{line_of(toy, '{exampleref}`toy-ad`')}" in done.stderr
    assert "{exampleref}`toy-ad` refers to an example the book does not have" in done.stderr
    assert "Did you mean 'toy-add'" in done.stderr


def test_a_shared_position_is_shown_once_and_its_examples_start_from_it(tmp_path):
    from tests.toolchain.test_format import FROM, POSITION

    steps = EXAMPLE_ADD.replace("  - ann: add 2\n", "  - ann: add 2\n  - expect: {pile: 2}\n  - bob: add 9\n"
                                "  - expect: {refused: toy.add}\n")
    done, out = build(tmp_path, assemble(RULE_ADD, "\n## Turns\n", RULE_TURN, EXAMPLE_BOB_FIRST, POSITION, FROM,
                                         steps, RULE_END, EXAMPLE_END))
    assert done.returncode == 0, done.stderr
    html = (out / "toy.html").read_text()
    assert 'id="position-crowd"' in html and "The position for the following examples" in html
    assert 'href="#position-crowd"' in html and "the shared position ‘crowd’" in html
    assert ", changed as below" in html
    assert html.count("✓ verified") == 4
    assert "After step 1: " in html and re.search(r">Step 2<.*?>is refused by <", html, re.S)


DESIGNER_WORDS = "\n## For the record\n\nThe pile is kept\nin the path pile.counters.left, which `rulewright check` reads.\n"


def test_the_player_s_build_fails_on_designer_words_at_their_source_line(tmp_path):
    """The player-only check (rulewright/checks/player_words.py) in the build: a designer's word at the
    file and line it is written on (the second line of its paragraph); the designer's edition of
    the same pages builds."""
    toy = TOY + DESIGNER_WORDS
    (tmp_path / "player").mkdir()
    (tmp_path / "designer").mkdir()
    done, _ = build(tmp_path / "player", toy, tags=["player"])
    assert done.returncode != 0
    assert (f"toy.md:{line_of(toy, 'in the path pile')}: WARNING: The player's edition would print "
            "'pile.counters.left', a state path of the engine.") in done.stderr, done.stderr
    done, _ = build(tmp_path / "designer", toy)
    assert done.returncode == 0, done.stderr


WRITERS_WORDS = ("\n## For the writers\n\nAn example can start with a bigger pile by writing\n`pile: 9` for it, as "
                 "in game 210018 (action 425).\n")


def test_words_for_the_book_s_writers_fail_a_book_at_this_level_and_are_advice_below_it(tmp_path):
    """The check player-words (level 0.5): a sentence on how an example is written, notation in
    monospace and a game record's numbers, each at the line it is written on, fail the player's
    build of a book at this release's level; a book written for an older release (here: one with
    no level) builds, and is told the same as advice; the designer's edition keeps them."""
    from rulewright.checks import levels

    toy = TOY + WRITERS_WORDS
    said = [("'An example can'", "a sentence about writing the book's examples", "An example can start"),
            ("'pile: 9'", "notation in monospace", "`pile: 9`"), ("'game 210018'", "a game record's numbers", "game 210018")]
    for folder, level in (("older", None), ("current", levels.CURRENT), ("designer", levels.CURRENT)):
        (tmp_path / folder).mkdir()
        if level:
            (tmp_path / folder / "pyproject.toml").write_text(f'[tool.rulewright]\nrulebook = "src"\ncheck-level = "{level}"\n')
        done, _ = build(tmp_path / folder, toy, tags=[] if folder == "designer" else ["player"])
        if folder == "designer":
            assert done.returncode == 0, done.stderr
            continue
        for printed, what, written in said:
            at = f"toy.md:{line_of(toy, written)}"
            message = f"The player's edition would print {printed}, {what}."
            if level:
                assert f"{at}: WARNING: {message}" in done.stderr, done.stderr
            else:
                assert re.search(rf"{re.escape(at)}: {re.escape(message)}", done.stderr), done.stderr
        if level:
            assert done.returncode != 0
        else:
            assert done.returncode == 0 and "WARNING" not in done.stderr, done.stderr
            assert "Check 'player-words' (new at level 0.5)" in done.stderr, done.stderr


def test_the_player_s_edition_names_a_shared_position_by_its_title(tmp_path):
    from tests.toolchain.test_format import FROM, POSITION

    position = POSITION.replace("settings: {max_add: 2}\n", "")  # the toy game has no words for its settings
    done, out = build(tmp_path, assemble(RULE_ADD, "\n## Turns\n", RULE_TURN, EXAMPLE_BOB_FIRST, position, FROM,
                                         EXAMPLE_ADD, RULE_END, EXAMPLE_END, EXAMPLE_TOO_MANY), tags=["player"])
    assert done.returncode == 0, done.stderr
    html = (out / "toy.html").read_text()
    assert "the position “Three players, pile at four”" in html and 'href="#position-crowd"' in html
    assert "crowd" not in re.sub(r'(id|href)="[^"]*"', "", html)


# The toy refuses adding 4 (at most 3): the rules here say 4 may be added, the engine does not yet.
PENDING_REFUSED = EXAMPLE_ADD.replace(":id: toy-add\n", ":id: toy-add-four\n:status: pending\n").replace(
    "Adding to the pile", "Adding four").replace("add 2", "add 4").replace("pile: 2", "pile: 4")


def test_a_pending_example_is_printed_for_players_as_the_designer_wrote_it(tmp_path):
    """The player's edition prints a pending example as written (the rules' truth): its move with
    nothing the engine made of it (no refusal), the outcome it expects, and no report; the build
    passes the player's-edition check. The designer's edition shows what the engine does now, and
    no advice to expect the refusal (the designer knows the engine is wrong)."""
    (tmp_path / "player").mkdir()
    (tmp_path / "designer").mkdir()
    done, out = build(tmp_path / "player", TOY + PENDING_REFUSED, tags=["player"], strict="0")
    assert done.returncode == 0, done.stderr
    html = (out / "toy.html").read_text()
    box = html[html.index("Adding four"):]
    box = re.sub(r"<[^>]+>", "", box[:box.index("end-of-")])
    assert "ann: add 4" in box and re.search(r"pile\s+4", box), box  # the move, and the outcome it expects
    for engine_words in ("refused", "Pending", "toy.add", "line ", "expected"):
        assert engine_words not in box, engine_words
    done, out = build(tmp_path / "designer", TOY + PENDING_REFUSED, strict="0")
    assert done.returncode == 0, done.stderr
    box = (out / "toy.html").read_text()
    box = box[box.index("Adding four"):]
    assert "Pending: the engine does not do this yet" in box and "refused" in box
    assert "If the refusal is the point" not in box and "marked pending: it holds once the engine" in box


def test_the_pending_examples_are_listed_by_one_build_of_the_edition(tmp_path):
    """make rulebook reads an edition, then writes its HTML and its PDF: the list of pending
    examples is said by the reading (LIST_SAID_BY=dummy), not twice more."""
    listed = "1 example is pending (marked ':status: pending'):"
    src = source(tmp_path, TOY + PENDING_REFUSED)
    said = {}
    for builder in ("dummy", "html"):
        done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", builder, str(src), str(tmp_path / builder)],
                              capture_output=True, text=True, env={"RULEWRIGHT_STRICT": "0", "PATH": "/usr/bin:/bin",
                                                                   "RULEWRIGHT_LIST_SAID_BY": "dummy"})
        assert done.returncode == 0, done.stderr
        said[builder] = done.stderr
    assert listed in said["dummy"] and listed not in said["html"], said


def test_an_example_s_box_is_read_set_aside_and_written_whole_with_typographic_quotes(tmp_path):
    """While its page is read, what is inside an example's box is set aside (Sphinx's reading
    walks skip it: rulewright.sphinx.deferred); the page as written has it all, its quotes made
    typographic as the reading makes the prose's."""
    import pickle

    from rulewright.sphinx.deferred import set_aside
    from rulewright.sphinx.nodes import example_node

    toy = TOY.replace("Bob cannot go first", "Bob can't go \"first\"")
    done, out = build(tmp_path, toy=toy)
    assert done.returncode == 0, done.stderr
    read = pickle.loads((out / ".doctrees" / "toy.doctree").read_bytes())
    boxes = list(read.findall(example_node))
    assert boxes and all([type(child) for child in box.children] == [set_aside] for box in boxes)
    html = (out / "toy.html").read_text()
    assert "Bob can’t go “first”</span>" in html
    box = html[html.index('id="example-toy-turn"'):html.index('id="end-of-example-toy-turn"')]
    assert "Setup" in box and "refused by" in box and 'href="#rule-toy-turn"' in box


def test_a_build_that_failed_on_a_page_s_warning_fails_again_when_nothing_changed(tmp_path):
    """Sphinx reads only the pages that changed: what a page said while it was read is kept with it
    and said again by the next build, which fails again (a misspelt option here); so are the
    book's words, checked by every build (a word the glossary avoids)."""
    src = source(tmp_path, TOY.replace(":title: Adding", ":titel: Adding") + "\nTake a chip.\n",
                 {"glossary.yaml": "game: toy\nterms:\n  counter:\n    definition: One token.\n    avoid: [chip]\n"})
    builds = []
    for _ in range(2):
        builds.append(subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-b", "html",
                                      str(src), str(tmp_path / "out")], capture_output=True, text=True,
                                     env={"RULEWRIGHT_STRICT": "1", "PATH": "/usr/bin:/bin"}))
    for done in builds:
        assert done.returncode != 0
        assert f"toy.md:{line_of(TOY, ':title: Adding')}" in done.stderr and "':titel:' is unknown" in done.stderr
        assert "'chip' is a word this book avoids" in done.stderr


def test_an_example_whose_id_is_used_twice_is_listed_by_its_id_not_as_having_none(tmp_path):
    toy = TOY.replace(":id: toy-turn", ":id: toy-add")
    done, _ = build(tmp_path, toy=toy, strict="0")
    assert "The example ID 'toy-add' is used twice" in done.stderr, done.stderr
    assert "(no ID" not in done.stderr
    first, second = [n for n, row in enumerate(toy.splitlines(), 1) if row == ":id: toy-add"]
    assert re.search(rf"toy\.md, line {second}: The example ID 'toy-add' is used twice; the other is at "
                     rf"\S*toy\.md, line {first}\.", done.stderr), done.stderr  # (both ':id:' lines)
    (tmp_path / "strict").mkdir()
    strict, _ = build(tmp_path / "strict", toy=toy, strict="1")  # as a warning: its place said once, by Sphinx
    assert re.search(rf"toy\.md:{second}: WARNING: The example ID 'toy-add' is used twice", strict.stderr), strict.stderr
    assert re.search(r"toy\.md:\d+  toy-add \(again\)  \(page", done.stderr), done.stderr
    assert "1 example of the rulebook could not be played:" in done.stderr and "not hold" not in done.stderr


def test_the_build_tells_an_id_left_behind_by_a_renamed_rule_its_new_id_as_check_does(tmp_path):
    toy = TOY.replace("```{rule} toy.turn\n", "```{rule} toy.order\n:formerly: toy.turn\n")
    done, _ = build(tmp_path, toy=toy, strict="0")
    renamed = "It was renamed 'toy.order' (the ':formerly:' of that rule): write the new ID."
    assert f"The rule 'toy.turn' is not declared anywhere in the rulebook. {renamed}" in done.stderr, done.stderr
    assert "Did you mean" not in done.stderr, done.stderr


def test_a_warning_given_while_a_page_is_written_is_said_once_by_a_build_that_read_nothing(tmp_path):
    """make rulebook's way: the pages read once (Sphinx's dummy builder), then written by a build
    that reads nothing. A designer's word the player's edition would print is found when the page
    is written, and said once there; only what a page said while it was read is said again."""
    src = source(tmp_path, TOY + DESIGNER_WORDS)
    said = []
    for builder in ("dummy", "html"):
        done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "--keep-going", "-t", "player", "-b", builder,
                               "-d", str(tmp_path / "doctrees"), str(src), str(tmp_path / builder)],
                              capture_output=True, text=True, env={"RULEWRIGHT_STRICT": "1", "PATH": "/usr/bin:/bin"})
        said.append(done.stderr)
    assert said[1].count("The player's edition would print 'pile.counters.left'") == 1, said[1]
