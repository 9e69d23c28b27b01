"""The toy game writes its positions as setups, so the toolchain's tests can replay play kept as
data: every position of random games round-trips, a preset's start is just its name, and the keys
that state a position in play are checked by name."""
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from rulewright.game import InputError, Rng, step
from rulewright.play.position import round_trip
from tests.toolchain.toy_game import GAME


@settings(max_examples=30, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(players=st.sampled_from([["ann", "bob"], ["ann", "bob", "cat"]]), crowd_first=st.booleans(),
       max_add=st.sampled_from([2, 3, 4]), target=st.integers(1, 12), choices=st.randoms())
def test_every_position_of_random_play_round_trips(players, crowd_first, max_add, target, choices):
    chosen = GAME.resolve_settings({"crowd_first": crowd_first, "max_add": max_add})
    state = GAME.new_state({"pile": 0, "target": target, "players": players}, chosen, Rng(0))
    while True:
        assert round_trip(GAME, state, chosen) == []
        if not GAME.legal_actions(state):
            break
        state = step(GAME, state, choices.choice(GAME.legal_actions(state))).state
    assert GAME.setup_of(state)["winner"] == GAME.view(state)["winner"]


def test_a_preset_start_is_its_name_and_play_writes_what_changed():
    chosen = GAME.resolve_settings({})
    state = GAME.new_state(GAME.presets["small"], chosen, Rng(0))
    assert GAME.setup_of(state) == {"preset": "small"}
    state = step(GAME, state, GAME.parse_action(state, "ann", "add 3")).state
    assert GAME.setup_of(state) == {"preset": "small", "pile": 3, "next": "bob", "log": ["ann"]}


@pytest.mark.parametrize("setup, where", [
    ({"next": "cy"}, "next"), ({"log": ["ann", "bb"]}, "log.1"), ({"log": "ann"}, "log"),
    ({"pile": 2, "target": 5, "winner": "ann"}, "winner"), ({"pile": 5, "target": 5, "winner": "al"}, "winner"),
])
def test_the_keys_of_a_position_in_play_are_checked(setup, where):
    with pytest.raises(InputError) as error:
        GAME.new_state(setup, GAME.resolve_settings({}), Rng(0))
    assert error.value.where == where
