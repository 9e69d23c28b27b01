"""Connection runs on the printed map: eligibility (rule 1870.connection.eligible: one of the
corporation's trains could run a route from its home token to its destination over the track on
the map) and the home-to-destination run that a connection run must include (rule
1870.connection.run). Routes themselves are read, checked and valued by ``routes`` and
``hexroutes``; a run is kept as ``(train, path)`` with the path the hexes it passes through.
"""
from __future__ import annotations

from engine.games.g1870 import hexroutes, routes, track as printed


def read_path(text: str, where: str | None = None) -> tuple[str, ...]:
    """A route as written: the hexes it passes through (``J5-J7-K8``), each checked."""
    return tuple(printed.hex_label(part, where) for part in str(text).split("-"))


def joins(sym: str, path) -> bool:
    """Whether a route on the map has the corporation's home at one end and its destination at
    the other."""
    return {path[0], path[-1]} == {printed.homes().get(sym), printed.destinations().get(sym)}


def _home_routes(state, sym: str, distance: int, g, ctx) -> list:
    """Every route of at most ``distance`` stops from ``sym``'s home token to its destination."""
    home = printed.homes().get(sym)
    return [r for r in hexroutes.all_routes(g, ctx, distance)
            if joins(sym, r.hexes) and any(s[0] == home and s in ctx.tokened for s in (r.stops[0], r.stops[-1]))]


def joining_path(state, sym: str) -> tuple[str, ...] | None:
    """The hexes of a route one of ``sym``'s trains could run from its home token to its
    destination, or None: its longest train must count every stop on the way (rule 1870.connection.length)."""
    trains = state.corporations[sym].trains
    if not trains:
        return None
    g, ctx = hexroutes.graph(state.track), hexroutes.context(state, sym)
    found = _home_routes(state, sym, max(routes.train_length(t) for t in trains), g, ctx)
    return found[0].hexes if found else None


def still_possible(state, sym: str, runs: list) -> bool:
    """Whether the connection run can still end legally: a train already ran home to destination,
    or a train not yet run can, sharing no track with the routes already run."""
    if any(joins(sym, p) for _, p in runs):
        return True
    left = list(state.corporations[sym].trains)
    for train, _ in runs:
        left.remove(train)
    g, ctx = hexroutes.graph(state.track), hexroutes.context(state, sym)
    used = 0
    for _, path in runs:
        used |= hexroutes.read(g, tuple(path)).mask
    return any(not route.mask & used for train in dict.fromkeys(left)
               for route in _home_routes(state, sym, routes.train_length(train), g, ctx))
