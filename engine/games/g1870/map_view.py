"""The map's part of ``view(state)``: documented in the connections chapter's Notation section."""
from __future__ import annotations

from engine.games.g1870 import connections, hexruns, network, routes, track, track


def top(state) -> dict:
    net = state.net
    full = [s for s in network.stations() if network.stations()[s]["slots"]
            and len(net.tokens.get(s, [])) >= network.stations()[s]["slots"]]
    return {
        "map": {"track": dict(sorted(net.track.items())),
                "tokens": {s: list(o) for s, o in sorted(net.tokens.items()) if o},
                "full": full, "hexes": track.view(state.track)},
        "connection_run": connections.view(state),
        "connection_queue": list(net.queue),
        "still_to_operate": list(state.operating_order) if state.round == "operating" else [],
    }


def turn_routes(state, sym: str) -> list:
    net = state.net
    if state.turn != sym or net.turn_key != f"{state.stock_round}.{state.operating_round}:{sym}":
        return []
    return [{"train": t, "route": routes.fmt(p), "value": routes.value(state, sym, p)} for t, p in net.runs]


def corporation(state, sym: str) -> dict:
    net, corp = state.net, state.corporations[sym]
    mine = turn_routes(state, sym)
    started = corp.par is not None and not corp.closed
    on_map = hexruns.on_map(state)
    best = 0
    if started and corp.trains:
        best = routes.best_on_map(state, sym, corp.trains)[0] if on_map else routes.best(state, sym, corp.trains)[0]
    return {"home": network.home(sym), "destination": network.destination(sym),
            "tokens": (track.hexes_with(state.track, sym) if on_map
                       else sorted(s for s, owners in net.tokens.items() if sym in owners)),
            "charter_tokens": list(net.charter.get(sym, [])),
            "eligible": connections.eligible(state, sym),
            "connected": sym in net.history,
            "destination_token": net.destination.get(sym),
            "connection": dict(net.history[sym]) if sym in net.history else None,
            "routes": mine, "revenue": sum(r["value"] for r in mine), "best_revenue": best}
