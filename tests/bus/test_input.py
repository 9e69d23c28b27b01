"""Bad input gets a plain InputError that says what is wrong and how to fix it, never a traceback."""
from __future__ import annotations

import pytest

from rulewright.game import InputError
from engine.games.bus import GAME
from engine.games.bus.board import load_board
from tests.bus.helpers import new

LINES = {"players": {"red": {"line": "13-14"}, "blue": {"line": "20-24"}}}


@pytest.mark.parametrize("actor, text, words", [
    ("red", "add 14-33", "No street joins crossings 14 and 33. The streets from 14 are 14-6, 14-10"),
    ("red", "add 14-40", "There is no crossing '40'"),
    ("red", "add 14", "'14' is not a street"),
    ("red", "add 14 to 20", "Here that is '14-20'."),
    ("red", "add 14-20-24", "write '14-20' and '20-24' as separate moves, one per line."),
    ("red", "add", "'add' needs a street"),
    ("red", "ad 14-19", "Did you mean 'add'"),
    ("rde", "add 14-19", "There is no player called 'rde'. Did you mean 'red'"),
    (None, "add 14-19", "Say whose line this is"),
])
def test_bad_actions_are_explained(actor, text, words):
    with pytest.raises(InputError) as error:
        GAME.parse_action(new(LINES), actor, text)
    assert words in error.value.message


@pytest.mark.parametrize("setup, words, where", [
    ({"players": {"red": {"line": "13-20"}}}, "No street joins crossings 13 and 20", "players.red.line"),
    ({"players": {"red": {"line": "13-14-13"}}}, "uses street 13-14 twice", "players.red.line"),
    ({"players": {"red": {"line": [13]}}}, "at least two", "players.red.line"),
    ({"players": {"red": {"buses": 0}}}, "from 1 to 5", "players.red.buses"),
    ({"players": {"red": {"colour": "pink"}}}, "not a player colour", "players.red.colour"),
    ({"players": {"red": {"lines": "13-14"}}}, "Did you mean 'line'", "players.red"),
    ({"players": ["a", "b", "c", "d", "e", "f"]}, "at most 5 players", "players"),
    ({"players": {"red": {}}, "spaces": ["blu"]}, "no player called 'blu'", "spaces"),
    ({"players": {"red": {}}, "spaces": ["red"]}, "has no line", "players.red.line"),
    ({"players": {"red": {"line": "13-14"}}, "phase": "setup"}, "every line starts empty", "phase"),
    ({"players": {"red": {}}, "phase": "resolve"}, "is not understood", "phase"),
    ({"players": {"red": {}}, "phase": "line-expansion"}, "needs 'spaces:'", "phase"),
    ({"player": {"red": {}}}, "Did you mean 'players'", None),
    ({"players": {"red": {}}, "buys_bus": "red"}, "also needs 'spaces:'", "buys_bus"),
    ({"players": {"red": {"line": "13-14"}}, "spaces": ["red"], "buys_bus": "bleu"}, "no player called 'bleu'",
     "buys_bus"),
    ({}, "needs 'players:'", "players"),
])
def test_bad_setups_are_explained(setup, words, where):
    with pytest.raises(InputError) as error:
        new(setup)
    assert words in error.value.message
    assert error.value.where == where


def test_unknown_setting_is_explained():
    with pytest.raises(InputError) as error:
        GAME.resolve_settings({"parallel_when_blocked": "both"})
    assert "must be one of per-end, all-ends" in error.value.message


def test_every_legal_action_reads_back_from_its_notation():
    state = new({"players": ["red", "blue"], "phase": "setup"})
    for action in GAME.legal_actions(state)[:20]:
        assert GAME.parse_action(state, action.actor, action.notation()) == action
    free = new(LINES)
    actions = GAME.legal_actions(free)
    assert actions
    for action in actions:
        assert GAME.parse_action(free, action.actor, action.notation()) == action


def test_the_board_matches_the_published_street_graph():
    board = load_board()
    assert len(board.crossings) == 36 and len(board.streets) == 70
    degrees = sorted(len(n) for n in board.neighbours.values())
    assert {d: degrees.count(d) for d in set(degrees)} == {2: 4, 3: 11, 4: 13, 5: 3, 6: 3, 7: 2}
    stations = [c.id for c in board.crossings.values() if c.train_station]
    assert stations == [8, 27] and all(len(board.neighbours[s]) == 7 for s in stations)
    zones = [z for c in board.crossings.values() for z in c.building_zones]
    assert {z: zones.count(z) for z in (1, 2, 3, 4)} == {1: 12, 2: 11, 3: 9, 4: 15}
