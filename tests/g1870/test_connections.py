"""Engine tests for the map, routes and connection runs beyond the chapter's examples: notation
round trips, plain input errors, the re-check before a queued run, and the best-route search."""
import pytest

from rulewright.game import InputError, Refusal
from engine.games.g1870 import connections, network, routes
from tests.g1870.helpers import GAME, play, start, view


def network_start(**overrides):
    return start({"turn": "TP", **overrides}, preset="network")


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
    ("run 4 Dallas-Nowhere", "Nowhere"),
    ("lay Dallas-Houston", "map actions"),
    ("run 4 J5-J7-Z99", "no hex 'Z99'"),
    ("token Memphys", "Memphis"),
    ("run Dallas-Houston", "a run names its train first"),
    ("lay Dallas", "map actions"),
    ("place token", "map actions"),
])
def test_bad_map_input_is_explained(text, words):
    with pytest.raises(InputError) as error:
        GAME.parse_action(network_start(), "TP", text)
    assert words in error.value.message


@pytest.mark.parametrize("setup, where", [
    ({"track": {"Dallas-New Orleans": "TP"}}, "track.Dallas-New Orleans"),
    ({"tokens": {"Houston": ["FW"]}}, "tokens.Houston"),
    ({"connected": {"TP": "somewhere"}}, "connected.TP"),
    ({"tokens": {"Atlantis": ["TP"]}}, "tokens.Atlantis"),
])
def test_bad_map_setup_names_its_key(setup, where):
    with pytest.raises(InputError) as error:
        network_start(**setup)
    assert error.value.where == where


@pytest.mark.parametrize("tokens, words", [
    ({"Chicago": ["TP"]}, "Chicago has no spaces for station tokens (it is an off-board area)"),
    ({"Wichita": ["TP", "MP"]}, "Wichita has 1 space for station tokens and none is free for MP"),
])
def test_a_station_token_in_setup_needs_a_free_space(tokens, words):
    """An example cannot set up a position the game could never reach: a token in an off-board area
    (no spaces) or in a city whose spaces are all taken is refused at its key, in words."""
    with pytest.raises(InputError) as error:
        network_start(tokens=tokens)
    assert words in error.value.message
    assert error.value.where == f"tokens.{next(iter(tokens))}"


def test_a_queued_run_is_checked_again_and_postponed():
    state = gulf_start(hexes={"H11": {"tile": 9, "rotated": 1}, "H9": {"tile": 9, "rotated": 1},
                              "H7": {"tile": 8, "rotated": 4}, "I6": {"tile": 9}})
    assert connections.eligible(state, "MP")
    state.track.tokens["H13"] = [["TP"]]  # Little Rock filled after MP was queued
    state.net.queue = ["MP"]
    events = connections.start_next(state)
    assert [e.name for e in events] == ["connection-postponed"]
    assert state.net.current is None and "MP" not in state.net.history


def test_station_names_are_read_in_any_case_and_punctuation():
    assert network.station("st louis") == "St. Louis"
    assert network.station("Springfield, MO") == "Springfield MO"
    assert network.home("SLSF") == "Springfield MO"


def test_best_search_reports_when_no_run_joins_home_and_destination():
    state = network_start()
    total, chosen = routes.best(state, "TP", ["4"], ("Dallas", "New Orleans"))
    assert total is None and chosen == []
    state.net.track[network.key("Baton Rouge", "New Orleans")] = "TP"  # the station graph's search
    total, chosen = routes.best(state, "TP", ["4"], ("Dallas", "New Orleans"))
    assert total == 110 and chosen == [("4", ("Dallas", "Alexandria", "Baton Rouge", "New Orleans"))]


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
    assert connections.joining_path(state, "TP") == tuple(DALLAS_TO_NEW_ORLEANS.split("-"))
    state.corporations["TP"].trains = ["3"]  # Dallas, Alexandria, Baton Rouge, New Orleans: four stops
    assert not connections.eligible(state, "TP")
