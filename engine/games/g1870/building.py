"""Building on the printed map in an operating round: laying a tile and placing a station token
(rules 1870.track.* and 1870.token.*), what a corporation may lay or place, and what each costs.
The map itself, as it stands, is ``track``; which hexes a corporation reaches is ``hexroutes``.
"""
from __future__ import annotations

from rulewright.game import Event, Refusal
from engine.games.g1870 import data, hexroutes, network, privates
from engine.games.g1870.track import (add_token, board, cities, homes, in_slots, lays_this_turn, reserved, stations,
                                      supply, turn_track)


# Tile colours by phase (../shared/reference/1870.md section 1.6, the printed phase chart): green
# from the first 3-train, brown from the first 5-train, gray from the first 6-train.
COLOURS_FROM = {"yellow": 1, "green": 2, "brown": 4, "gray": 5}


BRIDGE = "MRBC"
BRIDGE_OWNERS = ("MP", "SSW")  # the two corporations on the river; their home lay with the bridge is free


def lay_check(state, sym: str, number: str, label: str, rotation: int, bridge: bool = False) -> tuple[int, bool]:
    """``lay``'s refusals, in the order the track page lists them, changing nothing; returns the
    cost and whether the lay counts toward the turn's two (a bridge company's home lay does not)."""
    t = state.track
    here, tile = board().hexes[label], board().tiles[number]
    old = t.tiles.get(label)
    if here.offboard:
        raise Refusal("1870.track.tile", f"{label} is a red off-board area; no tile is ever laid there.")
    home_lay = bridge and sym in BRIDGE_OWNERS and homes()[sym] == label and not state.corporations[sym].operated
    if bridge:
        bridge_check(state, sym, tile, label)
    lays = lays_this_turn(state)
    if label in lays:
        raise Refusal("1870.track.lays", f"{sym} has already laid a tile on {label} this turn; a hex takes one tile "
                                         "a turn.")
    counted = [h for h in lays if h not in t.free]
    upgraded = any(board().tiles[t.tiles[h][0]].colour != "yellow" for h in counted if h in t.tiles)
    if not home_lay and (upgraded or len(counted) >= 2 or (old and counted)):
        raise Refusal("1870.track.lays", f"{sym} has laid {len(counted)} tile{'' if len(counted) == 1 else 's'} this turn"
                                         f"{' (an upgrade)' if upgraded else ''}: a turn allows two yellow tiles, or "
                                         "one upgrade.")
    if COLOURS_FROM[tile.colour] > state.phase:
        raise Refusal("1870.track.colour", f"{tile.colour.capitalize()} tiles are laid from phase "
                                           f"{COLOURS_FROM[tile.colour]}; this is phase "
                                           f"{data.phase_name(state.settings, state.phase)}.")
    allowed = board().upgrades.get(old[0], ()) if old else board().first_tiles.get(here.kind(), ())
    if number not in allowed or not board().fits(tile, label):
        what = f"tile {old[0]}" if old else f"an empty {here.kind()} hex"
        labelled = here.labels.get(tile.colour)
        need = f" (from {tile.colour} on, {label} takes only tiles labelled {labelled})" if labelled else ""
        raise Refusal("1870.track.tile", f"Tile {number} cannot replace {what} on {label}{need}; "
                                         f"the chart allows {', '.join(t_ for t_ in allowed if board().fits(board().tiles[t_], label)) or 'none'}.")
    if supply(t, number) <= 0:
        raise Refusal("1870.track.tile", f"All {tile.count} copies of tile {number} are on the map.")
    paths = hexroutes.tile_paths(label, number, rotation)
    for side in sorted({e for p in paths for e in p[1:] if e < hexroutes.STATION}):
        if hexroutes.crossing(label, side) is None:
            edge = "the edge of the map" if board().neighbours(label)[side] is None else "an impassable border"
            raise Refusal("1870.track.edge", f"Turned {rotation}, tile {number}'s track on {label} runs to "
                                             f"{edge} at its {board().grid.side_name(side)} side.")
    if here.river and privates.river_blocked(state):
        west, east = here.river
        crossing_ = next((p for p in paths if {e for e in p[1:] if e < 6} & west and {e for e in p[1:] if e < 6} & east), None)
        bank = {"west": west, "east": east}.get(here.stations_on)
        astray = bank and any(e not in bank for p in paths for e in p[1:] if e < 6 and p[2] >= hexroutes.STATION)
        if crossing_ or astray:
            raise Refusal("1870.track.river", f"While a player owns the {BRIDGE}, no track may cross the "
                                              f"Mississippi; turned {rotation}, tile {number} joins the two banks on "
                                              f"{label}.")
    if old:
        old_paths = set(hexroutes.tile_paths(label, *old))
        if not old_paths <= set(paths):
            raise Refusal("1870.track.upgrade", f"Turned {rotation}, tile {number} does not keep all the track of "
                                                f"tile {old[0]} on {label}; an upgrade keeps every path already laid.")
    g = hexroutes.graph(t)
    _, sides = hexroutes.reach(g, hexroutes.context(state, sym))
    exits = {e for p in paths for e in p[1:] if e < hexroutes.STATION}
    if not exits & sides.get(label, set()):
        raise Refusal("1870.track.reach", f"{sym}'s trains cannot reach {label}'s track from its tokens; new track "
                                          "must join track the corporation reaches.")
    cost = 0 if old else here.cost
    if bridge:
        cost = 0 if home_lay else max(0, cost - data.privates()[BRIDGE]["bridge_discount"])
    corp = state.corporations[sym]
    if corp.cash < cost:
        raise Refusal("1870.track.cost", f"The first tile on {label} costs ${cost} ({here.terrain}); "
                                         f"{sym} has ${corp.cash}.")
    return cost, not home_lay


def lay_candidates(state, sym: str) -> list[tuple[str, str, int]]:
    """(tile, hex, rotation) worth trying for ``sym``: each tile the chart allows on each hex its
    track reaches, turned so that its track touches a side it reaches (the other rules are left
    to ``lay_check``)."""
    t = state.track
    _, sides = hexroutes.reach(hexroutes.graph(t), hexroutes.context(state, sym))
    out = []
    for label in sorted(sides):
        here = board().hexes[label]
        if here.offboard:
            continue
        old = t.tiles.get(label)
        allowed = board().upgrades.get(old[0], ()) if old else board().first_tiles.get(here.kind(), ())
        for number in allowed:
            if not board().fits(board().tiles[number], label) or COLOURS_FROM[board().tiles[number].colour] > state.phase:
                continue
            for turns in range(6):
                exits = {e for p in hexroutes.tile_paths(label, number, turns) for e in p[1:] if e < hexroutes.STATION}
                if exits & sides[label]:
                    out.append((number, label, turns))
    return out


def token_candidates(state, sym: str) -> list[tuple[str, int]]:
    """(hex, city) of each city ``sym``'s trains reach."""
    nodes, _ = hexroutes.reach(hexroutes.graph(state.track), hexroutes.context(state, sym))
    out = []
    for label, end in sorted(nodes):
        here = cities(state.track, label)
        station = stations(state.track, label)[end - hexroutes.STATION]
        if station in here:
            out.append((label, here.index(station)))
    return out


def bridge_check(state, sym: str, tile, label: str) -> None:
    """A lay with the Mississippi River Bridge Company: its owner, a yellow tile, a river hex, once."""
    priv = state.privates[BRIDGE]
    if priv.owner != sym or priv.closed:
        raise Refusal("1870.track.bridge", f"{sym} does not own the {BRIDGE}, so it cannot use its lay.")
    if state.track.bridge_used:
        raise Refusal("1870.track.bridge", f"The {BRIDGE}'s lay has been used; it gives one.")
    if not board().hexes[label].river or tile.colour != "yellow":
        raise Refusal("1870.track.bridge", f"The {BRIDGE}'s lay is a yellow tile on a Mississippi hex.")


def lay(state, sym: str, number: str, label: str, rotation: int, bridge: bool = False) -> list[Event]:
    """Lay a tile in ``sym``'s turn (rule 1870.route.lay; ``lay_check`` holds every limit)."""
    track = turn_track(state)
    cost, counts = lay_check(state, sym, number, label, rotation, bridge)
    corp = state.corporations[sym]
    corp.cash -= cost
    state.bank += cost
    old = track.tiles.get(label)
    track.tiles[label] = (number, rotation % 6)
    track.lays.append(label)
    if bridge:
        track.bridge_used = True
    if not counts:
        track.free.append(label)
    details = {"corporation": sym, "tile": number, "hex": label, "rotation": rotation % 6, "cost": cost}
    if old:
        details["replaced"] = old[0]
    return [Event("tile-laid", details)]


def token_check(state, sym: str, label: str, city: int) -> int:
    """``token``'s refusals, in its order, changing nothing; returns the token's cost."""
    track, net = state.track, state.net
    here = cities(track, label)
    if not here or not any(c.slots for c in here):
        raise Refusal("1870.route.station", f"{label} has no city with a space for a station token.")
    if city >= len(here):
        raise Refusal("1870.route.station", f"{label} has {len(here)} cit{'y' if len(here) == 1 else 'ies'}; "
                                            f"there is no city {city + 1}.")
    if net.tokened:
        raise Refusal("1870.route.station", f"{sym} has already placed a station token this turn.")
    if any(sym in slots for slots in track.tokens.get(label, [])):
        raise Refusal("1870.route.station", f"{sym} already has a token on {label}.")
    left = net.charter.get(sym, [])
    if not left:
        raise Refusal("1870.route.station", f"{sym} has no station tokens left on its charter.")
    held = in_slots(state, label, city)
    kept = reserved(state, label, city)
    if len(held) + len(kept) >= here[city].slots:
        why = f" (the last is kept for {', '.join(kept)}, which has not started)" if kept else ""
        raise Refusal("1870.route.station", f"The city on {label} has no free slot{why}.")
    g = hexroutes.graph(track)
    station = hexroutes.STATION + stations(track, label).index(here[city])
    nodes, _ = hexroutes.reach(g, hexroutes.context(state, sym))
    if (label, station) not in nodes:
        raise Refusal("1870.route.station", f"{sym}'s trains cannot reach the city on {label}.")
    cost = left[0]
    if state.corporations[sym].cash < cost:
        raise Refusal("1870.route.station", f"The token costs ${cost}; {sym} has ${state.corporations[sym].cash}.")
    return cost


def place_token(state, sym: str, label: str, city: int) -> list[Event]:
    net = network.turn_fields(state)
    cost = token_check(state, sym, label, city)
    corp = state.corporations[sym]
    corp.cash -= cost
    state.bank += cost
    net.charter[sym].pop(0)
    add_token(state.track, label, city, sym)
    net.tokened = True
    name = board().hexes[label].name
    return [Event("token-placed", {"corporation": sym, "station": f"{name} ({label})" if name else label,
                                   "cost": cost})]
