"""Routes on the printed map: the track as a graph, a route read from its hexes and checked, its
revenue, and the best set of routes for a corporation's trains, found exactly.

The graph. Every piece of track on a tile is a *path* with two ends: a side of its hex (0-5) or
one of the hex's stations (a town, a city or a red area's stop; end ``6 + i`` is station ``i``).
A path is named by ``(hex, end, end)``, its ends in order. Crossing a side leads into the
neighbouring hex through the facing side, unless the map ends there or the border is impassable.
A train that reaches a side always crosses it: it never turns back at a junction.

A route is written as the hexes it passes through, in order (``2: E12-D11-C10-B11``): the side by
which it leaves a hex is the one facing the next hex, so the hexes fix the track, and every
station on the way is a stop (1870 has no skipping). ``read`` turns that chain into a ``Route``
(its stops and paths) or a ``Refusal`` citing the rule it breaks; ``check`` applies the route rules
that depend on the corporation; ``revenue`` adds its stops up.

``best_routes`` is exact: it lists every legal route for each train length (a depth-first walk
from every station the corporation reaches), then searches combinations of one route or none per
train, sharing no path, with a bound from the best route left for each remaining train.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache

from rulewright.game import Refusal
from rulewright.game.hexes import opposite
from engine.games.g1870 import data, hexmap
from engine.games.g1870.track import Track, board, destinations, in_slots, stations

STATION = 6  # end number of a hex's first station


@cache
def crossing(label: str, side: int) -> tuple[str, int] | None:
    """Where track leaving hex ``label`` by ``side`` enters: (neighbour, its side), or None when
    the map ends there or the border is impassable."""
    here = board().hexes[label]
    other = board().neighbours(label)[side]
    if other is None or side in here.impassable or opposite(side) in board().hexes[other].impassable:
        return None
    return other, opposite(side)


def hex_paths(track: Track, label: str) -> list[tuple[str, int, int]]:
    """The paths on hex ``label`` as it lies now: a laid tile's, or a red area's printed track."""
    laid = track.tiles.get(label)
    here = board().hexes[label]
    if laid is None:
        if not here.offboard:
            return []
        return [(label, side, STATION) for side in sorted(here.stations[0].sides)]
    return tile_paths(label, *laid)


def tile_paths(label: str, number: str, turns: int) -> list[tuple[str, int, int]]:
    """The paths tile ``number`` would have on hex ``label``, turned ``turns`` steps clockwise."""
    tile = board().tiles[number]
    out = [(label, *sorted(((a + turns) % 6, (b + turns) % 6))) for a, b in (tuple(pair) for pair in tile.track)]
    out += [(label, (side + turns) % 6, STATION + i) for i, st in enumerate(tile.stations) for side in st.sides]
    return sorted(out)


def value(station: hexmap.Station, phase: int, label: str) -> int:
    if station.kind != "offboard":
        return station.value
    values = board().hexes[label].values
    return values[max(p for p in values if p <= phase)]


@dataclass
class Graph:
    """The track of a ``Track`` as paths and the stations they join."""
    paths: list[tuple[str, int, int]] = field(default_factory=list)
    bit: dict[tuple[str, int, int], int] = field(default_factory=dict)  # path -> its bit in a path mask
    at: dict[tuple[str, int], list[int]] = field(default_factory=dict)  # (hex, end) -> indexes of its paths
    stations: dict[tuple[str, int], hexmap.Station] = field(default_factory=dict)
    memo: dict = field(default_factory=dict)  # what is worked out from it once: its links, reaches


def graph(track: Track) -> Graph:
    """The graph of the track as it lies (the same object while the tiles are the same: a graph is
    never changed once built)."""
    return _graph(frozenset(track.tiles.items()))


@lru_cache(maxsize=32)
def _graph(tiles: frozenset) -> Graph:
    track = Track(tiles=dict(tiles))
    g = Graph()
    for label in board().hexes:
        for i, st in enumerate(stations(track, label)):
            g.stations[(label, STATION + i)] = st
        for path in hex_paths(track, label):
            g.bit[path] = 1 << len(g.paths)
            index = len(g.paths)
            g.paths.append(path)
            g.at.setdefault((label, path[1]), []).append(index)
            g.at.setdefault((label, path[2]), []).append(index)
    return g


@dataclass(frozen=True)
class Route:
    stops: tuple[tuple[str, int], ...]  # (hex, station end), in order
    mask: int                           # the paths it uses, as bits of its graph
    hexes: tuple[str, ...]              # the hexes it passes through, in order (its notation)

    def text(self) -> str:
        return "-".join(self.hexes)


@dataclass(frozen=True)
class Context:
    """What a corporation's routes depend on besides the track: its tokens, the stations it cannot
    pass through, the phase, and revenue added at particular stops."""
    corp: str
    phase: int
    tokened: frozenset = frozenset()   # stations (hex, end) holding one of its tokens
    blocked: frozenset = frozenset()   # stations full of other corporations' tokens
    extras: tuple = ()                 # (hex, amount): added once when a route stops on that hex
    double_at: str | None = None       # a hex whose stop counts twice at either end of a route


CATTLE, PORT, CLOSED_PORT = "SCC", "GSC", "closed port"


def bonus(kind: str, owner: str | None, sym: str) -> int:
    """What a private company's token on a stop adds to ``sym``'s route (rule 1870.private.tokens),
    as ``data/privates.yaml`` gives it: the cattle token $10 for its owner only; the open port $20 for
    its owner and $10 for everyone else; the closed port $20 for its owner only."""
    spec = data.privates()
    token = spec[PORT].get("closed_token_bonus") if kind == CLOSED_PORT else spec.get(kind, {}).get("token_bonus")
    if not token:
        return 0
    return token["revenue"] if owner == sym else token.get("revenue_others", 0)


def private_extras(state, sym: str) -> tuple:
    """The revenue private companies' tokens add at stops, for ``sym``, from the state's
    ``assigned`` (private -> hex, kept by the ledger where it has one); none from phase 5 on, when
    the tokens are removed."""
    assigned = getattr(state, "assigned", None) or {}
    if state.phase >= 5:
        return ()
    out = {}
    for priv, label in assigned.items():
        owner = state.privates[priv].owner if priv in state.privates else None
        kind = CLOSED_PORT if priv == PORT and getattr(state, "port_closed", False) else priv
        out[label] = out.get(label, 0) + bonus(kind, owner, sym)
    return tuple(sorted((label, amount) for label, amount in out.items() if amount))


def doubles_destination(state, sym: str) -> bool:
    """Whether ``sym``'s destination counts twice at a route's end now (rule 1870.connection.double): only once its destination
    token went on its destination (and in its connection run only as the setting says)."""
    if state.net.destination.get(sym) != "map":
        return False
    in_run = state.net.current is not None and state.net.current["corp"] == sym
    return not (in_run and not state.settings["double_in_connection_run"])


def context(state, sym: str, extras: tuple | None = None) -> Context:
    """The context of ``sym``'s routes in a game state (destination doubling from ``routes``;
    ``extras`` by default from the private companies' tokens)."""
    t = state.track
    tokened, blocked = set(), set()
    dest = destinations().get(sym)
    for label, held in t.tokens.items():
        ends = [STATION + i for i, st in enumerate(stations(t, label)) if st.kind in ("city", "offboard")]
        for city, owners in enumerate(held):
            node = (label, ends[city])
            if sym in owners:
                tokened.add(node)
                continue
            slots = stations(t, label)[ends[city] - STATION].slots
            if slots and len(in_slots(state, label, city)) >= slots:
                blocked.add(node)
    double = dest if doubles_destination(state, sym) else None
    extras = private_extras(state, sym) if extras is None else tuple(extras)
    return Context(sym, state.phase, frozenset(tokened), frozenset(blocked), extras, double)


def revenue(g: Graph, route: Route, ctx: Context) -> int:
    total = sum(value(g.stations[s], ctx.phase, s[0]) for s in route.stops)
    hexes = {s[0] for s in route.stops}
    total += sum(amount for label, amount in ctx.extras if label in hexes)
    ends = (route.stops[0], route.stops[-1])
    if ctx.double_at is not None:
        total += sum(value(g.stations[s], ctx.phase, s[0]) for s in ends[:1 if ends[0] == ends[1] else 2]
                     if s[0] == ctx.double_at)
    return total


# ---- reading a route ---------------------------------------------------------------------------

def read(g: Graph, hexes: tuple[str, ...]) -> Route:
    """The route through ``hexes`` in order, or a ``Refusal`` where track does not join them."""
    if len(hexes) < 2:
        raise Refusal("1870.route.length", "A route needs at least two stops, so it runs through two hexes "
                                           "or more.")
    grid = board().grid
    sides = []
    for a, b in zip(hexes, hexes[1:]):
        try:
            side = grid.side_towards(board().hexes[a].at, board().hexes[b].at)
        except ValueError:
            raise Refusal("1870.route.track", f"{a} and {b} are not neighbours; a route names every hex it passes "
                                              "through, in order.") from None
        if crossing(a, side) is None:
            raise Refusal("1870.route.track", f"No track crosses the border between {a} and {b}.")
        sides.append(side)
    stops, mask = [], 0

    def take(label, a, b):
        index = _path(g, label, a, b)
        if index is None:
            return False
        nonlocal mask
        if mask & (1 << index):
            raise Refusal("1870.track.segment-once", f"The route runs over the same track on {label} twice.")
        mask |= 1 << index
        return True

    first = _station_on(g, hexes[0], sides[0])
    if first is None:
        raise Refusal("1870.route.track", f"No town, city or red area on {hexes[0]} has track to its "
                                          f"{grid.side_name(sides[0])} side, so the route cannot start there.")
    stops.append((hexes[0], first))
    take(hexes[0], sides[0], first)
    for i in range(1, len(hexes) - 1):
        label, enter, leave = hexes[i], opposite(sides[i - 1]), sides[i]
        if take(label, enter, leave):
            continue
        via = _station_on(g, label, enter)
        if via is None or via != _station_on(g, label, leave):
            raise Refusal("1870.route.track", f"No track on {label} joins its {grid.side_name(enter)} and "
                                              f"{grid.side_name(leave)} sides.")
        stops.append((label, via))
        take(label, enter, via)
        take(label, via, leave)
    last = _station_on(g, hexes[-1], opposite(sides[-1]))
    if last is None:
        raise Refusal("1870.route.track", f"The route must end at a town, city or red area; no track on "
                                          f"{hexes[-1]} leads from its {grid.side_name(opposite(sides[-1]))} side "
                                          "to one.")
    stops.append((hexes[-1], last))
    take(hexes[-1], opposite(sides[-1]), last)
    return Route(tuple(stops), mask, tuple(hexes))


def _path(g: Graph, label: str, a: int, b: int) -> int | None:
    key = (label, min(a, b), max(a, b))
    bit = g.bit.get(key)
    return bit.bit_length() - 1 if bit else None


def _station_on(g: Graph, label: str, side: int) -> int | None:
    """The station of hex ``label`` with a path to ``side``, if any."""
    for index in g.at.get((label, side), []):
        path = g.paths[index]
        end = path[2] if path[1] == side else path[1]
        if end >= STATION:
            return end
    return None


def check(g: Graph, route: Route, ctx: Context, distance: int, others: int = 0) -> None:
    """The route rules that depend on the corporation and its train: ``others`` is the mask of
    the paths its other trains run this time."""
    stops = route.stops
    if len(stops) > distance:
        raise Refusal("1870.route.length", f"A {distance}-train counts at most {distance} stops; this route has "
                                           f"{len(stops)} (every town, city and red area on it).")
    twice = next((s for s in stops if stops.count(s) > 1), None)
    if twice:
        raise Refusal("1870.route.city-once", f"The route stops at {_name(twice[0])} twice.")
    if not any(s in ctx.tokened for s in stops):
        raise Refusal("1870.route.token", f"The route must include a station with one of {ctx.corp}'s tokens.")
    for s in stops[1:-1]:
        if g.stations[s].kind == "offboard":
            raise Refusal("1870.route.offboard", f"{_name(s[0])} is a red off-board area: a route may end there but "
                                                 "not pass through it.")
        if s in ctx.blocked:
            raise Refusal("1870.route.blocked", f"The city on {_name(s[0])} is full of other corporations' tokens; "
                                                f"{ctx.corp}'s trains cannot pass through it.")
    if route.mask & others:
        raise Refusal("1870.route.shared", f"{ctx.corp}'s trains may not share track; this route runs over track "
                                           "another of its trains already uses.")


def _name(label: str) -> str:
    name = board().hexes[label].name
    return f"{name} ({label})" if name else label


# ---- every route, and the best set -------------------------------------------------------------

def _links(g: Graph):
    """For every station, the stretches of track from it to a next station: (station, mask, hexes
    after the start), each a walk that never uses a path twice and turns back at no side."""
    if "links" not in g.memo:
        g.memo["links"] = _find_links(g)
    return g.memo["links"]


def _find_links(g: Graph):
    out = {}
    for node in g.stations:
        found = []

        def walk(label, end, mask, hexes):
            for index in g.at.get((label, end), []):
                bit = 1 << index
                if mask & bit:
                    continue
                path = g.paths[index]
                other = path[2] if path[1] == end else path[1]
                if other >= STATION:
                    found.append(((label, other), mask | bit, hexes))
                    continue
                nxt = crossing(label, other)
                if nxt is not None:
                    walk(nxt[0], nxt[1], mask | bit, hexes + (nxt[0],))

        walk(node[0], node[1], 0, ())
        if found:
            out[node] = found
    return out


def reachable(g: Graph, ctx: Context, links=None) -> set:
    """Stations the corporation's trains can reach from its tokens (through no red area and no
    blocked city)."""
    links = links if links is not None else _links(g)
    seen = set(ctx.tokened)
    todo = list(seen)
    while todo:
        here = todo.pop()
        if here not in ctx.tokened and (here in ctx.blocked or g.stations[here].kind == "offboard"):
            continue
        for there, _, _ in links.get(here, []):
            if there not in seen:
                seen.add(there)
                todo.append(there)
    return seen


class _Search:
    """The routes of one corporation on one graph, as small integers for speed: station ``i`` with
    its value (the private companies' extras included), its bonus as a route's end (a doubled
    destination), whether a route must end there, and the stretches of track to the next
    stations. Sets of stations and of paths are bit masks."""

    def __init__(self, g: Graph, ctx: Context, links=None):
        links = links if links is not None else _links(g)
        self.g, self.ctx = g, ctx
        extras = dict(ctx.extras)
        worth = {n: value(g.stations[n], ctx.phase, n[0]) + extras.get(n[0], 0) for n in reachable(g, ctx, links)}
        nodes = sorted(worth, key=lambda n: (-worth[n], n))  # the most valuable first: good routes come early
        self.nodes = nodes
        index = {n: i for i, n in enumerate(nodes)}
        self.value = [worth[n] for n in nodes]
        self.end_bonus = [value(g.stations[n], ctx.phase, n[0]) if n[0] == ctx.double_at else 0 for n in nodes]
        self.token = [n in ctx.tokened for n in nodes]
        self.stop_here = [g.stations[n].kind == "offboard" or n in ctx.blocked for n in nodes]
        self.next = [sorted(((index[t], bits, more) for t, bits, more in links.get(n, ()) if t in index),
                            key=lambda x: x[0]) for n in nodes]
        # The most any one more stop can add (its value, and its bonus should it end the route),
        # most first: the bound on what the rest of a route can add.
        self.rank = sorted(range(len(nodes)), key=lambda i: -(self.value[i] + self.end_bonus[i]))
        self.most = [self.value[i] + self.end_bonus[i] for i in self.rank]

    def routes(self, distance: int, floor: int, avoid: int = 0, best_only: bool = False) -> list[tuple[int, Route]]:
        """Every legal route of at most ``distance`` stops worth ``floor`` or more and sharing no
        path with ``avoid``, once each, best first, with its worth. ``best_only``: only the best
        (the floor rises past each better route found)."""
        found: dict[int, tuple[int, tuple, tuple]] = {}
        value, bonus, token, stop_here, nxt = self.value, self.end_bonus, self.token, self.stop_here, self.next
        rank, most = self.rank, self.most
        floor_ = [floor]
        stops, chain = [], []

        def bound(seen, room):
            """The most ``room`` more stops not yet on the route could add."""
            total = 0
            for i, node in enumerate(rank):
                if room == 0:
                    break
                if not seen >> node & 1:
                    total += most[i]
                    room -= 1
            return total

        def walk(here, seen, mask, worth, tokened):
            n = len(stops)
            if n >= 2 and tokened:
                total = worth + bonus[stops[0]] + bonus[here]
                if total >= floor_[0] and mask not in found:
                    found[mask] = (total, tuple(stops), tuple(chain))
                    if best_only:
                        floor_[0] = total + 1
            if n == distance or (n > 1 and stop_here[here]):
                return
            if worth + bonus[stops[0]] + bound(seen, distance - n) < floor_[0]:
                return  # even the best stops left could not reach the floor
            for there, bits, more in nxt[here]:
                if bits & mask or seen >> there & 1:
                    continue
                stops.append(there)
                chain.append(more)
                walk(there, seen | 1 << there, mask | bits, worth + value[there], tokened or token[there])
                stops.pop()
                chain.pop()

        for start in range(len(self.nodes)):
            stops.append(start)
            walk(start, 1 << start, avoid, value[start], token[start])
            stops.pop()
        out = sorted(((w, mask & ~avoid, (st, ch)) for mask, (w, st, ch) in found.items()), key=lambda r: -r[0])
        return out[:1] if best_only else out

    def route(self, mask: int, made: tuple) -> Route:
        """The ``Route`` of a found (paths mask, stops and stretches)."""
        stops, chain = made
        hexes = (self.nodes[stops[0]][0],) + tuple(h for part in chain for h in part)
        return Route(tuple(self.nodes[i] for i in stops), mask, hexes)


def all_routes(g: Graph, ctx: Context, distance: int, links=None) -> list[Route]:
    """Every legal route of at most ``distance`` stops, each once (in one direction)."""
    search = _Search(g, ctx, links)
    return [search.route(mask, made) for _, mask, made in search.routes(distance, 0)]


def best_routes(g: Graph, ctx: Context, distances: list[int], links=None) -> tuple[int, list]:
    """The most a corporation's trains (``distances``, one per train) can earn together, and the
    routes that earn it: a list of (train index, Route). Exact: a route is left out of the search
    only when even with the best routes of all the other trains it could not beat a set already
    found."""
    search = _Search(g, ctx, links)
    order = sorted(range(len(distances)), key=lambda i: -distances[i])
    single = {}
    for d in set(distances):
        found = search.routes(d, 1, best_only=True)
        single[d] = found[0][0] if found else 0
    # A first set: each train in turn takes the best route the others left it.
    floor, used, first = 0, 0, []
    for i in order:
        found = search.routes(distances[i], 1, avoid=used, best_only=True)
        if found:
            worth, mask, made = found[0]
            floor, used = floor + worth, used | mask
            first.append((i, mask, made))
    best = [floor, first]
    options = []
    for i in order:
        others = sum(single[distances[j]] for j in order if j != i)
        options.append(search.routes(distances[i], max(1, floor - others)) if len(order) > 1 else [])
    tops = [opts[0][0] if opts else 0 for opts in options]
    rest = [sum(tops[i:]) for i in range(len(tops) + 1)]

    def combine(i, used, total, chosen):
        if total + rest[i] <= best[0]:
            return
        if i == len(options):
            best[0], best[1] = total, list(chosen)
            return
        for worth, mask, made in options[i]:
            if total + worth + rest[i + 1] <= best[0]:
                break  # sorted: no later route of this train can do better
            if mask & used:
                continue
            chosen.append((order[i], mask, made))
            combine(i + 1, used | mask, total + worth, chosen)
            chosen.pop()
        combine(i + 1, used, total, chosen)

    combine(0, 0, 0, [])
    return best[0], sorted(((i, search.route(mask, made)) for i, mask, made in best[1]), key=lambda c: c[0])


# ---- where a corporation reaches ---------------------------------------------------------------

def reach(g: Graph, ctx: Context) -> tuple[set, dict]:
    """What the corporation's trains reach from its tokens: the stations (where it may place a
    token) and, for each hex, the sides its track touches there (where it may lay). A tokened
    hex counts all its sides; track reached leads on into the neighbour by the facing side."""
    key = ("reach", ctx.tokened, ctx.blocked)
    if key not in g.memo:
        g.memo[key] = _reach(g, ctx)
    return g.memo[key]


def _reach(g: Graph, ctx: Context) -> tuple[set, dict]:
    nodes, sides = set(ctx.tokened), {}
    for label, _ in ctx.tokened:
        sides.setdefault(label, set()).update(s for s in range(6) if crossing(label, s) is not None)
    seen = set(ctx.tokened)
    todo = list(ctx.tokened)
    while todo:
        label, end = todo.pop()
        for index in g.at.get((label, end), []):
            path = g.paths[index]
            other = path[2] if path[1] == end else path[1]
            for e in (path[1], path[2]):
                if e < STATION:
                    sides.setdefault(label, set()).add(e)
                    across = crossing(label, e)
                    if across is not None:
                        sides.setdefault(across[0], set()).add(across[1])
            if other >= STATION:
                node = (label, other)
                nodes.add(node)
                passable = node in ctx.tokened or (node not in ctx.blocked and g.stations[node].kind != "offboard")
                if passable and node not in seen:
                    seen.add(node)
                    todo.append(node)
                continue
            across = crossing(label, other)
            if across is not None and across not in seen:
                seen.add(across)
                todo.append(across)
    return nodes, sides
