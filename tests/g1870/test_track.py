"""The printed map in the engine (``track.py``): tiles laid on hexes with their terrain costs and
the tile supply, station tokens by city, the notation, and the ``hexes`` setup key."""
import pytest

from rulewright.game import InputError, Refusal
from rulewright.play.position import round_trip
from engine.games.g1870 import track
from tests.g1870.helpers import GAME, play, start, view

SETTINGS = GAME.resolve_settings({})


def test_a_first_tile_pays_the_terrain_an_upgrade_does_not():
    state = play(start(preset="bare"), "SP: done", "MP: lay 57 on C18 rotated 1")  # St. Louis: the river, $40
    assert view(state)["corporations"]["MP"]["cash"] == 300 - 40
    state = play(state, "MP: done", "TP: done", "IC: done", "GMO: done", "SP: done", "MP: lay 14 on C18 rotated 1")
    assert view(state)["corporations"]["MP"]["cash"] == 300 - 40
    assert view(state)["map"]["hexes"]["C18"] == {"tile": "14", "rotated": 1, "tokens": ["MP"]}  # kept
    assert track.supply(state.track, "57") == track.board().tiles["57"].count  # back in the supply
    assert track.supply(state.track, "14") == track.board().tiles["14"].count - 1
    assert GAME.invariants(state) == []


def test_a_token_goes_in_a_city_the_corporation_reaches():
    state = play(start(preset="bare"), "SP: lay 57 on M2", "SP: token M2")
    assert view(state)["corporations"]["SP"]["cash"] == 260
    assert view(state)["map"]["hexes"]["M2"]["tokens"] == ["SP"]
    assert GAME.invariants(state) == []


@pytest.mark.parametrize("lines, rule", [
    (["SP: lay 9 on N3 rotated 1", "SP: lay 57 on M2", "SP: lay 8 on N5"], "1870.track.lays"),  # a third tile
    (["SP: lay 9 on N3 rotated 1", "SP: lay 9 on N3 rotated 4"], "1870.track.lays"),  # the same hex twice
    (["SP: lay 14 on M2"], "1870.track.tile"),  # a green tile on an empty city
    (["SP: lay 57 on M2 rotated 1"], "1870.track.edge"),  # runs off the west edge
    (["SP: lay 57 on M6"], "1870.track.reach"),  # Houston: not joined to SP's track
    (["SP: token M6"], "1870.route.station"),  # nor may it token there
])
def test_map_refusals_cite_their_rules(lines, rule):
    state = start(preset="bare")
    with pytest.raises(Refusal) as refusal:
        play(state, *lines)
    assert refusal.value.rule == rule


def test_an_upgrade_must_keep_the_track_and_follow_the_phase():
    state = start({"hexes": {"N3": {"tile": 9, "rotated": 1}}, "phase": 1, "next_train": "2"}, preset="bare")
    with pytest.raises(Refusal) as refusal:
        play(state, "SP: lay 23 on N3")
    assert refusal.value.rule == "1870.track.colour"
    state = start({"hexes": {"N3": {"tile": 9, "rotated": 1}}}, preset="bare")
    with pytest.raises(Refusal) as refusal:
        play(state, "SP: lay 23 on N3")  # turned 0, 23 has no W-E track
    assert refusal.value.rule == "1870.track.upgrade"
    assert view(play(state, "SP: lay 20 on N3"))["map"]["hexes"]["N3"]["tile"] == "20"


def test_the_last_copy_of_a_tile_cannot_be_laid_again():
    state = start({"hexes": {"B7": {"tile": 4}, "A10": {"tile": 4}, "D9": {"tile": 4}, "E8": {"tile": 4},
                             "F9": {"tile": 4}, "G10": {"tile": 4}}}, preset="bare")
    with pytest.raises(Refusal) as refusal:
        play(state, "SP: lay 4 on M8")
    assert refusal.value.rule == "1870.track.tile"


@pytest.mark.parametrize("text, shown", [("lay 8 on h13", "lay 8 on H13"), ("lay 8 on H13 rotated 0", "lay 8 on H13"),
                                         ("lay 171k on B11 rotated 5", "lay 171K on B11 rotated 5"),
                                         ("token M6", "token M6"), ("token m6 city 1", "token M6")])
def test_the_notation_reads_and_writes_back(text, shown):
    state = start(preset="bare")
    assert GAME.parse_action(state, "SP", text).notation() == shown


@pytest.mark.parametrize("text", ["lay 8 on H13 rotated 6", "lay 8 on Z99", "lay 99 on H13", "lay 8 on H13 turned 2",
                                  "token H13 city 0"])
def test_bad_map_notation_says_what_to_write(text):
    with pytest.raises(InputError):
        GAME.parse_action(start(preset="bare"), "SP", text)


def test_hexes_in_setup_round_trip():
    state = start({"hexes": {"H13": {"tile": 57, "rotated": 1, "tokens": ["MP"]}, "H15": {"tile": 9, "rotated": 1},
                             "C18": {"tile": 15, "rotated": 3, "tokens": ["GMO", "MP"]}},
                   "this_turn": {"tiles": ["H15"]}, "turn": "MP"}, preset="bare")
    shown = view(state)["map"]["hexes"]
    assert shown["H13"] == {"tile": "57", "rotated": 1, "tokens": ["MP"]}
    assert shown["C18"]["tokens"] == ["GMO", "MP"]  # listed in full: the order placed
    assert GAME.setup_of(state)["hexes"]["C18"] == {"tile": 15, "rotated": 3, "tokens": ["GMO", "MP"]}
    assert round_trip(GAME, state, SETTINGS) == []
    assert GAME.invariants(state) == []


@pytest.mark.parametrize("hexes, where", [
    ({"Z1": {"tile": 8}}, "hexes.Z1"),
    ({"H13": {"tile": 8, "rotated": 7}}, "hexes.H13.rotated"),
    ({"H13": {"colour": "green"}}, "hexes.H13.colour"),
    ({"H15": {"tokens": ["MP"]}}, "hexes.H15.tokens"),
    ({"H13": {"tokens": ["MP", "SP"]}}, "hexes.H13.tokens"),
    ({"A2": {"tile": 8}}, "hexes.A2.tile"),
])
def test_a_bad_hexes_key_is_named(hexes, where):
    with pytest.raises(InputError) as error:
        start({"hexes": hexes}, preset="bare")
    assert error.value.where == where


def test_the_private_companies_tokens_add_to_routes_on_the_map():
    """Where the ledger keeps ``assigned`` (private -> hex), the cattle token adds $10 for its owner
    only and the open port $20 for its owner, $10 for others; from phase 5 they are gone."""
    from engine.games.g1870 import hexroutes, routes
    state = start({"privates": {"SCC": "SP", "GSC": "TP"}, "hexes": {"M2": {"tile": 57}}}, preset="bare")
    assert routes.value(state, "SP", ("M2", "N1")) == 20 + 20
    state.assigned = {"SCC": "M2", "GSC": "M2"}
    assert routes.value(state, "SP", ("M2", "N1")) == 40 + 10 + 10
    assert hexroutes.private_extras(state, "TP") == (("M2", 20),)
    state.phase = 5
    assert hexroutes.private_extras(state, "SP") == ()


def test_the_closed_port_adds_20_for_its_owner_and_nothing_for_others():
    """Rule 1870.private.closed-port on the map: TP places the closed port on N17, which closes the
    GSC; TP's routes there earn $20 more, SP's nothing (the open port gave SP $10), and a position
    with the closed port reads back as it was written."""
    from engine.games.g1870 import hexroutes
    state = start({"privates": {"GSC": "TP"}, "turn": "TP"}, preset="bare")
    state = play(state, "TP: assign GSC to N17")
    assert hexroutes.private_extras(state, "SP") == (("N17", 10),)
    state = start({"privates": {"GSC": "TP"}, "turn": "TP"}, preset="bare")
    state = play(state, "TP: close port on N17")
    assert hexroutes.private_extras(state, "TP") == (("N17", 20),)
    assert hexroutes.private_extras(state, "SP") == ()
    assert view(state)["port_closed"] is True and view(state)["privates"]["GSC"]["closed"] is True
    assert round_trip(GAME, state, SETTINGS) == []
    opened = play(start({"privates": {"GSC": "TP"}, "turn": "TP"}, preset="bare"), "TP: assign GSC to N17")
    assert GAME.setup_of(opened)["this_turn"] == {"port_opened": True}
    assert round_trip(GAME, opened, SETTINGS) == []


def test_the_bridge_lay_takes_off_what_the_data_says(monkeypatch):
    """``data/privates.yaml:MRBC.bridge_discount``, which the rule prints, is what the bridge lay saves."""
    from engine.games.g1870 import data
    from tests.g1870.helpers import play, start, view

    terrain = data.load("hexes")["hexes"]["C18"]["cost"]
    setup = {"turn": "MP", "privates": {"MRBC": "MP"}}
    before = view(start(setup, preset="bare"))["corporations"]["MP"]["cash"]
    saved = data.privates()["MRBC"]["bridge_discount"]
    laid = play(start(setup, preset="bare"), "MP: lay 57 on C18 with MRBC")
    assert view(laid)["corporations"]["MP"]["cash"] == before - max(0, terrain - saved)
    changed = {**data.privates(), "MRBC": {**data.privates()["MRBC"], "bridge_discount": terrain - 10}}
    monkeypatch.setattr(data, "privates", lambda: changed)
    laid = play(start(setup, preset="bare"), "MP: lay 57 on C18 with MRBC")
    assert view(laid)["corporations"]["MP"]["cash"] == before - 10
