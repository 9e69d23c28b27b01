"""`make test` says each problem of the book once, in Rulewright's words: an example's own test
reports what is wrong with it, the whole-book check (the test a new project gets) only what no
page's test says, and neither shows pytest's assertion frame, a Python repr or Sybil's wrapper."""
import subprocess
import sys
from pathlib import Path

import pytest

import rulewright.scaffold
from tests.toolchain.pages import ROOT, EXAMPLE_ADD, RULE_ADD, RULE_TURN, assemble, line_of, rest_of_toy, toy_conf

pytest_plugins = ["pytester"]

# An example naming a misspelt rule, one expecting what does not happen, and a rule that no example
# shows: three problems, each to be said exactly once.
MISSPELT = EXAMPLE_ADD.replace(":rules: toy.add\n", ":rules: toy.add toy.ad\n")
WRONG = EXAMPLE_ADD.replace("toy-add", "toy-add-wrong").replace("pile: 2", "pile: 3")
PAGE = assemble(RULE_ADD, MISSPELT, WRONG, RULE_TURN.replace("toy.turn", "toy.lonely").replace("Taking turns", "Lonely"))


@pytest.fixture(autouse=True)
def games_loaded_inside_stay_inside(monkeypatch):
    """A pytest run inside this one imports the toy game afresh, and pytester puts the modules back
    afterwards but not the games loaded from them: the registry's loaded games are put back too,
    or a later test that patches the toy game's class (test_cli_loop) patches a class nobody plays."""
    from rulewright.book import registry

    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))


def run_book(pytester, *args, page=PAGE):
    pytester.path.joinpath("pyproject.toml").write_text('[tool.rulewright]\nrulebook = "rulebook"\n')
    (pytester.path / "rulebook").mkdir()
    (pytester.path / "rulebook" / "more.md").write_text(rest_of_toy())
    (pytester.path / "rulebook" / "adding.md").write_text(page)
    (pytester.path / "conftest.py").write_text(f'import sys\nsys.path.insert(0, {str(ROOT)!r})\n'  # for xdist's workers
                                               'from rulewright.book.registry import register\n'
                                               'register("toy", "tests.toolchain.toy_game:GAME")\n')
    (pytester.path / "tests").mkdir()
    (pytester.path / "tests" / "test_rulebook.py").write_text(
        (Path(rulewright.scaffold.__file__).parent / "template" / "tests" / "test_rulebook.py.tmpl").read_text())
    return pytester.runpytest_inprocess("-p", "no:cacheprovider", *args)


@pytest.mark.parametrize("how", ["here", "on CI", "under xdist"])
def test_each_problem_is_reported_once_in_plain_words(pytester, monkeypatch, how):
    if how == "on CI":  # where pytest's summary line would repeat a whole message
        monkeypatch.setenv("CI", "1")
    result = run_book(pytester, *(["-n", "1"] if how == "under xdist" else []))
    out = result.stdout.str()
    assert result.parseoutcomes()["failed"] == 3  # the two examples, and the whole-book check
    for message in (f"adding.md, line {line_of(PAGE, ':rules: toy.add toy.ad')}, example toy-add: "
                    "The rule 'toy.ad' is not declared anywhere in the rulebook",
                    f"- pile (line {line_of(PAGE, 'pile: 3')}): expected 3, but it is 2.",
                    f"adding.md, line {line_of(PAGE, 'toy.lonely')}: The rule toy.lonely has no example"):
        assert out.count(message) == 1, f"{message!r} is said {out.count(message)} times in:\n{out}"
    repeated = [line for line in out.splitlines() if line.startswith("FAILED ") and " - " in line]
    assert not repeated, f"pytest's summary repeats a report: {repeated}"
    for noise in ("ExampleProblem(", "AssertionError", "assert not", "SybilFailure", "Example at", "Traceback",
                  "def test_"):
        assert noise not in out, f"{noise!r} in:\n{out}"


def test_a_failing_example_is_headed_by_its_page_and_id(pytester):
    result = run_book(pytester)
    result.stdout.fnmatch_lines(["*_ adding.md, example toy-add _*", "FAILED rulebook/adding.md::toy-add",
                                 "FAILED tests/test_rulebook.py::test_the_rulebook_is_sound"])
    assert "line=" not in result.stdout.str()


def read_edition(tmp_path, edition: str, reported_by: str) -> str:
    """What reading one edition of a toy book with a failing example says, as ``make rulebook``
    reads it (Sphinx's dummy builder, strict, beside the other edition's reading)."""
    src = tmp_path / "src"
    if not src.exists():
        src.mkdir()
        (src / "conf.py").write_text(toy_conf())
        (src / "index.md").write_text(assemble(RULE_ADD, WRONG) + "\n```{toctree}\nmore\n```\n")
        (src / "more.md").write_text(rest_of_toy())
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-t", edition, "-b", "dummy",
                           str(src), str(tmp_path / edition)], capture_output=True, text=True,
                          env={"RULEWRIGHT_STRICT": "1", "RULEWRIGHT_REPORTED_BY": reported_by,
                               "PATH": "/usr/bin:/bin"})
    return done.stderr


def test_make_rulebook_says_a_failing_example_once_not_once_per_edition(tmp_path):
    said = read_edition(tmp_path, "player", "designer") + read_edition(tmp_path, "designer", "designer")
    assert said.count("expected 3, but it is 2") == 1, said
    assert said.count("1 example of the rulebook does not hold") == 1, said
    alone = read_edition(tmp_path, "player", "")  # `make player`: the player's reading says it
    assert alone.count("expected 3, but it is 2") == 1, alone


def test_a_misspelt_rule_reference_is_said_once_in_the_player_s_edition(tmp_path):
    """The reference's own message, not also "would print 'toy.adds', a state path" for the ID
    the page keeps as written."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(toy_conf())
    (src / "index.md").write_text(assemble(RULE_ADD, EXAMPLE_ADD, "\nSee {ruleref}`toy.adds`.\n")
                                  + "\n```{toctree}\nmore\n```\n")
    (src / "more.md").write_text(rest_of_toy())
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "--keep-going", "-t", "player", "-b", "html",
                           str(src), str(tmp_path / "out")], capture_output=True, text=True,
                          env={"RULEWRIGHT_STRICT": "0", "PATH": "/usr/bin:/bin"})
    warned = [line for line in done.stderr.splitlines() if "toy.adds" in line]
    assert len(warned) == 1 and "refers to a rule the book does not declare" in warned[0], done.stderr


def test_a_failing_example_s_report_is_not_read_again_by_the_player_s_edition_check(tmp_path):
    """The report quotes the path it checked ('players.ann.name'); it is the example's problem,
    said at its line, not a designer's word the player's edition would print besides."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(toy_conf(before="from tests.toolchain.toy_game import Toy\n"
                                              "from tests.toolchain.test_phrases import TOY_PHRASES\n"
                                              "Toy.phrases = TOY_PHRASES\n"))  # the path has its words
    wrong = EXAMPLE_ADD.replace("  pile: 2\n", "  pile: 2\n  players.ann.name: zed\n")
    (src / "index.md").write_text(assemble(RULE_ADD, wrong) + "\n```{toctree}\nmore\n```\n")
    (src / "more.md").write_text(rest_of_toy())
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-N", "--keep-going", "-t", "player", "-b", "html",
                           str(src), str(tmp_path / "out")], capture_output=True, text=True,
                          env={"RULEWRIGHT_STRICT": "0", "PATH": "/usr/bin:/bin"})
    assert "zed" in done.stderr, done.stderr  # the failure is said
    assert "would print 'players.ann.name'" not in done.stderr, done.stderr


def test_a_misspelt_rule_among_an_example_s_rules_is_said_once_at_its_line(tmp_path):
    """The book's check says it at the ':rules:' line; the example's list of the rules it shows
    keeps the ID as written, without a second warning at line 1 as if it were a {ruleref}."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(toy_conf())
    page = assemble(RULE_ADD, EXAMPLE_ADD.replace(":rules: toy.add\n", ":rules: toy.add toy.adds\n"))
    (src / "index.md").write_text(page + "\n```{toctree}\nmore\n```\n")
    (src / "more.md").write_text(rest_of_toy())
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-N", "--keep-going", "-t", "designer", "-b", "html",
                           str(src), str(tmp_path / "out")], capture_output=True, text=True,
                          env={"RULEWRIGHT_STRICT": "1", "PATH": "/usr/bin:/bin"})
    warned = [line for line in done.stderr.splitlines() if "toy.adds" in line and "WARNING" in line]
    assert len(warned) == 1, done.stderr
    assert f"index.md:{line_of(page, ':rules: toy.add toy.adds')}:" in warned[0], warned


def test_the_build_says_an_unreadable_example_once_not_also_the_refusal_it_shows(tmp_path):
    from tests.toolchain.pages import EXAMPLE_BOB_FIRST, EXAMPLE_END, EXAMPLE_TOO_MANY, RULE_END

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(toy_conf())
    tabbed = EXAMPLE_TOO_MANY.replace("  - ann: add 4", "\t- ann: add 4")
    (src / "index.md").write_text(assemble(RULE_ADD, EXAMPLE_ADD) + "\n```{toctree}\nmore\n```\n")
    (src / "more.md").write_text(assemble(RULE_TURN, RULE_END, tabbed, EXAMPLE_BOB_FIRST, EXAMPLE_END, title="More"))
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-N", "--keep-going", "-t", "designer", "-b", "html",
                           str(src), str(tmp_path / "out")], capture_output=True, text=True,
                          env={"RULEWRIGHT_STRICT": "1", "PATH": "/usr/bin:/bin"})
    assert "this line has a tab" in done.stderr, done.stderr
    assert "no example shows that refusal" not in done.stderr and "has no example" not in done.stderr, done.stderr


def test_a_bug_in_the_diagram_code_fails_the_first_example_it_stops_and_skips_the_rest(pytester, monkeypatch):
    """Both examples hold, and one slip in the drawer stops both their diagrams: the first example's
    test fails with the bug, the second's is skipped, pointing there."""
    from tests.toolchain.toy_game import GAME

    monkeypatch.setattr(type(GAME), "diagram", staticmethod(lambda run, when, options: run.after.pile_size))
    drawn = EXAMPLE_ADD.replace(":rules: toy.add\n", ":rules: toy.add\n:diagram: after\n")
    page = assemble(RULE_ADD, drawn, drawn.replace("toy-add", "toy-add-again"))
    result = run_book(pytester, "-rfs", page=page)
    out = result.stdout.str()
    assert out.count("could not be drawn (AttributeError: ") == 1, out
    assert result.parseoutcomes()["failed"] == 1 and "FAILED rulebook/adding.md::toy-add" in out
    assert f"its diagram meets the bug in the game's diagram code said at rulebook/adding.md, line " \
           f"{line_of(page, '{example}')}" in out
