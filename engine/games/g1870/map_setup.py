"""Reading the map part of an example's ``setup``: track laid, station tokens, and corporations
that have already made their connection run. Home tokens of started corporations are placed by
``network.sync``; the keys here add to them::

    track: {Dallas-Houston: TP, Houston-Galveston: TP}   # link: the corporation that laid it
    tokens: {Houston: [SP]}                               # tokens besides home tokens
    connected: {TP: map}                                  # run made; destination token on the map or the charter
"""
from __future__ import annotations

from rulewright.game import InputError
from engine.games.g1870 import network
from engine.games.g1870.network import Network


def corporation(state, name, where: str) -> str:
    from engine.games.g1870.setup import key
    sym = key("corporation", name, state.corporations, where)
    if state.corporations[sym].par is None:
        raise InputError(f"{sym} has not started, so it has no tokens on the map; give it a 'par'.", where)
    return sym


def build(state, setup: dict) -> None:
    state.net = Network()
    network.sync(state)
    track = setup.get("track") or {}
    if isinstance(track, list):
        track = {link: "" for link in track}
    for link, by in track.items():
        ends = network.read_path(link, f"track.{link}")
        if len(ends) != 2 or network.key(*ends) not in network.links():
            raise InputError(f"'{link}' is not a link of the map: write two neighbouring stations, as in "
                             "'Dallas-Houston' (see the Notation section).", f"track.{link}")
        state.net.track[network.key(*ends)] = corporation(state, by, f"track.{link}") if by else ""
    for name, owners in (setup.get("tokens") or {}).items():
        where = network.station(name, f"tokens.{name}")
        for sym in owners if isinstance(owners, list) else [owners]:
            add_token(state, corporation(state, sym, f"tokens.{name}"), where)
    for sym, choice in (setup.get("connected") or {}).items():
        sym = corporation(state, sym, f"connected.{sym}")
        if choice not in ("map", "charter"):
            raise InputError("Say where the destination token went: 'map' or 'charter'.", f"connected.{sym}")
        state.net.destination[sym] = choice
        state.net.history[sym] = {"revenue": None, "dividend": None, "routes": [], "token": choice}
        if choice == "map" and sym not in state.net.tokens.get(network.destination(sym), []):
            state.net.tokens.setdefault(network.destination(sym), []).append(sym)
        elif choice == "charter":
            state.net.charter[sym].append(100)


def add_token(state, sym: str, where: str) -> None:
    if sym in state.net.tokens.get(where, []):
        return
    slots = network.stations()[where]["slots"]
    if slots == 0:
        raise InputError(f"{where} has no spaces for station tokens (it is an off-board area); put {sym}'s "
                         "token in a city (see the Notation section).", f"tokens.{where}")
    if network.free_slots(state, where) <= 0:
        raise InputError(f"{where} has {slots} space{'s' if slots != 1 else ''} for station tokens and none is "
                         f"free for {sym} (a home space kept for a corporation that has not started counts as "
                         "taken); leave a token out or choose another city.", f"tokens.{where}")
    if not state.net.charter[sym]:
        raise InputError(f"{sym} has no station tokens left for {where}.", f"tokens.{where}")
    state.net.charter[sym].pop(0)
    state.net.tokens.setdefault(where, []).append(sym)
