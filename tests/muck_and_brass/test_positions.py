"""Positions as data: every position of random play is written as a setup that rebuilds it
(``round_trip``), and the conservation laws (``invariants``) hold at every step."""
import yaml
from hypothesis import given, settings, strategies as st

from rulewright.play.position import round_trip
from engine.games.muck_and_brass import expand
from tests.muck_and_brass.helpers import GAME, make, play
from tests.muck_and_brass.test_properties import SETTINGS, random_game


@settings(max_examples=6, deadline=None)
@given(data=st.data(), chosen=SETTINGS, preset=st.sampled_from(["demo", "late"]))
def test_every_position_of_random_play_round_trips_and_keeps_the_laws(data, chosen, preset):
    resolved = GAME.resolve_settings(chosen)
    for state in random_game(data, preset, chosen, moves=5):
        assert GAME.invariants(state) == []
        assert round_trip(GAME, state, resolved, moves_ahead=1) == []
        written = GAME.setup_of(state)
        assert yaml.safe_load(yaml.safe_dump(written, sort_keys=False)) == written


def test_each_preset_is_written_as_itself():
    for name in GAME.presets:
        assert GAME.setup_of(make(name)) == {"preset": name}


def test_a_position_is_written_as_the_preset_and_what_changed():
    state = play(make("demo"), "ann", "expand LMR Liverpool-Manchester").state
    assert GAME.setup_of(state) == {
        "preset": "demo", "bank": 205,
        "companies": {"LMR": {"treasury": 15, "income": 7, "links": ["Liverpool-Manchester"], "markers": 11}},
    }


def test_a_board_of_its_own_is_written_without_defaults():
    state = make(None, cities={"Hull": 2, "York": 3}, links=["York-Hull"],
                 companies={"HSR": {"home": "Hull", "treasury": 20}}, players={"ann": {"shares": {"HSR": 1}}})
    state = play(state, "ann", "expand HSR Hull-York").state
    written = GAME.setup_of(state)
    assert written["cities"] == {"Hull": {"value": 2}, "York": {"value": 3}}
    assert written["companies"] == {"HSR": {"name": "HSR", "home": "Hull", "colour": "#2e7d32", "treasury": 15,
                                            "income": 5, "links": ["Hull-York"]}}
    assert round_trip(GAME, state, GAME.resolve_settings({})) == []


def test_a_removed_company_stays_removed():
    state = make("demo", companies={"LYR": None})
    assert GAME.setup_of(state) == {"preset": "demo", "companies": {"LYR": None}}
    assert round_trip(GAME, state, GAME.resolve_settings({})) == []


def test_money_made_from_nothing_is_reported_with_its_rule(monkeypatch):
    def pay_twice(state, company, price, markers):  # the bank is paid, but the treasury is not charged
        state.bank += price
        if company.markers is not None:
            company.markers -= markers

    monkeypatch.setattr(expand, "_pay", pay_twice)
    state = play(make("demo"), "ann", "expand LMR Liverpool-Manchester").state
    found = GAME.invariants(state)
    assert [v.rule for v in found] == ["mb.expand.cost"]
    assert "$285" in found[0].message and "$280" in found[0].message


def test_a_marker_lost_and_income_not_raised_are_reported(monkeypatch):
    state = play(make("demo"), "ann", "expand LMR Liverpool-Manchester").state
    state.companies["LMR"].markers -= 1
    state.companies["LMR"].income -= 7
    assert {v.rule for v in GAME.invariants(state)} == {"mb.expand.route-markers", "mb.expand.income"}


def test_a_link_held_twice_and_one_cut_off_are_reported():
    state = play(make("demo"), "ann", "expand LMR Liverpool-Manchester").state
    state.companies["LSR"].components[0].links.append("Liverpool-Manchester")  # far from Leeds, and LMR's
    assert {v.rule for v in GAME.invariants(state)} >= {"mb.expand.exclusive", "mb.expand.connected"}
