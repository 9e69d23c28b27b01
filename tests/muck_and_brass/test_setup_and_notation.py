"""Bad setups and bad notation are InputErrors whose message says what to fix."""
import pytest

from rulewright.game import InputError, Refusal
from engine.games.muck_and_brass.actions import Expand, GeneralDividend
from tests.muck_and_brass.helpers import GAME, make, play


def error(fn, *args, **kwargs) -> InputError:
    with pytest.raises(InputError) as caught:
        fn(*args, **kwargs)
    return caught.value


def test_presets_describe_the_documented_positions():
    demo, late = make("demo"), make("late")
    assert demo.general_dividends == 0 and late.general_dividends == 3
    assert "NMR" not in late.companies  # merged away into the LNWR
    assert late.companies["LNWR"].homes == ["Birmingham", "Derby"]
    assert GAME.view(late)["companies"]["LMR"]["income"] == 13


def test_preset_incomes_match_their_links():
    """The late preset states incomes; they must equal the values at the ends of its links."""
    state = make("late")
    for company in state.companies.values():
        expected = sum(state.board.cities[c].value for link in company.links for c in state.board.ends(link))
        assert company.income == expected, company.code


@pytest.mark.parametrize("overrides, where, words", [
    ({"companies": {"LMR": {"links": ["Leeds-York"]}}}, "companies.LMR.links", "do not connect"),
    ({"companies": {"LMR": {"links": ["Liverpool-Leeds"]}}}, "companies.LMR.links.0", "not a link"),
    ({"companies": {"LMR": {"treasury": -1}}}, "companies.LMR.treasury", "whole number"),
    ({"companies": {"LMR": {"tresury": 3}}}, "companies.LMR.tresury", "treasury"),
    ({"companies": {"XYZ": {"treasury": 3}}}, "companies.XYZ", "home station"),
    ({"companies": {"SDR": {"links": ["Darlington-York"]}, "NER": {"active": True, "links": ["Darlington-York"]}}},
     "companies.NER", "both"),
    ({"players": {"ann": {"shares": {"LMX": 1}}}}, "players.ann.shares.LMX", "LMR"),
    ({"general_dividend": 3}, "general_dividend", "general_dividends"),
    ({"ports": {"Dublin": {"city": "Dubln", "price": 10}}}, "ports.Dublin.city", "Dublin"),
])
def test_bad_setups_name_the_key_and_the_fix(overrides, where, words):
    problem = error(make, "demo", **overrides)
    assert problem.where == where
    assert words in problem.message


def test_city_names_must_be_single_words():
    problem = error(make, None, cities={"Newcastle-upon-Tyne": {"value": 3}})
    assert "single words" in problem.message


def test_a_setup_without_a_board_says_how_to_get_one():
    assert "preset: demo" in error(make, None, companies={}).message


@pytest.mark.parametrize("actor, text, words", [
    ("ann", "build LMR Liverpool-Manchester", "not a Muck & Brass action"),
    (None, "expand LMR Liverpool-Manchester", "player first"),
    ("zed", "expand LMR Liverpool-Manchester", "no player called 'zed'"),
    ("ann", "expand LMX Liverpool-Manchester", "Did you mean 'LMR'"),
    ("ann", "expand LMR Liverpool-Manchestr", "Did you mean 'Manchester'"),
    ("ann", "expand LMR Liverpool-Leeds", "Chester, Manchester, Preston; ports: Douglas, Dublin"),
    ("ann", "expand LMR Hull-Dublin", "reached from Liverpool"),
    ("ann", "expand LMR Liverpool-Dublin-Manchester", "cannot be in the middle"),
    ("ann", "expand LMR Liverpool", "two places"),
    ("ann", "expand LMR Liverpool-Manchester-Leeds-York", "two places"),
    ("ann", "expand LMR Liverpool-Manchester please", "does not expect"),
    ("ann", "expand LMR Liverpool - Manchester", "with a dash and no spaces: 'Liverpool-Manchester'"),
    ("ann", "expand LMR Liverpool to Manchester", "with a dash and no spaces: 'Liverpool-Manchester'"),
    ("ann", "expand LMR Liverpool-Manchester, Manchester-Leeds",
     "written as one path of three cities: 'Liverpool-Manchester-Leeds'"),
    ("ann", "expand LMR Liverpool-Manchester Leeds-York", "Liverpool-Manchester and Leeds-York do not meet"),
])
def test_bad_notation_is_explained(actor, text, words):
    assert words in error(GAME.parse_action, make("demo"), actor, text).message


def test_names_are_matched_without_regard_to_capitals():
    action = GAME.parse_action(make("demo"), "ann", "EXPAND lmr liverpool-MANCHESTER")
    assert action == Expand("ann", "LMR", ("Liverpool", "Manchester"), False, None)


def test_notation_reads_back_to_the_same_action():
    state = make("late")
    for text in ["expand LMR Preston-Lancaster-Carlisle", "expand LNWR double London-Nottingham for Derby",
                 "expand LMR Liverpool-Dublin", "general dividend"]:
        action = GAME.parse_action(state, "ann", text)
        assert action.notation() == text
        assert GAME.parse_action(state, "ann", action.notation()) == action
    assert isinstance(GAME.parse_action(state, None, "General Dividend"), GeneralDividend)


def test_a_merged_company_must_say_which_component_when_both_could_build():
    state = make("late", companies={"LNWR": {"links": []}})
    problem = error(play, state, "bob", "expand LNWR Birmingham-London")
    assert "'for Birmingham' or 'for Derby'" in problem.message
    assert "no component with home station Leeds" in error(
        play, state, "bob", "expand LNWR Birmingham-London for Leeds").message


def test_unknown_settings_and_values_are_refused_plainly():
    assert "plurality_ties" in error(GAME.resolve_settings, {"plurality_tie": True}).message
    assert "must be one of 15, 5" in error(GAME.resolve_settings, {"short_double_cost": 10}).message


def test_a_refused_action_leaves_the_state_untouched():
    state = make("demo")
    before = GAME.view(state)
    with pytest.raises(Refusal) as caught:
        play(state, "cat", "expand LMR Liverpool-Manchester")
    assert caught.value.rule == "mb.expand.shareholder"
    assert GAME.view(state) == before


def test_a_double_build_written_past_its_stop_says_how_to_write_it():
    state = make("late", players={"ann": {"shares": {"LNWR": 4}}})
    with pytest.raises(Refusal) as caught:
        play(state, "ann", "expand LNWR Nottingham-London-Birmingham")
    assert caught.value.rule == "mb.expand.double.stops"
    assert "is written 'expand LNWR double Nottingham-London'" in caught.value.reason


def test_a_double_build_has_the_links_the_data_gives(monkeypatch):
    """A double build's links are data (``double_build_links`` in ``data/expand.yaml``, which the
    book prints): the notation reads a path of one place more as a double build."""
    from engine.games.muck_and_brass import actions

    state = make("late")
    assert GAME.parse_action(state, "ann", "expand LMR Preston-Lancaster-Carlisle").double
    monkeypatch.setattr(actions, "DOUBLE_LINKS", 1)
    assert "should be two places" in str(error(GAME.parse_action, state, "ann", "expand LMR Preston-Lancaster-Carlisle"))
