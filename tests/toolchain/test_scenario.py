"""The evaluator: what it accepts, and the plain message it gives for everything it does not."""
import pytest
from sybil import Document

from rulewright.book import scanner
from rulewright.problems import ExampleProblem
from rulewright.scenario import evaluate
from tests.toolchain.pages import EXAMPLE_ADD, assemble

# The toy example with a second move: line 3 is its fence, 7 'game', 10 and 11 the moves, 12 'expect'.
GOOD = assemble(EXAMPLE_ADD.replace("  - ann: add 2\n", "  - ann: add 2\n  - bob: add 3\n")
            .replace("  pile: 2\n", "  pile: 5\n  winner: bob\n  events: [won]\n"))


def only_example(path):
    decls = scanner.examples_in(Document(path.read_text(), str(path)))
    assert len(decls) == 1
    return decls[0]


def result_of(path, known=("toy.add", "toy.turn")):
    return evaluate(only_example(path).parse(), known_rules=set(known))


def problem_of(path, known=("toy.add", "toy.turn")) -> ExampleProblem:
    with pytest.raises(ExampleProblem) as caught:
        result_of(path, known)
    return caught.value


def test_a_good_example_holds(page):
    result = result_of(page(GOOD))
    assert result.ok, result.report()
    assert [c.key for c in result.checks] == ["events: won", "pile", "winner"]


def test_a_wrong_value_names_file_line_id_and_both_values(page):
    path = page(GOOD.replace("pile: 5", "pile: 6"))
    result = result_of(path)
    assert not result.ok
    report = result.report()
    assert f"{path.name}, line 3, example toy-add" in report
    assert "pile (line 13): expected 6, but it is 5." in report


def test_a_missing_event_lists_the_events_that_happened(page):
    result = result_of(page(GOOD.replace("events: [won]", "events: [lost]")))
    assert "expected 'lost', but the events were added, added, won" in result.report()


def test_nested_expectations_are_paths_too(page):
    result = result_of(page(GOOD.replace("  winner: bob\n", "  players:\n    ann: {name: bob}\n")))
    assert not result.ok
    assert "players.ann.name (line 15): expected 'bob', but it is 'ann'." in result.report()


def test_an_unexpected_refusal_stops_play_and_says_how_to_expect_it(page):
    result = result_of(page(GOOD.replace("- ann: add 2", "- ann: add 4")))
    assert not result.ok
    assert "Step 1 (line 10), 'ann: add 4', was refused: A turn adds 1 to 3 counters (rule toy.add)." \
        in result.report()
    assert "add '- expect: {refused: toy.add}' on the line under this move; play then goes on" in result.report()


def test_an_expected_refusal_holds_and_leaves_the_state_alone(page):
    text = GOOD.replace("  - bob: add 3\n", "  - bob: add 4\n").replace(
        "  pile: 5\n  winner: bob\n  events: [won]\n", "  refused: toy.add\n  pile: 2\n")
    result = result_of(page(text))
    assert result.ok, result.report()


def test_an_expected_refusal_that_does_not_happen_fails(page):
    text = GOOD.replace("  pile: 5\n", "  refused: toy.add\n")
    result = result_of(page(text))
    assert "refused (line 13): expected 'toy.add', but the last action, 'bob: add 3', was accepted" \
        in result.report()


def test_a_refusal_by_another_rule_names_both(page):
    text = GOOD.replace("  - bob: add 3\n", "  - ann: add 1\n").replace("  pile: 5\n", "  refused: toy.add\n")
    report = result_of(page(text)).report()
    assert "expected 'toy.add', but it was refused by rule toy.turn instead: It is not ann's turn." in report
    assert "turn.." not in report, "the reason's own full stop ends the line; no second one"


@pytest.mark.parametrize("change, line, words", [
    (("  pile: 5", "  pile 5: ["), 13, "not valid YAML: a '[' here is not closed by a ']'"),
    (("  pile: 5", "  pile: {at-least: 5"), 13, "not valid YAML: a '{' here is not closed by a '}'"),
    (("  pile: 5", "  pile: 5: 6"), 13, "not valid YAML: a colon stands where YAML does not expect one"),
    (("  pile: 5", "  pile: @5"), 13, "not valid YAML: the character '@' cannot start a value: write the value "
                                      "in quotes"),
    (("game: toy", "game: tyo"), 7, "There is no game called 'tyo'. Did you mean 'toy'?"),
    (("- ann: add 2", "- ann: subtract 2"), 10, "'subtract 2' is not a toy action; write 'add N'."),
    (("- ann: add 2", "- anne: add 2"), 10, "There is no player called 'anne'. Did you mean 'ann'?"),
    (("  pile: 5", "  piles: 5"), 13, "'piles' cannot be checked: the state has no 'piles'. Did you mean 'pile'"),
    (("  pile: 5", "  players.cat.name: 5"), 13, "players has no 'cat'"),
    (("setup: {preset: small}", "setup: {preset: huge}"), 8, "no preset 'huge'. Known: small."),
    (("expect:", "expects:"), 12, "The key 'expects' is not part of an example."),
    (("  pile: 5", "  pile: 5\n  pile: 6"), 14, "The key 'pile' appears twice here (first on line 13)"),
    ((":rules: toy.add", ":rules: toy.ad"), 5, "The rule 'toy.ad' is not declared anywhere in the rulebook. "
                                               "Did you mean 'toy.add'?"),
    ((":id: toy-add\n", ""), 3, "This example has no ':id:'. Add a line such as ':id: adding-to-the-pile'"),
    ((":id: toy-add\n", ":id: Toy_Add\n"), 4, "'Toy_Add' is not a valid example ID: use lowercase letters, digits and "
                                             "dashes, e.g. 'toy-add'."),
    (("game: toy", "game: toy\nsettings: {max_add: 9}"), 8, "Setting 'max_add' cannot be 9"),
    (("  - bob: add 3", "  - bob: [add, 3]"), 11, "Each action is one line"),
])
def test_malformed_examples_get_a_plain_message_at_the_right_line(page, change, line, words):
    path = page(GOOD.replace(*change))
    problem = problem_of(path)
    assert problem.where.line == line, str(problem)
    assert path.name in str(problem)
    assert words in problem.message
    assert "Traceback" not in str(problem)


def test_an_engine_bug_is_reported_as_such_not_as_a_traceback(page, monkeypatch):
    from tests.toolchain import toy_game

    monkeypatch.setattr(toy_game.Toy, "view", lambda self, state: 1 / 0)
    problem = problem_of(page(GOOD))
    assert "the rules engine itself failed (ZeroDivisionError: division by zero)" in problem.message
    assert "test_scenario.py" in problem.message  # the failing engine code: here, the patched view
    assert "This is a mistake in the game's code at that line, not in your example" in problem.message


def test_a_setup_that_breaks_a_rule_is_a_plain_problem(page, monkeypatch):
    from rulewright.game import Refusal
    from tests.toolchain import toy_game

    def refuse(self, setup, settings, rng):
        raise Refusal("toy.add", "A pile may not start above the target.")

    monkeypatch.setattr(toy_game.Toy, "new_state", refuse)
    problem = problem_of(page(GOOD))
    assert problem.where.line == 8
    assert "This setup breaks a rule: A pile may not start above the target. (rule toy.add)" in problem.message


def test_an_id_made_for_a_designer_keeps_the_letters_of_an_accented_title():
    from rulewright.book.source import id_from

    assert id_from("Élan vital: the Café’s 2nd move") == "elan-vital-the-cafes-2nd-move"
    assert id_from("Toy_Add") == "toy-add" and id_from("—") == "first-example"

