"""The map as a graph: stations (cities and red off-board areas), the track laid between them, and
the station tokens on them. Read the data in ``data/map.yaml`` first.

A station *blocks* a corporation when every token slot in it is filled by other corporations'
tokens (a destination token placed over the limit fills a slot too). Reserved home spots of
unstarted corporations never block a route; they only stop other tokens being placed there.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from rulewright.game import Event, InputError, Refusal
from rulewright.game.refusal import did_you_mean
from engine.games.g1870 import data


@dataclass
class Network:
    track: dict[str, str] = field(default_factory=dict)        # link key "A-B" (sorted) -> who laid it
    tokens: dict[str, list[str]] = field(default_factory=dict)  # station -> corporations, in order placed
    charter: dict[str, list[int]] = field(default_factory=dict)  # corporation -> costs of unplaced tokens
    destination: dict[str, str] = field(default_factory=dict)   # corporation -> "map" or "charter", once connected
    history: dict[str, dict] = field(default_factory=dict)      # corporation -> its connection run, once done
    queue: list[str] = field(default_factory=list)             # corporations waiting for a connection run
    current: dict | None = None                                # the connection run under way
    turn_key: str = ""                                         # whose turn the fields below belong to
    runs: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # this turn's routes
    laid: bool = False
    tokened: bool = False

    def __deepcopy__(self, memo) -> "Network":
        """A fast exact copy: every container is copied, down to the connection run's routes and
        each finished run's record (paths are tuples of strings and are shared)."""
        clone = object.__new__(type(self))
        values = self.__dict__.copy()
        values.update(
            track=dict(self.track),
            tokens={s: list(owners) for s, owners in self.tokens.items()},
            charter={s: list(costs) for s, costs in self.charter.items()},
            destination=dict(self.destination),
            history={s: {**record, "routes": list(record["routes"])} for s, record in self.history.items()},
            queue=list(self.queue),
            current={**self.current, "runs": list(self.current["runs"])} if self.current is not None else None,
            runs=list(self.runs),
        )
        clone.__dict__ = values
        memo[id(self)] = clone
        return clone


# ---- the fixed map -------------------------------------------------------------------------

def _norm(name: str) -> str:
    return " ".join(re.sub(r"[.,]", " ", str(name)).lower().split())


@cache
def stations() -> dict[str, dict]:
    return data.load("map")["stations"]


@cache
def _by_norm() -> dict[str, str]:
    return {_norm(s): s for s in stations()}


def station(name: str, where: str | None = None) -> str:
    """The station's name as the map spells it, or an ``InputError`` naming the nearest ones."""
    found = _by_norm().get(_norm(name))
    if found is None:
        raise InputError(f"There is no station called {name!r} on the 1870 map. "
                         f"{did_you_mean(name, stations())}", where)
    return found


def key(a: str, b: str) -> str:
    return "-".join(sorted((a, b)))


@cache
def links() -> frozenset[str]:
    out = set()
    for text in data.load("map")["links"]:
        a, b = (station(s.strip()) for s in text.split("-"))
        out.add(key(a, b))
    return frozenset(out)


def home(sym: str) -> str:
    return station(data.corporations()[sym]["home"])


def destination(sym: str) -> str:
    return station(data.corporations()[sym]["destination"])


def is_offboard(name: str) -> bool:
    return stations()[name]["kind"] == "offboard"


def value(name: str, phase: int) -> int:
    spec = stations()[name]
    if spec["kind"] != "offboard":
        return spec["value"]
    steps = data.load("map")["offboard_phases"]
    return spec["values"][sum(1 for p in steps if phase >= p) - 1]


def read_path(text: str, where: str | None = None) -> tuple[str, ...]:
    """``"Dallas-Fort Worth-Austin"`` -> the stations in order (names checked)."""
    return tuple(station(part.strip(), where) for part in str(text).split("-"))


# ---- the state of the map ------------------------------------------------------------------

def neighbours(net: Network, name: str) -> list[str]:
    out = []
    for link in net.track:
        a, b = link_ends(link)
        if name in (a, b):
            out.append(b if a == name else a)
    return sorted(out)


@cache
def link_ends(link: str) -> tuple[str, str]:
    """The two stations of a link key (station names contain no hyphen)."""
    a, b = link.split("-")
    return a, b


def unstarted_homes(state, name: str) -> list[str]:
    """Unstarted corporations whose home spot in ``name`` is still reserved for them."""
    return [s for s, c in state.corporations.items()
            if c.par is None and not c.closed and home(s) == name and s not in state.net.tokens.get(name, [])]


def blocks(state, name: str, sym: str) -> bool:
    """Whether ``name`` is closed to ``sym``'s trains passing through: all its slots are filled by
    other corporations' tokens. Unstarted corporations' reserved spots do not count."""
    tokens = state.net.tokens.get(name, [])
    slots = stations()[name]["slots"]
    if not state.settings["destination_token_blocks"]:
        tokens = [t for t in tokens if not (state.net.destination.get(t) == "map" and destination(t) == name)]
    return sym not in tokens and slots > 0 and len(tokens) >= slots


def free_slots(state, name: str) -> int:
    return stations()[name]["slots"] - len(state.net.tokens.get(name, [])) - len(unstarted_homes(state, name))


def reach(state, sym: str) -> set[str]:
    """Stations ``sym``'s trains can get to from its tokens along laid track (not through a
    blocked city or an off-board area)."""
    start = [s for s, owners in state.net.tokens.items() if sym in owners]
    seen, todo = set(start), list(start)
    while todo:
        here = todo.pop()
        if here not in start and (blocks(state, here, sym) or is_offboard(here)):
            continue  # reachable, but no further
        for nxt in neighbours(state.net, here):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def turn_fields(state) -> Network:
    """The network, with this turn's routes, lay and token reset when a new turn has begun."""
    net = state.net
    now = f"{state.stock_round}.{state.operating_round}:{state.turn}"
    if net.turn_key != now:
        net.turn_key, net.runs, net.laid, net.tokened = now, [], False, False
    return net


# ---- changes -------------------------------------------------------------------------------

def sync(state) -> list[Event]:
    """Started corporations have their home token; closed ones leave the map."""
    events = []
    for sym, corp in state.corporations.items():
        where = home(sym)
        if corp.closed:
            gone = [s for s, owners in state.net.tokens.items() if sym in owners]
            for s in gone:
                state.net.tokens[s] = [o for o in state.net.tokens[s] if o != sym]
            if gone:
                events.append(Event("tokens-removed", {"corporation": sym, "stations": gone}))
            state.net.charter.pop(sym, None)  # its unplaced tokens leave the game with it
            state.net.queue = [q for q in state.net.queue if q != sym]
        elif corp.par is not None and sym not in state.net.charter:
            state.net.charter[sym] = list(data.load("map")["tokens"][sym][1:])
            if sym not in state.net.tokens.setdefault(where, []):
                state.net.tokens[where].append(sym)
    return events


def token_check(state, sym: str, name: str) -> int:
    """``place_token``'s refusals, in its order, changing nothing (the turn's fields already
    current); returns the token's cost."""
    net = state.net
    corp = state.corporations[sym]
    left = net.charter.get(sym, [])
    if net.tokened:
        raise Refusal("1870.route.station", f"{sym} has already placed a station token this turn.")
    if sym in net.tokens.get(name, []):
        raise Refusal("1870.route.station", f"{sym} already has a token in {name}.")
    if not left:
        raise Refusal("1870.route.station", f"{sym} has no station tokens left on its charter.")
    if free_slots(state, name) <= 0:
        reserved = unstarted_homes(state, name)
        why = f" (the last is kept for {', '.join(reserved)}, which has not started)" if reserved else ""
        raise Refusal("1870.route.station", f"{name} has no free token slot{why}.")
    if name not in reach(state, sym):
        raise Refusal("1870.route.station", f"{sym}'s trains cannot reach {name}.")
    cost = left[0]
    if corp.cash < cost:
        raise Refusal("1870.route.station", f"The token costs ${cost}; {sym} has ${corp.cash}.")
    return cost


def place_token(state, sym: str, name: str) -> list[Event]:
    net = turn_fields(state)
    cost = token_check(state, sym, name)
    corp = state.corporations[sym]
    left = net.charter.get(sym, [])
    corp.cash -= cost
    state.bank += cost
    left.pop(0)
    net.tokens.setdefault(name, []).append(sym)
    net.tokened = True
    return [Event("token-placed", {"corporation": sym, "station": name, "cost": cost})]
