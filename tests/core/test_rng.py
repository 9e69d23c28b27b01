"""Stated randomness covers every kind of chance: an example can state dice, picks and the order a
shuffle comes out in; what it states is checked against what the draw could give."""
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulewright.game import Event, InputError, Refusal, Rng
from rulewright.problems import ExampleProblem, Where
from rulewright.book.registry import register
from rulewright.scenario import evaluate, parse
from tests.toolchain.toy_game import Toy

CARDS = ["ace", "7", "queen", "7"]


@given(st.permutations(CARDS), st.integers(0, 10_000))
def test_a_stated_shuffle_comes_out_in_the_stated_order(order, seed):
    assert Rng(seed, script=[order]).shuffled(CARDS) == order


@given(st.integers(0, 10_000))
def test_an_unstated_shuffle_follows_the_seed(seed):
    first, again = Rng(seed).shuffled(range(10)), Rng(seed).shuffled(range(10))
    assert first == again and sorted(first) == list(range(10))


def test_stated_names_match_items_as_text_and_give_back_the_items_themselves():
    assert Rng(0, script=[[3, "1", 2]]).shuffled(["1", 2, 3]) == [3, "1", 2]


@pytest.mark.parametrize("stated", [["ace", "queen"], ["ace", "7", "queen", "king"], "ace", ["ace", "ace", "queen", "7"]])
def test_a_stated_order_that_is_not_the_shuffled_items_is_refused(stated):
    with pytest.raises(InputError) as error:
        _roll_then_shuffle(stated)
    assert error.value.where == "draws.1"
    assert "should be the order of the deck" in error.value.message
    assert "ace, 7, queen, 7" in error.value.message


def _roll_then_shuffle(stated):
    rng = Rng(0, script=[5, stated])
    assert rng.randint(1, 6, "the die") == 5
    return rng.shuffled(CARDS, "the deck")


def test_stated_results_come_first_then_the_seed_decides():
    rng = Rng(3, script=[2, "b"])
    assert (rng.randint(1, 6), rng.choice(["a", "b"]), rng.unused) == (2, "b", [])
    assert rng.randint(1, 6) == Rng(3).randint(1, 6)


class Dice(Toy):
    """The toy game, but each turn rolls a die and adds what it shows."""

    name, title = "dice-toy", "Dice toy"

    def new_state(self, setup, settings, rng):
        state = super().new_state(setup, settings, rng)
        state.rng = rng
        state.players = rng.shuffled(state.players, "the seating order")
        return state

    def apply(self, state, action):
        if action.count != 0:
            raise Refusal("toy.add", "Write 'add 0': the die says how many.")
        rolled = state.rng.randint(1, 3, "the die")
        return super().apply(state, type(action)(action.actor, rolled)) + [Event("rolled", {"die": rolled})]


register("dice-toy", "tests.core.test_rng:Dice")


def example(body: str):
    return parse(textwrap.dedent(body), Where("rulebook/chance.md", 10), options={"id": "chance"})


def test_an_example_states_a_shuffle_and_the_next_roll():
    result = evaluate(example("""\
        game: dice-toy
        draws: [[bob, ann], 3]
        setup: {target: 9}
        do:
          - bob: add 0
        expect:
          pile: 3
          next: ann
        """))
    assert result.ok, result.report()


def test_a_stated_draw_the_die_cannot_show_points_at_its_line():
    with pytest.raises(ExampleProblem) as problem:
        evaluate(example("""\
            game: dice-toy
            draws:
              - [bob, ann]
              - 6
            do:
              - bob: add 0
            expect: {pile: 6}
            """))
    assert str(problem.value) == ("rulebook/chance.md, line 13, example chance: In step 1, 'bob: add 0': The stated "
                                  "draw number 2 (6) is impossible for the die; it must be one of 1, 2, 3.")


def test_stated_draws_no_move_takes_are_reported():
    with pytest.raises(ExampleProblem) as problem:
        evaluate(example("""\
            game: dice-toy
            draws: [[ann, bob], 1, 2]
            do:
              - ann: add 0
            expect: {pile: 1}
            """))
    assert "states 3 draws under 'draws:', but the moves left 1 of them unused ([2])" in str(problem.value)
    assert "line 11" in str(problem.value)


def test_an_impossible_draw_from_a_bag_names_each_possible_result_once_and_the_near_one():
    from rulewright.game import InputError, Rng

    rng = Rng(0, ["lnog"])
    with pytest.raises(InputError) as said:
        rng.choice(["short"] * 11 + ["long"] * 6 + ["gold"], "a tile from the bag")
    assert said.value.message == ("The stated draw number 1 (lnog) is impossible for a tile from the bag; it must "
                                  "be one of short, long, gold. Did you mean 'long'?")
