"""Properties of the map's track and routes, on random tiles around a city: ``best_routes`` equals
what trying every set of routes finds, its routes pass the route check and are read back from
their hexes, and an upgrade the engine accepts keeps every path of the tile it replaces."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulewright.game import Refusal
from rulewright.game.hexes import distance
from engine.games.g1870 import hexroutes, track
from engine.games.g1870.hexmap import keeps_track
from tests.g1870.helpers import play, start

BOARD = track.board()
CENTRES = ["H13", "J5", "K16", "E12", "M6"]


def region(centre: str) -> list[str]:
    at = BOARD.hexes[centre].at
    return sorted(h for h, x in BOARD.hexes.items() if distance(at, x.at) <= 3 and not x.offboard)


def tiles_for(label: str) -> list[str]:
    counts = BOARD.hexes[label].stations and (
        sum(s.kind == "city" for s in BOARD.hexes[label].stations),
        sum(s.kind == "town" for s in BOARD.hexes[label].stations))
    return sorted(n for n, t in BOARD.tiles.items() if t.station_counts() == (counts or (0, 0)) and not t.label)


@st.composite
def positions(draw):
    """Track grown from a city: each new tile is turned so that it joins a side of track already
    laid, so most positions have routes to find."""
    centre = draw(st.sampled_from(CENTRES))
    area = set(region(centre))
    t = track.Track()
    t.tiles[centre] = (draw(st.sampled_from(tiles_for(centre))), draw(st.integers(0, 5)))
    for _ in range(draw(st.integers(4, 24))):
        open_sides = sorted((label, side, other) for label in t.tiles
                            for side in {e for p in hexroutes.hex_paths(t, label) for e in p[1:] if e < 6}
                            for other in [BOARD.neighbours(label)[side]] if other in area and other not in t.tiles)
        if not open_sides:
            break
        label, side, other = draw(st.sampled_from(open_sides))
        number = draw(st.sampled_from(tiles_for(other)))
        turns = [r for r in range(6) if (side + 3) % 6 in {(x + r) % 6 for x in BOARD.tiles[number].sides()}]
        t.tiles[other] = (number, draw(st.sampled_from(turns)))
    g = hexroutes.graph(t)
    cities = sorted(n for n, s in g.stations.items() if s.kind == "city" and n[0] != centre)
    blocked = frozenset(draw(st.lists(st.sampled_from(cities), max_size=2))) if cities else frozenset()
    home = next(n for n, s in g.stations.items() if n[0] == centre and s.kind == "city")
    extras = ((centre, 10),) if draw(st.booleans()) else ()
    double = draw(st.sampled_from([None, *[c[0] for c in cities]])) if cities else None
    ctx = hexroutes.Context("MP", draw(st.integers(1, 8)), frozenset([home]), blocked, extras, double)
    trains = draw(st.lists(st.integers(2, 5), min_size=1, max_size=3))
    return g, ctx, trains


def every_route(g, ctx, longest):
    """Every legal route, by walking from every station without any pruning."""
    links = hexroutes._links(g)
    found = {}

    def walk(stops, mask, hexes):
        if len(stops) >= 2 and any(s in ctx.tokened for s in stops):
            found.setdefault(mask, hexroutes.Route(tuple(stops), mask, hexes))
        if len(stops) == longest or (len(stops) > 1 and (g.stations[stops[-1]].kind == "offboard"
                                                         or stops[-1] in ctx.blocked)):
            return
        for there, bits, more in links.get(stops[-1], ()):
            if not bits & mask and there not in stops:
                walk(stops + [there], mask | bits, hexes + more)

    for node in g.stations:
        walk([node], 0, (node[0],))
    return list(found.values())


def best_by_trying_all(g, ctx, trains):
    routes = [(hexroutes.revenue(g, r, ctx), r) for r in every_route(g, ctx, max(trains))]

    def best(i, used):
        if i == len(trains):
            return 0
        top = best(i + 1, used)  # this train runs nothing
        for worth, r in routes:
            if len(r.stops) <= trains[i] and not r.mask & used:
                top = max(top, worth + best(i + 1, used | r.mask))
        return top

    return best(0, 0), routes


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_best_routes_is_exact_and_its_routes_are_legal(position):
    g, ctx, trains = position
    worth, chosen = hexroutes.best_routes(g, ctx, trains)
    expected, routes = best_by_trying_all(g, ctx, trains)
    assert worth == expected
    used = 0
    for index, route in chosen:
        again = hexroutes.read(g, route.hexes)  # its notation reads back as the same route
        assert again.stops == route.stops and again.mask == route.mask
        hexroutes.check(g, again, ctx, trains[index], used)
        used |= again.mask
    assert sum(hexroutes.revenue(g, r, ctx) for _, r in chosen) == worth
    for _, route in routes[:20]:  # every legal route found by trying them all is accepted by the check
        hexroutes.check(g, hexroutes.read(g, route.hexes), ctx, max(trains))


UPGRADES = [(old, new) for old in ("7", "8", "9") for new in BOARD.upgrades[old]]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(UPGRADES), st.integers(0, 5), st.integers(0, 5))
def test_an_accepted_upgrade_keeps_every_path(upgrade, old_turns, new_turns):
    old, new = upgrade
    state = start({"hexes": {"N3": {"tile": int(old), "rotated": old_turns}}}, preset="bare")
    before = set(hexroutes.tile_paths("N3", old, old_turns))
    after = set(hexroutes.tile_paths("N3", new, new_turns))
    try:
        play(state, f"SP: lay {new} on N3" + (f" rotated {new_turns}" if new_turns else ""))
    except Refusal as refusal:
        if refusal.rule == "1870.track.upgrade":
            assert not before <= after
        return
    assert before <= after
    assert keeps_track(BOARD.tiles[old], BOARD.tiles[new]) is not None


@pytest.mark.parametrize("centre", CENTRES)
def test_a_region_has_tiles_for_every_hex_kind(centre):
    assert all(tiles_for(label) for label in region(centre))
