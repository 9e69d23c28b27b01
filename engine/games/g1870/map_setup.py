"""Reading the map part of an example's ``setup``: the printed map and its station tokens, and
corporations that have made their connection run. Home tokens of started corporations are placed
by ``track.sync``; the keys here add to them::

    hexes: {H13: {tile: 57, rotated: 1, tokens: [MP]}}    # the printed map (track.py's read_setup)
    connected: {TP: map}                                  # run made; destination token on the map or the charter
"""
from __future__ import annotations

from rulewright.game import InputError, Refusal
from engine.games.g1870 import data, network, routes
from engine.games.g1870 import track as printed
from engine.games.g1870.network import Network
from engine.games.g1870.setup_names import check_keys, corporation
from rulewright.game.values import whole


def build(state, setup: dict) -> None:
    state.net = Network()
    state.track = printed.Track()
    network.sync(state)
    made = connection_choices(state, setup)
    for sym, choice, _, _ in made:  # a kept destination token is on the charter before any is placed
        if choice in ("keep", "existing", "charter") and sym in state.net.charter:  # (a closed one has none)
            state.net.charter[sym].append(100)
    for sym, choice, record, where in made:
        if choice is not None:
            state.net.destination[sym] = "charter" if choice in ("keep", "charter") else "map"
        if record is not None:
            state.net.history[sym] = record
    printed.read_setup(state, setup.get("hexes"), {sym for sym, choice, _, _ in made if choice in ("place", "map")})
    printed.sync(state)
    for sym, choice, _, where in made:
        dest = printed.destinations()[sym]
        if choice == "existing" and not any(sym in slots for slots in state.track.tokens.get(dest, [])):
            raise InputError(f"'existing' says {sym}'s token in {dest} became its destination token; give it that "
                             f"token (hexes: {{{dest}: {{tokens: [{sym}]}}}}) or say 'place'.", where)
    connection_run(state, setup.get("connection_run"))
    queue = setup.get("connection_queue") or []
    if not isinstance(queue, list):
        raise InputError("'connection_queue' is a list of corporations waiting for their connection runs.",
                         "connection_queue")
    state.net.queue = [corporation(state, sym, "connection_queue") for sym in queue]


CONNECTED = ("token", "revenue", "dividend", "routes")
RUN = ("corporation", "token", "routes")
CHOICES = ("place", "keep", "existing")


def connection_choices(state, setup: dict) -> list:
    """What each connection run, made (``connected``) or under way (``connection_run``), did with the
    destination token: ``(corporation, choice, record of a finished run or None, where)``.
    ``connected`` gives ``map`` or ``charter``, or the whole run as the view shows it: ``token``
    (place, keep or existing), ``revenue``, ``dividend`` (paid or withheld) and ``routes``."""
    out = []
    for sym, spec in (setup.get("connected") or {}).items():
        where = f"connected.{sym}"
        sym = corporation(state, sym, where)
        if spec in ("map", "charter"):
            out.append((sym, spec, {"revenue": None, "dividend": None, "routes": [], "token": spec}, where))
            continue
        if not isinstance(spec, dict):
            raise InputError("Say where the destination token went: 'map' or 'charter' (or give the run: token, "
                             "revenue, dividend, routes).", where)
        check_keys(spec, CONNECTED, where)
        if spec.get("token") not in CHOICES:
            raise InputError("'token' is place, keep or existing: what the run did with the destination token.",
                             f"{where}.token")
        if spec.get("dividend") not in ("paid", "withheld"):
            raise InputError("'dividend' is paid or withheld.", f"{where}.dividend")
        ran = [run_text(_ran(text, f"{where}.routes.{index}"), f"{where}.routes.{index}")
               for index, text in enumerate(spec.get("routes") or [])]
        record = {"revenue": whole(spec.get("revenue", 0), f"{where}.revenue", "the run's revenue", 0, None),
                  "dividend": spec["dividend"], "routes": [{"train": t, "route": routes.fmt(p)} for t, p in ran],
                  "token": spec["token"]}
        out.append((sym, spec["token"], record, where))
    run = setup.get("connection_run")
    if run is not None:
        check_keys(run, RUN, "connection_run")
        sym = corporation(state, run.get("corporation"), "connection_run.corporation")
        if sym in state.net.history or any(sym == made[0] for made in out):
            raise InputError(f"{sym} has made its connection run already (rule 1870.connection.once).",
                             "connection_run.corporation")
        if run.get("token") not in (None, *CHOICES):
            raise InputError("'token' is place, keep, existing, or left out while undecided.", "connection_run.token")
        out.append((sym, run.get("token"), None, "connection_run.token"))
    return out


def _ran(route, where: str):
    """A finished run's route as the view shows it, ``{train: "4", route: J5-J7-K8}``, or as the
    text ``"4: J5-J7-K8"``: the text."""
    if not isinstance(route, dict):
        return route
    if set(route) != {"train", "route"}:
        raise InputError("A route of a finished connection run is its 'train' and its 'route', e.g. "
                         "{train: \"4\", route: J5-J7-K8}.", where)
    return f"{route['train']}: {route['route']}"


def connection_run(state, run) -> None:
    """The connection run under way: its ``corporation``, the ``token`` decision (left out while
    undecided) and the ``routes`` its trains have run so far."""
    if run is None:
        return
    sym = corporation(state, run.get("corporation"), "connection_run.corporation")
    state.net.current = {"corp": sym, "token": run.get("token"), "runs": []}
    if run.get("routes") and run.get("token") is None:
        raise InputError("The destination token is decided before any train runs (rule 1870.connection.token); "
                         "give 'token'.", "connection_run.token")
    for index, text in enumerate(run.get("routes") or []):
        where = f"connection_run.routes.{index}"
        train, path = run_text(text, where)
        try:
            routes.run_check(state, sym, train, path, state.net.current["runs"])
        except Refusal as refusal:
            raise InputError(f"{sym} cannot have run '{text}': {refusal.reason}", where) from None
        state.net.current["runs"].append((train, path))


def run_text(text, where: str) -> tuple[str, tuple[str, ...]]:
    """``"4: M2-M4-M6"`` -> ("4", ("M2", "M4", "M6")), as the view writes a run."""
    train, _, path = str(text).partition(":")
    if not path or train.strip() not in [t["name"] for t in data.every_train()]:
        raise InputError(f"Write a run as its train and route, e.g. '4: M2-M4-M6' (the hexes it passes through), "
                         f"not {text!r}.", where)
    return train.strip(), tuple(printed.hex_label(h, where) for h in path.strip().split("-"))
