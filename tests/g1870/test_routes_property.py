"""Random small networks: the route rules, the best-route search against brute force, and the
one-connection-run-per-game rule under random play."""
import itertools

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from rulewright.game import Refusal, step
from engine.games.g1870 import network, routes
from tests.g1870.helpers import GAME, start

# A corner of the map around Dallas (TP's home) and Houston, small enough for brute force.
REGION = sorted(link for link in network.links()
                if set(network.link_ends(link)) <= {"Dallas", "Fort Worth", "Houston", "Austin", "Galveston",
                                                     "Alexandria", "Southwest", "Oklahoma City", "Little Rock"})
TRAINS = ["2", "3", "4"]


@st.composite
def positions(draw):
    """A phase-3 operating round with TP to act: some track, some tokens of others, TP's trains."""
    track = draw(st.lists(st.sampled_from(REGION), min_size=1, max_size=8, unique=True))
    trains = draw(st.lists(st.sampled_from(TRAINS), min_size=1, max_size=3))
    others = draw(st.lists(st.sampled_from(["Houston", "Fort Worth", "Alexandria", "Little Rock"]), max_size=2,
                           unique=True))
    state = start({"phase": 3, "round": "operating", "turn": "TP",
                   "corporations": {"TP": {"trains": trains}, "SP": {"trains": []}},
                   "track": {link: "TP" for link in track},
                   "tokens": {city: ["SP"] for city in others}})
    return state


def obeys_rules(state, sym, train, path) -> bool:
    """The route rules, written out again independently of ``routes.check``."""
    tokens = state.net.tokens
    def blocked(city):
        slots = network.stations()[city]["slots"]
        return sym not in tokens.get(city, []) and slots > 0 and len(tokens.get(city, [])) >= slots
    return (2 <= len(path) <= int(train) and len(set(path)) == len(path)
            and all(network.key(a, b) in state.net.track for a, b in zip(path, path[1:]))
            and any(sym in tokens.get(s, []) for s in path)
            and not any(network.is_offboard(s) or blocked(s) for s in path[1:-1]))


def accepted(state, sym, train, path) -> bool:
    try:
        routes.check(state, sym, train, path)
    except Refusal as refusal:
        assert refusal.rule.startswith("1870.route."), refusal.rule
        return False
    return True


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.data())
def test_accepted_routes_obey_the_rules(state, data):
    for train in TRAINS:
        for path in routes.legal_paths(state, "TP", int(train)):
            assert obeys_rules(state, "TP", train, path), path
    # and any sequence of stations is accepted exactly when it obeys the rules
    stations = sorted({s for link in state.net.track for s in network.link_ends(link)})
    for _ in range(20):
        if data.draw(st.booleans()):  # any stations at all
            path = tuple(data.draw(st.lists(st.sampled_from(stations), min_size=1, max_size=5)))
        else:  # a walk along laid track, which often is a legal route
            path = (data.draw(st.sampled_from(stations)),)
            for _ in range(data.draw(st.integers(1, 4))):
                path += (data.draw(st.sampled_from(network.neighbours(state.net, path[-1]))),)
        train = data.draw(st.sampled_from(TRAINS))
        assert accepted(state, "TP", train, path) == obeys_rules(state, "TP", train, path), (train, path)
        if obeys_rules(state, "TP", train, path):  # and the listing (which the best search uses) has it
            assert min(path, path[::-1]) in routes.legal_paths(state, "TP", int(train)), (train, path)


def brute_force(state, sym, trains, must_join=None):
    options = [[None, *routes.legal_paths(state, sym, int(t))] for t in trains]
    best = None
    for combo in itertools.product(*options):
        chosen = [p for p in combo if p]
        edges = [e for p in chosen for e in routes.edges(p)]
        if len(edges) != len(set(edges)):
            continue
        if must_join and not any({p[0], p[-1]} == set(must_join) for p in chosen):
            continue
        worth = sum(routes.value(state, sym, p) for p in chosen)
        best = worth if best is None else max(best, worth)
    return best


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from([None, ("Dallas", "Houston"), ("Dallas", "Southwest")]))
def test_best_route_search_matches_brute_force(state, join):
    trains = state.corporations["TP"].trains
    total, chosen = routes.best(state, "TP", trains, join)
    assert total == brute_force(state, "TP", trains, join)
    if total is not None:  # the routes it names are legal together and worth what it says
        runs = []
        for train, path in chosen:
            routes.run(state, "TP", train, path, runs)
        assert routes.total(state, "TP", runs) == total


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # shrinking a long random game takes minutes
@given(st.lists(st.sampled_from(REGION), max_size=6, unique=True), st.booleans(), st.booleans(),
       st.randoms(use_true_random=False))
def test_a_corporation_never_makes_two_connection_runs_and_play_never_stalls(extra, joined, two_trains, rnd):
    """TP (Dallas to New Orleans) is one link short of its destination, or already joined. With a
    second train it could once run that train and then its 4-train elsewhere, leaving no way to
    finish the connection run: play must always have a legal action until the round ends."""
    track = ["Dallas-Alexandria", "Alexandria-Baton Rouge", *extra] + (["Baton Rouge-New Orleans"] if joined else [])
    tp_trains = ["4", "2"] if two_trains else ["4"]
    state = start({"phase": 3, "round": "operating", "turn": "SP",
                   "corporations": {"TP": {"trains": tp_trains, "cash": 900}, "SP": {"trains": ["4"], "cash": 900}},
                   "track": {link: "TP" for link in track}})
    started = []
    for _ in range(60):
        if state.round != "operating" or state.game_over:
            break
        legal = GAME.legal_actions(state)
        assert legal, f"play stalled with nothing legal (connection run: {state.net.current})"
        ending = [a for a in legal if a.verb in ("done", "pay", "withhold", "dest", "lay")]
        act = rnd.choice(ending if ending and rnd.random() < 0.7 else legal)
        outcome = step(GAME, state, act)
        state = outcome.state
        started += [e.data["corporation"] for e in outcome.events if e.name == "connection-run-started"]
    assert len(started) == len(set(started)), started
    assert set(started) <= set(state.net.history) | ({state.net.current["corp"]} if state.net.current else set())
