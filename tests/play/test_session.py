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


def test_after_each_move_the_legal_moves_are_listed_and_numbered_anew():
    """A number means a move of the list the player last saw: after every move the list is shown
    again, numbered from 1 (it once was shown only at the start, and the numbers then meant another
    list than the one on the screen). A long list shows its first moves and how many there are."""
    played = session()
    answer = played.handle("1")
    assert answer.endswith("\n" + played.moves_text()) and "    1. bob: roll" in answer, answer
    listed = played.legal()
    played.handle("2")
    assert played.moves[-1] == listed[1]

    game = get_game("bus")
    busy = Session(game, game.resolve_settings({}), {"preset": "new-game"}, seed=3)
    legal = busy.legal()
    assert len(legal) > 21
    shown = busy.handle("1").split("Legal moves", 1)[1]
    now = busy.legal()
    assert shown.startswith(f" (the first 20 of {len(now)}; 'moves' lists them all):"), shown
    assert f"   20. {busy.written(*now[19])}" in shown and "   21. " not in shown
    assert "   21. " in busy.handle("moves")


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


def test_a_number_once_nobody_can_move_says_why_not_a_range_of_none(monkeypatch):
    """After the last move 'numbered 1 to 0' told nothing: the answer says the game is over."""
    played = session()
    monkeypatch.setattr(played, "legal", lambda: [])
    monkeypatch.setattr(type(played.game), "is_over", lambda self, state: True)
    assert played.handle("1") == "There is no move 1. Nobody can move: the game is over."


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


# ---------------------------------------------------------------- one player's eyes: --as and --hot-seat

def hush(**eyes):
    game = get_game("hush")
    return Session(game, game.resolve_settings({}), {"preset": "two"}, seed=4, **eyes)


def hand_line(said: str, player: str) -> str:
    return next(line.strip() for line in said.splitlines() if line.strip().startswith(f"{player}'s hand:"))


def test_as_a_player_the_session_shows_their_view_and_an_agent_plays_the_others():
    played = hush(seat="ann")
    opening = played.opening()
    assert "You play as ann" in opening and "the agent 'random'" in opening
    truth = played.game.view(played.state)["players"]
    said = played.position_text()
    assert hand_line(said, "bob") == f"bob's hand: {len(truth['bob']['hand'])} unseen"
    assert hand_line(said, "ann") == "ann's hand: " + played.phrases.value("players.ann.hand", truth["ann"]["hand"])
    assert "the deck: 7 unseen" in said and "the set-aside card: unseen" in said
    assert all(actor == "ann" for actor, _ in played.legal()) and played.legal()
    assert played.handle("bob: play 1") == "You play as ann: that move is bob's to make, and an agent makes it."
    turns = 0
    while played.legal():
        moves_before = len(played.moves)
        answer = played.handle("1")
        turns += 1
        assert answer.startswith("  Ann plays a ")
        assert "Bob draws a card." in answer or played.game.is_over(played.state) or not played.game.view(
            played.state)["deck"]
        assert "Bob draws the" not in answer and "card-drawn" not in answer
        assert len(played.moves) > moves_before + 1 or played.game.is_over(played.state)  # bob answered
        assert played.to_move() in ("ann", None)
    assert played.game.is_over(played.state) and turns >= 5
    assert "is turned face up" in answer


def test_undo_as_a_player_takes_back_their_move_and_the_replies():
    played = hush(seat="ann")
    played.opening()
    first = played.legal()
    played.handle("1")
    assert len(played.moves) == 2 and played.moves[1][0] == "bob"
    assert played.handle("undo").startswith(f"Took back 'ann: {first[0][1]}' and the move after it.")
    assert played.moves == [] and played.legal() == first
    assert played.handle("undo") == "There is no move of ann's to take back."


def test_as_a_player_who_is_not_in_the_game_is_refused_with_the_players(capsys):
    import pytest

    from rulewright.cli import main
    from rulewright.game import InputError

    with pytest.raises(InputError, match="Hush has no player 'anne' here. Did you mean 'ann'"):
        hush(seat="anne")
    for argv, words in ((["--as", "anne"], "--as: Hush has no player 'anne' here. Did you mean 'ann'?"),
                        (["--as", "ann", "--hot-seat"], "give one"),
                        (["--others", "greedy"], "add --as PLAYER"),
                        (["--as", "ann", "--others", "clever"], "--others: 'clever' is not an agent")):
        with pytest.raises(SystemExit) as stop:
            main(["play", "hush", *argv])
        assert words in str(stop.value.code), (argv, stop.value.code)


def test_a_hot_seat_game_passes_the_screen_and_tells_each_player_only_what_they_see(capsys):
    played = hush(hot_seat=True)
    ann_first = played.legal()[0][1]
    with create_pipe_input() as keys:
        keys.send_text("\r".join(["position players", "1", "", "position players", "bob: play 9", "1", "", "quit"])
                       + "\r")
        interact(played, input=keys, output=DummyOutput())
    out = capsys.readouterr().out
    ann_sees, bob_sees, ann_again = out.split("bob, it is your turn.")[0], *out.split("bob, it is your turn.")[1].split(
        "ann, it is your turn.")
    assert "ann is at the screen." in ann_sees and "bob's hand: 3 unseen" in ann_sees
    assert f"  Ann plays a {ann_first.split()[1]}.\n  Ann draws the " in ann_sees  # her own card, said
    assert bob_sees.startswith(" So far:\n  Ann plays a ") and "  Ann draws a card.\n" in bob_sees
    assert "Ann draws the" not in bob_sees and "ann's hand: 3 unseen" in bob_sees
    assert "You play as bob: that move is ann's" not in bob_sees  # (bob typed his own player's name)
    assert ann_again.startswith(" Since you last had the screen:\n  Bob plays a ")
    assert "Ann plays" not in ann_again.split("Legal moves:")[0]  # her own move is not told again
    assert "Bob draws a card." in ann_again and "Bob draws the" not in ann_again
    assert [actor for actor, _ in played.moves] == ["ann", "bob"]
