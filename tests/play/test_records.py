"""Game records: read with every line known, replayed by the one evaluator, and their failures
reported at the move and line, with an example that reproduces each."""
import re
import textwrap

import pytest

from rulewright.book import scanner
from rulewright.cli import main
from rulewright.play.record import read, write
from rulewright.play.replay import replay
from rulewright.book.registry import get_game
from rulewright.scenario import evaluate

RACE = """\
record:
  title: A short race
game: race
seed: 3
setup: {preset: start}
moves:
  - ann: roll
  - bob: roll
  - expect: {squares.ann: 2}
  - ann: rest
  - bob: roll
expect: {next: ann}
"""


def record_file(tmp_path, text, name="game.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def example_from(text: str):
    """The one example printed by a command, pasted into a scratch page and read back by the book's
    own scanner (a report indents it by four spaces, which pasting takes away)."""
    lines = text.strip("\n").splitlines()
    fence = next(i for i, line in enumerate(lines) if line.lstrip().startswith("```{example}"))
    indent = len(lines[fence]) - len(lines[fence].lstrip())
    lines = [line[indent:] for line in lines]
    end = lines.index("```", fence + 1)
    page = scanner.read_page("# Scratch\n\n" + "\n".join(lines[fence:end + 1]) + "\n", "scratch.md")
    assert not page.problems and len(page.examples) == 1
    return page.examples[0].parse(positions={})


def test_a_record_that_holds_says_how_many_moves_and_checkpoints(tmp_path, capsys):
    path = record_file(tmp_path, RACE)
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"{path}: 4 moves played, all 2 checkpoints hold."


def test_a_failing_checkpoint_is_reported_at_its_move_and_line_with_an_example_that_fails_alike(tmp_path, capsys):
    path = record_file(tmp_path, RACE.replace("squares.ann: 2", "squares.ann: 5"))
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{path}, line 9: the checkpoint after move 2 of 4 does not hold: squares.ann was "
                          "expected to be 5, but it is 2.")
    result = evaluate(example_from(out))
    assert not result.ok
    assert [(c.key, c.expected, c.actual) for c in result.checks if not c.ok] == [("squares.ann", 5, 2)]


def test_a_refused_move_is_reported_with_its_rule_and_an_example_of_the_refusal(tmp_path, capsys):
    path = record_file(tmp_path, RACE.replace("  - ann: rest\n", "  - bob: rest\n"))
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{path}, line 10: move 3 of 4, 'bob: rest', was refused by rule race.turn: It is ann's "
                          "turn, not bob's.")
    assert "2 moves before it were played." in out
    example = example_from(out)
    assert example.data["do"] == [{"bob": "rest"}] and example.expect == {"refused": "race.turn"}
    assert evaluate(example).ok  # it reproduces exactly that refusal


@pytest.mark.parametrize("text, line, words", [
    (RACE.replace("moves:", "do:"), 6, "The key 'do' is not part of a record. A record's moves go under 'moves:'"),
    (RACE.replace("  title:", "  titel:"), 2, "'record:' has no 'titel'. Did you mean 'title'?"),
    ("game: race\n", 1, "The record has no 'moves:' section."),
    (RACE.replace("  - bob: roll\n  - expect", "  - bob roll\n  - expect"), 8, "In step 2, 'bob roll': This reads as bob's move with the colon missing after the player: write '- bob: roll'."),
    (RACE.replace("moves:\n", "moves:\n  - expect: {refused: race.turn}\n"), 7,
     "'refused:' here must come right after the move it refuses"),
    (RACE.replace("setup: {preset: start}", "setup: {preset: strat}"), 5, "Race has no preset 'strat'. Did you mean 'start'?"),
])
def test_a_bad_record_is_reported_at_its_line_without_a_traceback(tmp_path, capsys, text, line, words):
    path = record_file(tmp_path, text)
    code = main(["replay", str(path)])
    out = capsys.readouterr()
    assert code == 1 and "Traceback" not in out.out + out.err
    assert out.out.startswith(f"{path}, line {line}:"), out.out
    assert words in out.out, out.out


def test_a_folder_of_records_plays_each_and_fails_if_one_fails(tmp_path, capsys):
    folder = tmp_path / "records"
    folder.mkdir()
    good = record_file(folder, RACE, "a.yaml")
    bad = record_file(folder, RACE.replace("squares.ann: 2", "squares.ann: 5"), "b.yaml")
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")
    assert main(["replay", str(folder)]) == 1
    out = capsys.readouterr().out
    assert f"{good}: 4 moves played" in out and f"{bad}, line 9:" in out, out
    assert out.rstrip().endswith("1 of 2 records replayed as recorded."), out
    assert main(["replay", str(good), str(good)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("All 2 records replayed as recorded.")


def test_a_record_that_cannot_be_read_does_not_stop_the_others(tmp_path, capsys):
    good = record_file(tmp_path, RACE)
    assert main(["replay", str(tmp_path / "nowhere.yaml"), str(good)]) == 1
    out = capsys.readouterr().out
    assert "There is no such record file" in out and f"{good}: 4 moves played" in out, out


def test_a_name_split_at_its_space_is_answered_with_how_to_quote_it(tmp_path, capsys):
    path = record_file(tmp_path, RACE, "my game.yaml")
    first, second = str(path).rsplit(" ", 1)
    assert main(["replay", first, second]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{first}, line 1: There is no record '{first}', but there is '{path}'"), out
    assert f"make replay RECORDS='\"{path}\"'" in out and "Traceback" not in out


def test_an_empty_folder_and_save_with_several_records_are_named(tmp_path, capsys):
    assert main(["replay", str(tmp_path)]) == 1
    assert "This folder holds no '.yaml' record files to replay" in capsys.readouterr().out
    assert main(["replay", "--from", "18xx.games", str(tmp_path)]) == 1
    assert "This folder holds no '.json' files to replay" in capsys.readouterr().out
    good = record_file(tmp_path, RACE)
    assert main(["replay", "--save", str(tmp_path / "out.yaml"), str(good), str(good)]) == 1
    assert "--save keeps one converted record; 2 records were named" in capsys.readouterr().out


def test_a_record_file_that_is_missing_is_named(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nowhere.yaml")]) == 1
    assert "There is no such record file" in capsys.readouterr().out


def test_the_written_record_reads_back_and_replays():
    game = get_game("race")
    text = write(game, setup={"preset": "start"}, moves=[("ann", "roll"), ("bob", "rest")], seed=5,
                 title="Two moves", notes=["first", ""])
    assert "  - ann: roll  # first\n" in text
    outcome = replay(read("written.yaml", text))
    assert outcome.ok and outcome.played == 2


def test_an_importers_stop_is_not_a_pass(tmp_path, capsys):
    path = record_file(tmp_path, RACE.replace("  title: A short race", "  title: A short race\n  stopped: \"action 9 (merge): no move for it\""))
    assert main(["replay", str(path)]) == 1
    assert "stops short of the game's end: action 9 (merge): no move for it" in capsys.readouterr().out


def test_cut_examples_hold_when_pasted(tmp_path, capsys):
    path = record_file(tmp_path, RACE)
    for at, count in ((0, 1), (1, 2), (2, 2), (3, 1)):
        assert main(["example", str(path), "--at", str(at), "--moves", str(count)]) == 0
        example = example_from(capsys.readouterr().out)
        assert len(example.data["do"]) == count
        assert evaluate(example).ok


def test_a_cut_example_names_a_record_outside_the_project_by_its_name_and_asks_for_its_rules(tmp_path, capsys):
    path = record_file(tmp_path, RACE)  # (tmp_path: not in the project the tests run in)
    assert main(["example", str(path), "--at", "0"]) == 0
    said = capsys.readouterr()
    assert f"# Cut from {path.name}: the position after move 0" in said.out and str(tmp_path) not in said.out
    assert "name the rules it shows in ':rules:'" in said.err


def test_cutting_past_the_end_says_how_far_it_can(tmp_path, capsys):
    path = record_file(tmp_path, RACE)
    assert main(["example", str(path), "--at", "4"]) == 1
    assert "the record has 4 moves played, so an example can start after 0 to 3 of them, not after 4" in \
        capsys.readouterr().out


def test_a_game_without_setup_of_cannot_cut_and_says_why(tmp_path, capsys, monkeypatch):
    from tests.play.race import Race

    monkeypatch.delattr(Race, "setup_of")
    path = record_file(tmp_path, RACE)
    assert main(["example", str(path), "--at", "1"]) == 1
    assert "Race does not write its positions as setups" in capsys.readouterr().out


def test_a_setting_indented_under_setup_is_named_in_a_record_as_in_an_example(tmp_path, capsys):
    path = record_file(tmp_path, RACE.replace("setup: {preset: start}", "setup:\n  preset: start\n  settings: {leaky: true}"))
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().out.startswith(f"{path}, line 7: 'settings:' is indented under 'setup:'")



def test_a_records_result_is_printed_player_by_player_beside_the_engines(tmp_path, capsys):
    """A record whose final checkpoint is each player's value (as an importer writes a game's
    result): the replay prints the engine's value beside the record's and marks those that differ;
    a record whose final checkpoint is something else prints no such table."""
    game = """\
        game: "1870"
        setup: {preset: stock}
        moves:
          - ann: pass
        expect: {players.ann.worth: 880, players.bob.worth: %d}
        """
    path = record_file(tmp_path, game % 1)
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "Final values (the engine's, the record's):\n  players.ann.worth       880       880\n" in out
    assert re.search(r"players\.bob\.worth +(\d+) +1  DIFFERENT", out)
    bob = int(re.search(r"players\.bob\.worth +(\d+)", out).group(1))
    assert main(["replay", str(record_file(tmp_path, game % bob))]) == 0
    assert "DIFFERENT" not in capsys.readouterr().out
    assert main(["replay", str(record_file(tmp_path, RACE))]) == 0
    assert "Final values" not in capsys.readouterr().out


def test_a_checkpoint_of_events_alone_does_not_build_the_games_view(tmp_path, monkeypatch):
    """A game's view may cost (1870's works out each corporation's best routes): a checkpoint that
    reads only events, as an importer's revenue checks do, never asks for it; one that reads the
    position does."""
    game = type(get_game("race"))
    calls = []
    original = game.view
    monkeypatch.setattr(game, "view", lambda self, state: calls.append(1) or original(self, state))
    events_only = RACE.replace("  - expect: {squares.ann: 2}", "  - expect: {events: [moved]}") \
        .replace("expect: {next: ann}\n", "")
    assert replay(read(record_file(tmp_path, events_only))).ok and calls == []
    assert replay(read(record_file(tmp_path, RACE, "position.yaml"))).ok and calls
