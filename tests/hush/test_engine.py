"""Hush's engine: random games keep every card (invariants), end with every hand empty, round-trip
through setups, and show each player only their own hand; each refusal cites its rule."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulewright.game import InputError, Refusal, Rng, is_hidden, step
from rulewright.play.position import round_trip
from engine.games.hush import GAME
from engine.games.hush.game import Play
from engine.games.hush.state import full_deck

PLAYERS = ["ann", "bob", "cy", "dee"]


def dealt(players: int, seed: int):
    return GAME.new_state({"players": PLAYERS[:players]}, {}, Rng(seed))


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), choices=st.integers(0, 10_000))
def test_random_games_keep_every_card_and_hide_each_hand(players, seed, choices):
    state, chooser = dealt(players, seed), random.Random(choices)
    assert Counter(GAME.view(state)["deck"]) + Counter([GAME.view(state)["aside"]]) + sum(
        (Counter(p["hand"]) for p in GAME.view(state)["players"].values()), Counter()) == Counter(full_deck())
    moves = 0
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        assert legal, "a dead end: nobody can play"
        state = step(GAME, state, chooser.choice(legal)).state
        moves += 1
        assert GAME.invariants(state) == []
        viewer = chooser.choice(PLAYERS[:players])
        seen, truth = GAME.view_for(state, viewer), GAME.view(state)
        for name, player in truth["players"].items():
            hand = seen["players"][name]["hand"]
            assert hand == player["hand"] if name == viewer else hand == {"hidden": len(player["hand"])}
            assert seen["players"][name]["pile"] == player["pile"]
        assert is_hidden(seen["deck"]) and is_hidden(seen["aside"]) is not GAME.is_over(state)
        if chooser.random() < 0.2:
            assert round_trip(GAME, state, {}, moves_ahead=2, seed=choices) == []
    assert moves == len(full_deck()) - 1  # every card but the set-aside one is played
    assert GAME.view_for(state, PLAYERS[0])["aside"] == GAME.view(state)["aside"]  # turned face up at the end
    assert GAME.view(state)["winners"]


def test_refusals_cite_their_rules():
    state = GAME.new_state({"deck": [], "players": {"ann": {"hand": [3]},
                                                                                "bob": {"hand": [5]}}}, {}, Rng(0))
    with pytest.raises(Refusal) as out_of_turn:
        step(GAME, state, Play("bob", 5))
    assert out_of_turn.value.rule == "hush.turn.order"
    with pytest.raises(Refusal) as not_held:
        step(GAME, state, Play("ann", 4))
    assert not_held.value.rule == "hush.turn.play"
    state = step(GAME, step(GAME, state, Play("ann", 3)).state, Play("bob", 5)).state
    with pytest.raises(Refusal) as over:
        step(GAME, state, Play("ann", 3))
    assert over.value.rule == "hush.end.over"


def test_a_setup_with_a_third_copy_of_a_card_is_refused_at_its_key():
    with pytest.raises(InputError) as error:
        GAME.new_state({"players": {"ann": {"hand": [3, 3]}, "bob": {"hand": [3]}}, "deck": []}, {}, Rng(0))
    assert "only 2 cards numbered 3" in error.value.message
