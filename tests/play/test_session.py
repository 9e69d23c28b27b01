"""``rulewright play``: a scripted terminal session through prompt_toolkit's own input, and the
example and record it saves play back."""
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from rulewright.play.record import read
from rulewright.play.replay import replay
from rulewright.play.session import MoveCompleter, Session, interact
from rulewright.book.registry import get_game
from rulewright.scenario import evaluate
from tests.play.test_records import example_from


def session(**settings):
    game = get_game("race")
    return Session(game, game.resolve_settings(settings), {"preset": "start"}, seed=3)


def test_a_scripted_session_plays_undoes_and_saves(tmp_path, capsys):
    played = session()
    script = ["moves", "1", "ann: roll", "bob: fly", "bob: roll", "undo", "2", "1",
              f"save record {tmp_path / 'game.yaml'}", f"save example {tmp_path / 'last.md'} 2", "quit"]
    with create_pipe_input() as keys:
        keys.send_text("\r".join(script) + "\r")
        interact(played, input=keys, output=DummyOutput())
    out = capsys.readouterr().out
    assert "Refused by rule race.turn: It is bob's turn, not ann's." in out
    assert "Not understood: 'fly' is not a move of Race" in out
    assert "Took back 'bob: roll'." in out
    assert played.moves == [("ann", "roll"), ("bob", "rest"), ("ann", "roll")]
    outcome = replay(read(tmp_path / "game.yaml"))
    assert outcome.ok and outcome.played == 3
    example = example_from((tmp_path / "last.md").read_text())
    assert example.data["do"] == [{"bob": "rest"}, {"ann": "roll"}]
    assert evaluate(example).ok


def test_completion_offers_the_legal_moves_and_the_commands():
    from prompt_toolkit.document import Document

    completer = MoveCompleter(session())
    assert [c.text for c in completer.get_completions(Document("ann"), None)] == ["ann: roll", "ann: rest"]
    assert [c.text for c in completer.get_completions(Document("sa"), None)] == ["save record ", "save example "]


def test_a_number_out_of_range_and_an_empty_undo_are_answered():
    played = session()
    assert played.handle("7") == "There is no move 7: the legal moves are numbered 1 to 2 ('moves' lists them)."
    assert played.handle("undo") == "There is no move to take back."
    assert played.handle("save example x.md") == "No move has been played yet, so there is nothing to make an example of."
    assert played.handle("quit") is None


def test_help_shows_a_move_of_this_game_and_a_mistyped_command_is_named_as_one():
    played = session()
    said = played.handle("help")
    assert "<player>: <move>" in said and said.endswith("A move of this game, for example: ann: roll")
    assert "expand LMR" not in said  # (another game's move)
    assert played.handle("show") == ("'show' is neither a command nor a move. The commands: moves, position, undo, "
                                     "save, help, quit; a move is written '<player>: <move>', for example 'ann: roll'.")
    assert "neither a command" not in played.handle("ann: flyy")  # a move with its player is a move
    assert "neither a command" not in played.handle("roll")  # one word that begins a legal move is a move


def test_play_starts_from_a_records_position(tmp_path, monkeypatch, capsys):
    import io

    from rulewright.cli import main
    from tests.play.test_records import RACE, record_file

    path = record_file(tmp_path, RACE)
    monkeypatch.setattr("sys.stdin", io.StringIO(f"position squares\nsave record {tmp_path / 'more.yaml'}\n"))
    assert main(["play", "race", "--from", str(path), "--at", "2"]) == 0
    out = capsys.readouterr().out
    assert "  ann's square: 2\n  bob's square: 5\n" in out  # the position in the game's words
    again = read(tmp_path / "more.yaml")
    assert again.move_count() == 2 and replay(again).ok
