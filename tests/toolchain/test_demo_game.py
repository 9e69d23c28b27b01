"""The demo game the authoring guide of every new project plays (rulewright.demo): what a designer's
mistakes in an example are told, and property tests that random play always obeys the rules and that
every position written as a setup (``setup_of``) plays on exactly as the original."""
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from rulewright.game import InputError, Refusal, Rng, step
from rulewright.play.position import round_trip
from rulewright.demo import GAME


def new(setup=None, **chosen):
    return GAME.new_state(setup or GAME.presets["standard"], GAME.resolve_settings(chosen), Rng(0))


def test_a_misspelt_heap_gets_a_suggestion():
    with pytest.raises(InputError, match="There is no heap called 'lfet'. Did you mean 'left'"):
        GAME.parse_action(new(), "ann", "take 1 from lfet")


def test_a_bad_setup_names_the_key_at_fault():
    with pytest.raises(InputError) as error:
        new({"heaps": {"left": -1}})
    assert error.value.where == "heaps.left"
    with pytest.raises(InputError) as error:
        new({"heap": {"left": 1}})
    assert error.value.where == "heap" and "Did you mean 'heaps'" in error.value.message
    with pytest.raises(InputError) as error:
        new({"players": ["ann", "bob"], "heaps": {"last": 0}, "taken": {"ann": -2}})
    assert error.value.where == "taken.ann"
    with pytest.raises(InputError) as error:
        new({"players": ["ann", "bob"], "heaps": {"last": 1}, "winner": "ann"})
    assert error.value.where == "winner" and "counters are left" in error.value.message


def test_a_refused_move_cites_its_rule_and_changes_nothing():
    state = new()
    with pytest.raises(Refusal) as refused:
        step(GAME, state, GAME.parse_action(state, "ann", "take 4 from right"))
    assert refused.value.rule == "rwdemo.take.limit"
    assert GAME.view(state)["counters"] == 12


@settings(max_examples=50, deadline=None)
@given(heaps=st.lists(st.integers(0, 6), min_size=1, max_size=4).filter(any), choices=st.randoms())
def test_random_play_obeys_the_rules_and_ends_with_a_winner(heaps, choices):
    state = new({"players": ["ann", "bob", "cy"], "heaps": {f"h{i}": n for i, n in enumerate(heaps)}})
    while GAME.legal_actions(state):
        action = choices.choice(GAME.legal_actions(state))
        before = GAME.view(state)["counters"]
        state = step(GAME, state, GAME.parse_action(state, action.actor, action.notation())).state
        assert GAME.view(state)["counters"] == before - action.count
    assert GAME.view(state)["over"] and GAME.view(state)["counters"] == 0


def said_if_any(problems):
    """Fail the test with the problems in their own words (not pytest's view of a Python list)."""
    if problems:
        pytest.fail("\n".join(map(str, problems)), pytrace=False)


# Kept fast: few examples, and no shrinking, so a failure is reported in seconds (the drawn heaps
# and choices are small already; the message shows the position as a setup). No deadline: on a busy
# machine one example may take seconds, and that is no mistake in the game.
@settings(max_examples=25, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(heaps=st.lists(st.integers(0, 5), min_size=1, max_size=3).filter(any), players=st.integers(2, 3),
       last_counter=st.sampled_from(["wins", "loses"]), choices=st.randoms())
def test_every_position_of_random_play_round_trips_and_keeps_the_laws(heaps, players, last_counter, choices):
    chosen = GAME.resolve_settings({"last_counter": last_counter})
    state = GAME.new_state({"players": ["ann", "bob", "cy"][:players],
                            "heaps": {f"h{i}": n for i, n in enumerate(heaps)}}, chosen, Rng(0))
    while True:
        said_if_any(round_trip(GAME, state, chosen))  # each difference, in words
        said_if_any(GAME.invariants(state))  # each law broken, with its rule
        if not GAME.legal_actions(state):
            break
        state = step(GAME, state, choices.choice(GAME.legal_actions(state))).state
    assert GAME.setup_of(state)["winner"] == GAME.view(state)["winner"]


def test_a_preset_is_written_as_its_name_and_a_position_as_what_differs():
    assert GAME.setup_of(new()) == {"preset": "standard"}
    state = step(GAME, new(), GAME.parse_action(new(), "ann", "take 2 from left")).state
    assert GAME.setup_of(state) == {"preset": "standard", "heaps": {"left": 1}, "next": "bob", "taken": {"ann": 2}}


def test_a_counter_made_from_nothing_is_reported():
    state = new()
    state.taken["ann"] += 1  # a bug that hands out a counter without taking it from a heap
    assert [(v.rule, v.message) for v in GAME.invariants(state)] == [
        ("rwdemo.take.limit", "The players have taken 1 and the heaps hold 12: 13 counters in all, but the game began with 12.")]
