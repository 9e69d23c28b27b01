"""Properties over random games: play legal actions from both presets and check what must always
hold. Bounded (the machine is shared)."""
import copy
import itertools

from hypothesis import given, settings, strategies as st

from rulewright.game import Refusal
from engine.games.muck_and_brass.actions import Expand
from engine.games.muck_and_brass.state import network
from tests.muck_and_brass.helpers import GAME, make

SETTINGS = st.fixed_dictionaries({
    "plurality_ties": st.booleans(),
    "short_double_cost": st.sampled_from([15, 5]),
    "last_connection": st.sampled_from(["company", "anyone"]),
    "ports_in_city_limits": st.booleans(),
})


def random_game(data, preset: str, chosen: dict, moves: int):
    state = make(preset, settings=chosen)
    history = [state]
    for _ in range(moves):
        legal = GAME.legal_actions(state)
        action = data.draw(st.sampled_from(legal))
        state = copy.deepcopy(state)
        GAME.apply(state, action)
        history.append(state)
    return history


def money(state) -> int:
    return state.bank + sum(c.treasury for c in state.companies.values())


@settings(max_examples=25, deadline=None)
@given(data=st.data(), chosen=SETTINGS, preset=st.sampled_from(["demo", "late"]))
def test_legal_play_keeps_the_invariants(data, chosen, preset):
    history = random_game(data, preset, chosen, moves=6)
    start, end = history[0], history[-1]
    board = end.board
    assert money(end) == money(start)  # money only moves between treasuries and the bank
    built = [link for c in end.companies.values() for link in c.links]
    assert len(built) == len(set(built))  # one builder per link
    ports = [p for c in end.companies.values() for p in c.ports]
    assert len(ports) == len(set(ports))
    for company in end.companies.values():
        before = start.companies[company.code]
        assert company.treasury >= 0
        assert set(before.links) <= set(company.links)  # track is never lost
        new_links = [link for link in company.links if link not in before.links]
        gained = sum(board.cities[c].value for link in new_links for c in board.ends(link))
        assert company.income == before.income + gained  # ports add nothing
        for component in company.components:  # every network is one piece grown from home
            reached, todo = {component.home}, list(component.links)
            while todo:
                step = [link for link in todo if reached & set(board.ends(link))]
                assert step, f"{company.code} has a link cut off from {component.home}"
                todo = [link for link in todo if link not in step]
                reached.update(c for link in step for c in board.ends(link))
        for city in board.cities:  # the city limits hold wherever a company built
            mine = sum(city in board.ends(link) for link in company.links)
            touched = any(city in board.ends(link) for link in new_links)
            if touched and not chosen["ports_in_city_limits"]:
                assert mine <= 3
                degree = len(board.links_at(city))
                built_here = sum(end.owner_of_link(link) is not None for link in board.links_at(city))
                if degree > 2:  # nobody ends up holding (or, read strictly, nobody completes) a busy city
                    assert (mine if chosen["last_connection"] == "company" else built_here) < degree


@settings(max_examples=15, deadline=None)
@given(data=st.data(), preset=st.sampled_from(["demo", "late"]))
def test_legal_actions_are_complete_and_read_back(data, preset):
    """Every legal action reads back from its notation, and no accepted Expand is missing from
    the list (checked against every path of one or two links the board allows)."""
    state = random_game(data, preset, {}, moves=data.draw(st.integers(0, 4)))[-1]
    legal = GAME.legal_actions(state)
    for action in legal:
        assert GAME.parse_action(state, action.actor, action.notation()) == action
    listed = set(legal)
    board = state.board
    player = data.draw(st.sampled_from(sorted(state.players)))
    for code, company in state.companies.items():
        homes = [None] if len(company.components) == 1 else company.homes
        for home, (a, b) in itertools.product(homes, [board.ends(link) for link in board.links.values()]):
            for path, double in [((a, b), False), ((b, a), True), ((a, b), True)]:
                candidate = Expand(player, code, path, double, home)
                try:
                    GAME.apply(copy.deepcopy(state), candidate)
                except Refusal:
                    continue
                assert candidate in listed or Expand(player, code, path[::-1], double, home) in listed


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_double_builds_only_ever_reach_new_cities(data):
    state = make("late")
    doubles = [a for a in GAME.legal_actions(state) if isinstance(a, Expand) and len(a.path) == 3]
    action = data.draw(st.sampled_from(doubles))
    company = state.companies[action.company]
    whole = set().union(*(network(state.board, c) for c in company.components))
    assert action.path[0] in whole and not set(action.path[1:]) & whole
