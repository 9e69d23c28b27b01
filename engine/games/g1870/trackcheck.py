"""Checking the map of an 18xx.games 1870 record: every tile laid, every station token placed and
every route run, played on a ``Track`` by the engine's own rules, and every route's revenue
rebuilt from the map and compared with the record's.

``python -m engine.games.g1870.trackcheck FILE...`` prints, for each record, how many lays, tokens
and routes it checked, or the first action the engine refuses, by the record's action id.

The record is read by ``importer.effective_actions`` (undo and redo applied). The map needs a few
facts the ledger keeps; they are taken from the record's own actions, as the platform applies
them:

- the phase: the highest phase of any train bought so far (``buy_train``); it gives the tile
  colours allowed and the red areas' values;
- when a corporation's home token goes down: when it first acts in an operating round (the
  platform places it then); until then its home city's slot is kept for it;
- who owns the private companies: the Mississippi River Bridge Company blocks the river while no
  corporation has bought it (``buy_company``) and until privates close (phase 4); the cattle and
  port tokens (``assign`` by SCC and GSC) belong to the corporation owning the private, and are
  removed in phase 5;
- the destination token: a corporation's ``choose`` of ``Map`` puts it on its destination, where
  from then on that stop counts twice at either end of its routes; the token stands over the
  slot limit and fills no slot (the platform's reading unless its 'station wars' variant is on).

Cash is not checked here (the ledger's replay checks money): the corporations are given enough.
"""
from __future__ import annotations

import copy
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

from rulewright.game import InputError, Refusal
from engine.games.g1870 import data, hexroutes, track
from engine.games.g1870.importer import effective_actions, read_export

PLENTY = 10 ** 9
PORT = hexroutes.PORT


class RecordRefused(Exception):
    """The engine refuses an action of the record: ``action_id`` names it."""

    def __init__(self, where: str, action_id, rule: str, reason: str):
        super().__init__(f"{where}: action {action_id} is refused (rule {rule}): {reason}")
        self.action_id, self.rule, self.reason = action_id, rule, reason


@dataclass
class Tally:
    lays: int = 0
    tokens: int = 0
    routes: int = 0
    revenue: int = 0
    positions: list = field(default_factory=list)  # (Track, context, distances, recorded total) per run

    def line(self, name: str) -> str:
        return (f"{name}: {self.lays} tile lays, {self.tokens} station tokens, {self.routes} routes "
                f"(${self.revenue} in all) accepted; every route's revenue matches the record")


def _state(record: dict) -> SimpleNamespace:
    """The few parts of a game state that the map's rules read."""
    corps = {sym: SimpleNamespace(cash=PLENTY, operated=False, par=None, closed=False)
             for sym in data.corporations()}
    return SimpleNamespace(
        track=track.Track(), phase=1, corporations=corps, players={"player": None},
        privates={track.BRIDGE: SimpleNamespace(owner="player", closed=False)},
        settings={"destination_token_blocks": False, "double_in_connection_run": True},
        net=SimpleNamespace(tokened=False, charter={sym: [0] * 9 for sym in corps}, destination={}, current=None),
        stock_round=0, operating_round=0, turn="", bank=PLENTY)


class Replay:
    """Plays one record's map actions; ``run`` returns the tally or raises ``RecordRefused``."""

    def __init__(self, record: dict, where: str, keep_positions: bool = False):
        self.record, self.where, self.keep = record, where, keep_positions
        self.state = _state(record)
        self.copies: dict[str, str] = {}   # a tile copy's id ("57-1") -> the hex it lies on
        self.owner: dict[str, str] = {}    # private -> the corporation that bought it
        self.marks: dict[str, list] = {}   # hex -> private tokens on it: (kind, corporation)
        self.turns = 0
        self.tally = Tally()

    def run(self) -> Tally:
        for action in effective_actions(self.record["actions"], self.where):
            try:
                self.play(action)
            except Refusal as refusal:
                raise RecordRefused(self.where, action.get("id"), refusal.rule, refusal.reason) from None
        return self.tally

    # -- whose turn ----------------------------------------------------------------------------
    def actor(self, action: dict) -> str | None:
        """The corporation acting (a private's action is its owner's)."""
        entity = action.get("entity")
        if action.get("entity_type") == "corporation":
            return entity
        if action.get("entity_type") == "company" and entity in self.owner:
            return self.owner[entity]
        return None

    def begin(self, sym: str) -> None:
        """A corporation acting: a new turn when another acted last, and its home token goes
        down the first time."""
        s = self.state
        if s.turn != sym:
            self.turns += 1
            s.turn, s.operating_round, s.net.tokened = sym, self.turns, False
            s.net.turn_key = f"{s.stock_round}.{s.operating_round}:{sym}"
        corp = s.corporations[sym]
        if corp.par is None:
            corp.par = 0
            track.sync(s)

    # -- the actions ---------------------------------------------------------------------------
    def play(self, action: dict) -> None:
        kind = action["type"]
        handler = getattr(self, f"on_{kind}", None)
        sym = self.actor(action)
        if sym is not None and kind not in ("buy_shares", "sell_shares", "par"):
            self.begin(sym)
        if handler:
            handler(action, sym)

    def on_buy_train(self, action: dict, sym) -> None:
        name = str(action["train"]).split("-")[0]
        phase = next((t["phase"] for t in data.trains() if t["name"] == name), self.state.phase)
        if phase > self.state.phase:
            self.state.phase = phase
            if phase >= 4:  # privates close with the first 5-train
                self.state.privates[track.BRIDGE].closed = True
            if phase >= 5:  # the port and cattle tokens are removed with the first 6-train
                self.marks.clear()

    def on_buy_company(self, action: dict, sym) -> None:
        company = action.get("company")
        self.owner[company] = sym
        if company == track.BRIDGE:
            self.state.privates[track.BRIDGE].owner = sym

    def on_assign(self, action: dict, sym) -> None:
        company, label = action["entity"], action["target"]
        here = self.marks.setdefault(label, [])
        if company == PORT and any(k == PORT for k, _ in here):
            here[:] = [(k, c) for k, c in here if k != PORT] + [(hexroutes.CLOSED_PORT, sym)]
        else:
            here.append((company, sym))

    def on_choose(self, action: dict, sym) -> None:
        if action.get("choice") == "Map":
            self.state.net.destination[sym] = "map"
            track.place_destination(self.state.track, sym)
        elif action.get("choice") == "Charter":
            self.state.net.destination[sym] = "charter"

    def on_lay_tile(self, action: dict, sym) -> None:
        number, copy = str(action["tile"]).rsplit("-", 1)
        label = action["hex"]
        bridge = action.get("entity") == track.BRIDGE
        args = (self.state, sym, number, label, int(action["rotation"]), bridge)
        track.lay_check(*args)
        old = self.state.track.tiles.get(label)
        track.lay(*args)
        if old:
            self.copies = {c: h for c, h in self.copies.items() if h != label}
        self.copies[f"{number}-{copy}"] = label
        self.tally.lays += 1

    def on_place_token(self, action: dict, sym) -> None:
        tile_copy, city = str(action["city"]).rsplit("-", 1)
        label = self.copies.get(tile_copy)
        if label is None:
            raise Refusal("1870.route.station", f"The record places a token on tile {tile_copy}, which is on no hex.")
        track.token_check(self.state, sym, label, int(city))
        track.place_token(self.state, sym, label, int(city))
        self.tally.tokens += 1

    def on_run_routes(self, action: dict, sym) -> None:
        g = hexroutes.graph(self.state.track)
        ctx = hexroutes.context(self.state, sym, self.extras(sym))
        used, total, distances = 0, 0, []
        for index, spec in enumerate(action["routes"]):
            distance = train_distance(spec["train"])
            route = hexroutes.read(g, chain(spec["connections"], self.where, action.get("id")))
            hexroutes.check(g, route, ctx, distance, used)
            used |= route.mask
            worth = hexroutes.revenue(g, route, ctx)
            if worth != spec["revenue"]:
                raise Refusal("1870.route.value", f"Route {index + 1} ({route.text()}, a {spec['train']}) is worth "
                                                  f"${worth} on the map, and the record says ${spec['revenue']}.")
            total += worth
            distances.append(distance)
            self.tally.routes += 1
        self.tally.revenue += total
        if self.keep:
            self.tally.positions.append((copy.deepcopy(self.state.track), ctx, distances, total))

    def extras(self, sym: str) -> tuple:
        """Revenue the private companies' tokens add at a stop, for ``sym``."""
        out = []
        for label, marks in self.marks.items():
            amount = sum(hexroutes.bonus(kind, owner, sym) for kind, owner in marks)
            if amount:
                out.append((label, amount))
        return tuple(sorted(out))


def train_distance(train: str) -> int:
    name = str(train).split("-")[0]
    if not name.isdigit():
        raise InputError(f"train {train!r} is not one this checker knows (1870's trains are 2 to 12).")
    return int(name)


def chain(connections: list[list[str]], where: str, action_id) -> tuple[str, ...]:
    """The hexes of a route in order, from the record's stretches between stops (each a list of
    hexes from one stop to the next, in either direction)."""
    parts = [list(c) for c in connections if c]
    if not parts:
        raise InputError(f"{where}: action {action_id} has a route with no track.")
    if len(parts) == 1:
        return tuple(parts[0])
    first, second = parts[0], parts[1]
    if first[0] in (second[0], second[-1]) and first[-1] not in (second[0], second[-1]):
        first = first[::-1]
    out = list(first)
    for part in parts[1:]:
        if part[0] == out[-1]:
            out += part[1:]
        elif part[-1] == out[-1]:
            out += part[::-1][1:]
        else:
            raise Refusal("1870.route.track", f"The route's stretches {out[-1]} and {part} do not join.")
    return tuple(out)


def check_file(path: Path, keep_positions: bool = False) -> Tally:
    record = read_export(path)
    return Replay(record, str(path), keep_positions).run()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print("usage: python -m engine.games.g1870.trackcheck FILE.json ... (18xx.games 1870 exports)")
        return 2
    failed = 0
    for name in argv:
        try:
            print(check_file(Path(name)).line(name))
        except (RecordRefused, InputError) as error:
            print(error)
            failed = 1
    return failed


if __name__ == "__main__":
    sys.exit(main())
