"""The shared engine core: step never changes a state it refuses, presets merge as documented,
randomness replays and can be stated, settings and names are checked with helpful words."""
import pytest

from rulewright.game import InputError, Refusal, Rng, step
from rulewright.game.interface import merge
from rulewright.game.refusal import did_you_mean, lookup
from tests.toolchain.toy_game import GAME as TOY


def new_toy(**settings):
    return TOY.new_state({"pile": 0, "target": 5, "players": ["ann", "bob"]}, TOY.resolve_settings(settings), Rng(0))


def test_step_plays_on_a_copy():
    state = new_toy()
    outcome = step(TOY, state, TOY.parse_action(state, "ann", "add 2"))
    assert (state.pile, outcome.state.pile) == (0, 2)
    assert [e.name for e in outcome.events] == ["added"]


def test_a_refused_step_leaves_the_state_exactly_as_it_was():
    state = new_toy()
    before = repr(state)
    with pytest.raises(Refusal) as refused:
        step(TOY, state, TOY.parse_action(state, "bob", "add 1"))
    assert refused.value.rule == "toy.turn"
    assert repr(state) == before


def test_merge_combines_mappings_and_replaces_everything_else():
    preset = {"companies": {"LMR": {"treasury": 20, "home": "Liverpool"}}, "links": ["A-B"], "round": 1}
    merged = merge(preset, {"companies": {"LMR": {"treasury": 10}}, "links": ["C-D"]})
    assert merged == {"companies": {"LMR": {"treasury": 10, "home": "Liverpool"}}, "links": ["C-D"], "round": 1}
    assert preset["companies"]["LMR"]["treasury"] == 20


def test_seeded_randomness_replays():
    a, b = Rng(42), Rng(42)
    assert [a.randint(1, 6) for _ in range(20)] == [b.randint(1, 6) for _ in range(20)]
    assert Rng(1).weighted({2: 1, 3: 3, 4: 2}) in (2, 3, 4)


def test_stated_results_come_first_and_impossible_ones_are_refused():
    rng = Rng(0, script=[4, "x"])
    assert rng.randint(1, 6, "the die") == 4
    with pytest.raises(InputError) as error:
        rng.choice(["a", "b"], "the tile")
    assert "The stated draw number 2 (x) is impossible for the tile; it must be one of a, b." == error.value.message
    assert error.value.where == "draws.1"


def test_settings_are_checked_by_name_and_value():
    with pytest.raises(InputError) as unknown:
        TOY.resolve_settings({"max_ad": 2})
    assert "Toy has no setting 'max_ad'. Did you mean 'max_add'?" == unknown.value.message
    assert unknown.value.where == "settings.max_ad"
    with pytest.raises(InputError) as bad:
        TOY.resolve_settings({"max_add": 9})
    assert "cannot be 9; it must be one of 2, 3, 4" in bad.value.message
    assert new_toy(max_add=2).max_add == 2


def test_unknown_names_get_suggestions_or_a_list():
    assert did_you_mean("Manchster", ["Manchester", "Leeds"]) == "Did you mean 'Manchester'?"
    assert did_you_mean("Zzz", ["a", "b"]) == "Known: a, b."
    with pytest.raises(InputError) as error:
        lookup("city", "Yrok", {"York": 1}, where="cities")
    assert (error.value.message, error.value.where) == ("There is no city called 'Yrok'. Did you mean 'York'?",
                                                        "cities")
