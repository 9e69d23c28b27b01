"""``minimal_setup``: a full setup written as the preset that leaves least to write, plus what
differs from it; merging the result over its preset gives the full setup back."""
from hypothesis import given, strategies as st

from rulewright.game import minimal_setup
from rulewright.game.interface import merge

PRESETS = {"standard": {"players": ["ann", "bob"], "heaps": {"left": 3, "middle": 4, "right": 5}},
           "endgame": {"players": ["ann", "bob"], "heaps": {"last": 2}}}


def expand(setup: dict) -> dict:
    setup = dict(setup)
    name = setup.pop("preset", None)
    return merge(PRESETS[name], setup) if name else setup


def test_only_what_differs_is_written():
    full = {"players": ["ann", "bob"], "heaps": {"left": 1, "middle": 4, "right": 5}}
    assert minimal_setup(full, PRESETS) == {"preset": "standard", "heaps": {"left": 1}}


def test_the_preset_itself_is_just_its_name():
    assert minimal_setup(PRESETS["endgame"], PRESETS) == {"preset": "endgame"}


def test_a_key_the_preset_has_and_the_position_lacks_rules_the_preset_out():
    # a merge can add or change keys, never remove one: the heaps 'middle' and 'right' cannot be unsaid
    full = {"players": ["ann", "bob"], "heaps": {"left": 3}}
    assert minimal_setup(full, PRESETS) == full


def test_a_list_is_written_whole_when_it_differs():
    full = {"players": ["ann", "bob", "cat"], "heaps": {"last": 2}}
    assert minimal_setup(full, PRESETS) == {"preset": "endgame", "players": ["ann", "bob", "cat"]}


def test_true_and_one_are_not_the_same_value():
    presets = {"p": {"flag": 1, "n": 2}}
    assert minimal_setup({"flag": True, "n": 2}, presets) == {"preset": "p", "flag": True}


names = st.sampled_from(["left", "middle", "right", "last", "far"])
setups = st.fixed_dictionaries({"players": st.sampled_from([["ann", "bob"], ["ann", "bob", "cat"]]),
                                "heaps": st.dictionaries(names, st.integers(0, 6), min_size=1)})


@given(setups)
def test_the_written_setup_gives_the_full_one_back(full):
    written = minimal_setup(full, PRESETS)
    assert expand(written) == full
    assert len(str(written)) <= len(str(full)) + len("'preset': 'standard', ")


def test_a_preset_that_would_reorder_an_ordered_mapping_is_not_used():
    # merging keeps the preset's key order, and the order of players can be the turn order
    presets = {"two": {"players": {"ann": {"cash": 1}, "bob": {"cash": 1}}, "heaps": {"left": 3}}}
    full = {"players": {"bob": {"cash": 2}, "ann": {"cash": 1}}, "heaps": {"left": 3}}
    assert minimal_setup(full, presets) == {"preset": "two", "players": {"bob": {"cash": 2}}}
    written = minimal_setup(full, presets, ordered=("players",))
    assert written == full and list(written["players"]) == ["bob", "ann"]
