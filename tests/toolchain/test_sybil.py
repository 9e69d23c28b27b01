"""Examples run under pytest through Sybil, named by their IDs, and fail in plain words."""
from tests.toolchain.pages import DOCTEST, EXAMPLE_ADD, EXAMPLE_BOB_FIRST, EXAMPLE_TOO_MANY, RULE_ADD, assemble, line_of

pytest_plugins = ["pytester"]

CONFTEST = """
from rulewright.book.registry import register
register("toy", "tests.toolchain.toy_game:GAME")
from rulewright.testing.sybil_parser import rulebook_sybil
from pathlib import Path
pytest_collect_file = rulebook_sybil(Path(__file__).parent).pytest()
"""

PAGE = assemble(RULE_ADD, EXAMPLE_ADD, EXAMPLE_TOO_MANY, DOCTEST)


def run(pytester, text: str, *args):
    pytester.makeconftest(CONFTEST)
    pytester.makefile(".md", rules=text)
    return pytester.runpytest_inprocess("-p", "no:doctest", "-p", "no:cacheprovider", "-v", *args)


def test_examples_and_doctests_run_as_tests_named_by_id(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.scanner.declared_rules", lambda: frozenset({"toy.add"}))
    result = run(pytester, PAGE)
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["*rules.md::toy-add PASSED*", "*rules.md::toy-add-too-many PASSED*"])


def test_one_example_runs_by_id(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.scanner.declared_rules", lambda: frozenset({"toy.add"}))
    result = run(pytester, PAGE, "-k", "toy-add-too-many")
    result.assert_outcomes(passed=1, deselected=2)


def test_a_failing_example_reports_file_line_id_and_values_without_a_traceback(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.scanner.declared_rules", lambda: frozenset({"toy.add"}))
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
    monkeypatch.setattr("rulewright.book.scanner.declared_rules", lambda: frozenset({"toy.add"}))
    text = PAGE.replace("- ann: add 4", "- ann: explode")
    result = run(pytester, text)
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([f"*rules.md, line {line_of(text, 'ann: explode')}, example toy-add-too-many: "
                                 "In step 1, 'ann: explode': 'explode' is not a toy action; write 'add N'."])
    assert "Traceback" not in result.stdout.str()


def test_examples_run_by_rule_with_the_rule_option_or_k(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.scanner.declared_rules", lambda: frozenset({"toy.add", "toy.turn"}))
    page = assemble(RULE_ADD, EXAMPLE_ADD, EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST)
    by_option = run(pytester, page, "--rule", "toy.turn")
    by_option.assert_outcomes(passed=1, deselected=2)
    by_option.stdout.fnmatch_lines(["*::toy-turn PASSED*"])
    run(pytester, page, "-k", "toy.add").assert_outcomes(passed=2, deselected=1)


def test_a_misspelt_rule_option_is_named_not_a_silent_empty_run(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.scanner.declared_rules", lambda: frozenset({"toy.add", "toy.turn"}))
    page = assemble(RULE_ADD, EXAMPLE_ADD, EXAMPLE_TOO_MANY, EXAMPLE_BOB_FIRST)
    result = run(pytester, page, "--rule", "toy.trun")
    assert result.ret != 0
    result.stderr.fnmatch_lines(["*--rule toy.trun: there is no rule with that ID in the rulebook. Did you mean 'toy.turn'?*"])


class DrawnToy(__import__("tests.toolchain.toy_game", fromlist=["Toy"]).Toy):
    """The toy game with a drawer; the word ``broken`` after ``:diagram: after`` makes it write
    DOT that Graphviz rejects, as a buggy drawer would."""

    diagram_options = frozenset({"broken"})

    @staticmethod
    def diagram(run, when, options):
        pile = (run.before if when == "before" else run.after).pile
        return "graph { p [label=" + ("<<b>" if "broken" in options else f'"pile {pile}"') + "] }"


DRAWN = (EXAMPLE_ADD.replace(":id: toy-add", ":id: toy-drawn").replace(":rules: toy.add", ":rules: toy.add\n:diagram: DIAGRAM")
         .replace("game: toy", "game: GAME"))


def drawn_page(diagram: str, game: str = "toy-drawn") -> str:
    return assemble(RULE_ADD, DRAWN.replace("DIAGRAM", diagram).replace("GAME", game))


def run_drawn(pytester, text):
    pytester.makeconftest(CONFTEST + 'register("toy-drawn", "tests.toolchain.test_sybil:DrawnToy")\n')
    pytester.makefile(".md", rules=text)
    return pytester.runpytest_inprocess("-p", "no:doctest", "-p", "no:cacheprovider", "-v")


def test_an_example_s_diagrams_are_drawn_and_rendered_by_the_tests(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.scanner.declared_rules", lambda: frozenset({"toy.add"}))
    rendered = []
    import rulewright.book.diagrams as diagrams
    real = diagrams.render
    monkeypatch.setattr(diagrams, "render", lambda code, *a, **k: rendered.append(code) or real(code, *a, **k))
    run_drawn(pytester, drawn_page("both")).assert_outcomes(passed=1)
    assert rendered == ['graph { p [label="pile 0"] }', 'graph { p [label="pile 2"] }']


def test_a_diagram_graphviz_cannot_draw_fails_the_example_at_its_line(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.scanner.declared_rules", lambda: frozenset({"toy.add"}))
    text = drawn_page("after broken")
    result = run_drawn(pytester, text)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"*rules.md, line {line_of(text, ':id: toy-drawn') - 1}, example toy-drawn: "
                                 "Graphviz could not draw this example's diagram: *This is a bug in the game's "
                                 "diagram code*"])
    assert "Traceback" not in result.stdout.str()


def test_a_diagram_of_a_game_without_a_drawer_says_where_to_add_one(pytester, monkeypatch):
    monkeypatch.setattr("rulewright.book.scanner.declared_rules", lambda: frozenset({"toy.add"}))
    result = run_drawn(pytester, drawn_page("after", game="toy"))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*example toy-drawn: The game 'toy' draws no diagrams*tests/toolchain/toy_game.py*"])
