"""Examples run under pytest through Sybil, named by their IDs, and fail in plain words."""
from tests.toolchain.pages import DOCTEST, EXAMPLE_ADD, EXAMPLE_BOB_FIRST, EXAMPLE_TOO_MANY, RULE_ADD, assemble, line_of

pytest_plugins = ["pytester"]

CONFTEST = """
from rulewright.registry import register
register("toy", "tests.toolchain.toy_game:GAME")
from rulewright.sybil_parser import rulebook_sybil
from pathlib import Path
pytest_collect_file = rulebook_sybil(Path(__file__).parent).pytest()
"""

PAGE = assemble(RULE_ADD, EXAMPLE_ADD, EXAMPLE_TOO_MANY, DOCTEST)


def run(pytester, text: str, *args):
    pytester.makeconftest(CONFTEST)
    pytester.makefile(".md", rules=text)
    return pytester.runpytest_inprocess("-p", "no:doctest", "-p", "no:cacheprovider", "-v", *args)


def test_examples_and_doctests_run_as_tests_named_by_id(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.declared_rules", lambda: frozenset({"toy.add"}))
    result = run(pytester, PAGE)
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["*rules.md::toy-add PASSED*", "*rules.md::toy-add-too-many PASSED*"])


def test_one_example_runs_by_id(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.declared_rules", lambda: frozenset({"toy.add"}))
    result = run(pytester, PAGE, "-k", "toy-add-too-many")
    result.assert_outcomes(passed=1, deselected=2)


def test_a_failing_example_reports_file_line_id_and_values_without_a_traceback(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.declared_rules", lambda: frozenset({"toy.add"}))
    text = PAGE.replace("pile: 2", "pile: 3")
    result = run(pytester, text)
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([
        f"*rules.md, line {line_of(text, ':id: toy-add') - 1}, example toy-add: "
        "the example did not turn out as expected.",
        f"*- pile (line {line_of(text, 'pile: 3')}): expected 3, but it is 2.",
    ])
    assert "Traceback" not in result.stdout.str()


def test_a_malformed_example_fails_with_its_line_not_a_traceback(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.declared_rules", lambda: frozenset({"toy.add"}))
    text = PAGE.replace("- ann: add 4", "- ann: explode")
    result = run(pytester, text)
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([f"*rules.md, line {line_of(text, 'ann: explode')}, example toy-add-too-many: "
                                 "In step 1, 'ann: explode': 'explode' is not a toy action; write 'add N'."])
    assert "Traceback" not in result.stdout.str()


def test_examples_run_by_rule_with_the_rule_option_or_k(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.declared_rules", lambda: frozenset({"toy.add", "toy.turn"}))
    page = assemble(RULE_ADD, EXAMPLE_ADD, EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST)
    by_option = run(pytester, page, "--rule", "toy.turn")
    by_option.assert_outcomes(passed=1, deselected=2)
    by_option.stdout.fnmatch_lines(["*::toy-turn PASSED*"])
    run(pytester, page, "-k", "toy.add").assert_outcomes(passed=2, deselected=1)
