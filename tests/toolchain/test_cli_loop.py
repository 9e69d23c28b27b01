"""The designer's loop on the command line: run by example or rule, see what changed, check
everything, and accept what the engine now does."""
import pytest

from rulewright.book import config
from rulewright.cli import main
from rulewright.scenario import evaluate
from rulewright.book import scanner
from tests.toolchain.pages import EXAMPLE_ADD, EXAMPLE_TOO_MANY, RULE_ADD, assemble, rest_of_toy

# A comment, a flow-style list and a second expectation that holds: accepting must keep them all.
COMMENTED = EXAMPLE_ADD.replace("expect:\n  pile: 2\n",
                                "expect:\n  # the pile after one move\n  pile: 3\n  next: bob  # bob's turn\n"
                                "  players.ann: {name: ann}\n")


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text('[tool.rulewright]\nrulebook = "rulebook"\n')
    (tmp_path / "rulebook").mkdir()
    (tmp_path / "rulebook" / "more.md").write_text(rest_of_toy())
    monkeypatch.setattr(config, "_current", None)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULEWRIGHT_CACHE", str(tmp_path / "store"))
    config.load(tmp_path).activate()
    scanner.pages._declared_rules.cache_clear()
    yield tmp_path
    scanner.pages._declared_rules.cache_clear()


def write(project, text):
    path = project / "rulebook" / "adding.md"
    path.write_text(text)
    return path


def holds(path):
    decl = next(d for d in scanner.scan(path.parent).examples if d.where.path == str(path))
    return evaluate(decl.parse()).ok


def test_accept_rewrites_only_the_failing_value_and_keeps_comments_and_style(project, capsys):
    path = write(project, assemble(RULE_ADD, COMMENTED))
    assert main(["accept", "toy-add"]) == 0
    after = path.read_text()
    assert after == assemble(RULE_ADD, COMMENTED.replace("pile: 3", "pile: 2"))
    out = capsys.readouterr().out
    assert "-  pile: 3\n+  pile: 2\n" in out and "toy-add: accepted pile: 3 -> 2" in out
    assert holds(path)
    assert main(["check"]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("ending, bom", [("\r\n", b""), ("\n", b"\xef\xbb\xbf"), ("\r\n", b"\xef\xbb\xbf")])
def test_accept_keeps_line_endings_and_a_byte_order_mark_changing_only_the_value(project, ending, bom):
    """A page saved on Windows (CRLF), or with a byte-order mark, keeps them: the diff is the value."""
    text = assemble(RULE_ADD, COMMENTED)
    path = project / "rulebook" / "adding.md"
    path.write_bytes(bom + text.replace("\n", ending).encode("utf-8"))
    assert main(["accept", "toy-add"]) == 0
    wanted = bom + text.replace("pile: 3", "pile: 2").replace("\n", ending).encode("utf-8")
    assert path.read_bytes() == wanted


def test_dry_run_prints_the_diff_and_changes_nothing(project, capsys):
    text = assemble(RULE_ADD, COMMENTED)
    path = write(project, text)
    assert main(["accept", "--dry-run", "--failing"]) == 0
    assert path.read_text() == text
    assert "+  pile: 2" in capsys.readouterr().out


@pytest.mark.parametrize("change, words", [
    (("- ann: add 2", "- ann: add 4"), "play stopped on a refusal the example does not expect"),
    (("  pile: 2\n", "  refused: toy.add\n"), "expects the last move to be refused by rule toy.add, but the move "
                                              "is now accepted"),
    (("- ann: add 2", "- ann: explode"), "Not accepted: the example cannot be run as written"),
])
def test_accept_refuses_where_it_would_have_to_guess(project, capsys, change, words):
    text = assemble(RULE_ADD, EXAMPLE_ADD.replace(*change), EXAMPLE_TOO_MANY)
    path = write(project, text)
    assert main(["accept", "--failing"]) == 1
    assert path.read_text() == text
    out = capsys.readouterr().out
    assert words in out and "adding.md, line" in out and "Traceback" not in out


def test_run_by_rule_plays_every_example_that_shows_it(project, capsys):
    write(project, assemble(RULE_ADD, EXAMPLE_ADD))
    assert main(["run", "toy.add"]) == 0
    out = capsys.readouterr().out
    assert "toy-add: holds" in out and "toy-add-too-many: holds (1 expectation)." in out and "toy-turn" not in out


def test_changes_lists_each_changed_place_before_and_after(project, capsys):
    write(project, assemble(RULE_ADD, EXAMPLE_ADD))
    main(["run", "toy-add", "--changes"])
    out = capsys.readouterr().out
    assert "    pile: 0 -> 2\n" in out and "    next: ann -> bob\n" in out
    assert "players.ann.name" not in out  # unchanged places are not listed


def test_check_plays_every_example_and_reports_as_the_tests_do(project, capsys):
    path = write(project, assemble(RULE_ADD, EXAMPLE_ADD.replace("pile: 2", "pile: 3")))
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    decl = next(d for d in scanner.scan().examples if d.id == "toy-add")
    assert evaluate(decl.parse()).report() in out
    assert "1 problem found: 1 of 4 examples does not hold." in out
    path.write_text(assemble(RULE_ADD, EXAMPLE_ADD))
    assert main(["check"]) == 0
    assert "Every example holds." in capsys.readouterr().out


def test_a_diagram_file_of_a_kind_graphviz_cannot_write_is_named_before_drawing(project):
    write(project, assemble(RULE_ADD, EXAMPLE_ADD))
    with pytest.raises(SystemExit) as stop:
        main(["diagram", "toy-add", "-o", "x.pdf"])
    assert "x.pdf: a diagram can be written as a .png, .svg or .jpg file" in str(stop.value)
    assert not (project / "x.pdf").exists()


def test_outside_a_project_the_command_says_there_is_no_rulebook_not_that_an_example_is_missing(tmp_path, monkeypatch):
    monkeypatch.setattr(config, "_current", None)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["run", "guide-first-link"])
    assert f"There is no rulebook here: the folder {tmp_path.resolve() / 'rulebook'} does not exist" in str(stop.value)


def test_accepting_examples_that_hold_says_so_once_each(project, capsys):
    write(project, assemble(RULE_ADD, EXAMPLE_ADD))
    assert main(["accept", "toy-add"]) == 0
    assert capsys.readouterr().out == "toy-add: already holds; nothing to accept.\n"
    assert main(["accept", "--failing"]) == 0
    assert capsys.readouterr().out == "Nothing to accept: every example holds.\n"


def test_changes_say_plainly_when_a_value_becomes_a_table_and_an_entry_appears():
    from types import SimpleNamespace
    from rulewright.cli import changes_text

    game = SimpleNamespace(view=lambda state: state)
    run = SimpleNamespace(game=game, before={"deal": None, "cash": 5}, after={"deal": {"paid": 3}, "cash": 5})
    assert changes_text(SimpleNamespace(run=run)).splitlines() == [
        "  What the moves changed (2 places):",
        "    deal: null -> (a table: its entries are listed here)",
        "    deal.paid: (not there) -> 3",
    ]


def test_output_cut_short_by_its_reader_is_no_failure():
    """`rulewright list | head -1`: the reader closes the pipe; Rulewright stops quietly."""
    import subprocess
    import sys
    from pathlib import Path

    reader = subprocess.Popen([sys.executable, "-m", "rulewright.cli", "list"], cwd=Path(__file__).parents[2],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert reader.stdout.readline()
    reader.stdout.close()
    error = reader.stderr.read().decode()
    assert reader.wait(timeout=60) == 0 and error == ""


def _broken_drawer(run, when, options):
    return run.after.pile_size  # a slip in the game's diagram code: the state has 'pile'


def test_check_draws_each_example_s_diagram_and_names_the_drawer_s_line(project, capsys, monkeypatch):
    from tests.toolchain.toy_game import GAME

    monkeypatch.setattr(type(GAME), "diagram", staticmethod(_broken_drawer))
    write(project, assemble(RULE_ADD, EXAMPLE_ADD.replace(":rules: toy.add", ":rules: toy.add\n:diagram: after")))
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    line = _broken_drawer.__code__.co_firstlineno + 1
    assert "The after diagram could not be drawn (AttributeError: " in out
    assert f"test_cli_loop.py, line {line}). This is a bug in the game's diagram code" in out, out
    assert "Traceback" not in out


def test_a_bug_in_the_diagram_code_is_said_once_for_every_example_it_stops(project, capsys, monkeypatch):
    """One slip in the drawer stops both examples' diagrams: said once, at the first, with the other
    named after it, and counted as one problem (the examples themselves hold)."""
    from tests.toolchain.toy_game import GAME

    monkeypatch.setattr(type(GAME), "diagram", staticmethod(_broken_drawer))
    drawn = EXAMPLE_ADD.replace(":rules: toy.add", ":rules: toy.add\n:diagram: after")
    write(project, assemble(RULE_ADD, drawn, drawn.replace(":id: toy-add", ":id: toy-add-again")))
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert out.count("could not be drawn") == 1, out
    assert "The same bug in the diagram code stops the diagrams of 1 more example: toy-add-again." in out
    assert out.rstrip().endswith("1 problem found: a bug in the diagram code stops the diagrams of 2 of 5 examples.")


def test_a_mistake_in_a_shared_preset_is_named_there_and_said_once(project, capsys, monkeypatch):
    from tests.toolchain.toy_game import Toy

    monkeypatch.setattr(Toy, "presets", {"small": {"pile": 0, "target": 5, "players": ["ann", "bob"], "piles": 3}})
    path = write(project, assemble(RULE_ADD, EXAMPLE_ADD))  # (the toy's other pages start from it too)
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert out.count("Unknown setup key 'piles'.") == 1, out
    assert "This is in the preset 'small', which the game ships with its data" in out
    line = path.read_text().splitlines().index("setup: {preset: small}") + 1
    assert f"adding.md, line {line}, example toy-add: Unknown setup key 'piles'." in out, out
    same = next(line for line in out.splitlines() if line.startswith("The same problem in "))
    assert "more examples: " in same and "toy-add-too-many" in same, out


def test_an_example_that_cannot_be_read_is_not_also_a_refusal_no_example_shows(project, capsys):
    """The only example of refusing toy.add has a tab: its one problem is the tab, not also that
    no example shows the refusal (it does, once mended)."""
    from tests.toolchain.pages import RULE_END, RULE_TURN, EXAMPLE_BOB_FIRST, EXAMPLE_END

    tabbed = EXAMPLE_TOO_MANY.replace("  - ann: add 4", "\t- ann: add 4")
    (project / "rulebook" / "more.md").write_text(assemble(RULE_TURN, RULE_END, tabbed, EXAMPLE_BOB_FIRST,
                                                           EXAMPLE_END, title="More"))
    write(project, assemble(RULE_ADD, EXAMPLE_ADD))
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert "this line has a tab" in out and "no example shows that refusal" not in out, out
    assert "1 problem found: 1 of 4 examples could not be read." in out, out


def test_check_draws_each_diagram_once_and_names_one_graphviz_cannot_read(project, capsys, monkeypatch):
    from tests.toolchain.toy_game import GAME

    monkeypatch.setattr(type(GAME), "diagram", staticmethod(lambda run, when, options: "graph G { a -- }"))
    write(project, assemble(RULE_ADD, EXAMPLE_ADD.replace(":rules: toy.add", ":rules: toy.add\n:diagram: both")))
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert out.count("Graphviz could not draw this example's diagram") == 1, out  # once, for before and after
    assert "1 problem found: 1 of 4 examples does not hold." in out, out
    monkeypatch.setattr(type(GAME), "diagram", staticmethod(lambda run, when, options: "graph G { a -- b }"))
    assert main(["check"]) == 0
    drawn = list((project / "store" / "drawable").glob("*.pickle"))
    assert len(drawn) == 1  # kept by its DOT text: the next check does not draw it again


def test_an_example_whose_move_cannot_be_played_is_counted_as_the_build_lists_it(project, capsys):
    """A move with its colon missing is no example that fails: check counts it as the build's list
    does, 'could not be played'."""
    write(project, assemble(RULE_ADD, EXAMPLE_ADD.replace("- ann: add 2", "- ann add 2")))
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert "This reads as ann's move with the colon missing" in out
    assert out.rstrip().splitlines()[-1].endswith("examples could not be played.") and "not hold" not in out, out
