"""Destinations and connection runs (rules section 11).

1. ``eligible``: the corporation can run a train it owns from its home token to its destination,
   long enough to count every stop on the way, both ends included.
2. ``check``: at the end of every corporation's turn in an operating round, and at the start of
   every operating round, the eligible corporations queue for their connection runs: the one whose
   turn just ended first, the others in share-price order. Each is checked again just before its
   run: one that is no longer eligible waits (its run is postponed, not lost).
3. The run itself (the corporation at the head of the queue acts): decide the destination token,
   run trains (one of them home to destination), then pay the income out in full or keep it.
A corporation makes one connection run in a game.
"""
from __future__ import annotations

from rulewright.game import Event, Refusal
from engine.games.g1870 import data, hexruns, holdings, market, operating, rounds, routes, track
from engine.games.g1870.network import destination, home


def eligible(state, sym: str) -> bool:
    corp = state.corporations[sym]
    if corp.closed or corp.par is None or sym in state.net.history or state.round == "over":
        return False
    return hexruns.joining_path(state, sym) is not None


def check(state, first: str | None = None) -> list[Event]:
    """Queue every eligible corporation that is not queued yet; ``first`` (the corporation whose
    turn just ended) goes to the front when it is among them."""
    net = state.net
    waiting = [s for s in rounds.price_order(state) if s not in net.queue and s != (net.current or {}).get("corp")
               and eligible(state, s)]
    if first in waiting:
        waiting.remove(first)
        waiting.insert(0, first)
    net.queue.extend(waiting)
    events = [Event("connection-due", {"corporations": waiting})] if waiting else []
    return events + start_next(state)


def declare(state, sym: str) -> list[Event]:
    """``connect``: the record says ``sym`` has reached its destination (its run follows, as routes
    or as a stated revenue). Only when the game reads connections from the record (setting
    ``connections_from``); otherwise the engine finds them on the map itself."""
    if state.settings["connections_from"] != "record":
        raise Refusal("1870.connection.timing", "The game finds connection runs on the map itself; 'connect' is "
                                                "for replaying a record that says when they happened.")
    corp = state.corporations.get(sym)
    if corp is None or corp.par is None or sym in state.net.history or sym in state.net.queue \
            or (state.net.current or {}).get("corp") == sym:
        raise Refusal("1870.connection.timing", f"{sym} has made its connection run already, or waits for it, "
                                                "or has not started.")
    state.net.queue.append(sym)
    return [Event("connection-due", {"corporations": [sym]})] + start_next(state)


def start_next(state) -> list[Event]:
    net = state.net
    events = []
    while net.current is None and net.queue:
        sym = net.queue.pop(0)
        if state.settings["connections_from"] != "record" and not eligible(state, sym):  # rule 1870.connection.postponed
            events.append(Event("connection-postponed", {"corporation": sym}))
            continue
        net.current = {"corp": sym, "token": None, "runs": []}
        events.append(Event("connection-run-started", {"corporation": sym, "destination": destination(sym)}))
    return events


def act(state, action) -> list[Event]:
    """An action while a connection run is under way."""
    run = state.net.current
    sym = run["corp"]
    if action.actor != sym:
        raise Refusal("1870.connection.timing", f"{sym} is making its connection run now, between turns; "
                                                "play goes on when it has paid or kept its income.")
    if action.verb == "dest":
        return token(state, sym, action.item)
    if run["token"] is None:
        raise Refusal("1870.connection.token", f"{sym} first decides what to do with its destination token: "
                                               "'place destination token' or 'keep destination token'.")
    if action.verb == "run":
        events = routes.run(state, sym, action.item, hexruns.read_path(action.other), run["runs"])
        if not hexruns.still_possible(state, sym, run["runs"]):
            raise Refusal("1870.connection.run", f"After this run none of {sym}'s other trains could still run "
                                                 f"from {home(sym)} to {destination(sym)}, and one must: run that "
                                                 "route with one of the trains first.")
        return events
    if action.verb == "half":
        raise Refusal("1870.connection.income", "A connection run's income is paid out in full or kept; it "
                                                "cannot be paid half.")
    if action.verb in ("pay", "withhold"):
        return income(state, sym, action.verb, None if action.other == "routes" else action.amount)
    raise Refusal("1870.connection.timing", f"During its connection run {sym} can only decide its destination "
                                            "token, run trains, and pay or withhold.")


def token(state, sym: str, choice: str) -> list[Event]:
    net, run = state.net, state.net.current
    dest = destination(sym)
    if run["token"] is not None:
        raise Refusal("1870.connection.token", f"{sym} has already decided about its destination token.")
    already = any(sym in slots for slots in state.track.tokens.get(track.destinations()[sym], []))
    if choice == "place" and already:
        raise Refusal("1870.connection.token", f"{sym} already has a token in {dest}; it can make that token its "
                                               "destination token ('use existing token') or keep the new one.")
    if choice == "existing" and not (already and state.settings["existing_destination_token"] == "promote"):
        why = (f"{sym} has no token in {dest}" if not already
               else f"As the rules are read here (a station already in the destination stays a station), {sym} "
                    f"cannot use its token in {dest}")
        raise Refusal("1870.connection.token", f"{why}; it places or keeps its new destination token instead.")
    if choice == "place":
        track.place_destination(state.track, sym)
        net.destination[sym] = "map"
    else:
        net.charter.setdefault(sym, []).append(data.tables()["destination_token_cost"])
        net.destination[sym] = "map" if choice == "existing" else "charter"
    run["token"] = choice
    name = {"place": "destination-token-placed", "keep": "destination-token-kept",
            "existing": "destination-token-existing"}[choice]
    return [Event(name, {"corporation": sym, "destination": dest})]


def income(state, sym: str, kind: str, stated: int | None) -> list[Event]:
    net, run = state.net, state.net.current
    declared = state.settings["connections_from"] == "record" and not run["runs"]
    if not declared and not any(hexruns.joins(sym, p) for _, p in run["runs"]):
        raise Refusal("1870.connection.run", f"One of {sym}'s trains must run from {home(sym)} to "
                                             f"{destination(sym)} in its connection run.")
    revenue = routes.revenue(state, sym, run["runs"], stated)
    corp = state.corporations[sym]
    per_share = operating.distribute(state, corp, revenue, revenue if kind == "withhold" else 0)
    net.history[sym] = {"revenue": revenue, "dividend": "paid" if kind == "pay" else "withheld",
                        "routes": [{"train": t, "route": routes.fmt(p)} for t, p in run["runs"]],
                        "token": run["token"]}
    net.current = None
    name = "connection-paid" if kind == "pay" else "connection-withheld"
    events = [Event(name, {"corporation": sym, "revenue": revenue, "per_share": per_share})]
    if kind == "pay":
        events += holdings.move(state, corp, market.right(corp.pos), "connection run")
        if state.settings["connection_reorder"]:
            state.operating_order = [s for s in rounds.price_order(state) if s in state.operating_order]
    return events + start_next(state)


def view(state) -> dict:
    run = state.net.current
    return {"corporation": run["corp"], "token": run["token"],
            "routes": [{"train": t, "route": routes.fmt(p), "value": routes.value(state, run["corp"], p)}
                       for t, p in run["runs"]]} if run else None
