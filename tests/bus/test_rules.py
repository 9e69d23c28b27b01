"""The Line Expansion rules, one position each, on the real board."""
from __future__ import annotations

import pytest

from tests.bus.helpers import new, play, refused, view

# red's line 18-13-14 ends at 18 and 14; blue and yellow own streets around 14.
CROWDED = {"players": {"red": {"line": "18-13-14"}, "blue": {"line": "6-14-20"}, "yellow": {"line": "10-14-11"}}}


def test_empty_street_is_always_allowed():
    state, events = play(new(CROWDED), "red: add 14-19")
    assert view(state, "red")["ends"] == [18, 19]
    assert events == ["street-added"]


def test_occupied_street_refused_while_the_end_has_an_empty_street():
    r = refused(new(CROWDED), "red: add 14-20")
    assert r.rule == "bus.expand.empty-street"
    assert "14-19" in r.reason  # the message names the empty street still available


def test_legal_streets_list_each_end():
    assert view(new(CROWDED), "red")["legal"] == ["14-19", "18-10", "18-19", "18-22"]


def test_never_back_up_or_double_your_own_line():
    assert refused(new(CROWDED), "red: add 14-13").rule == "bus.expand.own-street"


def test_only_from_an_end_and_reversed_notation_gets_a_hint():
    r = refused(new(CROWDED), "red: add 19-14")
    assert r.rule == "bus.expand.from-an-end"
    assert "write 14-19" in r.reason
    assert refused(new(CROWDED), "red: add 13-19").rule == "bus.expand.from-an-end"


# red ends at 11 (street 7-11 is red's); 11's other streets, 11-14 and 11-15, both hold lines.
BLOCKED = {"players": {"red": {"line": "2-7-11"}, "blue": {"line": "14-11-15"}, "yellow": {"line": "20-15-11"}}}


def test_blocked_end_may_run_beside_any_line_then_must_turn_into_an_empty_street():
    start = new(BLOCKED)
    assert view(start, "red")["legal"] == ["2-1", "2-3", "2-6", "11-14", "11-15"]
    state, events = play(start, "red: add 11-15")  # beside blue and yellow: three lines on one street
    assert "parallel-blocked-end" in events
    assert view(state)["streets"]["11-15"] == ["red", "blue", "yellow"]
    assert refused(state, "red: add 15-20").rule == "bus.expand.empty-street"  # yellow's, 15 has empty streets
    state, _ = play(state, "red: add 15-12")
    assert view(state, "red")["ends"] == [2, 12]


def test_all_ends_setting_needs_every_end_blocked():
    r = refused(new(BLOCKED, parallel_when_blocked="all-ends"), "red: add 11-15")
    assert r.rule == "bus.expand.blocked-end"
    assert view(new(BLOCKED, parallel_when_blocked="all-ends"), "red")["legal"] == ["2-1", "2-3", "2-6"]


def test_all_ends_setting_allows_parallel_when_a_circle_sits_on_a_blocked_crossing():
    setup = {"players": {"red": {"line": "12-7-11-15-12"}, "blue": {"line": "8-12-16"}}}
    state = new(setup, parallel_when_blocked="all-ends")
    assert view(state, "red")["circle"] == 12
    assert view(state, "red")["legal"] == ["12-8", "12-16"]


# red and blue both end at 14; blue arrived along 6-14.
HEAD = {"players": {"red": {"line": "18-13-14"}, "blue": {"line": "2-6-14"}, "yellow": {"line": "10-14-20"}}}


def test_head_to_head_allows_the_other_players_end_street_even_with_empty_streets_left():
    state, events = play(new(HEAD), "red: add 14-6")
    assert "parallel-head-to-head" in events
    assert view(state)["streets"]["6-14"] == ["red", "blue"]
    # at 6 the ends no longer meet: blue's line passes through 6, so 6-2 is closed to red
    assert refused(state, "red: add 6-2").rule == "bus.expand.empty-street"


def test_a_line_passing_through_the_crossing_gives_no_head_to_head():
    assert refused(new(HEAD), "red: add 14-20").rule == "bus.expand.empty-street"  # yellow passes 14


def test_two_lines_on_the_street_must_both_end_at_the_crossing():
    both = {"players": {"red": {"line": "18-13-14"}, "blue": {"line": "2-6-14"}, "yellow": {"line": "5-6-14"}}}
    state, _ = play(new(both), "red: add 14-6")
    assert view(state)["streets"]["6-14"] == ["red", "blue", "yellow"]
    one_passes = {"players": {"red": {"line": "18-13-14"}, "blue": {"line": "2-6-14"}, "yellow": {"line": "5-6-14-20"}}}
    assert refused(new(one_passes), "red: add 14-6").rule == "bus.expand.head-to-head"


def test_closing_a_circle_the_player_chooses_the_crossing():
    setup = {"players": {"purple": {"line": "11-14-20-15"}}}
    at_11, events = play(new(setup), "purple: add 15-11")
    assert view(at_11, "purple")["ends"] == [11, 11] and view(at_11, "purple")["circle"] == 11
    assert "circle-closed" in events
    assert view(at_11, "purple")["legal"] == ["11-7"]
    at_15, _ = play(new(setup), "purple: add 11-15")
    assert view(at_15, "purple")["circle"] == 15
    assert view(at_15, "purple")["legal"] == ["15-12", "15-21", "15-24"]


def test_after_a_circle_both_directions_leave_from_its_crossing():
    setup = {"players": {"purple": {"line": "15-11-14-20-15"}}}
    state, _ = play(new(setup), "purple: add 15-12")
    assert view(state, "purple")["ends"] == [12, 15] and view(state, "purple")["circle"] is None
    state, _ = play(state, "purple: add 15-24")
    assert view(state, "purple")["ends"] == [12, 24]


def test_running_into_the_middle_of_your_own_line_makes_a_six():
    setup = {"players": {"red": {"line": "6-14-20-15-11"}}}
    state, events = play(new(setup), "red: add 11-14")
    assert "line-into-itself" in events
    assert view(state, "red")["ends"] == [6, 14]
    assert view(state, "red")["legal"] == ["6-2", "6-5", "6-7", "14-10", "14-13", "14-19"]


def test_a_line_with_no_legal_street_loses_the_rest_of_its_turn():
    setup = {"players": {"red": {"line": "0-1-5-10-0", "buses": 3}, "blue": {"line": "14-20"}}, "spaces": ["red", "blue"]}
    state = new(setup)
    assert view(state, "red")["legal"] == []
    v = view(state)
    assert v["expansion"]["counts"] == {"A": 3, "B": 2}
    assert v["turn"] == "blue"
    state, events = play(state, "blue: add 20-24", "blue: add 24-28")
    assert events[-2:] == ["line-stuck", "line-expansion-over"]
    assert view(state)["phase"] == "over"


def test_spaces_resolve_from_the_last_and_empty_spaces_are_wasted():
    setup = {"players": {"ann": {"line": "13-14", "buses": 2}, "bob": {"line": "20-24"}, "cat": {"line": "8-16"}},
             "spaces": ["ann", "bob", "cat"]}
    state = new(setup)
    v = view(state)
    assert v["expansion"]["counts"] == {"A": 2, "B": 1, "C": 0}
    assert v["turn"] == "bob" and v["expansion"]["resolving"] == "B"
    assert refused(state, "ann: add 14-19").rule == "bus.expansion.order"
    state, events = play(state, "bob: add 24-29")
    assert events == ["street-added", "space-resolves"]
    assert view(state)["turn"] == "ann"
    state, events = play(state, "ann: add 14-19", "ann: add 13-18")
    assert events[-1] == "line-expansion-over"
    assert refused(state, "ann: add 19-22").rule == "bus.expansion.order"


def test_five_player_setting_adds_a_street_per_space():
    players = {n: {"line": line} for n, line in
               zip(["a", "b", "c", "d", "e"], ["13-14", "20-24", "8-16", "0-1", "30-26"])}
    plain = view(new({"players": players, "spaces": ["a", "b"]}))
    extra = view(new({"players": players, "spaces": ["a", "b"]}, five_player_extra_street=True))
    assert plain["expansion"]["counts"] == {"A": 1, "B": 0}
    assert extra["expansion"]["counts"] == {"A": 2, "B": 1}
    four = dict(list(players.items())[:4])
    assert view(new({"players": four, "spaces": ["a"]}, five_player_extra_street=True))["expansion"]["counts"] == {"A": 1}


def test_setup_placements_share_streets_then_go_round_in_reverse():
    state = new({"players": ["red", "blue", "yellow"], "phase": "setup"})
    assert view(state)["turn"] == "red"
    assert refused(state, "blue: place 14-20").rule == "bus.setup.order"
    assert refused(state, "red: add 14-20").rule == "bus.setup.first-marker"
    state, events = play(state, "red: place 14-20", "blue: place 20-14", "yellow: place 8-16")
    assert "first-markers-placed" in events
    assert view(state)["streets"]["14-20"] == ["red", "blue"]
    assert view(state)["turn"] == "yellow"
    assert refused(state, "yellow: place 7-8").rule == "bus.setup.first-marker"
    state, _ = play(state, "yellow: add 16-17")
    # blue's second marker follows the normal rules: 14-20 is red's too, but red's end is at 20
    assert refused(state, "red: add 20-24").rule == "bus.setup.order"
    state, events = play(state, "blue: add 20-24", "red: add 14-13")
    assert events[-1] == "setup-done"
    assert view(state)["phase"] == "free"
    assert view(state, "red")["route"] == [13, 14, 20]


@pytest.mark.parametrize("route, shown", [([20, 14, 13], [13, 14, 20]), ([15, 20, 14, 11, 15], [15, 11, 14, 20, 15])])
def test_route_is_shown_from_the_smaller_end(route, shown):
    assert view(new({"players": {"red": {"line": route}}}), "red")["route"] == shown


def test_a_bus_bought_this_round_arrives_after_line_expansion():
    setup = {"players": {"red": {"line": "13-14", "buses": 2}, "blue": {"line": "20-24"}},
             "spaces": ["blue", "red"], "buys_bus": "red"}
    state = new(setup)
    assert view(state)["expansion"]["counts"] == {"A": 2, "B": 1}
    state, events = play(state, "red: add 14-19", "blue: add 24-29")
    assert view(state)["most_buses"] == 2  # blue's second street is still owed under M = 2
    state, events = play(state, "blue: add 29-34")
    assert events[-2:] == ["line-expansion-over", "bus-bought"]
    assert view(state, "red")["buses"] == 3
    assert view(state)["expansion"]["counts"] == {"A": 2, "B": 1}  # as they were when carried out


def test_no_sixth_bus():
    setup = {"players": {"red": {"line": "13-14", "buses": 5}}, "spaces": ["red"], "buys_bus": "red"}
    state, events = play(new(setup), *[f"red: add {m}" for m in ("14-19", "19-22", "22-26", "26-30", "30-27")])
    assert "bus-bought" not in events and view(state, "red")["buses"] == 5
