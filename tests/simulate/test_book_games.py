"""Simulated play of the book's five games: who sits where, who won and how each player stands, as
each engine says it (``Game.seats``, ``places``, ``score``, ``decider``), and a short run of each
that says plainly when random play does not finish the game within the move limit."""
import json

import pytest

from rulewright.book import registry
from rulewright.cli import main
from rulewright.game import Rng
from rulewright.scenario.playing import set_up

pytest.importorskip("scipy")

GAMES = ["muck-and-brass", "bus", "powerup", "hush", "1870"]


def start(name: str, preset: str | None = None, seed: int = 1):
    game = registry.get_game(name)
    return game, set_up(game, {"preset": preset or next(iter(game.presets))}, game.resolve_settings({}), Rng(seed))


@pytest.mark.parametrize("name", GAMES)
def test_every_book_game_says_who_sits_where(name):
    game, state = start(name)
    seats = game.seats(state)
    assert seats and len(set(seats)) == len(seats)
    assert set(seats) == set(game.view(state)["players"])


def test_1870_ranks_the_players_by_their_value_when_the_game_is_over():
    game, state = start("1870", "stock")
    assert game.places(state) is None  # not over
    worth = {name: player["worth"] for name, player in game.view(state)["players"].items()}
    assert {name: game.score(state, name) for name in worth} == worth
    state.players["bob"].cash += 1000  # bob the richest, the others level
    state.game_over = True
    places = game.places(state)
    assert places["bob"] == 1
    rest = sorted((worth[n], n) for n in worth if n != "bob")
    assert all(places[n] == 2 + sum(w > worth[n] for w, _ in rest) for n in worth if n != "bob")


def test_1870_a_corporations_moves_are_its_presidents():
    game, state = start("1870", "stock")
    run = [sym for sym, corporation in state.corporations.items() if corporation.president]
    assert run
    for sym in run:
        assert game.decider(state, sym) == state.corporations[sym].president
    assert game.decider(state, "ann") == "ann"


def test_muck_and_brass_estimates_a_players_standing_by_the_income_of_their_shares():
    game, state = start("muck-and-brass", "late")
    view = game.view(state)
    for name, player in view["players"].items():
        expected = sum(n * view["companies"][code]["income"] for code, n in player["shares"].items())
        assert game.score(state, name) == expected
    assert any(game.score(state, name) for name in view["players"])  # the estimate is not all nought


def test_bus_estimates_a_players_standing_by_the_streets_of_their_line():
    game, state = start("bus", "worked-examples")
    streets = {name: len(player["streets"]) for name, player in game.view(state)["players"].items()}
    assert {name: game.score(state, name) for name in streets} == streets
    assert len(set(streets.values())) > 1


@pytest.mark.parametrize("name, moves, finishes", [("muck-and-brass", 40, False), ("bus", 200, True),
                                                   ("powerup", 200, True), ("hush", 40, True), ("1870", 40, False)])
def test_simulate_runs_every_book_game_and_says_when_random_play_does_not_finish(name, moves, finishes, capsys):
    args = ["simulate", name, "--games", "2", "--moves", str(moves), "--seed", "1"]
    assert main(args + ["--json", "-"]) == 0
    figures = json.loads(capsys.readouterr().out)["figures"]
    assert figures["games"] == 2
    if finishes:
        assert figures["over"] == 2
    else:
        assert figures["stopped"] == 2
        assert main(args) == 0
        assert f"No game ended within {moves} moves" in capsys.readouterr().out
