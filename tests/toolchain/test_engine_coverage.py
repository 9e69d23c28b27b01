"""`rulewright coverage`: every example played under coverage; the engine lines and refusal sites
no example reaches are named with their file and line, and each rule lists what it exercises."""
import json
import subprocess
import sys
from pathlib import Path

from tests.toolchain.pages import EXAMPLE_ADD, EXAMPLE_BOB_FIRST, EXAMPLE_TOO_MANY, RULE_ADD, RULE_TURN, assemble

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "toolchain" / "toy_game.py"


def measure(tmp_path, *blocks):
    book = tmp_path / "rulebook"
    book.mkdir(parents=True)
    (book / "toy.md").write_text(assemble(RULE_ADD, RULE_TURN, *blocks))
    code = ("import sys; from rulewright.book.registry import register; "
            "register('toy', 'tests.toolchain.toy_game:GAME'); "
            "from rulewright.checks.coverage import main; sys.exit(main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", code, "--rulebook", str(book), "--json", "-"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
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
                                "rules": {"toy.add": ["toy_game.py:Toy.apply"]}}}}
    words = text(report, rules=True)
    assert "toy: the book's 2 examples reach 9 of 12 engine lines (75.0%)." in words
    assert "refusal never shown: toy.end at toy_game.py, line 60" in words
    assert "toy_game.py, line 53: Toy.legal_actions (never called)" in words
    assert "toy.add: Toy.apply" in words


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
    def __init__(self):
        self.killed = False

    def kill(self):
        self.killed = True

    def communicate(self):
        assert self.killed
        return "", ""


def test_the_measurement_starts_before_its_page_is_read(tmp_path, monkeypatch):
    """The designer's coverage page starts measuring when Sphinx is about to read the pages, so the
    seconds it takes run beside the reading of the others; the page then takes that report, and
    a measurement whose page was never read is stopped at the end of the build."""
    from rulewright.store import cache
    from rulewright.checks import coverage as engine_coverage
    from rulewright.sphinx import coverage_page

    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    book = tmp_path / "rulebook"
    book.mkdir()
    (book / "toy.md").write_text(assemble(RULE_ADD, EXAMPLE_ADD))
    (book / "coverage.md").write_text("# Coverage\n\n```{engine-coverage}\n```\n")
    started, report = [], {"games": {}}
    monkeypatch.setattr(engine_coverage, "start_in_fresh_process",
                        lambda root, cwd=None, niceness=0: started.append((root, niceness)) or _Started())
    monkeypatch.setattr(engine_coverage, "outcome", lambda process: report)
    monkeypatch.setattr(engine_coverage, "measure_in_fresh_process",
                        lambda *a, **k: (_ for _ in ()).throw(AssertionError("measured a second time")))
    env = _Env(book)

    (book / "guide.md").write_text("# How to show it\n\n````text\n```{engine-coverage}\n```\n````\n")
    coverage_page.start_early(_App(), env, ["toy"])  # the page showing the report is not read
    coverage_page.start_early(_App(), env, ["guide"])  # a page only quoting the directive as code
    assert started == []
    reading = ["coverage", "toy"]
    coverage_page.start_early(_App(), env, reading)
    assert reading == ["toy", "coverage"]  # the page showing the report is read last, the report ready
    coverage_page.start_early(_App(), env, ["coverage", "toy"])  # started once only
    assert started == [(book, 10)]  # below the reading's priority
    inputs = coverage_page._inputs(book)
    assert cache.kept("engine-coverage", inputs,
                      lambda: coverage_page._measure(book, ROOT, inputs)) is report
    assert coverage_page._started == {}

    coverage_page.start_early(_App(), env, ["coverage"])  # the store has it now: nothing to start
    assert started == [(book, 10)]

    (book / "toy.md").write_text(assemble(RULE_ADD, EXAMPLE_ADD, EXAMPLE_TOO_MANY))
    coverage_page.start_early(_App(), env, ["coverage"])  # a new book: measured again...
    leftover = coverage_page._started[coverage_page._inputs(book)]
    coverage_page.stop_unused(None, None)  # ...but the build ended before the page was read
    assert leftover.killed and coverage_page._started == {}
