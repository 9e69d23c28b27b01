"""Which rules come up in simulated play: the rule IDs the engine cites as it refuses moves while it
lists the legal moves or makes one, counted per game, with the rules it can cite and never did; an
agent's own searching is not counted, and an engine that never tries a forbidden move is said to
cite none."""
import json

import pytest

from rulewright.book.registry import get_game
from rulewright.cli import main
from rulewright.play import figures, runner, simulate

pytest.importorskip("scipy")


def report(capsys, tmp_path, *args):
    out_file = tmp_path / "figures.json"
    assert main(["simulate", *args, "--json", str(out_file)]) == 0
    return capsys.readouterr().out, json.loads(out_file.read_text())["figures"]


def test_the_rules_cited_in_play_are_counted_and_those_never_cited_are_listed(capsys, tmp_path):
    out, found = report(capsys, tmp_path, "trial", "--games", "20")
    # each position lists four moves and the turn rule refuses the two of the player not to move
    game = get_game("trial")
    moves = sum(g.moves for g in runner.run(simulate.make_job(game, game.resolve_settings({}), "start", "random",
                                                              1000, 0), 20))
    assert found["rules"]["trial.turn"] == {"times": 2 * moves, "games": 20}
    assert set(found["rules"]) == {"trial.turn"} and found["rules_never"] == ["trial.far", "trial.rest"]
    assert f"trial.turn: {2 * moves} times, in 20 of 20 games" in out
    assert "Never cited: trial.far, trial.rest." in out


def test_a_rule_that_binds_under_another_reading_is_cited_under_it(capsys, tmp_path):
    out, found = report(capsys, tmp_path, "trial", "--games", "20", "--setting", "tired=true")
    assert found["rules"]["trial.rest"]["times"] > 0 and found["rules_never"] == ["trial.far"]
    assert "Never cited: trial.far." in out


def test_an_agents_own_search_cites_nothing_in_the_figures():
    pytest.importorskip("pyspiel")
    game = get_game("trial")
    job = simulate.make_job(game, game.resolve_settings({}), "start", "mcts 8, random", 60, 0)
    for played in runner.run(job, 4):
        assert played.rules == {"trial.turn": 2 * played.moves}


def test_an_engine_that_lists_its_moves_without_trying_them_is_said_to_cite_none(capsys, tmp_path):
    out, found = report(capsys, tmp_path, "hush", "--games", "5")
    assert found["rules"] == {} and "hush.turn.play" in found["rules_never"]
    cited = len(found["rules_never"])
    assert f"None: no rule of Hush refused a move in these games (its engine can cite {cited} rules)." in out
    assert "Never cited" not in out


def test_the_rules_of_two_runs_add_up_game_by_game():
    game = get_game("trial")
    games = runner.run(simulate.make_job(game, game.resolve_settings({"tired": True}), "start", "random", 200, 3), 30)
    summary = figures.summarize(games, citable=["trial.far", "trial.rest", "trial.turn"])
    for rule, cited in summary["rules"].items():
        assert cited["times"] == sum(g.rules.get(rule, 0) for g in games)
        assert cited["games"] == sum(1 for g in games if g.rules.get(rule))
