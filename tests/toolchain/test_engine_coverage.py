"""`rulewright coverage`: every example played under coverage; the engine lines and refusal sites
no example reaches are named with their file and line, and each rule lists what it exercises."""
import json
import os
import subprocess
import sys
from pathlib import Path

from tests.toolchain.pages import EXAMPLE_ADD, EXAMPLE_BOB_FIRST, EXAMPLE_TOO_MANY, RULE_ADD, RULE_TURN, assemble

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "toolchain" / "toy_game.py"


REGISTER = "import sys; from rulewright.book.registry import register; register('toy', 'tests.toolchain.toy_game:GAME'); "


def measure(tmp_path, *blocks, code=None):
    book = tmp_path / "rulebook"
    book.mkdir(parents=True)
    (book / "toy.md").write_text(assemble(RULE_ADD, RULE_TURN, *blocks))
    code = REGISTER + (code or "from rulewright.checks.coverage import main; sys.exit(main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", code, "--rulebook", str(book), "--json", "-"],
                          capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "RULEWRIGHT_CACHE": str(tmp_path / "store")})
    assert done.returncode == 0, done.stderr
    if code != REGISTER + "from rulewright.checks.coverage import main; sys.exit(main(sys.argv[1:]))":
        return done.stdout
    return json.loads(done.stdout)["games"]["toy"]


def line_in_toy(text):
    return next(n for n, line in enumerate(TOY.read_text().splitlines(), 1) if text in line)


def missing(info):
    ranges = next(v["missing"] for k, v in info["files"].items() if k.endswith("toy_game.py"))
    return {line for first, last in ranges for line in range(first, last + 1)}


def test_unreached_refusals_and_lines_are_named(tmp_path):
    info = measure(tmp_path, EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST)
    end = line_in_toy('raise Refusal("toy.end"')
    sites = [(s["rule"], Path(s["file"]).name, s["line"]) for s in info["unreached_refusals"]]
    assert ("toy.end", "toy_game.py", end) in sites
    assert not any(rule in ("toy.add", "toy.turn") for rule, name, _ in sites if name == "toy_game.py")
    assert end in missing(info)
    assert line_in_toy("state.pile += action.count") in missing(info)  # no example adds successfully
    assert info["examples"] == 2 and 0 < info["percent"] < 100
    assert set(info["rules"]) == {"toy.add", "toy.turn"}


def test_an_example_that_plays_on_reaches_more(tmp_path):
    before = measure(tmp_path / "a", EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST)
    after = measure(tmp_path / "b", EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST, EXAMPLE_ADD)
    assert line_in_toy("state.pile += action.count") not in missing(after)
    assert after["reached"] > before["reached"]
    assert [s["rule"] for s in after["unreached_refusals"] if s["file"].endswith("toy_game.py")] == ["toy.end"]


def test_the_text_report_names_file_and_line():
    from rulewright.checks.coverage import text

    report = {"games": {"toy": {"examples": 2, "reached": 9, "statements": 12, "percent": 75.0,
                                "unreached_refusals": [{"rule": "toy.end", "file": "toy_game.py", "line": 60}],
                                "unreached_functions": [{"file": "toy_game.py", "line": 53, "lines": 3,
                                                         "function": "Toy.legal_actions", "never": True}],
                                "common": [], "common_at_least": 2,
                                "rules": {"toy.add": ["toy_game.py:Toy.apply"]}}}}
    words = text(report, rules=True)
    assert "toy: the book's 2 examples reach 9 of 12 engine lines (75.0%)." in words
    assert "refusal never shown: toy.end at toy_game.py, line 60" in words
    assert "toy_game.py, line 53: Toy.legal_actions (never called)" in words
    assert "toy.add: Toy.apply" in words


# ------------------------------------------------- what the checking of an example runs

# Bob cannot go first, and that is all it checks (not the pile: the game's view is not read).
EXAMPLE_TURN_REFUSED_ONLY = EXAMPLE_BOB_FIRST.replace(":id: toy-turn\n", ":id: toy-turn-refused\n").replace(
    "  pile: 0\n", "")


def test_reading_the_view_to_compare_an_expectation_counts(tmp_path):
    """An example is checked by reading the game's view for each expectation: the view's lines are
    reached by the examples that read it (they were reported unreached while every example read
    the view), and by no other example (a rule whose examples check only a refusal does not list it)."""
    assert "pile" not in EXAMPLE_TURN_REFUSED_ONLY.split("expect:")[1]
    info = measure(tmp_path, EXAMPLE_TURN_REFUSED_ONLY, EXAMPLE_ADD)
    assert line_in_toy('return {"pile": state.pile') not in missing(info)
    assert not any(f["function"] == "Toy.view" for f in info["unreached_functions"])
    assert "tests/toolchain/toy_game.py:Toy.view" in info["rules"]["toy.add"]
    assert "tests/toolchain/toy_game.py:Toy.view" not in info["rules"]["toy.turn"]


def test_a_function_is_reached_when_called_not_when_defined(tmp_path):
    """The ``def`` line of a function runs when the game is imported, during whichever example comes
    first: it made that example's rules list every function of the game, and a function no example
    calls read '1 line not reached' instead of 'never called'."""
    info = measure(tmp_path, EXAMPLE_TURN_REFUSED_ONLY, EXAMPLE_ADD)
    assert info["rules"]["toy.turn"] == []  # all it runs, the other example runs too
    legal = next(f for f in info["unreached_functions"] if f["function"] == "Toy.legal_actions")
    assert legal["never"]


def test_every_seed_an_example_is_checked_with_counts(tmp_path):
    """With 'seeds:', the example is checked once per seed: a line only some seeds reach counts (the
    first seed starts with a pile of 1, another with 3, which the move makes a win)."""
    seeded = """
```{example} A random starting pile
:id: toy-random-pile
:rules: toy.add

game: toy
seeds: 1..40
setup: {pile: random, target: 4, players: [ann, bob]}
do:
  - ann: add 1
expect:
  pile: {between: [1, 4]}
```
"""
    info = measure(tmp_path, seeded, EXAMPLE_ADD)
    assert line_in_toy("state.winner = action.actor") not in missing(info)  # a pile of 4 and 1 more: a win


def test_the_book_is_scanned_once(tmp_path):
    """The measuring reads the book's pages once: the examples' shared positions come from the same
    reading."""
    position = """
```{position} Pile at three
:name: three

game: toy
setup: {preset: small, pile: 3}
```
"""
    from_it = """
```{example} From the shared position
:id: toy-from-three
:rules: toy.add

game: toy
setup: {from: three}
do:
  - ann: add 1
expect:
  pile: 4
```
"""
    code = ("from pathlib import Path; from rulewright.book import scanner; calls = []; real = scanner.pages.scan; "
            "scanner.pages.scan = lambda *a, **k: calls.append(a) or real(*a, **k); "
            "from rulewright.checks.coverage import measure; "
            "report = measure(Path(sys.argv[2]))['games']['toy']; print(len(calls), report['examples'])")
    assert measure(tmp_path, position, from_it, code=code).split() == ["1", "1"]


def test_the_lines_are_counted_as_coverage_counts_them():
    """The report reads each engine file once and keeps that reading (statements, and the first line of
    each statement written over several lines); it must say what coverage.py's own analysis says."""
    import coverage

    from rulewright.checks.coverage import _read_statically, functions

    cov = coverage.Coverage(data_file=None, config_file=False)
    _, statements, _, _, _ = cov.analysis2(str(TOY))
    lines, moved, table = _read_statically(cov, TOY, TOY.read_text())
    assert lines == statements
    first = line_in_toy('return {"pile": state.pile')
    assert moved[first + 1] == first  # the view's dictionary, written over several lines, is one statement
    assert [tuple(f) for f in table] == [(f.name, f.first, f.last, f.body) for f in functions(TOY)]


def test_the_words_say_one_and_many():
    from rulewright.checks.coverage import text

    report = {"games": {"toy": {"examples": 1, "reached": 1, "statements": 1, "percent": 100.0,
                                "unreached_refusals": [],
                                "unreached_functions": [{"file": "toy_game.py", "line": 53, "lines": 1,
                                                         "function": "Toy.legal_actions", "never": False},
                                                        {"file": "toy_game.py", "line": 70, "lines": 2,
                                                         "function": "Toy.apply", "never": False}],
                                "common": [], "common_at_least": 1, "rules": {}}}}
    words = text(report)
    assert "toy: the book's 1 example reaches 1 of 1 engine line (100.0%)." in words
    assert "Toy.legal_actions (1 line not reached)" in words
    assert "Toy.apply (2 lines not reached)" in words
    assert "1 lines" not in words


def test_the_rule_list_says_what_it_leaves_out():
    """``--rules`` says what its list is, and names the functions nearly every example reaches, which
    it leaves out of each rule's line (they were only in the JSON, so a rule looked as if its
    examples reached nothing else)."""
    from rulewright.checks.coverage import text

    report = {"games": {"toy": {"examples": 20, "reached": 9, "statements": 12, "percent": 75.0,
                                "unreached_refusals": [], "unreached_functions": [],
                                "common": ["other.py:view", "toy_game.py:Toy.new_state", "toy_game.py:view"],
                                "common_at_least": 18,
                                "rules": {"toy.add": ["toy_game.py:Toy.apply"], "toy.end": []}}}}
    words = text(report, rules=True).splitlines()
    heading = next(i for i, line in enumerate(words) if "each rule's examples reach" in line)
    assert "leaving out the 3 functions that at least 18 of the 20 examples reach" in words[heading]
    assert words[heading + 1] == "    toy.add: Toy.apply"
    assert words[heading + 2].startswith("    toy.end: (nothing besides")
    assert words[heading + 3] == ("  left out above, reached by at least 18 of the 20 examples: view (other.py), "
                                  "Toy.new_state, view (toy_game.py)")
    assert "each rule's examples reach" not in text(report)  # only with --rules


def test_nearly_every_example_is_counted_in_whole_examples():
    from rulewright.checks.coverage import common_at_least

    assert [common_at_least(n) for n in (1, 2, 10, 11, 20, 263)] == [1, 2, 9, 10, 18, 237]


def test_the_designers_page_says_one_and_many_and_what_it_leaves_out():
    from docutils import nodes

    from rulewright.sphinx.coverage_page import _game

    info = {"examples": 1, "reached": 1, "statements": 1, "percent": 100.0, "unreached_refusals": [],
            "unreached_functions": [], "common": ["toy_game.py:Toy.view"], "common_at_least": 1,
            "rules": {"toy.add": []}, "files": {}}
    words = " ".join(node.astext() for node in _game("toy", info)
                     if isinstance(node, nodes.paragraph))
    assert "The book's 1 example of toy reaches 1 of the engine's 1 line." in words
    assert "leaving out the 1 engine function that the game's only example reaches" in words
    assert "Left out above, reached by the game's only example: Toy.view." in words


def test_the_kept_coverage_report_changes_with_the_book(tmp_path):
    """The designer's coverage page keeps its report in the store under a hash of what it depends
    on: a changed page must give a new key (never a stale report), an unchanged book the same."""
    from rulewright.sphinx.coverage_page import _inputs

    book = tmp_path / "rulebook"
    book.mkdir()
    page = book / "toy.md"
    page.write_text(assemble(RULE_ADD, EXAMPLE_ADD))
    first = _inputs(book)
    assert _inputs(book) == first
    page.write_text(assemble(RULE_ADD, EXAMPLE_ADD, EXAMPLE_TOO_MANY))
    assert _inputs(book) != first


def test_an_edit_of_the_prose_alone_keeps_the_report(tmp_path):
    """The report depends on the examples as written, not on the words around them nor on the
    lines they stand on: a designer's edit of a sentence does not measure again (it took three of
    the four seconds of such a rebuild), a changed example does."""
    from rulewright.sphinx.coverage_page import _inputs

    book = tmp_path / "rulebook"
    book.mkdir()
    page = book / "toy.md"
    page.write_text(assemble(RULE_ADD, EXAMPLE_ADD))
    first = _inputs(book)
    page.write_text("A new opening sentence, and a blank line.\n\n" + assemble(RULE_ADD, EXAMPLE_ADD))
    assert _inputs(book) == first
    page.write_text(assemble(RULE_ADD, EXAMPLE_ADD.replace("add 2", "add 3")))
    assert _inputs(book) != first


class _Env:
    def __init__(self, book):
        self.srcdir = str(book)

    def doc2path(self, name):
        return str(Path(self.srcdir) / f"{name}.md")


class _App:
    confdir = str(ROOT)


class _Started:
    def __init__(self, report=None):
        self.killed, self.finished, self.given = False, False, report

    def report(self):
        return self.given

    def stop(self):
        self.killed = True

    def finish(self):
        self.finished = True


def test_the_measurement_starts_before_its_page_is_read(tmp_path, monkeypatch):
    """The designer's coverage page starts measuring when Sphinx is about to read the pages, so the
    seconds it takes run beside the reading of the others; the page then takes that report, and
    a measurement whose page was never read is stopped at the end of the build (one whose report
    was taken is waited for then, not killed: it checks the book's words after its report)."""
    from rulewright.store import cache
    from rulewright.checks import coverage as engine_coverage
    from rulewright.sphinx import coverage_page

    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    book = tmp_path / "rulebook"
    book.mkdir()
    (book / "toy.md").write_text(assemble(RULE_ADD, EXAMPLE_ADD))
    (book / "coverage.md").write_text("# Coverage\n\n```{engine-coverage}\n```\n")
    started, report = [], {"games": {}}
    monkeypatch.setattr(engine_coverage, "start", lambda root, cwd=None: started.append(root) or _Started(report))
    monkeypatch.setattr(engine_coverage, "measure_in_fresh_process",
                        lambda *a, **k: (_ for _ in ()).throw(AssertionError("measured a second time")))
    env = _Env(book)

    (book / "guide.md").write_text("# How to show it\n\n````text\n```{engine-coverage}\n```\n````\n")
    coverage_page.start_early(_App(), env, ["toy"])  # the page showing the report is not read
    coverage_page.start_early(_App(), env, ["guide"])  # a page only quoting the directive as code
    assert started == []
    reading = ["coverage", "toy", "guide"]
    coverage_page.start_early(_App(), env, reading)
    # the page showing the report is read last, the report ready; the pages without an example
    # first, while the measurement plays the first examples
    assert reading == ["guide", "toy", "coverage"]
    coverage_page.start_early(_App(), env, ["coverage", "toy"])  # started once only
    assert started == [book]
    inputs = coverage_page._inputs(book)
    assert cache.kept("engine-coverage", inputs,
                      lambda: coverage_page._measure(book, ROOT, inputs)) is report
    assert coverage_page._started == {}
    [reported] = coverage_page._reported

    coverage_page.start_early(_App(), env, ["coverage"])  # the store has it now: nothing to start
    assert started == [book]

    (book / "toy.md").write_text(assemble(RULE_ADD, EXAMPLE_ADD, EXAMPLE_TOO_MANY))
    coverage_page.start_early(_App(), env, ["coverage"])  # a new book: measured again...
    leftover = coverage_page._started[coverage_page._inputs(book)]
    coverage_page.stop_unused(None, None)  # ...but the build ended before the page was read
    assert leftover.killed and coverage_page._started == {}
    assert reported.finished and not reported.killed and coverage_page._reported == []


def test_a_drawer_in_the_game_s_own_file_is_not_counted_as_rules(tmp_path):
    """A game may draw its diagrams with a method beside its rules (not in a diagram.py of its own):
    the examples are checked here without their pictures, so it is left out, not 'never called'."""
    (tmp_path / "drawn_toy.py").write_text(
        "from tests.toolchain.toy_game import Toy\n\n\n"
        "class DrawnToy(Toy):\n"
        "    def diagram(self, run, when, options):\n"
        "        return 'graph G { pile }'\n\n"
        "    def nobody_calls_this(self):\n"
        "        return 1\n\n\n"
        "GAME = DrawnToy()\n")
    code = (f"import sys; sys.path.insert(0, {str(tmp_path)!r}); from rulewright.book.registry import register; "
            "register('toy', 'drawn_toy:GAME'); from rulewright.checks.coverage import main; "
            "sys.exit(main(sys.argv[1:]))")
    book = tmp_path / "rulebook"
    book.mkdir()
    (book / "toy.md").write_text(assemble(RULE_ADD, RULE_TURN, EXAMPLE_ADD))
    done = subprocess.run([sys.executable, "-c", code, "--rulebook", str(book), "--json", "-"], capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, "RULEWRIGHT_CACHE": str(tmp_path / "store")})
    assert done.returncode == 0, done.stderr
    info = json.loads(done.stdout)["games"]["toy"]
    unreached = {f["function"] for f in info["unreached_functions"]}
    assert "DrawnToy.nobody_calls_this" in unreached and "DrawnToy.diagram" not in unreached, unreached


FORKED = REGISTER + """
import json
from pathlib import Path
from rulewright.book import scanner
from rulewright.checks import coverage
from rulewright.store import cache
book = Path(sys.argv[1])
measuring = coverage.start(book)
forked = type(measuring).__name__
report = measuring.report()
# the reading of the pages, after the measurement: every example is found played in the store
for decl in scanner.scan(book).examples:
    try:
        cache.evaluate(decl.parse())
    except Exception:
        pass
print(json.dumps({"kind": forked, "report": report, "played_again": cache.played}))
"""


def test_a_measurement_beside_the_build_forks_measures_alike_and_leaves_every_example_played(tmp_path):
    """The build starts the measurement in a fork of itself (the toolchain imported, the book read,
    no game imported yet): its report is a fresh process's, and it keeps each example's result in
    the store, so the pages' reading plays none of them again."""
    book = tmp_path / "rulebook"
    book.mkdir()
    (book / "toy.md").write_text(assemble(RULE_ADD, RULE_TURN, EXAMPLE_ADD, EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST))
    done = subprocess.run([sys.executable, "-c", FORKED, str(book)], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "RULEWRIGHT_CACHE": str(tmp_path / "store")})
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    assert said["kind"] == "_Fork"
    fresh = measure(tmp_path / "fresh", EXAMPLE_ADD, EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST)  # `rulewright coverage`'s
    assert said["report"]["games"]["toy"] == fresh and fresh["examples"] == 3
    assert said["played_again"] == 0
    assert len(list((tmp_path / "store" / "results").glob("*.pickle"))) == 3


WORDS_AHEAD = REGISTER + """
import json
from pathlib import Path
from rulewright.checks import coverage, words
book = Path(sys.argv[1])
measuring = coverage.start(book)
measuring.report()
measuring.finish()
def checked_again(glossary):
    raise AssertionError("checked again: " + str(glossary.path))
words._check_glossary = checked_again
print(json.dumps([p.message for p in words.check_terms(book)]))
"""


def test_after_its_report_the_measuring_fork_checks_the_book_s_words_for_the_build(tmp_path):
    """The fork, its report sent, checks the book's words while the build reads its last pages;
    the build's own check (once every page is read) then finds them checked in the store, and
    says what they found (a word to avoid, at its line)."""
    book = tmp_path / "rulebook"
    book.mkdir()
    (book / "glossary.yaml").write_text("game: toy\nterms:\n  counter:\n    definition: One token on the pile."
                                        "\n    avoid: [chip]\n")
    (book / "toy.md").write_text(assemble(RULE_ADD, "\nTake a chip from the pile.\n", EXAMPLE_ADD))
    done = subprocess.run([sys.executable, "-c", WORDS_AHEAD, str(book)], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "RULEWRIGHT_CACHE": str(tmp_path / "store")})
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    assert len(said) == 1 and "chip" in said[0], said


def test_a_game_imported_already_is_measured_in_a_fresh_process(tmp_path):
    """Lines a game runs when it is imported count only if coverage is on by then: once the game is
    imported, a fork would miss them, so a fresh process measures."""
    book = tmp_path / "rulebook"
    book.mkdir()
    (book / "toy.md").write_text(assemble(RULE_ADD, EXAMPLE_ADD))
    code = FORKED.replace("measuring = coverage.start(book)",
                          "import tests.toolchain.toy_game\nmeasuring = coverage.start(book)")
    done = subprocess.run([sys.executable, "-c", code, str(book)], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "RULEWRIGHT_CACHE": str(tmp_path / "store")})
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    assert said["kind"] == "_FreshProcess"


def test_a_parallel_build_reads_the_measurement_started_before_its_readers_forked(tmp_path):
    """With Sphinx's -j, a reader forked by Sphinx reads the coverage page and takes the report of
    the measurement its parent started (which only the parent may reap)."""
    from tests.toolchain.pages import toy_conf

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(toy_conf())
    pages = ["toy", "coverage"] + [f"more{n}" for n in range(6)]  # enough pages for Sphinx to read in parallel
    (src / "index.md").write_text("# Toy\n\n```{toctree}\n" + "\n".join(pages) + "\n```\n")
    (src / "toy.md").write_text(assemble(RULE_ADD, RULE_TURN, EXAMPLE_ADD, EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST))
    (src / "coverage.md").write_text("# Coverage\n\n```{engine-coverage}\n```\n")
    for n in range(6):
        (src / f"more{n}.md").write_text(f"# More {n}\n\nWords.\n")
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-j", "2", "-b", "html", str(src), str(tmp_path / "out")],
                          capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "RULEWRIGHT_STRICT": "0", "RULEWRIGHT_CACHE": str(tmp_path / "store")})
    assert done.returncode == 0, done.stderr
    assert "of the engine reached" in (tmp_path / "out" / "coverage.html").read_text()


def test_the_coverage_page_is_filled_in_when_written_and_a_build_that_only_reads_keeps_its_report(tmp_path):
    """The page read holds a placeholder, filled in when it is written (its quotes typographic as
    the page's); a build that writes no page ('make rulebook' reads with Sphinx's dummy builder)
    waits for the measurement and keeps the report, which the build writing the page then takes."""
    import subprocess

    from tests.toolchain.test_sphinx import INDEX, source

    src = source(tmp_path, extra_pages={"index.md": INDEX.replace("rules\n", "rules\ncoverage\n"),
                                        "coverage.md": "# Engine coverage\n\n```{engine-coverage}\n```\n"})
    env = {"RULEWRIGHT_STRICT": "1", "PATH": "/usr/bin:/bin", "RULEWRIGHT_CACHE": str(tmp_path / "store")}
    doctrees = tmp_path / "doctrees"
    for builder in ("dummy", "html", "singlehtml"):  # (a one-page build, as the PDF's, too)
        done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", "-b", builder, "-d", str(doctrees),
                               str(src), str(tmp_path / builder)], capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        if builder == "dummy":
            assert len(list((tmp_path / "store" / "engine-coverage").glob("*.pickle"))) == 1
    html = (tmp_path / "html" / "coverage.html").read_text()
    assert "The book’s 4 examples of toy reach" in html, html
    assert "The book’s 4 examples of toy reach" in (tmp_path / "singlehtml" / "index.html").read_text()
