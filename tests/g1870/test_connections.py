"""Engine tests for the map, routes and connection runs beyond the chapter's examples: notation
round trips, plain input errors, the re-check before a queued run, and the best-route search."""
import pytest

from rulewright.game import InputError, Refusal
from engine.games.g1870 import actions, connections, hexruns, network
from tests.g1870.helpers import GAME, play, start, view


def bare_start(**overrides):
    return start({"turn": "TP", **overrides}, preset="bare")


def gulf_start(**overrides):
    return start({"turn": "TP", **overrides}, preset="gulf")


TO_NEW_ORLEANS = ("TP: lay 8 on M16 rotated 5", "TP: lay 5 on N17 rotated 2")
DALLAS_TO_NEW_ORLEANS = "J5-J7-K8-L9-L11-M12-M14-M16-N17"


def test_every_listed_map_action_parses_back_to_itself():
    in_turn = gulf_start()
    in_run = play(gulf_start(), *TO_NEW_ORLEANS, "TP: done")
    for state in (in_turn, in_run):
        listed = GAME.legal_actions(state)
        assert listed
        for act in listed:
            assert GAME.parse_action(state, act.actor, act.notation()) == act


def test_in_a_connection_run_only_its_actions_are_listed():
    state = play(gulf_start(), *TO_NEW_ORLEANS, "TP: done")
    listed = {a.notation() for a in GAME.legal_actions(state)}
    assert listed == {"place destination token", "keep destination token"}
    state = play(state, "TP: place destination token")
    listed = {a.notation() for a in GAME.legal_actions(state)}
    assert f"run 4 {DALLAS_TO_NEW_ORLEANS}" in listed
    assert "pay" not in listed  # not before a train has run home to New Orleans
    assert all(a.actor == "TP" for a in GAME.legal_actions(state))


@pytest.mark.parametrize("text, words", [
    ("run 4 Dallas-Houston", "the hexes it passes through"),
    ("run 4 Dallas-Houston", "Dallas is J5"),
    ("lay Dallas-Houston", "map actions"),
    ("run 4 J5-J7-Z99", "no hex 'Z99'"),
    ("token Houston", "Houston is M6"),
    ("token St. Louis", "St. Louis is C18"),
    ("token Memphys", "token H13"),
    ("run Dallas-Houston", "a run names its train first"),
    ("lay Dallas", "map actions"),
    ("place token", "map actions"),
])
def test_bad_map_input_is_explained(text, words):
    with pytest.raises(InputError) as error:
        GAME.parse_action(bare_start(), "TP", text)
    assert words in error.value.message


@pytest.mark.parametrize("setup, where", [
    ({"track": {"Dallas-New Orleans": "TP"}}, "track"),
    ({"tokens": {"Houston": ["FW"]}}, "tokens"),
    ({"connected": {"TP": "somewhere"}}, "connected.TP"),
    ({"hexes": {"Atlantis": {"tokens": ["TP"]}}}, "hexes.Atlantis"),
])
def test_bad_map_setup_names_its_key(setup, where):
    with pytest.raises(InputError) as error:
        bare_start(**setup)
    assert error.value.where == where


@pytest.mark.parametrize("old", ["track", "tokens"])
def test_the_station_graphs_setup_keys_point_to_hexes(old):
    with pytest.raises(InputError) as error:
        bare_start(**{old: {}})
    assert "'hexes'" in error.value.message and "station graph" in error.value.message


@pytest.mark.parametrize("hexes, words", [
    ({"A22": {"tokens": ["TP"]}}, "A22 is a red off-board area with no space for station tokens"),
    ({"M6": {"tile": 57, "tokens": ["TP", "MP"]}}, "The city on M6 has 1 slot(s)"),
])
def test_a_station_token_in_setup_needs_a_free_space(hexes, words):
    """An example cannot set up a position the game could never reach: a token in an off-board area
    with no station space, or in a city whose slots are all taken, is refused at its key, in words."""
    with pytest.raises(InputError) as error:
        bare_start(hexes=hexes)
    assert words in error.value.message
    assert error.value.where == f"hexes.{next(iter(hexes))}.tokens"


def test_a_queued_run_is_checked_again_and_postponed():
    state = gulf_start(hexes={"H11": {"tile": 9, "rotated": 1}, "H9": {"tile": 9, "rotated": 1},
                              "H7": {"tile": 8, "rotated": 4}, "I6": {"tile": 9}})
    assert connections.eligible(state, "MP")
    state.track.tokens["H13"] = [["TP"]]  # Little Rock filled after MP was queued
    state.net.queue = ["MP"]
    events = connections.start_next(state)
    assert [e.name for e in events] == ["connection-postponed"]
    assert state.net.current is None and "MP" not in state.net.history


def test_city_names_in_an_action_are_read_in_any_case_and_punctuation():
    assert actions.named_hex("st louis") == " (St. Louis is C18)"
    assert actions.named_hex("Springfield MO") == " (Springfield, MO is E12)"
    assert actions.named_hex("Atlantis") == ""
    assert network.home("SLSF") == "Springfield MO"


def test_no_joining_path_until_the_track_reaches_the_destination():
    state = gulf_start()
    assert hexruns.joining_path(state, "TP") is None
    assert not hexruns.still_possible(state, "TP", [])
    state = play(state, *TO_NEW_ORLEANS)
    assert hexruns.joining_path(state, "TP") == tuple(DALLAS_TO_NEW_ORLEANS.split("-"))
    assert hexruns.still_possible(state, "TP", [])


def test_a_connection_payout_pays_treasury_shares_to_the_corporation():
    state = play(gulf_start(), *TO_NEW_ORLEANS, "TP: done", "TP: place destination token",
                 f"TP: run 4 {DALLAS_TO_NEW_ORLEANS}")
    cash = view(state)["corporations"]["TP"]["cash"]
    after = play(state, "TP: pay")
    assert view(after)["corporations"]["TP"]["cash"] == cash + 4 * 12  # four Treasury shares at $12 ($120)
    with pytest.raises(Refusal) as refusal:
        play(after, "TP: pay")
    assert refusal.value.rule == "1870.turn.order"  # the run is over and it is IC's turn


def test_eligibility_on_the_map_needs_a_route_from_the_home_token_within_the_longest_train():
    state = gulf_start()
    assert not connections.eligible(state, "TP")  # two hexes short of New Orleans
    state = play(state, *TO_NEW_ORLEANS)
    assert connections.eligible(state, "TP")
    assert hexruns.joining_path(state, "TP") == tuple(DALLAS_TO_NEW_ORLEANS.split("-"))
    state.corporations["TP"].trains = ["3"]  # Dallas, Alexandria, Baton Rouge, New Orleans: four stops
    assert not connections.eligible(state, "TP")


def test_a_finished_connection_run_is_shown_and_given_with_its_routes_as_train_and_route():
    done = play(gulf_start(), *TO_NEW_ORLEANS, "TP: done", "TP: place destination token",
                f"TP: run 4 {DALLAS_TO_NEW_ORLEANS}", "TP: pay")
    shown = view(done)["corporations"]["TP"]["connection"]
    assert shown["routes"] == [{"train": "4", "route": DALLAS_TO_NEW_ORLEANS}]
    record = {k: shown[k] for k in ("token", "revenue", "dividend", "routes")}
    for routes in (shown["routes"], [f"4: {DALLAS_TO_NEW_ORLEANS}"]):  # as the view shows it, or as text
        given = gulf_start(connected={"TP": {**record, "routes": routes}})
        assert view(given)["corporations"]["TP"]["connection"] == shown


def test_a_destination_token_kept_on_the_charter_costs_what_the_data_says(monkeypatch):
    """``data/tables.yaml:destination_token_cost``, which the rule prints, is the kept token's cost."""
    from engine.games.g1870 import data

    kept = play(gulf_start(), *TO_NEW_ORLEANS, "TP: done", "TP: keep destination token")
    assert kept.net.charter["TP"][-1] == data.tables()["destination_token_cost"]
    changed = {**data.tables(), "destination_token_cost": 120}
    monkeypatch.setattr(data, "tables", lambda: changed)
    kept = play(gulf_start(), *TO_NEW_ORLEANS, "TP: done", "TP: keep destination token")
    assert kept.net.charter["TP"][-1] == 120
