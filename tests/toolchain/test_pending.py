"""':status: pending' marks an example written before the engine supports it: it is played and
reported as pending (not failed), drawn as pending, reported when it starts to hold, and an error
where the project says pending = "error"."""
import pytest

from rulewright.book import scanner
from rulewright.book import config
from rulewright.cli import main
from tests.toolchain.pages import EXAMPLE_ADD, RULE_ADD, assemble, rest_of_toy
from tests.toolchain.toy_game import Toy

pytest_plugins = ["pytester"]

# The toy engine refuses "add 4" (at most 3): an example of adding 4 waits for the engine.
PENDING = EXAMPLE_ADD.replace(":rules: toy.add\n", ":rules: toy.add\n:status: pending\n").replace(
    "add 2", "add 4").replace("pile: 2", "pile: 4")
READY = EXAMPLE_ADD.replace(":rules: toy.add\n", ":rules: toy.add\n:status: pending\n")


def project(tmp_path, page, pending="allow"):
    (tmp_path / "pyproject.toml").write_text(f'[tool.rulewright]\nrulebook = "rulebook"\npending = "{pending}"\n')
    (tmp_path / "rulebook").mkdir(exist_ok=True)
    (tmp_path / "rulebook" / "more.md").write_text(rest_of_toy())
    (tmp_path / "rulebook" / "adding.md").write_text(assemble(RULE_ADD, page))
    (tmp_path / "conftest.py").write_text('from rulewright.book.registry import register\n'
                                          'register("toy", "tests.toolchain.toy_game:GAME")\n')
    return tmp_path


def run_tests(pytester, page, pending="allow"):
    project(pytester.path, page, pending)
    return pytester.runpytest_inprocess("-p", "no:cacheprovider", "-rxXw", "rulebook")


def test_a_pending_example_is_reported_as_pending_not_failed(pytester):
    result = run_tests(pytester, PENDING)
    result.assert_outcomes(passed=3, xfailed=1)
    result.stdout.fnmatch_lines(["*toy-add*pending*marked ':status: pending'*"])


def test_a_pending_example_that_holds_says_to_remove_the_mark(pytester):
    result = run_tests(pytester, READY)
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(["*toy-add*now holds. Remove the ':status: pending' line*"])
    out = result.stdout.str()  # shown at the example's page and line, not at Rulewright's code that warned
    assert "rulebook/adding.md:" in out and "warnings.warn" not in out and "_warn_at" not in out, out


def test_pending_is_an_error_where_the_project_says_so(pytester):
    result = run_tests(pytester, PENDING, pending="error")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["*which this project treats as an error (pending = \"error\"*"])


def test_check_counts_pending_apart_from_failing(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(config, "_current", None)
    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    config.load(project(tmp_path, PENDING)).activate()
    scanner.pages._declared_rules.cache_clear()
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert "pending (marked ':status: pending')" in out and "but 1 marked pending" in out
    config.load(project(tmp_path, PENDING, pending="error")).activate()
    assert main(["check"]) == 1
    scanner.pages._declared_rules.cache_clear()


def test_run_says_a_pending_move_the_engine_cannot_read_was_not_played(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(config, "_current", None)
    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    config.load(project(tmp_path, READY.replace("  - ann: add 2\n", "  - ann: double\n"))).activate()
    scanner.pages._declared_rules.cache_clear()
    main(["run", "toy-add"])
    out = capsys.readouterr().out
    assert "1. ann: double -> not played: the engine does not read it" in out, out
    assert "-> done" not in out
    scanner.pages._declared_rules.cache_clear()


def test_run_and_accept_treat_a_pending_example_as_pending_not_failing(tmp_path, monkeypatch, capsys):
    """`run` says the example is marked pending and what the engine does now, and passes; `accept
    --failing` leaves it as it is (it says what the engine should do); named, it says why not."""
    monkeypatch.setattr(config, "_current", None)
    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    folder = project(tmp_path, PENDING)
    config.load(folder).activate()
    scanner.pages._declared_rules.cache_clear()
    page = (folder / "rulebook" / "adding.md").read_text()
    assert main(["run", "toy-add"]) == 0
    out = capsys.readouterr().out
    assert "pending (marked ':status: pending'): the engine does not do this yet. What it does now:" in out, out
    assert main(["accept", "--failing"]) == 0
    assert "Nothing to accept: every example holds, but 1 example marked pending, left as written." in \
        capsys.readouterr().out
    assert main(["accept", "toy-add"]) == 0
    assert "remove ':status: pending' first if the engine is right" in capsys.readouterr().out
    assert (folder / "rulebook" / "adding.md").read_text() == page
    config.load(project(tmp_path, PENDING, pending="error")).activate()
    assert main(["run", "toy-add"]) == 1
    assert "which this project treats as an error" in capsys.readouterr().out
    scanner.pages._declared_rules.cache_clear()


def test_an_unknown_status_is_a_plain_problem(tmp_path):
    from sybil import Document

    text = assemble(PENDING.replace(":status: pending", ":status: later"))
    decl, = scanner.examples_in(Document(text, str(tmp_path / "page.md")))
    with pytest.raises(Exception) as caught:
        decl.parse()
    assert "':status: later' is not understood; the only status is 'pending'" in str(caught.value)


# ------------------------------------------------------------ a setup the engine does not accept yet

def test_a_pending_example_may_have_a_setup_the_engine_does_not_accept_yet(page):
    from rulewright.problems import ExampleProblem
    from rulewright.scenario import evaluate, verdict
    from tests.toolchain.test_scenario import only_example

    unsupported = EXAMPLE_ADD.replace("setup: {preset: small}", "setup: {preset: small, winner: ann}")
    with pytest.raises(ExampleProblem, match="'winner' is for a finished game"):  # unmarked: a problem, as before
        evaluate(only_example(page(unsupported)).parse())
    result = evaluate(only_example(page(unsupported.replace(":rules: toy.add\n",
                                                            ":rules: toy.add\n:status: pending\n"))).parse())
    assert verdict(result) == "pending" and result.run.steps == []
    assert "The engine does not accept this setup yet: 'winner' is for a finished game" in result.report()


def test_a_pending_example_may_have_a_move_the_engine_cannot_read_yet(page):
    """The guide's promise: an example written before the engine supports its moves. 'double' is
    no toy move yet: unmarked, a problem at the move's line; marked pending, pending, with the
    engine's words in the designer's report."""
    from rulewright.problems import ExampleProblem
    from rulewright.scenario import evaluate, verdict
    from tests.toolchain.test_scenario import only_example

    unreadable = EXAMPLE_ADD.replace("  - ann: add 2\n", "  - ann: double\n")
    with pytest.raises(ExampleProblem, match="'double' is not a toy action") as caught:
        evaluate(only_example(page(unreadable)).parse())
    assert caught.value.where.line == EXAMPLE_ADD.lstrip("\n").splitlines().index("  - ann: add 2") + 1
    result = evaluate(only_example(page(unreadable.replace(":rules: toy.add\n",
                                                           ":rules: toy.add\n:status: pending\n"))).parse())
    assert verdict(result) == "pending" and [step.text for step in result.run.steps] == ["double"]
    assert "'ann: double': the engine does not read this move yet: 'double' is not a toy action" in result.report()


# ------------------------------------------------------------ consequences that follow by themselves

ROUNDED = "rounded"  # (a name, not a literal: the toy's phrase checks read this folder for Event("..."))


class Settling(Toy):
    """The toy game where an odd pile rounds itself up after setup and after every move."""

    name = "toy-settling"

    def settle(self, state):
        from rulewright.game import Event

        if state.pile % 2 == 0:
            return []
        state.pile += 1
        return [Event(ROUNDED, {"pile": state.pile})]


SETTLING = Settling()


def test_a_game_settles_its_position_after_setup_and_after_each_move(page):
    from rulewright.book.registry import register
    from rulewright.scenario import evaluate
    from tests.toolchain.test_scenario import only_example

    register("toy-settling", "tests.toolchain.test_pending:SETTLING")
    example = EXAMPLE_ADD.replace("game: toy", "game: toy-settling").replace(
        "setup: {preset: small}", "setup: {preset: small, pile: 1}").replace(
        "  - ann: add 2\n", "  - ann: add 2\n  - expect: {pile: 4, events: [added]}\n  - bob: add 1\n").replace(
        "pile: 2", "pile: 6\n  events: [added, rounded]")
    result = evaluate(only_example(page(example)).parse())
    assert result.ok, result.report()
    assert [e.name for e in result.run.steps[1].events] == ["added", "won", "rounded"]  # 5 reached: won
    assert result.run.before.pile == 2  # the setup's 1 was settled before the first move
