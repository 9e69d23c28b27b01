"""Rule details the chapter's examples do not pin down: event data, cost arithmetic, the order in
which checks refuse."""
import pytest

from rulewright.game import Refusal
from tests.muck_and_brass.helpers import GAME, make, play


def refused(state, actor, text) -> str:
    with pytest.raises(Refusal) as caught:
        play(state, actor, text)
    return caught.value.rule


def test_a_link_may_be_written_in_either_direction():
    one = play(make("demo"), "ann", "expand LMR Manchester-Liverpool").state
    assert GAME.view(one)["links"] == {"Liverpool-Manchester": "LMR"}


def test_merger_event_names_both_companies_and_the_city():
    events = play(make("late"), "ann", "expand LMR Manchester-Leeds").events
    merger = next(e for e in events if e.name == "merger-triggered")
    assert merger.data == {"company": "LMR", "with": "LSR", "at": "Leeds"}


def test_building_to_a_home_station_of_a_company_not_operating_sets_off_no_merger():
    events = play(make("late"), "bob", "expand SDR Darlington-York").events
    assert [e.name for e in events] == ["link-built"]


def test_no_merger_is_possible_before_the_third_dividend_even_to_a_merged_home():
    state = make("late", general_dividends=2)
    assert refused(state, "ann", "expand LMR Manchester-Leeds") == "mb.expand.no-active-home"


def test_double_build_income_counts_the_middle_city_twice():
    outcome = play(make("late"), "ann", "expand LMR Manchester-Crewe-Chester")
    gains = [e.data["income"] for e in outcome.events if e.name == "link-built"]
    assert gains == [3 + 1, 1 + 1]
    assert outcome.state.companies["LMR"].income == 13 + 6


def test_money_moves_from_treasury_to_bank_and_nowhere_else():
    state = make("late")
    total = state.bank + sum(c.treasury for c in state.companies.values())
    after = play(state, "ann", "expand LMR Liverpool-Dublin").state
    assert after.bank + sum(c.treasury for c in after.companies.values()) == total
    assert after.companies["LMR"].treasury == 40 - 10


def test_unlimited_markers_when_none_are_given():
    state = make("demo", companies={"LMR": {"markers": None}})
    after = play(state, "ann", "expand LMR Liverpool-Manchester").state
    assert after.companies["LMR"].markers is None


@pytest.mark.parametrize("text, rule", [
    # the checks a player meets at the table come first: eligibility before geography
    ("expand LYR Preston-Lancaster", "mb.expand.operating"),
    ("expand SDR Darlington-York", "mb.expand.shareholder"),
    ("expand LMR Leeds-York", "mb.expand.first-link"),
])
def test_choosing_is_checked_before_the_link(text, rule):
    state = make("demo", players={"ann": {"shares": {"LYR": 1}}})
    assert refused(state, "ann", text) == rule


def test_a_port_needs_the_funds_after_its_city():
    state = make("late", companies={"LMR": {"treasury": 9}})
    assert refused(state, "ann", "expand LMR Liverpool-Dublin") == "mb.expand.funds"
    assert play(state, "ann", "expand LMR Liverpool-Douglas").state.companies["LMR"].treasury == 4


def test_last_connection_anyone_reading_ignores_who_owns_the_others():
    links = {"LMR": {"links": ["Liverpool-Manchester"]}, "LSR": {"links": ["Leeds-Sheffield"]}}
    base = dict(companies={**links, "NMR": {"links": ["Derby-Sheffield"]}})
    # Sheffield has three links; two are built by LSR and NMR. LMR would own one of three.
    assert play(make("demo", **base), "ann", "expand LMR Manchester-Sheffield").state
    anyone = make("demo", settings={"last_connection": "anyone"}, **base)
    assert refused(anyone, "ann", "expand LMR Manchester-Sheffield") == "mb.expand.last-connection"


def test_plurality_needs_at_least_one_share_even_with_ties_allowed():
    state = make("late", settings={"plurality_ties": True}, players={"ann": {"shares": {"SDR": 0}}},
                 companies={"SDR": {}})
    assert refused(state, "ann", "expand SDR Newcastle-Carlisle-Lancaster") == "mb.expand.shareholder"


def test_a_busy_city_is_one_with_more_links_than_the_data_says(monkeypatch):
    """The last-connection rule's "more than two links" is data/expand.yaml's busy_city_links, which
    the rule prints: Sheffield's three links make it busy; with the number at three it is not."""
    from rulewright.game import data_file
    from engine.games.muck_and_brass import expand

    assert expand.BUSY_CITY == data_file("engine.games.muck_and_brass", "data/expand.yaml")["busy_city_links"]
    base = dict(companies={"LMR": {"links": ["Liverpool-Manchester"]}, "LSR": {"links": ["Leeds-Sheffield"]},
                           "NMR": {"links": ["Derby-Sheffield"]}}, settings={"last_connection": "anyone"})
    with pytest.raises(Refusal, match=f"more than {expand.BUSY_CITY} links"):
        play(make("demo", **base), "ann", "expand LMR Manchester-Sheffield")
    monkeypatch.setattr(expand, "BUSY_CITY", 3)
    assert play(make("demo", **base), "ann", "expand LMR Manchester-Sheffield").state
