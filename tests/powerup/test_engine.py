"""Unit tests of the powerUp engine: the pieces examples cannot reach easily (whole distributions,
bad input, round trips), plus the numbers of the help pages."""
from __future__ import annotations

from collections import Counter

import pytest

from rulewright.game import InputError, Refusal
from engine.games.powerup.board import neighbours, position
from engine.games.powerup.mergers import bonuses
from engine.games.powerup.turn import roll_actions
from tests.powerup.helpers import GAME, new, play, view

TWO = {"players": {"ann": {"hand": []}, "bob": {"hand": []}}, "board": {"neutral": ["J9"]}}


def test_help_page_bonus_examples():
    # $200 company held 5/3/3/1: the majority takes 10x, the two tied seconds split 5x.
    assert bonuses([("p1", 5), ("p2", 3), ("p3", 3), ("p4", 1)], 200) == [
        ("p1", 2000, "majority"), ("p2", 500, "minority"), ("p3", 500, "minority")]
    # $400 company held 5/7/7 (the DoE one of the sevens): the tied firsts split 15x, p1 gets nothing.
    assert bonuses([("p1", 5), ("p2", 7), ("doe", 7)], 400) == [
        ("p2", 3000, "shared majority"), ("doe", 3000, "shared majority")]


def test_bonus_sole_holder_three_way_tie_and_nobody():
    assert bonuses([("a", 0), ("b", 4)], 300) == [("b", 4500, "sole holder")]
    # 15 x $250 = $3750 split three ways is $1250; 15 x $350 = 5250 -> 1750; check rounding down.
    assert bonuses([("a", 2), ("b", 2), ("c", 2)], 250) == [(n, 1250, "shared majority") for n in "abc"]
    assert bonuses([("a", 1), ("b", 1), ("c", 1)], 220) == [(n, 1100, "shared majority") for n in "abc"]
    assert bonuses([("a", 3), ("b", 1), ("c", 1), ("d", 1)], 250) == [
        ("a", 2500, "majority"), ("b", 416, "minority"), ("c", 416, "minority"), ("d", 416, "minority")]
    assert bonuses([("a", 0)], 200) == []


def test_neighbours_are_orthogonal_and_stay_on_the_board():
    assert sorted(neighbours("A0")) == ["A1", "B0"]
    assert sorted(neighbours("E5")) == ["D5", "E4", "E6", "F5"]
    assert position("J9") == (9, 9)


def test_action_counts_follow_one_three_two_sixths():
    state = new(TWO, seed=7)
    counts = Counter(roll_actions(state) for _ in range(6000))
    assert set(counts) == {2, 3, 4}
    for actions, sixths in ((2, 1), (3, 3), (4, 2)):
        assert abs(counts[actions] / 6000 - sixths / 6) < 0.03


def test_stated_rolls_come_before_the_random_ones():
    state = new({**TWO, "turn": {"actions": 2}, "action_rolls": [4, 4]})
    assert view(state)["turn"]["actions"] == 2
    assert [roll_actions(state), roll_actions(state)] == [4, 4]


@pytest.mark.parametrize("players, ceiling", [(2, 8), (4, 6)])
def test_doe_grant_stays_within_one_to_ten_minus_players(players, ceiling):
    names = ["ann", "bob", "cat", "dan"][:players]
    seen = set()
    for seed in range(150):
        setup = {"players": {n: {"hand": ["A1"] if n == "ann" else []} for n in names},
                 "board": {"neutral": ["A0"]}, "doe": True}
        state, _ = play(new(setup, seed=seed), "ann: play A1 found ES")
        seen.add(view(state)["doe"]["shares"]["ES"])
    assert seen == set(range(1, ceiling + 1))


def test_a_stated_doe_roll_out_of_range_is_bad_input():
    with pytest.raises(InputError, match="doe_rolls"):
        new({**TWO, "doe": True, "doe_rolls": [9]})


def test_initial_draw_sets_order_leftmost_then_topmost_and_never_touches():
    state = new({"players": ["ann", "bob", "cat"], "bag": ["F3", "B7", "B6", "B2", "C9"] + [
        t for t in ("D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "E0", "E1", "E2", "E3",
                    "E4", "E5", "E6")]})
    v = view(state)
    # B6 touches B7 (bob's), so it goes back and cat takes B2.
    assert v["neutral"] == ["B2", "B7", "F3"]
    assert v["order"] == ["cat", "bob", "ann"]
    assert v["players"]["cat"]["hand"] == ["B6", "C9", "D1", "D2", "D3"]


def test_seeded_fresh_games_replay_exactly_and_differ_by_seed():
    a, b, c = (view(new({"players": ["ann", "bob"]}, seed=s)) for s in (5, 5, 6))
    assert a == b
    assert a["board"] != c["board"] or a["players"] != c["players"]
    assert len(a["bag"]) == 100 - 2 - 10


def test_every_notation_reads_back_to_the_same_action():
    state = new({"preset": "demo"})
    actions = GAME.legal_actions(state)
    assert {a.notation() for a in actions} >= {"play E3", "play A1 found CP", "play B8"}
    for action in actions:
        assert GAME.parse_action(state, action.actor, action.notation()) == action
    merger = GAME.parse_action(state, "ann", "play e3 survivor eclipse order mt")
    assert merger.notation() == "play E3 survivor ES order MT"


@pytest.mark.parametrize("actor, text, words", [
    ("ann", "play K3", "column letter"),
    ("ann", "buy XX", "no company called 'XX'"),
    ("ann", "dance", "Cannot read the action"),
    ("zed", "draw", "no player called 'zed'"),
    (None, "draw", "ann: draw"),
    ("ann", "play E3 found", "must be followed by a company"),
    ("ann", "play E3 now", "After the tile"),
    ("ann", "found WU", "write 'play <tile> found WU'"),
    ("ann", "buy 2 ES", "write 'buy ES' once per share"),
    ("ann", "pass", "write 'end turn'"),
])
def test_bad_notation_says_what_to_write(actor, text, words):
    with pytest.raises(InputError, match=words):
        GAME.parse_action(new({"preset": "demo"}), actor, text)


@pytest.mark.parametrize("setup, words", [
    ({"players": ["ann"]}, "2 to 4 players"),
    ({"players": ["ann", "bob"], "board": {"ES": ["A0"]}}, "at least two"),
    ({"players": ["ann", "bob"], "board": {"ES": ["A0", "A2"]}}, "not all joined"),
    ({"players": ["ann", "bob"], "board": {"ES": ["A0", "A1"], "MT": ["B1", "B2"]}}, "cannot touch"),
    ({"players": ["ann", "bob"], "board": {"ES": ["A0", "A1"], "neutral": ["A2"]}}, "already have taken"),
    ({"players": {"ann": {"hand": ["A0"]}, "bob": {}}, "board": {"neutral": ["A0"]}}, "both the board"),
    ({"players": {"ann": {"shares": {"ES": 2}}, "bob": {}}, "board": {"neutral": ["A0"]}}, "not active"),
    ({"players": ["ann", "bob"], "colour": "red"}, "no key 'colour'"),
    ({"players": ["ann", "bob"], "turn": {"actions": 5}}, "cannot be rolled"),
])
def test_impossible_setups_are_explained(setup, words):
    with pytest.raises(InputError, match=words):
        new(setup)


def test_a_refused_action_leaves_the_state_as_it_was():
    state = new({"preset": "demo"})
    before = view(state)
    with pytest.raises(Refusal) as refusal:
        play(state, "ann: buy ES")
    assert refusal.value.rule == "pu.buy.after-play"
    assert view(state) == before


def test_touching_setting_leaves_far_neutral_tiles_alone():
    setup = {"players": {"ann": {"hand": ["A2"]}, "bob": {}}, "board": {"neutral": ["A0", "A1"]}}
    group, _ = play(new(setup), "ann: play A2 found ES")
    touching, _ = play(new(setup, neutral_absorption="touching"), "ann: play A2 found ES")
    assert view(group)["companies"]["ES"]["tiles"] == ["A0", "A1", "A2"]
    assert view(touching)["companies"]["ES"]["tiles"] == ["A1", "A2"]
    assert view(touching)["neutral"] == ["A0"]


@pytest.mark.parametrize("setup, words", [
    ({"players": {"ann": {"hand": 5}, "bob": {}}}, "no tile 5"),
    ({"players": ["ann", "bob"], "board": {"ES": {"A0": 1}}}, "must be a list"),
    ({"players": ["ann", "bob"], "action_rolls": {"x": 1}}, "must be a list"),
    ({"players": {"ann": {"shares": ["ES"]}, "bob": {}}}, "must be a mapping"),
    ({"players": {"ann": {"cash": -5}, "bob": {}}}, "whole number"),
    ({"players": ["ann", "doe"]}, "Department of Energy"),
    ({"players": ["ann", "bob"], "board": {"XY": ["A0", "A1"]}}, "no company called 'XY'"),
    ({"players": ["ann", "bob"], "board": {"neutral": ["A0-K2"]}}, "no tile 'K2'"),
])
def test_malformed_setups_are_input_errors_not_crashes(setup, words):
    with pytest.raises(InputError, match=words):
        new(setup)


def test_a_rectangle_names_every_tile_corner_to_corner():
    from engine.games.powerup.board import parse_tiles

    assert parse_tiles("B3-A1") == ["A1", "A2", "A3", "B1", "B2", "B3"]
    assert parse_tiles("c3") == ["C3"]


def test_company_names_read_by_code_or_first_word():
    state = new({"preset": "demo"})
    assert GAME.parse_action(state, "ann", "buy superslick").company == "SO"
    assert GAME.parse_action(state, "ann", "buy Wu").company == "WU"
