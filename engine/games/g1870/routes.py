"""Routes: which runs a train may make, what they are worth, and the best set of runs.

A route is the list of stations a train visits, in order. Every station on it is a stop (1870
has no skipping), so an N-train's route has at most N stations.
"""
from __future__ import annotations

from rulewright.game import Event, Refusal
from engine.games.g1870 import hexroutes, network, track
from engine.games.g1870.network import key


def edges(path) -> set[str]:
    return {key(a, b) for a, b in zip(path, path[1:])}


def train_length(train: str) -> int:
    return int(train)


def on_map(path) -> bool:
    """Whether ``path`` is a route on the printed map (hexes, ``E12-D11-C10-B11``) rather than on
    the station graph (stations, ``Dallas-Houston``)."""
    return bool(path) and track.is_hex_label(path[0])


def check(state, sym: str, train: str, path: tuple[str, ...], others=()) -> None:
    """Refuse ``path`` for one of ``sym``'s ``train`` if it breaks a route rule. ``others`` are
    the routes its other trains already run this time (they may share no track)."""
    if on_map(path):
        g = hexroutes.graph(state.track)
        used = 0
        for other in others:
            if on_map(other):
                used |= hexroutes.read(g, tuple(other)).mask
        hexroutes.check(g, hexroutes.read(g, tuple(path)), hexroutes.context(state, sym), train_length(train), used)
        return
    net = state.net
    if len(path) < 2:
        raise Refusal("1870.route.length", "A route needs at least two stops.")
    if len(path) > train_length(train):
        raise Refusal("1870.route.length", f"A {train}-train counts at most {train} stops; this route has "
                                           f"{len(path)}, and every station on it is a stop.")
    twice = next((s for s in path if path.count(s) > 1), None)
    if twice:
        raise Refusal("1870.route.city-once", f"The route visits {twice} twice.")
    for a, b in zip(path, path[1:]):
        if key(a, b) not in net.track:
            raise Refusal("1870.route.track", f"There is no track between {a} and {b}.")
    if not any(sym in net.tokens.get(s, []) for s in path):
        raise Refusal("1870.route.token", f"The route must include a station with one of {sym}'s tokens.")
    for s in path[1:-1]:
        if network.is_offboard(s):
            raise Refusal("1870.route.offboard", f"{s} is an off-board area: a route may end there but not "
                                                 "pass through it.")
        if network.blocks(state, s, sym):
            raise Refusal("1870.route.blocked", f"{s} is full of other corporations' tokens; {sym}'s trains "
                                                "cannot pass through it.")
    shared = edges(path) & set().union(*[edges(p) for p in others]) if others else set()
    if shared:
        raise Refusal("1870.route.shared", f"{sym}'s trains may not share track; "
                                           f"{', '.join(sorted(shared))} is already used by another train.")


def doubles_destination(state, sym: str) -> bool:
    """Whether ``sym``'s destination counts twice at a route's end now: only once its destination
    token went on its destination (and in its connection run only as the setting says)."""
    if state.net.destination.get(sym) != "map":
        return False
    in_run = state.net.current is not None and state.net.current["corp"] == sym
    return not (in_run and not state.settings["double_in_connection_run"])


def doubled(state, sym: str, path) -> str | None:
    """The destination stop counted twice on this route, if any: only for a corporation whose
    destination token went on its destination, and only when the route starts or ends there."""
    if not doubles_destination(state, sym):
        return None
    dest = network.destination(sym)
    return dest if dest in (path[0], path[-1]) else None


def value(state, sym: str, path) -> int:
    if on_map(path):
        g = hexroutes.graph(state.track)
        return hexroutes.revenue(g, hexroutes.read(g, tuple(path)), hexroutes.context(state, sym))
    total = sum(network.value(s, state.phase) for s in path)
    bonus = doubled(state, sym, path)
    return total + (network.value(bonus, state.phase) if bonus else 0)


def legal_paths(state, sym: str, length: int) -> list[tuple[str, ...]]:
    """Every route of at most ``length`` stops that ``sym`` may run (each once, in one direction)."""
    found = set()
    start = network.reach(state, sym)

    def walk(path):
        if len(path) >= 2 and any(sym in state.net.tokens.get(s, []) for s in path):
            found.add(min(path, path[::-1]))
        here = path[-1]
        if len(path) == length or (len(path) > 1 and (network.is_offboard(here) or network.blocks(state, here, sym))):
            return
        for nxt in network.neighbours(state.net, here):
            if nxt not in path:
                walk(path + (nxt,))

    for s in sorted(start):
        walk((s,))
    return sorted(found)


def best(state, sym: str, trains: list[str], must_join: tuple[str, str] | None = None):
    """The most valuable set of routes, one or none per train, sharing no track: (total, routes)
    with routes a list of (train, path). ``must_join`` (home, destination) asks that one route
    runs between the two; when none can, the total is None. Branch and bound: longest trains first, a bound from each remaining
    train's best single route."""
    trains = sorted(trains, key=train_length, reverse=True)
    options = [[(value(state, sym, p), p) for p in legal_paths(state, sym, train_length(t))] for t in trains]
    for opts in options:
        opts.sort(reverse=True)
    tops = [opts[0][0] if opts else 0 for opts in options]
    result = [-1, []]

    def joins(path):
        return must_join is not None and {path[0], path[-1]} == set(must_join)

    def search(i, used, total, chosen, joined):
        if total + sum(tops[i:]) <= result[0]:
            return
        if i == len(trains):
            if must_join is None or joined:
                if total > result[0]:
                    result[0], result[1] = total, list(chosen)
            return
        for worth, path in options[i]:
            e = edges(path)
            if e & used:
                continue
            chosen.append((trains[i], path))
            search(i + 1, used | e, total + worth, chosen, joined or joins(path))
            chosen.pop()
        search(i + 1, used, total, chosen, joined)

    search(0, frozenset(), 0, [], False)
    return (result[0], result[1]) if result[0] >= 0 else (None, [])


def fmt(path) -> str:
    return "-".join(path)


def routes_on_map(state, sym: str, train: str, most: int) -> list[str]:
    """The ``most`` most valuable routes ``sym``'s ``train`` could run on the printed map now,
    written as their hexes."""
    g = hexroutes.graph(state.track)
    search = hexroutes._Search(g, hexroutes.context(state, sym))
    return [search.route(mask, made).text() for _, mask, made in search.routes(train_length(train), 1)[:most]]


def best_on_map(state, sym: str, trains: list[str]) -> tuple[int, list[tuple[str, str]]]:
    """The most ``sym``'s ``trains`` can earn on the printed map now, and the routes that earn it
    as (train, route written as its hexes): exact (``hexroutes.best_routes``)."""
    g = hexroutes.graph(state.track)
    worth, chosen = hexroutes.best_routes(g, hexroutes.context(state, sym), [train_length(t) for t in trains])
    return worth, [(trains[i], route.text()) for i, route in chosen]


# ---- running trains (in a turn or a connection run) ------------------------------------------

def run_check(state, sym: str, train: str, path: tuple[str, ...], runs: list) -> None:
    """``run``'s refusals, in its order, changing nothing."""
    corp = state.corporations[sym]
    used = [t for t, _ in runs].count(train)
    if corp.trains.count(train) <= used:
        owned = ", ".join(corp.trains) or "none"
        raise Refusal("1870.route.train", f"{sym} has no {train}-train left to run (its trains: {owned}; each "
                                          "runs once).")
    check(state, sym, train, path, [p for _, p in runs])


def run(state, sym: str, train: str, path: tuple[str, ...], runs: list) -> list:
    """Add one train's route to ``runs`` (this turn's or the connection run's), after the checks."""
    run_check(state, sym, train, path, runs)
    runs.append((train, path))
    worth = value(state, sym, path)
    details = {"corporation": sym, "train": train, "route": fmt(path), "value": worth}
    if not on_map(path) and doubled(state, sym, path):
        details["doubled"] = doubled(state, sym, path)
    return [Event("train-ran", details)]


def total(state, sym: str, runs) -> int:
    return sum(value(state, sym, p) for _, p in runs)


def revenue(state, sym: str, runs, stated: int | None) -> int:
    """The revenue to pay: the routes' total. A stated amount must match it; with no routes run,
    a stated amount is taken as it is (the stock-market chapter states revenues)."""
    if not runs:
        return stated or 0
    worth = total(state, sym, runs)
    if stated is not None and stated != worth:
        raise Refusal("1870.route.value", f"{sym}'s routes are worth ${worth}, not ${stated}: "
                                          + "; ".join(f"{t}-train {fmt(p)} ${value(state, sym, p)}" for t, p in runs)
                                          + ".")
    return worth
