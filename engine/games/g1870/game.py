"""The 1870 game: settings, presets, and the dispatch from an action to the module that rules on it.

Read ``market.py`` (the grid and its moves), ``holdings.py`` (who holds what), then one module per
kind of action: ``shares.py``, ``protection.py``, ``redemption.py``, ``privates.py``,
``operating.py``; ``stock.py`` and ``rounds.py`` say whose turn it is and when rounds end.
The map: ``track.py`` (tiles and station tokens on the printed map), ``routes.py`` (where trains
may run and what they earn), ``network.py`` (charters, connection-run records, the turn's routes)
and ``connections.py`` (destinations and connection runs).
"""
from __future__ import annotations

import copy

from rulewright.game import Event, Game, InputError, Refusal, Setting, check_action
from engine.games.g1870 import (actions, auction, building, connections, holdings, market, network, operating, position, privates,
                                protection, redemption, rounds, routes, shares, stock, track, data)
from engine.games.g1870.setup import build
from engine.games.g1870.state import Offer, State
from engine.games.g1870.view import view, who_acts, worth
from engine.games.g1870.presets import PRESETS
from engine.games.g1870.diagram import draw as draw_diagram


class G1870(Game):
    diagram = staticmethod(draw_diagram)
    phrases = "phrases.yaml"
    diagram_options = frozenset({"map", "nolegend", "whole"})
    name = "1870"
    title = "1870: The Trans-Mississippi"
    settings = {
        "ledge_sale": Setting("publisher", "How a sale crosses the ledge. 'publisher': a sale that would end "
                              "exactly one row below the ledge stops on it. 'absorb-one': the first share that "
                              "would drop through the ledge is absorbed.", ("publisher", "absorb-one")),
        "can_protect_if_sold": Setting(False, "Whether a president who sold the corporation earlier in the round "
                                       "may still protect another player's sale of it.", (False, True)),
        "max_reissue_200": Setting(False, "Whether the par of reissued shares is capped at $200.", (False, True)),
        "existing_destination_token": Setting(
            "promote", "A corporation that already has a token in its destination at its connection run. "
            "'promote': that token may become its destination token (the new one goes on the charter as a "
            "$100 token). 'charter-only': it can only keep the new token on its charter.",
            ("promote", "charter-only")),
        "connection_first": Setting(
            "operator", "Who makes its connection run first when several become eligible at the end of a turn. "
            "'operator': the corporation whose turn just ended, if it is eligible. 'layer': that corporation "
            "only if it laid track in its turn; otherwise all go in share-price order.", ("operator", "layer")),
        "double_in_connection_run": Setting(
            True, "Whether the destination placed at the start of a connection run already counts double in "
            "that run (true), or only in later runs (false).", (True, False)),
        "destination_token_blocks": Setting(
            True, "Whether a destination token counts like any other token when a city's slots are counted "
            "for blocking, and on the printed map for placing other tokens (true), or is left out, being an "
            "extra token beyond the city's slots (false).",
            (True, False)),
        "connection_reorder": Setting(
            False, "Whether a connection run's payout, which moves the price, also changes the order in which "
            "the corporations still to operate in this round take their turns.", (False, True)),
        "unable_to_protect": Setting(
            "ask", "A sale whose president cannot protect it (too little cash, no room under the certificate "
            "limit, sold this round, or president through this very sale). 'ask': the president still answers, "
            "and may only decline. 'settle': the sale is settled at once as declined and the price falls "
            "(18xx.games).", ("ask", "settle")),
        "sold_resets": Setting(
            "stock-round", "How long a player's sale of a corporation bars them from protecting its shares. "
            "'stock-round': until the next stock round begins, so a sale in a stock round still counts in "
            "the operating rounds after it. 'every-round': each round, stock or operating, starts afresh "
            "(18xx.games).", ("stock-round", "every-round")),
        "sale_reorder": Setting(
            False, "Whether a price drop in an operating round (a president's sale for a train, once its "
            "protection is declined or cannot be made) changes the order in which the corporations still to "
            "operate in this round take their turns (true, as 18xx.games plays), or the order stands (false).",
            (False, True)),
        "home_token": Setting(
            "par", "When a started corporation's home station token goes on the map. 'par': as it is started. "
            "'operate': at the start of its first operating turn (18xx.games); until then its space is kept "
            "for it, and does not block other corporations' routes.", ("par", "operate")),
        "finish_on_400": Setting(
            False, "Whether the game also ends at once when a corporation's share price reaches $400, the top "
            "right cell of the market (true: the optional rule of 18xx.games of that name), or only as the "
            "printed rules end it (false).", (False, True)),
        "diesels": Setting(
            False, "Whether the game is played with the diesel variant (true: 18xx.games' optional rule of "
            "that name): the D-train, sold from phase 5 on, replaces the 8-, 10- and 12-trains, a 4-, 5- or "
            "6-train may be traded in for $300 off it, the first D starts phase D and scraps the 4-trains, "
            "and the 5-trains never rust.", (False, True)),
        "connections_from": Setting(
            "map", "Where connection runs come from. 'map': the game finds every corporation that can run from "
            "home to destination. 'record': a replayed record says when each happened ('connect').",
            ("map", "record")),
    }
    presets = PRESETS

    def new_state(self, setup: dict, settings: dict, rng) -> State:
        return build(setup, settings)

    def parse_action(self, state: State, actor, text: str) -> actions.Act:
        if actor is not None and actor not in state.players and actor.upper() not in state.corporations:
            raise InputError(f"There is no player or corporation called {actor!r}. "
                             f"Players: {', '.join(state.players)}; corporations act by their symbol (SP, TP, ...).")
        if actor is not None and actor not in state.players:
            actor = actor.upper()
        return actions.parse(text, actor, state.corporations, state.privates, state.players)

    def apply(self, state: State, act: actions.Act) -> list[Event]:
        check_action(self, state, act)
        before = (state.round, state.stock_round, state.operating_round, state.turn)
        if state.round == "operating":
            network.turn_fields(state)  # a new turn starts with no routes run and no token laid
        laid = bool(track.lays_this_turn(state))
        events = self._apply(state, act)
        events += network.sync(state)
        events += track.sync(state)
        if not state.game_over:
            events += self._connection_check(state, before, laid)
        if state.game_over:
            return events
        return events + rounds.check_bank(state)  # any payment may break the bank, not only dividends

    @staticmethod
    def _connection_check(state: State, before: tuple, laid: bool) -> list[Event]:
        """Connection runs are checked when a corporation's turn ends and when an operating round
        begins (rule 1870.connection.timing)."""
        after = (state.round, state.stock_round, state.operating_round, state.turn)
        turn_ended = before[0] == "operating" and before[3] in state.corporations and after != before
        new_round = state.round == "operating" and after[:3] != before[:3]
        if not (turn_ended or new_round) or state.net.current or state.settings["connections_from"] == "record":
            return []
        first = before[3] if turn_ended and (laid or state.settings["connection_first"] == "operator") else None
        return connections.check(state, first)

    def _apply(self, state: State, act: actions.Act) -> list[Event]:
        check, do = self._route(state, act)
        check()
        return do()

    def _route(self, state: State, act: actions.Act):
        """Which rule handles ``act`` now, as a pair ``(check, do)`` of calls bound to ``state``.
        Choosing reads the state and changes nothing; it raises the refusals that follow from whose
        turn it is and what kind of action this is. ``check`` runs the handler's own checks, also
        without changing anything, and ``do`` makes the move (its handler checks again first).
        ``legal_actions`` calls the route and the check alone to rule out candidates cheaply."""
        if state.game_over:
            raise Refusal("1870.turn.order", "The game is over.")
        if act.verb == "connect":
            return _no_check, lambda: connections.declare(state, act.actor)
        if state.discarding:
            sym = state.discarding[0]
            if act.actor != sym or act.verb != "discard":
                raise Refusal("1870.train.limit", f"{sym} owns more trains than the limit of "
                                                  f"{operating.limit(state.phase)} and must first discard one "
                                                  "('discard 2 train').")
            return _no_check, lambda: operating.discard(state, sym, act.train)
        if state.net.current:
            return _no_check, lambda: connections.act(state, act)
        if act.verb in ("protect", "decline"):
            return (lambda: protection.check(state, act.actor, act.item)), lambda: self._protection(state, act)
        if state.protection:
            sale = state.protection[0]
            raise Refusal("1870.protect.offer", f"{protection.waiting_for(state)} must first protect or decline "
                                                f"the sale of {sale.corp} ({sale.count} sold by {sale.seller}); "
                                                "nothing else happens until then.")
        if operating.dividend_pending(state, act):
            return self._dividend_first(state, act)
        if act.verb == "go":
            if state.round != "operating":
                self._refuse_go()
            return _no_check, lambda: operating.bankrupt(state, act.actor)
        if act.verb == "sell" and state.round == "operating" and act.actor in state.players and not state.offer:
            return (lambda: operating.emergency_sell_check(state, act.actor, act.item, act.count),
                    lambda: operating.emergency_sell(state, act.actor, act.item, act.count))
        if act.actor != who_acts(state):
            raise Refusal("1870.turn.order", f"It is {who_acts(state) or 'nobody'}'s turn to act, not "
                                             f"{act.actor or 'an unnamed actor'}'s.")
        if state.offer:
            return self._answer(state, act)
        if state.must_par:
            if act.verb != "par" or act.item != "SLSF":
                raise Refusal("1870.private.slsf", f"{act.actor} bought the SLSF private and must first set "
                                                   "the SLSF's par: 'par SLSF <price>'.")
            return (lambda: shares.par_check(state, act.actor, "SLSF", act.amount),
                    lambda: shares.par(state, act.actor, "SLSF", act.amount))
        handler = {"auction": self._auction, "stock": self._stock, "operating": self._operating}[state.round]
        return handler(state, act)

    def _dividend_first(self, state: State, act):
        """A corporation without a train that goes on to the train step (it buys a train, or its
        president sells shares for one) has passed its dividend step: it withholds nothing and its
        price moves left first (rule 1870.or.dividend). The move is checked on a copy with that
        step taken, so that a refusal changes nothing."""
        sym = state.turn

        def check():
            trial = copy.deepcopy(state)
            operating.dividend(trial, sym, "withhold", 0)
            self._route(trial, act)[0]()

        def do():
            events = operating.dividend(state, sym, "withhold", 0)
            if state.game_over:
                return events
            check_after, do_after = self._route(state, act)
            check_after()
            return events + do_after()
        return check, do

    @staticmethod
    def _refuse_go():
        raise Refusal("1870.end.bankruptcy", "Bankruptcy happens only in an operating round.")

    @staticmethod
    def _protection(state, act):
        if act.verb == "protect":
            events = protection.protect(state, act.actor, act.item)
        else:
            events = protection.decline(state, act.actor, act.item)
        if state.round == "operating":
            state.last_protector = None
            return events  # a forced purchase's sales: the corporation's turn goes on
        return events + stock.after_protection(state)

    @staticmethod
    def _wrong(state, act):
        raise Refusal("1870.turn.order", f"'{act.notation()}' is not something {act.actor} can do in the "
                                         f"{state.round} round now.")

    def _answer(self, state: State, act):
        if act.verb not in ("accept", "reject"):
            raise Refusal("1870.turn.order", f"{act.actor} must first accept or reject the offer.")
        return _no_check, lambda: self._answer_do(state, act)

    @staticmethod
    def _answer_do(state: State, act) -> list[Event]:
        offer = state.offer
        if act.verb == "reject":
            state.offer = None
            return [Event("offer-rejected", {"by": act.actor})]
        if offer.kind == "train":
            state.offer = None
            name, seller = offer.item.split(":")
            return operating.hand_over(state, offer.by, name, seller, offer.price)
        if offer.kind == "redeem":
            state.offer = None
            events = redemption.redeem(state, offer.item, offer.to)
            return events + stock.finish_action(state, offer.by)
        events = privates.accept(state)
        if offer.kind == "private":
            events += stock.finish_action(state, offer.by)
        return events

    def _auction(self, state: State, act):
        name = act.actor
        if act.verb == "buy" and act.item in state.privates and act.other == "" and act.count == 1:
            return (lambda: auction.auction_buy_check(state, name, act.item),
                    lambda: auction.auction_buy(state, name, act.item))
        if act.verb == "bid":
            return (lambda: auction.bid_check(state, name, act.item, act.amount),
                    lambda: auction.bid(state, name, act.item, act.amount))
        if act.verb == "pass":
            return _no_check, lambda: auction.auction_pass(state, name)
        return self._wrong(state, act)

    def _stock(self, state: State, act):
        name, verb = act.actor, act.verb
        if verb == "par":
            return (lambda: shares.par_check(state, name, act.item, act.amount),
                    lambda: shares.par(state, name, act.item, act.amount) + stock.finish_action(state, name))
        if verb == "buy" and act.item in state.corporations and not act.amount:
            return (lambda: shares.buy_check(state, name, act.item, act.count, act.other or "treasury"),
                    lambda: self._buy_shares(state, act))
        if verb == "sell" and act.other:
            return (lambda: privates.offer_check(state, name, act.item, act.other, act.amount),
                    lambda: privates.offer_to_player(state, name, act.item, act.other, act.amount))
        if verb == "sell":
            return (lambda: shares.sell_check(state, name, act.item, act.count),
                    lambda: shares.sell(state, name, act.item, act.count))
        if verb in ("done", "pass"):
            return _no_check, lambda: stock.end_turn(state, name)
        if verb == "redeem":
            return (lambda: redemption.redeem_check(state, name, act.item, act.other),
                    lambda: self._redeem(state, act))
        if verb == "reissue":
            return (lambda: redemption.reissue_check(state, name, act.item),
                    lambda: redemption.reissue(state, name, act.item) + stock.finish_action(state, name))
        return self._wrong(state, act)

    @staticmethod
    def _buy_shares(state: State, act) -> list[Event]:
        name = act.actor
        events = shares.buy(state, name, act.item, act.count, act.other or "treasury")
        corp = state.corporations[act.item]
        if act.other == "market" and holdings.zone(corp) == "brown":
            return events  # more brown shares may follow; the player ends with 'done'
        return events + stock.finish_action(state, name)

    @staticmethod
    def _redeem(state: State, act) -> list[Event]:
        name = act.actor
        price = redemption.redeem_check(state, name, act.item, act.other)
        if act.other in ("market", name):
            return redemption.redeem(state, act.item, act.other) + stock.finish_action(state, name)
        state.offer = Offer("redeem", name, act.other, act.item, price)
        return [Event("redemption-offered", {"corporation": act.item, "to": act.other, "price": price})]

    def _operating(self, state: State, act):
        sym, verb = act.actor, act.verb
        if verb in ("pay", "half", "withhold"):
            return _no_check, lambda: self._dividend(state, act)
        if verb in ("lay", "token", "run"):
            return self._map(state, act)
        if verb == "buy" and act.item == "train" and act.other:
            args = (state, sym, act.train, act.other, act.amount)
            return (lambda: operating.buy_used_check(*args)), lambda: operating.buy_used(*args)
        if verb == "assign":
            return (lambda: privates.assign_check(state, sym, act.item, act.other),
                    lambda: privates.assign(state, sym, act.item, act.other))
        if verb == "close":
            return (lambda: privates.close_port_check(state, sym, act.other),
                    lambda: privates.close_port(state, sym, act.other))
        if verb in ("buy", "trade") and act.item == "train":
            args = (state, sym, act.train, act.other if verb == "trade" else "")
            return (lambda: operating.buy_train_check(*args)), lambda: operating.buy_train(*args)
        if verb == "buy" and act.amount:
            return (lambda: privates.corporation_offer_check(state, sym, act.item, act.amount),
                    lambda: privates.corporation_offer(state, sym, act.item, act.amount))
        if verb == "done":
            return (lambda: self._done_check(state, sym)), lambda: self._done(state, sym)
        return self._wrong(state, act)

    @staticmethod
    def _dividend(state: State, act) -> list[Event]:
        runs = network.turn_fields(state).runs
        return operating.dividend(state, act.actor, act.verb,
                                  routes.revenue(state, act.actor, runs, None if act.other == "routes" else act.amount))

    @staticmethod
    def _done_check(state: State, sym: str) -> None:
        operating.end_check(state, sym)
        runs = network.turn_fields(state).runs
        if runs and not state.dividend_done:
            raise Refusal("1870.route.value", f"{sym}'s trains have run for ${routes.total(state, sym, runs)}: "
                                              "pay or withhold that revenue before ending the turn.")

    @classmethod
    def _done(cls, state: State, sym: str) -> list[Event]:
        cls._done_check(state, sym)
        return operating.done(state, sym)

    @staticmethod
    def _map(state: State, act):
        sym = act.actor
        if act.verb == "lay" and act.item:  # a tile on a hex of the printed map
            args = (state, sym, act.item, act.other, act.rotation, act.using == "MRBC")
            return (lambda: building.lay_check(*args)), lambda: building.lay(*args)
        if act.verb == "token" and act.other:
            args = (state, sym, act.other, act.count - 1)
            return (lambda: building.token_check(*args)), lambda: building.place_token(*args)
        if state.dividend_done:
            raise Refusal("1870.route.train", f"{sym} has already paid or kept its revenue this turn; its trains "
                                              "have run.")
        path = tuple(act.other.split("-"))
        return (lambda: routes.run_check(state, sym, act.item, path, network.turn_fields(state).runs),
                lambda: routes.run(state, sym, act.item, path, network.turn_fields(state).runs))

    def is_over(self, state: State) -> bool:
        """The game has ended: the bank broke and the set of operating rounds was finished, or a
        bankruptcy ended it (rules 1870.end.bank and 1870.end.bankruptcy)."""
        return state.game_over

    def view(self, state: State) -> dict:
        return view(state)

    def seats(self, state: State) -> list[str]:
        """The players, in seat order (for simulated play, ``rulewright simulate``)."""
        return list(state.players)

    def places(self, state: State) -> dict[str, int] | None:
        """When the game is over, each player's place by value, the richest first (rule
        1870.end.value); players of equal value share a place."""
        if not state.game_over:
            return None
        value = {name: worth(state, name) for name in state.players}
        return {name: 1 + sum(other > value[name] for other in value.values()) for name in value}

    def score(self, state: State, player: str) -> int:
        """The player's value now, as the end counts it (rule 1870.end.value)."""
        return worth(state, player)

    def decider(self, state: State, actor: str | None) -> str | None:
        """Who chooses a move: a player for themself, a corporation's president for it."""
        corporation = state.corporations.get(actor) if actor not in state.players else None
        return corporation.president if corporation is not None else actor

    def setup_of(self, state: State) -> dict:
        """The position in the setup keys of the chapters' Notation sections, a preset plus what
        differs from it (``position.py``)."""
        return position.setup_of(state, self.presets)

    def invariants(self, state: State) -> list:
        """Money, shares, privates, station tokens and trains are conserved (``position.py``)."""
        return position.invariants(state)

    def legal_actions(self, state: State) -> list[actions.Act]:
        """Every candidate action that ``apply`` accepts now. Candidates cover each kind of action
        with sample amounts (par values, revenues 0/50/140, private prices at face value), so for
        open amounts this is a sample, not every number.

        Each candidate is tried on a copy of the state. Before that, the candidate goes through
        the same route and check that ``apply`` starts with (``_route``), on a probe state: a copy
        prepared the way ``apply`` prepares its state before routing. Route and check change
        nothing, so a candidate they refuse would be refused by ``apply`` too, and needs no copy."""
        out, seen = [], set()
        probe = copy.deepcopy(state)
        if probe.round == "operating":
            network.turn_fields(probe)  # as ``apply`` does before routing
        for act in candidates(state):
            if act in seen:  # "buy SLSF" is both a share and a private candidate
                continue
            seen.add(act)
            try:
                self._route(probe, act)[0]()
            except Refusal:
                continue
            try:
                self.apply(copy.deepcopy(state), act)
            except Refusal:
                continue
            out.append(act)
        return out


def _no_check() -> None:
    """The check of a handler whose refusals all come from making the move itself."""



def candidates(state: State) -> list[actions.Act]:
    who = who_acts(state)
    A = actions.Act
    if not who:
        return []
    if state.net.current:
        return map_candidates(state, who, connection=True)
    if who in state.corporations:
        corp = state.corporations[who]
        if state.discarding:
            return [A(who, "discard", item="train", train=t) for t in dict.fromkeys(corp.trains)]
        out = map_candidates(state, who)
        out += [A(who, v, amount=r) for v in ("pay", "half", "withhold") for r in (0, 50, 140)]
        out += [A(who, "buy", item="train"), A(who, "done")]
        depot = [t["name"] for t in operating.depot(state)]
        out += [A(who, "buy", item="train", train=t) for t in depot[1:]]
        out += [A(who, "trade", item="train", train=t["name"], other=old) for t in operating.depot(state)
                for old in dict.fromkeys(corp.trains) if old in t.get("trade_in", {}).get("trains", ())]
        out += [A(who, "buy", item="train", train=t, other="pool") for t in dict.fromkeys(state.pool)]
        out += [A(who, "buy", item="train", train=t, other=s, amount=p) for s, c in state.corporations.items()
                if s != who for t in dict.fromkeys(c.trains) for p in (1, operating.spec(t)["price"])]
        out += [A(who, "assign", item=p, other=privates.TOKEN_HEXES[p][0]) for p in privates.TOKEN_HEXES]
        out += [A(who, "close", item="GSC", other=state.assigned.get("GSC") or privates.TOKEN_HEXES["GSC"][0])]
        if corp.president:
            out.append(A(corp.president, "go"))
            out += [A(corp.president, "sell", item=c, count=1) for c in state.players[corp.president].shares]
        if state.settings["connections_from"] == "record":
            out += [A(s, "connect") for s in state.corporations]
        out += [A(who, "buy", item=p, other=priv.owner, amount=priv.cost) for p, priv in state.privates.items()
                if priv.owner in state.players]
        return out
    out = [A(who, v) for v in ("done", "pass", "accept", "reject")]
    corps = list(state.corporations)
    out += [A(who, "par", item=c, amount=p) for c in corps for p in market.par_values()]
    out += [A(who, "buy", item=c, other=o) for c in corps for o in ("", "market")]
    out += [A(who, "buy", item=c, count=2, other="market") for c in corps]
    out += [A(who, "sell", item=c, count=n) for c, units in state.players[who].shares.items() for n in range(1, units + 1)]
    out += [A(who, v, item=c) for c in corps for v in ("protect", "decline", "reissue")]
    out += [A(who, "redeem", item=c, other=o) for c in corps for o in ["market", *state.players]]
    for sym, priv in state.privates.items():
        out.append(A(who, "buy", item=sym))
        out += [A(who, "bid", item=sym, amount=max([priv.cost, *priv.bids.values()]) + data.auction_price_step())]
        if priv.owner == who:
            out += [A(who, "sell", item=sym, other=o, amount=priv.cost) for o in state.players if o != who]
    return out


def map_candidates(state: State, who: str, connection: bool = False) -> list[actions.Act]:
    """Map actions: the 20 best routes of each train (as ``run`` actions), paying the routes'
    total, and in a turn every tile that may go where the corporation reaches and every city it
    reaches; in a connection run the token choices."""
    A = actions.Act
    corp = state.corporations[who]
    out = [A(who, v, other="routes") for v in ("pay", "half", "withhold")]
    for train in dict.fromkeys(corp.trains):  # a sample: each train's 20 best routes
        out += [A(who, "run", item=train, other=text) for text in routes.routes_on_map(state, who, train, 20)]
    if connection:
        return out + [A(who, "dest", item=c) for c in actions.DESTINATION]
    out += [A(who, "lay", item=number, other=label, rotation=turns)
            for number, label, turns in building.lay_candidates(state, who)]
    out += [A(who, "lay", item=number, other=label, rotation=turns, using="MRBC")
            for number, label, turns in building.lay_candidates(state, who)
            if state.privates["MRBC"].owner == who and track.board().hexes[label].river]
    out += [A(who, "token", other=label, count=city + 1) for label, city in building.token_candidates(state, who)]
    return out
