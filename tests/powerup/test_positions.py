"""Positions as data: every position of random games written as a setup (``setup_of``) and read
back loses nothing, and every position keeps the conservation laws (``invariants``); a planted bug
that creates money or a share from nothing is reported with the rule it breaks."""
from __future__ import annotations

import random

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from rulewright.game import InputError, Rng, step
from rulewright.play.position import round_trip
from engine.games.powerup import tiles, turn
from engine.games.powerup.board import ALL_TILES
from tests.powerup.helpers import GAME, new, play, view

FRESH = GAME.resolve_settings({})


def through_yaml(setup: dict) -> dict:
    return yaml.safe_load(yaml.safe_dump(setup, sort_keys=False))


# No shrinking: a game is a second of play, so shrinking a failure would take minutes; the few
# numbers drawn already replay it, and round_trip's message shows the position written.
@settings(max_examples=6, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate),
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), doe=st.booleans(),
       bag=st.one_of(st.none(), st.integers(14, 40)),
       chosen=st.fixed_dictionaries({"neutral_absorption": st.sampled_from(["group", "touching"]),
                                     "draw_then_play": st.sampled_from(["first-action", "always"]),
                                     "out_of_tiles": st.sampled_from(["at-once", "own-turn"])}),
       rolls=st.lists(st.sampled_from([2, 3, 4]), max_size=3), grants=st.lists(st.integers(1, 6), max_size=2),
       choices=st.integers(0, 10_000))
def test_every_position_of_random_play_round_trips_and_keeps_the_laws(seed, players, doe, bag, chosen, rolls,
                                                                      grants, choices):
    """``bag`` plays with that many tiles only (the rest set aside), so that the game soon runs out
    of tiles; ``None`` plays a whole game, most often ended by a large company. ``rolls`` and
    ``grants`` are stated action counts and DoE grants still to come."""
    chooser = random.Random(choices)
    setup = {"players": ["ann", "bob", "cat", "dan"][:players], "doe": doe, "action_rolls": rolls,
             "doe_rolls": grants}
    if bag is not None:
        setup["bag"] = random.Random(seed).sample(ALL_TILES, bag)
    chosen = GAME.resolve_settings(chosen)
    state = GAME.new_state(setup, chosen, Rng(seed))
    for moved in range(1000):
        assert round_trip(GAME, state, chosen, moves_ahead=2, seed=moved) == []
        assert GAME.invariants(state) == []
        if moved % 25 == 0 or state.over:  # as a record keeps it: through YAML, in the order written
            written = GAME.setup_of(state)
            assert through_yaml(written) == written
            assert GAME.view(GAME.new_state(through_yaml(written), chosen, Rng(0))) == GAME.view(state)
        if state.over:
            break
        state = step(GAME, state, chooser.choice(GAME.legal_actions(state))).state
    assert state.over


def test_a_preset_start_is_written_as_the_preset():
    assert GAME.setup_of(new({"preset": "demo"}, seed=5)) == {"preset": "demo"}
    # a fresh game's opening draw, hands and first roll come from the seed, so they are written out
    fresh = new({"preset": "three-with-doe"}, seed=5)
    written = GAME.setup_of(fresh)
    assert written["preset"] == "three-with-doe" and written["players"] != GAME.presets["three-with-doe"]["players"]
    assert "doe" not in written  # the preset's 'doe: true' still holds
    assert view(new(written)) == view(fresh)


def test_a_position_mid_turn_is_written_with_what_the_turn_has_done():
    state, _ = play(new({"preset": "demo"}), "ann: play B8", "ann: play E3", "ann: buy ES")
    written = GAME.setup_of(state)
    assert written == {
        "preset": "demo",
        "players": {"ann": {"cash": 5650, "hand": ["H7", "A1", "J9"], "shares": {"ES": 3}}},
        "board": {"neutral": ["A0", "B8", "H8"], "ES": ["C2", "C3", "D3", "E2", "E3"]},
        "turn": {"used": 3, "tile_played": True, "can_play": False},
        "bank": {"paid_out": 0, "taken_in": 350}}
    assert round_trip(GAME, state, FRESH) == []


def test_a_finished_game_is_written_with_why_it_ended():
    setup = {"players": {"ann": {"hand": ["J9"]}, "bob": {"hand": ["A0"]}}, "board": {"neutral": ["E5"]},
             "bag": []}
    state, _ = play(new(setup), "ann: play J9")
    assert state.over
    written = GAME.setup_of(state)
    assert written["over"] == state.end_reason and written["players"]["ann"] == {"hand": []}
    again = new(written)
    assert view(again)["over"] and GAME.legal_actions(again) == [] and round_trip(GAME, state, FRESH) == []


@pytest.mark.parametrize("setup, where, words", [
    ({"turn": {"actions": 3, "used": 4}}, "turn.used", "from 0 to 3"),
    ({"turn": {"can_play": False}}, "turn.can_play", "tile_played: true"),
    ({"turn": {"tile_played": True}}, "turn.tile_played", "used: 1"),
    ({"turn": {"must_play": "yes"}}, "turn.must_play", "true' or 'false"),
    ({"turn": {"number": 0}}, "turn.number", "1 or more"),
    ({"turn": {"step": 2}}, "turn.step", "has no key 'step'"),
    ({"bank": {"paid": 5}}, "bank.paid", "Did you mean 'paid_out'"),
    ({"bank": {"taken_in": -5}}, "bank.taken_in", "out of range"),
    ({"over": True}, "over", "why the game ended, in words"),
    ({"over": "the bag ran out"}, "players", "every company is wound up"),
])
def test_the_keys_of_a_position_are_checked_by_name(setup, where, words):
    with pytest.raises(InputError) as error:
        new({"preset": "demo", **setup})
    assert error.value.where == where and words in error.value.message, error.value.message


def test_money_created_from_nothing_is_reported(monkeypatch):
    # a planted bug: a share purchase is booked by the bank, but the buyer keeps the money
    monkeypatch.setattr(turn, "charge", lambda state, holder, amount: setattr(
        state.ledger, "taken_in", state.ledger.taken_in + amount))
    state, _ = play(new({"preset": "demo"}), "ann: play E3", "ann: buy ES")
    broken = GAME.invariants(state)
    assert [v.rule for v in broken] == ["pu.setup.start"]
    assert "$350 appeared from nowhere" in broken[0].message


def test_a_share_created_from_nothing_is_reported(monkeypatch):
    # a planted bug: the founder's free share is handed out without leaving the bank's 25
    def grant(state, holder, code, count):
        holder.shares[code] += count
        return []

    monkeypatch.setattr(tiles, "_grant", grant)
    state, _ = play(new({"preset": "demo"}), "ann: play A1 found CP")
    broken = GAME.invariants(state)
    assert [v.rule for v in broken] == ["pu.buy.sold-out"]
    assert broken[0].message.startswith("CP has 25 shares in the bank and 1 held: 26 in all")


def test_a_lost_tile_and_a_doubled_tile_are_reported():
    state = new({"preset": "demo"})
    state.bag.pop()
    state.players["bob"].hand.append("E3")
    assert sorted(str(v) for v in GAME.invariants(state)) == [
        "Tile E3 is in two places: ann's hand and bob's hand. (rule pu.setup.board)",
        "bob holds 6 tiles; a hand holds at most 5. (rule pu.draw.limit)"]
    state.players["bob"].hand.pop()
    assert [v.message for v in GAME.invariants(state)] == [
        "27 tiles are on the board, in the hands and in the bag, but the game began with 28."]
