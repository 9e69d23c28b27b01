"""A position as data: ``setup_of`` writes a state back in the setup keys an example uses (the
chapters' Notation sections), and ``invariants`` lists the conservation laws a state breaks.

The writer leaves out every key whose value is the one ``setup.build`` assumes when the key is
missing, so that a written position reads like an example. A preset must be matched key for key
(a merge can change a key, never remove one), so a key that the preset states is written even at
its default: the setup is written once against no preset and once against each preset, and
``minimal_setup`` keeps what differs from it.
"""
from __future__ import annotations

from types import SimpleNamespace

import yaml

from rulewright.game import Violation, minimal_setup
from engine.games.g1870 import data, holdings, market, network, operating, privates, rounds, routes, setup, track
from engine.games.g1870.state import State


def setup_of(state: State, presets: dict[str, dict]) -> dict:
    """The shortest of the position written without a preset and written over each preset."""
    written = [Writer(state, {}).out]
    for name, preset in presets.items():
        written.append(minimal_setup(Writer(state, preset).out, {name: preset}))
    return min(written, key=lambda s: (len(yaml.safe_dump(s, sort_keys=False)), "preset" not in s))


class Writer:
    """One written setup: ``put`` writes a value unless it is the default and the base (the part of
    a preset it will be merged over) does not state it."""

    def __init__(self, state: State, base: dict) -> None:
        self.state, self.base = state, base
        self.out = self.top()

    @staticmethod
    def put(out: dict, base, key: str, value, default) -> None:
        if value != default or (isinstance(base, dict) and key in base):
            out[key] = value

    def top(self) -> dict:
        s, base, put = self.state, self.base, self.put
        out = {"players": self.players()}
        corporations = self.corporations()
        if corporations or "corporations" in base:
            out["corporations"] = corporations
        owned = self.privates()
        if owned or "privates" in base:
            out["privates"] = owned
        put(out, base, "round", s.round, "stock")
        put(out, base, "stock_round", s.stock_round, 1 if s.round == "auction" else 2)
        if s.round == "operating":
            put(out, base, "operating_round", s.operating_round, 1)
        order = [c for c in rounds.price_order(s) if s.corporations[c].floated]
        if s.round != "over":
            put(out, base, "turn", s.turn, (order or [""])[0] if s.round == "operating" else s.priority)
        put(out, base, "priority", s.priority, list(s.players)[0])
        put(out, base, "phase", data.phase_name(s.settings, s.phase), 1)
        put(out, base, "next_train", self.next_train(), None)
        put(out, base, "bank_broken", s.bank_broken, False)
        put(out, base, "bank", s.bank, data.tables()["bank"] - setup.total_cash(s))
        in_set = max(rounds.rounds_in_phase(s.phase), s.operating_round) if s.round == "operating" else 1
        put(out, base, "operating_rounds_in_set", s.ors_in_set, in_set)
        if s.round == "operating":
            after = order[order.index(s.turn) + 1:] if s.turn in order else []
            put(out, base, "still_to_operate", list(s.operating_order), after)
        if s.round in ("stock", "auction"):
            put(out, base, "passes", s.passes, 0)
        put(out, base, "market", {market.label(pos): list(stack) for pos, stack in sorted(s.stacks.items())
                                  if len(stack) > 1}, {})
        put(out, base, "protection", [self.sale(sale, sale.seller) for sale in s.protection], [])
        put(out, base, "this_turn", self.this_turn(), {})
        if s.offer:
            out["offer"] = {"kind": s.offer.kind, "by": s.offer.by, "to": s.offer.to, "item": s.offer.item,
                            "price": s.offer.price}
        put(out, base, "must_par", s.must_par, None)
        put(out, base, "pool", list(s.pool), [])
        put(out, base, "discarding", list(s.discarding), [])
        put(out, base, "private_tokens", dict(s.assigned), {})
        put(out, base, "port_closed", s.port_closed, False)
        auction = {}
        self.put(auction, None, "bidding", list(s.bidoff["bidders"]) if s.bidoff else None, None)
        self.put(auction, None, "last_buyer", s.last_buyer, None)
        if s.round == "auction":
            put(out, base, "auction", auction, {})
        out.update(self.map())
        return out

    def players(self):
        s, base = self.state, self.base.get("players")
        start = data.tables()["starting_cash"][len(s.players)]
        out = {}
        for name, player in s.players.items():
            given = base.get(name) if isinstance(base, dict) else None
            spec = {}
            self.put(spec, given, "cash", player.cash, start)
            held = {sym: units for sym, units in player.shares.items() if units}
            for sym in (given or {}).get("shares") or {}:  # no longer held: 0, so the preset's count goes
                held.setdefault(sym, 0)
            self.put(spec, given, "shares", held, {})
            self.put(spec, given, "sold", sorted(player.sold_this_round), [])
            out[name] = spec
        return out if isinstance(base, dict) or any(out.values()) else list(out)

    def corporations(self) -> dict:
        s, base = self.state, self.base.get("corporations") or {}
        out = {}
        for sym, corp in s.corporations.items():
            given = base.get(sym) if isinstance(base, dict) else None
            spec, put = {}, self.put
            put(spec, given, "par", corp.par, None)
            cell = market.label(corp.pos) if corp.pos else None
            put(spec, given, "cell", cell, market.label(market.par_cell(corp.par)) if corp.par else None)
            held = holdings.player_units(s, sym)
            floated = corp.par is not None and held + corp.market >= corp.float_percent // 10
            put(spec, given, "cash", corp.cash, data.shares_per_corporation() * corp.par if corp.floated and corp.par else 0)
            put(spec, given, "market", corp.market, 0)
            put(spec, given, "redeemed", corp.redeemed, 0)
            if corp.president:  # none once closed
                put(spec, given, "president", corp.president, self.largest_holder(sym))
            put(spec, given, "floated", corp.floated, floated)
            put(spec, given, "operated", corp.operated, False)
            put(spec, given, "trains", list(corp.trains), [])
            put(spec, given, "reissued", corp.incremental, False)
            put(spec, given, "closed", corp.closed, False)
            if s.round == "stock" and not corp.closed:  # elsewhere set afresh before a stock round reads them
                put(spec, given, "cash_at_round_start", corp.cash_at_round_start, corp.cash)
                put(spec, given, "redeemed_this_round", corp.redeemed_this_round, False)
            if spec or given is not None:
                out[sym] = spec
        return out

    def largest_holder(self, sym: str) -> str | None:
        """The president ``setup.build`` names when none is given: the first player in seat order
        among those holding the most shares (rule 1870.shares.presidency)."""
        held = {name: p.shares.get(sym, 0) for name, p in self.state.players.items()}
        return next((name for name, units in held.items() if units == max(held.values())), None)

    def privates(self) -> dict:
        base = self.base.get("privates") or {}
        out = {}
        for sym, priv in self.state.privates.items():
            spec = {}
            self.put(spec, None, "owner", priv.owner, None)
            self.put(spec, None, "closed", priv.closed, False)
            self.put(spec, None, "price", priv.price, priv.cost)
            self.put(spec, None, "bids", dict(priv.bids), {})
            if list(spec) in (["owner"], ["closed"]):  # the short forms: an owner, or 'closed'
                spec = spec.get("owner", "closed")
            if spec or (isinstance(base, dict) and sym in base):
                out[sym] = spec or None
        return out

    def next_train(self) -> str | None:
        """``next_train`` where the trains sold differ from what the phase and the trains owned say."""
        s = self.state
        guess = SimpleNamespace(corporations=s.corporations, phase=s.phase, trains_sold={}, pool=s.pool,
                                settings=s.settings)
        setup.sold_train_kinds(guess)
        if guess.trains_sold == s.trains_sold:
            return None
        train = operating.next_train(s)
        return train["name"] if train else None

    def sale(self, sale, seller: str | None = None) -> dict:
        """A sale waiting for protection (``seller`` given) or made this turn, with the president
        it was made under where the sale itself passed the presidency on."""
        spec = {"corporation": sale.corp, **({"sold_by": seller} if seller else {}), "count": sale.count}
        self.put(spec, None, "president", sale.president_at_sale, self.state.corporations[sale.corp].president)
        return spec

    def this_turn(self) -> dict:
        s, out, put = self.state, {}, self.put
        if s.round == "stock":
            if not s.protection:
                put(out, None, "sold", [self.sale(sale) for sale in s.sales], [])
                bought = [a[1] for a in s.acted if a[0] == "buy" and a[2] == "market"]
                put(out, None, "bought", bought[0] if bought else None, None)
            put(out, None, "protected_by", s.last_protector, None)
        if s.round == "operating":
            net = s.net
            if net.turn_key == f"{s.stock_round}.{s.operating_round}:{s.turn}":
                put(out, None, "token", net.tokened, False)
                put(out, None, "routes", [f"{t}: {routes.fmt(p)}" for t, p in net.runs], [])
                put(out, None, "tiles", list(track.lays_this_turn(s)), [])
                put(out, None, "free_tile", s.track.free[0] if s.track.free else None, None)
            put(out, None, "port_opened", s.port_opened is not None and s.port_opened == privates.turn_key(s), False)
            put(out, None, "dividend", s.dividend_done, False)
            if not s.protection:  # the president's sales for a train not yet bought
                put(out, None, "sold", [self.sale(sale) for sale in s.sales], [])
        return out

    def map(self) -> dict:
        s, net, base, out = self.state, self.state.net, self.base, {}
        connected = {}
        for sym, record in net.history.items():
            short = record["token"] in ("map", "charter") and record["revenue"] is None
            connected[sym] = record["token"] if short else {"token": record["token"], "revenue": record["revenue"],
                                                            "dividend": record["dividend"],
                                                            "routes": [dict(r) for r in record["routes"]]}
        self.put(out, base, "connected", connected, {})
        if net.current:
            run = {"corporation": net.current["corp"]}
            self.put(run, None, "token", net.current["token"], None)
            self.put(run, None, "routes", [f"{t}: {routes.fmt(p)}" for t, p in net.current["runs"]], [])
            out["connection_run"] = run
        self.put(out, base, "connection_queue", list(net.queue), [])
        self.put(out, base, "hexes", track.written(s), {})
        self.put(out, base, "mrbc_lay_used", s.track.bridge_used, False)
        return out


# ---- invariants ------------------------------------------------------------------------------

def invariants(state: State) -> list[Violation]:
    """1870's conservation laws, each broken one as a ``Violation`` citing its rule."""
    return [*money(state), *shares(state), *private_owners(state), *station_tokens(state), *trains(state)]


def money(state: State) -> list[Violation]:
    out = []
    total = state.bank + setup.total_cash(state)
    if total != data.tables()["bank"]:
        out.append(Violation(f"The bank, the players and the corporations hold ${total} between them, not the "
                             f"${data.tables()['bank']} the game has: money was made or lost.", "1870.end.bank"))
    if state.bank < 0 and not state.bank_broken:
        out.append(Violation(f"The bank holds ${state.bank} but has not broken.", "1870.end.bank"))
    for name, player in state.players.items():
        if player.cash < 0:
            out.append(Violation(f"{name} has ${player.cash}: a player cannot spend money they do not have.",
                                 "1870.buy.cash"))
    for sym, corp in state.corporations.items():
        if corp.cash < 0:
            out.append(Violation(f"{sym} has ${corp.cash}: a corporation cannot spend money it does not have.",
                                 "1870.train.buy"))
        if corp.closed and corp.cash:
            out.append(Violation(f"{sym} has closed but holds ${corp.cash}; its cash returns to the bank.",
                                 "1870.market.close"))
    return out


def shares(state: State) -> list[Violation]:
    out = []
    for sym, corp in state.corporations.items():
        held = {name: p.shares.get(sym, 0) for name, p in state.players.items()}
        places = {"the players": sum(held.values()), "the Treasury": corp.treasury, "the market": corp.market,
                  "redeemed": corp.redeemed}
        if corp.closed:
            if any(places.values()):
                out.append(Violation(f"{sym} has closed, yet {', '.join(k for k, v in places.items() if v)} still "
                                     f"hold its shares.", "1870.market.close"))
            continue
        if any(v < 0 for v in [*places.values(), *held.values()]) or sum(places.values()) != data.shares_per_corporation():
            counted = ", ".join(f"{v} with {k}" for k, v in places.items())
            out.append(Violation(f"{sym} has ten shares, but they count {sum(places.values())}: {counted}.",
                                 "1870.shares.certificates"))
        if corp.market > 5:
            out.append(Violation(f"The market holds {corp.market} {sym} shares; at most 5 (50%).",
                                 "1870.sell.market-limit"))
        if corp.par is None:
            if corp.president:
                out.append(Violation(f"{sym} has not started, yet it has a president.", "1870.par.start"))
        elif corp.president not in held or held[corp.president] < 2:
            out.append(Violation(f"{sym}'s president, {corp.president}, does not hold the president's certificate "
                                 "(two shares).", "1870.shares.certificates"))
        elif any(units > held[corp.president] for units in held.values()):
            out.append(Violation(f"{sym}'s president, {corp.president}, holds fewer shares than another player.",
                                 "1870.shares.presidency"))
        stacked = [pos for pos, stack in state.stacks.items() for s in stack if s == sym]
        if stacked != ([corp.pos] if corp.par is not None else []):
            out.append(Violation(f"{sym}'s token should be once on the market, on its own cell; it is on "
                                 f"{', '.join(market.label(p) for p in stacked) or 'none'}.", "1870.market.stacking"))
    return out


def private_owners(state: State) -> list[Violation]:
    out = []
    for sym, priv in state.privates.items():
        if priv.owner is not None and priv.owner not in state.players and priv.owner not in state.corporations:
            out.append(Violation(f"{sym} is owned by {priv.owner}, who is neither a player nor a corporation.",
                                 "1870.private.list"))
        if priv.bids and (priv.owner is not None or priv.closed):
            out.append(Violation(f"{sym} has been sold or closed, yet bids on it still tie up cash.",
                                 "1870.auction.cash"))
    return out


def station_tokens(state: State) -> list[Violation]:
    """Every station token of a running corporation is once on the map or on its charter: its
    tokens from the start, and the destination token once its connection run has begun."""
    out, net = [], state.net
    for sym, corp in state.corporations.items():
        on_hexes = track.hexes_with(state.track, sym)
        if track.token_count(state.track, sym) != len(on_hexes):
            out.append(Violation(f"{sym} has two tokens on one hex.", "1870.route.station"))
        if corp.par is None or corp.closed:
            if on_hexes:
                out.append(Violation(f"{sym} is not running, yet has tokens on the map.", "1870.route.station"))
            continue
        stations = on_hexes
        owned = len(network.charter_tokens(sym)) + (1 if sym in net.destination else 0)
        counted = len(stations) + len(net.charter.get(sym, []))
        if counted != owned:
            out.append(Violation(f"{sym} has {owned} station tokens, but {len(stations)} on the map and "
                                 f"{len(net.charter.get(sym, []))} on its charter make {counted}.",
                                 "1870.route.station"))
    return out


def trains(state: State) -> list[Violation]:
    out = []
    for train in operating.table(state):
        name = train["name"]
        owned = sum(c.trains.count(name) for c in state.corporations.values()) + state.pool.count(name)
        sold = state.trains_sold.get(name, 0)
        if not owned <= sold <= train["count"]:
            out.append(Violation(f"{owned} {name}-trains are owned and {sold} were sold, of {train['count']}: a "
                                 "train comes only from the bank, once.", "1870.train.buy"))
    return out
