"""Positions as data: every position of random Bus play (setup rounds, Line Expansion, free play)
is written as a setup that rebuilds it (``round_trip``), and the laws (``invariants``) hold."""
import pytest
import yaml
from hypothesis import given, settings, strategies as st

from rulewright.game import InputError, step
from rulewright.play.position import round_trip
from engine.games.bus import GAME, turns
from tests.bus.helpers import new, play, view
from tests.bus.test_properties import NAMES, SETTINGS


def check(state, rules):
    assert GAME.invariants(state) == []
    assert round_trip(GAME, state, GAME.resolve_settings(rules), moves_ahead=2) == []
    written = GAME.setup_of(state)
    assert yaml.safe_load(yaml.safe_dump(written, sort_keys=False)) == written


@settings(max_examples=12, deadline=None)
@given(data=st.data(), players=st.integers(2, 5), rules=SETTINGS)
def test_every_position_of_random_play_round_trips_and_keeps_the_laws(data, players, rules):
    names = NAMES[:players]
    buses = {n: data.draw(st.integers(1, 5), label=f"{n} buses") for n in names}
    spaces = data.draw(st.lists(st.sampled_from(names), max_size=4), label="spaces")
    setup = {"players": {n: {"buses": buses[n]} for n in names}, "phase": "setup"}
    if spaces:
        setup |= {"spaces": spaces, "buys_bus": data.draw(st.sampled_from(names), label="buys bus")}
    state = new(setup, **rules)
    for _ in range(3 * players + 12):
        check(state, rules)
        legal = GAME.legal_actions(state)
        if not legal:
            break
        state = step(GAME, state, data.draw(st.sampled_from(legal), label="move")).state
    check(state, rules)


def test_each_preset_is_written_as_itself():
    for name in GAME.presets:
        assert GAME.setup_of(new(GAME.presets[name])) == {"preset": name}


def test_a_setup_round_is_written_with_whose_turn_it_is():
    state, _ = play(new(GAME.presets["new-game"]), "red: place 13-14", "blue: place 20-24", "yellow: place 7-12",
                    "yellow: add 12-16")
    # every key differs from new-game's, so naming it would only add a line
    assert GAME.setup_of(state) == {"players": {"red": {"line": "13-14"}, "blue": {"line": "20-24"},
                                                "yellow": {"line": "7-12-16"}},
                                    "phase": "second-markers", "turn": "blue"}


def test_line_expansion_part_way_is_written_with_its_space_and_streets_left():
    state = new({"players": {"red": {"line": "13-14", "buses": 3}, "blue": {"line": "20-24"}},
                 "spaces": ["red", "blue", "red"]})
    state, _ = play(state, "red: add 14-20", "blue: add 24-29", "blue: add 29-34", "red: add 20-15")
    assert GAME.setup_of(state) == {"players": {"red": {"line": "13-14-20-15", "buses": 3},
                                                "blue": {"line": "20-24-29-34"}},
                                    "spaces": ["red", "blue", "red"], "resolving": "A", "streets_left": 2}
    assert view(state)["expansion"]["resolving"] == "A"


def test_what_a_space_got_is_kept_when_a_new_bus_raises_m():
    state = new({"players": {"red": {"line": "13-14", "buses": 2}, "blue": {"line": "20-24"}},
                 "spaces": ["blue"], "buys_bus": "red"})
    state, _ = play(state, "blue: add 24-29", "blue: add 29-34")
    written = GAME.setup_of(state)
    assert written["phase"] == "over" and written["counts"] == {"A": 2}
    assert view(new(written))["expansion"]["counts"] == {"A": 2}


@pytest.mark.parametrize("setup, key, words", [
    ({"players": {"red": {"line": "13-14"}, "blue": {}}, "phase": "first-markers", "turn": "red"},
     "players.red.line", "red has yet to have their turn"),
    ({"players": {"red": {"line": "13-14"}}, "spaces": ["red", "red"], "resolving": "C"}, "resolving",
     "There is no space 'C'"),
    ({"players": {"red": {"line": "13-14"}}, "spaces": ["red", "red"], "skipped": ["A"]}, "skipped",
     "Space A has not been carried out yet"),
    ({"players": {"red": {"line": "13-14"}}, "spaces": ["red"], "streets_left": 3}, "streets_left",
     "from 1 to 1"),
    ({"players": {"red": {"line": "13-14"}}, "turn": "red"}, "turn", "only in a setup round"),
])
def test_a_position_key_that_cannot_be_is_refused_at_its_key(setup, key, words):
    with pytest.raises(InputError) as error:
        new(setup)
    assert error.value.where == key and words in str(error.value)


def test_a_street_from_nothing_is_reported_with_its_rule(monkeypatch):
    def no_countdown(state):  # the space's streets are never counted down: it adds for ever
        return []

    monkeypatch.setattr(turns, "after_expansion_street", no_countdown)
    state = new({"players": {"red": {"line": "13-14"}, "blue": {"line": "20-24"}}, "spaces": ["red"]})
    assert GAME.invariants(state) == []
    state, _ = play(state, "red: add 14-20")  # the one street space A gives, but it is still owed after
    found = GAME.invariants(state)
    assert [v.rule for v in found] == ["bus.expansion.count"] and "red has 2 markers" in found[0].message
