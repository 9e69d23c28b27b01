"""Routes on the printed map: which runs a train may make, what they are worth, and the best set of
runs. A route is written as the hexes it passes through, in order (``J5-J7-K8``); ``hexroutes``
reads it into track and stops, checks it and values it.
"""
from __future__ import annotations

from rulewright.game import Event, Refusal
from engine.games.g1870 import data, hexroutes, track


def train_length(train: str) -> int:
    """The stops a train counts: its name (a 4-train counts four), or the distance its table gives
    (the D-train of the diesel variant counts every stop)."""
    spec = next((t for t in data.every_train() if t["name"] == train), {})
    return int(spec.get("distance", train))


def on_map(path) -> bool:
    """Whether ``path`` is written as hexes (``E12-D11-C10-B11``), as every route is."""
    return bool(path) and track.is_hex_label(path[0])


def check(state, sym: str, train: str, path: tuple[str, ...], others=()) -> None:
    """Refuse ``path`` for one of ``sym``'s ``train`` if it breaks a route rule. ``others`` are
    the routes its other trains already run this time (they may share no track)."""
    g = hexroutes.graph(state.track)
    used = 0
    for other in others:
        used |= hexroutes.read(g, tuple(other)).mask
    hexroutes.check(g, hexroutes.read(g, tuple(path)), hexroutes.context(state, sym), train_length(train), used)


def value(state, sym: str, path) -> int:
    g = hexroutes.graph(state.track)
    return hexroutes.revenue(g, hexroutes.read(g, tuple(path)), hexroutes.context(state, sym))


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
    as (train, route written as its hexes): exact (``hexroutes.best_routes``). Worked out once per
    track, context and trains (kept with the track's graph): the view asks it of every corporation
    at every position an example reads."""
    g = hexroutes.graph(state.track)
    key = ("best", hexroutes.context(state, sym), tuple(train_length(t) for t in trains))
    if key not in g.memo:
        g.memo[key] = hexroutes.best_routes(g, key[1], list(key[2]))
    worth, chosen = g.memo[key]
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
    return [Event("train-ran", {"corporation": sym, "train": train, "route": fmt(path), "value": worth})]


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
