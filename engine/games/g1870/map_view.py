"""The map's part of ``view(state)``: documented in the connections chapter's Notation section."""
from __future__ import annotations

from engine.games.g1870 import connections, network, routes, track


def top(state) -> dict:
    net = state.net
    return {
        "map": {"hexes": track.view(state.track)},
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
    best = routes.best_on_map(state, sym, corp.trains)[0] if started and corp.trains else 0
    return {"home": network.home(sym), "destination": network.destination(sym),
            "tokens": track.hexes_with(state.track, sym),
            "charter_tokens": list(net.charter.get(sym, [])),
            "eligible": connections.eligible(state, sym),
            "connected": sym in net.history,
            "destination_token": net.destination.get(sym),
            "connection": network.copied_record(net.history[sym]) if sym in net.history else None,
            "routes": mine, "revenue": sum(r["value"] for r in mine), "best_revenue": best}
